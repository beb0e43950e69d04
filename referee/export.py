"""A table as a file of its own: export it whole, import it again as a new table, or take its
hands and payments to a spreadsheet. Storage code only, no Flask.

The JSON document holds everything needed to rebuild a table identically: its players in
seating order, its first dealer, every rules version, and every hand with its whole
history of changes. Players are referred to by their current name (names are unique at
a table). A hand's outcome and settlement, and each change in its history, are kept as
they were stored: under the names the players had at that moment, listed in the hand's
seating order, which `seats` gives under the current names.

An import trusts nothing in the file: sizes are bounded, every object has known keys
of known types, names and house rules are checked as the app checks them, and every
hand is settled again by the engine under its own rules version; a file whose stored
settlement differs from the engine's is refused, naming the field. Only then is a NEW
table written, with its own share links.
"""

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, NoReturn

from sqlmodel import Session, select

from referee import exact_json, ledger
from referee.access import new_token
from referee.models import (
    GameTable,
    Hand,
    HandChange,
    HandNet,
    Player,
    RulesVersion,
)
from referee.rules import PRESETS, HouseRules, Refusal, parse_outcome
from referee.rules.limits import (
    MAX_BY_LENGTH,
    MAX_CHANGES_PER_HAND,
    MAX_ENTRY_KEY_LENGTH,
    MAX_FILE_DEPTH,
    MAX_HAND_VERSION,
    MAX_HANDS,
    MAX_IMPORT_BYTES,
    MAX_NOTE_LENGTH,
    MAX_PLAYERS,
    MAX_PLAYERS_IN_A_NIGHT,
    MAX_RULES_VERSIONS,
    MIN_PLAYERS,
    check_table_name,
)
from referee.rules.outcome import Outcome, check_name
from referee.scoring import Settlement, settle

FORMAT = "tonk-referee.table"
FORMAT_VERSION = 1


TOP_KEYS = (
    "format",
    "format_version",
    "name",
    "created_at",
    "first_dealer",
    "players",
    "rules_versions",
    "hands",
)
TOP_OPTIONAL = ("exported_at",)
PLAYER_KEYS = ("name", "seated")
RULES_VERSION_KEYS = ("number", "preset", "rules", "created_at")
HAND_KEYS = (
    "no",
    "rules_version",
    "dealer",
    "seats",
    "outcome",
    "settlement",
    "void",
    "version",
    "created_at",
    "updated_at",
    "entry_key",
    "changes",
)
HAND_OPTIONAL = ("note",)  # only on a hand recorded over a waiting rule
CHANGE_KEYS = ("action", "by", "at", "names", "before", "after")
ACTIONS = ("entered", "edited", "voided")
SETTLEMENT_KEYS = ("result", "winners", "payments", "net", "points")


# Export


def _iso(moment: datetime) -> str:
    """A stored time as ISO 8601 in UTC, with its offset."""
    if moment.utcoffset() is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat()


def _hands_of(db: Session, table: GameTable) -> list[Hand]:
    return list(db.exec(select(Hand).where(Hand.table_id == table.id).order_by(Hand.no)).all())


def export_table(db: Session, table: GameTable) -> dict[str, Any]:
    """The whole table as a JSON-ready document (money as exact Decimals: write it with
    `exact_json.dumps`)."""
    players = ledger.players_of(db, table)
    name_of = {p.id: p.name for p in players}
    versions = db.exec(
        select(RulesVersion).where(RulesVersion.table_id == table.id).order_by(RulesVersion.number)
    ).all()
    number_of = {v.id: v.number for v in versions}
    hands = _hands_of(db, table)
    changes: dict[int, list[HandChange]] = {}
    for change in db.exec(
        select(HandChange)
        .join(Hand, Hand.id == HandChange.hand_id)
        .where(Hand.table_id == table.id)
        .order_by(HandChange.id)
    ).all():
        changes.setdefault(change.hand_id, []).append(change)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": _iso(datetime.now(UTC)),
        "name": table.name,
        "created_at": _iso(table.created_at),
        "first_dealer": name_of.get(table.first_dealer_id),
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
                "dealer": name_of[hand.dealer_id],
                "seats": [name_of[seat] for seat in json.loads(hand.seats_json)],
                "outcome": exact_json.loads(hand.outcome_json),
                "settlement": exact_json.loads(hand.settlement_json),
                "void": hand.void,
                "version": hand.version,
                "created_at": _iso(hand.created_at),
                "updated_at": _iso(hand.updated_at),
                "entry_key": hand.entry_key,
                "changes": [_change_json(change) for change in changes.get(hand.id, [])],
            }
            | ({"note": hand.note} if hand.note else {})
            for hand in hands
        ],
    }


