"""Train the whole-frame die detector (``vision.detector``) on real photos and renders; export ONNX.

    python -m vision.training.detector [--leave-out SOURCE[:GROUP] ...] [--out vision/models/detector.onnx]

The network is small and fully convolutional (depthwise-separable blocks down to 1/32 of the image,
merged back up to 1/4, as in a feature pyramid), with three maps at 1/4: the heat of a die's centre,
the centre's offset within the cell and the log of the die's side. It learns from every photo of the
licensed sources whose dice all have boxes (a photo of one die without a box gets the box
``single_die_box`` finds), kept in a bank of small WebP images (``--bank``, cached), and from renders
made as it trains, which show D4 and D8 in the player colours. Photos whose source does not label
every die (``complete: false``) teach "no die here" at a quarter of the weight.
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import pathlib
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Sequence

import cv2
import numpy as np

from vision import synth
from vision.classifier import MODEL_DIR
from vision.detector import MIN_PEAK, MODEL_FILE, STRIDE, DieDetector, network_input, working_scale
from vision.training.samples import single_die_box
from vision.training.sources import SOURCES

if TYPE_CHECKING:
    import torch

CACHE_DIR = pathlib.Path("/tmp/automata-vision-train")
SMALLEST_PHOTO = 200  # photos smaller than this on their long side are crops of one die, not scenes
SMALLEST_DIE = 6.0  # dice smaller than this (working pixels) after scaling are neither taught nor punished
INCOMPLETE_NEGATIVE = 0.25  # weight of "no die here" on photos where not every die is labelled
CROP = 320  # side of the training crops (working pixels)
WEBP_QUALITY = 70  # the bank and the renders, small enough to carry the bank to a training machine


@dataclass
class Photo:
    """One photo of the bank: the image at most ``WORK_SIZE`` on its long side, WebP-encoded, and its dice."""

    image: bytes
    boxes: np.ndarray  # N x 4, x0 y0 x1 y1 in the stored image's pixels
    complete: bool
    source: str
    group: str

    def decoded(self) -> np.ndarray:
        return cv2.imdecode(np.frombuffer(self.image, np.uint8), cv2.IMREAD_COLOR)


def photo_of(row: dict, source: str) -> Optional[Photo]:
    """``row`` of a manifest as a bank photo, or None where it cannot teach the detector."""
    if max(row["width"], row["height"]) < SMALLEST_PHOTO or not row["dice"]:
        return None
    frame = cv2.imread(row["image"])
    if frame is None:
        return None
    boxes = [d.get("bbox") for d in row["dice"]]
    if any(b is None for b in boxes):
        if len(boxes) != 1:
            return None
        boxes = [single_die_box(frame)]
        if boxes[0] is None:
            return None
    scale = working_scale(frame.shape)
    if scale < 1.0:
        frame = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    ok, encoded = cv2.imencode(".webp", frame, [cv2.IMWRITE_WEBP_QUALITY, WEBP_QUALITY])
    return Photo(encoded.tobytes(), np.asarray(boxes, np.float32) * scale, bool(row["complete"]), source,
                 str(row["group"]))


def _photos_of_source(name: str) -> list[Photo]:
    source = next(s for s in SOURCES if s.name == name)
    rows = [r for r in source.rows_with_labels() if source.rows is None or source.rows(r)]
    return [p for p in (photo_of(r, name) for r in rows) if p is not None]


def build_bank(path: pathlib.Path, jobs: int = 1) -> None:
    """Write every licensed source's photos that can teach the detector to ``path`` (npz)."""
    with multiprocessing.Pool(jobs) as pool:
        photos = [p for part in pool.map(_photos_of_source, [s.name for s in SOURCES]) for p in part]
    arrays = {"images": np.array([p.image for p in photos], dtype=object),
              "boxes": np.array([p.boxes for p in photos], dtype=object),
              "complete": np.array([p.complete for p in photos]),
              "source": np.array([p.source for p in photos]), "group": np.array([p.group for p in photos])}
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez(path, **arrays)
    print(f"wrote {path}: {len(photos)} photos, {path.stat().st_size / 2**20:.1f} MiB", flush=True)


