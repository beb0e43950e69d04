"""Who sits at a table: its players in seating order, who is still seated, who deals next.

Read only; a change of seats (rename, move, leave, sit in, first dealer) is a command
(referee.store.commands).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from sqlmodel import Session, col, select

from referee import exact_json
from referee.rules.deal import first_player, next_dealer
from referee.store.models import GameTable, Hand, Player, id_of
from referee.store.rules_versions import game_of


def load_table(db: Session, table_id: int) -> GameTable | None:
    """The table with this id, or None (a page answers 404)."""
    return db.get(GameTable, table_id)


def tables_by_id(db: Session, ids: Sequence[int]) -> list[GameTable]:
    """The tables this browser has opened, newest first."""
    found = db.exec(select(GameTable).where(col(GameTable.id).in_(ids))).all()
    return sorted(found, key=lambda table: -id_of(table))


def players_of(db: Session, table: GameTable) -> list[Player]:
    """Everyone who sat at the table tonight, in seating order."""
    return list(
        db.exec(select(Player).where(Player.table_id == table.id).order_by(col(Player.seat))).all()
    )


def seated(players: Sequence[Player]) -> list[Player]:
    """Those still at the table, in seating order (who left stays in the tally)."""
    return [p for p in players if p.seated]


@dataclass(frozen=True)
class Deal:
    """Who deals the next hand and who plays first."""

    dealer: Player
    first: Player


def next_deal(db: Session, table: GameTable, players: Sequence[Player]) -> Deal:
    """The deal passes to the left after every hand, draws included; voided hands do not
    count. A game that names the next dealer in its state (Tongits: the winner, or the next
    in turn, by house rule) is dealt by that player while they are seated; and where the
    dealer opens the game (Tongits: the dealer's 13th card is the first discard), the
    dealer plays first."""
    last = last_played(db, table)
    by_id = {p.id: p for p in players}
    order = [p.id for p in players]
    at_table = [p.id for p in players if p.seated]
    named_next = _named_next(last)
    if named_next in at_table:
        dealer_id = named_next
    else:
        last_dealer = None if last is None else last.dealer_id
        dealer_id = next_dealer(order, at_table, last_dealer, table.first_dealer_id)
    if game_of(table).dealer_plays_first:
        return Deal(by_id[dealer_id], by_id[dealer_id])
    return Deal(by_id[dealer_id], by_id[first_player(at_table, dealer_id)])


def last_played(db: Session, table: GameTable) -> Hand | None:
    """The last hand played (voided hands were not), or None before the first. Limited to
    one row in SQL: `.first()` alone has the ORM build every hand of the night to keep one."""
    return db.exec(
        select(Hand)
        .where(Hand.table_id == table.id, Hand.void == False)  # noqa: E712
        .order_by(col(Hand.no).desc())
        .limit(1)
    ).first()


def _named_next(last: Hand | None) -> int | None:
    """Who the last game's stored state says deals next (its player id), if it says."""
    if last is None:
        return None
    state = exact_json.loads(last.settlement_json).get("state") or {}
    dealer = state.get("dealer")
    return None if dealer is None else int(dealer)
