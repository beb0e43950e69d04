"""The marks of the hand in play: stored so every phone sees them, replayed by the rules.

The scorekeeper taps "next turn", "X laid a spread", "X's spread was hit" while the
hand is played; `referee.rules.waiting` turns those marks into who may drop. Marks
belong to the hand number still to be saved, so saving a hand starts the next one
with none. Each tap carries how many marks its screen showed: a retry over a dropped
connection, or a second tap on a stale screen, changes nothing.
"""

from collections.abc import Sequence

from sqlmodel import Session

from referee import ledger
from referee.ledger import Deal
from referee.models import GameTable, Player, TurnMark
from referee.rules import HouseRules
from referee.rules.deal import play_order
from referee.rules.waiting import MARK_KINDS, TURN, Mark, TurnState, replay

MAX_MARKS = 400  # a long hand at six players is well under a hundred turns


def turn_state(
    db: Session, table: GameTable, rules: HouseRules, players: Sequence[Player], deal: Deal
) -> tuple[TurnState, int]:
    """Who may drop on the turn in play, and how many marks that rests on."""
    names = {p.id: p.name for p in players}
    marks = ledger.marks_in_play(db, table)
    order = [p.name for p in play_order(ledger.seated(players), deal.first)]
    state = replay(rules, order, [Mark(m.kind, names.get(m.player_id)) for m in marks])
    return state, len(marks)


def _unchanged(db: Session, table: GameTable, seen: int) -> bool:
    """Lock the table, then check the screen that was tapped showed every mark."""
    ledger.lock(db, table)
    if len(ledger.marks_in_play(db, table)) != seen:
        db.rollback()
        return False
    return True


def add_mark(db: Session, table: GameTable, kind: str, player: Player | None, *, seen: int) -> bool:
    """Store one mark of the hand in play; False (nothing stored) on a stale screen."""
    if kind not in MARK_KINDS or (player is None) != (kind == TURN):
        raise ValueError(f"a {kind!r} mark with player {player!r} is not a mark")
    if seen >= MAX_MARKS or not _unchanged(db, table, seen):
        return False
    db.add(
        TurnMark(
            table_id=table.id,
            hand_no=ledger.next_hand_no(db, table),
            kind=kind,
            player_id=player.id if player else None,
        )
    )
    ledger.touch(db, table)
    return True


def undo_mark(db: Session, table: GameTable, *, seen: int) -> bool:
    """Take back the latest mark of the hand in play; False on a stale screen or none."""
    if seen == 0 or not _unchanged(db, table, seen):
        return False
    db.delete(ledger.marks_in_play(db, table)[-1])
    ledger.touch(db, table)
    return True