def load_bank(path: pathlib.Path) -> list[Photo]:
    data = np.load(path, allow_pickle=True)
    return [Photo(bytes(i), np.asarray(b, np.float32).reshape(-1, 4), bool(c), str(s), str(g))
            for i, b, c, s, g in zip(data["images"], data["boxes"], data["complete"], data["source"], data["group"])]


def left_out(photo: Photo, names: Sequence[str]) -> bool:
    """Whether ``photo`` is left out by ``names``: a source, or ``source:group``."""
    return photo.source in names or f"{photo.source}:{photo.group}" in names


def render(seed: int) -> Photo:
    """A rendered table at the working size, with its dice's boxes."""
    rng = np.random.default_rng(seed)
    width, height = (1280, 720) if rng.random() < 0.7 else (960, 960)
    count = int(rng.integers(2, 18))
    frame, labels = synth.random_scene(rng, width, height, count, size_range=(24, 160),
                                       grayscale_chance=0.15)
    scale = working_scale(frame.shape)
    frame = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    ok, encoded = cv2.imencode(".webp", frame, [cv2.IMWRITE_WEBP_QUALITY, WEBP_QUALITY])
    boxes = np.array([lab["bbox"] for lab in labels], np.float32).reshape(-1, 4) * scale
    return Photo(encoded.tobytes(), boxes, True, "renders", f"render_{seed}")


def renders(count: int, seed: int, jobs: int) -> list[Photo]:
    with multiprocessing.Pool(jobs) as pool:
        return pool.map(render, range(seed * 100000, seed * 100000 + count), chunksize=16)


def scaled_crop(photo: Photo, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """A ``CROP`` x ``CROP`` piece of ``photo`` at a random scale and turn, and its dice's boxes there."""
    image = photo.decoded()
    boxes = photo.boxes.copy()
    sides = np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])
    median = float(np.median(sides)) if len(sides) else 40.0
    # Dice from about 10 to 160 working pixels: as on a table, and as in a close photo of one die.
    low, high = max(0.35, 10.0 / median), min(2.0, 160.0 / median)
    scale = math.exp(rng.uniform(math.log(low), math.log(max(low, high))))
    image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    boxes *= scale
    h, w = image.shape[:2]
    x0 = int(rng.integers(min(0, w - CROP), max(0, w - CROP) + 1))
    y0 = int(rng.integers(min(0, h - CROP), max(0, h - CROP) + 1))
    # Where the image is smaller than the crop it is padded as the detector pads it: with its edge.
    pad = [max(0, -y0), max(0, y0 + CROP - h), max(0, -x0), max(0, x0 + CROP - w)]
    image = cv2.copyMakeBorder(image, *pad, cv2.BORDER_REPLICATE)
    image = image[y0 + pad[0]:y0 + pad[0] + CROP, x0 + pad[2]:x0 + pad[2] + CROP]
    boxes -= np.array([x0, y0, x0, y0], np.float32)
    turns = int(rng.integers(4))
    image = np.rot90(image, turns).copy()
    for _ in range(turns):  # a quarter turn anticlockwise: (x, y) -> (y, CROP - x)
        boxes = np.stack([boxes[:, 1], CROP - boxes[:, 2], boxes[:, 3], CROP - boxes[:, 0]], axis=1)
    if rng.random() < 0.5:
        image = image[:, ::-1].copy()
        boxes = np.stack([CROP - boxes[:, 2], boxes[:, 1], CROP - boxes[:, 0], boxes[:, 3]], axis=1)
    return recoloured(image, rng), boxes


