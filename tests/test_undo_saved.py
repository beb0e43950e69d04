"""Undo on the saved message (issue 23, item 10): "Hand 7 saved." carries an Undo for
UNDO_MINUTES, to the phone that may change the table, while the hand is the latest and as
entered. It voids the hand through the same command as the history's void (its history says
"voided", and its page can restore it); refused, it says which hand and which rule, and
changes nothing. The time is the stored hand's: a hand "saved 2 minutes ago" is one whose
saved time is moved back, and the command is handed the moment of the tap."""

import re
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest
from sqlmodel import Session, select

from referee.rules import Refusal
from referee.rules.limits import UNDO_MINUTES
from referee.store import commands
from referee.store.models import GameTable, Hand, HandChange, Player
from referee.web import access
from tests.test_access import browser, snapshot
from tests.test_messages_once import saved_in_place
from tests.test_pages import (
    HX,
    deal,
    enter_hand,
    flashes,
    plain,
    player_ids,
    start_table,
    table_page,
    tally,
    text,
)
from tests.test_tongits_tables import FIRST, SECOND, deal_card, enter_game, start_tongits

OUT = {"kind": "out", "player": "Anna"}  # Ben and Carla pay Anna 1 each
BEN_OUT = {"kind": "out", "player": "Ben"}  # Anna and Carla pay Ben 1 each
UNDO_FORM = re.compile(
    r'<div class="saved">(.*?)<form class="undo-saved" method="post" action="([^"]+)">(.*?)'
    r"</form></div>",
    re.S,
)
# Game 1 of tongits.md section 3 (example 1) alone: Ben's draw, the pot of 3 antes held. The
# status line before it names the number the next game gets: an undone game keeps its own.
AFTER_FIRST_GAME = (
    "1 chip · Pot 3 chips · Ben's run: 1 win · "
    "Deals (13 cards) and discards first: Ben Pot: 3 chips (Anna 1 chip, Ben 1 chip, "
    "Carla 1 chip) Ben is the hitter (the last winner), 1 win in a row: 1 more win in a "
    "row takes the pot."
)


def undo_offered(page: str) -> tuple[str, str] | None:
    """(the message, where its Undo posts) when the page's saved message offers Undo."""
    found = UNDO_FORM.search(page)
    if found is None:
        return None
    assert 'name="csrf_token"' in found.group(3)
    assert plain(found.group(3)) == "Undo"
    return plain(found.group(1)), found.group(2)


def undo(web, table: int, no: int, **kwargs):
    """Tap the Undo of hand `no`'s saved message (its form, its token)."""
    return web.post(f"/t/{table}/hands/{no}/undo", {"version": "1"}, page=f"/t/{table}", **kwargs)


def saved_ago(app, table: int, no: int, ago: timedelta) -> None:
    """Hand `no` as if it had been saved `ago` before now."""
    with Session(app.extensions["db_engine"]) as db:
        hand = db.exec(select(Hand).where(Hand.table_id == table, Hand.no == no)).one()
        hand.created_at = datetime.now(UTC) - ago
        db.add(hand)
        db.commit()


def saved_here(web, table: int, outcome: dict, fields, headers: dict | None = None):
    """A hand (or game) saved in place on the table page, as htmx does it (`fields`: the
    game's form fields of `outcome`); the answer swapped in, with the saved message."""
    asked = {**HX, **(headers or {})}
    url = f"/t/{table}/hands/new/{outcome['kind']}"
    typed = fields(player_ids(web, table), outcome)
    preview = web.resubmit(web.get(url, headers=asked), url, typed, headers=asked)
    return web.resubmit(preview, url, {"save": "1"}, headers=asked)


def history(web, table: int, no: int) -> list[str]:
    return re.findall(r"</time>: (\w+)", text(web.get(f"/t/{table}/hands/{no}")))


def test_the_saved_message_offers_undo_which_voids_the_hand_and_puts_the_night_back(web, rows):
    table = start_table(web)
    enter_hand(web, table, OUT)
    before = table_page(web, table)
    assert tally(before) == {"Anna": 2, "Ben": -1, "Carla": -1}
    enter_hand(web, table, BEN_OUT)
    shown = web.get(f"/t/{table}")
    page = text(shown)
    assert tally(page) == {"Anna": 1, "Ben": 1, "Carla": -2}
    assert flashes(page) == ["Hand 2 saved."]
    assert undo_offered(page) == ("Hand 2 saved.", f"/t/{table}/hands/2/undo")

    undone = web.resubmit(shown, f"/t/{table}/hands/2/undo", form=0)  # the tap on Undo
    assert undone.status_code == 303
    assert undone.headers["Location"] == f"/t/{table}?voided=2"
    page = text(web.get(undone.headers["Location"]))
    assert flashes(page) == ["Hand 2 undone: it is out of the tally and stays in the history."]
    assert tally(page) == {"Anna": 2, "Ben": -1, "Carla": -1}
    assert deal(page) == deal(before)
    # The way back: the void can itself be undone, as any void.
    card = re.search(r'<form class="undo card"[^>]*action="([^"]+)"[^>]*>(.*?)</form>', page, re.S)
    assert card.group(1) == f"/t/{table}/hands/2/restore"
    assert plain(card.group(2)) == "Hand 2 is void. Undo"
    assert undo_offered(page) is None
    assert history(web, table, 2) == ["entered", "voided"]
    assert rows(HandChange) == 3
    assert flashes(table_page(web, table)) == []  # said once


