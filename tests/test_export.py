"""Your data is yours: a table exported to JSON and imported again is the same table, its
CSV holds every payment exactly and never a formula, and an import trusts nothing in
the file (every hand is settled again; a refused file writes nothing).

Runs on SQLite, and on PostgreSQL when DATABASE_URL says so, like the rest of the suite.
"""

import copy
import csv
import io
import json
import re
from decimal import Decimal

import pytest
from click.testing import CliRunner
from sqlmodel import Session, select

from referee import cli, exact_json
from referee.documents import import_checks
from referee.documents.spreadsheet import CSV_HEADER, export_csv, text_cell
from referee.documents.table_export import export_table
from referee.documents.upload import load_document
from referee.rules import Refusal, limits
from referee.scoring.settle_up import fewest_transfers
from referee.store import commands, gates
from referee.store.commands import import_table
from referee.store.hands import hand_views
from referee.store.models import GameTable, Hand, HandChange, HandNet, Player, RulesVersion
from referee.store.seating import next_deal, players_of
from referee.store.storage import database_url, session
from referee.store.stored_form import named
from referee.store.tally import from_cents, tally
from tests.test_pages import error_beside

MODELS = (GameTable, Player, RulesVersion, Hand, HandNet, HandChange)
# Names a spreadsheet would take for formulas; check_name allows every one of them.
TRICKY = ["=SUM(A1)", "+1", "-x", "@me"]
BY = "scorekeeper on phone ab12"


@pytest.fixture
def db(app):
    with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
        yield session


def counts(rows) -> list[int]:
    return [rows(model) for model in MODELS]


def play(db, table, outcome, **kwargs) -> Hand:
    """A hand dealt by whoever's turn it is."""
    deal = next_deal(db, table, players_of(db, table))
    return commands.enter_hand(db, table, outcome, dealer=deal.dealer, by=BY, **kwargs).hand


def night(db) -> GameTable:
    """An evening with everything a table keeps: odd names, cents, three rules versions,
    an edit, a void, a rename, a player who leaves and one who sits in, a draw, points."""
    table = commands.start_table(
        db,
        name="Friday =1",
        players=["Anna", *TRICKY[:3]],
        preset_name="classic",
        changes={"stake": Decimal("0.25")},
        first_dealer=1,
    )
    by_name = {p.name: p for p in players_of(db, table)}
    first = play(db, table, {"kind": "out", "player": "=SUM(A1)"}, entry_key="k" * 20)
    totals = {"Anna": 6, "=SUM(A1)": 4, "+1": 11, "-x": 9}
    caught = play(db, table, {"kind": "drop", "player": "Anna", "totals": totals})
    draw = {"kind": "stock_out", "totals": {"Anna": 3, "=SUM(A1)": 3, "+1": 9, "-x": 12}}
    drawn = play(db, table, draw)
    # A note as a file may carry one (the door itself writes only a waiting rule's note).
    drawn.note = "Anna dropped with 1 more turn to wait (house rule =wait)"
    db.add(drawn)
    db.commit()
    commands.change_rules(db, table, "street", {"stake": Decimal("1.50")})
    # Street pays a tonk out with six cards spread triple (version 2), so it asks spread_six.
    play(db, table, {"kind": "tonk_out", "player": "-x", "spread_six": False})
    won = {"kind": "drop", "player": "Anna", "totals": {**totals, "Anna": 2}}
    commands.edit_hand(db, table, caught, won, by_name["+1"], version=caught.version, by=BY)
    commands.rename_player(db, table, by_name["+1"], "@me")
    commands.void_hand(db, table, first, version=first.version, by="scorekeeper on phone cd34")
    commands.sit_in(db, table, "Dan")
    commands.leave(db, table, by_name["-x"])
    play(db, table, {"kind": "out", "player": "Dan"})
    commands.change_rules(db, table, "classic", {"scoring": "points"})
    points = {"kind": "out", "player": "Anna", "totals": {"=SUM(A1)": 10, "@me": 7, "Dan": 3}}
    play(db, table, points)
    return table


