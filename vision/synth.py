"""Labelled synthetic frames of D4, D6 and D8 dice seen from above a table.

``render_scene`` draws an explicit list of dice (for the demo camera and table tests);
``random_scene`` draws a random one; ``write_dataset`` writes frames and a
``manifest.jsonl`` in the format of the shared dice photos (plus a ``colour`` per die).

Everything here uses numpy and OpenCV only, so it runs wherever the reader runs.
"""
from __future__ import annotations

import json
import math
import pathlib
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

import cv2
import numpy as np

from vision.readings import FACES

# BGR body colours of the player dice, and of other dice the camera may see.
PLAYER_COLOURS_BGR = {
    "red": (40, 40, 200),
    "blue": (190, 90, 30),
    "green": (60, 150, 40),
    "white": (235, 235, 235),
}
OTHER_COLOURS_BGR = {
    "black": (35, 35, 35),
    "yellow": (40, 210, 230),
    "orange": (30, 120, 235),
    "purple": (150, 50, 120),
}
_FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
          cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_PLAIN)
_PIP_LAYOUT = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)],
}

PaintHook = Callable[[np.ndarray], None]


@dataclass
class DieSpec:
    """One die to draw: ``size`` is its width across in pixels, ``rotation`` in degrees."""

    die_type: str
    value: int
    colour: str
    centre: tuple[float, float]
    rotation: float = 0.0
    size: float = 60.0
    pips: bool = True  # D6 only: pips, or a numeral when False


@dataclass
class SceneStyle:
    """Rendering nuisances. The defaults give a clean, well-lit top-down frame."""

    tilt_deg: float = 0.0  # camera tilt off vertical
    tilt_axis_deg: float = 0.0
    light_gradient: float = 0.0  # 0..1 strength of uneven lighting
    glare: float = 0.0  # probability of a highlight on each die
    shadow: float = 0.4  # shadow darkness 0..1
    side_view: float = 0.08  # how much of a die's side shows (fraction of its size)
    marble: float = 0.0  # probability that a die's body is marbled or speckled
    blur_sigma: float = 0.0
    noise_sigma: float = 2.0
    jpeg_quality: int = 0  # 0: no compression round-trip
    grayscale: bool = False


# ----------------------------------------------------------------------------- backgrounds

