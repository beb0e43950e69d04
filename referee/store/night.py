"""A night of a game whose games depend on the ones before (Tongits' pot and streak),
read back from its stored hands and replayed in order.

A Tongits table stores no running state that an edit could leave stale: each game is
settled with the state that the night before it leaves, found by replaying the stored
games (the game's `replay_night`). So a new game, or an edit, is settled in its place in
the night, and after an edit or a void every later game whose settlement moved (its pot,
its run) is stored again, with a line in its history saying why. A game without state
(Tonk) never comes here: its game is asked for the capability (`CarriesState`).
"""

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, select

from referee import exact_json
from referee.games import CarriesState, Ending, PlayedGame
from referee.scoring import Settlement
from referee.store.models import GameTable, Hand, RulesVersion, id_of
from referee.store.rules_versions import game_of, rules_of
from referee.store.seating import last_played, players_of, seated
from referee.store.stored_form import named, stored


def carries_state(table: GameTable) -> bool:
    """Whether the table's games are settled with what earlier games left."""
    return isinstance(game_of(table), CarriesState)


def _carrying(table: GameTable) -> CarriesState:
    """The table's game, which carries state: only such a game's night comes here."""
    game = game_of(table)
    if not isinstance(game, CarriesState):
        raise TypeError(f"{game.name} carries no state from game to game")
    return game


@dataclass(frozen=True)
class NightGame:
    """A stored game of the night and the row the replay takes for it."""

    hand: Hand
    played: PlayedGame


def stored_night(db: Session, table: GameTable) -> list[NightGame]:
    """Every stored game of the night, oldest first, void ones included (as void), each
    under the players' names of now and the rules it was played under."""
    game = game_of(table)
    names = {id_of(p): p.name for p in players_of(db, table)}
    versions = {
        id_of(v): rules_of(table, v)
        for v in db.exec(select(RulesVersion).where(RulesVersion.table_id == table.id)).all()
    }
    # Read afresh: a command reads the night after taking the table's lock, and a hand loaded
    # before it (the form's, say) must not stand in for what another phone stored meanwhile.
    hands = db.exec(
        select(Hand)
        .where(Hand.table_id == table.id)
        .order_by(col(Hand.no))
        .execution_options(populate_existing=True)
    ).all()
    return [
        NightGame(
            hand,
            PlayedGame(
                void=hand.void,
                rules=versions[hand.rules_version_id],
                players=tuple(names[i] for i in json.loads(hand.seats_json)),
                outcome=game.outcome.read(named(hand.outcome_json, names)),
                dealer=names[hand.dealer_id],
            ),
        )
        for hand in hands
    ]


def settled_in_place(
    db: Session,
    table: GameTable,
    rules: Any,
    players: Sequence[str],
    outcome: Ending,
    *,
    hand: Hand | None,
    dealer: str | None,
) -> Settlement:
    """`outcome` settled where it stands in the night: as the next game (`hand` None), or
    in place of `hand` (an edit), with the state the games before it leave."""
    replay = _carrying(table).replay_night
    night = [g.played for g in stored_night(db, table) if hand is None or g.hand.no < hand.no]
    this = PlayedGame(False, rules, tuple(players), outcome, dealer)
    settled = replay([*night, this])[-1]
    assert settled is not None  # the game replayed last is not void
    return settled


def moved_after(db: Session, table: GameTable, changed: Hand) -> list[tuple[Hand, Settlement]]:
    """After `changed` was edited, voided or restored: it and every later game settled again
    with the state the night now leaves it, and those whose settlement moved (the pot, the
    run), oldest first, for the one writer (referee.store.commands) to store again. An edited
    game was just settled in place, and a void one is not settled: only a restored game
    can move itself (earlier games changed while it was void)."""
    replay = _carrying(table).replay_night
    night = stored_night(db, table)
    moved = []
    for game, settlement in zip(night, replay([g.played for g in night]), strict=True):
        if settlement is None or game.hand.no < changed.no:
            continue
        ids = dict(zip(game.played.players, json.loads(game.hand.seats_json), strict=True))
        now = exact_json.loads(stored(settlement.to_json(), ids))
        if now != exact_json.loads(game.hand.settlement_json):
            moved.append((game.hand, settlement))
    return moved


def left_now(db: Session, table: GameTable) -> tuple[dict[str, Any], list[str]] | None:
    """The state the last game played left (as its settlement stored it), and who is seated
    now, for the game to see it from these seats; None before the first game."""
    last = last_played(db, table)
    if last is None:
        return None
    everyone = players_of(db, table)
    names = {id_of(p): p.name for p in everyone}
    return named(last.settlement_json, names)["state"], [p.name for p in seated(everyone)]


def state_now(db: Session, table: GameTable, rules: Any) -> dict[str, Any] | None:
    """What the last game played leaves, as the players seated now see it under the rules in
    force (the next game, the table page, the API): each one's share of the pot, the run,
    who deals next; a player who left has their share back and their run over (tongits.md
    2.8), a player who sat in has what the rules give them (6.7). None before the first
    game."""
    left = left_now(db, table)
    return None if left is None else _carrying(table).state_seen_by(rules, *left)
