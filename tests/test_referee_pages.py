"""The referee's pages: count a hand, rule on a spread or a hit, who may drop, ask.

Through the test client with CSRF on, as a phone uses them; the rulings themselves are
tested for every option value in tests/rules, here only that the pages show them and
that a refused drop changes nothing until the scorekeeper overrides it.
"""

import html
import re

import pytest

from referee.rules.tonk import HouseRules
from referee.rules.tonk.questions import answers
from referee.store.models import Hand, TurnMark
from tests.conftest import form_fields
from tests.test_pages import (
    enter_hand,
    error_beside,
    errors,
    player_ids,
    preview_hand,
    set_rules,
    start_table,
    table_page,
    text,
)

HX = {"HX-Request": "true"}
DROP = {"kind": "drop", "player": "Ben", "totals": {"Anna": 9, "Ben": 3, "Carla": 12}}


def plain(page: str) -> str:
    """The page's words, without tags, as one line."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def count(web, table: int, *cards: str, **kwargs) -> str:
    return text(web.get(f"/t/{table}/count", query_string={"card": list(cards)}, **kwargs))


# Count a hand


def test_the_picker_counts_a_hand_by_the_house_deck(web):
    table = start_table(web)
    assert "22 points." in plain(count(web, table, "K♠", "Q♥", "2♦"))
    assert "No cards picked yet." in plain(count(web, table))
    page = count(web, table, "A♣", "J♦")
    assert "11 points." in plain(page)
    # The picked cards stay ticked, the others not.
    assert re.search(r'value="A♣" checked', page) and not re.search(r'value="A♠" checked', page)


def test_a_dealt_hand_inside_a_band_is_a_tonk_on_the_deal(web):
    table = start_table(web)
    page = plain(count(web, table, "K♠", "Q♠", "J♠", "10♠", "K♥"))  # 50, five cards
    assert "50: dealt like this, it is a tonk on the deal" in page
    assert "everyone pays you 2 chips" in page


def test_the_40_card_deck_has_no_8_9_or_10_to_pick(web):
    table = start_table(web)
    set_rules(web, table, {"deck": "40"})
    page = count(web, table)
    assert 'value="7♠"' in page and 'value="J♠"' in page
    for rank in ("8", "9", "10"):
        assert f'value="{rank}♠"' not in page
    refused = errors(count(web, table, "9♠"))
    assert refused == {"cards-error": "there is no 9♠ in a 40-card deck (house rule “Deck”)"}


def test_more_cards_than_a_hand_holds_or_a_card_twice_is_refused(web):
    table = start_table(web)
    seven = errors(count(web, table, "A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠"))["cards-error"]
    assert seven.startswith("7 cards are more than a hand holds here (5 dealt, one more")
    twice = errors(count(web, table, "K♠", "K♠"))["cards-error"]
    assert twice == "K♠ is picked twice; a deck has one of each"
    assert errors(count(web, table, "Z♠"))["cards-error"].startswith("'Z♠' is not a card")


def test_after_each_tap_htmx_gets_only_the_result(web):
    table = start_table(web)
    page = count(web, table, "5♠", "5♥", headers={**HX, "HX-Target": "count-result"})
    assert page.lstrip().startswith('<div id="count-result"')
    assert "10 points." in plain(page)


def test_a_count_goes_into_the_drop_form_keeping_what_was_typed(web, rows):
    table = start_table(web)
    ids = player_ids(web, table)
    form_page = text(web.get(f"/t/{table}/hands/new/drop"))
    assert f'name="for" value="{ids["Ben"]}"' in form_page
    typed = {**form_fields(form_page), f"total_{ids['Anna']}": "9", "player": ids["Ben"]}
    typed = {k: v for k, v in typed.items() if v is not None}
    # The tap on "Count Ben's cards" sends the hand form to the picker.
    picker = web.client.post(f"/t/{table}/count?kind=drop", data={**typed, "for": ids["Ben"]})
    assert picker.status_code == 200
    assert "Ben's cards" in plain(text(picker))
    carried = form_fields(text(picker))
    assert carried[f"total_{ids['Anna']}"] == "9" and carried["entry_key"] == typed["entry_key"]
    # Five taps on cards, then "Use ... for Ben": the hand form again, Ben's box filled.
    back = web.client.post(
        f"/t/{table}/count?kind=drop",
        data={**carried, "card": ["A♠", "A♥", "A♦", "2♣", "3♣"], "use": "1"},
    )
    page = text(back)
    assert back.status_code == 200 and 'id="hand-form"' in page
    fields = form_fields(page)
    assert fields[f"total_{ids['Ben']}"] == "8" and fields[f"total_{ids['Anna']}"] == "9"
    assert fields["player"] == ids["Ben"] and errors(page) == {}
    assert rows(Hand) == 0
    # The rest is typed, checked and saved as any hand.
    preview = web.resubmit(back, f"/t/{table}/hands/new/drop", {f"total_{ids['Carla']}": "12"})
    assert "Save hand" in text(preview), errors(text(preview))
    saved = web.resubmit(preview, f"/t/{table}/hands/new/drop", {"save": "1"})
    assert saved.status_code == 303 and rows(Hand) == 1


def test_a_refused_count_stays_in_the_picker(web):
    table = start_table(web)
    ids = player_ids(web, table)
    fields = {
        k: v for k, v in form_fields(text(web.get(f"/t/{table}/hands/new/drop"))).items() if v
    }
    cards = ["A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠"]
    back = web.client.post(
        f"/t/{table}/count?kind=drop", data={**fields, "for": ids["Ben"], "card": cards, "use": "1"}
    )
    page = text(back)
    assert 'id="count-form"' in page and "Ben's cards" in plain(page)
    assert errors(page)["cards-error"].startswith("7 cards are more than a hand holds")
    assert form_fields(page)["card"] == cards  # still ticked, to untick one


# Rule on a spread or a hit


def ruling(web, table: int, cards: list[str], hit: str = "") -> str:
    page = text(web.get(f"/t/{table}/spread", query_string={"card": cards, "hit": hit}))
    return plain(page.split('id="spread-result"')[1].split("</div>")[0])


@pytest.mark.parametrize(
    ("rules", "cards", "hit", "expected"),
    [
        ({}, ["7♠", "7♥", "7♦"], "", "Yes. 7♠ 7♥ 7♦ is a book"),
        ({}, ["A♣", "2♣", "3♣"], "", "Yes. A♣ 2♣ 3♣ is a run"),
        ({}, ["Q♣", "K♣", "A♣"], "", "No. Q♣ K♣ A♣ is not a spread here: the ace is low"),
        ({"ace": "low_or_high"}, ["Q♣", "K♣", "A♣"], "", "Yes."),
        ({"ace": "low_or_high"}, ["K♣", "A♣", "2♣"], "", "round the corner"),
        ({"deck": "40"}, ["6♥", "7♥", "J♥"], "", "Yes. 6♥ 7♥ J♥ is a run"),
        ({}, ["6♥", "7♥", "J♥"], "", "No."),
        ({}, ["7♠", "7♥", "7♦"], "7♣", "Yes. 7♣ may hit it"),
        ({}, ["4♠", "5♠", "6♠"], "8♠", "No. 8♠ may not hit it"),
        ({"ace": "low_or_high"}, ["J♦", "Q♦", "K♦"], "A♦", "Yes. A♦ may hit it"),
    ],
)
def test_the_spread_page_rules_by_the_house_rules(web, rules, cards, hit, expected):
    table = start_table(web)
    if rules:
        set_rules(web, table, rules)
    assert expected in ruling(web, table, cards, hit)


def test_the_spread_page_names_the_house_rules_it_reads(web):
    table = start_table(web)
    page = plain(text(web.get(f"/t/{table}/spread")))
    assert "52" in page and "ace" in page.lower()


# Who may drop


def mark(web, table: int, value: str, seen: int, **kwargs):
    return web.post(
        f"/t/{table}/turns/", {"mark": value, "seen": str(seen)}, page=f"/t/{table}", **kwargs
    )


def test_no_turn_panel_unless_the_rules_make_someone_wait(web):
    table = start_table(web)
    assert "Next turn" not in table_page(web, table)
    set_rules(web, table, {"must_spread": True})  # holds everyone always: a reminder
    page = plain(table_page(web, table))
    assert "House rule: a complete spread may not be kept in hand; lay it down." in page
    assert "Next turn" not in page
    set_rules(web, table, {"must_spread": True, "hit_blocks_laydown": True})
    page = plain(table_page(web, table))
    assert "Turn 1: Ben plays" in page  # Anna deals, Ben plays first
    assert "lay it down, except on a turn after being hit, when you may not." in page


def test_marks_show_who_may_not_drop_and_for_how_long(web, rows):
    table = start_table(web)
    set_rules(web, table, {"wait_after_spread": 3, "wait_after_hit": 1, "hit_blocks_laydown": True})
    ids = player_ids(web, table)
    assert mark(web, table, f"spread-{ids['Carla']}", 0).status_code == 303
    page = plain(table_page(web, table))
    assert "Turn 2: Carla plays" in page
    assert (
        "Carla may not drop on their next 3 turns: laid a new spread "
        "(house rule: must wait 3 turns after laying a spread)" in page
    )
    assert "Ben may drop." in page
    mark(web, table, f"hit-{ids['Ben']}", 1)
    page = plain(table_page(web, table))
    assert (
        "Ben may not drop on their next turn: had a spread hit (house rule: must wait 1 turn "
        "after a spread of theirs is hit); may not lay down a spread next turn (house rule: "
        "may not lay down a spread on the turn after being hit)." in page
    )
    assert "wait_after" not in page and "hit_blocks" not in page
    mark(web, table, "turn", 2)
    assert "Turn 3: Anna plays" in plain(table_page(web, table))
    assert rows(TurnMark) == 3


def test_a_tap_from_a_stale_screen_changes_nothing(web, rows):
    table = start_table(web)
    set_rules(web, table, {"wait_after_spread": 2})
    mark(web, table, "turn", 0)
    mark(web, table, "turn", 0)  # the same tap again, after a dropped connection
    assert rows(TurnMark) == 1
    mark(web, table, "undo", 0)
    assert rows(TurnMark) == 1
    mark(web, table, "undo", 1)
    assert rows(TurnMark) == 0


@pytest.mark.parametrize("garbled", ["²", "١", "-1", "1e3", "9" * 12, ""])
def test_a_garbled_count_from_a_form_changes_nothing_and_is_no_error(web, rows, garbled):
    table = start_table(web)
    set_rules(web, table, {"wait_after_spread": 2})
    enter_hand(web, table, {"kind": "out", "player": "Ben"})
    assert mark(web, table, "turn", garbled).status_code == 303  # shown as it is now
    void = web.post(
        f"/t/{table}/hands/1/void", {"version": garbled}, page=f"/t/{table}/hands/1/void"
    )
    assert void.status_code == 409  # the hand as it is, nothing voided
    assert rows(TurnMark) == 0 and rows(Hand, Hand.void == True) == 0  # noqa: E712


def test_a_tap_that_was_not_counted_says_so(web, rows):
    table = start_table(web)
    set_rules(web, table, {"wait_after_spread": 2})
    mark(web, table, "turn", 0)
    page = plain(text(mark(web, table, "turn", 0, headers=HX)))
    assert "That tap was not counted: this screen was behind" in page
    assert "Turn 2: Carla plays" in page and rows(TurnMark) == 1


def test_a_mark_for_a_player_who_left_names_them_and_stores_nothing(web, rows):
    table = start_table(web, names=["Anna", "Ben", "Carla", "Dan"])
    set_rules(web, table, {"wait_after_spread": 2})
    ids = player_ids(web, table)
    web.post(f"/t/{table}/players", {"action": "leave", "player": ids["Dan"]})
    page = plain(text(mark(web, table, f"spread-{ids['Dan']}", 0, headers=HX)))
    assert "Dan has left the table: nothing was marked." in page and rows(TurnMark) == 0


def test_a_change_of_seating_clears_the_marks_of_the_hand_in_play(web, rows):
    table = start_table(web)
    set_rules(web, table, {"wait_after_spread": 2})
    ids = player_ids(web, table)
    mark(web, table, f"spread-{ids['Carla']}", 0)
    assert rows(TurnMark) == 1
    web.post(f"/t/{table}/players", {"action": "down", "player": ids["Anna"]})
    assert rows(TurnMark) == 0
    assert "Turn 1:" in plain(table_page(web, table))


def test_enter_in_a_total_box_checks_the_payout_not_a_count(web):
    table = start_table(web)
    page = text(web.get(f"/t/{table}/hands/new/drop"))
    form = page.split('id="hand-form"')[1]
    # The browser's Enter presses the form's first submit button.
    first = re.search(r'<button type="submit"([^>]*)>([^<]*)</button>', form)
    assert first.group(2) == "Check the payout" and 'name="for"' not in first.group(1)


def test_a_mark_answers_htmx_with_the_deal_only(web):
    table = start_table(web)
    set_rules(web, table, {"wait_after_spread": 2})
    answer = mark(web, table, "turn", 0, headers=HX)
    assert answer.status_code == 200
    page = text(answer)
    assert page.lstrip().startswith('<section class="deal card" id="deal"')
    assert "Turn 2: Carla plays" in plain(page) and "Next turn" in page


def test_a_nonsense_mark_is_refused_and_stores_nothing(web, rows):
    table = start_table(web)
    for value in ("spread-999999", "dance", "hit-", ""):
        assert mark(web, table, value, 0).status_code == 400
    assert rows(TurnMark) == 0


def test_a_drop_by_a_waiting_player_is_refused_then_recorded_with_a_note(web, rows):
    table = start_table(web)
    set_rules(web, table, {"wait_after_spread": 3})
    ids = player_ids(web, table)
    mark(web, table, f"spread-{ids['Ben']}", 0)  # on Ben's turn 1
    form_page = plain(text(web.get(f"/t/{table}/hands/new/drop")))
    assert "Ben may not drop on their next 3 turns" in form_page
    for seen in (1, 2, 3):
        mark(web, table, "turn", seen)  # Ben's turn 4, the first after the spread
    form_page = plain(text(web.get(f"/t/{table}/hands/new/drop")))
    assert "Ben may not drop this turn or on their next 2 turns" in form_page

    refused = preview_hand(web, table, DROP)
    page = text(refused)
    assert set(errors(page)) == {"player-error"}
    assert error_beside(page, "player").startswith(
        "Ben may not drop yet: Ben laid a new spread and waits 3 more turns "
        "(house rule: must wait 3 turns after laying a spread)."
    )
    assert 'name="override"' in page and "Save hand" not in page
    assert form_fields(page)[f"total_{ids['Carla']}"] == "12"  # what was typed stays
    assert rows(Hand) == 0

    url = f"/t/{table}/hands/new/drop"
    preview = web.resubmit(refused, url, {"override": "y"})
    assert "Save hand" in text(preview), errors(text(preview))
    saved = web.resubmit(preview, url, {"save": "1"})
    assert saved.status_code == 303 and rows(Hand) == 1
    # The same Save sent again (the answer was lost on the way) says the hand is saved, though
    # the marks that made the override are gone with it; nothing is stored twice.
    assert "Hand 1 saved." in plain(table_page(web, table))
    again = web.resubmit(preview, url, {"save": "1"})
    assert again.status_code == 303 and rows(Hand) == 1
    assert "Hand 1 saved." in plain(table_page(web, table))
    note = (
        "Ben dropped with 3 more turns to wait (house rule: must wait 3 turns after laying a "
        "spread); the scorekeeper recorded it anyway."
    )
    assert note in plain(text(web.get(f"/t/{table}/hands/1")))
    assert note in plain(text(web.get(f"/t/{table}/hands/")))
    # The next hand starts with no marks: nobody waits.
    assert "Turn 1:" in plain(table_page(web, table))
    assert "may not drop" not in plain(table_page(web, table))


def test_plays_now_moves_the_turn_and_the_skipped_player_loses_it(web, rows):
    table = start_table(web)
    set_rules(web, table, {"wait_after_hit": 1, "slapping": True})
    ids = player_ids(web, table)
    page = table_page(web, table)
    assert f'value="plays-{ids["Ben"]}"' not in page  # Ben plays turn 1 already
    assert f'value="plays-{ids["Anna"]}"' in page and "plays now" in page
    mark(web, table, f"hit-{ids['Anna']}", 0)  # Ben hits Anna's spread on turn 1
    mark(web, table, f"plays-{ids['Carla']}", 1)  # and Carla slaps: Carla plays turn 2
    mark(web, table, f"plays-{ids['Ben']}", 2)  # Ben slaps Carla's discard: Anna skipped
    page = plain(table_page(web, table))
    assert "Turn 3: Ben plays" in page and rows(TurnMark) == 3
    # Anna had no turn: her wait still holds her next one.
    assert "Anna may not drop on their next turn: had a spread hit" in page


OUT_OF_TURN = {"kind": "drop", "player": "Carla", "totals": {"Anna": 9, "Ben": 12, "Carla": 3}}


def test_a_drop_out_of_turn_is_refused_then_recorded_with_a_note(web, rows):
    table = start_table(web)
    set_rules(web, table, {"hit_blocks_laydown": True})  # the referee follows the turns
    mark(web, table, f"spread-{player_ids(web, table)['Ben']}", 0)  # the panel is in use
    refused = preview_hand(web, table, OUT_OF_TURN)  # Ben's turn 1
    page = text(refused)
    assert set(errors(page)) == {"player-error"}
    assert error_beside(page, "player") == (
        "Carla may not drop now: it is Ben's turn (house rule: only the player whose turn "
        "it is may drop, before drawing). If the table agrees to let it stand, tick "
        "'Record it anyway'."
    )
    assert 'name="override"' in page and rows(Hand) == 0
    url = f"/t/{table}/hands/new/drop"
    preview = web.resubmit(refused, url, {"override": "y"})
    saved = web.resubmit(preview, url, {"save": "1"})
    assert saved.status_code == 303 and rows(Hand) == 1
    note = (
        "Carla dropped on Ben's turn (house rule: only the player whose turn it is may drop, "
        "before drawing); the scorekeeper recorded it anyway."
    )
    assert note in plain(text(web.get(f"/t/{table}/hands/1")))


def test_a_drop_stands_when_the_turn_panel_was_not_used_in_the_hand(web, rows):
    # With no mark, the referee does not know whose turn it is (2.9): Carla's drop stands.
    table = start_table(web)
    set_rules(web, table, {"wait_after_spread": 3})
    enter_hand(web, table, OUT_OF_TURN)
    assert rows(Hand) == 1
    assert "the scorekeeper recorded it anyway" not in plain(text(web.get(f"/t/{table}/hands/1")))


def test_a_drop_out_of_turn_stands_when_drops_come_at_any_time(web, rows):
    table = start_table(web)
    set_rules(web, table, {"hit_blocks_laydown": True, "drop_when": "any_time"})
    enter_hand(web, table, OUT_OF_TURN)
    assert rows(Hand) == 1


def test_fixing_the_dropper_drops_the_note_about_the_old_one(web, rows):
    table = start_table(web)
    set_rules(web, table, {"wait_after_spread": 3})
    ids = player_ids(web, table)
    mark(web, table, f"spread-{ids['Ben']}", 0)
    for seen in (1, 2, 3):
        mark(web, table, "turn", seen)  # Ben's turn 4, held
    url = f"/t/{table}/hands/new/drop"
    preview = web.resubmit(preview_hand(web, table, DROP), url, {"override": "y"})
    web.resubmit(preview, url, {"save": "1"})
    assert "Ben dropped" in plain(text(web.get(f"/t/{table}/hands/1")))
    edit = f"/t/{table}/hands/1/edit"
    fixed = web.submit(edit, {"player": ids["Anna"], f"total_{ids['Anna']}": "1"})
    assert web.resubmit(fixed, edit, {"save": "1"}).status_code == 303
    assert "Ben dropped" not in plain(text(web.get(f"/t/{table}/hands/1")))


def test_a_player_who_may_drop_is_not_held(web, rows):
    table = start_table(web)
    set_rules(web, table, {"wait_after_spread": 3})
    ids = player_ids(web, table)
    mark(web, table, f"spread-{ids['Carla']}", 0)  # Carla's turn 2
    mark(web, table, "turn", 1)
    mark(web, table, "turn", 2)  # Ben's turn 4: his to drop on
    enter_hand(web, table, DROP)
    assert rows(Hand) == 1


def test_the_watcher_sees_the_waits_but_no_buttons(app, web):
    from tests.test_access import browser, new_table

    table = new_table(app)
    keeper = browser(app, table, "scorekeeper")
    watcher = browser(app, table, "watch")
    set_rules(type(web)(keeper), table.id, {"wait_after_spread": 2})
    page = text(watcher.get(f"/t/{table.id}"))
    assert "Turn 1:" in plain(page) and "Next turn" not in page and "laid a spread" not in page
    assert "Next turn" in text(keeper.get(f"/t/{table.id}"))


# Ask the referee


def test_the_ask_page_answers_from_this_tables_rules(web):
    table = start_table(web)
    page = plain(text(web.get(f"/t/{table}/ask")))
    for answer in answers(HouseRules()):
        assert answer.question in page and plain(html.escape(answer.answer)) in page
    set_rules(web, table, {"drop_when": "any_time"})
    changed = plain(text(web.get(f"/t/{table}/ask")))
    after = answers(HouseRules(drop_when="any_time"))[0]
    assert after.answer in changed and after.answer not in page


# One tap from every table page


@pytest.mark.parametrize(
    "path",
    [
        "",
        "/rules",
        "/hands/",
        "/settle-up",
        "/count",
        "/spread",
        "/ask",
        "/players",
        "/share",
        "/hands/new/drop",
        "/rules/edit",
    ],
)
def test_every_table_page_links_the_referee_and_says_whose_deal_it_is(web, path):
    table = start_table(web)
    page = text(web.get(f"/t/{table}{path}"))
    for target in ("count", "spread", "ask"):
        assert f'href="/t/{table}/{target}"' in page, (path, target)
    words = plain(page)
    assert "Deals: Anna · plays first: Ben" in words or "Anna deals" in words
