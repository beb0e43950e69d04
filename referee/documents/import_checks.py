"""A table's file checked whole before an import writes anything: a Refusal naming the
field, or the plan of what to write (`import_plan`).

An import trusts nothing in the file: sizes are bounded, every object has known keys
of known types (the document's model, `referee.documents.table_file`), names, house rules
and outcomes are checked as the app checks them, and every hand is settled again by the
engine under its own rules version (`replay`); a file whose stored settlement differs from
the engine's is refused, naming the field. Only then does
`referee.store.commands.import_table` write a NEW table, with its own share links.

Players are referred to by their current name everywhere in a file of format version 2,
hands and their history included. A file of version 1 (written before) kept each hand and
each change under the names of that moment, in the hand's seating order, which `seats`
gives under the current names; it still imports, matched seat by seat.

A file's players are given their names by the rule every door gives names by
(`referee.rules.names`): a file that holds a name that shows nothing, looks like another or
mixes scripts is refused, naming the player and how to mend the file, as the start page,
the API, a rename or a sit-in refuses it; a name written uncomposed or with an invisible end
is stored tidied, as they would store it, and the file's spelling still finds its player
in every hand, payment and line of history.
"""

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from referee import exact_json
from referee.documents.import_plan import ChangePlan, HandPlan, PlayerPlan, RulesPlan, TablePlan
from referee.documents.places import at, first_difference, only_players_then, refuse
from referee.documents.reading import read
from referee.documents.replay import as_written, settled_again
from referee.documents.table_file import (
    FORMAT,
    FORMAT_VERSION,
    NAMES_OF_THEN,
    FileChange,
    FileHand,
    file_model,
)
from referee.games import GAMES, Game, played_hand
from referee.rules import Refusal
from referee.rules.limits import MAX_FILE_DEPTH, MAX_PLAYERS, MIN_PLAYERS, echoed
from referee.rules.names import new_name
from referee.rules.said import said
from referee.rules.shapes import shown
from referee.rules.table_unit import check_unit_kept
from referee.scoring import Settlement
from referee.scoring.tonk.games import game_json, games
from referee.store.tally import ever_in_points


def check_document(data: Any) -> TablePlan:
    """Everything an import will write, checked; a Refusal naming the field otherwise. The
    shape, bounds, names, house rules and outcomes are the document's model's to check
    (referee.documents.table_file); what ties its parts together is checked here."""
    _exact(data, "")
    document = read(file_model(data), data, root="file")
    if document.format != FORMAT:
        refuse("format", f"{shown(document.format)} is not {FORMAT!r}: not a table's file")
    if document.format_version not in (NAMES_OF_THEN, FORMAT_VERSION):
        refuse(
            "format_version",
            f"is {document.format_version}; this app reads versions {NAMES_OF_THEN} "
            f"and {FORMAT_VERSION}",
        )
    of_then = document.format_version == NAMES_OF_THEN

    seen: set[str] = set()
    for index, player in enumerate(document.players):
        if player.name.casefold() in seen:
            refuse(f"players[{index}].name", f"two players are called {player.name!r}")
        seen.add(player.name.casefold())
    names = _new_names([player.name for player in document.players])
    sitting = sum(1 for player in document.players if player.seated)
    if not MIN_PLAYERS <= sitting <= MAX_PLAYERS:
        refuse("players", f"{sitting} are seated; a table seats {MIN_PLAYERS} to {MAX_PLAYERS}")
    known = {player.name for player in document.players}
    if document.first_dealer not in known:
        refuse("first_dealer", f"{shown(document.first_dealer)} is not one of the players")

    game = GAMES[document.game]
    rules: dict[int, Any] = {}
    for index, version in enumerate(document.rules_versions):
        if version.number != index + 1:
            refuse(
                f"rules_versions[{index}].number",
                f"is {version.number}; rules versions are numbered 1, 2, 3...",
            )
        rules[version.number] = version.rules
    thens = [
        _check_hand(entry, f"hands[{index}]", index + 1, known, rules, of_then)
        for index, entry in enumerate(document.hands)
    ]
    _check_one_unit(document.rules_versions, [entry.rules_version for entry in document.hands])
    engine = settled_again(game, document.hands, thens, rules)
    hands = []
    entry_keys: set[str] = set()
    for index, (entry, then, settlement) in enumerate(
        zip(document.hands, thens, engine, strict=True)
    ):
        hand = _plan_hand(entry, f"hands[{index}]", then, settlement, of_then)
        if hand.entry_key is not None:
            if hand.entry_key in entry_keys:
                refuse(f"hands[{index}].entry_key", "another hand has the same key")
            entry_keys.add(hand.entry_key)
        hands.append(hand)
    if document.games is not None:
        _check_games(document.games, hands, game, rules)
    return TablePlan(
        document.name,
        document.game,
        document.created_at,
        document.first_dealer,
        [
            PlayerPlan(player.name, name, player.seated)
            for player, name in zip(document.players, names, strict=True)
        ],
        [
            RulesPlan(
                v.number, v.preset, exact_json.dumps(game.rules_to_json(v.rules)), v.created_at
            )
            for v in document.rules_versions
        ],
        hands,
    )