def recoloured(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Other dice colours, light and cameras: hue turned, grey, gamma, contrast, blur, noise."""
    if rng.random() < 0.5:
        hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
        hsv[..., 0] = ((hsv[..., 0].astype(np.int32) + int(rng.integers(180))) % 180).astype(np.uint8)
        image = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)
    if rng.random() < 0.15:
        image = cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    x = image.astype(np.float32)
    if rng.random() < 0.5:
        x = 255.0 * (x / 255.0) ** rng.uniform(0.6, 1.6)
    if rng.random() < 0.5:
        x = (x - x.mean()) * rng.uniform(0.6, 1.3) + x.mean() + rng.uniform(-30, 30)
    if rng.random() < 0.25:
        x = cv2.GaussianBlur(x, (0, 0), rng.uniform(0.5, 1.5))
    if rng.random() < 0.3:
        x += rng.normal(0, rng.uniform(2, 10), x.shape).astype(np.float32)
    return np.clip(x, 0, 255).astype(np.uint8)


def targets(boxes: np.ndarray, complete: bool) -> dict[str, np.ndarray]:
    """The maps the network learns for a crop with ``boxes``: heat (a Gaussian at each centre), the weight of
    each cell's "no die" (lower on incomplete photos, none around dice too small to teach), and at each
    centre cell the offset and the log side in cells."""
    cells = CROP // STRIDE
    heat = np.zeros((cells, cells), np.float32)
    weight = np.full((cells, cells), 1.0 if complete else INCOMPLETE_NEGATIVE, np.float32)
    offset = np.zeros((2, cells, cells), np.float32)
    size = np.zeros((cells, cells), np.float32)
    mask = np.zeros((cells, cells), np.float32)
    ys, xs = np.mgrid[0:cells, 0:cells].astype(np.float32) + 0.5
    for x0, y0, x1, y1 in boxes:
        cx, cy, side = (x0 + x1) / 2 / STRIDE, (y0 + y1) / 2 / STRIDE, max(x1 - x0, y1 - y0) / STRIDE
        if not (0 <= cx < cells and 0 <= cy < cells):
            continue
        col, row = int(cx), int(cy)
        if side * STRIDE < SMALLEST_DIE:
            r = max(1, int(side))
            weight[max(0, row - r):row + r + 1, max(0, col - r):col + r + 1] = 0.0
            continue
        sigma = max(0.6, side / 6.0)
        heat = np.maximum(heat, np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * sigma ** 2)))
        heat[row, col] = 1.0
        offset[:, row, col] = (cx - col - 0.5, cy - row - 0.5)
        size[row, col] = math.log(side)
        mask[row, col] = 1.0
    return {"heat": heat, "weight": weight, "offset": offset, "size": size, "mask": mask}


class CropStream:
    """Training crops drawn from the bank (``real_share`` of them) and from renders."""

    def __init__(self, real: list[Photo], rendered: list[Photo], real_share: float, seed: int):
        self.real, self.rendered, self.real_share, self.seed = real, rendered, real_share, seed
        # Each source is drawn in proportion to the square root of its size: the small ones still teach.
        counts: dict[str, int] = {}
        for p in real:
            counts[p.source] = counts.get(p.source, 0) + 1
        odds = np.array([1.0 / math.sqrt(counts[p.source]) for p in real])
        self.odds = odds / odds.sum()

    def sample(self, index: int) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        rng = np.random.default_rng((self.seed, index))
        if self.rendered and (not self.real or rng.random() >= self.real_share):
            photo = self.rendered[int(rng.integers(len(self.rendered)))]
        else:
            photo = self.real[int(rng.choice(len(self.real), p=self.odds))]
        image, boxes = scaled_crop(photo, rng)
        return network_input(image)[0], targets(boxes, photo.complete)


def build_model(width: int = 48):
    """Depthwise-separable blocks down to 1/32, a feature pyramid back up to 1/4, three heads."""
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    def conv(cin, cout, stride=1):
        return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))

    def separable(cin, cout, stride=1):
        return nn.Sequential(nn.Conv2d(cin, cin, 3, stride, 1, groups=cin, bias=False), nn.BatchNorm2d(cin),
                             nn.ReLU(inplace=True), nn.Conv2d(cin, cout, 1, bias=False), nn.BatchNorm2d(cout),
                             nn.ReLU(inplace=True))

    class Detector(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = conv(3, 16, 2)
            self.down = nn.ModuleList([
                nn.Sequential(separable(16, 32, 2), separable(32, 32)),
                nn.Sequential(separable(32, 64, 2), separable(64, 64)),
                nn.Sequential(separable(64, 96, 2), separable(96, 96), separable(96, 96)),
                nn.Sequential(separable(96, 128, 2), separable(128, 128)),
            ])
            self.lateral = nn.ModuleList([nn.Conv2d(c, width, 1) for c in (32, 64, 96, 128)])
            self.merge = separable(width, width)
            self.heat = nn.Sequential(conv(width, 32), nn.Conv2d(32, 1, 1))
            self.offset = nn.Sequential(conv(width, 32), nn.Conv2d(32, 2, 1))
            self.size = nn.Sequential(conv(width, 32), nn.Conv2d(32, 1, 1))
            self.heat[-1].bias.data.fill_(-4.0)  # the prior: almost every cell holds no die's centre

        def forward(self, x):
            x = self.stem(x)
            levels = []
            for block in self.down:
                x = block(x)
                levels.append(x)
            top = self.lateral[-1](levels[-1])
            for level, lateral in zip(reversed(levels[:-1]), reversed(self.lateral[:-1])):
                top = F.interpolate(top, scale_factor=2.0, mode="nearest") + lateral(level)
            top = self.merge(top)
            return torch.sigmoid(self.heat(top)), self.offset(top), self.size(top)

    return Detector()


def loss(outputs, batch) -> tuple["torch.Tensor", dict[str, float]]:
    """The CenterNet focal loss on the heat, and L1 on offset and size at the dice's centres."""
    import torch

    heat, offset, size = outputs
    p = heat[:, 0].clamp(1e-4, 1 - 1e-4)
    target, weight, mask = batch["heat"], batch["weight"], batch["mask"]
    positives = (target == 1.0).float()
    count = positives.sum().clamp(min=1.0)
    pos = -(torch.log(p) * (1 - p) ** 2 * positives).sum()
    neg = -(torch.log(1 - p) * p ** 2 * (1 - target) ** 4 * (1 - positives) * weight).sum()
    off = (torch.abs(offset - batch["offset"]).sum(dim=1) * mask).sum()
    side = (torch.abs(size[:, 0] - batch["size"]) * mask).sum()
    parts = {"heat": (pos + neg) / count, "offset": off / count, "size": side / count}
    return parts["heat"] + parts["offset"] + parts["size"], {k: float(v.detach()) for k, v in parts.items()}


def _collate(items):
    import torch

    images = torch.from_numpy(np.stack([i[0] for i in items]))
    return images, {k: torch.from_numpy(np.stack([i[1][k] for i in items])) for k in items[0][1]}


class _Crops:
    """``CropStream`` as a map-style dataset: crop ``epoch * length + i`` of the stream."""

    def __init__(self, stream: CropStream, length: int):
        self.stream, self.length, self.epoch = stream, length, 0

    def __len__(self):
        return self.length

    def __getitem__(self, i):
        return self.stream.sample(self.epoch * self.length + i)


def learning_rate(peak: float, progress: float) -> float:
    """One cycle: a linear warm-up over the first 5% of training, then a cosine down to nothing."""
    if progress < 0.05:
        return peak * progress / 0.05
    return peak * 0.5 * (1.0 + math.cos(math.pi * min(1.0, (progress - 0.05) / 0.95)))


def fit(stream: CropStream, args):
    """The trained network. With ``args.minutes`` training ends after that long, its learning rate following
    the clock rather than the epochs, so a run fits a machine's time limit whatever its speed."""
    import torch

    device = torch.device(args.device)
    model = build_model(args.width).to(device)
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    batches = args.epoch_crops // args.batch
    data = _Crops(stream, args.epoch_crops)
    started, step = time.time(), 0
    for epoch in range(args.epochs):
        data.epoch = epoch
        loader = torch.utils.data.DataLoader(data, batch_size=args.batch, num_workers=args.jobs, collate_fn=_collate,
                                             drop_last=True)
        model.train()
        totals: dict[str, float] = {}
        for images, batch in loader:
            progress = (time.time() - started) / (60 * args.minutes) if args.minutes else step / (args.epochs * batches)
            if progress >= 1.0:
                break
            for group in optimiser.param_groups:
                group["lr"] = learning_rate(args.lr, progress)
            images = images.to(device, non_blocking=True)
            batch = {k: v.to(device, non_blocking=True) for k, v in batch.items()}
            value, parts = loss(model(images), batch)
            optimiser.zero_grad(set_to_none=True)
            value.backward()
            optimiser.step()
            step += 1
            for k, v in parts.items():
                totals[k] = totals.get(k, 0.0) + v
        print(f"epoch {epoch + 1} " + " ".join(f"{k} {v / batches:.3f}" for k, v in totals.items())
              + f" ({time.time() - started:.0f} s, {step * args.batch / (time.time() - started):.0f} crops/s)",
              flush=True)
        if args.minutes and time.time() - started >= 60 * args.minutes:
            break
    return model.cpu().eval()


def export(model, out: pathlib.Path) -> None:
    import torch

    out.parent.mkdir(parents=True, exist_ok=True)
    # Exported for one size: OpenCV reshapes it to each image it is given (it rejects dynamic sizes here).
    dummy = torch.zeros(1, 3, 288, 512)
    torch.onnx.export(model, dummy, str(out), input_names=["image"], output_names=["heat", "offset", "size"],
                      opset_version=13, dynamo=False)
    print(f"wrote {out} ({out.stat().st_size / 1024:.0f} KiB)", flush=True)


def detector_figures(detector: DieDetector, photos: Sequence[Photo], min_peak: float) -> dict[str, float]:
    """Dice found (a peak within half a die of its centre, of a size within a factor of two) of every labelled
    die, and peaks on no die per photo where every die is labelled: the detector alone."""
    found = labelled = false = complete = 0
    for photo in photos:
        image = photo.decoded()
        peaks = detector.find(image, min_peak=min_peak)
        centres = (photo.boxes[:, :2] + photo.boxes[:, 2:]) / 2
        sides = np.maximum(photo.boxes[:, 2] - photo.boxes[:, 0], photo.boxes[:, 3] - photo.boxes[:, 1])
        matched = set()
        for peak in peaks:
            near = [k for k in range(len(sides)) if math.dist(peak.centre, centres[k]) < sides[k] / 2
                    and abs(math.log(peak.size / sides[k])) < math.log(2.0)]
            matched.update(near)
            if not near and photo.complete:
                false += 1
        found += len(matched)
        labelled += len(sides)
        complete += photo.complete
    return {"recall": found / max(1, labelled), "false_per_frame": false / max(1, complete), "dice": labelled}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(MODEL_DIR / MODEL_FILE))
    parser.add_argument("--bank", default=str(CACHE_DIR / "detector-bank.npz"),
                        help="the photos' bank (npz), built from ../shared/data/dice where it is missing")
    parser.add_argument("--leave-out", nargs="*", default=[], metavar="SOURCE[:GROUP]",
                        help="real sources (or one group of one) not to train on; their figures are printed")
    parser.add_argument("--renders", type=int, default=3000, help="rendered tables to learn from")
    parser.add_argument("--real-share", type=float, default=0.7, help="the photos' share of the crops")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--minutes", type=float, default=None, help="train this long instead (the epochs a ceiling)")
    parser.add_argument("--epoch-crops", type=int, default=8192)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--width", type=int, default=48, help="channels of the merged map")
    parser.add_argument("--device", default="cpu", help="torch device: cpu, cuda")
    parser.add_argument("--jobs", type=int, default=2, help="processes making crops and renders")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()

    import torch

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    cv2.setNumThreads(1)  # the crops are made by --jobs processes, each on one core
    bank = pathlib.Path(args.bank)
    if not bank.exists():
        build_bank(bank, args.jobs)
    photos = load_bank(bank)
    taught = [p for p in photos if not left_out(p, args.leave_out)]
    print(f"{len(taught)} photos taught, {len(photos) - len(taught)} left out; rendering {args.renders}", flush=True)
    stream = CropStream(taught, renders(args.renders, args.seed, args.jobs), args.real_share, args.seed)
    export(fit(stream, args), pathlib.Path(args.out))
    detector = DieDetector(pathlib.Path(args.out))
    for name in args.leave_out:
        kept = [p for p in photos if left_out(p, [name])]
        print(f"left out {name}: {detector_figures(detector, kept, MIN_PEAK)}", flush=True)


if __name__ == "__main__":
    main()
