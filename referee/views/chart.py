"""The small tally chart: each player's running total across hands, as SVG polylines.

Drawn on the server so the phone needs no chart library; long nights are thinned
to at most MAX_POINTS points per line so the page stays light.
"""

from collections.abc import Sequence

from referee.models import Player

WIDTH, HEIGHT, PAD = 1000, 440, 20  # viewBox units; the SVG scales to the screen
MAX_POINTS = 60
COLOURS = ("#f6c445", "#5ec8f2", "#f27a8a", "#8fe07a", "#c79bf2", "#f2a65e")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "4 4", "1 2")


def tally_chart(series: Sequence[tuple[int, dict[int, int]]], players: Sequence[Player]) -> dict:
    """Polylines (one per player) scaled into the chart box, with the zero line."""
    if not series:
        return {"lines": [], "width": WIDTH, "height": HEIGHT}
    step = max(1, -(-len(series) // MAX_POINTS))
    kept = [(0, {})] + list(series[step - 1 :: step])
    if kept[-1] is not series[-1]:
        kept.append(series[-1])
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
        points = " ".join(f"{x(no)},{y(row.get(player.id, 0))}" for no, row in kept)
        lines.append(
            {
                "name": player.name,
                "points": points,
                "colour": COLOURS[index % len(COLOURS)],
                "dash": DASHES[index % len(DASHES)],
            }
        )
    return {"lines": lines, "width": WIDTH, "height": HEIGHT, "zero": y(0)}
