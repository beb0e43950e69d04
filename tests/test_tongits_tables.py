"""A Tongits table through its pages (issue 11, items 2, 3 and 5): started with its game,
each ending entered on its own screen and previewed with every payment and why, the pot,
the run and who deals next on the table page, and an edit or a void of one game moving
the pot and the run of every later game (tongits.md 2.7 to 2.9).

The night is the spec's worked examples (tongits.md 2.11 and section 3): Ben wins a draw
(Anna fought and lost, Carla burned), then goes tong-its with a Secret, his second win in
a row, and takes the pot.
"""

import re

import pytest
from sqlmodel import Session, select

from referee import create_app
from referee.store import commands
from referee.store.migrate import upgrade
from referee.store.models import GameTable, Hand, HandChange, Player
from tests.conftest import Web, form_fields
from tests.live import drop_pg_database, fresh_pg_database
from tests.test_pages import (
    ABC,
    error_beside,
    errors,
    flashes,
    hand_lines,
    paid,
    plain,
    player_ids,
    tally,
    text,
    transfers,
)

FIRST = {  # tongits.md section 3, example 1
    "kind": "draw",
    "caller": "Ben",
    "fought": ["Anna"],
    "totals": {"Ben": 6, "Anna": 11},
    "burned": ["Carla"],
}
SECOND = {"kind": "tongits", "player": "Ben", "bonuses": {"Ben": {"secret": 1}}}  # example 2
# Game 2 once game 1 is no longer Ben's win: tong-its and the Secret, no pot.
SECOND_AS_A_FIRST_WIN = [
    ("Anna", "Ben", 2),
    ("Anna", "Ben", 1),
    ("Carla", "Ben", 2),
    ("Carla", "Ben", 1),
]


def start_tongits(web, names=ABC, preset="tongits", first_dealer="0") -> int:
    """Start a Tongits table from the home page; the id of the new table."""
    boxes = {f"player_{seat}": name for seat, name in enumerate(names)}
    response = web.submit(
        "/?game=tongits", {**boxes, "preset": preset, "first_dealer": first_dealer}
    )
    assert response.status_code == 302, errors(text(response))
    return int(re.fullmatch(r"/t/(\d+)", response.headers["Location"]).group(1))


def game_fields(ids: dict[str, str], outcome: dict) -> dict[str, str]:
    """The Tongits form's fields for an ending given by names (its kind is in the URL)."""
    fields = {}
    winner = outcome.get("caller", outcome.get("player"))
    if winner:
        fields["winner"] = ids[winner]
    if "last_card" in outcome:
        fields["last_card"] = ids[outcome["last_card"]]
    if outcome.get("sapaw_on_caller"):
        fields["sapaw_on_caller"] = "y"
    for key in ("fought", "burned"):
        for name in outcome.get(key, []):
            fields[f"{key}_{ids[name]}"] = "y"
    for name, total in outcome.get("totals", {}).items():
        fields[f"total_{ids[name]}"] = str(total)
    for name, counts in outcome.get("bonuses", {}).items():
        for key, count in counts.items():
            fields[f"{key}_{ids[name]}"] = str(count)
    return fields


def preview_game(web, table: int, outcome: dict, url: str | None = None):
    url = url or f"/t/{table}/hands/new/{outcome['kind']}"
    return web.submit(url, game_fields(player_ids(web, table), outcome))


def enter_game(web, table: int, outcome: dict, url: str | None = None) -> str:
    """Fill in the ending's form, check the payout, save it; the preview's page."""
    url = url or f"/t/{table}/hands/new/{outcome['kind']}"
    preview = preview_game(web, table, outcome, url)
    assert preview.status_code == 200 and "Save game" in text(preview), errors(text(preview))
    saved = web.resubmit(preview, url, {"save": "1"})
    assert saved.status_code == 303, errors(text(saved))
    return text(preview)


