"""The digit reader's training crops: drawn die faces labelled by the numeral upright in them, or none."""
import numpy as np
import pytest

from vision.classifier import NUMERAL_CROP


@pytest.fixture(scope="module")
def families():
    pytest.importorskip("PIL", reason="drawing numerals needs the train extra (Pillow)")
    from vision.training.digit_crops import font_families

    found = font_families()
    if not found:
        pytest.skip("no system fonts with digits (Debian's font packages, docs/vision.md)")
    return found


def test_a_chunk_is_labelled_with_the_upright_numeral_or_none_and_made_again_the_same(families):
    from vision.training.digit_crops import NONE, UPRIGHT_SHARE, VALUES, digit_chunk

    crops, labels = digit_chunk(3, seed=4, size=200)
    assert crops.shape == (200, NUMERAL_CROP, NUMERAL_CROP) and crops.dtype == np.uint8
    assert labels.min() >= NONE and labels.max() <= VALUES
    assert set(labels[labels > NONE]) == set(range(1, VALUES + 1))  # every numeral is drawn
    assert abs(np.mean(labels > NONE) - UPRIGHT_SHARE) < 0.12
    again, same = digit_chunk(3, seed=4, size=200)
    assert np.array_equal(crops, again) and np.array_equal(labels, same)
    assert not np.array_equal(crops, digit_chunk(4, seed=4, size=200)[0])


def test_the_drawn_crops_are_cached_in_chunks_and_read_back(families, tmp_path, monkeypatch):
    from vision.training import digit_crops

    monkeypatch.setattr(digit_crops, "CHUNK", 20)
    crops, labels = digit_crops.digit_bank(30, seed=2, folder=tmp_path)
    assert len(crops) == len(labels) == 30
    chunks = sorted(tmp_path.glob(f"{digit_crops.STEM}-2-*.npz"))
    assert len(chunks) == 2
    chunks[0].write_bytes(b"")  # a chunk already made is read, never drawn again
    with pytest.raises(Exception):
        digit_crops.digit_bank(30, seed=2, folder=tmp_path)


