"""The small tally chart: each player's running total across hands, as SVG polylines.

Drawn on the server so the phone needs no chart library; long nights are thinned
(by referee.store.tally) to at most MAX_POINTS points per line so the page stays light. The
axes say how far the night went and between which totals; each line ends with its player's
latest total, and the SVG's title and description say all of it in words.

In points mode the chart shows what the tally shows: the points of the game in play, as
plain numbers (points are not won or lost, so they carry no sign). Each game is a line of
its own starting from 0, the earlier ones drawn faint behind a mark where the next began.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from flask_babel import gettext, ngettext

from referee.games import Rounds
from referee.scoring.tonk.games import Game
from referee.store.models import Player, id_of
from referee.web import language
from referee.web.pages.formatting import signed

# viewBox units; the SVG scales to the screen (336px wide at 360): FONT 36 reads as 12px.
WIDTH, HEIGHT, FONT = 1000, 500, 36
# The plot's margins: the y-axis labels on the left, the end labels on the right, the
# x-axis labels below.
LEFT, RIGHT, TOP, BOTTOM = 130, 270, 30, 70
NAME_CHARS = 6  # an end label is the name, cut to this, and the latest total
MAX_POINTS = 60
# Each player's colour is a class, p0 to p5, whose colour the theme's palette gives (referee.css
# and light.css): the same chart reads in dim light and in daylight.
COLOURS = tuple(f"p{index}" for index in range(6))
DASHES = ("", "6 3", "2 3", "8 3 2 3", "4 4", "1 2")

# A point of a line: (hand no, each player's total after it, by whatever keys the line).
Point = tuple[int, Mapping[Any, int]]


def money(value: int) -> str:
    """A chart value in money as the tally shows it: '+3', '−2.50' (stored in cents)."""
    return signed(Decimal(value) / 100)


def points(value: int) -> str:
    """A chart value in points as the tally shows it: the plain number."""
    return str(value)


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


@dataclass(frozen=True)
class Plot:
    """The plot's scales: hands `first` to `last` across, `low` to `high` up."""

    first: int
    last: int
    low: int
    high: int

    @classmethod
    def of(cls, first: int, last: int, values: list[int]) -> "Plot":
        """The plot of these hands and values; 0 is always in it (the zero line)."""
        return cls(first, last, min([*values, 0]), max([*values, 0]))

    def x(self, no: int) -> int:
        return LEFT + (WIDTH - LEFT - RIGHT) * (no - self.first) // ((self.last - self.first) or 1)

    def y(self, value: int) -> int:
        span = (self.high - self.low) or 1
        return HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * (value - self.low) // span

    def line(self, kept: Sequence[Point], key: Any) -> str:
        """A polyline's points: one player's (by `key`) total at each point kept."""
        return " ".join(f"{self.x(no)},{self.y(row.get(key, 0))}" for no, row in kept)


def _drawn(
    plot: Plot,
    players: Sequence[Player],
    parts: Sequence[tuple[Sequence[Point], bool]],
    latest: Sequence[int],
    words: Callable[[int], str],
    keyed: Callable[[Player], Any],
) -> list[dict[str, Any]]:
    """Each player's line: its parts (`parts`: the points kept and whether drawn faint), its
    colour and dash, and its end label at its latest total, set apart from the others'."""
    order = sorted(range(len(players)), key=lambda index: plot.y(latest[index]))
    label_y = dict(zip(order, spread_out([plot.y(latest[index]) for index in order]), strict=True))
    return [
        {
            "name": player.name,
            "parts": [
                {"points": plot.line(kept, keyed(player)), "earlier": earlier}
                for kept, earlier in parts
                if len(kept) > 1
            ],
            "colour": COLOURS[index % len(COLOURS)],
            "dash": DASHES[index % len(DASHES)],
            "latest": words(latest[index]),
            "label": {"y": label_y[index], "words": f"{short(player.name)} {words(latest[index])}"},
        }
        for index, player in enumerate(players)
    ]


def _frame(plot: Plot, words: Callable[[int], str], start: str, rounds: Rounds) -> dict[str, Any]:
    """The axes: the plot's edges, the zero line, the totals up the side and the hands along
    the bottom (`start`: what the left end is; `rounds`: what the game calls its hands)."""
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "zero": plot.y(0),
        "plot": {"left": LEFT, "right": plot.x(plot.last), "top": TOP, "bottom": HEIGHT - BOTTOM},
        "y_labels": [{"y": plot.y(v), "words": words(v)} for v in sorted({plot.high, 0, plot.low})],
        "x_labels": [
            {"x": LEFT, "words": start},
            {"x": plot.x(plot.last), "words": numbered(rounds, plot.last)},
        ],
    }


