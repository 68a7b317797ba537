"""What the reader returns, and the colour profile that calibration hands to it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Optional, Sequence

import numpy as np

DIE_TYPES = ("d4", "d6", "d8")
CONFIDENCE_THRESHOLD = 0.8  # a reading less sure than this is shown to a person to confirm (docs/vision.md)
FACES = {"d4": 4, "d6": 6, "d8": 8}

# Reference colours in OpenCV's 8-bit Lab (L, a, b all 0..255, a/b neutral at 128).
# Used when no calibration profile is given; names are the player colours first.
NAMED_COLOURS_LAB: dict[str, tuple[float, float, float]] = {
    "red": (110.0, 185.0, 165.0),
    "blue": (85.0, 145.0, 80.0),
    "green": (120.0, 85.0, 150.0),
    "white": (235.0, 128.0, 128.0),
    "black": (35.0, 128.0, 128.0),
    "yellow": (215.0, 115.0, 200.0),
    "orange": (160.0, 165.0, 190.0),
    "purple": (90.0, 165.0, 95.0),
}


@dataclass(frozen=True)
class ColourProfile:
    """Player name -> reference colours of that player's dice, in OpenCV 8-bit Lab.

    Several references per player are allowed (e.g. the die in shade and in light).
    ``max_distance`` is the Lab distance beyond which a match gets low confidence.
    Calibration builds this from a few sample dice; ``from_bgr`` helps it do so.
    """

    players: dict[str, Sequence[tuple[float, float, float]]]
    max_distance: float = 60.0

    @classmethod
    def from_bgr(cls, samples: dict[str, Sequence[tuple[int, int, int]]],
                 max_distance: float = 60.0) -> "ColourProfile":
        """Build a profile from BGR sample colours (as picked from a calibration frame)."""
        import cv2

        players: dict[str, Sequence[tuple[float, float, float]]] = {}
        for name, colours in samples.items():
            pixels = np.array(colours, dtype=np.uint8).reshape(-1, 1, 3)
            lab = cv2.cvtColor(pixels, cv2.COLOR_BGR2LAB).reshape(-1, 3)
            players[name] = [(float(light), float(a), float(b)) for light, a, b in lab]
        return cls(players=players, max_distance=max_distance)

    @classmethod
    def named(cls) -> "ColourProfile":
        """The fallback profile: one reference per named colour."""
        return cls(players={k: [v] for k, v in NAMED_COLOURS_LAB.items()})


@dataclass
class DieReading:
    """One die found in a frame. Confidences are in [0, 1]."""

    die_type: str
    value: int
    colour: str
    centre: tuple[float, float]
    outline: list[tuple[float, float]]
    type_confidence: float
    value_confidence: float
    colour_confidence: float
    detection_confidence: float = 1.0
    bbox: tuple[float, float, float, float] = field(default=(0.0, 0.0, 0.0, 0.0))
    value_probabilities: tuple[float, ...] = ()  # P(each value, 1 up | the type read); empty when unknown
    # Where the die lies on the table, in die widths, steady however the camera moves (a table's zones set it:
    # ``vision.zones.FoundZones.placed``); None where unknown. A die left alone keeps its spot.
    spot: Optional[tuple[float, float]] = None
    # P(the die is of each type and shows each of its values | a die): per type, one per face, 1 up. What the die
    # reads as where the game knows it is of another type than the likeliest (``vision.known_types``); empty when
    # unknown.
    type_value_probabilities: dict[str, tuple[float, ...]] = field(default_factory=dict)

    @property
    def confidence(self) -> float:
        """The weakest of the die's field confidences: what decides whether a person checks it."""
        return min(self.type_confidence, self.value_confidence, self.detection_confidence)

    def to_dict(self) -> dict:
        return {
            "type": self.die_type,
            "value": self.value,
            "colour": self.colour,
            "centre": [round(self.centre[0], 1), round(self.centre[1], 1)],
            "outline": [[round(x, 1), round(y, 1)] for x, y in self.outline],
            "bbox": [round(v, 1) for v in self.bbox],
            "confidence": {
                "overall": round(self.confidence, 3),
                "detection": round(self.detection_confidence, 3),
                "type": round(self.type_confidence, 3),
                "value": round(self.value_confidence, 3),
                "colour": round(self.colour_confidence, 3),
            },
        }


ReadingsByZone = Mapping[str, Sequence[DieReading]]  # a frame's dice readings by zone (vision.zones)