def _change_json(change: HandChange) -> dict[str, Any]:
    return {
        "action": change.action,
        "by": change.by,
        "at": _iso(change.at),
        "names": json.loads(change.names_json),
        "before": None if change.before_json is None else exact_json.loads(change.before_json),
        "after": None if change.after_json is None else exact_json.loads(change.after_json),
    }


# The spreadsheet

CSV_HEADER = ("hand", "void", "dealer", "result", "payer", "payee", "amount", "why")
# A cell a spreadsheet would run as a formula (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")
CENT = Decimal("0.01")


def text_cell(text: str) -> str:
    """A text cell a spreadsheet shows as text: one that could start a formula gets a ' first.
    Only text goes through here; amounts are written unsigned and stay numbers."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def export_csv(db: Session, table: GameTable) -> str:
    """One row per payment of every hand (one row for a hand with none), oldest hand first,
    players under their current names; amounts exact, with 2 decimals, payer to payee."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    for view in ledger.hand_views(_hands_of(db, table), ledger.players_of(db, table)):
        settlement = view.settlement
        start = [
            view.hand.no,
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


def load_document(raw: bytes) -> Any:
    """The document in a file's bytes, refused when too large or not exact JSON."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise Refusal(
            f"file: the file is larger than {size_in_words(MAX_IMPORT_BYTES)}; a table "
            "exported from Tonk Referee is far smaller",
            field="file",
        )
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


def _shown(value: Any) -> str:
    text = exact_json.dumps(value) if isinstance(value, Decimal) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _exact(value: Any, path: str, depth: int = 0) -> None:
    """Only JSON values, with exact numbers: a float (say, from the standard json module)
    could already have lost a cent, so it is refused wherever it is."""
    if depth > MAX_FILE_DEPTH:
        _refuse(path, "the document is nested too deeply")
    if isinstance(value, float):
        _refuse(
            path,
            f"{_shown(value)} is a floating-point number; amounts must be exact decimals "
            "(read the file with exact_json, not the json module)",
        )
    if isinstance(value, Decimal) and not value.is_finite():
        _refuse(path, f"{_shown(value)} is not a number")
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                _refuse(path, f"the key {_shown(key)} is not text")
            _exact(item, _at(path, key[:40]), depth + 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _exact(item, _at(path, index), depth + 1)
    elif not isinstance(value, str | int | Decimal | None):
        _refuse(path, f"a {type(value).__name__} is not a JSON value")


def _object(value: Any, path: str, keys: Sequence[str], optional: Sequence[str] = ()) -> Mapping:
    """An object with exactly `keys` (and maybe some of `optional`): nothing unknown."""
    if not isinstance(value, Mapping):
        _refuse(path, "must be an object {...}")
    for key in value:
        if key not in keys and key not in optional:
            _refuse(
                _at(path, key[:40]),
                "there is no such field in a table's file; here the fields are " + ", ".join(keys),
            )
    for key in keys:
        if key not in value:
            _refuse(_at(path, key), "is missing")
    return value


def _whole(value: Any, path: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        _refuse(path, f"{_shown(value)} is not a whole number from {low} to {high}")
    return value


def _flag(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        _refuse(path, f"{_shown(value)} is not true or false")
    return value


def _text(value: Any, path: str, most: int, *, empty: bool = False) -> str:
    if not isinstance(value, str):
        _refuse(path, f"{_shown(value)} is not text")
    if len(value) > most or not value.isprintable() or (not empty and not value.strip()):
        least = "up to" if empty else "1 to"
        _refuse(path, f"{_shown(value)} is not {least} {most} printable characters")
    return value


def _list(value: Any, path: str, most: int, least: int = 0) -> list:
    if not isinstance(value, list):
        _refuse(path, "must be a list [...]")
    if not least <= len(value) <= most:
        _refuse(path, f"has {len(value)} entries; it holds {least} to {most}")
    return value


def _moment(value: Any, path: str) -> datetime:
    if not isinstance(value, str) or len(value) > 40:
        _refuse(path, f"{_shown(value)} is not a time such as 2025-01-31T21:05:00+00:00")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        _refuse(path, f"{_shown(value)} is not a time such as 2025-01-31T21:05:00+00:00")
    if moment.utcoffset() is None:
        _refuse(path, f"{_shown(value)} has no time zone; write it in UTC, ending +00:00")
    return moment.astimezone(UTC)


def _name(value: Any, path: str) -> str:
    try:
        return check_name(value)
    except Refusal as refusal:
        _refuse(path, refusal.message.removeprefix("players: "))


def _names(value: Any, path: str, known: set[str] | None = None) -> list[str]:
    """2 to 6 distinct names (the players of a hand), each one of `known` when given."""
    names = _list(value, path, MAX_PLAYERS, MIN_PLAYERS)
    seen: set[str] = set()
    for index, name in enumerate(names):
        _name(name, _at(path, index))
        if name.casefold() in seen:
            _refuse(_at(path, index), f"{name!r} appears twice")
        if known is not None and name not in known:
            _refuse(_at(path, index), f"{name!r} is not one of the table's players")
        seen.add(name.casefold())
    return names


def _outcome(value: Any, path: str, names: Sequence[str]) -> Outcome:
    """An outcome of the settle contract, naming only players among `names`."""
    try:
        outcome = parse_outcome(value)
    except Refusal as refusal:
        _refuse(_at(path, refusal.field) if refusal.field != "outcome" else path, refusal.message)
    named = [outcome.player, outcome.last_draw, *outcome.totals]
    for name in named:
        if name is not None and name not in names:
            _refuse(
                path,
                f"{name[:40]!r} is not one of the hand's players then ({', '.join(names)})",
            )
    return outcome


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
    names_json: str
    before_json: str | None
    after_json: str | None


@dataclass
class HandPlan:
    no: int
    rules_number: int
    dealer: str
    seats: list[str]
    outcome_json: str
    settlement_json: str
    nets: list[tuple[str, int, int]]  # (player, cents, points)
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
    created_at: datetime
    first_dealer: str
    players: list[tuple[str, bool]]
    rules: list[RulesPlan]
    hands: list[HandPlan]


def check_document(data: Any) -> TablePlan:
    """Everything an import will write, checked; a Refusal naming the field otherwise."""
    _exact(data, "")
    top = _object(data, "", TOP_KEYS, TOP_OPTIONAL)
    if top["format"] != FORMAT:
        _refuse("format", f"{_shown(top['format'])} is not {FORMAT!r}: not a table's file")
    if _whole(top["format_version"], "format_version", 1, 1_000) != FORMAT_VERSION:
        _refuse(
            "format_version",
            f"is {top['format_version']}; this app reads version {FORMAT_VERSION}",
        )
    if "exported_at" in top:
        _moment(top["exported_at"], "exported_at")
    try:
        name = check_table_name(top["name"])
    except Refusal as refusal:
        _refuse("name", refusal.message.removeprefix("name: "))
    created_at = _moment(top["created_at"], "created_at")

    players: list[tuple[str, bool]] = []
    seen: set[str] = set()
    entries = _list(top["players"], "players", MAX_PLAYERS_IN_A_NIGHT, MIN_PLAYERS)
    for index, entry in enumerate(entries):
        path = _at("players", index)
        entry = _object(entry, path, PLAYER_KEYS)
        player = _name(entry["name"], _at(path, "name"))
        if player.casefold() in seen:
            _refuse(_at(path, "name"), f"two players are called {player!r}")
        seen.add(player.casefold())
        players.append((player, _flag(entry["seated"], _at(path, "seated"))))
    sitting = sum(1 for _, seated in players if seated)
    if not MIN_PLAYERS <= sitting <= MAX_PLAYERS:
        _refuse("players", f"{sitting} are seated; a table seats {MIN_PLAYERS} to {MAX_PLAYERS}")
    known = {player for player, _ in players}
    if not isinstance(top["first_dealer"], str) or top["first_dealer"] not in known:
        _refuse("first_dealer", f"{_shown(top['first_dealer'])} is not one of the players")

    rules: dict[int, HouseRules] = {}
    rules_plans = []
    for index, entry in enumerate(
        _list(top["rules_versions"], "rules_versions", MAX_RULES_VERSIONS, 1)
    ):
        path = _at("rules_versions", index)
        entry = _object(entry, path, RULES_VERSION_KEYS)
        number = _whole(entry["number"], _at(path, "number"), 1, MAX_RULES_VERSIONS)
        if number != index + 1:
            _refuse(_at(path, "number"), f"is {number}; rules versions are numbered 1, 2, 3...")
        preset = entry["preset"]
        if not isinstance(preset, str) or preset not in PRESETS:
            _refuse(_at(path, "preset"), f"{_shown(preset)} is not one of {', '.join(PRESETS)}")
        try:
            house_rules = HouseRules.from_json(entry["rules"])
        except Refusal as refusal:
            where = _at(_at(path, "rules"), refusal.field) if refusal.field else _at(path, "rules")
            _refuse(where, refusal.message)
        rules[number] = house_rules
        rules_plans.append(
            RulesPlan(
                number,
                preset,
                exact_json.dumps(house_rules.to_json()),
                _moment(entry["created_at"], _at(path, "created_at")),
            )
        )

    hands = []
    entry_keys: set[str] = set()
    for index, entry in enumerate(_list(top["hands"], "hands", MAX_HANDS)):
        hand = _check_hand(entry, _at("hands", index), index + 1, known, rules)
        if hand.entry_key is not None:
            if hand.entry_key in entry_keys:
                _refuse(_at(_at("hands", index), "entry_key"), "another hand has the same key")
            entry_keys.add(hand.entry_key)
        hands.append(hand)
    return TablePlan(name, created_at, top["first_dealer"], players, rules_plans, hands)


def _check_hand(
    entry: Any, path: str, no: int, known: set[str], rules: Mapping[int, HouseRules]
) -> HandPlan:
    """One hand: its players, its outcome, and its settlement as the engine settles it."""
    entry = _object(entry, path, HAND_KEYS, HAND_OPTIONAL)
    if _whole(entry["no"], _at(path, "no"), 1, MAX_HANDS) != no:
        _refuse(_at(path, "no"), f"is {entry['no']}; hands are numbered 1, 2, 3... in order")
    number = _whole(entry["rules_version"], _at(path, "rules_version"), 1, MAX_RULES_VERSIONS)
    if number not in rules:
        _refuse(_at(path, "rules_version"), f"{number} is not a rules version listed")
    if not isinstance(entry["dealer"], str) or entry["dealer"] not in known:
        _refuse(_at(path, "dealer"), f"{_shown(entry['dealer'])} is not one of the players")
    seats = _names(entry["seats"], _at(path, "seats"), known)

    given = _object(entry["settlement"], _at(path, "settlement"), SETTLEMENT_KEYS)
    net = given["net"]
    if not isinstance(net, Mapping) or len(net) != len(seats):
        _refuse(
            _at(_at(path, "settlement"), "net"),
            f"must give the net of each of the hand's {len(seats)} players, in seating order",
        )
    then = _names(list(net), _at(_at(path, "settlement"), "net"))  # names when it was settled
    outcome = _outcome(entry["outcome"], _at(path, "outcome"), then)
    try:
        settlement = settle(rules[number], then, outcome)
    except Refusal as refusal:
        _refuse(
            _at(path, "outcome"),
            f"the engine refuses hand {no} under rules version {number}: {refusal.message}",
        )
    difference = _difference(settlement.to_json(), given, _at(path, "settlement"))
    if difference is not None:
        where, expected, found = difference
        _refuse(
            where,
            f"the file says {_shown(found)}, but the engine settles hand {no} as "
            f"{_shown(expected)} under its rules (version {number}); the file was changed "
            "after it was exported, so nothing was imported",
        )

    changes = []
    for index, change in enumerate(
        _list(entry["changes"], _at(path, "changes"), MAX_CHANGES_PER_HAND, 1)
    ):
        changes.append(_check_change(change, _at(_at(path, "changes"), index), len(seats)))
    key = entry["entry_key"]
    if key is not None:
        _text(key, _at(path, "entry_key"), MAX_ENTRY_KEY_LENGTH)
    return HandPlan(
        no=no,
        rules_number=number,
        dealer=entry["dealer"],
        seats=seats,
        outcome_json=exact_json.dumps(outcome.to_json()),
        settlement_json=exact_json.dumps(settlement.to_json()),
        nets=_nets(seats, then, settlement),
        void=_flag(entry["void"], _at(path, "void")),
        version=_whole(entry["version"], _at(path, "version"), 1, MAX_HAND_VERSION),
        created_at=_moment(entry["created_at"], _at(path, "created_at")),
        updated_at=_moment(entry["updated_at"], _at(path, "updated_at")),
        entry_key=key,
        note=_text(entry["note"], _at(path, "note"), MAX_NOTE_LENGTH) if "note" in entry else None,
        changes=changes,
    )


def _nets(seats: Sequence[str], then: Sequence[str], settlement: Settlement) -> list:
    points = settlement.points or {}
    return [
        (player, ledger.cents(settlement.net[name]), points.get(name, 0))
        for player, name in zip(seats, then, strict=True)
    ]


def _check_change(entry: Any, path: str, players: int) -> ChangePlan:
    """One line of a hand's history: what it was and became, under the names of then."""
    entry = _object(entry, path, CHANGE_KEYS)
    if not isinstance(entry["action"], str) or entry["action"] not in ACTIONS:
        _refuse(_at(path, "action"), f"{_shown(entry['action'])} is not one of {ACTIONS}")
    names = _names(entry["names"], _at(path, "names"))
    if len(names) != players:
        _refuse(_at(path, "names"), f"names {len(names)} players; the hand has {players}")
    outcomes = {}
    for key in ("before", "after"):
        value = entry[key]
        if value is not None:
            typed = _outcome(value, _at(path, key), names)
            outcomes[key] = exact_json.dumps(typed.to_json())
    return ChangePlan(
        action=entry["action"],
        by=_text(entry["by"], _at(path, "by"), MAX_BY_LENGTH, empty=True),
        at=_moment(entry["at"], _at(path, "at")),
        names_json=json.dumps(names),
        before_json=outcomes.get("before"),
        after_json=outcomes.get("after"),
    )


# Import: writing


def import_table(db: Session, data: Any) -> GameTable:
    """A NEW table rebuilt from an exported document, with new share links; the document is
    checked whole first, so a refused one writes nothing."""
    plan = check_document(data)
    try:
        return _write(db, plan)
    except Exception:
        db.rollback()
        raise


def _write(db: Session, plan: TablePlan) -> GameTable:
    table = GameTable(
        name=plan.name,
        created_at=plan.created_at,
        scorekeeper_token=new_token(),
        watch_token=new_token(),
    )
    db.add(table)
    db.flush()
    players = [
        Player(table_id=table.id, name=name, seat=seat, seated=seated)
        for seat, (name, seated) in enumerate(plan.players)
    ]
    db.add_all(players)
    versions = [
        RulesVersion(
            table_id=table.id,
            number=r.number,
            preset=r.preset,
            rules_json=r.rules_json,
            created_at=r.created_at,
        )
        for r in plan.rules
    ]
    db.add_all(versions)
    db.flush()
    player_id = {p.name: p.id for p in players}
    version_id = {v.number: v.id for v in versions}
    table.first_dealer_id = player_id[plan.first_dealer]
    hands = [
        Hand(
            table_id=table.id,
            no=h.no,
            entry_key=h.entry_key,
            note=h.note,
            rules_version_id=version_id[h.rules_number],
            dealer_id=player_id[h.dealer],
            seats_json=json.dumps([player_id[name] for name in h.seats]),
            outcome_json=h.outcome_json,
            settlement_json=h.settlement_json,
            void=h.void,
            version=h.version,
            created_at=h.created_at,
            updated_at=h.updated_at,
        )
        for h in plan.hands
    ]
    db.add_all(hands)
    db.flush()
    for hand, h in zip(hands, plan.hands, strict=True):
        db.add_all(
            HandNet(hand_id=hand.id, player_id=player_id[name], cents=cents, points=points)
            for name, cents, points in h.nets
        )
        db.add_all(
            HandChange(
                hand_id=hand.id,
                at=c.at,
                action=c.action,
                by=c.by,
                names_json=c.names_json,
                before_json=c.before_json,
                after_json=c.after_json,
            )
            for c in h.changes
        )
    table.version = 1
    db.add(table)
    db.commit()
    return table
