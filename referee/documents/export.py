"""A table as a file of its own: export it whole, import it again as a new table, or take its
hands and payments to a spreadsheet. Storage code only, no Flask.

The JSON document holds everything needed to rebuild a table identically: its players in
seating order, its first dealer, every rules version, and every hand with its whole
history of changes. Players are referred to by their current name (names are unique at
a table) everywhere, hands and their history included: the database keeps players by id
(referee.stored_form), so a file of format version 2 names them as the table does now.
A file of version 1 (written before) kept each hand and each change under the names of
that moment, in the hand's seating order, which `seats` gives under the current names;
it still imports, matched seat by seat.

An import trusts nothing in the file: sizes are bounded, every object has known keys
of known types (the document's model, `referee.documents.table_file`), names, house rules
and outcomes are checked as the app checks them, and every
hand is settled again by the engine under its own rules version; a file whose stored
settlement differs from the engine's is refused, naming the field. Only then does
`referee.commands.import_table` write a NEW table, with its own share links.

A file's names are kept as it spells them, even one that a new table would refuse as blank
or as looking like another (`referee.rules.names`): a file restores a night that was played
under them, and every hand, payment and line of history in it names them.
"""

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, NoReturn

from sqlmodel import Session, col, select

from referee import exact_json
from referee.documents.reading import read
from referee.documents.table_file import (
    FORMAT,
    FORMAT_VERSION,
    NAMES_OF_THEN,
    FileChange,
    FileHand,
    file_model,
)
from referee.documents.values import shown
from referee.games import GAMES, Ending, Game
from referee.rules import Refusal
from referee.rules.limits import (
    MAX_FILE_DEPTH,
    MAX_IMPORT_BYTES,
    MAX_PLAYERS,
    MAX_POT_SHARE,
    MIN_PLAYERS,
)
from referee.rules.table_unit import check_unit_kept
from referee.scoring import Settlement
from referee.scoring.settlement import Payment
from referee.scoring.tongits.night import PlayedGame
from referee.scoring.tonk.games import PlayedHand, game_json, game_of_hand, games
from referee.store.hands import every_hand, hand_views
from referee.store.models import GameTable, Hand, HandChange, RulesVersion, id_of
from referee.store.seating import players_of
from referee.store.stored_form import named, stored
from referee.store.tally import ever_in_points, night_games

# Export


def _iso(moment: datetime) -> str:
    """A stored time as ISO 8601 in UTC, with its offset."""
    if moment.utcoffset() is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat()


def export_table(db: Session, table: GameTable) -> dict[str, Any]:
    """The whole table as a JSON-ready document (money as exact Decimals: write it with
    `exact_json.dumps`)."""
    players = players_of(db, table)
    name_of = {id_of(p): p.name for p in players}
    versions = db.exec(
        select(RulesVersion)
        .where(RulesVersion.table_id == table.id)
        .order_by(col(RulesVersion.number))
    ).all()
    number_of = {v.id: v.number for v in versions}
    hands = every_hand(db, table)
    changes: dict[int, list[HandChange]] = {}
    for change in db.exec(
        select(HandChange)
        .join(Hand, col(Hand.id) == col(HandChange.hand_id))
        .where(Hand.table_id == table.id)
        .order_by(col(HandChange.id))
    ).all():
        changes.setdefault(change.hand_id, []).append(change)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": _iso(datetime.now(UTC)),
        "name": table.name,
        "game": table.game,
        "created_at": _iso(table.created_at),
        "first_dealer": None if table.first_dealer_id is None else name_of[table.first_dealer_id],
        "players": [{"name": p.name, "seated": p.seated} for p in players],
        "rules_versions": [
            {
                "number": v.number,
                "preset": v.preset,
                "rules": exact_json.loads(v.rules_json),
                "created_at": _iso(v.created_at),
            }
            for v in versions
        ],
        "hands": [
            {
                "no": hand.no,
                "rules_version": number_of[hand.rules_version_id],
                "dealer": view.dealer,
                "seats": [name_of[seat] for seat in json.loads(hand.seats_json)],
                "outcome": view.outcome,
                "settlement": view.settlement,
                "void": hand.void,
                "version": hand.version,
                "created_at": _iso(hand.created_at),
                "updated_at": _iso(hand.updated_at),
                "entry_key": hand.entry_key,
                "changes": [
                    _change_json(change, name_of) for change in changes.get(id_of(hand), [])
                ],
            }
            | ({"note": hand.note} if hand.note else {})
            for hand, view in zip(hands, hand_views(hands, players), strict=True)
        ],
        "games": [game_json(game) for game in night_games(db, table, players)],
    }