def deal_card(page: str) -> str:
    """The words of the table page's deal card: the dealer, the pot and the run."""
    card = re.search(r'<section class="deal card".*?</section>', page, flags=re.S)
    return plain(card.group(0))


def test_a_tongits_table_starts_with_three_names_and_the_first_dealer_discards_first(web):
    table = start_tongits(web)
    page = text(web.get(f"/t/{table}"))
    assert "<title>Tongits night · Tonk Referee</title>" in page  # named after its game
    assert deal_card(page) == (
        "Game 1 · 1 chip · Pot 0 chips · Deals (13 cards) and discards first: Anna "
        "Pot: 0 chips Nobody is on a winning run: 2 wins in a row take the pot. "
        "Cut for the deal again"
    )
    assert [plain(b) for b in re.findall(r'<a class="button"[^>]*>(.*?)</a>', page)] == [
        "Tong-its",
        "Draw",
        "Stock ran out",
        "Bisaklat",
    ]
    assert 'class="hint gloss"' not in page  # the words open where a form says them


def test_four_names_start_a_table_of_four_seats(web, app):
    table = start_tongits(web, names=[*ABC, "Dan"])
    response = web.get(f"/t/{table}/hands/new/tongits")
    assert response.status_code == 200
    assert len(re.findall(r'name="burned_\d+"', text(response))) == 4


def test_two_names_are_refused_for_tongits_and_no_table_is_started(web, rows):
    from referee.store.models import GameTable

    response = web.submit(
        "/?game=tongits", {"player_0": "Anna", "player_1": "Ben", "first_dealer": "0"}
    )
    assert response.status_code == 200
    assert errors(text(response))["players-error"] == (
        "Tongits is played by 3 (four only with house rule “Seats” at 4), not 2"
    )
    assert rows(GameTable) == 0


def test_the_worked_night_pays_the_spec_and_the_second_win_takes_the_pot(web):
    table = start_tongits(web, first_dealer="0")
    preview = enter_game(web, table, FIRST)
    assert paid(preview) == [("Anna", "Ben", 2), ("Carla", "Ben", 2)]
    assert "fought and lost" in preview and "folded, burned (sunog)" in preview
    assert plain(re.search(r'<p class="pot-after">(.*?)</p>', preview, re.S).group(1)) == (
        "The pot now holds 3 chips. Ben has won 1 in a row. Ben deals next."
    )
    page = text(web.get(f"/t/{table}"))
    assert deal_card(page) == (
        "Game 2 · 1 chip · Pot 3 chips · Ben's run: 1 win · "
        "Deals (13 cards) and discards first: Ben Pot: 3 chips (Anna 1 chip, Ben 1 chip, "
        "Carla 1 chip) Ben is the hitter (the last winner), 1 win in a row: 1 more win in a "
        "row takes the pot."
    )
    preview = enter_game(web, table, SECOND)
    assert paid(preview) == [
        ("Anna", "Ben", 2),
        ("Anna", "Ben", 1),
        ("Anna", "Ben", 2),
        ("Carla", "Ben", 2),
        ("Carla", "Ben", 1),
        ("Carla", "Ben", 2),
    ]
    assert plain(re.search(r'<p class="pot-after">(.*?)</p>', preview, re.S).group(1)) == (
        "Ben takes the pot: 6 chips. Ben has won 2 in a row. Ben deals next."
    )
    page = text(web.get(f"/t/{table}"))
    assert tally(page) == {"Anna": -7, "Ben": 14, "Carla": -7}
    assert deal_card(page) == (
        "Game 3 · 1 chip · Pot 0 chips · Ben's run: 2 wins · "
        "Deals (13 cards) and discards first: Ben Pot: 0 chips Ben is the hitter (the last "
        "winner), 2 wins in a row: every further win takes the pot."
    )


