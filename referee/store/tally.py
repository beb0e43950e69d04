"""The night's tally: each player's money and points over the hands not voided, as it
stands and as it ran hand by hand (the chart), the standings the pages show, and in
points mode the night's games (referee.scoring.tonk.games).

Money is kept as whole cents. The tally and its chart are read from the running tally
(RunningTally: each player's tally after each hand, kept by referee.store.commands), a few
rows however long the night; the games of points are walked from every hand's points.
"""

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from referee.games import Game as TableGame
from referee.games import Rules, played_hand, scores_points
from referee.scoring.tonk.games import Game, games
from referee.store.models import (
    GameTable,
    Hand,
    HandNet,
    Player,
    RulesVersion,
    RunningTally,
    id_of,
)
from referee.store.rules_versions import game_of, rules_of
from referee.store.seating import last_played

Standing = tuple[int, int]  # a player's (cents, points) so far tonight


def cents(amount: Decimal) -> int:
    """An exact amount in whole cents (amounts never have more than 2 decimals)."""
    return int(amount * 100)


def from_cents(value: int) -> Decimal:
    """Whole cents back as the exact amount."""
    return Decimal(value) / 100


def tally(db: Session, table: GameTable) -> dict[int, Standing]:
    """Each player's (cents, points) over every hand not voided: the running tally after the
    latest hand, a row per player."""
    ours = RunningTally.table_id == table.id
    latest = select(func.max(RunningTally.hand_no)).where(ours).scalar_subquery()
    rows = db.exec(
        select(RunningTally.player_id, RunningTally.cents, RunningTally.points)
        .where(ours, RunningTally.hand_no == latest)
        .order_by(col(RunningTally.player_id))
    ).all()
    return {player_id: (money, points) for player_id, money, points in rows}


def running_tally(
    db: Session, table: GameTable, most: int
) -> list[tuple[int, dict[int, Standing]]]:
    """(hand no, {player id: (cents, points) so far}) at no more than `most` points of the
    night, evenly spread and ending with the last hand played: the chart, and at its end the
    tally (a point that falls on a voided hand is left out). The running tally after each of
    those hands, so a night of 2,000 hands reads as many rows as a night of 100."""
    last = last_played(db, table)
    if last is None:
        return []
    step = -(-last.no // most)
    rows = db.exec(
        select(
            RunningTally.hand_no, RunningTally.player_id, RunningTally.cents, RunningTally.points
        )
        .where(
            RunningTally.table_id == table.id,
            col(RunningTally.hand_no).in_([*range(step, last.no, step), last.no]),
        )
        .order_by(col(RunningTally.hand_no), col(RunningTally.player_id))
    ).all()
    series: dict[int, dict[int, Standing]] = {}
    for no, player_id, money, points in rows:
        series.setdefault(no, {})[player_id] = (money, points)
    return list(series.items())


def standings(players: Sequence[Player], totals: Mapping[int, Standing]) -> list[dict[str, Any]]:
    """Each player who played tonight, with their money and points so far."""
    return [
        {
            "player": p,
            "amount": from_cents(totals.get(id_of(p), (0, 0))[0]),
            "points": totals.get(id_of(p), (0, 0))[1],
        }
        for p in players
    ]


def ever_in_points(game: TableGame, versions: Iterable[Rules]) -> bool:
    """Whether any of a table's rules versions scored points: a night that never did (a
    Tongits night, a Tonk night in chips) has no games of points."""
    return any(scores_points(game, rules) for rules in versions)


def night_games(db: Session, table: GameTable, players: Sequence[Player]) -> list[Game]:
    """The night's games in points mode (house rules 2.7), walked again from the stored
    hands, so an edit or a void recomputes its game and every game after it. Each hand
    counts under the rules it was played under; players under their current names."""
    names = {id_of(p): p.name for p in players}
    rules = {
        id_of(version): rules_of(table, version)
        for version in db.exec(select(RulesVersion).where(RulesVersion.table_id == table.id))
    }
    game = game_of(table)
    if not ever_in_points(game, rules.values()):
        return []
    points: dict[int, dict[int, int]] = {}
    for hand_id, player_id, score in db.exec(
        select(HandNet.hand_id, HandNet.player_id, HandNet.points)
        .join(Hand, col(Hand.id) == col(HandNet.hand_id))
        .where(Hand.table_id == table.id)
    ).all():
        points.setdefault(hand_id, {})[player_id] = score
    hands = db.exec(select(Hand).where(Hand.table_id == table.id).order_by(col(Hand.no)))
    return games(
        [
            played_hand(
                game,
                rules[hand.rules_version_id],
                hand.no,
                hand.void,
                _in_seat_order(points.get(id_of(hand), {}), names),
            )
            for hand in hands
        ]
    )


def _in_seat_order(points: Mapping[int, int], names: Mapping[int, str]) -> dict[str, int]:
    """A hand's points by current name, in the order the table lists its players."""
    return {name: points[player_id] for player_id, name in names.items() if player_id in points}
