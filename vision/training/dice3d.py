"""Dice rendered in 3D for training the numeral reader: true geometry, face layouts, real fonts, real light.

A die is a convex polyhedron (D4, D6, D8). Each face seen from the camera is painted from a texture of its
own (the die's plastic, and its numerals or pips in a TrueType font) through the homography that takes the
face's plane to the image, and shaded per pixel by a directional light: ambient, diffuse and a specular
highlight. Convex faces seen from outside never overlap, so no depth test is needed. The die casts a soft
shadow on a table patch (``Backgrounds``), may be translucent (its far edges seen through it), and the camera
looks down from straight above to about 30 degrees off, with blur, noise and JPEG.

The layouts:
- D4 read at its point: each face carries at each corner the value of that corner, its top towards the
  corner; the value is the corner on top, so it stands three times around the point.
  D4 read at its base: each face carries along each edge the value of the face across that edge (the value
  of the corner opposite it), its foot towards the edge; the value stands three times along the bottom.
- D6: a numeral or pips in the middle of each face; opposite faces sum to 7.
- D8: a numeral in the middle of each face, its top towards one corner; opposite faces sum to 9.
The 6 (and on a D8 the 9's look-alike) is marked by a bar or a dot under it on most dice.

Fonts come from the system's font folders (Debian's font packages; ``docs/vision.md`` lists the apt line).
Needs Pillow (the ``train`` extra); never used at run time.
"""
from __future__ import annotations

import functools
import glob
import math
from dataclasses import dataclass
from typing import Optional, Sequence

import cv2
import numpy as np

FONT_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts")
TEXTURE = 112  # a face texture's side in pixels
DIGITS = "12345678"


@functools.lru_cache(maxsize=1)
def font_files() -> tuple[str, ...]:
    """TrueType and OpenType fonts that draw the digits 1 to 8 as eight different glyphs."""
    from PIL import ImageFont

    found = []
    for folder in FONT_DIRS:
        for path in sorted(glob.glob(f"{folder}/**/*.[ot]tf", recursive=True)):
            try:
                ImageFont.truetype(path, 40)
                masks = [glyph(path, d, 24, "") for d in DIGITS]
            except (OSError, ValueError):
                continue
            shapes = {cv2.resize(m, (12, 16)).round(1).tobytes() for m in masks}
            if len(shapes) == len(DIGITS) and all(m.shape[1] >= 4 and m.mean() > 0.08 for m in masks):
                found.append(path)
    return tuple(found)


HERSHEY = "hershey:"  # a font name of OpenCV's stroke fonts (those of ``vision.synth``'s dice), by number
HERSHEY_SHARE = 0.1  # of the dice rendered, this share has numerals in a stroke font