def _new_names(names: Sequence[str]) -> list[str]:
    """The file's players' names as the app gives names (`referee.rules.names.new_name`), each
    checked against those before it; a refusal names the player's place in the file and says
    how to mend it: a file downloaded from a table that has such a name is mended at that
    table, which still plays and renames, and a file written by hand where the name is."""
    given: list[str] = []
    for index, name in enumerate(names):
        try:
            given.append(new_name(name, given, field=f"players[{index}].name"))
        except Refusal as refusal:
            raise Refusal(
                said(
                    "{refusal}. To mend the file, rename {player} under “Players and seats” "
                    "at the table it came from and download its file again, or write another "
                    "name for {player} everywhere in the file",
                    refusal=refusal.message,
                    player=repr(name),
                ),
                field=refusal.field,
                player=name,
            ) from None
    return given


def _exact(value: Any, path: str, depth: int = 0) -> None:
    """Only JSON values, with exact numbers: a float (say, from the standard json module)
    could already have lost a cent, so it is refused wherever it is."""
    if depth > MAX_FILE_DEPTH:
        refuse(path, "the document is nested too deeply")
    if isinstance(value, float):
        refuse(
            path,
            f"{shown(value)} is a floating-point number; amounts must be exact decimals "
            "(read the file with exact_json, not the json module)",
        )
    if isinstance(value, Decimal) and not value.is_finite():
        refuse(path, f"{shown(value)} is not a number")
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                refuse(path, f"the key {shown(key)} is not text")
            _exact(item, at(path, echoed(key)), depth + 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _exact(item, at(path, index), depth + 1)
    elif not isinstance(value, str | int | Decimal | None):
        refuse(path, f"a {type(value).__name__} is not a JSON value")


def _distinct(names: Sequence[str], path: str, known: set[str] | None = None) -> None:
    """Names of a hand's players: none twice, each one of `known` when given."""
    seen: set[str] = set()
    for index, name in enumerate(names):
        if name.casefold() in seen:
            refuse(at(path, index), f"{name!r} appears twice")
        if known is not None and name not in known:
            refuse(at(path, index), f"{name!r} is not one of the table's players")
        seen.add(name.casefold())


def _check_one_unit(versions: Sequence[Any], played_under: Sequence[int]) -> None:
    """A file's table keeps one unit from its first hand on, as the app keeps it: every
    version from the one the first hand was played under counts in that one's unit."""
    if not played_under:
        return
    first = min(played_under)
    unit = versions[first - 1].rules.unit  # numbered 1, 2, 3... and each hand's is listed
    for index, version in enumerate(versions[first:], start=first):
        check_unit_kept(unit, version.rules.unit, field=f"rules_versions[{index}].rules.unit")


def _winners_as_a_set(game: dict[str, Any]) -> dict[str, Any]:
    return {**game, "winners": sorted(game["winners"])}


def _check_games(
    given: Sequence[Any],
    hands: Sequence[HandPlan],
    game: Game,
    rules: Mapping[int, Any],
) -> None:
    """The file's games are the ones its hands make (house rules 2.7), or it is refused; a
    night that never scored points makes none."""
    made = []
    if ever_in_points(game, rules.values()):
        made = games(
            [
                played_hand(game, rules[h.rules_number], h.no, h.void, h.settlement.points)
                for h in hands
            ]
        )
    # Who shares a win is a set: the table lists them in its seating order of now, the
    # hands in theirs of then (a player moved seats since).
    expected = [_winners_as_a_set(game_json(game)) for game in made]
    found = [_winners_as_a_set(game.model_dump(by_alias=True)) for game in given]
    # A file exported before a game was won only among the players of all its hands names
    # everyone on the lowest score: it imports, and the games are read as they are now.
    then = [_winners_as_a_set({**game_json(g), "winners": g.on_the_lowest_score}) for g in made]
    found = [
        now if game == said else game
        for game, now, said in zip(found, expected, then, strict=False)
    ] + found[len(expected) :]
    difference = first_difference(expected, found, "games")
    if difference is not None:
        where, should, says = difference
        refuse(
            where,
            f"the file says {shown(says)}, but its hands make {shown(should)}; the file was "
            "changed after it was exported, so nothing was imported",
        )


def _check_hand(
    entry: FileHand[Any, Any],
    path: str,
    no: int,
    known: set[str],
    rules: Mapping[int, Any],
    of_then: bool,
) -> list[str]:
    """One hand's number, rules version, dealer and players; the names it was settled under:
    its seats, or (`of_then`, a version 1 file) the names its settlement's net gives in
    seating order."""
    if entry.no != no:
        refuse(at(path, "no"), f"is {entry.no}; hands are numbered 1, 2, 3... in order")
    number = entry.rules_version
    if number not in rules:
        refuse(at(path, "rules_version"), f"{number} is not a rules version listed")
    if entry.dealer not in known:
        refuse(at(path, "dealer"), f"{shown(entry.dealer)} is not one of the players")
    _distinct(entry.seats, at(path, "seats"), known)

    net = entry.settlement.model_dump(by_alias=True)["net"]
    net_path = at(at(path, "settlement"), "net")
    if len(net) != len(entry.seats):
        refuse(
            net_path,
            f"must give the net of each of the hand's {len(entry.seats)} players, in seating order",
        )
    then = list(net) if of_then else entry.seats
    _distinct(then, net_path)
    only_players_then(entry.outcome.to_json(), at(path, "outcome"), then)
    return then


def _plan_hand(
    entry: FileHand[Any, Any],
    path: str,
    then: list[str],
    settlement: Settlement | None,
    of_then: bool,
) -> HandPlan:
    """One hand to write, its settlement the engine's (or refused where the file's differs);
    a void game of a night that carries state keeps the file's (`as_written`)."""
    given = entry.settlement.model_dump(by_alias=True)
    no, number = entry.no, entry.rules_version
    if settlement is None:
        settlement = as_written(given, at(path, "settlement"), then)
    difference = first_difference(settlement.to_json(), given, at(path, "settlement"))
    if difference is not None:
        where, expected, found = difference
        refuse(
            where,
            f"the file says {shown(found)}, but the engine settles hand {no} as "
            f"{shown(expected)} under its rules (version {number}); the file was changed "
            "after it was exported, so nothing was imported",
        )
    return HandPlan(
        no=no,
        rules_number=number,
        dealer=entry.dealer,
        seats=entry.seats,
        names=then,
        outcome=entry.outcome,
        settlement=settlement,
        void=entry.void,
        version=entry.version,
        created_at=entry.created_at,
        updated_at=entry.updated_at,
        entry_key=entry.entry_key,
        note=entry.note,
        changes=[
            _check_change(change, f"{path}.changes[{index}]", entry.seats, of_then)
            for index, change in enumerate(entry.changes)
        ],
    )


def _check_change(
    entry: FileChange[Any], path: str, seats: Sequence[str], of_then: bool
) -> ChangePlan:
    """One line of a hand's history: what it was and became, under the names of its seats,
    or (`of_then`) under the names it gives, the hand's players as named at that change."""
    if of_then != (entry.names is not None):
        words = "list" if of_then else "are not listed in a version 2 file; leave out"
        refuse(at(path, "names"), f"{words} the hand's players as named at this change")
    names = entry.names or list(seats)
    _distinct(names, at(path, "names"))
    if len(names) != len(seats):
        refuse(at(path, "names"), f"names {len(names)} players; the hand has {len(seats)}")
    outcomes = {"before": entry.before, "after": entry.after}
    for key, outcome in outcomes.items():
        if outcome is not None:
            only_players_then(outcome.to_json(), at(path, key), names)
    return ChangePlan(
        action=entry.action,
        by=entry.by,
        at=entry.at,
        names=names,
        before=None if entry.before is None else entry.before.to_json(),
        after=None if entry.after is None else entry.after.to_json(),
    )
