"""Geometry for the inline SVG rating charts (pure; templates draw them).

Everything returned is numbers and short strings, so templates write the
SVG elements with ordinary auto-escaping and no ``mark_safe``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .calculator import round_rating


@dataclass(frozen=True)
class Sparkline:
    width: int
    height: int
    #: ``"x,y x,y ..."`` for a ``<polyline>``.
    points: str
    end_x: float
    end_y: float
    #: Last value above the first one.
    rising: bool
    label: str


def _scale(values: Sequence[float], top: float, bottom: float, low: float, high: float) -> list[float]:
    span = high - low or 1.0
    return [bottom - (v - low) / span * (bottom - top) for v in values]


def sparkline(values: Sequence[float], *, width: int = 96, height: int = 24, pad: int = 3) -> Sparkline | None:
    """A small trend line of ``values`` (oldest first); None for fewer than
    two values (nothing to draw)."""
    if len(values) < 2:
        return None
    low, high = min(values), max(values)
    if high - low < 20:  # keep a flat-ish run looking flat
        middle = (high + low) / 2
        low, high = middle - 10, middle + 10
    step = (width - 2 * pad) / (len(values) - 1)
    xs = [pad + i * step for i in range(len(values))]
    ys = _scale(values, pad, height - pad, low, high)
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in zip(xs, ys, strict=True))
    first, last = round_rating(values[0]), round_rating(values[-1])
    return Sparkline(
        width,
        height,
        points,
        round(xs[-1], 1),
        round(ys[-1], 1),
        last > first,
        f"from {first} to {last} over the last {len(values) - 1} games",
    )


@dataclass(frozen=True)
class Tick:
    position: float
    label: str


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    points: str
    #: ``(x, y, title)`` per game, for hover titles.
    dots: list[tuple[float, float, str]]
    y_ticks: list[Tick]
    x_ticks: list[Tick]
    label: str


def _tick_step(span: float) -> int:
    for step in (25, 50, 100, 200, 250, 500):
        if span / step <= 6:
            return step
    return 1000


def history_chart(
    values: Sequence[float],
    titles: Sequence[str] = (),
    *,
    width: int = 640,
    height: int = 220,
) -> Chart | None:
    """A rating history: ``values[0]`` is the rating before the first game,
    ``values[i]`` the rating after game ``i``; ``titles[i - 1]`` describes
    game ``i``.  None when there is no game yet."""
    if len(values) < 2:
        return None
    # Room around the plot for the axis labels at the size phones draw them
    # (ratings.css grows the axis text on narrow screens): four digits on
    # the left, half the last game number on the right, a line below.
    left, right, top, bottom = 64, width - 24, 16, height - 36
    step = _tick_step(max(values) - min(values))
    low = math.floor(min(values) / step) * step
    high = math.ceil(max(values) / step) * step
    if high == low:
        high = low + step
    games = len(values) - 1
    xs = [left + i * (right - left) / games for i in range(len(values))]
    ys = _scale(values, top, bottom, low, high)
    y_ticks = [
        Tick(round(_scale([v], top, bottom, low, high)[0], 1), str(v)) for v in range(int(low), int(high) + 1, step)
    ]
    every = max(1, math.ceil(games / 8))
    x_ticks = [Tick(round(xs[i], 1), str(i)) for i in range(0, games + 1, every)]
    if x_ticks[-1].label != str(games):
        x_ticks.append(Tick(round(xs[-1], 1), str(games)))
    dots = [
        (
            round(x, 1),
            round(y, 1),
            titles[i - 1] if i - 1 < len(titles) else str(round_rating(v)),
        )
        for i, (x, y, v) in enumerate(zip(xs, ys, values, strict=True))
        if i > 0
    ]
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in zip(xs, ys, strict=True))
    label = (
        f"Rating after each of {games} games, from {round_rating(values[0])} "
        f"to {round_rating(values[-1])}; highest {round_rating(max(values))}"
    )
    return Chart(width, height, left, right, top, bottom, points, dots, y_ticks, x_ticks, label)