def test_fixing_the_first_game_moves_the_pot_of_the_second_and_its_history_says_why(web, app):
    table = start_tongits(web)
    enter_game(web, table, FIRST)
    enter_game(web, table, SECOND)
    # Game 1 was Anna's draw, not Ben's: game 2 is then Ben's first win, no pot.
    fixed = {**FIRST, "caller": "Anna", "fought": ["Ben"], "totals": {"Anna": 6, "Ben": 11}}
    url = f"/t/{table}/hands/1/edit"
    ids = player_ids(web, table)
    untick = {f"fought_{ids['Anna']}": None}  # the form starts as game 1 was entered
    preview = web.submit(url, {**game_fields(ids, fixed), **untick})
    assert paid(text(preview)) == [("Ben", "Anna", 2), ("Carla", "Anna", 2)]
    saved = web.resubmit(preview, url, {"save": "1"})
    assert saved.status_code == 303, errors(text(saved))
    second = text(web.get(f"/t/{table}/hands/2"))
    assert paid(second) == SECOND_AS_A_FIRST_WIN
    (line,) = [plain(li) for li in re.findall(r"<li>(.*?)</li>", second, re.S) if "recounted" in li]
    assert line.endswith(
        "UTC: pot and run recounted after game 1 edited: the payments above are as they stand now"
    )
    page = text(web.get(f"/t/{table}"))
    assert tally(page) == {"Anna": 1, "Ben": 4, "Carla": -5}
    assert deal_card(page) == (
        "Game 3 · 1 chip · Pot 6 chips · Ben's run: 1 win · "
        "Deals (13 cards) and discards first: Ben Pot: 6 chips (Anna 2 chips, Ben 2 chips, "
        "Carla 2 chips) Ben is the hitter (the last winner), 1 win in a row: 1 more win in a "
        "row takes the pot."
    )


def test_voiding_the_first_game_takes_the_jackpot_out_of_the_second(web):
    table = start_tongits(web)
    enter_game(web, table, FIRST)
    enter_game(web, table, SECOND)
    page = text(web.get(f"/t/{table}/hands/1/void"))  # the question before the void
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    voided = web.post(
        f"/t/{table}/hands/1/void", {"version": version}, page=f"/t/{table}/hands/1/void"
    )
    assert voided.status_code == 303
    second = text(web.get(f"/t/{table}/hands/2"))
    assert paid(second) == SECOND_AS_A_FIRST_WIN
    assert tally(text(web.get(f"/t/{table}"))) == {"Anna": -3, "Ben": 6, "Carla": -3}


def test_a_refused_draw_says_why_beside_the_question_and_saves_nothing(web, rows):
    table = start_tongits(web)
    burned_caller = {**FIRST, "burned": ["Ben"]}
    page = text(preview_game(web, table, burned_caller))
    assert "Save game" not in page
    assert error_beside(page, "winner") == (
        "Ben is burned and cannot call a draw; calling a draw needs an exposed meld"
    )
    assert rows(Hand) == 0 and rows(HandChange) == 0
    assert flashes(page) == []


def test_settle_up_the_history_and_the_watch_link_work_for_a_tongits_night(web, client):
    table = start_tongits(web)
    enter_game(web, table, FIRST)
    enter_game(web, table, SECOND)
    settle = text(web.get(f"/t/{table}/settle-up"))
    assert transfers(settle) == [("Anna", "Ben", 7), ("Carla", "Ben", 7)]
    assert "+14 chips" in settle and "\u22127 chips" in settle
    history = text(web.get(f"/t/{table}/hands/"))
    assert hand_lines(history) == {
        2: "hand | #2 Tong-its: Ben",
        1: "hand | #1 Draw: the caller won: Ben",
    }
    live = client.get(f"/t/{table}/live")
    assert live.status_code == 200
    assert "Pot:</span> <b>0 chips</b>" in text(live)


