"""The D4 value reader's training: crops of rendered D4s about their point, each with its value; a network
that begins as the shipped digit reader."""
import numpy as np
import pytest

pytest.importorskip("PIL", reason="the renderer needs the train extra (Pillow)")

from vision.d4_point import VALUE_CROP  # noqa: E402
from vision.training import d4_values, dice3d  # noqa: E402


@pytest.fixture(scope="module")
def chunk():
    if not dice3d.font_files():
        pytest.skip("no system fonts with digits (Debian's font packages, docs/vision.md)")
    return d4_values.value_chunk(0, 3, [], dice=12)


def test_each_crop_is_labelled_with_its_dies_value(chunk):
    crops, labels = chunk
    assert crops.shape == (12, VALUE_CROP, VALUE_CROP) and crops.dtype == np.uint8
    assert labels.shape == (12,) and set(labels) <= {0, 1, 2, 3} and len(set(labels)) > 1


def test_the_same_chunk_is_made_again_the_same(chunk):
    crops, labels = d4_values.value_chunk(0, 3, [], dice=12)
    assert np.array_equal(crops, chunk[0]) and np.array_equal(labels, chunk[1])


def test_the_value_reader_begins_as_the_digit_reader_reading_upright_ones_to_fours(chunk):
    """Started from the shipped digit reader, each value's logit is the digit reader's for that numeral upright:
    the network reads numerals from its first step."""
    torch = pytest.importorskip("torch")
    pytest.importorskip("onnx")
    from vision.classifier import MODEL_DIR, DigitReader, normalise

    crops = chunk[0]
    model = d4_values.value_net([24, 48, 48, 96], MODEL_DIR / "digits.onnx", crops)
    model.eval()
    with torch.no_grad():
        logits = model(torch.from_numpy(normalise(crops)))[0].numpy()
    upright = DigitReader().predict(normalise(crops))[:, 1:5]
    expected = upright / upright.sum(axis=1, keepdims=True)
    got = np.exp(logits - logits.max(axis=1, keepdims=True))
    assert np.allclose(got / got.sum(axis=1, keepdims=True), expected, atol=1e-3)
