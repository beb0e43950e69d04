"""One status line, always current (issue 23): the top of the table page says in one line
what is in force for the next hand (how the table scores, the game and the hand, the stake;
for Tongits the game, the pot and the run) and who deals; a hand saved in place, a watching
phone's update and a change of rules bring it up to date."""

from tests.test_games import points_night
from tests.test_pages import (
    HX,
    enter_hand,
    plain,
    preview_hand,
    set_rules,
    start_table,
    status,
    table_page,
    text,
)
from tests.test_tongits_tables import FIRST, enter_game, start_tongits

OUT = {"kind": "out", "player": "Anna"}
FILIPINO = {"Accept-Language": "fil-PH,fil;q=0.9,en;q=0.8"}


def test_before_the_first_hand_the_line_says_hand_1_the_stake_and_the_deal(web):
    table = start_table(web)
    assert (
        status(table_page(web, table)) == "Chips · Hand 1 · 1 chip · Deals: Anna · plays first: Ben"
    )


def test_in_chips_the_line_counts_the_hands_of_the_night(web):
    table = start_table(web)
    enter_hand(web, table, OUT)
    enter_hand(web, table, OUT)
    # The deal passes to the left after every hand.
    assert status(table_page(web, table)) == (
        "Chips · Hand 3 · 1 chip · Deals: Carla · plays first: Anna"
    )


def test_in_points_the_line_says_the_game_and_the_hand_of_the_game(web):
    table = points_night(web)  # three hands of 3: game 1 is over
    enter_hand(web, table, {**OUT, "totals": {"Ben": 7, "Carla": 12}})
    assert status(table_page(web, table)) == (
        "Points · Game 2 · Hand 2 of 3 · 1 chip · Deals: Ben · plays first: Carla"
    )


def test_a_change_of_stake_is_in_the_line_from_the_next_hand(web):
    table = start_table(web)
    set_rules(web, table, {"stake": "0.50", "unit": "$"})  # the unit: before the first hand
    assert status(table_page(web, table)) == (
        "Chips · Hand 1 · 0.50 $ · Deals: Anna · plays first: Ben"
    )
    enter_hand(web, table, OUT)
    set_rules(web, table, {"stake": "2"})
    assert (
        status(table_page(web, table)) == "Chips · Hand 2 · 2 $ · Deals: Ben · plays first: Carla"
    )


def test_a_hand_saved_in_place_brings_the_line_to_the_next_hand_and_dealer(web):
    table = start_table(web)
    enter_hand(web, table, OUT)
    url = f"/t/{table}/hands/new/out"
    preview = preview_hand(web, table, OUT, url, headers=HX)
    saved = web.resubmit(preview, url, {"save": "1", "inline": "1"}, headers=HX)
    assert saved.status_code == 200
    # The deal card, with its line, is swapped in out of band with the tally.
    assert 'id="deal" aria-label="The deal" hx-swap-oob="true"' in text(saved)
    assert status(text(saved)) == "Chips · Hand 3 · 1 chip · Deals: Carla · plays first: Anna"


def test_a_watching_phone_gets_the_line_with_the_deal(web):
    table = start_table(web)
    enter_hand(web, table, OUT)
    update = text(web.get(f"/t/{table}/live"))
    assert status(update) == "Chips · Hand 2 · 1 chip · Deals: Ben · plays first: Carla"


def test_tongits_says_the_game_the_stake_the_pot_and_the_run(web):
    table = start_tongits(web)
    assert status(table_page(web, table)) == (
        "Game 1 · 1 chip · Pot 0 chips · Deals (13 cards) and discards first: Anna"
    )
    enter_game(web, table, FIRST)  # Ben's draw: the pot holds the antes, Ben's run is 1
    assert status(table_page(web, table)) == (
        "Game 2 · 1 chip · Pot 3 chips · Ben's run: 1 win · "
        "Deals (13 cards) and discards first: Ben"
    )


def test_the_line_speaks_filipino(web):
    table = start_tongits(web)
    enter_game(web, table, FIRST)
    page = text(web.get(f"/t/{table}", headers=FILIPINO))
    assert status(page) == (
        "Laro 2 · 1 chip · Pot 3 chips · Sunod-sunod na panalo ni Ben: 1 · "
        "Magdi-deal (13 baraha) at unang magtatapon: Ben"
    )
    table = start_table(web)
    page = text(web.get(f"/t/{table}", headers=FILIPINO))
    assert plain(status(page)).startswith("Chips · Hand 1 · 1 chip · Magdi-deal: Anna")