def test_a_stock_out_with_everyone_burned_keeps_the_pot_and_the_dealer(web):
    table = start_tongits(web, first_dealer="1")
    everyone_burned = {"kind": "stock_out", "burned": ABC}
    preview = enter_game(web, table, everyone_burned)
    assert paid(preview) == []
    assert "Nobody pays: everyone is burned (sunog), so nobody wins." in preview
    assert plain(re.search(r'<p class="pot-after">(.*?)</p>', preview, re.S).group(1)) == (
        "The pot now holds 3 chips. Ben deals next."
    )
    assert deal_card(text(web.get(f"/t/{table}"))).startswith(
        "Game 2 · 1 chip · Pot 3 chips · Deals (13 cards) and discards first: Ben Pot: 3 chips"
    )


def test_counting_the_callers_cards_fills_his_box_and_keeps_what_was_tapped(web, rows):
    table = start_tongits(web)
    ids = player_ids(web, table)
    url = f"/t/{table}/hands/new/draw"
    typed = {
        **form_fields(text(web.get(url))),
        **game_fields(ids, {**FIRST, "totals": {"Anna": 11}}),
    }
    typed = {key: value for key, value in typed.items() if value is not None}
    picker = web.client.post(f"/t/{table}/count?kind=draw", data={**typed, "for": ids["Ben"]})
    assert picker.status_code == 200 and "Ben's cards" in plain(text(picker))
    # A♠ 2♠ 3♠ by Tongits values: 6, Ben's total in the worked example.
    back = web.client.post(
        f"/t/{table}/count?kind=draw",
        data={**form_fields(text(picker)), "card": ["A♠", "2♠", "3♠"], "use": "1"},
    )
    fields = form_fields(text(back))
    assert fields[f"total_{ids['Ben']}"] == "6" and fields[f"total_{ids['Anna']}"] == "11"
    assert fields["winner"] == ids["Ben"]
    assert fields[f"fought_{ids['Anna']}"] == "y" and fields[f"burned_{ids['Carla']}"] == "y"
    preview = web.resubmit(back, url)
    assert paid(text(preview)) == [("Anna", "Ben", 2), ("Carla", "Ben", 2)]
    assert rows(Hand) == 0


def test_the_history_and_a_games_page_gloss_the_tongits_words_they_use(web):
    table = start_tongits(web)
    enter_game(web, table, FIRST)
    for url in (f"/t/{table}/hands/", f"/t/{table}/hands/1"):
        (gloss,) = re.findall(r'<p class="hint gloss">(.*?)</p>', text(web.get(url)))
        assert "sunog (burned: no exposed meld and no Secret when the game ends)" in plain(gloss)
        assert "tong-its (every card melded or laid off)" in plain(gloss), url


def test_the_rules_sheet_glosses_every_tongits_word_once(web):
    table = start_tongits(web)
    (gloss,) = re.findall(r'<p class="hint gloss">(.*?)</p>', text(web.get(f"/t/{table}/rules")))
    assert plain(gloss) == (
        "Tongits words: tong-its (every card melded or laid off); sapaw (laying a card off on "
        "a meld); bahay (a meld laid down); sunog (burned: no exposed meld and no Secret when "
        "the game ends); Secret (a four of a kind laid down all at once or kept in hand); "
        "Escalera (a straight flush of four cards or more); bisaklat (every card in a meld "
        "before anyone's first turn); draw (calling the game over on your turn: the lowest "
        "count wins); fight (challenge a called draw); fold (give in to a called draw); stock "
        "(the cards left face down after the deal, to draw from); hitter (the last winner, "
        "who takes the pot on a run); pot (the antes, kept until a winner takes them)."
    )