def tally_by_name(db, table) -> dict[str, tuple[Decimal, int]]:
    names = {p.id: p.name for p in players_of(db, table)}
    return {
        names[pid]: (from_cents(cents), points) for pid, (cents, points) in tally(db, table).items()
    }


def settle_up(db, table):
    balances = {name: amount for name, (amount, _) in tally_by_name(db, table).items()}
    return fewest_transfers(balances)


def snapshot(db, table) -> dict:
    """Everything stored about a table, with ids replaced by what they stand for."""
    players = players_of(db, table)
    name = {p.id: p.name for p in players}
    versions = db.exec(select(RulesVersion).where(RulesVersion.table_id == table.id)).all()
    number = {v.id: v.number for v in versions}
    hands = db.exec(select(Hand).where(Hand.table_id == table.id).order_by(Hand.no)).all()

    def by_name(text):
        return None if text is None else named(text, name)

    def changes(hand):
        rows = db.exec(
            select(HandChange).where(HandChange.hand_id == hand.id).order_by(HandChange.id)
        ).all()
        return [(c.action, c.by, c.at, *map(by_name, (c.before_json, c.after_json))) for c in rows]

    def nets(hand):
        rows = db.exec(select(HandNet).where(HandNet.hand_id == hand.id)).all()
        return {name[n.player_id]: (n.cents, n.points) for n in rows}

    return {
        "name": table.name,
        "created_at": table.created_at,
        "first_dealer": name[table.first_dealer_id],
        "players": [(p.name, p.seat, p.seated) for p in players],
        "rules": sorted((v.number, v.preset, v.rules_json, v.created_at) for v in versions),
        "hands": [
            {
                "no": h.no,
                "rules": number[h.rules_version_id],
                "dealer": name[h.dealer_id],
                "seats": [name[seat] for seat in json.loads(h.seats_json)],
                "outcome": by_name(h.outcome_json),
                "settlement": by_name(h.settlement_json),
                "void": h.void,
                "version": h.version,
                "times": (h.created_at, h.updated_at),
                "entry_key": h.entry_key,
                "changes": changes(h),
                "nets": nets(h),
            }
            for h in hands
        ],
        "tally": tally_by_name(db, table),
        "settle_up": settle_up(db, table),
        "deal": next_deal(db, table, players),
    }


def without_ids(state: dict) -> dict:
    """The snapshot's deal by names (the Deal holds the players themselves)."""
    deal = state.pop("deal")
    return {**state, "deal": (deal.dealer.name, deal.first.name)}


def exported_text(db, table) -> bytes:
    return exact_json.dumps(export_table(db, table), indent=1).encode()


# The round trip


def test_an_exported_table_imports_as_a_new_table_identical_to_it(db, rows):
    original = night(db)
    text = exported_text(db, original)
    before = counts(rows)

    imported = import_table(db, load_document(text))

    assert imported.id != original.id
    assert imported.scorekeeper_token != original.scorekeeper_token
    assert imported.watch_token != original.watch_token
    assert rows(GameTable) == before[0] + 1
    assert [n * 2 for n in before[1:]] == counts(rows)[1:]  # every row once more, no more
    assert without_ids(snapshot(db, imported)) == without_ids(snapshot(db, original))
    again, first = export_table(db, imported), export_table(db, original)
    assert {**again, "exported_at": None} == {**first, "exported_at": None}
    notes = [hand.get("note") for hand in again["hands"]]
    assert notes.count(None) == len(notes) - 1 and "=wait" in next(filter(None, notes))


def test_the_imported_numbers_are_the_originals_to_the_cent(db):
    original = night(db)
    imported = import_table(db, load_document(exported_text(db, original)))

    tally = tally_by_name(db, imported)
    assert tally == tally_by_name(db, original)
    assert tally["=SUM(A1)"][0] == Decimal("-4.75")  # 0.25 + 3 + 1.50, to the cent
    assert sum(amount for amount, _ in tally.values()) == 0
    assert settle_up(db, imported) == settle_up(db, original)
    assert any(points for _, points in tally.values())  # the points hand came along