def test_undo_is_the_history_s_void_and_the_hand_s_page_restores_it(web):
    table = start_table(web)
    enter_hand(web, table, OUT)
    undo(web, table, 1)
    page = text(web.get(f"/t/{table}/hands/1"))
    assert "Undo the void: hand 1 counts again" in page
    web.post(f"/t/{table}/hands/1/restore", {"version": "2"}, page=f"/t/{table}/hands/1")
    assert tally(table_page(web, table)) == {"Anna": 2, "Ben": -1, "Carla": -1}
    assert history(web, table, 1) == ["entered", "voided", "restored"]


def test_a_hand_saved_in_place_offers_undo_beside_its_message(web):
    table = start_table(web)
    answer = saved_in_place(web, table, OUT)
    assert '<p class="flash" role="status">Hand 1 saved.</p>' in answer
    assert undo_offered(answer) == ("Hand 1 saved.", f"/t/{table}/hands/1/undo")
    assert undo(web, table, 1).status_code == 303
    assert tally(table_page(web, table)) == {"Anna": 0, "Ben": 0, "Carla": 0}


def test_within_the_window_undo_is_offered_and_done(web, app):
    table = start_table(web)
    enter_hand(web, table, OUT)
    saved_ago(app, table, 1, timedelta(minutes=UNDO_MINUTES) - timedelta(seconds=5))
    assert undo_offered(table_page(web, table)) is not None
    assert undo(web, table, 1).status_code == 303
    assert tally(table_page(web, table)) == {"Anna": 0, "Ben": 0, "Carla": 0}


def test_after_the_window_undo_is_not_offered_and_is_refused_naming_the_hand_and_rule(web, app):
    assert UNDO_MINUTES == 2
    table = start_table(web)
    enter_hand(web, table, OUT)
    saved_ago(app, table, 1, timedelta(minutes=2, seconds=1))
    page = table_page(web, table)
    assert flashes(page) == ["Hand 1 saved."] and undo_offered(page) is None
    before = snapshot(app)
    refused = undo(web, table, 1)
    assert refused.status_code == 303 and refused.headers["Location"] == f"/t/{table}"
    page = table_page(web, table)
    assert flashes(page) == [
        "Hand 1 can no longer be undone here: the undo lasts 2 minutes; "
        "void it from its page in Hands"
    ]
    assert tally(page) == {"Anna": 2, "Ben": -1, "Carla": -1}
    assert snapshot(app) == before  # no history line, no void, not even a change counted


def test_undo_is_refused_once_another_hand_was_entered(web, app):
    table = start_table(web)
    enter_hand(web, table, OUT)
    enter_hand(web, table, BEN_OUT)  # within the window, but hand 1 is no longer the latest
    before = snapshot(app)
    assert undo(web, table, 1).status_code == 303
    assert flashes(table_page(web, table)) == [
        "Hand 1 can no longer be undone here: hand 2 was entered since; "
        "void it from its page in Hands"
    ]
    assert snapshot(app) == before


def test_undo_is_refused_once_the_hand_was_fixed(web, app):
    table = start_table(web)
    enter_hand(web, table, OUT)
    url = f"/t/{table}/hands/1/edit"
    checked = web.submit(url, {"player": player_ids(web, table)["Ben"]})
    assert web.resubmit(checked, url, {"save": "1"}).status_code == 303
    before = snapshot(app)
    undo(web, table, 1)
    assert flashes(table_page(web, table)) == [
        "Hand 1 can no longer be undone here: it was fixed or voided since; "
        "its page in Hands shows it as it is now"
    ]
    assert snapshot(app) == before


def test_undo_twice_voids_once(web, rows):
    table = start_table(web)
    enter_hand(web, table, OUT)
    undo(web, table, 1)
    undo(web, table, 1)
    assert rows(HandChange) == 2
    assert flashes(table_page(web, table)) == [
        "Hand 1 can no longer be undone here: it was fixed or voided since; "
        "its page in Hands shows it as it is now"
    ]