def _change_json(change: HandChange, name_of: Mapping[int, str]) -> dict[str, Any]:
    before, after = (
        None if text is None else named(text, name_of)
        for text in (change.before_json, change.after_json)
    )
    return {
        "action": change.action,
        "by": change.by,
        "at": _iso(change.at),
        "before": before,
        "after": after,
    }


# The spreadsheet

CSV_HEADER = ("hand", "game", "void", "dealer", "result", "payer", "payee", "amount", "why")
# A cell a spreadsheet would run as a formula (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")
CENT = Decimal("0.01")


def text_cell(text: str) -> str:
    """A text cell a spreadsheet shows as text: one that could start a formula gets a ' first.
    Only text goes through here; amounts are written unsigned and stay numbers."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def export_csv(db: Session, table: GameTable) -> str:
    """One row per payment of every hand (one row for a hand with none), oldest hand first,
    players under their current names; amounts exact, with 2 decimals, payer to payee. In
    points mode `game` is the number of the hand's game (empty for a void hand)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    players = players_of(db, table)
    game_of = game_of_hand(night_games(db, table, players))
    for view in hand_views(every_hand(db, table), players):
        settlement = view.settlement
        in_game = game_of.get(view.hand.no)
        start = [
            view.hand.no,
            "" if in_game is None else in_game[0].number,
            "yes" if view.hand.void else "no",
            text_cell(view.dealer),
            text_cell(settlement["result"]),
        ]
        rows = [
            [
                text_cell(p["from"]),
                text_cell(p["to"]),
                f"{Decimal(p['amount']).quantize(CENT)}",
                text_cell(p["why"]),
            ]
            for p in settlement["payments"]
        ]
        for row in rows or [["", "", "", ""]]:
            writer.writerow(start + row)
    return out.getvalue()


# Import: reading the document


def size_in_words(size: int) -> str:
    """4 MB, 512 KB: a file size as people say it."""
    if size >= 1024 * 1024:
        return f"{size // (1024 * 1024)} MB"
    return f"{max(size // 1024, 1)} KB"


def too_large() -> Refusal:
    """A file over MAX_IMPORT_BYTES, said with the limit (read here or cut off at upload)."""
    return Refusal(
        f"file: the file is larger than {size_in_words(MAX_IMPORT_BYTES)}; a table "
        "exported from Tonk Referee is far smaller",
        field="file",
    )


def load_document(raw: bytes) -> Any:
    """The document in a file's bytes, refused when too large or not exact JSON."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise too_large()
    try:
        return exact_json.loads(raw.removeprefix(b"\xef\xbb\xbf"))  # a BOM from an editor
    except exact_json.BadJson as error:
        message = str(error).replace("the request", "the file")
        raise Refusal(
            f"file: {message}; choose the .json file a table was exported to", field="file"
        ) from None


def _at(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _refuse(path: str, message: str) -> NoReturn:
    raise Refusal(f"{path or 'file'}: {message}", field=path or "file")


def _exact(value: Any, path: str, depth: int = 0) -> None:
    """Only JSON values, with exact numbers: a float (say, from the standard json module)
    could already have lost a cent, so it is refused wherever it is."""
    if depth > MAX_FILE_DEPTH:
        _refuse(path, "the document is nested too deeply")
    if isinstance(value, float):
        _refuse(
            path,
            f"{shown(value)} is a floating-point number; amounts must be exact decimals "
            "(read the file with exact_json, not the json module)",
        )
    if isinstance(value, Decimal) and not value.is_finite():
        _refuse(path, f"{shown(value)} is not a number")
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                _refuse(path, f"the key {shown(key)} is not text")
            _exact(item, _at(path, key[:40]), depth + 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _exact(item, _at(path, index), depth + 1)
    elif not isinstance(value, str | int | Decimal | None):
        _refuse(path, f"a {type(value).__name__} is not a JSON value")


def _distinct(names: Sequence[str], path: str, known: set[str] | None = None) -> None:
    """Names of a hand's players: none twice, each one of `known` when given."""
    seen: set[str] = set()
    for index, name in enumerate(names):
        if name.casefold() in seen:
            _refuse(_at(path, index), f"{name!r} appears twice")
        if known is not None and name not in known:
            _refuse(_at(path, index), f"{name!r} is not one of the table's players")
        seen.add(name.casefold())