# Each question of a draw's form as it reads, and the Tongits words in it that open their
# meaning on a tap: (word, meaning), in the order the form says them.
DRAW_QUESTIONS = {
    "en": [
        (
            "Who called the draw?",
            [("draw", "calling the game over on your turn: the lowest count wins")],
        ),
        (
            "Who chose to fight the draw? Everyone else chose to fold.",
            [("fight", "challenge a called draw"), ("fold", "give in to a called draw")],
        ),
        ("Sapaw on the caller?", [("Sapaw", "laying a card off on a meld")]),
        (
            "Points left in hand: the caller and whoever fought (folded players may stay empty)",
            [],
        ),
        (
            "Who is burned (sunog)?",
            [("sunog", "burned: no exposed meld and no Secret when the game ends")],
        ),
        (
            "Bonus: Secrets held by each player (only the winner's are paid)",
            [("Secrets", "a four of a kind laid down all at once or kept in hand")],
        ),
    ],
    "fil": [
        (
            "Sino ang nag-draw?",
            [("draw", "pagtatapos ng laro sa tira mo: panalo ang pinakamababang bilang")],
        ),
        (
            "Sino ang pumili ng laban sa draw? Pinili ng iba ang fold.",
            [("laban", "labanan ang draw"), ("fold", "sumuko sa draw")],
        ),
        ("May sapaw sa nag-draw?", [("sapaw", "pagsapaw ng baraha sa isang bahay")]),
        (
            "Puntos na natira sa kamay: ang nag-draw at ang lumaban (pwedeng iwanang "
            "blangko ang nag-fold)",
            [],
        ),
        (
            "Sino ang sunog?",
            [("sunog", "walang nakababang bahay at walang Secret pagtapos ng laro")],
        ),
        (
            "Bonus: Mga Secret na hawak ng bawat player (ang sa panalo lang ang binabayaran)",
            [("Mga Secret", "apat na magkapareho na ibinaba nang sabay o nasa kamay")],
        ),
    ],
}


@pytest.mark.parametrize("language", DRAW_QUESTIONS)
def test_each_tongits_word_of_a_form_opens_its_meaning_where_it_stands(web, language):
    table = start_tongits(web)
    page = text(web.get(f"/t/{table}/hands/new/draw", headers={"Accept-Language": language}))
    assert 'class="hint gloss"' not in page  # no paragraph of words above the fields
    asked = []
    for legend in re.findall(r"<legend>(.*?)</legend>", page, flags=re.S):
        terms = re.findall(
            r'<details class="term"><summary>(.*?)</summary> <span class="means">(.*?)</span>'
            r"</details>",
            legend,
        )
        question = re.sub(
            r'<details class="term"><summary>(.*?)</summary>.*?</details>', r"\1", legend
        )
        asked.append((plain(question), [(plain(w), plain(m)) for w, m in terms]))
    assert asked == DRAW_QUESTIONS[language]


def test_save_on_a_payout_another_phone_has_moved_saves_nothing_and_shows_the_new_one(web, rows):
    """Phone A checks game 2 (Ben's second win takes the pot); phone B voids game 1; A's
    Save stores nothing and shows game 2's payout as it is now, which a second Save keeps."""
    table = start_tongits(web)
    enter_game(web, table, FIRST)
    url = f"/t/{table}/hands/new/tongits"
    preview = preview_game(web, table, SECOND)
    assert ("Anna", "Ben", 2) in paid(text(preview)) and "takes the pot" in text(preview)
    page = text(web.get(f"/t/{table}/hands/1/void"))  # the question before the void
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    assert web.post(
        f"/t/{table}/hands/1/void", {"version": version}, page=f"/t/{table}/hands/1/void"
    )
    moved = web.resubmit(preview, url, {"save": "1"})
    assert moved.status_code == 200 and rows(Hand) == 1
    assert plain(re.search(r'<p class="notice" role="alert">(.*?)</p>', text(moved)).group(1)) == (
        "Nothing was saved: the payout is not the one checked (a box was changed, or another "
        "phone changed the night or the rules). Check it below, then save."
    )
    assert paid(text(moved)) == SECOND_AS_A_FIRST_WIN
    saved = web.resubmit(moved, url, {"save": "1"})
    assert saved.status_code == 303 and rows(Hand) == 2
    assert tally(text(web.get(f"/t/{table}"))) == {"Anna": -3, "Ben": 6, "Carla": -3}