def test_an_imported_table_plays_on_like_the_original(db):
    original = night(db)
    imported = import_table(db, load_document(exported_text(db, original)))
    outcome = {"kind": "out", "player": "Dan", "totals": {"Anna": 5, "=SUM(A1)": 8, "@me": 1}}

    hands = [play(db, table, outcome) for table in (original, imported)]

    assert hands[0].no == hands[1].no == 7
    settled = [
        hand_views([h], players_of(db, t))[0].settlement
        for h, t in zip(hands, (original, imported), strict=True)
    ]
    assert settled[0]["points"] == {"Anna": 5, "=SUM(A1)": 8, "@me": 1, "Dan": 0}
    assert settled[0] == settled[1]
    assert tally_by_name(db, original) == tally_by_name(db, imported)


def test_the_export_names_every_player_as_the_table_does_now(db):
    table = night(db)
    document = export_table(db, table)

    assert document["format_version"] == 2
    caught = document["hands"][1]  # played and edited while @me was still called +1
    assert caught["seats"] == ["Anna", "=SUM(A1)", "@me", "-x"]
    assert caught["outcome"] == {
        "kind": "drop",
        "player": "Anna",
        "totals": {"Anna": 2, "=SUM(A1)": 4, "@me": 11, "-x": 9},
    }
    assert caught["settlement"]["net"] == {
        "Anna": Decimal("0.75"),
        "=SUM(A1)": Decimal("-0.25"),
        "@me": Decimal("-0.25"),
        "-x": Decimal("-0.25"),
    }
    assert [c["action"] for c in caught["changes"]] == ["entered", "edited"]
    assert caught["changes"][1]["before"]["totals"] == {
        "Anna": 6,
        "=SUM(A1)": 4,
        "@me": 11,
        "-x": 9,
    }
    assert "names" not in caught["changes"][0]
    assert document["hands"][0]["void"] is True
    assert document["hands"][0]["entry_key"] == "k" * 20
    assert document["players"] == [
        {"name": "Anna", "seated": True},
        {"name": "=SUM(A1)", "seated": True},
        {"name": "@me", "seated": True},
        {"name": "-x", "seated": False},
        {"name": "Dan", "seated": True},
    ]
    assert [v["preset"] for v in document["rules_versions"]] == ["classic", "street", "classic"]
    assert document["rules_versions"][1]["rules"]["stake"] == Decimal("1.5")
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT[\d:.]+\+00:00", document["hands"][2]["created_at"])


def text(response) -> str:
    return response.get_data(as_text=True)


def open_link(web, table: GameTable, role: str = "scorekeeper") -> None:
    token = table.scorekeeper_token if role == "scorekeeper" else table.watch_token
    assert web.get(f"/join/{table.id}/{token}").status_code == 303


def test_the_pages_of_an_imported_table_read_exactly_like_the_originals(db, web):
    original = night(db)
    open_link(web, original)
    download = web.get(f"/t/{original.id}/export.json")

    response = web.post("/import", {"file": (io.BytesIO(download.data), "friday.json")})

    assert response.status_code == 303
    new_id = int(re.fullmatch(r"/t/(\d+)", response.headers["Location"]).group(1))
    assert new_id != original.id

    def page(table_id: int, path: str) -> str:
        response = web.get(f"/t/{table_id}{path}")
        assert response.status_code == 200, path
        shown = text(response)
        shown = re.sub(r'<div class="flash".*?</div>', "", shown, flags=re.S)
        shown = re.sub(rf"\bt{table_id}v\d+\b", "tNvN", shown)  # the table's change counter
        shown = re.sub(r'(name="csrf_token"[^>]*?value=")[^"]+', r"\1T", shown)  # it is timed
        return shown.replace(f"/t/{table_id}/", "/t/N/").replace(f"/t/{table_id}", "/t/N")

    paths = ["", "/hands/", "/settle-up", "/rules", *(f"/hands/{no}" for no in range(1, 7))]
    for path in paths:
        assert page(new_id, path) == page(original.id, path), path
    assert "Change house rules" in page(new_id, "")  # this phone keeps the new table's score


