"""The small CNNs that look at crops around candidate dice: a finder, a reader and a digit reader.

- The *finder* sees a loose ``FINDER_CROP``-pixel crop around a candidate blob and says
  whether it holds a die and where the die's box really is (centre offset, log size).
- The *reader* sees a tight ``READER_CROP``-pixel crop around the refined box and gives a
  softmax over ``CLASSES``: "none", then every (type, value) pair.
- The *D6 value reader* is a reader trained on real photos first (nearly all of D6s): of a die read
  as a D6, it reads the value.
- The *digit reader* sees a close ``NUMERAL_CROP``-pixel crop of the middle of a die (where a D8's or D6's top
  face lies), turned to each of ``DIGIT_TURNS``, and says which numeral, if any, stands upright in it: a die's
  value, and whether a D6 shows numerals or pips (``numeral_share``). In the reader's crop these numerals are a
  few pixels tall; here they are twice as large. A D4's numerals are read by its point (``vision.d4_point``).

Crops are grey and normalised per crop, so lighting and die colour do not matter.
Training (``vision.training``) and inference share ``GreyPyramid.crop`` and ``normalise``
so both see identical crops. The models run with OpenCV's DNN module.
"""
from __future__ import annotations

import math
import pathlib
from typing import Optional, Sequence

import cv2
import numpy as np

from vision.readings import DIE_TYPES, FACES

FINDER_CROP = 32
READER_CROP = 48
FINDER_WINDOW = 1.6  # crop side / candidate size for the finder
READER_WINDOW = 1.3  # crop side / refined die size for the reader
NUMERAL_CROP = 48
NUMERAL_WINDOW = 0.7  # crop side / refined die size for the digit reader's close crop
NUMERAL_TYPES = ("d4", "d8")


def _values_of(types: Sequence[str]) -> tuple[tuple[str, int], ...]:
    return tuple((t, v) for t in types for v in range(1, FACES[t] + 1))


def _slices(types: Sequence[str], start: int) -> dict:
    """Where each type's values lie in a row of probabilities that lists them type after type from ``start``."""
    out = {}
    for t in types:
        out[t] = slice(start, start + FACES[t])
        start += FACES[t]
    return out


CLASSES: tuple[tuple[str, int], ...] = (("none", 0),) + _values_of(DIE_TYPES)
TYPE_SLICES = _slices(DIE_TYPES, 1)
MODEL_DIR = pathlib.Path(__file__).with_name("models")
DIGIT_MODEL = "digits.onnx"  # the digit reader: which numeral, 1 to 8, stands upright in a close crop, or none
DIGIT_TURNS = tuple(float(a) for a in range(0, 360, 30))  # the turns of a close crop the digit reader reads
#                                                           (every 15 degrees read no better)
NUMERALS_NONE = 0.12  # ``numeral_share``: a D6 whose digit reader's least odds of none are this shows numerals and
NUMERALS_STEEPNESS = 3.0  # pips as likely; the share falls this steeply (a power) as they grow
UNSEEN_PRIOR = 0.02  # the turns' mean upright mass spread over the values, so a die whose numerals no turn
#                      shows upright reads as unsure
D6_VALUES_MODEL = "d6_values.onnx"  # a reader trained on real photos first, whose D6 values are read
DIGIT_FEATURES = "/Flatten"  # the ONNX name's end of the digit reader's mean of its last convolution...
DIGIT_HEAD = "head/Gemm"  # ...and of its last layer, as exported by ``vision.training.digits``
HIDDEN_LAYER = "hidden.1/Relu"  # the ONNX name of the hidden layer's activation, as exported by the training


def class_index(die_type: str, value: int) -> int:
    return TYPE_SLICES[die_type].start + value - 1


