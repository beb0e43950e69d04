"""The marks of the hand in play: stored so every phone sees them, replayed by the rules.

The scorekeeper taps "next turn", "X plays now" (a slap, a turn skipped), "X laid a
spread", "X's spread was hit" while the hand is played; each is one TurnMark row, its
kind a short word (`referee.rules.tonk.waiting.MARK_KINDS`), so a new kind needs no schema
change; `referee.rules.tonk.waiting` turns those marks into who may drop. Marks
belong to the hand number still to be saved, so saving a hand starts the next one
with none. The marks are written by `referee.store.commands` (mark_turn, undo_mark); this module
reads them.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from sqlmodel import Session, col, select

from referee.games import Rules, Turns
from referee.rules.deal import play_order
from referee.rules.tonk.waiting import Mark, TurnState
from referee.store.hands import next_hand_no
from referee.store.models import GameTable, Player, TurnMark
from referee.store.rules_versions import game_of
from referee.store.seating import Deal, seated

MAX_MARKS = 400  # a long hand at six players is well under a hundred turns


def marks_in_play(db: Session, table: GameTable) -> list[TurnMark]:
    """The scorekeeper's marks of the hand still to be saved, in the order made."""
    return list(
        db.exec(
            select(TurnMark)
            .where(TurnMark.table_id == table.id, TurnMark.hand_no == next_hand_no(db, table))
            .order_by(col(TurnMark.id))
        ).all()
    )


def turn_state(
    db: Session, table: GameTable, rules: Rules, players: Sequence[Player], deal: Deal
) -> tuple[TurnState, int]:
    """Who may drop on the turn in play, and how many marks that rests on (a game with
    turns: the turn panel is shown, and its marks kept, for no other)."""
    game = game_of(table)
    if not isinstance(game, Turns):
        raise TypeError(f"{game.name} keeps no turns")
    names = {p.id: p.name for p in players}
    marks = marks_in_play(db, table)
    order = [p.name for p in play_order(seated(players), deal.first)]
    state = game.turn_state(rules, order, [Mark(m.kind, names.get(m.player_id)) for m in marks])
    return state, len(marks)


def drop_waits(
    db: Session,
    table: GameTable,
    rules: Rules,
    players: Sequence[Player],
    deal: Deal,
    kind: object,
) -> TurnState | None:
    """For a new hand a wait can refuse (a Tonk drop): whose turn it is and who is still
    waiting in the hand in play (None for any other hand, or a game without turns)."""
    game = game_of(table)
    if not isinstance(game, Turns) or not game.waits_for(kind, rules):
        return None
    state, _ = turn_state(db, table, rules, players, deal)
    return state


@dataclass(frozen=True)
class Turn:
    """Whose turn it is in the hand in play, as far as the app knows: by the scorekeeper's
    marks (`marked`), or else the player who plays first, whose turn the hand opens on."""

    player: Player
    marked: bool


def whose_turn(
    db: Session, table: GameTable, rules: Rules, players: Sequence[Player], deal: Deal
) -> Turn:
    """Whose turn it is: the marks' answer where the table follows the turns and has marked
    some in this hand, else who plays first (`deal.first`)."""
    game = game_of(table)
    if isinstance(game, Turns) and game.tracks_turns(rules):
        state, seen = turn_state(db, table, rules, players, deal)
        marked = next((p for p in players if p.name == state.player), None)
        if seen and marked is not None:
            return Turn(marked, marked=True)
    return Turn(deal.first, marked=False)
