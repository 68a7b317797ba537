"""One training loop for the networks that learn from a bank of crops: AdamW under a one-cycle learning rate,
each batch made afresh (augmented, normalised), measured and saved after each epoch so a stopped run keeps
what it learnt."""
from __future__ import annotations

import argparse
import time
from typing import Callable, Sequence

import numpy as np

from vision.classifier import normalise


def seeded(threads: int, seed: int) -> np.random.Generator:
    """Torch on ``threads`` threads, seeded; and a generator of the same seed for the batches."""
    import torch

    torch.set_num_threads(threads)
    torch.manual_seed(seed)
    return np.random.default_rng(seed)


def held_out(crops: np.ndarray, targets: np.ndarray, chunk: int) -> tuple[np.ndarray, ...]:
    """(train crops, train targets, held-out crops normalised as a tensor, held-out targets): the last rendered
    chunk (at most a fifth of them) is kept apart to measure on."""
    import torch

    kept = len(crops) - min(chunk, len(crops) // 5)
    return crops[:kept], targets[:kept], torch.from_numpy(normalise(crops[kept:])), targets[kept:]


def one_cycle(model, crops: np.ndarray, targets: np.ndarray, epochs: int, batch: int, lr: float,
              rng: np.random.Generator, make_batch: Callable[[np.ndarray], np.ndarray], loss: Callable,
              measure: Callable[[object], str], save: Callable[[object], None]) -> None:
    """Train ``model`` on ``crops`` and their ``targets`` for ``epochs`` passes in a random order, the learning
    rate rising to ``lr`` and falling again. ``make_batch`` turns a batch's crops into the network's input;
    ``loss(outputs, targets)`` is minimised; after each epoch ``measure(model)`` is printed and ``save(model)``
    called."""
    import torch

    optimiser = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-4)
    steps = epochs * (len(crops) // batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=lr, total_steps=steps)
    for epoch in range(epochs):
        started, total = time.time(), 0.0
        model.train()
        order = rng.permutation(len(crops))
        for start in range(0, len(order) - batch + 1, batch):
            picked = order[start:start + batch]
            value = loss(model(torch.from_numpy(make_batch(crops[picked])))[0], torch.from_numpy(targets[picked]))
            optimiser.zero_grad()
            value.backward()
            optimiser.step()
            schedule.step()
            total += value.item()
        model.eval()
        with torch.no_grad():
            measured = measure(model)
        print(f"epoch {epoch + 1}/{epochs}: loss {total / (len(order) // batch):.4f}; {measured} "
              f"({time.time() - started:.0f} s)", flush=True)
        save(model)


def render_arguments(description: str, out: str, widths: Sequence[int]) -> argparse.ArgumentParser:
    """The command line of a network trained on rendered D4s: where it goes, how many renders, how long, its
    widths, print over the crops, batches, seed, threads and rendering processes."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--out", default=out)
    parser.add_argument("--dice", type=int, default=36000, help="rendered D4s to learn from")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--widths", type=int, nargs=4, default=list(widths), metavar="C")
    parser.add_argument("--printed", type=float, default=0.3,
                        help="share of the crops written over with lines of small text, as a caption across a photo")
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1, help="processes rendering dice")
    return parser