# The spreadsheet


def read_csv(db, table) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(export_csv(db, table))))


def test_the_csv_has_a_row_per_payment_matching_the_settlements_exactly(db):
    table = night(db)
    players = players_of(db, table)
    hands = db.exec(select(Hand).where(Hand.table_id == table.id).order_by(Hand.no)).all()
    expected = []
    for view in hand_views(hands, players):
        # The night's points hands make one game (no number of hands is agreed).
        in_game = view.settlement["points"] is not None and not view.hand.void
        start = [str(view.hand.no), "1" if in_game else "", "yes" if view.hand.void else "no"]
        start.append(text_cell(view.dealer))
        start.append(view.settlement["result"])
        payments = view.settlement["payments"]
        for p in payments:
            who = [text_cell(p["from"]), text_cell(p["to"])]
            expected.append([*start, *who, f"{Decimal(p['amount']):.2f}", p["why"]])
        if not payments:
            expected.append([*start, "", "", "", ""])

    found = list(csv.reader(io.StringIO(export_csv(db, table))))

    assert found[0] == list(CSV_HEADER)
    assert found[1:] == expected
    assert [row[0] for row in found[1:]].count("3") == 1  # the draw: one row, nobody pays
    assert [row[0] for row in found[1:]].count("6") == 1  # points: one row, no money


def test_the_csv_amounts_are_exact_and_add_up_to_the_tally(db):
    table = night(db)
    balance: dict[str, Decimal] = {}
    for row in read_csv(db, table):
        if row["void"] == "no" and row["amount"]:
            assert re.fullmatch(r"\d+\.\d\d", row["amount"]), row  # unsigned, 2 decimals
            amount = Decimal(row["amount"])
            payer, payee = (row[key].removeprefix("'") for key in ("payer", "payee"))
            balance[payer] = balance.get(payer, Decimal(0)) - amount
            balance[payee] = balance.get(payee, Decimal(0)) + amount
    tally = {name: amount for name, (amount, _) in tally_by_name(db, table).items() if amount}
    assert balance == tally
    assert Decimal("0.25") in {Decimal(r["amount"]) for r in read_csv(db, table) if r["amount"]}


def test_no_csv_cell_can_start_a_formula(db):
    table = night(db)
    rows = read_csv(db, table)
    cells = [cell for row in rows for cell in row.values()]
    assert not [cell for cell in cells if cell.startswith(("=", "+", "-", "@", "\t", "\r"))]
    named = {row[key] for row in rows for key in ("dealer", "payer", "payee")}
    assert {"'=SUM(A1)", "'@me", "'-x"} <= named
    assert "Anna" in named and "Dan" in named  # plain names stay as they are


@pytest.mark.parametrize(
    ("cell", "shown"),
    [
        ("=SUM(A1)", "'=SUM(A1)"),
        ("+1", "'+1"),
        ("-x", "'-x"),
        ("@me", "'@me"),
        ("\tcmd", "'\tcmd"),
        ("\rcmd", "'\rcmd"),
        ("Anna", "Anna"),
        ("a=b", "a=b"),
        ("", ""),
    ],
)
def test_a_text_cell_that_could_be_a_formula_is_quoted(cell, shown):
    assert text_cell(cell) == shown


# Downloads


