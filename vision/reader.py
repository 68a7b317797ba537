"""``read_dice``: every die in a frame with its type, value, owner colour and confidences.

Pipeline: the detector's dice (``vision.detector``) -> the finder looks at a loose crop around
each and says die or not, and where the die's box really is -> a second finder look
centred on that box -> overlapping finds are merged -> the reader reads type and value
from tight crops at a few rotations -> a die read as a D4 or D8 gets a close look at its numerals by the
digit reader, which reads its value (a D8's in its middle, its crop turned, where finding no numeral
upright makes it less likely a D8; a D4's by its point, ``vision.d4_point``) -> the pips are counted -> an
unsure D6 with no face of pips, or two spots, gets a close look, turned, at its numerals -> the body colour is
matched to the profile.
Per-die work is done on small crops only, never on the whole frame.
"""
from __future__ import annotations

import math
import pathlib
from dataclasses import replace
from typing import Optional, Sequence

import cv2
import numpy as np

from vision.classifier import (CLASSES, D6_VALUES_MODEL, DIGIT_TURNS, FINDER_CROP, FINDER_WINDOW, MODEL_DIR,
                               NUMERAL_CROP, NUMERAL_TYPES, NUMERAL_WINDOW, READER_CROP, READER_WINDOW, TYPE_SLICES,
                               DigitReader, Finder, FrameLooks, GreyPyramid, Reader, crop_batch, d6_value_odds,
                               decode_box, digit_values, numeral_share, type_and_value)
from vision import d4_point
from vision.colour import body_colour, match_colour
from vision.examples import DieFeatures, TableDice, TableValues
from vision.detect import MAX_DIE, MIN_DIE, Candidate, ContrastImage, contrast_centres, find_candidates
from vision.detector import MODEL_FILE as DETECTOR_FILE, DieDetector
from vision.pips import WEIGHED_COUNTS, count_likelihood, count_pips
from vision.readings import ColourProfile, DieReading

READER_ANGLES = (0.0, 45.0, 90.0, 135.0)
UNSURE_ANGLES = (180.0, 225.0, 270.0, 315.0)  # a die still unsure gets these looks too: they read D4s' type better
MERGE_SIZE_RATIO = math.log(1.8)  # finds further apart in size than this are never merged
GROUP_SIZE_RATIO = 1.6  # without a known die size, a reading this much larger than the smallest die read may be a group
SURE_WITHOUT_NUMERALS = 0.99  # a D4 or D8 value the reader is this sure of gets no close look (see the docs)
LOOKED_TYPE = 0.2  # a find at least this likely a D4 (or D8) gets a close look at its values as one
OWN_D4_WEIGHT = 0.25  # the power of the reader's own odds of a D4's values, weighed with its point's reading
VALUE_READER_WEIGHT = 0.3  # the power of the D4 value reader's odds, the faces' reading's the rest (``_d4_odds``)
DIE_SIZE_SPREAD = 1.5  # with a known die size, dice from this much smaller to this much larger are looked for
PACKED_LEFT = 0.5  # with a known die size, the second search looks for what is left of a die down to this share
SURE_AFTER_TWO_LOOKS = 0.95  # a reading this sure after two rotated looks gets no more (they never changed one)
FAINT_LEFT = 0.3  # the second search runs where contrast this share of the faintest die read's is left
LEAST_DIE_CONTRAST = 10.0  # with a known die size, contrast over this, blurred over a die, is always looked at
SEARCHES_BETWEEN = 3  # most rounds of the search for dice that made no blob of their own
PIPS_FROM_D6_SHARE = 0.05  # the pips are counted on a die at least this likely to be a D6...
SURE_WITHOUT_PIPS = 0.98  # ...unless its type and value are this sure (on real photos, such readings were all right)
ONE_DIE_MARGIN = 0.5  # a photo of one die that fills it is read with this share of its side added around it
CLOSE_UP_DIE = 0.4  # a close-up whose dice read are all smaller than this share of its side is read with a margin too
OUTLINE_OFF_CENTRE = 0.15  # a blob's rectangle centred further off the die than this share of it is not its outline


