"""The small tally chart: each player's running total across hands, as SVG polylines.

Drawn on the server so the phone needs no chart library; long nights are thinned
(by referee.store.tally) to at most MAX_POINTS points per line so the page stays light. The
axes say how far the night went and between which totals; each line ends with its player's
latest total, and the SVG's title and description say all of it in words.
"""

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from flask_babel import gettext, ngettext

from referee.store.models import Player
from referee.web.pages.formatting import signed

# viewBox units; the SVG scales to the screen (336px wide at 360): FONT 36 reads as 12px.
WIDTH, HEIGHT, FONT = 1000, 500, 36
# The plot's margins: the y-axis labels on the left, the end labels on the right, the
# x-axis labels below.
LEFT, RIGHT, TOP, BOTTOM = 130, 270, 30, 70
NAME_CHARS = 6  # an end label is the name, cut to this, and the latest total
MAX_POINTS = 60
COLOURS = ("#f6c445", "#5ec8f2", "#f27a8a", "#8fe07a", "#c79bf2", "#f2a65e")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "4 4", "1 2")


def shown(value: int, points: bool) -> str:
    """A chart value as the tally shows it: '+3', '−2.50' (money is stored in cents)."""
    return signed(Decimal(value) if points else Decimal(value) / 100)


def short(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"


def spread_out(wanted: list[int]) -> list[int]:
    """Label heights as near the wanted ones (sorted) as lets no two overlap, inside the plot."""
    placed: list[int] = []
    for y in wanted:
        placed.append(max(y, placed[-1] + FONT) if placed else max(y, TOP))
    bottom = HEIGHT - BOTTOM
    for i in reversed(range(len(placed))):
        ceiling = placed[i + 1] - FONT if i + 1 < len(placed) else bottom
        placed[i] = min(placed[i], ceiling)
    return placed


def tally_chart(
    series: Sequence[tuple[int, dict[int, tuple[int, int]]]],
    players: Sequence[Player],
    points: bool,
) -> dict[str, Any]:
    """Polylines (one per player) of money, or points, scaled into the plot, with its axes,
    each line's end label and the words of its title and description."""
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
        return LEFT + (WIDTH - LEFT - RIGHT) * no // last_no

    def y(value: int) -> int:
        return HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * (value - low) // span

    latest = [kept[-1][1].get(player.id or 0, 0) for player in players]
    # End labels are placed top to bottom (the highest total first), then set apart.
    order = sorted(range(len(players)), key=lambda index: y(latest[index]))
    label_y = dict(zip(order, spread_out([y(latest[index]) for index in order]), strict=True))
    lines = [
        {
            "name": player.name,
            "points": " ".join(f"{x(no)},{y(row.get(player.id or 0, 0))}" for no, row in kept),
            "colour": COLOURS[index % len(COLOURS)],
            "dash": DASHES[index % len(DASHES)],
            "latest": shown(latest[index], points),
            "label": {
                "y": label_y[index],
                "words": f"{short(player.name)} {shown(latest[index], points)}",
            },
        }
        for index, player in enumerate(players)
    ]
    totals = ", ".join(f"{line['name']} {line['latest']}" for line in lines)
    if points:
        title = ngettext(
            "Running points of each player across %(num)s hand",
            "Running points of each player across %(num)s hands",
            last_no,
        )
    else:
        title = ngettext(
            "Running tally of each player across %(num)s hand",
            "Running tally of each player across %(num)s hands",
            last_no,
        )
    return {
        "lines": lines,
        "width": WIDTH,
        "height": HEIGHT,
        "zero": y(0),
        "plot": {"left": LEFT, "right": x(last_no), "top": TOP, "bottom": HEIGHT - BOTTOM},
        "y_labels": [{"y": y(v), "words": shown(v, points)} for v in sorted({high, 0, low})],
        "x_labels": [
            {"x": LEFT, "words": gettext("start")},
            {"x": x(last_no), "words": gettext("hand %(no)s", no=last_no)},
        ],
        "title": title,
        "description": gettext(
            "After hand %(no)s: %(totals)s. Highest %(high)s, lowest %(low)s.",
            no=last_no,
            totals=totals,
            high=shown(high, points),
            low=shown(low, points),
        ),
    }