def test_scorekeeper_and_watcher_download_both_files_others_get_404(db, app, web):
    table = night(db)
    open_link(web, table, "watch")
    for path, kind in (("export.json", "application/json"), ("export.csv", "text/csv")):
        response = web.get(f"/t/{table.id}/{path}")
        assert response.status_code == 200
        assert response.mimetype == kind
        extension = path.rsplit(".", 1)[1]
        assert response.headers["Content-Disposition"] == (
            f'attachment; filename="friday-1-{table.created_at:%Y-%m-%d}.{extension}"'
        )
        assert response.headers["Cache-Control"] == "no-store"
        assert app.test_client().get(f"/t/{table.id}/{path}").status_code == 404
    page = text(web.get(f"/t/{table.id}"))
    assert f'href="/t/{table.id}/export.json"' in page
    assert f'href="/t/{table.id}/export.csv"' in page


def test_the_downloaded_csv_opens_in_excel_as_utf8(db, web):
    table = night(db)
    open_link(web, table)
    body = web.get(f"/t/{table.id}/export.csv").data
    assert body.startswith("\ufeff".encode())
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    assert rows[1:] == list(csv.reader(io.StringIO(export_csv(db, table))))[1:]


# A file that was changed is refused, naming the field, and nothing is written


def _hand(document, index):
    return document["hands"][index]


def _set(path, value):
    """A change to the document: `path` as keys and indexes, the last one set to `value`."""

    def change(document):
        *parents, last = path
        target = document
        for key in parents:
            target = target[key]
        target[last] = value

    return change


def _add_one_cent(document):
    net = _hand(document, 1)["settlement"]["net"]
    net["Anna"] += Decimal("0.01")


