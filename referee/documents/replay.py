"""A file's night played again: every hand settled by the engine under its own rules
version, so an import stores the engine's payouts, never the file's word for them.

A game whose settlement carries state from one game to the next (Tongits' pot and run) is
replayed as a whole night; a void game in it is skipped by the replay and keeps what it
was when voided, so its settlement is taken as the file wrote it, held to what any
settlement is (`as_written`).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from referee.documents.places import only_players_then, refuse
from referee.documents.table_file import FileHand
from referee.games import CarriesState, Game, PlayedGame
from referee.rules import Refusal
from referee.rules.limits import MAX_POT_SHARE
from referee.rules.options import CENT
from referee.rules.shapes import shown
from referee.scoring import Settlement
from referee.scoring.settlement import Payment


def settled_again(
    game: Game,
    hands: Sequence[FileHand[Any, Any]],
    thens: Sequence[Sequence[str]],
    rules: Mapping[int, Any],
) -> list[Settlement | None]:
    """Each hand as the table's game settles it under its own rules version: alone, or, for
    a game whose settlement carries state (Tongits), in a replay of the whole night, void
    games included as void (None: a void game's settlement is the file's, `as_written`).
    Each hand is first settled alone, so an outcome the engine refuses is named by its hand."""
    alone = []
    for index, (entry, then) in enumerate(zip(hands, thens, strict=True)):
        number = entry.rules_version
        try:
            alone.append(game.settle(rules[number], then, entry.outcome))
        except Refusal as refusal:
            refuse(
                f"hands[{index}].outcome",
                f"the engine refuses hand {index + 1} under rules version {number}: "
                f"{refusal.message}",
            )
    if not isinstance(game, CarriesState):
        return list(alone)
    night = [
        PlayedGame(entry.void, rules[entry.rules_version], tuple(then), entry.outcome, entry.dealer)
        for entry, then in zip(hands, thens, strict=True)
    ]
    return game.replay_night(night)


@dataclass(frozen=True)
class _Carried:
    """A void game's state as its file wrote it: kept as it is, since no replay makes it."""

    state: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return self.state


def as_written(given: Mapping[str, Any], path: str, then: Sequence[str]) -> Settlement:
    """A void game's settlement as its file wrote it: no replay makes it (the night skips a
    void game, and it keeps what it was when voided), so it is held to what any settlement
    is: payments between the hand's players, each above 0 and to the cent, and each
    player's net what the payments make (the caller compares the file's net with it)."""
    only_players_then(given, path, then)
    if len(set(given["winners"])) != len(given["winners"]):
        refuse(f"{path}.winners", "names a player twice")
    net = dict.fromkeys(then, Decimal(0))
    payments = []
    for index, row in enumerate(given["payments"]):
        if row["from"] == row["to"]:
            refuse(f"{path}.payments[{index}]", "a player does not pay themselves")
        amount = Decimal(row["amount"])
        # The bound first: quantizing a huge number would overflow the context.
        if not 0 < amount <= MAX_POT_SHARE or amount != amount.quantize(CENT):
            refuse(
                f"{path}.payments[{index}].amount",
                f"{shown(row['amount'])} is not an amount above 0, to the cent",
            )
        payments.append(Payment(row["from"], row["to"], amount, row["why"]))
        net[row["from"]] -= amount
        net[row["to"]] += amount
    return Settlement(
        result=given["result"],
        winners=tuple(given["winners"]),
        payments=tuple(payments),
        net=net,
        points=given["points"],
        state=_Carried(given["state"]),
        pot_won=Decimal(given["pot_won"]),
    )