def _plays_here(document: Mapping[str, Any], path: str, names: Sequence[str]) -> None:
    """An outcome or a settlement naming only players among `names`, the hand's players
    then: exactly what storing it by the players' ids needs, whatever the game."""
    try:
        stored(document, {name: index for index, name in enumerate(names)})
    except KeyError as missing:
        name = str(missing.args[0])
        _refuse(
            path,
            f"{name[:40]!r} is not one of the hand's players then ({', '.join(names)})",
        )


def _difference(expected: Any, given: Any, path: str) -> tuple[str, Any, Any] | None:
    """Where `given` first differs from `expected`, type for type (1 is not true, and
    2.00 is 2): (path, expected value, given value), or None when they agree."""
    if isinstance(expected, Mapping):
        if not isinstance(given, Mapping):
            return path, expected, given
        for key in given:
            if key not in expected:
                return _at(path, str(key)[:40]), None, given[key]
        for key, value in expected.items():
            if key not in given:
                return _at(path, key), value, None
            found = _difference(value, given[key], _at(path, key))
            if found:
                return found
        return None
    if isinstance(expected, list):
        if not isinstance(given, list) or len(given) != len(expected):
            return path, expected, given
        for index, (one, other) in enumerate(zip(expected, given, strict=True)):
            found = _difference(one, other, _at(path, index))
            if found:
                return found
        return None
    if isinstance(expected, bool) or expected is None or isinstance(expected, str):
        same = type(given) is type(expected) and given == expected
    else:  # a number: int or Decimal, never a bool
        same = (
            isinstance(given, int | Decimal) and not isinstance(given, bool) and given == expected
        )
    return None if same else (path, expected, given)


# Import: the plan checked in full before anything is written


@dataclass
class ChangePlan:
    action: str
    by: str
    at: datetime
    names: list[str]  # the hand's players, in its seating order, as named at this change
    before: dict[str, Any] | None  # outcomes under those names
    after: dict[str, Any] | None


@dataclass
class HandPlan:
    no: int
    rules_number: int
    dealer: str
    seats: list[str]  # the hand's players in its seating order, under their current names
    names: list[str]  # the same players as named when it was settled
    outcome: Ending
    settlement: Settlement
    void: bool
    version: int
    created_at: datetime
    updated_at: datetime
    entry_key: str | None
    note: str | None = None
    changes: list[ChangePlan] = field(default_factory=list)


@dataclass
class RulesPlan:
    number: int
    preset: str
    rules_json: str
    created_at: datetime


@dataclass
class TablePlan:
    name: str
    game: str
    created_at: datetime
    first_dealer: str
    players: list[tuple[str, bool]]
    rules: list[RulesPlan]
    hands: list[HandPlan]


