"""The learned evaluation's network and its trainer, in numpy (docs/training.md).

The network is the one libloa evaluates with (loa/nnue/network.hpp): the board from each side's view (64 squares
of its own pieces, 64 of the other's; white's view mirrored in the a1-h8 diagonal), one hidden layer of H units a
view clipped to [0, 1], the side to move's view first, one output. Trained in floats against a blend of the
search's score and the game's result (both as win probabilities), then quantised to the integers libloa uses.
"""
import math
import os
import sys
import time
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

import numpy as np

from . import read_positions

FORMAT_VERSION = 1
FEATURES = 128
QA, QB = 255, 64
# Weights stay within this, so that 24 pieces' first-layer sums fit in int16 at scale QA.
WEIGHT_CLIP = 1.98
MAGIC = b"libloa nnue" + b"\0" * 5
HEADER_BYTES = 128
# Scores beyond this (evaluation units) are won or lost positions: not what an evaluation learns.
DECISIVE = 3000

PathLike = Union[str, "os.PathLike[str]"]


def _squares(bitboards: np.ndarray) -> np.ndarray:
    """N x 64 of 0/1, column s = square s (file + 8 * rank)."""
    return np.unpackbits(bitboards.astype("<u8").view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")


def _mirrored(squares: np.ndarray) -> np.ndarray:
    """The same boards mirrored in the a1-h8 diagonal (white's view)."""
    return squares.reshape(-1, 8, 8).transpose(0, 2, 1).reshape(-1, 64)


def features(black: np.ndarray, white: np.ndarray, side: np.ndarray):
    """The inputs of N positions: (side to move's view, other side's view), each N x 128 float32."""
    b, w = _squares(black), _squares(white)
    black_view = np.concatenate([b, w], axis=1)
    white_view = np.concatenate([_mirrored(w), _mirrored(b)], axis=1)
    white_moves = (np.asarray(side) == 1)[:, None]
    us = np.where(white_moves, white_view, black_view).astype(np.float32)
    them = np.where(white_moves, black_view, white_view).astype(np.float32)
    return us, them


def _sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


class FloatNet:
    """The network in floats, as trained: evaluate() gives evaluation units (the output times `scale`)."""

    def __init__(self, hidden: int, scale: int, rng: np.random.Generator, board_size: int = 8):
        self.hidden, self.scale, self.board_size = hidden, scale, board_size
        self.w1 = rng.normal(0, 1 / math.sqrt(24), (FEATURES, hidden)).astype(np.float32)
        self.b1 = np.full(hidden, 0.1, np.float32)
        self.w2 = rng.normal(0, 1 / math.sqrt(2 * hidden), 2 * hidden).astype(np.float32)
        self.b2 = np.zeros(1, np.float32)

    def params(self) -> List[np.ndarray]:
        return [self.w1, self.b1, self.w2, self.b2]

    def forward(self, us, them):
        a_us, a_them = us @ self.w1 + self.b1, them @ self.w1 + self.b1
        h_us, h_them = np.clip(a_us, 0, 1), np.clip(a_them, 0, 1)
        y = h_us @ self.w2[:self.hidden] + h_them @ self.w2[self.hidden:] + self.b2[0]
        return y, (a_us, a_them, h_us, h_them)

    def evaluate(self, black, white, side) -> np.ndarray:
        us, them = features(np.asarray(black), np.asarray(white), np.asarray(side))
        return self.forward(us, them)[0] * self.scale


def _grads(net: FloatNet, us, them, target):
    """The loss (mean squared error of the win probabilities) and its gradients."""
    y, (a_us, a_them, h_us, h_them) = net.forward(us, them)
    p = _sigmoid(y)
    loss = float(np.mean((p - target) ** 2))
    dy = (2.0 / len(y)) * (p - target) * p * (1 - p)
    H = net.hidden
    dw2 = np.concatenate([h_us.T @ dy, h_them.T @ dy])
    db2 = np.array([dy.sum()], np.float32)
    d_us = np.outer(dy, net.w2[:H]) * ((a_us > 0) & (a_us < 1))
    d_them = np.outer(dy, net.w2[H:]) * ((a_them > 0) & (a_them < 1))
    dw1 = us.T @ d_us + them.T @ d_them
    db1 = d_us.sum(0) + d_them.sum(0)
    return loss, [dw1.astype(np.float32), db1.astype(np.float32), dw2.astype(np.float32), db2]


class _Adam:
    def __init__(self, params, lr):
        self.lr, self.t = lr, 0
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]

    def step(self, params, grads, lr):
        self.t += 1
        for p, g, m, v in zip(params, grads, self.m, self.v):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p -= lr * (m / (1 - 0.9 ** self.t)) / (np.sqrt(v / (1 - 0.999 ** self.t)) + 1e-8)