class GreyPyramid:
    """A grey frame and its halvings, so each crop is taken from a level near its final scale."""

    def __init__(self, frame_bgr: np.ndarray, levels: int = 5):
        grey = frame_bgr if frame_bgr.ndim == 2 else cv2.cvtColor(frame_bgr, cv2.COLOR_BGR2GRAY)
        self.levels = [grey]
        for _ in range(levels - 1):
            if min(self.levels[-1].shape[:2]) < 2 * FINDER_CROP:
                break
            self.levels.append(cv2.pyrDown(self.levels[-1]))

    def crop(self, centre: tuple[float, float], window: float, size: int, angle_deg: float = 0.0) -> np.ndarray:
        """A ``size``-pixel square of side ``window`` (frame pixels) around ``centre``, rotated by ``angle_deg``."""
        level = int(np.clip(math.floor(math.log2(max(window / (size * 1.5), 1.0))), 0, len(self.levels) - 1))
        image = self.levels[level]
        f = 2.0 ** level
        scale = size / (window / f)
        cx, cy = (centre[0] + 0.5) / f - 0.5, (centre[1] + 0.5) / f - 0.5
        m: np.ndarray = cv2.getRotationMatrix2D((cx, cy), angle_deg, scale)
        m[:, 2] += (size / 2 - 0.5) - np.array([cx, cy])
        return cv2.warpAffine(image, m, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def normalise(crops: np.ndarray) -> np.ndarray:
    """(N, S, S) uint8 -> (N, 1, S, S) float32 with zero mean and unit spread per crop."""
    x = crops.astype(np.float32)
    mean = x.mean(axis=(1, 2), keepdims=True)
    std = x.std(axis=(1, 2), keepdims=True)
    return ((x - mean) / np.maximum(std, 8.0))[:, None]


def crop_batch(pyramid: GreyPyramid, centres: Sequence[tuple[float, float]], windows: Sequence[float],
               size: int) -> np.ndarray:
    if not len(centres):
        return np.zeros((0, 1, size, size), np.float32)
    return normalise(np.stack([pyramid.crop(c, w, size) for c, w in zip(centres, windows)]))


def softmax(logits: np.ndarray) -> np.ndarray:
    z = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


class OnnxNet:
    """One ONNX model run with ``cv2.dnn``; outputs come back in the order of their names."""

    def __init__(self, path: pathlib.Path, trained_by: str = "vision.training.train", hidden: str = HIDDEN_LAYER):
        path = pathlib.Path(path)
        if not path.exists():
            raise FileNotFoundError(f"dice model not found at {path}; train it with `python -m {trained_by}`")
        self.net = cv2.dnn.readNetFromONNX(str(path))
        self.net.setPreferableBackend(cv2.dnn.DNN_BACKEND_OPENCV)
        self.outputs = self.net.getUnconnectedOutLayersNames()
        self.hidden_layer = next((n for n in self.net.getLayerNames() if n.endswith(hidden)), None)

    def run(self, batch: np.ndarray) -> list[np.ndarray]:
        self.net.setInput(batch)
        return list(self.net.forward(self.outputs))

    def run_with_hidden(self, batch: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
        """The outputs, and the activations of the hidden layer before the heads
        (``vision.training.train.build_model``, one row per crop), from one pass."""
        if self.hidden_layer is None:
            raise ValueError(f"this network has no layer named *{HIDDEN_LAYER}")
        self.net.setInput(batch)
        *outputs, hidden = self.net.forward(list(self.outputs) + [self.hidden_layer])
        return outputs, hidden.reshape(len(batch), -1)


class Finder:
    """Die or not, and the refined box, for loose crops around candidates."""

    def __init__(self, path: Optional[pathlib.Path] = None):
        self.net = OnnxNet(path or MODEL_DIR / "finder.onnx")

    def predict(self, batch: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """P(die) (N,) and box corrections (N, 3): dx, dy (fractions of the window), log(size / window)."""
        if len(batch) == 0:
            return np.zeros(0, np.float32), np.zeros((0, 3), np.float32)
        outs = self.net.run(batch)
        by_width = {o.shape[1]: o for o in outs}
        return softmax(by_width[2])[:, 1], by_width[3]


class Reader:
    """Type and value (or "none") for tight crops around refined boxes."""

    def __init__(self, path: Optional[pathlib.Path] = None, name: str = "reader.onnx", classes=CLASSES,
                 trained_by: str = "vision.training.train", hidden: str = HIDDEN_LAYER):
        self.net = OnnxNet(path or MODEL_DIR / name, trained_by, hidden)
        self.classes = classes

    def predict(self, batch: np.ndarray) -> np.ndarray:
        if len(batch) == 0:
            return np.zeros((0, len(self.classes)), np.float32)
        return softmax(self.net.run(batch)[0])

    def predict_with_features(self, batch: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``predict``, and what the network sees in each crop before it names a class: its hidden layer,
        scaled to length 1 (empty where the network has none)."""
        if self.net.hidden_layer is None:
            return self.predict(batch), np.zeros((len(batch), 0), np.float32)
        outputs, h = self.net.run_with_hidden(batch)
        return softmax(outputs[0]), h / np.maximum(np.linalg.norm(h, axis=1, keepdims=True), 1e-6)


def digit_values(turned: np.ndarray, die_type: str) -> np.ndarray:
    """A die type's value odds from the digit reader's rows (none, 1 to 8) at each of ``DIGIT_TURNS``: each
    value's mean over the turns, as a share of the type's values', with ``UNSEEN_PRIOR`` spread evenly. The value
    in the middle of the face stands upright at more turns than a numeral at its edge, or than a numeral turned
    into the shape of another (a 7 into a 1 with a long flag)."""
    mass = turned[:, 1:FACES[die_type] + 1].mean(axis=0)
    return (mass + UNSEEN_PRIOR / len(mass)) / (float(mass.sum()) + UNSEEN_PRIOR)


def numeral_share(turned: np.ndarray) -> float:
    """How likely a D6 shows numerals rather than pips, from the digit reader's rows (none, 1 to 8) at each of
    ``DIGIT_TURNS``: at one turn of a face of numerals the reader is sure a numeral stands upright, while at every
    turn of a face of pips it finds "none" likely. Its least odds of none over the turns is the evidence: on real
    photos of numeral D6s nearly always under ``NUMERALS_NONE``, on photos of pips nearly always over it."""
    least_none = max(float(turned[:, 0].min()), 1e-6)
    return 1.0 / (1.0 + (least_none / NUMERALS_NONE) ** NUMERALS_STEEPNESS)


def d6_value_odds(turned: np.ndarray, pip_odds: np.ndarray) -> np.ndarray:
    """A D6's value odds from the digit reader's rows at each of ``DIGIT_TURNS``: its numerals' (``digit_values``)
    where it shows numerals and ``pip_odds`` (the pip readers') where it shows pips, weighed by how likely each is
    (``numeral_share``)."""
    numerals = numeral_share(turned)
    return numerals * digit_values(turned, "d6") + (1.0 - numerals) * pip_odds


class FrameLooks:
    """The networks' looks at the dice of one frame, each kept: a crop one network has read is never read by it
    again (the table's examples read their features from the crops the reader and digit reader read)."""

    def __init__(self, pyramid: GreyPyramid):
        self.pyramid = pyramid
        self._seen: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}

    def probabilities(self, net: Reader, dice: Sequence[tuple[tuple[float, float], float]], window: float,
                      size: int, angles: Sequence[float]) -> np.ndarray:
        """``net``'s probabilities per die (centre, side), the mean over crops ``window`` times its side turned by
        each of ``angles``."""
        return self._looks(net, dice, window, size, angles)[0].mean(axis=0)

    def turned(self, net: Reader, dice: Sequence[tuple[tuple[float, float], float]], window: float, size: int,
               angles: Sequence[float]) -> np.ndarray:
        """(len(dice), len(angles), classes): ``net``'s probabilities for each die's crop at each of ``angles``."""
        return self._looks(net, dice, window, size, angles)[0].transpose(1, 0, 2)

    def features(self, net: Reader, dice: Sequence[tuple[tuple[float, float], float]], window: float, size: int,
                 angles: Sequence[float]) -> np.ndarray:
        """(len(angles), len(dice), features): ``net``'s features of the same crops."""
        return self._looks(net, dice, window, size, angles)[1]

    def at(self, net: Reader, places: Sequence[tuple[tuple[float, float], float, float]],
           size: int) -> tuple[np.ndarray, np.ndarray]:
        """``net``'s probabilities and features, one row per place (centre, window, angle) of a crop."""
        return self._read(net, [(id(net), centre, window, size, angle) for centre, window, angle in places])

    def _looks(self, net: Reader, dice, window: float, size: int, angles) -> tuple[np.ndarray, np.ndarray]:
        keys = [(id(net), centre, side * window, size, angle) for angle in angles for centre, side in dice]
        shape = (len(angles), len(dice), -1)
        probabilities, features = self._read(net, keys)
        return probabilities.reshape(shape), features.reshape(shape)

    def _read(self, net: Reader, keys: list[tuple]) -> tuple[np.ndarray, np.ndarray]:
        missing = [k for k in dict.fromkeys(keys) if k not in self._seen]
        if missing:
            crops = normalise(np.stack([self.pyramid.crop(c, w, s, a) for _, c, w, s, a in missing]))
            self._seen.update(zip(missing, zip(*net.predict_with_features(crops))))
        return np.stack([self._seen[k][0] for k in keys]), np.stack([self._seen[k][1] for k in keys])


class DigitReader(Reader):
    """The digit reader: for a close crop of a die's middle, turned, which numeral (1 to 8) stands upright in it,
    or none (column 0). A die's crop is read at each of ``DIGIT_TURNS``; ``digit_values`` gives its values."""

    def __init__(self, model_dir: Optional[pathlib.Path] = None):
        super().__init__(pathlib.Path(model_dir or MODEL_DIR) / DIGIT_MODEL, classes=tuple(range(9)),
                         trained_by="vision.training.digits", hidden=DIGIT_FEATURES)

    def predict_with_features(self, batch: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``predict``, and what the network sees in each crop as its last layer takes it (``head_weights``)."""
        if len(batch) == 0:
            return self.predict(batch), np.zeros((0, 0), np.float32)
        outputs, features = self.net.run_with_hidden(batch)
        return softmax(outputs[0]), features

    def head_weights(self) -> np.ndarray:
        """(classes, features + 1): the last layer's weights, its bias in the last column."""
        net = self.net.net
        head = net.getLayerId(next(n for n in net.getLayerNames() if n.endswith(DIGIT_HEAD)))
        return np.hstack([net.getParam(head, 0), net.getParam(head, 1).reshape(-1, 1)]).astype(np.float32)


def decode_box(centre: tuple[float, float], window: float, box: np.ndarray) -> tuple[tuple[float, float], float]:
    """Die centre and size in frame pixels from a crop's box correction (dx, dy, log size/window)."""
    dx, dy, ds = (float(v) for v in box)
    return (centre[0] + dx * window, centre[1] + dy * window), window * math.exp(ds)


def type_and_value(p: np.ndarray) -> tuple[str, float, int, float, tuple[float, ...]]:
    """(type, P(type | a die), value, P(value | type), P(each value | type)) from one row of reader
    probabilities."""
    type_p = {t: float(p[s].sum()) for t, s in TYPE_SLICES.items()}
    die_p = max(1e-9, sum(type_p.values()))
    best_type = max(type_p, key=type_p.__getitem__)
    within = p[TYPE_SLICES[best_type]]
    values = tuple(float(v) / max(float(within.sum()), 1e-9) for v in within)
    value = int(np.argmax(within)) + 1
    return best_type, type_p[best_type] / die_p, value, values[value - 1], values