def make_background(rng: np.random.Generator, width: int, height: int,
                    kind: Optional[str] = None) -> np.ndarray:
    """A table-like surface: wood, felt, paper or a speckled pattern."""
    kind = kind or rng.choice(["wood", "felt", "paper", "speckle"])
    base = rng.uniform(30, 200, size=3)
    if kind == "wood":
        base = np.array([rng.uniform(30, 90), rng.uniform(60, 130), rng.uniform(100, 190)])
        yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
        angle = rng.uniform(0, math.pi)
        coord = xx * math.cos(angle) + yy * math.sin(angle)
        freq = rng.uniform(0.03, 0.12)
        grain = np.sin(coord * freq + 3 * np.sin(coord * 0.01 + yy * 0.004)) * rng.uniform(8, 25)
        img = base[None, None, :] + grain[..., None]
    elif kind == "paper":
        base = np.full(3, rng.uniform(170, 240)) + rng.uniform(-15, 15, size=3)
        img = np.broadcast_to(base, (height, width, 3)).astype(np.float32)
    elif kind == "speckle":
        small: np.ndarray = rng.uniform(0, 1, size=(height // 4 + 1, width // 4 + 1, 3)).astype(np.float32)
        small = cv2.resize(small, (width, height), interpolation=cv2.INTER_NEAREST)[:height, :width]
        img = base[None, None, :] + (small - 0.5) * rng.uniform(30, 90)
    else:  # felt
        img = np.broadcast_to(base, (height, width, 3)).astype(np.float32)
    img = img + rng.normal(0, rng.uniform(2, 8), size=(height, width, 1)).astype(np.float32)
    return np.clip(img, 0, 255).astype(np.uint8)


# ----------------------------------------------------------------------------- one die

def _luma(bgr: np.ndarray) -> float:
    """Grey level of a BGR colour: what the reader's grey crops keep of it."""
    return float(0.114 * bgr[0] + 0.587 * bgr[1] + 0.299 * bgr[2])


def _contrast_ink(colour: str, body: np.ndarray, rng: np.random.Generator) -> tuple[int, int, int]:
    """Pip or numeral colour: usually white or black against the body, sometimes a colour of its own."""
    if rng.random() < 0.2:
        # Coloured ink, apart from the body in colour and in grey level (printed ink stands out in both).
        for _ in range(10):
            ink = rng.uniform(0, 255, size=3)
            if np.abs(ink - body).sum() > 180 and abs(_luma(ink) - _luma(body)) > 50:
                return int(ink[0]), int(ink[1]), int(ink[2])
    if colour in ("white", "yellow") or body.mean() > 170:
        return (int(rng.uniform(10, 50)),) * 3
    if rng.random() < 0.15:
        return (int(rng.uniform(10, 40)),) * 3 if body.mean() > 90 else (230, 230, 230)
    shade = int(rng.uniform(200, 250))
    return (shade, shade, shade)


def _marble(patch: np.ndarray, mask: np.ndarray, rng: np.random.Generator, strength: float) -> np.ndarray:
    """Swirls or speckles of a second colour in the body, as on marbled and speckled dice."""
    side = patch.shape[0]
    cells = int(rng.integers(3, 9)) if rng.random() < 0.6 else int(rng.integers(12, 30))
    noise = cv2.resize(rng.uniform(0, 1, (cells, cells)).astype(np.float32), (side, side),
                       interpolation=cv2.INTER_CUBIC)
    tint = rng.uniform(0, 255, size=3).astype(np.float32)
    weight = np.clip((noise - 0.5) * 2.5, 0, 1)[..., None] * strength * (mask[..., None] > 0)
    return np.clip(patch * (1 - weight) + tint * weight, 0, 255).astype(np.uint8)


def _stamp_text(canvas: np.ndarray, text: str, centre: tuple[float, float], angle_deg: float,
                height: float, colour: tuple[int, int, int], font: int, thickness: int,
                squash: float = 1.0, underline: bool = False) -> None:
    """Draw ``text`` centred at ``centre``, rotated by ``angle_deg`` (its top pointing there), its
    digits ``height`` tall whatever the font (the Hershey fonts' digits differ in size at one scale)."""
    scale = height / cv2.getTextSize("0", font, 1.0, 1)[0][1]
    (tw, th), base = cv2.getTextSize(text, font, scale, thickness)
    pad = int(max(tw, th) * 0.6 + 4)
    size = 2 * pad
    mask = np.zeros((size, size), np.uint8)
    org = (int(pad - tw / 2), int(pad + th / 2))
    cv2.putText(mask, text, org, font, scale, (255,), thickness, cv2.LINE_AA)
    if underline:
        y = int(pad + th / 2 + max(2, th * 0.2))
        cv2.line(mask, (int(pad - tw / 2), y), (int(pad + tw / 2), y), (255,), thickness, cv2.LINE_AA)
    m: np.ndarray = cv2.getRotationMatrix2D((pad, pad), angle_deg, 1.0)
    m[1, :] *= squash
    m[1, 2] += pad * (1 - squash)
    m[:, 2] += np.array(centre) - pad
    warped = cv2.warpAffine(mask, m, (canvas.shape[1], canvas.shape[0])).astype(np.float32) / 255
    canvas[:] = (canvas * (1 - warped[..., None]) + np.array(colour) * warped[..., None]).astype(canvas.dtype)


def _shade(colour: np.ndarray, factor: float) -> tuple[int, int, int]:
    b, g, r = np.clip(colour * factor, 0, 255)
    return int(b), int(g), int(r)


def _draw_d6(patch, mask, c, r, body, ink, value, pips, rng):
    half = r * 0.72
    corner = half * rng.uniform(0.12, 0.3)
    rect = [(c - half + corner, c - half), (c + half - corner, c - half), (c + half, c - half + corner),
            (c + half, c + half - corner), (c + half - corner, c + half), (c - half + corner, c + half),
            (c - half, c + half - corner), (c - half, c - half + corner)]
    poly = np.array(rect, np.float32)
    cv2.fillPoly(mask, [np.round(poly * 4).astype(np.int32)], 255, cv2.LINE_AA, shift=2)
    cv2.fillPoly(patch, [np.round(poly * 4).astype(np.int32)], _shade(body, 1.0), cv2.LINE_AA, shift=2)
    if pips:
        spacing = half * rng.uniform(0.5, 0.6)
        pip_r = half * rng.uniform(0.13, 0.19)
        for dx, dy in _PIP_LAYOUT[value]:
            cv2.circle(patch, (int((c + dx * spacing) * 4), int((c + dy * spacing) * 4)),
                       int(pip_r * 4), ink, -1, cv2.LINE_AA, shift=2)
    else:
        _stamp_text(patch, str(value), (c, c), 0.0, half * rng.uniform(0.9, 1.2), ink,
                    int(rng.choice(_FONTS)), max(1, int(half / 12)), underline=value in (6, 9))
    return poly


def _draw_d4(patch, mask, c, r, body, ink, value, rng):
    angles = [-90, 30, 150]
    verts = np.array([(c + r * math.cos(math.radians(a)), c + r * math.sin(math.radians(a)))
                      for a in angles], np.float32)
    others = [v for v in range(1, 5) if v != value]
    rng.shuffle(others)
    cv2.fillPoly(mask, [np.round(verts * 4).astype(np.int32)], 255, cv2.LINE_AA, shift=2)
    font = int(rng.choice(_FONTS))
    thick = max(1, int(r / 16))
    height = r * rng.uniform(0.2, 0.28)
    centre = np.array([c, c], np.float32)
    for i in range(3):
        a, b = verts[i], verts[(i + 1) % 3]
        face = np.array([centre, a, b], np.float32)
        cv2.fillPoly(patch, [np.round(face * 4).astype(np.int32)], _shade(body, rng.uniform(0.7, 1.15)),
                     cv2.LINE_AA, shift=2)
        for corner, label in ((centre, value), (a, others[i]), (b, others[(i + 1) % 3])):
            opposite = (face.sum(axis=0) - corner) / 2
            pos = corner + (opposite - corner) * 0.3
            direction = corner - pos
            angle = math.degrees(math.atan2(-direction[0], -direction[1]))
            _stamp_text(patch, str(label), tuple(pos), angle, height, ink, font, thick)
    return verts


def _draw_d8(patch, mask, c, r, body, ink, value, rng):
    hexagon = np.array([(c + r * math.cos(math.radians(90 + 60 * k)), c + r * math.sin(math.radians(90 + 60 * k)))
                        for k in range(6)], np.float32)
    cv2.fillPoly(mask, [np.round(hexagon * 4).astype(np.int32)], 255, cv2.LINE_AA, shift=2)
    cv2.fillPoly(patch, [np.round(hexagon * 4).astype(np.int32)], _shade(body, rng.uniform(0.65, 0.85)),
                 cv2.LINE_AA, shift=2)
    top = hexagon[[1, 3, 5]]
    font = int(rng.choice(_FONTS))
    thick = max(1, int(r / 14))
    others = [v for v in range(1, 9) if v != value]
    rng.shuffle(others)
    for i, k in enumerate((0, 2, 4)):  # the three side faces between the top triangle and a bottom vertex
        side = hexagon[[k, (k + 1) % 6, (k + 5) % 6]]
        cv2.fillPoly(patch, [np.round(side * 4).astype(np.int32)], _shade(body, rng.uniform(0.55, 0.9)),
                     cv2.LINE_AA, shift=2)
        centre = side.mean(axis=0)
        direction = hexagon[k] - np.array([c, c])
        angle = math.degrees(math.atan2(direction[0], direction[1])) + 180
        _stamp_text(patch, str(others[i]), tuple(centre), angle, r * 0.28, ink, font, thick, squash=0.6)
    cv2.fillPoly(patch, [np.round(top * 4).astype(np.int32)], _shade(body, 1.0), cv2.LINE_AA, shift=2)
    edge = int(rng.integers(3))
    a, b = top[edge], top[(edge + 1) % 3]
    along = b - a
    angle = -math.degrees(math.atan2(along[1], along[0]))
    # The numeral's baseline lies along one edge of the top face.
    base_mid = (a + b) / 2
    centre = top.mean(axis=0)
    if np.dot(centre - base_mid, np.array([-math.sin(math.radians(-angle)), math.cos(math.radians(-angle))])) > 0:
        angle += 180
    _stamp_text(patch, str(value), tuple(centre), angle, r * rng.uniform(0.45, 0.6), ink, font,
                max(1, int(r / 10)), underline=value in (6, 9))
    return hexagon


SUPERSAMPLED_RADIUS = 64.0  # small dice are drawn at least this large, then shrunk: marks blur as a lens blurs them


def _render_die(spec: DieSpec, rng: np.random.Generator, style: SceneStyle):
    """Draw one die upright in its own patch; returns (patch BGR, alpha mask, outline, top-face outline).

    A small die is drawn ``k`` times larger and shrunk by area averaging, so its pips and
    numerals blur into the pixels as a camera records them instead of being drawn with
    whole-pixel strokes.
    """
    colour = {**PLAYER_COLOURS_BGR, **OTHER_COLOURS_BGR}.get(spec.colour, (128, 128, 128))
    body = np.clip(np.array(colour, np.float32) + rng.normal(0, 12, 3), 0, 255)
    r = spec.size / 2
    if spec.die_type == "d6":
        r = spec.size / 2 / 0.72
    side = int(math.ceil(r * 2.6)) | 1
    k = max(1, int(math.ceil(SUPERSAMPLED_RADIUS / r)))
    big = side * k
    c = big / 2
    patch: np.ndarray = np.zeros((big, big, 3), np.uint8)
    mask: np.ndarray = np.zeros((big, big), np.uint8)
    ink = _contrast_ink(spec.colour, body, rng)
    if spec.die_type == "d6":
        outline = _draw_d6(patch, mask, c, r * k, body, ink, spec.value, spec.pips, rng)
    elif spec.die_type == "d4":
        outline = _draw_d4(patch, mask, c, r * k, body, ink, spec.value, rng)
    elif spec.die_type == "d8":
        outline = _draw_d8(patch, mask, c, r * k, body, ink, spec.value, rng)
    else:
        raise ValueError(f"unknown die type {spec.die_type!r}")
    if rng.random() < style.marble:
        patch = _marble(patch, mask, rng, float(rng.uniform(0.3, 0.8)))
    if style.glare and rng.random() < style.glare:
        glare = np.zeros((big, big), np.float32)
        rk = r * k
        gx, gy = rng.uniform(c - rk * 0.5, c + rk * 0.5, size=2)
        cv2.ellipse(glare, (int(gx), int(gy)), (int(rk * rng.uniform(0.15, 0.4)), int(rk * rng.uniform(0.1, 0.3))),
                    rng.uniform(0, 180), 0, 360, (1.0,), -1)
        glare = cv2.GaussianBlur(glare, (0, 0), rk * 0.12) * (mask > 0) * rng.uniform(0.4, 0.9)
        patch = np.clip(patch + glare[..., None] * (255 - patch.astype(np.float32)), 0, 255).astype(np.uint8)
    if k > 1:
        patch = cv2.resize(patch, (side, side), interpolation=cv2.INTER_AREA)
        mask = cv2.resize(mask, (side, side), interpolation=cv2.INTER_AREA)
        outline = outline / k
    return patch, mask, outline, side / 2


def _place(frame: np.ndarray, patch: np.ndarray, mask: np.ndarray, m: np.ndarray) -> None:
    """Alpha-blend ``patch`` into ``frame`` through the affine map ``m``, touching only its footprint."""
    h, w = frame.shape[:2]
    ph, pw = mask.shape
    corners = cv2.transform(np.array([[[0, 0]], [[pw, 0]], [[pw, ph]], [[0, ph]]], np.float32), m).reshape(-1, 2)
    x0, y0 = np.maximum(np.floor(corners.min(axis=0)).astype(int) - 1, 0)
    x1, y1 = np.minimum(np.ceil(corners.max(axis=0)).astype(int) + 1, [w, h])
    if x1 <= x0 or y1 <= y0:
        return
    local = m.copy()
    local[:, 2] -= (x0, y0)
    size = (int(x1 - x0), int(y1 - y0))
    warped = cv2.warpAffine(patch, local, size, flags=cv2.INTER_LINEAR)
    alpha = cv2.warpAffine(mask, local, size, flags=cv2.INTER_LINEAR).astype(np.float32)[..., None] / 255
    roi = frame[y0:y1, x0:x1]
    roi[:] = (roi * (1 - alpha) + warped * alpha).astype(np.uint8)


# ----------------------------------------------------------------------------- scenes

def render_scene(dice: Sequence[DieSpec], background: np.ndarray, style: Optional[SceneStyle] = None,
                 rng: Optional[np.random.Generator] = None,
                 paint: Optional[PaintHook] = None) -> tuple[np.ndarray, list[dict]]:
    """Draw ``dice`` on ``background`` (BGR) and return (frame, labels).

    Each label has ``type``, ``value``, ``colour``, ``bbox`` [x0, y0, x1, y1] and
    ``outline`` (the die's top outline as seen), all in frame pixels after the camera tilt.
    ``paint`` is called with the flat table image before the camera transform, so extra
    things on the table (markers, cards) get the same perspective and lighting.
    """
    style = style or SceneStyle()
    rng = rng or np.random.default_rng()
    frame = background.copy()
    h, w = frame.shape[:2]
    if paint is not None:
        paint(frame)
    outlines = []
    for spec in dice:
        patch, mask, outline, c = _render_die(spec, rng, style)
        m: np.ndarray = cv2.getRotationMatrix2D((c, c), spec.rotation, 1.0)
        m[:, 2] += np.array(spec.centre) - c
        # The side of the die shows as a darker offset copy of its silhouette; the shadow falls beyond it.
        offset = np.array(spec.centre, np.float32) - np.array([w / 2, h / 2], np.float32)
        norm = np.linalg.norm(offset) + 1e-6
        side_shift = offset / norm * spec.size * style.side_view * min(1.0, float(norm / (0.5 * max(w, h))))
        if style.shadow > 0:
            ms = m.copy()
            ms[:, 2] += np.array([spec.size * 0.08, spec.size * 0.1])
            dark = np.zeros_like(patch)
            shadow_mask = cv2.GaussianBlur(mask, (0, 0), max(1.0, spec.size * 0.08))
            _place(frame, dark, (shadow_mask * style.shadow).astype(np.uint8), ms)
        # The side shows the die's own marks, darker: seen obliquely, pips on the sides are visible too.
        side_patch = (patch.astype(np.float32) * rng.uniform(0.45, 0.75)).astype(np.uint8)
        for step in np.linspace(1.0, 0.25, 3):
            ms = m.copy()
            ms[:, 2] -= side_shift * step
            _place(frame, side_patch, mask, ms)
        _place(frame, patch, mask, m)
        pts = cv2.transform(outline.reshape(-1, 1, 2), m).reshape(-1, 2)
        outlines.append(np.vstack([pts, pts - side_shift]))
    frame = _apply_light(frame, style, rng)
    homography = _tilt_homography(w, h, style)
    if homography is not None:
        frame = cv2.warpPerspective(frame, homography, (w, h), borderMode=cv2.BORDER_REFLECT)
        outlines = [cv2.perspectiveTransform(o.reshape(-1, 1, 2).astype(np.float32), homography).reshape(-1, 2)
                    for o in outlines]
    frame = _apply_camera(frame, style, rng)
    labels = []
    for spec, pts in zip(dice, outlines):
        x0, y0 = np.clip(pts.min(axis=0), 0, [w - 1, h - 1])
        x1, y1 = np.clip(pts.max(axis=0), 0, [w - 1, h - 1])
        labels.append({"type": spec.die_type, "value": int(spec.value), "colour": spec.colour,
                       "bbox": [round(float(v), 1) for v in (x0, y0, x1, y1)],
                       "outline": [[round(float(x), 1), round(float(y), 1)] for x, y in pts]})
    return frame, labels


def _apply_light(frame: np.ndarray, style: SceneStyle, rng: np.random.Generator) -> np.ndarray:
    if style.light_gradient <= 0:
        return frame
    h, w = frame.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, 2 * math.pi)
    ramp = (xx * math.cos(angle) + yy * math.sin(angle)) / max(w, h)
    gain = 1.0 + style.light_gradient * (ramp - ramp.mean()) * 1.2
    return np.clip(frame * gain[..., None], 0, 255).astype(np.uint8)


def _tilt_homography(w: int, h: int, style: SceneStyle) -> Optional[np.ndarray]:
    """A camera tilted by ``tilt_deg``: the far side of the table shrinks."""
    if style.tilt_deg <= 0:
        return None
    shrink = math.tan(math.radians(style.tilt_deg)) * 0.5
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    dst = src.copy()
    dst[0, 0] += w * shrink / 2
    dst[1, 0] -= w * shrink / 2
    dst[0, 1] += h * shrink / 4
    dst[1, 1] += h * shrink / 4
    centre = np.array([w / 2, h / 2], np.float32)
    rot = cv2.getRotationMatrix2D(tuple(centre), style.tilt_axis_deg, 1.0)
    rotated_src = cv2.transform(src.reshape(-1, 1, 2), rot).reshape(-1, 2)
    rotated_dst = cv2.transform(dst.reshape(-1, 1, 2), rot).reshape(-1, 2)
    return cv2.getPerspectiveTransform(rotated_src.astype(np.float32), rotated_dst.astype(np.float32))


def _apply_camera(frame: np.ndarray, style: SceneStyle, rng: np.random.Generator) -> np.ndarray:
    if style.blur_sigma > 0:
        frame = cv2.GaussianBlur(frame, (0, 0), style.blur_sigma)
    if style.noise_sigma > 0:
        noise = rng.normal(0, style.noise_sigma, frame.shape).astype(np.float32)
        frame = np.clip(frame + noise, 0, 255).astype(np.uint8)
    if style.jpeg_quality:
        ok, buf = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, style.jpeg_quality])
        frame = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    if style.grayscale:
        frame = cv2.cvtColor(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    return frame


def random_style(rng: np.random.Generator, grayscale_chance: float = 0.0) -> SceneStyle:
    return SceneStyle(
        tilt_deg=float(rng.uniform(0, 30)) if rng.random() < 0.5 else 0.0,
        tilt_axis_deg=float(rng.uniform(0, 360)),
        light_gradient=float(rng.uniform(0, 0.6)),
        glare=float(rng.uniform(0, 0.5)),
        shadow=float(rng.uniform(0.1, 0.6)),
        side_view=float(rng.uniform(0.0, 0.3)),
        marble=float(rng.uniform(0.0, 0.6)),
        blur_sigma=float(rng.uniform(0, 1.2)) if rng.random() < 0.5 else 0.0,
        noise_sigma=float(rng.uniform(0, 6)),
        jpeg_quality=int(rng.integers(40, 95)) if rng.random() < 0.6 else 0,
        grayscale=bool(rng.random() < grayscale_chance),
    )


def random_dice(rng: np.random.Generator, width: int, height: int, count: int,
                size_range: tuple[float, float] = (30, 150), allow_touching: bool = True,
                colours: Sequence[str] = tuple(PLAYER_COLOURS_BGR)) -> list[DieSpec]:
    """Random dice at non-overlapping places (neighbours may touch)."""
    dice: list[DieSpec] = []
    size = float(rng.uniform(*size_range))
    for _ in range(count * 30):
        if len(dice) == count:
            break
        s = size * rng.uniform(0.85, 1.15)
        margin = s * 0.8
        if width <= 2 * margin or height <= 2 * margin:
            break
        centre = (float(rng.uniform(margin, width - margin)), float(rng.uniform(margin, height - margin)))
        gap = 1.0 if allow_touching and rng.random() < 0.3 else 1.25
        if any(math.dist(centre, d.centre) < (s + d.size) / 2 * gap for d in dice):
            continue
        die_type = str(rng.choice(["d4", "d6", "d8"]))
        dice.append(DieSpec(die_type=die_type, value=int(rng.integers(1, FACES[die_type] + 1)),
                            colour=str(rng.choice(list(colours))), centre=centre,
                            rotation=float(rng.uniform(0, 360)), size=s,
                            pips=bool(rng.random() < 0.8)))
    return dice


def random_scene(rng: np.random.Generator, width: int = 1280, height: int = 720, count: int = 12,
                 size_range: tuple[float, float] = (30, 150), grayscale_chance: float = 0.0,
                 colours: Sequence[str] = tuple(PLAYER_COLOURS_BGR)) -> tuple[np.ndarray, list[dict]]:
    dice = random_dice(rng, width, height, count, size_range, colours=colours)
    background = make_background(rng, width, height)
    return render_scene(dice, background, random_style(rng, grayscale_chance), rng)


def write_dataset(out_dir: pathlib.Path, frames: int, seed: int = 0, width: int = 1280, height: int = 720,
                  count_range: tuple[int, int] = (4, 14), size_range: tuple[float, float] = (30, 150)) -> pathlib.Path:
    """Write ``frames`` random scenes as PNG files plus ``manifest.jsonl``; returns the manifest path."""
    out_dir = pathlib.Path(out_dir)
    (out_dir / "images").mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    manifest = out_dir / "manifest.jsonl"
    with open(manifest, "w") as fh:
        for i in range(frames):
            count = int(rng.integers(count_range[0], count_range[1] + 1))
            frame, labels = random_scene(rng, width, height, count, size_range)
            name = f"images/synth_{seed}_{i:05d}.png"
            cv2.imwrite(str(out_dir / name), frame)
            dice = [{k: v for k, v in lab.items() if k != "outline"} for lab in labels]
            fh.write(json.dumps({"image": name, "width": width, "height": height, "dice": dice,
                                 "complete": True, "grayscale": False, "group": f"synth_{seed}"}) + "\n")
    return manifest
