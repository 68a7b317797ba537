import json

import cv2

from companion.cli import main
from vision_fixtures import clean_scene


def test_read_dice_json_and_annotation(tmp_path, capsys):
    frame, labels = clean_scene(21, count=4)
    image = tmp_path / "frame.png"
    cv2.imwrite(str(image), frame)
    out = tmp_path / "annotated.png"
    assert main(["read-dice", str(image), "--json", "--annotate", str(out)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert len(result["dice"]) >= 3
    assert {"type", "value", "colour", "centre", "outline", "confidence", "flagged"} <= set(result["dice"][0])
    annotated = cv2.imread(str(out))
    assert annotated.shape == frame.shape and (annotated != frame).any()


def test_read_dice_reports_an_unreadable_image(tmp_path, capsys):
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"not an image")
    assert main(["read-dice", str(broken)]) == 2
    assert capsys.readouterr().err == f"read-dice: {broken}: not an image that can be read\n"


def test_vision_eval_on_a_synthetic_manifest(tmp_path, capsys):
    from vision import synth

    manifest = synth.write_dataset(tmp_path, frames=2, seed=3, width=640, height=400, count_range=(3, 4),
                                   size_range=(50, 70))
    assert main(["vision-eval", str(manifest), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("frames", "dice", "detection", "type_accuracy", "value_accuracy", "colour_accuracy", "ms_per_frame"):
        assert key in report
    assert report["frames"] == 2
    assert set(report["detection"]) == {"recall", "precision", "false_positives_per_frame"}
    assert report["colour_accuracy"] is not None


def test_vision_eval_without_manifest(tmp_path, capsys):
    assert main(["vision-eval", str(tmp_path / "missing.jsonl")]) == 2
    assert capsys.readouterr().err == f"vision-eval: {tmp_path / 'missing.jsonl'}: no such file\n"


def test_vision_eval_reads_with_the_networks_it_is_given(tmp_path, capsys):
    from vision import synth

    manifest = synth.write_dataset(tmp_path / "frames", frames=1, seed=3, width=320, height=240, count_range=(2, 2),
                                   size_range=(50, 60))
    assert main(["vision-eval", str(manifest), "--models", str(tmp_path / "none")]) == 2
    assert "dice model not found" in capsys.readouterr().err