def test_a_real_die_is_learnt_upright_where_the_reader_finds_its_value_and_as_none_far_from_there():
    """A photo's label gives the value, not the turn: the turn where the reader finds the labelled value most
    upright and the two turns either side of it (30 degrees) are learnt as the value; turns at least 45 degrees
    from it as none, and for a 1 or an 8 (upright again half a turn round) not at the half turn either."""
    from vision.training.digits import NONE_TURNS, REAL_TURNS, UPRIGHT_REACH, UPRIGHT_REPEATS, real_labels

    turns = len(REAL_TURNS)
    odds = np.full((2, turns, 9), 0.01)
    odds[0, 5, 3] = 0.9  # a 3 upright at the sixth turn
    odds[1, 20, 8] = 0.9  # an 8 upright at the 21st turn
    picked, labels = real_labels(odds, np.array([3, 8]), np.random.default_rng(0))
    first, second = picked < turns, picked >= turns
    upright = sorted(set(picked[first & (labels == 3)]))
    assert upright == [3, 4, 5, 6, 7] and np.sum(first & (labels == 3)) == (2 * UPRIGHT_REACH + 1) * UPRIGHT_REPEATS
    far = picked[first & (labels == 0)]
    assert len(far) == NONE_TURNS and all(min(abs(t - 5), turns - abs(t - 5)) >= 3 for t in far)
    eights = picked[second] - turns
    assert sorted(set(eights[labels[second] == 8])) == [18, 19, 20, 21, 22]
    half_turn = (20 + turns // 2) % turns
    assert all(min(abs(t - half_turn), turns - abs(t - half_turn)) >= 3 for t in eights[labels[second] == 0])


def test_the_rendered_faces_learnt_are_the_d8s_and_numeral_d6s_of_the_face_readers_renders(families, tmp_path,
                                                                                            monkeypatch):
    pytest.importorskip("torch", reason="training needs the train extra")
    from vision.readings import DIE_TYPES
    from vision.training import digits, numeral_bank

    monkeypatch.setattr(digits, "RENDERS_CACHE", tmp_path)
    monkeypatch.setattr(digits, "table_patches", lambda seed: [])
    monkeypatch.setattr(numeral_bank, "CHUNK", 9)
    crops, labels = digits.rendered_faces(9, seed=3, jobs=1)
    bank = numeral_bank.NumeralCrops.load(next(tmp_path.glob("renders/chunk-3-*.npz")))
    kept = np.isin(bank.types, [DIE_TYPES.index("d6"), DIE_TYPES.index("d8")]) & (bank.values >= 0)
    assert 0 < len(crops) == kept.sum() < len(bank.crops)  # the D4s and the D6s of pips are left out
    assert np.array_equal(crops, bank.crops[kept]) and np.array_equal(labels, bank.values[kept])
    assert set(labels) <= set(range(9)) and (labels == 0).any() and (labels > 0).any()


def test_training_can_start_from_the_shipped_onnx_reader_and_reads_as_it_does(families):
    """The shipped network's batch norms were folded into its convolutions on export; started from it, the network
    reads every crop as the ONNX one does, and in training mode (batch statistics) nearly so."""
    torch = pytest.importorskip("torch", reason="training needs the train extra")
    pytest.importorskip("onnx", reason="training needs the train extra")
    import pathlib

    from vision.classifier import DigitReader, normalise
    from vision.training import digits
    from vision.training.digit_crops import digit_chunk

    crops, _ = digit_chunk(0, 7, size=300)
    model = digits.digit_net([24, 48, 48, 96])
    digits.load_start(model, pathlib.Path("vision/models/digits.onnx"), crops[:200])
    x = torch.from_numpy(normalise(crops[200:]))
    shipped = DigitReader().predict(normalise(crops[200:]))
    with torch.no_grad():
        model.eval()
        in_use = torch.softmax(model(x)[0], 1).numpy()
        model.train()
        training = torch.softmax(model(x)[0], 1).numpy()
    assert np.abs(in_use - shipped).max() < 1e-4
    assert np.mean(training.argmax(axis=1) == shipped.argmax(axis=1)) > 0.9
    with pytest.raises(ValueError, match="not a digit reader"):
        digits.load_start(digits.digit_net([16, 32, 32, 64]), pathlib.Path("vision/models/digits.onnx"), crops[:8])


def test_a_cache_file_is_saved_whole_beside_another_run_s_half_written_one(tmp_path):
    """Two trainings may make the same chunk at once: each writes under a name of its own, then renames, so
    neither finds its half-written file taken by the other, and no half-written file is left behind."""
    from vision.training.digit_crops import save_atomically

    path = tmp_path / "digits30-1-00000.npz"
    (tmp_path / "digits30-1-00000.999999.part.npz").write_bytes(b"another run, halfway")
    save_atomically(path, crops=np.ones((2, 3, 3), np.uint8), labels=np.array([1, 2]))
    with np.load(path) as saved:
        assert saved["crops"].shape == (2, 3, 3) and list(saved["labels"]) == [1, 2]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["digits30-1-00000.999999.part.npz",
                                                          "digits30-1-00000.npz"]


def _cut_one_way():
    return 1


def _cut_another_way():
    return 2


def test_what_changed_code_makes_is_cached_apart(tmp_path):
    """The caches of rendered crops (the D4 crops by the point among them) are kept under a folder named by the code
    that makes them, so a change to that code never reuses crops the old code cut."""
    from vision.training.digit_crops import versioned

    one = versioned(tmp_path, "d4points-1", (_cut_one_way,))
    assert one == versioned(tmp_path, "d4points-1", (_cut_one_way,)) and one.parent == tmp_path
    assert one.name.startswith("d4points-1-")
    assert one != versioned(tmp_path, "d4points-1", (_cut_another_way,))