class DiceReader:
    """Holds the loaded models; build once and call ``read`` on each frame."""

    def __init__(self, model_dir: Optional[pathlib.Path] = None, min_die_probability: float = 0.5,
                 max_candidates: int = 96, views: int = 4):
        """``views``: rotated looks the reader takes at each die (1 to 4); more is slower and surer."""
        self.finder = Finder(pathlib.Path(model_dir) / "finder.onnx" if model_dir else None)
        self.reader = Reader(pathlib.Path(model_dir) / "reader.onnx" if model_dir else None)
        self.d6_values = Reader(pathlib.Path(model_dir or MODEL_DIR) / D6_VALUES_MODEL)
        self.digits = DigitReader(model_dir)
        self.d4_points = d4_point.PointFinder(model_dir)
        self.d4_values = Reader(pathlib.Path(model_dir or MODEL_DIR) / d4_point.VALUE_MODEL, classes=(1, 2, 3, 4),
                                trained_by="vision.training.d4_values")
        self.min_die_probability = min_die_probability
        self.max_candidates = max_candidates
        self.views = int(np.clip(views, 1, len(READER_ANGLES)))
        self.table_values: Optional[TableValues] = None
        self._example_features = DieFeatures(self.reader, self.d6_values, self.digits)
        self.detector = DieDetector(pathlib.Path(model_dir) / DETECTOR_FILE if model_dir else None)

    def learn(self, dice: TableDice) -> None:
        """Read values with the table's own examples from now on (``vision.examples``), for every die type
        whose faces all have enough of them and which they read better than the networks; the others as
        before. Called again with more examples, it refits."""
        self.table_values = TableValues(self._example_features, dice)

    def forget(self) -> None:
        """Read every die with the networks alone again."""
        self.table_values = None

    def read(self, frame_bgr: np.ndarray, profile: Optional[ColourProfile] = None,
             ignore: Sequence[np.ndarray] = (), die_size: Optional[float] = None) -> list[DieReading]:
        """Every die in the frame. ``ignore``: polygons (frame pixels) where no die is looked for, such as the
        calibration markers, whose black squares would otherwise pass for dice and use up the candidates; they
        are painted over in the table's colour, so a die lying next to one is seen without it. ``die_size``:
        the dice's side in frame pixels, where it is known (a table's markers tell it): the detector looks at
        a working image where the dice are of the size it knows best, only finds within ``DIE_SIZE_SPREAD`` of
        it are candidates, and each is looked at in a window for that size."""
        frame_bgr = _blank(_checked_frame(frame_bgr), ignore)
        profile = profile or ColourProfile.named()
        readings = self._read_frame(frame_bgr, profile, ignore, die_size)
        if max(frame_bgr.shape[:2]) <= MAX_DIE and not _fills(readings, frame_bgr):
            readings = _without_print(readings, self._read_with_margin(frame_bgr, profile, die_size))
        readings.sort(key=lambda r: (r.centre[1], r.centre[0]))
        return readings

    def _read_frame(self, frame_bgr: np.ndarray, profile: ColourProfile, ignore: Sequence[np.ndarray],
                    die_size: Optional[float]) -> list[DieReading]:
        if die_size:
            smallest, largest = die_size / DIE_SIZE_SPREAD, die_size * DIE_SIZE_SPREAD
            contrast = ContrastImage.of(frame_bgr, largest, smallest)
        else:
            # A close-up of one die (a crop, a photo held over it) may hold a die bigger than any on the table.
            smallest, largest = MIN_DIE, max(MAX_DIE, 0.6 * min(frame_bgr.shape[:2]))
            contrast = ContrastImage.of(frame_bgr)
        looks = FrameLooks(GreyPyramid(frame_bgr))
        candidates = [c for c in self.detector.find(frame_bgr, die_size) if smallest <= c.size <= largest]
        readings = self._read_candidates(frame_bgr, looks, contrast, _sized(candidates, die_size), profile,
                                         die_size)
        return self._look_between(frame_bgr, looks, contrast, readings, profile, ignore, die_size)

    def _read_with_margin(self, frame_bgr: np.ndarray, profile: ColourProfile,
                          die_size: Optional[float]) -> list[DieReading]:
        """The dice of a frame no larger than one die, in which no die filling it was found, read with
        ``ONE_DIE_MARGIN`` of its side added around it in the colour of its edge: a photo of one die that fills it
        shows none of the table around the die, by which the detector and the finder tell a die."""
        margin = int(round(ONE_DIE_MARGIN * max(frame_bgr.shape[:2])))
        edge = np.concatenate([frame_bgr[0], frame_bgr[-1], frame_bgr[:, 0], frame_bgr[:, -1]])
        colour = tuple(int(v) for v in np.median(edge, axis=0))
        framed = cv2.copyMakeBorder(frame_bgr, margin, margin, margin, margin, cv2.BORDER_CONSTANT, value=colour)
        return [_moved(r, -margin) for r in self._read_frame(framed, profile, (), die_size)]

    def _look_between(self, frame_bgr: np.ndarray, looks: FrameLooks, contrast: ContrastImage,
                      readings: list[DieReading], profile: ColourProfile,
                      ignore: Sequence[np.ndarray], die_size: Optional[float]) -> list[DieReading]:
        """``readings`` plus the dice that made no blob of their own.

        A die wedged between others can make no blob of its own: the group's blob is stronger at
        every larger scale. A second search looks at the contrast left once the dice read are taken
        out, at their sizes only, and counts a blob even where a larger one around it is stronger.
        With a known die size it is repeated, up to ``SEARCHES_BETWEEN`` times, while it finds dice:
        a faint die beside a die the last search found makes no blob until that die too is taken
        out. Without one it runs once: a large die misread as pieces would leave more pieces to find.
        A reading far larger than the smallest die (with a known die size, larger than any die is looked
        for at) may be a group read as one die: it stays in the map and loses to the dice found inside it
        when they are surer.
        """
        for _ in range(SEARCHES_BETWEEN if die_size else 1):
            dice_before = len(readings)
            # A surer find of a die read already takes its place.
            readings = _one_per_die(readings + self._search_between(frame_bgr, looks, contrast, readings, profile,
                                                                    ignore, die_size))
            if len(readings) == dice_before:
                break
        return readings

    def _search_between(self, frame_bgr: np.ndarray, looks: FrameLooks, contrast: ContrastImage,
                        readings: list[DieReading], profile: ColourProfile,
                        ignore: Sequence[np.ndarray], die_size: Optional[float]) -> list[DieReading]:
        """The dice read in the contrast left once ``readings`` are taken out (one round of ``_look_between``).
        With a known die size it runs even where nothing was read: two dice touching, alone on the table, make
        one blob of twice their size, which the first search, looking for single dice, passes over. It then
        also looks at every centre of the contrast left, and runs wherever there is one: a die nearly of the
        mat's colour, touching another, leaves no blob and less contrast than the faintest die read."""
        explained, residual = [], contrast
        if readings:
            smallest = min(_side(r) for r in readings)
            # A known die size tells a group better than the smallest die read: a D6 turned 45 degrees reads
            # up to 1.4 times the die size and a D4 down to 0.8, more than GROUP_SIZE_RATIO apart.
            largest = DIE_SIZE_SPREAD * die_size if die_size else GROUP_SIZE_RATIO * smallest
            explained = [r for r in readings if _side(r) <= largest]
            residual = contrast.without([r.outline for r in explained])
        level = _faintest_level(contrast, readings)  # 0 where nothing was read
        if die_size:
            faint = min(FAINT_LEFT * level, LEAST_DIE_CONTRAST) if level > 0.0 else LEAST_DIE_CONTRAST
            centres = contrast_centres(residual, die_size, faint, self.max_candidates // 4, ignore)
            if not centres:
                return []
            # What is left of a packed die once its neighbours' outlines are taken out is smaller than a die.
            low, high = die_size * PACKED_LEFT, die_size * DIE_SIZE_SPREAD
        else:
            faint = FAINT_LEFT * level
            if faint <= 0.0 or not _die_sized_blob_left(residual, faint, smallest):
                return []
            centres = []
            sizes = [_side(r) for r in explained]
            low, high = min(sizes) / 1.4, max(sizes) * 1.4
        found = find_candidates(frame_bgr, low, high, limit=self.max_candidates // 4,
                                contrast_image=residual, ignore=ignore, packed=True)
        found += [c for c in centres if not any(math.dist(c.centre, b.centre) < c.size / 2 for b in found)]
        more = _sized([c for c in found if not any(_inside(c.centre, r) for r in explained)], die_size)
        return self._read_candidates(frame_bgr, looks, contrast, more, profile, die_size)

    def _read_candidates(self, frame_bgr: np.ndarray, looks: FrameLooks, contrast: ContrastImage,
                         candidates: Sequence[Candidate], profile: ColourProfile,
                         die_size: Optional[float] = None) -> list[DieReading]:
        """The dice among the candidate blobs: finder, second look, merge, reader, colour. With a known
        ``die_size``, a blob the finder rejects gets one more look, centred where its box points."""
        if not candidates:
            return []
        first = self._finder_looks(looks.pyramid, [c.centre for c in candidates],
                                   [c.size * FINDER_WINDOW for c in candidates])
        found = [f for f in first if f[0] >= self.min_die_probability]
        if die_size:
            found += self._recentred(looks.pyramid, [f[1] for f in first if f[0] < self.min_die_probability], die_size)
        found = self._look_again(looks.pyramid, found)
        found = _merge(found)
        if not found:
            return []
        probs = self._read_numerals(looks, contrast, found,
                                    self._read_d6_values(looks, found, self._read(looks, found)))
        probs, pips = self._read_d6_numerals(looks, found, probs, _count_pips(frame_bgr, found, probs))
        if self.table_values:
            probs = self._read_with_examples(looks, contrast, found, probs)
        probs = _weigh_pips(probs, pips)
        readings = []
        for (finder_p, centre, size), p in zip(found, probs):
            die_probability = math.sqrt(finder_p * (1.0 - float(p[0])))
            if die_probability < self.min_die_probability:
                continue
            die_type, type_p, value, value_p, value_ps = type_and_value(p)
            colour, colour_p = match_colour(body_colour(frame_bgr, centre, size), profile)
            half = size / 2
            readings.append(DieReading(
                die_type=die_type, value=value, colour=colour, centre=(float(centre[0]), float(centre[1])),
                outline=_outline(contrast, centre, size), type_confidence=type_p, value_confidence=value_p,
                colour_confidence=colour_p, detection_confidence=die_probability,
                bbox=(centre[0] - half, centre[1] - half, centre[0] + half, centre[1] + half),
                value_probabilities=value_ps,
                type_value_probabilities={t: tuple(float(v) for v in p[s]) for t, s in TYPE_SLICES.items()}))
        return _one_per_die(readings)

    def _read(self, looks: FrameLooks, found) -> np.ndarray:
        """Reader probabilities per find, averaged over ``views`` rotations of the crop (with every view, over
        ``UNSURE_ANGLES`` too): the first two for every find, the others only where those two leave the reading
        less than ``SURE_AFTER_TWO_LOOKS`` sure."""
        angles = READER_ANGLES[:self.views]
        if self.views == len(READER_ANGLES):
            angles += UNSURE_ANGLES
        probs = self._look(self.reader, looks, found, READER_WINDOW, READER_CROP, angles[:2])
        unsure = [k for k, p in enumerate(probs) if _sureness(p) < SURE_AFTER_TWO_LOOKS]
        if len(angles) > 2 and unsure:
            more = self._look(self.reader, looks, [found[k] for k in unsure], READER_WINDOW, READER_CROP, angles[2:])
            probs[unsure] = (2 * probs[unsure] + (len(angles) - 2) * more) / len(angles)
        return probs

    def _read_d6_values(self, looks: FrameLooks, found, probs: np.ndarray) -> np.ndarray:
        """``probs`` with the values of each find read as a D6 the mean of the reader's and the D6 value
        reader's; the type keeps the reader's probability.

        Real photos show nearly only D6s: a reader trained on them first reads real D6 pips better than the
        reader, which learnt more from renders, but reads real D4s and D8s as D6s, and D6 numerals (which
        few photos show) worse. So the reader says which type a die is, and the two readers, trained apart,
        say the value of a D6 together: where they disagree, the value is unsure."""
        chosen = [k for k, p in enumerate(probs) if p[0] < 0.5 and type_and_value(p)[0] == "d6"]
        if not chosen:
            return probs
        values = TYPE_SLICES["d6"]
        read = self._look(self.d6_values, looks, [found[k] for k in chosen], READER_WINDOW, READER_CROP,
                          READER_ANGLES[:min(2, self.views)])[:, values]
        own = probs[chosen, values]
        die_p = own.sum(axis=1, keepdims=True)
        out = probs.copy()
        out[chosen, values] = die_p * (own / np.maximum(die_p, 1e-12) + read / np.maximum(
            read.sum(axis=1, keepdims=True), 1e-12)) / 2
        return out

    def _read_d6_numerals(self, looks: FrameLooks, found, probs: np.ndarray,
                          pips: Sequence[Optional[int]]) -> tuple[np.ndarray, list[Optional[int]]]:
        """``probs`` with the values of each unsure D6 on which no face of pips, or only two spots, were counted
        (``_count_pips``) read by the digit reader's close look at its middle, turned: as its numerals read where it
        shows numerals, and as the pip readers read it where it shows pips, weighed by how likely the look finds
        each (``d6_value_odds``). Two spots are as often a numeral's loops as a face of two: their count weighs the
        pip readers' odds only, and is returned used (None). The type keeps the reader's probability. A D6 the
        pip readers are sure of, or with three pips or more counted, keeps their reading and gets no close look."""
        out, counts = probs.copy(), list(pips)
        d6 = TYPE_SLICES["d6"]
        dice = [k for k, p in enumerate(probs) if p[0] < 0.5 and pips[k] in OPEN_FACE_COUNTS and p[d6].sum() > 0]
        if not dice:
            return out, counts
        for digit, k in zip(self._read_digits(looks, [found[k] for k in dice]), dice):
            type_p = float(probs[k, d6].sum())
            pip_odds = probs[k, d6] / type_p
            count = pips[k]
            if count:
                pip_odds = pip_odds * count_likelihood(count, CLASSES[d6])
                pip_odds /= pip_odds.sum()
                counts[k] = None
            out[k, d6] = type_p * d6_value_odds(digit, pip_odds)
        return out, counts

    def _read_numerals(self, looks: FrameLooks, contrast: ContrastImage, found, probs: np.ndarray) -> np.ndarray:
        """``probs`` with the values of each find that may be a D4 or D8 (``_may_be``), unless already sure, read
        again by a close look at its numerals by the digit reader: a D8's in its middle, turned, a D4's by its
        point. A find the reader takes for another type is looked at too: the game may know it is a D8 (a
        roll's types), or the table's examples may tell.

        Each type keeps the reader's probability; its values share it as the close look reads them: the close
        look sees the numerals twice as large and reads them better. A D4's point reading is weighed with the
        reader's own odds (``_d4_odds``). A D8's look also weighs its type: where no numeral stands upright in
        its middle at any turn, the die is no D8 (``_weigh_d8_by_numerals``)."""
        out = probs.copy()
        d4, d8 = ([k for k, p in enumerate(probs) if _may_be(p, die_type)] for die_type in NUMERAL_TYPES)
        values = TYPE_SLICES["d4"]
        finds = [found[k] for k in d4]
        points = self._points(looks, contrast, finds)
        for k, look, read in zip(d4, self._point_looks(looks, points), self._value_looks(looks, points, finds)):
            if look is not None and read is not None:
                out[k, values] = probs[k, values].sum() * _d4_odds(d4_point.point_values(look[0]), read,
                                                                   probs[k, values])
        if d8:
            values = TYPE_SLICES["d8"]
            for k, digit in zip(d8, self._read_digits(looks, [found[k] for k in d8])):
                out[k, values] = probs[k, values].sum() * digit_values(digit, "d8")
                out[k] = _weigh_d8_by_numerals(out[k], numeral_share(digit))
        return out

    def _read_with_examples(self, looks: FrameLooks, contrast: ContrastImage, found,
                            probs: np.ndarray) -> np.ndarray:
        """``probs`` read with the table's examples: each find's die types narrowed to the types the table's dice
        have; which type it is read by them, where they teach it (the values within each type keep their
        shares); and the values of a type the examples teach read by them (the type keeps its probability)."""
        table = self.table_values
        assert table is not None, "called only where the table has examples"
        out = probs.copy()
        dice = [k for k, p in enumerate(probs) if p[0] < 0.5]
        for k in dice:
            die_p = 1.0 - out[k, 0]
            for die_type, values in TYPE_SLICES.items():
                if die_type not in table.types:
                    out[k, values] = 0.0
            kept = out[k, 1:].sum()
            out[k, 1:] = out[k, 1:] * die_p / kept if kept > 0 else probs[k, 1:]
        knows_types = table.knows_types()
        looked = dice if knows_types else [k for k in dice if table.knows(type_and_value(out[k])[0])]
        if not looked:
            return out
        views = table.features.of_dice(looks, [(found[k][1], found[k][2]) for k in looked], READER_ANGLES[:self.views])
        for j, k in enumerate(looked):
            if knows_types:
                die_p = 1.0 - out[k, 0]
                for die_type, type_p in zip(table.types, table.type_odds(views[:, j])):
                    values = TYPE_SLICES[die_type]
                    within, total = out[k, values], out[k, values].sum()
                    out[k, values] = die_p * type_p * (within / total if total > 0 else 1.0 / len(within))
            die_type = type_and_value(out[k])[0]
            if table.knows(die_type):
                values = TYPE_SLICES[die_type]
                odds = self._example_odds(looks, contrast, found[k], die_type, views[:, j])
                if odds is None:
                    odds = table.unlooked_odds(die_type, out[k, values])
                out[k, values] = out[k, values].sum() * odds
        return out

    def _example_odds(self, looks: FrameLooks, contrast: ContrastImage, find, die_type: str,
                      views: np.ndarray) -> Optional[np.ndarray]:
        """P(each value) of a find of ``die_type`` as the table's examples read it: by the digit reader's refitted
        layer (a D4's at the crops by its point; None where its point is not found: ``TableValues.unlooked_odds``),
        or by the regression from ``views``."""
        table = self.table_values
        assert table is not None, "called only where the table has examples"
        if not table.reads_digits(die_type):
            return table.value_odds(die_type, views)
        if die_type == "d4":
            look = self._point_looks(looks, self._points(looks, contrast, [find]))[0]
            return None if look is None else table.digit_value_odds(die_type, look[1])
        return table.digit_value_odds(die_type, table.features.digits_of_dice(looks, [(find[1], find[2])])[0])

    @staticmethod
    def _look(net: Reader, looks: FrameLooks, found, window: float, size: int, angles) -> np.ndarray:
        """``net``'s probabilities per find, averaged over crops ``window`` times its size rotated by ``angles``."""
        return looks.probabilities(net, [(f[1], f[2]) for f in found], window, size, angles)

    def _points(self, looks: FrameLooks, contrast: ContrastImage, finds) -> list[Optional[d4_point.D4Point]]:
        """Each find's triangle and point as a D4's (``vision.d4_point``), or None where it is not found."""
        return [self.d4_points.locate(looks.pyramid, contrast, find[1], find[2]) for find in finds]

    def _point_looks(self, looks: FrameLooks, points) -> list[Optional[tuple[np.ndarray, np.ndarray]]]:
        """Each D4's digit reader rows and features at the crops by its point, or None where its point is not
        found; the crops of all of them read in one batch."""
        return self._at(looks, self.digits, [point.numeral_looks() if point else [] for point in points],
                        NUMERAL_CROP)

    def _value_looks(self, looks: FrameLooks, points, finds) -> list[Optional[np.ndarray]]:
        """Each D4's value odds (1 to 4) as the value reader reads its crops on the point, their mean; None where
        its point is not found."""
        places = [point.value_looks(find[2]) if point else [] for point, find in zip(points, finds)]
        return [None if look is None else look[0].mean(axis=0)
                for look in self._at(looks, self.d4_values, places, d4_point.VALUE_CROP)]

    @staticmethod
    def _at(looks: FrameLooks, net: Reader, places, size: int) -> list[Optional[tuple[np.ndarray, np.ndarray]]]:
        """``net``'s rows and features at each die's ``places`` (a list of crops' places each), or None for a die
        with none; the crops of all of them read in one batch."""
        if not any(places):
            return [None] * len(places)
        rows, features = looks.at(net, [place for die in places for place in die], size)
        ends = np.cumsum([len(die) for die in places])
        return [(rows[end - len(die):end], features[end - len(die):end]) if die else None
                for die, end in zip(places, ends)]

    def _read_digits(self, looks: FrameLooks, found) -> np.ndarray:
        """The digit reader's rows for each find's close crop at each of ``DIGIT_TURNS`` (``digit_values``)."""
        return looks.turned(self.digits, [(f[1], f[2]) for f in found], NUMERAL_WINDOW, NUMERAL_CROP, DIGIT_TURNS)

    def _recentred(self, pyramid: GreyPyramid, centres, die_size: float):
        """Finds from a look at a die-sized window centred on each of ``centres`` (where the boxes of
        rejected blobs point), kept where the finder takes them for dice.

        A blob can sit off its die (on a bright pip of a die touching another): shown the die off centre,
        the finder says "no die" while its box points at the die, and centred there it sees it. Without a
        known size, the boxes of rejected blobs (groups of dice among them) are of any size, and looks
        centred on them find more false dice than dice."""
        looks = self._finder_looks(pyramid, centres, [die_size * FINDER_WINDOW] * len(centres))
        return [f for f in looks if f[0] >= self.min_die_probability]

    def _look_again(self, pyramid: GreyPyramid, found):
        """A second finder look, centred on each refined box: a better box and a second opinion."""
        again = self._finder_looks(pyramid, [f[1] for f in found], [f[2] * FINDER_WINDOW for f in found])
        return [(math.sqrt(f[0] * g[0]),) + g[1:] for f, g in zip(found, again)]

    def _finder_looks(self, pyramid: GreyPyramid, centres, windows):
        """(P(die), centre, size) of the finder's look at a window around each of ``centres``, its box decoded."""
        if not centres:
            return []
        die_p, boxes = self.finder.predict(crop_batch(pyramid, centres, windows, FINDER_CROP))
        return [(float(p),) + decode_box(c, w, b) for p, c, w, b in zip(die_p, centres, windows, boxes)]


NO_PIP_FACE = 0  # ``_count_pips``: looked, and no face of pips found
OPEN_FACE_COUNTS = (NO_PIP_FACE, 2)  # counts that leave open whether a D6 shows numerals (``_read_d6_numerals``)


def _count_pips(frame_bgr: np.ndarray, found, probs: np.ndarray) -> list[Optional[int]]:
    """For each find, the pips counted on it (``vision.pips``), ``NO_PIP_FACE`` where no face of pips shows, or
    None where it was not looked at: no die, hardly a D6, or a type and value already sure."""
    out: list[Optional[int]] = []
    d6 = TYPE_SLICES["d6"]
    for k, (_, centre, size) in enumerate(found):
        die_p = 1.0 - float(probs[k, 0])
        _, type_p, _, value_p, _ = type_and_value(probs[k])
        if probs[k, 0] >= 0.5 or probs[k, d6].sum() < PIPS_FROM_D6_SHARE * die_p \
                or min(type_p, value_p) >= SURE_WITHOUT_PIPS:
            out.append(None)
            continue
        count = count_pips(frame_bgr, centre, size)
        out.append(count if count in WEIGHED_COUNTS else NO_PIP_FACE)
    return out


def _weigh_pips(probs: np.ndarray, pips: Sequence[Optional[int]]) -> np.ndarray:
    """``probs`` weighed with the pips counted on each die (``_count_pips``).

    The count is a second opinion that learnt nothing, so it holds on dice no network saw: where it agrees with
    the networks the value is surer, where it disagrees less sure, and a face of three pips or more makes a die
    the networks took for a D4 or D8 likelier a D6. The die's share of "none" stays."""
    out = probs.copy()
    for k, count in enumerate(pips):
        if count is not None and count in WEIGHED_COUNTS:
            out[k] = _weighed_dice(probs[k], count_likelihood(count, CLASSES[1:]))
    return out


def _weighed_dice(p: np.ndarray, likelihood: np.ndarray) -> np.ndarray:
    """One row of reader probabilities with its dice's classes (all but "none") weighed by ``likelihood`` and
    shared out again over the die's probability: the share of "none" stays."""
    out = p.copy()
    weighed = p[1:] * likelihood
    out[1:] = (1.0 - float(p[0])) * weighed / max(float(weighed.sum()), 1e-12)
    return out


def _weigh_d8_by_numerals(p: np.ndarray, numerals: float) -> np.ndarray:
    """One row of reader probabilities with its D8s weighed by ``numerals``, how likely a numeral stands upright
    in the die's middle (``numeral_share`` of its close look), and the die's share of "none" kept.

    A D8 always shows a numeral on its top face; a face of pips, or a D4's point, shows none. So a look that
    finds none makes a D8 unlikely and leaves D4 and D6 as they were, while a look that finds one says nothing
    of the type: a D6 may show numerals too. The reader, which learnt D8s mostly from renders, takes D6s with
    pips of makes it never saw (translucent casino dice) for D8s; the digit reader finds no numeral on them."""
    likelihood = np.ones(len(p) - 1)
    d8 = TYPE_SLICES["d8"]
    likelihood[d8.start - 1:d8.stop - 1] = numerals
    return _weighed_dice(p, likelihood)


def _sized(candidates: Sequence[Candidate], die_size: Optional[float]) -> Sequence[Candidate]:
    """The candidates, each with the dice's known size where there is one."""
    if not die_size:
        return candidates
    return [Candidate(c.centre, die_size, c.strength) for c in candidates]


def _may_be(p: np.ndarray, die_type: str) -> bool:
    """Whether a find read ``p`` gets a close look at its values as a ``die_type``: a die, at least
    ``LOOKED_TYPE`` likely of that type, whose value the reader is not sure of."""
    within = p[TYPE_SLICES[die_type]]
    type_p = float(within.sum())
    return p[0] < 0.5 and type_p >= LOOKED_TYPE * (1.0 - p[0]) and float(within.max()) < SURE_WITHOUT_NUMERALS * type_p


def _sureness(p: np.ndarray) -> float:
    """How sure one row of reader probabilities is: of "none", or of a die, its type and its value."""
    if p[0] >= 0.5:
        return float(p[0])
    _, type_p, _, value_p, _ = type_and_value(p)
    return min(1.0 - float(p[0]), type_p, value_p)


def _merge(found):
    """Greedy non-maximum suppression on centre distance: one find per die, the most confident.

    Only finds of similar size suppress each other: a box around a whole group of dice
    (which the reader then rejects) must not hide the dice inside it. Accepted readings of
    different sizes are merged after reading (``_one_per_die``).
    """
    kept = []
    for item in sorted(found, key=lambda f: -f[0]):
        _, centre, size = item
        if all(math.dist(centre, k[1]) > 0.5 * max(size, k[2]) or abs(math.log(size / k[2])) > MERGE_SIZE_RATIO
               for k in kept):
            kept.append(item)
    return kept


def _one_per_die(readings: list[DieReading]) -> list[DieReading]:
    """Among accepted readings of any size whose centres are close, the surest detection.

    Readings of similar size are two looks at one die (from boxes placed a little differently): the one
    kept also weighs what the other read (``_weigh_second_look``). A box that held only part of a die can
    be read surely wrong, a six as a three from one row of pips, and the better box, read right, may be
    a little less sure that it is a die; the two together are unsure, and a person is asked."""
    kept: list[DieReading] = []
    for r in sorted(readings, key=lambda r: -r.detection_confidence):
        same = [i for i, k in enumerate(kept) if math.dist(r.centre, k.centre) <= 0.5 * max(_side(r), _side(k))]
        if not same:
            kept.append(r)
        elif abs(math.log(_side(r) / _side(kept[same[0]]))) <= MERGE_SIZE_RATIO:
            kept[same[0]] = _weigh_second_look(kept[same[0]], r)
    return kept


def _weigh_second_look(reading: DieReading, other: DieReading) -> DieReading:
    """``reading``, unchanged where ``other``, a second look at the same die, agrees with it; where they
    disagree, its confidence is the mean of the two looks' probabilities: of its type where the types
    differ, else of each value (the value becomes the likelier of the pooled ones)."""
    if other.die_type != reading.die_type:
        return replace(reading, type_confidence=(reading.type_confidence + 1.0 - other.type_confidence) / 2)
    if other.value == reading.value or not reading.value_probabilities \
            or len(other.value_probabilities) != len(reading.value_probabilities):
        return reading
    values = [(a + b) / 2 for a, b in zip(reading.value_probabilities, other.value_probabilities)]
    best = int(np.argmax(values))
    return replace(reading, value=best + 1, value_confidence=values[best], value_probabilities=tuple(values))


def _d4_odds(point: np.ndarray, read: np.ndarray, own: np.ndarray) -> np.ndarray:
    """A D4's value odds from the digit reader's reading of its faces by the point, weighed with the reader's own
    odds to the power ``OWN_D4_WEIGHT`` (the faces' reading is the better of a D4 seen from above, the reader's
    of one seen from the side, whose faces are not where the crops look), and the value reader's reading on the
    point, to the power ``VALUE_READER_WEIGHT`` against the faces' reading's rest. Each reads D4 photos, and the
    demo's drawn D4s, worse alone than the two together."""
    faces = point * (own / max(float(own.sum()), 1e-12) + 1e-3) ** OWN_D4_WEIGHT
    both = read ** VALUE_READER_WEIGHT * (faces / faces.sum()) ** (1.0 - VALUE_READER_WEIGHT)
    return both / both.sum()


def _fills(readings: list[DieReading], frame: np.ndarray) -> bool:
    """Whether a die read fills a close-up (a frame no larger than one die) as a photo of a die does."""
    return any(_side(r) >= CLOSE_UP_DIE * min(frame.shape[:2]) for r in readings)


def _without_print(readings: list[DieReading], dice: list[DieReading]) -> list[DieReading]:
    """``dice`` (a close-up's, read with a margin) and those of ``readings`` (read without) that lie in none of
    them: a find inside a larger die is print over it (a caption's digits) or a part of it."""
    return dice + [r for r in readings if not any(_inside(r.centre, d) and _side(d) > _side(r) for d in dice)]


def _side(reading: DieReading) -> float:
    return max(reading.bbox[2] - reading.bbox[0], 1.0)


def _faintest_level(contrast: ContrastImage, readings: list[DieReading]) -> float:
    """The mean contrast over a patch half the die across at the centre of the faintest die read (0 if none)."""
    s = contrast.scale
    levels = []
    for r in readings:
        x, y, half = int(r.centre[0] * s), int(r.centre[1] * s), max(1, int(_side(r) * s / 4))
        patch = contrast.contrast[max(0, y - half):y + half + 1, max(0, x - half):x + half + 1]
        if patch.size:
            levels.append(float(patch.mean()))
    return min(levels, default=0.0)


def _die_sized_blob_left(residual: ContrastImage, level: float, smallest: float) -> bool:
    """Whether the residual map still holds contrast over ``level`` across a patch a quarter of the ``smallest``
    die (frame pixels) across: a cheap test that spares some frames the second search."""
    side = max(1, int(round(smallest * residual.scale / 4)))
    strong = (residual.contrast > level).astype(np.uint8)
    return bool(cv2.erode(strong, np.ones((side, side), np.uint8)).any())


def _inside(point, reading: DieReading) -> bool:
    """Whether ``point`` lies inside the reading's outline."""
    outline = np.asarray(reading.outline, np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(outline, (float(point[0]), float(point[1])), False) >= 0


def _outline(contrast: ContrastImage, centre, size) -> list[tuple]:
    """The die's outline: the minimum-area rectangle of its contrast blob, else its square box. A blob
    whose rectangle is not centred on the die holds part of a die touching it, and taking that outline
    out of the contrast map would leave the other die too little of itself to be found."""
    s = contrast.scale
    half = size * 0.75 * s
    cx, cy = centre[0] * s, centre[1] * s
    h, w = contrast.contrast.shape[:2]
    x0, x1 = int(max(0, cx - half)), int(min(w, cx + half + 1))
    y0, y1 = int(max(0, cy - half)), int(min(h, cy + half + 1))
    square = [(centre[0] - size / 2, centre[1] - size / 2), (centre[0] + size / 2, centre[1] - size / 2),
              (centre[0] + size / 2, centre[1] + size / 2), (centre[0] - size / 2, centre[1] + size / 2)]
    patch = contrast.contrast[y0:y1, x0:x1]
    if patch.shape[0] < 4 or patch.shape[1] < 4:
        return square
    patch8 = np.clip(patch, 0, 255).astype(np.uint8)
    _, mask = cv2.threshold(patch8, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    count, labels = cv2.connectedComponents(mask)
    label = labels[int(min(max(cy - y0, 0), labels.shape[0] - 1)), int(min(max(cx - x0, 0), labels.shape[1] - 1))]
    if label == 0:
        return square
    points = np.column_stack(np.nonzero(labels == label)[::-1]).astype(np.float32)
    rect = cv2.minAreaRect(points)
    side = max(rect[1])
    off_centre = math.dist(rect[0], (cx - x0, cy - y0))
    if not 0.6 * size * s <= side <= 1.4 * size * s or off_centre > OUTLINE_OFF_CENTRE * size * s:
        return square
    corners = cv2.boxPoints(rect)
    return [(float((x + x0) / s), float((y + y0) / s)) for x, y in corners]


def _moved(reading: DieReading, by: float) -> DieReading:
    """``reading`` with its place moved by ``by`` pixels along both axes."""
    x0, y0, x1, y1 = reading.bbox
    return replace(reading, centre=(reading.centre[0] + by, reading.centre[1] + by),
                   outline=[(x + by, y + by) for x, y in reading.outline], bbox=(x0 + by, y0 + by, x1 + by, y1 + by))


def _blank(frame: np.ndarray, regions: Sequence[np.ndarray]) -> np.ndarray:
    """A copy of ``frame`` with ``regions`` filled with the table's colour (the median of a thumbnail)."""
    if not len(regions):
        return frame
    thumb = cv2.resize(frame, (64, max(1, 64 * frame.shape[0] // frame.shape[1])), interpolation=cv2.INTER_AREA)
    table = tuple(int(v) for v in np.median(thumb.reshape(-1, 3), axis=0))
    out = frame.copy()
    cv2.fillPoly(out, [np.round(np.asarray(r, np.float32).reshape(-1, 2)).astype(np.int32) for r in regions], table)
    return out


def _checked_frame(frame) -> np.ndarray:
    if not isinstance(frame, np.ndarray) or frame.size == 0:
        raise ValueError("frame must be a non-empty numpy image (H x W x 3, BGR)")
    if frame.ndim == 2:
        frame = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    if frame.ndim != 3 or frame.shape[2] not in (3, 4):
        raise ValueError(f"frame must be H x W x 3 (BGR); got shape {frame.shape}")
    if frame.shape[2] == 4:
        frame = cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR)
    if frame.dtype != np.uint8:
        frame = np.clip(frame, 0, 255).astype(np.uint8)
    if min(frame.shape[:2]) < 16:
        raise ValueError(f"frame too small to hold a die: {frame.shape[1]}x{frame.shape[0]}")
    return frame


_default_reader: Optional[DiceReader] = None


def read_dice(frame_bgr: np.ndarray, profile: Optional[ColourProfile] = None,
              ignore: Sequence[np.ndarray] = (), die_size: Optional[float] = None) -> list[DieReading]:
    """Every die in ``frame_bgr``; colours from ``profile`` or, without one, the nearest named colour.
    Nothing is looked for inside the ``ignore`` polygons; ``die_size`` narrows the search to dice of about
    that size (see ``DiceReader.read``)."""
    global _default_reader
    if _default_reader is None:
        _default_reader = DiceReader()
    return _default_reader.read(frame_bgr, profile, ignore, die_size)