def fit_scale(score: np.ndarray, result: np.ndarray) -> int:
    """The K for which sigmoid(score / K) predicts the results best (log loss), in 5-unit steps, on up to 200,000
    positions."""
    outcome = (result.astype(np.float64) + 1) / 2
    best, best_loss = 400, float("inf")
    sample = slice(0, 200000)
    score, outcome = score[sample], outcome[sample]
    for k in range(50, 2001, 5):
        p = np.clip(_sigmoid(score / k), 1e-6, 1 - 1e-6)
        loss = -np.mean(outcome * np.log(p) + (1 - outcome) * np.log(1 - p))
        if loss < best_loss:
            best, best_loss = k, loss
    return best


def _targets(records, scale, lam):
    return (lam * _sigmoid(records["score"] / scale) + (1 - lam) * (records["result"] + 1) / 2).astype(np.float32)


def _loss(net, records, scale, lam, batch=65536):
    total = 0.0
    for start in range(0, len(records), batch):
        part = records[start:start + batch]
        us, them = features(part["black"], part["white"], part["side"])
        y = net.forward(us, them)[0]
        total += float(np.sum((_sigmoid(y) - _targets(part, scale, lam)) ** 2))
    return total / max(1, len(records))


def fit(data: Union[PathLike, Sequence[PathLike]], output: Optional[PathLike] = None, *, hidden: int = 256,
        epochs: int = 8, batch: int = 16384, lr: float = 0.002, lam: float = 0.75, seed: int = 1,
        max_positions: Optional[int] = None, curves: Optional[PathLike] = None, progress: bool = False,
        description: str = "") -> Dict[str, Any]:
    """Trains a network on positions files (loa datagen) and writes it to ``output`` (when given).

    Positions whose score is a won or lost game are left out; one game in fifty is kept apart to validate.
    ``lam`` weighs the search's score against the game's result in the target. The learning rate falls to a
    tenth over the last third. Seeded: the same data and arguments give the same network. Returns the float
    network (``net``), the scale, the losses by epoch (``train``, ``validation``), positions and seconds;
    ``curves`` names an SVG file for the loss curves."""
    paths = [data] if isinstance(data, (str, os.PathLike)) else list(data)
    records = np.concatenate([read_positions(p) for p in paths])
    records = records[np.abs(records["score"].astype(np.int32)) < DECISIVE]
    if max_positions is not None:
        records = records[:max_positions]
    if len(records) < 2:
        raise ValueError("fewer than 2 positions to train on (after leaving out won and lost ones)")
    header_sizes = {_board_size(p) for p in paths}
    if len(header_sizes) != 1:
        raise ValueError(f"positions of boards of several sizes: {sorted(header_sizes)}")
    board_size = header_sizes.pop()
    apart = records["game"] % 50 == 49
    train, validation = records[~apart], records[apart]
    if len(validation) == 0:
        train, validation = records[1:], records[:1]
    scale = fit_scale(train["score"].astype(np.float64), train["result"])
    rng = np.random.default_rng(seed)
    net = FloatNet(hidden, scale, rng, board_size)
    params = net.params()
    adam = _Adam(params, lr)
    history: Dict[str, List[float]] = {"train": [], "validation": []}
    steps_per_epoch = max(1, math.ceil(len(train) / batch))
    total_steps, step = epochs * steps_per_epoch, 0
    started = time.monotonic()
    for epoch in range(epochs):
        order = rng.permutation(len(train))
        running = 0.0
        for k in range(steps_per_epoch):
            part = train[order[k * batch:(k + 1) * batch]]
            us, them = features(part["black"], part["white"], part["side"])
            loss, grads = _grads(net, us, them, _targets(part, scale, lam))
            running += loss
            fraction = step / total_steps
            rate = lr if fraction < 2 / 3 else lr * 0.1 ** ((fraction - 2 / 3) * 3)
            adam.step(params, grads, rate)
            np.clip(net.w1, -WEIGHT_CLIP, WEIGHT_CLIP, out=net.w1)
            np.clip(net.w2, -WEIGHT_CLIP, WEIGHT_CLIP, out=net.w2)
            step += 1
        history["train"].append(running / steps_per_epoch)
        history["validation"].append(_loss(net, validation, scale, lam))
        if progress:
            print(f"epoch {epoch + 1}/{epochs}: train {history['train'][-1]:.5f}  validation "
                  f"{history['validation'][-1]:.5f}  {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    if output is not None:
        text = description or f"{len(train)} positions, {epochs} epochs, H={hidden}, seed {seed}"
        with open(output, "wb") as f:
            f.write(network_bytes(net, text))
    if curves is not None:
        write_curves(curves, history)
    return {"net": net, "scale": scale, "train": history["train"], "validation": history["validation"],
            "positions": len(train), "validation_positions": len(validation),
            "seconds": time.monotonic() - started}


def _board_size(path: PathLike) -> int:
    from . import read_header
    return int(read_header(path)["board_size"])


def _fnv1a(data: bytes) -> int:
    h = 0xcbf29ce484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def quantised(net: FloatNet):
    """The integer layers libloa evaluates with: w1, b1 (int16, x QA), w2 (int16, x QB), b2 (int, x QA x QB)."""
    w1 = np.round(net.w1 * QA).astype(np.int16)
    b1 = np.round(net.b1 * QA).astype(np.int16)
    w2 = np.round(net.w2 * QB).astype(np.int16)
    b2 = int(round(float(net.b2[0]) * QA * QB))
    return w1, b1, w2, b2


def network_bytes(net: FloatNet, description: str = "") -> bytes:
    """The network file (format version 1, docs/training.md)."""
    w1, b1, w2, b2 = quantised(net)
    head = bytearray(MAGIC)
    for value in (FORMAT_VERSION, net.board_size, FEATURES, net.hidden):
        head += int(value).to_bytes(4, "little")
    for value in (QA, QB, net.scale):
        head += int(value).to_bytes(4, "little", signed=True)
    head += (0).to_bytes(4, "little")  # the rules family: connecting decides
    head += description.encode()[:63].ljust(64, b"\0")
    head = bytes(head.ljust(HEADER_BYTES, b"\0"))
    body = w1.astype("<i2").tobytes() + b1.astype("<i2").tobytes() + w2.astype("<i2").tobytes()
    data = head + body + int(b2).to_bytes(4, "little", signed=True)
    return data + _fnv1a(data).to_bytes(8, "little")


def quantisation_bound(net: FloatNet, black, white, side) -> np.ndarray:
    """For each position, how far the quantised network's evaluation may lie from the float one's (evaluation
    units): each first-layer weight and bias rounds by at most 1/(2 QA), each output weight by 1/(2 QB), the
    output bias by 1/(2 QA QB), and the result to the nearest unit."""
    us, them = features(np.asarray(black), np.asarray(white), np.asarray(side))
    _, (_, _, h_us, h_them) = net.forward(us, them)
    w1, b1, w2, b2 = quantised(net)
    active = us.sum(1)  # both views hold the same pieces
    sum_error = (active + 1) * 0.5 / QA
    out_weights = np.abs(w2.astype(np.float64)).sum() / QB
    hidden_sum = h_us.sum(1) + h_them.sum(1)
    return net.scale * (sum_error * out_weights + hidden_sum * 0.5 / QB + 0.5 / (QA * QB)) + 0.5


def position_text(black: int, white: int, side: int, board_size: int) -> str:
    """The position text (docs/position-text.md) of a record's board."""
    ranks = []
    for rank in range(board_size - 1, -1, -1):
        row, empty = "", 0
        for file in range(board_size):
            bit = 1 << (file + 8 * rank)
            piece = "b" if black & bit else "w" if white & bit else ""
            if piece:
                row += (str(empty) if empty else "") + piece
                empty = 0
            else:
                empty += 1
        ranks.append(row + (str(empty) if empty else ""))
    return "/".join(ranks) + (" w" if side else " b")


def write_curves(path: PathLike, history: Dict[str, List[float]]) -> None:
    """The loss curves as an SVG picture (no plotting library needed)."""
    width, height, pad = 640, 400, 50
    values = [v for series in history.values() for v in series]
    lo, hi = min(values), max(values)
    hi = hi if hi > lo else lo + 1e-9
    epochs = max(len(s) for s in history.values())

    def point(i, v):
        x = pad + (width - 2 * pad) * (i / max(1, epochs - 1))
        y = height - pad - (height - 2 * pad) * ((v - lo) / (hi - lo))
        return f"{x:.1f},{y:.1f}"

    colours = {"train": "#1f77b4", "validation": "#d62728"}
    lines = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
             f'font-size="12"><rect width="100%" height="100%" fill="white"/>',
             f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" stroke="black"/>',
             f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" stroke="black"/>',
             f'<text x="{width / 2}" y="{height - 15}" text-anchor="middle">epoch (1 to {epochs})</text>',
             f'<text x="{pad}" y="{pad - 10}">loss (mean squared error of win probability): {hi:.5f} top, '
             f'{lo:.5f} bottom</text>']
    for k, (name, series) in enumerate(history.items()):
        points = " ".join(point(i, v) for i, v in enumerate(series))
        lines.append(f'<polyline fill="none" stroke="{colours.get(name, "black")}" stroke-width="2" '
                     f'points="{points}"/>')
        lines.append(f'<text x="{width - pad - 120}" y="{pad + 20 * (k + 1)}" fill="{colours.get(name, "black")}">'
                     f'{name}</text>')
    lines.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def read_network(path: PathLike) -> Dict[str, Any]:
    """A network file's header and layers (numpy), checked as libloa checks it: ValueError naming the file and
    the reason."""
    name = os.fspath(path)
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < HEADER_BYTES + 8 or data[:16] != MAGIC:
        raise ValueError(f"{name}: not a libloa network file")
    u32 = lambda at: int.from_bytes(data[at:at + 4], "little")
    version = u32(16)
    if version != FORMAT_VERSION:
        raise ValueError(f"{name}: format version {version}, this build reads {FORMAT_VERSION}")
    if int.from_bytes(data[-8:], "little") != _fnv1a(data[:-8]):
        raise ValueError(f"{name}: the checksum does not match: the file is damaged or cut short")
    board_size, hidden = u32(20), u32(28)
    at = HEADER_BYTES
    w1 = np.frombuffer(data, "<i2", FEATURES * hidden, at).reshape(FEATURES, hidden)
    at += 2 * FEATURES * hidden
    b1 = np.frombuffer(data, "<i2", hidden, at)
    at += 2 * hidden
    w2 = np.frombuffer(data, "<i2", 2 * hidden, at)
    at += 4 * hidden
    return {"board_size": board_size, "hidden": hidden, "scale": int.from_bytes(data[40:44], "little", signed=True),
            "description": data[48:112].split(b"\0", 1)[0].decode("utf-8", "replace"),
            "w1": w1, "b1": b1, "w2": w2, "b2": int.from_bytes(data[at:at + 4], "little", signed=True)}