def check_document(data: Any) -> TablePlan:
    """Everything an import will write, checked; a Refusal naming the field otherwise. The
    shape, bounds, names, house rules and outcomes are the document's model's to check
    (referee.documents.table_file); what ties its parts together is checked here."""
    _exact(data, "")
    document = read(file_model(data), data, root="file")
    if document.format != FORMAT:
        _refuse("format", f"{shown(document.format)} is not {FORMAT!r}: not a table's file")
    if document.format_version not in (NAMES_OF_THEN, FORMAT_VERSION):
        _refuse(
            "format_version",
            f"is {document.format_version}; this app reads versions {NAMES_OF_THEN} "
            f"and {FORMAT_VERSION}",
        )
    of_then = document.format_version == NAMES_OF_THEN

    seen: set[str] = set()
    for index, player in enumerate(document.players):
        if player.name.casefold() in seen:
            _refuse(f"players[{index}].name", f"two players are called {player.name!r}")
        seen.add(player.name.casefold())
    sitting = sum(1 for player in document.players if player.seated)
    if not MIN_PLAYERS <= sitting <= MAX_PLAYERS:
        _refuse("players", f"{sitting} are seated; a table seats {MIN_PLAYERS} to {MAX_PLAYERS}")
    known = {player.name for player in document.players}
    if document.first_dealer not in known:
        _refuse("first_dealer", f"{shown(document.first_dealer)} is not one of the players")

    game = GAMES[document.game]
    rules: dict[int, Any] = {}
    for index, version in enumerate(document.rules_versions):
        if version.number != index + 1:
            _refuse(
                f"rules_versions[{index}].number",
                f"is {version.number}; rules versions are numbered 1, 2, 3...",
            )
        rules[version.number] = version.rules
    thens = [
        _check_hand(entry, f"hands[{index}]", index + 1, known, rules, of_then)
        for index, entry in enumerate(document.hands)
    ]
    _check_one_unit(document.rules_versions, [entry.rules_version for entry in document.hands])
    engine = _settled(game, document.hands, thens, rules)
    hands = []
    entry_keys: set[str] = set()
    for index, (entry, then, settlement) in enumerate(
        zip(document.hands, thens, engine, strict=True)
    ):
        hand = _plan_hand(entry, f"hands[{index}]", then, settlement, of_then)
        if hand.entry_key is not None:
            if hand.entry_key in entry_keys:
                _refuse(f"hands[{index}].entry_key", "another hand has the same key")
            entry_keys.add(hand.entry_key)
        hands.append(hand)
    if document.games is not None:
        _check_games(document.games, hands, game, rules)
    return TablePlan(
        document.name,
        document.game,
        document.created_at,
        document.first_dealer,
        [(player.name, player.seated) for player in document.players],
        [
            RulesPlan(
                v.number, v.preset, exact_json.dumps(game.rules_to_json(v.rules)), v.created_at
            )
            for v in document.rules_versions
        ],
        hands,
    )


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
    game: Game[Any, Any],
    rules: Mapping[int, Any],
) -> None:
    """The file's games are the ones its hands make (house rules 2.7), or it is refused; a
    night that never scored points makes none."""
    made = []
    if ever_in_points(game, rules.values()):
        made = games(
            [
                PlayedHand.under(rules[h.rules_number], h.no, h.void, h.settlement.points)
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
    difference = _difference(expected, found, "games")
    if difference is not None:
        where, should, says = difference
        _refuse(
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
        _refuse(_at(path, "no"), f"is {entry.no}; hands are numbered 1, 2, 3... in order")
    number = entry.rules_version
    if number not in rules:
        _refuse(_at(path, "rules_version"), f"{number} is not a rules version listed")
    if entry.dealer not in known:
        _refuse(_at(path, "dealer"), f"{shown(entry.dealer)} is not one of the players")
    _distinct(entry.seats, _at(path, "seats"), known)

    net = entry.settlement.model_dump(by_alias=True)["net"]
    net_path = _at(_at(path, "settlement"), "net")
    if len(net) != len(entry.seats):
        _refuse(
            net_path,
            f"must give the net of each of the hand's {len(entry.seats)} players, in seating order",
        )
    then = list(net) if of_then else entry.seats
    _distinct(then, net_path)
    _plays_here(entry.outcome.to_json(), _at(path, "outcome"), then)
    return then


def _settled(
    game: Game[Any, Any],
    hands: Sequence[FileHand[Any, Any]],
    thens: Sequence[Sequence[str]],
    rules: Mapping[int, Any],
) -> list[Settlement | None]:
    """Each hand as the table's game settles it under its own rules version: alone, or, for
    a game whose settlement carries state (Tongits), in a replay of the whole night, void
    games included as void (None: a void game's settlement is the file's, see `_plan_hand`).
    Each hand is first settled alone, so an outcome the engine refuses is named by its hand."""
    alone = []
    for index, (entry, then) in enumerate(zip(hands, thens, strict=True)):
        number = entry.rules_version
        try:
            alone.append(game.settle(rules[number], then, entry.outcome))
        except Refusal as refusal:
            _refuse(
                f"hands[{index}].outcome",
                f"the engine refuses hand {index + 1} under rules version {number}: "
                f"{refusal.message}",
            )
    if game.replay_night is None:
        return list(alone)
    night = [
        PlayedGame(entry.void, rules[entry.rules_version], tuple(then), entry.outcome, entry.dealer)
        for entry, then in zip(hands, thens, strict=True)
    ]
    return game.replay_night(night)


def _plan_hand(
    entry: FileHand[Any, Any],
    path: str,
    then: list[str],
    settlement: Settlement | None,
    of_then: bool,
) -> HandPlan:
    """One hand to write, its settlement the engine's (or refused where the file's differs);
    a void game of a night that carries state keeps the file's (`_as_written`)."""
    given = entry.settlement.model_dump(by_alias=True)
    no, number = entry.no, entry.rules_version
    if settlement is None:
        settlement = _as_written(given, _at(path, "settlement"), then)
    difference = _difference(settlement.to_json(), given, _at(path, "settlement"))
    if difference is not None:
        where, expected, found = difference
        _refuse(
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


@dataclass(frozen=True)
class _Carried:
    """A void game's state as its file wrote it: kept as it is, since no replay makes it."""

    state: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return self.state


def _as_written(given: Mapping[str, Any], path: str, then: Sequence[str]) -> Settlement:
    """A void game's settlement as its file wrote it: no replay makes it (the night skips a
    void game, and it keeps what it was when voided), so it is held to what any settlement
    is: payments between the hand's players, each above 0 and to the cent, and each
    player's net what the payments make (the caller compares the file's net with it)."""
    _plays_here(given, path, then)
    if len(set(given["winners"])) != len(given["winners"]):
        _refuse(f"{path}.winners", "names a player twice")
    net = dict.fromkeys(then, Decimal(0))
    payments = []
    for index, row in enumerate(given["payments"]):
        if row["from"] == row["to"]:
            _refuse(f"{path}.payments[{index}]", "a player does not pay themselves")
        amount = Decimal(row["amount"])
        # The bound first: quantizing a huge number would overflow the context.
        if not 0 < amount <= MAX_POT_SHARE or amount != amount.quantize(CENT):
            _refuse(
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


def _check_change(
    entry: FileChange[Any], path: str, seats: Sequence[str], of_then: bool
) -> ChangePlan:
    """One line of a hand's history: what it was and became, under the names of its seats,
    or (`of_then`) under the names it gives, the hand's players as named at that change."""
    if of_then != (entry.names is not None):
        words = "list" if of_then else "are not listed in a version 2 file; leave out"
        _refuse(_at(path, "names"), f"{words} the hand's players as named at this change")
    names = entry.names or list(seats)
    _distinct(names, _at(path, "names"))
    if len(names) != len(seats):
        _refuse(_at(path, "names"), f"names {len(names)} players; the hand has {len(seats)}")
    outcomes = {"before": entry.before, "after": entry.after}
    for key, outcome in outcomes.items():
        if outcome is not None:
            _plays_here(outcome.to_json(), _at(path, key), names)
    return ChangePlan(
        action=entry.action,
        by=entry.by,
        at=entry.at,
        names=names,
        before=None if entry.before is None else entry.before.to_json(),
        after=None if entry.after is None else entry.after.to_json(),
    )