@functools.lru_cache(maxsize=4096)
def glyph(font: str, text: str, height: int, underline: str) -> np.ndarray:
    """A float mask of ``text`` in the font (a font file, or ``HERSHEY`` and a number), ``height`` pixels tall,
    its ink tight in the mask; ``underline``: "bar" or "dot" under it, or ""."""
    from PIL import Image, ImageDraw, ImageFont

    if font.startswith(HERSHEY):
        image, (w, h), x0, y0 = _stroke_text(int(font[len(HERSHEY):]), text, height * 2, underline)
    else:
        truetype = ImageFont.truetype(font, height * 2)
        x0, y0, x1, y1 = truetype.getbbox(text)
        w, h = x1 - x0, y1 - y0
        image = Image.new("L", (w + 8, h + 8 + (int(0.45 * h) if underline else 0)), 0)
        ImageDraw.Draw(image).text((4 - x0, 4 - y0), text, fill=255, font=truetype)
    extra = int(0.45 * h) if underline else 0
    draw = ImageDraw.Draw(image)
    if underline == "bar":
        thick = max(2, h // 9)
        draw.rectangle((4 + w * 0.15, 4 + h + extra * 0.45, 4 + w * 0.85, 4 + h + extra * 0.45 + thick), fill=255)
    elif underline == "dot":
        r = max(2, h // 10)
        cx, cy = 4 + w / 2, 4 + h + extra * 0.55
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
    mask = np.asarray(image, np.float32) / 255.0
    scale = height / max(h, 1)
    return cv2.resize(mask, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)


def _stroke_text(font: int, text: str, height: int, underline: str):
    """``text`` drawn in one of OpenCV's stroke fonts as a Pillow image with 4 pixels around its ink."""
    from PIL import Image

    scale = height / cv2.getTextSize("0", font, 1.0, 1)[0][1]
    thickness = max(1, int(round(height / 9)))
    (w, h), base = cv2.getTextSize(text, font, scale, thickness)
    extra = int(0.45 * h) if underline else 0
    canvas = np.zeros((h + base + 8 + extra, w + 8), np.uint8)
    cv2.putText(canvas, text, (4, 4 + h), font, scale, 255, thickness, cv2.LINE_AA)
    rows, cols = np.nonzero(canvas)
    canvas = canvas[max(0, rows.min() - 4):rows.max() + 5 + extra, max(0, cols.min() - 4):cols.max() + 5]
    return Image.fromarray(canvas), (canvas.shape[1] - 8, canvas.shape[0] - 8 - extra), -4, -4


# ---------------------------------------------------------------- geometry


@dataclass(frozen=True)
class Solid:
    """A die's corners and faces (each face's corners counter-clockwise seen from outside)."""

    vertices: np.ndarray
    faces: tuple[tuple[int, ...], ...]

    def normal(self, face: int) -> np.ndarray:
        p = self.vertices[list(self.faces[face])]
        n = np.cross(p[1] - p[0], p[2] - p[0])
        return n / np.linalg.norm(n)

    def centroid(self, face: int) -> np.ndarray:
        return self.vertices[list(self.faces[face])].mean(axis=0)


def _outward(vertices: np.ndarray, faces) -> tuple[tuple[int, ...], ...]:
    """``faces`` with each one's corners ordered counter-clockwise seen from outside."""
    out = []
    for f in faces:
        p = vertices[list(f)]
        c = p.mean(axis=0)
        n = c / np.linalg.norm(c)
        u = p[0] - c
        u /= np.linalg.norm(u)
        w = np.cross(n, u)
        angles = [math.atan2(float((q - c) @ w), float((q - c) @ u)) for q in p]
        out.append(tuple(int(f[k]) for k in np.argsort(angles)))
    return tuple(out)


def _solid(die_type: str) -> Solid:
    if die_type == "d4":
        v = np.array([(1, 1, 1), (1, -1, -1), (-1, 1, -1), (-1, -1, 1)], np.float64)
        faces = [tuple(k for k in range(4) if k != opposite) for opposite in range(4)]
    elif die_type == "d6":
        v = np.array([(x, y, z) for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], np.float64)
        faces = [tuple(k for k in range(8) if v[k, axis] == sign) for axis in range(3) for sign in (-1, 1)]
    elif die_type == "d8":
        v = np.array([(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)], np.float64)
        faces = [(a, b, c) for a in (0, 1) for b in (2, 3) for c in (4, 5)]
    else:
        raise ValueError(f"no solid for {die_type}")
    v /= np.linalg.norm(v[0])  # every solid's corners on the unit sphere
    return Solid(v, _outward(v, faces))


SOLIDS = {t: _solid(t) for t in ("d4", "d6", "d8")}


def face_values(die_type: str, rng: np.random.Generator) -> list[int]:
    """A value for each face (for a D4, each corner), in the layout of real dice: opposite faces of a D6 sum
    to 7 and of a D8 (on most dice) to 9."""
    solid = SOLIDS[die_type]
    n = len(solid.faces) if die_type != "d4" else 4
    if die_type == "d4":
        return list(rng.permutation(4) + 1)
    normals = [solid.normal(f) for f in range(n)]
    values = [0] * n
    if die_type == "d8" and rng.random() < 0.15:
        return list(rng.permutation(8) + 1)
    top = n + 1
    pool = list(rng.permutation(n // 2) + 1)
    for f in range(n):
        if values[f]:
            continue
        opposite = int(np.argmin([normals[f] @ m for m in normals]))
        value = pool.pop()
        flip = rng.random() < 0.5
        values[f], values[opposite] = (top - value, value) if flip else (value, top - value)
    return values


# ---------------------------------------------------------------- a die's look


@dataclass
class Look:
    """How one die looks: its plastic, its ink and the font of its numerals."""

    body: np.ndarray  # BGR floats 0..1
    second: np.ndarray  # the second colour of marbled or two-colour plastic
    marble: float  # 0: one colour; up to 1: veins of the second colour
    ink: np.ndarray
    font: str
    engraved: bool
    numeral_size: float  # numeral height as a share of the face's inradius times two
    underline: str  # how a 6 (and a 9) is marked
    pips: bool
    translucent: float  # 0 opaque .. 0.5
    bevel: float  # share of the die's size rounded at the edges


def random_look(rng: np.random.Generator, die_type: str, pips: bool = False) -> Look:
    fonts = font_files()
    if not fonts:
        raise RuntimeError("no fonts with digits found; install Debian's font packages (docs/vision.md)")
    hue = rng.uniform(0, 180)
    body = _hsv(hue, rng.uniform(0.0, 1.0) ** 0.7, rng.uniform(0.08, 1.0))
    second = _hsv((hue + rng.normal(0, 40)) % 180 if rng.random() < 0.6 else rng.uniform(0, 180),
                  rng.uniform(0, 1), rng.uniform(0.1, 1.0))
    lum = float(body @ np.array([0.11, 0.59, 0.3]))
    choice = rng.random()
    if choice < 0.45:
        ink = np.array([0.95, 0.95, 0.95]) * rng.uniform(0.8, 1.0) if lum < 0.55 else np.full(3, rng.uniform(0.0, 0.15))
    elif choice < 0.65:
        ink = _hsv(rng.uniform(18, 30), rng.uniform(0.4, 0.9), rng.uniform(0.6, 1.0))  # gold
    elif choice < 0.85:
        ink = np.full(3, rng.uniform(0.0, 0.15)) if lum > 0.35 else np.full(3, rng.uniform(0.85, 1.0))
    else:
        ink = _hsv(rng.uniform(0, 180), rng.uniform(0.3, 1.0), rng.uniform(0.3, 1.0))
    if abs(float(ink @ np.array([0.11, 0.59, 0.3])) - lum) < 0.3:
        ink = np.full(3, 0.95) if lum < 0.5 else np.full(3, 0.05)
    font = str(fonts[int(rng.integers(len(fonts)))])
    if rng.random() < HERSHEY_SHARE:
        font = HERSHEY + str(int(rng.choice([cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
                                              cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_PLAIN])))
    return Look(body=body, second=second, marble=float(rng.choice([0.0, rng.uniform(0.2, 1.0)], p=[0.55, 0.45])),
                ink=ink, font=font, engraved=bool(rng.random() < 0.5),
                numeral_size=float(rng.uniform(0.45, 0.75) if die_type != "d4" else rng.uniform(0.32, 0.48)),
                underline=str(rng.choice(["bar", "dot", ""], p=[0.55, 0.3, 0.15])), pips=pips,
                translucent=float(rng.choice([0.0, rng.uniform(0.1, 0.5)], p=[0.7, 0.3])),
                bevel=float(rng.uniform(0.02, 0.1)))


def _hsv(h: float, s: float, v: float) -> np.ndarray:
    pixel = np.uint8([[[int(h) % 180, int(np.clip(s * 255, 0, 255)), int(np.clip(v * 255, 0, 255))]]])
    return cv2.cvtColor(pixel, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float64) / 255.0


def _plastic(look: Look, rng: np.random.Generator, side: int) -> np.ndarray:
    """A ``side``-pixel patch of the die's plastic: one colour, or marbled with veins of the second."""
    base = np.ones((side, side, 3), np.float32) * look.body.astype(np.float32)
    if look.marble <= 0:
        return base + rng.normal(0, 0.015, (side, side, 1)).astype(np.float32)
    cells = int(rng.integers(2, 6))
    field = cv2.resize(rng.normal(0, 1, (cells, cells)), (side, side), interpolation=cv2.INTER_CUBIC)
    field += 0.4 * cv2.resize(rng.normal(0, 1, (cells * 3, cells * 3)), (side, side), interpolation=cv2.INTER_CUBIC)
    veins = (0.5 + 0.5 * np.sin(field * rng.uniform(2, 6))) ** rng.uniform(1, 4)
    share = (look.marble * veins)[..., None].astype(np.float32)
    return base * (1 - share) + look.second.astype(np.float32) * share


# ---------------------------------------------------------------- face textures


def _face_frame(solid: Solid, face: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """The face's centroid, two in-plane axes (the second the first turned towards the face's normal) and the
    radius around the centroid that its texture spans."""
    corners = solid.vertices[list(solid.faces[face])]
    c = corners.mean(axis=0)
    n = solid.normal(face)
    e1 = corners[0] - c
    e1 /= np.linalg.norm(e1)
    e2 = np.cross(n, e1)
    radius = float(np.max(np.linalg.norm(corners - c, axis=1))) * 1.02
    return c, e1, e2, radius


def _to_texture(point2: np.ndarray, radius: float) -> np.ndarray:
    """Face-plane coordinates (x along e1, y along e2) to texture pixels (y down)."""
    half = TEXTURE / 2
    return np.array([half + point2[0] / radius * half, half - point2[1] / radius * half])


def _stamp(ink: np.ndarray, mask: np.ndarray, at: np.ndarray, up: np.ndarray) -> None:
    """Adds ``mask`` to ``ink`` (texture pixels) centred ``at``, its top turned towards ``up`` (texture axes)."""
    angle = math.degrees(math.atan2(up[0], -up[1]))  # 0 where up is the texture's -y
    h, w = mask.shape
    m = cv2.getRotationMatrix2D((w / 2, h / 2), -angle, 1.0)
    m[:, 2] += at - np.array([w / 2, h / 2])
    np.maximum(ink, cv2.warpAffine(mask, m, ink.shape[::-1], flags=cv2.INTER_LINEAR), out=ink)


@dataclass(frozen=True)
class Numeral:
    """A numeral on a face: its value, where it stands and which way its top points (face-plane coordinates)."""

    value: int
    at: np.ndarray
    up: np.ndarray


def face_ink(die_type: str, solid: Solid, face: int, values: Sequence[int], look: Look, base_read: bool,
             rng: np.random.Generator) -> tuple[np.ndarray, list[Numeral]]:
    """The face's ink as a float mask over its texture, numerals (or pips) laid out as on a real die; and the
    numerals drawn."""
    ink = np.zeros((TEXTURE, TEXTURE), np.float32)
    drawn: list[Numeral] = []
    c, e1, e2, radius = _face_frame(solid, face)
    corners = solid.vertices[list(solid.faces[face])]
    flat = np.array([[(p - c) @ e1, (p - c) @ e2] for p in corners])
    inradius = float(min(np.linalg.norm((a + b) / 2) for a, b in zip(flat, np.roll(flat, -1, axis=0))))
    scale = TEXTURE / 2 / radius

    def numeral(value: int, at2: np.ndarray, up2: np.ndarray, height: float) -> None:
        marked = look.underline if value in (6, 9) and die_type != "d4" else ""
        mask = glyph(look.font, str(value), max(6, int(round(height * scale))), marked)
        _stamp(ink, mask, _to_texture(at2, radius), np.array([up2[0], -up2[1]]))
        drawn.append(Numeral(int(value), at2, up2))

    if die_type == "d4":
        corner_ids = solid.faces[face]
        for k, vertex in enumerate(corner_ids):
            towards = flat[k] / np.linalg.norm(flat[k])
            if base_read:
                # Along the edge opposite this corner, its foot to the edge: resting on the face across that edge,
                # the die has this corner on top.
                edge_mid = (flat[(k + 1) % 3] + flat[(k + 2) % 3]) / 2
                numeral(values[vertex], edge_mid * rng.uniform(0.45, 0.6), towards, look.numeral_size * 2 * inradius)
            else:
                at = flat[k] * rng.uniform(0.5, 0.62)
                numeral(values[vertex], at, towards, look.numeral_size * 2 * inradius)
        return ink, drawn
    value = values[face]
    if die_type == "d6" and look.pips:
        _pips(ink, value, inradius * scale, rng)
        return ink, drawn
    if die_type == "d8":
        up = flat[0] / np.linalg.norm(flat[0])
        at = -up * inradius * 0.12
    else:
        up = np.array([0.0, 1.0])
        at = np.zeros(2)
    numeral(value, at, up, look.numeral_size * 2 * inradius * (0.9 if die_type == "d8" else 1.0))
    return ink, drawn


PIP_LAYOUT = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
              4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
              6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def _pips(ink: np.ndarray, value: int, inradius_px: float, rng) -> None:
    spread = inradius_px * rng.uniform(0.5, 0.62)
    r = inradius_px * rng.uniform(0.14, 0.22)
    for x, y in PIP_LAYOUT[value]:
        cx, cy = TEXTURE / 2 + x * spread, TEXTURE / 2 + y * spread
        cv2.circle(ink, (int(round(cx * 4)), int(round(cy * 4))), int(round(r * 4)), 1.0, -1, cv2.LINE_AA, shift=2)


def face_texture(die_type: str, solid: Solid, face: int, values: Sequence[int], look: Look, base_read: bool,
                 plastic: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, list[Numeral]]:
    """The face's colours (BGR floats): ``plastic`` (a patch of the die's), and its ink; and its numerals."""
    ink, drawn = face_ink(die_type, solid, face, values, look, base_read, rng)
    plastic = np.roll(plastic, tuple(rng.integers(0, TEXTURE, 2)), axis=(0, 1))
    ink3 = ink[..., None]
    colour = plastic * (1 - ink3) + look.ink.astype(np.float32) * ink3
    if look.engraved:
        shade = cv2.GaussianBlur(ink, (0, 0), 1.2)
        shift = np.roll(np.roll(shade, 2, axis=0), 2, axis=1)
        colour = colour * (1 - 0.35 * np.clip(shift - ink, 0, 1))[..., None]
    return colour, drawn


# ---------------------------------------------------------------- the scene


@dataclass
class Render:
    image: np.ndarray  # BGR uint8
    centre: tuple[float, float]  # the die's outline's bounding-box centre
    size: float  # the bounding box's longer side
    value: int
    ups: list[float]  # which way the numerals that show the value point (degrees clockwise from up)
    apex: Optional[tuple[float, float]] = None  # a D4's: where its top corner, its point, is seen


def _rotation(axis: np.ndarray, angle: float) -> np.ndarray:
    axis = axis / np.linalg.norm(axis)
    return cv2.Rodrigues((axis * angle).astype(np.float64))[0]


def _resting(die_type: str, solid: Solid, top: int, rng: np.random.Generator) -> np.ndarray:
    """A rotation that rests the die with face ``top`` (for a D4, corner ``top``) up, turned about the vertical
    at random and cocked by a few degrees."""
    up = solid.vertices[top] if die_type == "d4" else solid.normal(top)
    up = up / np.linalg.norm(up)
    z = np.array([0.0, 0.0, 1.0])
    axis = np.cross(up, z)
    if np.linalg.norm(axis) < 1e-9:
        r = np.eye(3) if up @ z > 0 else _rotation(np.array([1.0, 0, 0]), math.pi)
    else:
        r = _rotation(axis, math.acos(float(np.clip(up @ z, -1, 1))))
    r = _rotation(z, rng.uniform(0, 2 * math.pi)) @ r
    tilt = abs(rng.normal(0, 3.0)) if rng.random() < 0.8 else rng.uniform(3, 10)
    return _rotation(np.array([*rng.normal(0, 1, 2), 0.0]), math.radians(tilt)) @ r


def render_die(rng: np.random.Generator, die_type: str, background: np.ndarray, look: Optional[Look] = None,
               pips: bool = False, value: Optional[int] = None, base_read: Optional[bool] = None,
               one_die_photos: bool = True, own_camera: bool = True) -> Render:
    """One die of ``die_type`` on ``background`` (a BGR patch, which sets the render's size), seen from above
    by a camera up to about 30 degrees off its axis (with ``one_die_photos``, 4 in 10 from 30 to 60 degrees off,
    as people photograph one die). A D4 is read at its base one time in five, or as ``base_read`` says. Without
    ``own_camera``, the render has no exposure, noise or JPEG of its own: a scene of several dice adds them once."""
    solid = SOLIDS[die_type]
    look = look or random_look(rng, die_type, pips)
    values = face_values(die_type, rng)
    slots = range(4) if die_type == "d4" else range(len(solid.faces))
    top = int(rng.choice([k for k in slots if value is None or values[k] == value]))
    base_read = die_type == "d4" and (rng.random() < 0.2 if base_read is None else base_read)
    rotation = _resting(die_type, solid, top, rng)
    rotated = solid.vertices @ rotation.T
    lift = np.array([0.0, 0.0, -rotated[:, 2].min()])  # the die rests on the table, z = 0
    vertices = rotated + lift

    side = background.shape[0]
    die_px = side * rng.uniform(0.42, 0.6)  # the die's extent in pixels
    distance = rng.uniform(6, 25)  # the camera's distance in die radii: nearer, the more perspective
    focal = die_px / 2.0 * distance
    # Looking down at the die, from straight above to 30 degrees off as at a table, and for photos of one die
    # (which people take at a slant; ``one_die_photos``) up to 60.
    table_view = rng.random() < (0.6 if one_die_photos else 1.0)
    slant = math.radians(rng.uniform(0, 30) if table_view else rng.uniform(30, 60))
    heading = rng.uniform(0, 2 * math.pi)
    camera = lift + distance * np.array([math.sin(slant) * math.cos(heading), math.sin(slant) * math.sin(heading),
                                         math.cos(slant)])
    forward = (lift - camera) / np.linalg.norm(lift - camera)
    right = np.cross(forward, [0.0, 1.0, 0.0])
    right /= np.linalg.norm(right)
    down = np.cross(forward, right)

    def project(points: np.ndarray) -> np.ndarray:
        rel = points - camera
        depth = rel @ forward
        return np.column_stack([focal * (rel @ right) / depth, focal * (rel @ down) / depth])

    centre_px = project(lift[None])[0]
    shift = np.array([side / 2, side / 2]) - centre_px + rng.normal(0, side * 0.03, 2)
    light = np.array([*rng.normal(0, 0.6, 2), 1.0])
    light /= np.linalg.norm(light)

    image = background.astype(np.float32) / 255.0
    # Shadow: the die's corners cast along the light onto the table, blurred.
    cast = vertices - np.outer(vertices[:, 2] / max(light[2], 0.2), light)
    hull = cv2.convexHull((project(cast) + shift).astype(np.float32)).astype(np.int32)
    shadow = np.zeros((side, side), np.float32)
    cv2.fillConvexPoly(shadow, hull, 1.0, cv2.LINE_AA)
    shadow = cv2.GaussianBlur(shadow, (0, 0), side * rng.uniform(0.01, 0.04))
    image *= (1 - rng.uniform(0.2, 0.6) * shadow)[..., None]
    behind = cv2.GaussianBlur(image, (0, 0), 3)
    seen = [(rotation @ solid.normal(k)) @ (camera - (rotation @ solid.centroid(k) + lift)) > 0
            for k in range(len(solid.faces))]
    if look.translucent:
        _draw_back_edges(behind, [project(vertices[list(face)]) + shift
                                  for face, front in zip(solid.faces, seen) if not front], rng)

    ambient, diffuse = rng.uniform(0.5, 0.85), rng.uniform(0.2, 0.55)
    specular, shininess = rng.uniform(0.0, 0.7) ** 1.5, rng.uniform(8, 80)
    die_mask = np.zeros((side, side), np.float32)
    plastic = _plastic(look, rng, TEXTURE)
    ups: list[float] = []
    for face in (k for k, front in enumerate(seen) if front):
        n = rotation @ solid.normal(face)
        centre3 = rotation @ solid.centroid(face) + lift
        polygon = project(vertices[list(solid.faces[face])]) + shift
        x0, y0 = np.maximum(np.floor(polygon.min(axis=0)).astype(int) - 1, 0)
        x1, y1 = np.minimum(np.ceil(polygon.max(axis=0)).astype(int) + 2, side)
        if x1 <= x0 or y1 <= y0:
            continue
        w, h = x1 - x0, y1 - y0
        c, e1, e2, radius = _face_frame(solid, face)
        texture, drawn = face_texture(die_type, solid, face, values, look, base_read, plastic, rng)
        if die_type == "d4" or face == top:
            for numeral in drawn:
                if numeral.value == values[top]:
                    ups.append(_image_angle(project, rotation, lift, c, e1, e2, numeral))
        square = [c + e1 * x * radius + e2 * y * radius for x, y in ((-1, 1), (1, 1), (1, -1), (-1, -1))]
        image_corners = project(np.array([rotation @ p + lift for p in square])) + shift - (x0, y0)
        tex_corners = np.float32([[0, 0], [TEXTURE, 0], [TEXTURE, TEXTURE], [0, TEXTURE]])
        homography = cv2.getPerspectiveTransform(tex_corners, image_corners.astype(np.float32))
        warped = cv2.warpPerspective(texture, homography, (w, h), flags=cv2.INTER_LINEAR)
        mask = np.zeros((h, w), np.float32)
        cv2.fillConvexPoly(mask, np.round((polygon - (x0, y0)) * 4).astype(np.int32), 1.0, cv2.LINE_AA, shift=2)
        # Per-pixel light: where each pixel's ray meets the face's plane, the view direction there.
        ys, xs = np.mgrid[y0:y1, x0:x1].astype(np.float64)
        rays = ((xs - shift[0]) / focal)[..., None] * right + ((ys - shift[1]) / focal)[..., None] * down + forward
        t = (n @ (centre3 - camera)) / (rays @ n)
        view = -rays * t[..., None]
        view /= np.linalg.norm(view, axis=2, keepdims=True)
        halfway = view + light
        halfway /= np.linalg.norm(halfway, axis=2, keepdims=True)
        spec = (specular * np.clip(halfway @ n, 0, 1) ** shininess).astype(np.float32)
        lit = warped * (ambient + diffuse * max(0.0, float(n @ light))) + spec[..., None]
        region = image[y0:y1, x0:x1]
        if look.translucent:
            lit = lit * (1 - look.translucent) + behind[y0:y1, x0:x1] * look.translucent * (ambient + diffuse)
        image[y0:y1, x0:x1] = region * (1 - mask[..., None]) + lit * mask[..., None]
        die_mask[y0:y1, x0:x1] = np.maximum(die_mask[y0:y1, x0:x1], mask)
    # Rounded edges: the outline's and the faces' edges softened, a little lighter along the silhouette.
    bevel = max(1.0, look.bevel * die_px)
    edges = die_mask - cv2.erode(die_mask, np.ones((3, 3), np.uint8), iterations=max(1, int(bevel / 2)))
    image += (rng.uniform(-0.08, 0.12) * cv2.GaussianBlur(edges, (0, 0), bevel / 2))[..., None]
    image = cv2.GaussianBlur(image, (0, 0), rng.uniform(0.2, 0.9) * side / 128)
    ys_in, xs_in = np.nonzero(die_mask > 0.5)
    x0, x1, y0, y1 = xs_in.min(), xs_in.max() + 1, ys_in.min(), ys_in.max() + 1
    out = camera_noise(image, rng) if own_camera else np.clip(image * 255, 0, 255).astype(np.uint8)
    apex = project(vertices[top][None])[0] + shift if die_type == "d4" else None
    return Render(out, ((x0 + x1) / 2, (y0 + y1) / 2), float(max(x1 - x0, y1 - y0)), int(values[top]), ups,
                  None if apex is None else (float(apex[0]), float(apex[1])))


def _draw_back_edges(behind: np.ndarray, polygons: Sequence[np.ndarray], rng: np.random.Generator) -> None:
    """The edges of a translucent die's far faces, seen through it: faint lines, darker or lighter than the table."""
    scale = 4  # sub-pixel precision of the lines' ends (bits of ``shift``)
    tone = rng.uniform(-0.35, 0.25)
    lines = np.zeros(behind.shape[:2], np.float32)
    for polygon in polygons:
        cv2.polylines(lines, [np.round(polygon * 2 ** scale).astype(np.int32)], True, 1.0, 1, cv2.LINE_AA, scale)
    behind += (tone * lines)[..., None]


def _image_angle(project, rotation: np.ndarray, lift: np.ndarray, c, e1, e2, numeral: Numeral) -> float:
    """Which way a numeral's top points in the image, in degrees clockwise from the image's up."""
    at = c + e1 * numeral.at[0] + e2 * numeral.at[1]
    tip = at + 0.05 * (e1 * numeral.up[0] + e2 * numeral.up[1])
    (x0, y0), (x1, y1) = project(np.array([rotation @ at + lift, rotation @ tip + lift]))
    return math.degrees(math.atan2(x1 - x0, -(y1 - y0))) % 360


def camera_noise(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Exposure, noise and JPEG, as a camera adds them."""
    out = image * rng.uniform(0.7, 1.3) + rng.uniform(-0.05, 0.05)
    out = np.clip(out, 0, 1) ** rng.uniform(0.7, 1.4)
    out = out + rng.normal(0, rng.uniform(0.0, 0.04), out.shape)
    out = np.clip(out * 255, 0, 255).astype(np.uint8)
    if rng.random() < 0.7:
        ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 95))])
        out = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return out


class Backgrounds:
    """Table patches to render dice on: cut from photos (away from their labelled dice) and made up, some with
    printed words and numbers on them, as a game board has around its action spaces."""

    def __init__(self, patches: Sequence[np.ndarray] = ()):
        self.patches = list(patches)

    def draw(self, rng: np.random.Generator, side: int) -> np.ndarray:
        patch = self._table(rng, side)
        if rng.random() < 0.35:
            _print_text(patch, rng)
        return patch

    def _table(self, rng: np.random.Generator, side: int) -> np.ndarray:
        if self.patches and rng.random() < 0.6:
            patch = self.patches[int(rng.integers(len(self.patches)))]
            return cv2.resize(patch, (side, side), interpolation=cv2.INTER_AREA)
        colour = _hsv(rng.uniform(0, 180), rng.uniform(0, 0.8), rng.uniform(0.2, 0.95)) * 255
        base = np.ones((side, side, 3), np.float32) * colour
        grain = cv2.resize(rng.normal(0, 1, (int(rng.integers(2, 40)), int(rng.integers(2, 40)))), (side, side),
                           interpolation=cv2.INTER_CUBIC)
        base += (grain * rng.uniform(0, 25))[..., None]
        return np.clip(base, 0, 255).astype(np.uint8)


def patches_from_photos(rows: Sequence[dict], rng: np.random.Generator, per_photo: int = 2,
                        side: int = 128) -> list[np.ndarray]:
    """Square table patches from labelled photos (``rows`` with absolute image paths and every die boxed),
    away from every labelled die."""
    out = []
    for row in rows:
        image = cv2.imread(row["image"])
        if image is None or not row.get("complete") or any(d["bbox"] is None for d in row["dice"]):
            continue
        h, w = image.shape[:2]
        for _ in range(per_photo * 4):
            size = int(rng.uniform(0.15, 0.4) * min(h, w))
            x, y = int(rng.integers(0, w - size)), int(rng.integers(0, h - size))
            if any(x < d["bbox"][2] and d["bbox"][0] < x + size and y < d["bbox"][3] and d["bbox"][1] < y + size
                   for d in row["dice"]):
                continue
            out.append(cv2.resize(image[y:y + size, x:x + size], (side, side), interpolation=cv2.INTER_AREA))
            if len(out) % per_photo == 0:
                break
    return out


PRINTED = ("12345678", "0123456789", "ABCDEFGHJKLMNPRSTUVWXYZ", "abcdefghijkmnoprstuvwxyz")


def _print_text(patch: np.ndarray, rng: np.random.Generator) -> None:
    """A few printed words or numbers on ``patch``, at random sizes, turns and places."""
    fonts = font_files()
    side = patch.shape[0]
    ink = np.full(3, 20.0) if patch.mean() > 110 else np.full(3, 235.0)
    for _ in range(int(rng.integers(1, 5))):
        alphabet = PRINTED[int(rng.integers(len(PRINTED)))]
        text = "".join(rng.choice(list(alphabet), int(rng.integers(1, 6))))
        mask = glyph(str(fonts[int(rng.integers(len(fonts)))]), text, int(side * rng.uniform(0.06, 0.2)), "")
        turn = rng.uniform(0, 2 * math.pi) if rng.random() < 0.5 else 0.0
        turned = np.zeros(patch.shape[:2], np.float32)
        _stamp(turned, mask, rng.uniform(0, side, 2), np.array([math.sin(turn), -math.cos(turn)]))
        alpha = (turned * rng.uniform(0.5, 1.0))[..., None]
        patch[:] = np.clip(patch * (1 - alpha) + ink * alpha, 0, 255).astype(np.uint8)
