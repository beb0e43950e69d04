"""The small tally chart: each player's running total across hands, as SVG polylines.

Drawn on the server so the phone needs no chart library; long nights are thinned
(by referee.tally) to at most MAX_POINTS points per line so the page stays light.
"""

from collections.abc import Sequence
from typing import Any

from referee.models import Player

WIDTH, HEIGHT, PAD = 1000, 440, 20  # viewBox units; the SVG scales to the screen
MAX_POINTS = 60
COLOURS = ("#f6c445", "#5ec8f2", "#f27a8a", "#8fe07a", "#c79bf2", "#f2a65e")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "4 4", "1 2")


def tally_chart(
    series: Sequence[tuple[int, dict[int, tuple[int, int]]]],
    players: Sequence[Player],
    points: bool,
) -> dict[str, Any]:
    """Polylines (one per player) of money, or points, scaled into the chart box."""
    which = 1 if points else 0
    if not series:
        return {"lines": [], "width": WIDTH, "height": HEIGHT}
    start: list[tuple[int, dict[int, int]]] = [(0, {})]
    kept = start + [(no, {pid: both[which] for pid, both in row.items()}) for no, row in series]
    values = [v for _, row in kept for v in row.values()] + [0]
    low, high = min(values), max(values)
    span = (high - low) or 1
    last_no = kept[-1][0] or 1

    def x(no: int) -> int:
        return PAD + (WIDTH - 2 * PAD) * no // last_no

    def y(value: int) -> int:
        return HEIGHT - PAD - (HEIGHT - 2 * PAD) * (value - low) // span

    lines = []
    for index, player in enumerate(players):
        line = " ".join(f"{x(no)},{y(row.get(player.id or 0, 0))}" for no, row in kept)
        lines.append(
            {
                "name": player.name,
                "points": line,
                "colour": COLOURS[index % len(COLOURS)],
                "dash": DASHES[index % len(DASHES)],
            }
        )
    return {"lines": lines, "width": WIDTH, "height": HEIGHT, "zero": y(0)}