def test_undo_needs_its_csrf_token(web, app):
    table = start_table(web)
    enter_hand(web, table, OUT)
    before = snapshot(app)
    sent = web.client.post(f"/t/{table}/hands/1/undo", data={"version": "1"})
    assert sent.status_code == 400
    assert snapshot(app) == before


def test_a_watcher_is_offered_no_undo_and_may_not_undo(web, app):
    table = start_table(web)
    enter_hand(web, table, OUT)
    with Session(app.extensions["db_engine"]) as db:
        token = db.get(GameTable, table).watch_token
    watcher = browser(app, SimpleNamespace(id=table, watch=token), access.WATCH)
    page = watcher.get(f"/t/{table}")
    assert page.status_code == 200 and "undo-saved" not in text(page)
    token_of_page = re.search(r'name="csrf_token" value="([^"]+)"', text(page)).group(1)
    before = snapshot(app)
    sent = watcher.post(
        f"/t/{table}/hands/1/undo", data={"version": "1", "csrf_token": token_of_page}
    )
    assert sent.status_code == 403
    assert snapshot(app) == before


def test_a_tongits_game_is_undone_and_the_pot_and_dealer_are_as_before(web, rows):
    table = start_tongits(web)
    enter_game(web, table, FIRST)
    before = text(web.get(f"/t/{table}"))
    assert deal_card(before) == "Game 2 · " + AFTER_FIRST_GAME
    enter_game(web, table, SECOND)
    page = text(web.get(f"/t/{table}"))
    assert tally(page) == {"Anna": -7, "Ben": 14, "Carla": -7}
    assert undo_offered(page) == ("Game 2 saved.", f"/t/{table}/hands/2/undo")
    undone = text(web.get(undo(web, table, 2).headers["Location"]))
    assert flashes(undone) == ["Game 2 undone: it is out of the tally and stays in the history."]
    assert tally(undone) == tally(before) == {"Anna": -2, "Ben": 4, "Carla": -2}
    assert deal_card(undone) == "Game 3 · " + AFTER_FIRST_GAME
    assert history(web, table, 2) == ["entered", "voided"]


def test_a_tongits_game_no_longer_the_latest_is_refused_in_games(web, app):
    table = start_tongits(web)
    enter_game(web, table, FIRST)
    enter_game(web, table, SECOND)
    before = snapshot(app)
    undo(web, table, 1)
    assert flashes(text(web.get(f"/t/{table}"))) == [
        "Game 1 can no longer be undone here: game 2 was entered since; "
        "void it from its page in Games"
    ]
    assert snapshot(app) == before


def test_the_refusal_is_said_in_filipino(web, app):
    table = start_table(web)
    enter_hand(web, table, OUT)
    saved_ago(app, table, 1, timedelta(minutes=3))
    filipino = {"Accept-Language": "fil"}
    undo(web, table, 1, headers=filipino)
    assert flashes(text(web.get(f"/t/{table}", headers=filipino))) == [
        "Hindi na mababawi rito ang Hand 1: 2 minuto lang ang pagbawi; "
        "i-void ito sa pahina nito sa Mga hand"
    ]


# The one door: the command decides under the table's lock, at the moment it is handed.


@pytest.fixture
def night(app):
    """A table with hand 1 (Anna went out) entered through the command; (db, table, hand)."""
    with Session(app.extensions["db_engine"], expire_on_commit=False) as db:
        table = commands.start_table(
            db, name="", players=["Anna", "Ben", "Carla"], preset_name="classic"
        )
        anna = db.exec(select(Player).where(Player.name == "Anna")).one()
        hand = commands.enter_hand(db, table, OUT, dealer=anna).hand
        yield db, table, hand


def test_the_command_voids_up_to_the_last_moment_of_the_window(night):
    db, table, hand = night
    saved = hand.created_at.replace(tzinfo=UTC)
    voided = commands.void_hand(
        db, table, hand, version=1, undo_at=saved + timedelta(minutes=UNDO_MINUTES)
    )
    assert voided.void and voided.version == 2
    assert [c.action for c in db.exec(select(HandChange)).all()] == ["entered", "voided"]


def test_the_command_refuses_past_the_window_on_the_field_hand_and_writes_nothing(night):
    db, table, hand = night
    saved = hand.created_at.replace(tzinfo=UTC)
    late = saved + timedelta(minutes=UNDO_MINUTES, microseconds=1)
    with pytest.raises(Refusal) as refused:
        commands.void_hand(db, table, hand, version=1, undo_at=late)
    assert refused.value.field == "hand"
    assert refused.value.words == (
        "Hand 1 can no longer be undone here: the undo lasts 2 minutes; "
        "void it from its page in Hands"
    )
    db.expire_all()
    assert not db.get(Hand, hand.id).void
    assert len(db.exec(select(HandChange)).all()) == 1