TAMPERED = [
    (_set(["hands", 0, "settlement", "payments", 0, "amount"], Decimal(5)),
     "hands[0].settlement.payments[0].amount", "the engine settles hand 1 as 0.25"),
    (_add_one_cent, "hands[1].settlement.net.Anna", "the engine settles"),
    (_set(["hands", 0, "outcome", "player"], "-x"), "hands[0].settlement.winners[0]",
     "the engine settles hand 1 as '-x'"),
    (_set(["hands", 0, "settlement", "payments", 0, "from"], "-x"),
     "hands[0].settlement.payments[0].from", "the engine"),
    (_set(["comment"], "hi"), "comment", "no such field"),
    (_set(["hands", 2, "cheat"], 1), "hands[2].cheat", "no such field"),
    (_set(["hands", 2, "changes", 0, "extra"], 1), "hands[2].changes[0].extra", "no such field"),
    (_set(["hands", 0, "settlement", "tip"], 1), "hands[0].settlement.tip", "no such field"),
    (_set(["players", 1, "name"], "Ben\x07"), "players[1].name", "not a usable name"),
    (_set(["hands", 2, "changes", 0, "names"], ["Anna", "Ben"]), "hands[2].changes[0].names",
     "are not listed in a version 2 file"),
    (_set(["players", 1, "name"], "x" * 41), "players[1].name", "up to 40"),
    (_set(["players", 2, "name"], "anna"), "players[2].name", "two players"),
    (_set(["hands", 2, "seats", 0], "Zed"), "hands[2].seats[0]", "not one of the table's"),
    (_set(["hands", 2, "dealer"], "Zed"), "hands[2].dealer", "not one of the players"),
    (_set(["hands", 2, "version"], True), "hands[2].version", "whole number"),
    (_set(["hands", 2, "no"], 7), "hands[2].no", "numbered 1, 2, 3"),
    (_set(["hands", 2, "rules_version"], 9), "hands[2].rules_version", "not a rules version"),
    (_set(["hands", 2, "void"], "no"), "hands[2].void", "true or false"),
    (_set(["hands", 2, "created_at"], "yesterday"), "hands[2].created_at", "not a time"),
    (_set(["hands", 2, "created_at"], "2025-01-31T21:05:00"), "hands[2].created_at", "time zone"),
    (_set(["hands", 2, "changes", 0, "action"], "deleted"), "hands[2].changes[0].action",
     "not one of"),
    (_set(["hands", 2, "changes", 0, "after", "kind"], "cheat"),
     "hands[2].changes[0].after.kind", "not a way a hand ends"),
    (_set(["hands", 2, "changes", 0, "after", "last_draw"], "Zed"), "hands[2].changes[0].after",
     "not one of the hand's players"),
    (_set(["hands", 1, "entry_key"], "k" * 20), "hands[1].entry_key", "same key"),
    (_set(["rules_versions", 0, "rules", "stake"], Decimal("0.001")),
     "rules_versions[0].rules.stake", "not allowed"),
    (_set(["rules_versions", 0, "rules", "bonus"], 1), "rules_versions[0].rules.bonus",
     "no house rule"),
    (_set(["rules_versions", 0, "preset"], "poker"), "rules_versions[0].preset", "not one of"),
    (_set(["rules_versions", 1, "number"], 3), "rules_versions[1].number", "numbered 1, 2, 3"),
    (_set(["first_dealer"], "Zed"), "first_dealer", "not one of the players"),
    (_set(["format"], "something-else"), "format", "not a table's file"),
    (_set(["format_version"], 3), "format_version", "reads versions 1 and 2"),
    (_set(["name"], ""), "name", "printable"),
    (_set(["players"], []), "players", "has 0 entries"),
    (_set(["hands", 2, "changes"], []), "hands[2].changes", "has 0 entries"),
    (lambda d: d["hands"][2].pop("void"), "hands[2].void", "is missing"),
    (_set(["hands", 2, "outcome"], [1]), "hands[2].outcome", "say how the hand ended"),
    (_set(["hands", 2, "seats"], "Anna"), "hands[2].seats", "must be a list"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("tamper", "field", "words"), TAMPERED, ids=[row[1] + ":" + row[2] for row in TAMPERED]
)
def test_a_changed_file_is_refused_naming_the_field_and_nothing_is_written(
    db, rows, tamper, field, words
):
    document = export_table(db, night(db))
    tamper(document)
    before = counts(rows)

    with pytest.raises(Refusal) as refused:
        import_table(db, document)

    assert refused.value.message.startswith(f"{field}: "), refused.value.message
    assert words in refused.value.message
    assert refused.value.field == field
    assert counts(rows) == before


def test_a_float_anywhere_is_refused_as_inexact(db, rows):
    document = export_table(db, night(db))
    as_floats = json.loads(exact_json.dumps(document))  # the json module reads 0.25 as a float
    before = counts(rows)

    with pytest.raises(Refusal) as refused:
        import_table(db, as_floats)

    assert refused.value.message.startswith("rules_versions[0].rules.stake: 0.25 is a float")
    assert counts(rows) == before

    payment = copy.deepcopy(document)
    payment["hands"][1]["settlement"]["payments"][0]["amount"] = 0.25
    with pytest.raises(Refusal, match=r"^hands\[1\]\.settlement\.payments\[0\]\.amount: "):
        import_table(db, payment)
    assert counts(rows) == before


def test_a_document_too_big_is_refused_before_anything_is_checked(db, rows, monkeypatch):
    document = export_table(db, night(db))
    document["hands"] = document["hands"][:1] * 1_001  # the same hand 1001 times
    with pytest.raises(Refusal, match=r"^hands: has 1001 entries; it holds at most 1000$"):
        import_table(db, document)
    monkeypatch.setattr(limits, "MAX_IMPORT_BYTES", 2048)
    with pytest.raises(Refusal, match=r"^file: the file is larger than 2 KB"):
        load_document(b" " * 2049)


def test_a_table_without_hands_imports_too(db, rows):
    """The importer writes the hands' nets and history in one statement each: none at all
    is no statement."""
    table = commands.start_table(db, name="Empty", players=["Anna", "Ben"], preset_name="classic")
    copy_of = import_table(db, export_table(db, table))
    assert (copy_of.name, rows(GameTable), rows(Hand), rows(HandNet)) == ("Empty", 2, 0, 0)


def test_a_file_is_held_to_what_a_long_night_weighs_and_the_limit_is_named(web):
    """Issue 13: eight anonymous imports of 8 MB held every worker for 50 s. A night of
    1,000 hands weighs about 1.6 MB (bench/import_lock.py)."""
    assert "A .json file of up to 2 MB." in text(web.get("/import"))
    with pytest.raises(Refusal) as refused:
        load_document(b" " * (2 * 1024 * 1024 + 1))
    assert refused.value.message == (
        "file: the file is larger than 2 MB; a table exported from Tonk Referee is far smaller"
    )


def test_the_file_is_checked_whole_before_the_write_lock_is_taken(db, web, monkeypatch):
    """Settling every hand of a file takes long: no other table's hand may wait for it.
    The write lock (SQLite's, taken when a write request's transaction begins) is taken
    only once the file is checked."""
    raw = exported_text(db, night(db))
    checking = import_checks.check_document
    open_while_checking = []

    def check(data):
        open_while_checking.append(session().in_transaction())
        return checking(data)

    monkeypatch.setattr(import_checks, "check_document", check)
    assert web.post("/import", upload(raw)).status_code == 303
    assert open_while_checking == [False]


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (b"not json", "the file is not valid JSON"),
        (b'{"a": 1, "a": 2}', "a key appears twice"),
        (b"\xff\xfe", "not UTF-8"),
        (b'{"x": NaN}', "NaN is not a number"),
        (b"[" * 100 + b"]" * 100, "nested too deeply"),
    ],
)
def test_a_file_that_is_not_exact_json_is_refused(raw, words):
    with pytest.raises(Refusal) as refused:
        load_document(raw)
    assert refused.value.message.startswith("file: ")
    assert words in refused.value.message
    assert "request" not in refused.value.message