def test_a_refused_bonus_count_is_shown_beside_its_own_box_or_above_save(web, rows):
    table = start_tongits(web, preset="1-3-5")  # pays Secrets and aces
    ids = player_ids(web, table)
    five_aces = {"kind": "tongits", "player": "Ben", "bonuses": {"Ben": {"aces": 5}}}
    page = text(preview_game(web, table, five_aces))
    assert error_beside(page, f"aces_{ids['Ben']}") == "Ben cannot hold 5 aces; the deck has 4"
    assert f"secret_{ids['Ben']}-error" not in page
    # Escaleras are not paid here, so not asked: a count sent anyway is not read at all.
    escaleras = {"kind": "tongits", "player": "Ben", "bonuses": {"Ben": {"escalera": 2}}}
    fields = {**game_fields(ids, escaleras), f"secret_{ids['Ben']}": "2"}
    sent = {**form_fields(text(web.get(f"/t/{table}/hands/new/tongits"))), **fields}
    page = text(web.client.post(f"/t/{table}/hands/new/tongits", data=sent))
    assert errors(page) == {}  # the box is not on this form, so what it sent is not read
    assert rows(Hand) == 0


@pytest.fixture
def pg_app(tmp_path):
    """The app on a PostgreSQL database of its own, whatever database the suite runs on:
    there two phones' requests interleave up to the table's lock (SQLite runs a request's
    writes one at a time, BEGIN IMMEDIATE, so nothing can land in between)."""
    url = fresh_pg_database("tongits_race")
    upgrade(url)
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t" * 40,
            "INSTANCE_PATH": str(tmp_path),
            "DATABASE_URL": url,
        }
    )
    yield app
    app.extensions["db_engine"].dispose()
    drop_pg_database("tongits_race")


def test_a_fix_landing_while_a_save_waits_for_the_lock_is_seen_by_that_save(pg_app, monkeypatch):
    """Phone B checks game 3 (Ben's third win: the pot); phone A's fix of game 1 (Anna's
    win, not Ben's) commits while B's Save waits for the table's lock. Under the lock B's
    game settles to another payout than B saw: nothing is saved, and B is told so."""
    web = Web(pg_app.test_client())
    table = start_tongits(web)
    enter_game(web, table, FIRST)
    enter_game(web, table, {"kind": "tongits", "player": "Ben"})
    url = f"/t/{table}/hands/new/tongits"
    preview = preview_game(web, table, {"kind": "tongits", "player": "Ben"})
    assert "takes the pot" in text(preview)
    locked = commands.lock

    def fixed_meanwhile(db, locking):
        monkeypatch.setattr(commands, "lock", locked)  # once
        with Session(pg_app.extensions["db_engine"], expire_on_commit=False) as other:
            first = other.exec(select(Hand).where(Hand.table_id == table, Hand.no == 1)).one()
            anna = other.exec(
                select(Player).where(Player.table_id == table, Player.name == "Anna")
            ).one()
            fixed = {**FIRST, "caller": "Anna", "fought": ["Ben"], "totals": {"Anna": 6, "Ben": 11}}
            commands.edit_hand(other, other.get(GameTable, table), first, fixed, anna, version=1)
        return locked(db, locking)

    monkeypatch.setattr(commands, "lock", fixed_meanwhile)
    moved = web.resubmit(preview, url, {"save": "1"})
    assert moved.status_code == 200 and errors(text(moved)) == {
        "hand-error": "the payout changed since it was checked (another phone changed the night "
        "or the rules); nothing was saved: check the payout again, then save"
    }
    with Session(pg_app.extensions["db_engine"]) as db:
        assert len(db.exec(select(Hand).where(Hand.table_id == table)).all()) == 2