def numbered(rounds: Rounds, no: int) -> str:
    """A round by its number, as the table's game calls it ("hand 7", "game 7")."""
    return gettext("%(round)s %(no)s", round=language.words(rounds.one), no=no)


def tally_chart(
    series: Sequence[tuple[int, Mapping[int, tuple[int, int]]]],
    players: Sequence[Player],
    rounds: Rounds,
) -> dict[str, Any]:
    """Polylines (one per player) of the night's money, scaled into the plot, with its axes,
    each line's end label and the words of its title and description (`rounds`: what the
    table's game calls its hands)."""
    if not series:
        return {"lines": [], "width": WIDTH, "height": HEIGHT}
    start: list[Point] = [(0, {})]
    kept = start + [(no, {pid: both[0] for pid, both in row.items()}) for no, row in series]
    plot = Plot.of(0, kept[-1][0] or 1, [v for _, row in kept for v in row.values()])
    latest = [kept[-1][1].get(id_of(player), 0) for player in players]
    lines = _drawn(plot, players, [(kept, False)], latest, money, id_of)
    totals = ", ".join(f"{line['name']} {line['latest']}" for line in lines)
    return {
        "lines": lines,
        "dividers": [],
        **_frame(plot, money, gettext("start"), rounds),
        "title": gettext(
            "Running tally of each player across %(count)s",
            count=language.words(rounds.count(plot.last)),
        ),
        "description": gettext(
            "After %(last)s: %(totals)s. Highest %(high)s, lowest %(low)s.",
            last=numbered(rounds, plot.last),
            totals=totals,
            high=money(plot.high),
            low=money(plot.low),
        ),
    }


def _latest_games(found: Sequence[Game]) -> list[Game]:
    """The games drawn: the latest ones whose hands fit MAX_POINTS points a line, the last
    game always (a long one is thinned)."""
    shown: list[Game] = []
    for game in reversed(found):
        if shown and sum(len(g.hands) for g in shown) + len(game.hands) > MAX_POINTS:
            break
        shown.insert(0, game)
    return shown


def _thinned(kept: Sequence[Point], step: int) -> list[Point]:
    """Every `step`-th point, the first and the last always."""
    return [point for i, point in enumerate(kept) if i % step == 0 or i == len(kept) - 1]


def games_chart(
    found: Sequence[Game],
    game: Game,
    players: Sequence[Player],
    rounds: Rounds,
    in_games: bool = True,
) -> dict[str, Any]:
    """The night's games in points, as the tally counts them: a line per player and game,
    each from 0 just before the game's first hand; the end labels are the points of `game`
    (the game in play, or the next one, all at 0, when the last is over). Without
    `in_games` the night is one game with no end, and the chart speaks of hands only, as
    the tally does."""
    shown = _latest_games(found)
    if not shown:
        return {"lines": [], "width": WIDTH, "height": HEIGHT}
    step = -(-sum(len(g.hands) for g in shown) // MAX_POINTS)
    parts: list[tuple[Sequence[Point], bool]] = [
        (
            _thinned([(g.hands[0] - 1, {}), *zip(g.hands, g.running, strict=True)], step),
            g.number != game.number,
        )
        for g in shown
    ]
    starts = [g.hands[0] - 1 for g in shown[1:]]
    if game.number > shown[-1].number:  # the next game: it starts after the last hand
        starts.append(shown[-1].hands[-1])
    values = [v for kept, _ in parts for _, row in kept for v in row.values()]
    plot = Plot.of(shown[0].hands[0] - 1, shown[-1].hands[-1], values)
    latest = [game.scores.get(player.name, 0) for player in players]
    lines = _drawn(plot, players, parts, latest, points, lambda player: player.name)
    totals = ", ".join(f"{line['name']} {line['latest']}" for line in lines)
    earlier = len(shown) - (game.number == shown[-1].number)
    if not in_games:
        return {
            "lines": lines,
            "dividers": [],
            **_frame(plot, points, gettext("start"), rounds),
            "title": gettext(
                "Points of each player across %(count)s",
                count=language.words(rounds.count(plot.last)),
            ),
            "description": gettext(
                "After %(last)s: %(totals)s.", last=numbered(rounds, plot.last), totals=totals
            ),
        }
    described = gettext("Game %(number)s: %(totals)s.", number=game.number, totals=totals)
    if earlier:
        described += " " + ngettext(
            "%(num)s earlier game is drawn faint, from 0.",
            "%(num)s earlier games are drawn faint, each from 0.",
            earlier,
        )
    return {
        "lines": lines,
        "dividers": [plot.x(no) for no in starts],
        **_frame(plot, points, gettext("game %(number)s", number=shown[0].number), rounds),
        "title": gettext("Points of each player in game %(number)s", number=game.number),
        "description": described,
    }