def test_a_file_saved_with_a_bom_by_an_editor_still_reads(db):
    raw = exported_text(db, night(db))
    assert load_document(b"\xef\xbb\xbf" + raw) == load_document(raw)


def test_a_document_that_is_not_an_object_is_refused():
    for document in ([], "table", None, 3):
        with pytest.raises(Refusal, match=r"^file: must be an object"):
            import_table(None, document)


# The import page


def upload(data: bytes, name: str = "friday.json") -> dict:
    return {"file": (io.BytesIO(data), name)}


def test_the_import_page_asks_for_the_file_with_its_token(web):
    page = text(web.get("/import"))
    assert 'enctype="multipart/form-data"' in page
    assert 'type="file"' in page and 'name="file"' in page
    assert 'name="csrf_token"' in page


def test_an_import_without_its_token_is_refused_and_saves_nothing(db, client, web, rows):
    raw = exported_text(db, night(db))
    before = counts(rows)

    response = client.post("/import", data=upload(raw), content_type="multipart/form-data")
    assert response.status_code == 400 and "Please tap again" in text(response)
    response = client.post("/import", data={**upload(raw), "csrf_token": "forged"})
    assert response.status_code == 400
    assert counts(rows) == before

    assert web.post("/import", upload(raw)).status_code == 303  # with the page's token
    assert rows(GameTable) == before[0] + 1


def test_a_second_import_while_one_runs_is_asked_to_wait_and_saves_nothing(app, db, web, rows):
    """Issue 13: eight imports at once held every thread of `referee serve`, and a hand at
    another table waited 4.9 s (bench/import_flood.py). One import runs at a time; another
    sent meanwhile is answered at once, beside the file box, with Retry-After. (On
    PostgreSQL the gate is the database's: tests/test_two_servers.py holds it across two
    servers.)"""
    raw = exported_text(db, night(db))
    before = counts(rows)
    # Another phone's import, under way (on PostgreSQL, from another connection).
    with gates.passed(app.extensions["db_engine"], gates.IMPORTING) as held:
        assert held
        response = web.post("/import", upload(raw))
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "5"
    assert error_beside(text(response), "file") == (
        "another table's file is being imported right now; send yours again in 5 seconds"
    )
    assert counts(rows) == before

    assert web.post("/import", upload(raw)).status_code == 303  # once that one is done
    assert rows(GameTable) == before[0] + 1


