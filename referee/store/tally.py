"""The night's tally: each player's money and points over the hands not voided, as it
stands and as it ran hand by hand (the chart), the standings the pages show, and in
points mode the night's games (referee.scoring.tonk.games).

Money is summed as whole cents in the database (HandNet), one SUM rather than a loop
over every hand.
"""

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any, cast

from sqlalchemy import func
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import Select

from referee.games import Game as TableGame
from referee.games import Rules, played_hand, scores_points
from referee.scoring.tonk.games import Game, games
from referee.store.models import GameTable, Hand, HandNet, Player, RulesVersion, id_of
from referee.store.rules_versions import game_of, rules_of

Standing = tuple[int, int]  # a player's (cents, points) so far tonight


def cents(amount: Decimal) -> int:
    """An exact amount in whole cents (amounts never have more than 2 decimals)."""
    return int(amount * 100)


def from_cents(value: int) -> Decimal:
    """Whole cents back as the exact amount."""
    return Decimal(value) / 100


def tally(db: Session, table: GameTable) -> dict[int, Standing]:
    """Each player's (cents, points) over every hand not voided: one SUM, not a loop."""
    rows = db.exec(
        select(HandNet.player_id, func.sum(HandNet.cents), func.sum(HandNet.points))
        .join(Hand, col(Hand.id) == col(HandNet.hand_id))
        .where(Hand.table_id == table.id, Hand.void == False)  # noqa: E712
        .group_by(col(HandNet.player_id))
        .order_by(col(HandNet.player_id))  # PostgreSQL groups in no set order
    ).all()
    return {player_id: (total, points) for player_id, total, points in rows}


def running_tally(
    db: Session, table: GameTable, most: int
) -> list[tuple[int, dict[int, Standing]]]:
    """(hand no, {player id: (cents, points) so far}) at no more than `most` points of the
    night, evenly spread and ending with the last hand: the chart, and at its end the tally.

    Hands are summed in groups by the database in one pass, so a night of 1,000 hands
    sends a few hundred rows, not every player's every hand.
    """
    played = Hand.table_id == table.id, Hand.void == False  # noqa: E712
    last = db.exec(select(func.max(Hand.no)).where(*played)).one()
    if last is None:
        return []
    step = -(-last // most)
    group = ((col(Hand.no) - 1) // step).label("grp")
    # (group, its last hand, player, cents, points); the five columns are past select()'s typing
    rows = cast(
        Sequence[tuple[int, int, int, int, int]],
        db.exec(
            Select(
                group,
                func.max(Hand.no),
                col(HandNet.player_id),
                func.sum(HandNet.cents),
                func.sum(HandNet.points),
            )
            .join(Hand, col(Hand.id) == col(HandNet.hand_id))
            .where(*played)
            .group_by(group, col(HandNet.player_id))
            .order_by(group)
        ).all(),
    )
    series: list[tuple[int, dict[int, Standing]]] = []
    current, end = None, 0
    running: dict[int, Standing] = {}
    for grp, grp_end, player_id, cents_sum, points_sum in rows:
        if grp != current:
            if current is not None:
                series.append((end, dict(running)))
            current, end = grp, 0
        end = max(end, grp_end)
        cents_so_far, points_so_far = running.get(player_id, (0, 0))
        running[player_id] = (cents_so_far + cents_sum, points_so_far + points_sum)
    series.append((end, dict(running)))
    return series


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