@pytest.mark.parametrize(
    ("tamper", "field", "words"),
    [row for row in TAMPERED if row[1] in ("hands[0].settlement.payments[0].amount", "comment")],
)
def test_a_changed_file_is_refused_beside_the_file_field(db, web, rows, tamper, field, words):
    document = export_table(db, night(db))
    tamper(document)
    before = counts(rows)

    response = web.post("/import", upload(exact_json.dumps(document).encode()))

    assert response.status_code == 422  # issue 24: a refused import answered 200
    message = error_beside(text(response), "file")
    # The message starts with where in the file it is, for whoever mends the file.
    assert message.startswith(f"{field}: ") and words in message
    assert counts(rows) == before


@pytest.mark.parametrize(
    ("data", "words", "status"),
    [
        ({}, "choose the .json file", 400),
        (upload(b""), "not valid JSON", 422),
        (upload(b"\x89PNG\r\n", "photo.png"), "not UTF-8", 422),
    ],
)
def test_no_file_or_not_a_table_is_shown_beside_the_field(web, rows, data, words, status):
    response = web.post("/import", data)
    assert response.status_code == status
    assert words in error_beside(text(response), "file")
    assert rows(GameTable) == 0


def test_a_file_over_the_limit_is_refused_beside_the_field(web, rows, monkeypatch):
    monkeypatch.setattr(limits, "MAX_IMPORT_BYTES", 4096)
    response = web.post("/import", upload(b" " * 5000))
    assert response.status_code == 413  # issue 24: within the multipart slack it was 200
    assert "larger than 4 KB" in error_beside(text(response), "file")
    too_big = web.post("/import", upload(b" " * (4096 + 70 * 1024)))
    assert too_big.status_code == 413  # cut off before it is read, and said the same way
    assert error_beside(text(too_big), "file") == (
        "file: the file is larger than 4 KB; a table exported from Tonk Referee is far smaller"
    )
    assert rows(GameTable) == 0


def test_a_file_larger_than_any_other_form_may_be_imported(db, web, rows, monkeypatch):
    raw = exported_text(db, night(db))
    padded = raw + b" " * (300 * 1024)  # over the 256 KB of every other form
    assert web.post("/import", upload(padded)).status_code == 303
    assert rows(GameTable) == 2


# The command


def test_the_command_imports_a_file_and_prints_the_new_links(db, app, tmp_path, monkeypatch):
    original = night(db)
    path = tmp_path / "friday.json"
    path.write_bytes(exported_text(db, original))
    monkeypatch.setattr(cli, "_database_url", lambda: database_url(app))

    result = CliRunner().invoke(cli.main, ["import", str(path)])

    assert result.exit_code == 0, result.output
    db.commit()  # end this session's read, to see what the command wrote
    table_id = int(re.search(r"as table (\d+)", result.output).group(1))
    imported = db.get(GameTable, table_id)
    assert f"/join/{table_id}/{imported.scorekeeper_token}" in result.output
    assert without_ids(snapshot(db, imported)) == without_ids(snapshot(db, original))


def test_the_command_refuses_a_changed_file_and_imports_nothing(
    db, app, rows, tmp_path, monkeypatch
):
    document = export_table(db, night(db))
    document["hands"][0]["settlement"]["payments"][0]["amount"] = Decimal(5)
    path = tmp_path / "friday.json"
    path.write_text(exact_json.dumps(document))
    monkeypatch.setattr(cli, "_database_url", lambda: database_url(app))
    before = counts(rows)

    result = CliRunner().invoke(cli.main, ["import", str(path)])

    assert result.exit_code == 2
    assert "Nothing was imported: hands[0].settlement.payments[0].amount" in result.output
    assert counts(rows) == before
