"""Fewer taps a hand (issue 23, item 9): the form answers for the table what the deal or the
turn makes likely, in words beside the answer, and never over an answer sent; each player's
box carries the most points it can hold (its `max`) and its keypad key (Next, Done on the
last), which static/next-box.js reads to move on by itself. A drop's "caught" is never asked:
the totals decide it. The browser side is tests/e2e/test_fewer_taps.py."""

import re

from referee.store.models import Hand
from tests.test_pages import (
    HX,
    enter_hand,
    error_beside,
    plain,
    player_ids,
    set_rules,
    start_table,
    text,
)
from tests.test_referee_pages import mark

FOUR = ["Anna", "Ben", "Carla", "Dan"]


def checked(page: str, name: str) -> list[str]:
    """The values of the checked radio buttons named `name`."""
    return re.findall(rf'<input type="radio" id="[^"]+" name="{name}" value="(\d+)" checked>', page)


def boxes(page: str, key: str = "total") -> list[tuple[str, str, str]]:
    """Each player's box of one kind (totals, a bonus) as (player id, max, enterkeyhint)."""
    shown = []
    for box in re.findall(rf'<input [^>]*id="{key}_\d+"[^>]*>', page):
        pid = re.search(rf'id="{key}_(\d+)"', box).group(1)
        most = re.search(r'max="(\d+)"', box).group(1)
        shown.append((pid, most, re.search(r'enterkeyhint="(\w+)"', box).group(1)))
    return shown


def drop_form(web, table: int, kind: str = "drop") -> str:
    return text(web.get(f"/t/{table}/hands/new/{kind}", headers=HX))


def test_a_drop_form_chooses_who_plays_first_and_says_so(web):
    table = start_table(web, FOUR)  # Anna deals, Ben plays first
    ids = player_ids(web, table)
    page = drop_form(web, table)
    assert checked(page, "player") == [ids["Ben"]]
    assert "Ben plays first: chosen as the dropper. Tap another if someone else dropped." in plain(
        page
    )
    assert 'data-counted="presumed"' in page  # undone on a phone keeping hands
    assert "caught" not in plain(page).lower()  # the totals decide it: never asked
    # A drop asks totals: nothing to preview until they are typed.
    assert 'hx-trigger="input delay:500ms from:closest form"' in page


def test_the_next_hand_chooses_the_next_first_player(web):
    table = start_table(web, FOUR)
    ids = player_ids(web, table)
    enter_hand(web, table, {"kind": "out", "player": "Dan"})  # Ben deals now, Carla first
    page = drop_form(web, table)
    assert checked(page, "player") == [ids["Carla"]]
    assert "Carla plays first: chosen as the dropper." in plain(page)


def test_an_out_is_chosen_only_from_the_marked_turn_and_previews_itself(web):
    table = start_table(web, FOUR)
    for kind in ("out", "tonk_out"):
        page = drop_form(web, table, kind)
        assert checked(page, "player") == []  # who plays first is no guess at who went out
        assert "chosen as" not in page
    set_rules(web, table, {"wait_after_spread": 1})
    ids = player_ids(web, table)
    mark(web, table, "turn", 0)  # Ben's turn passes: Carla plays
    for kind in ("out", "tonk_out"):
        page = drop_form(web, table, kind)
        assert checked(page, "player") == [ids["Carla"]]
        assert (
            "It is Carla's turn: chosen as the winner. Tap another if someone else went out."
            in plain(page)
        )
        # Nothing else to answer in chips: the payout is asked for as the form opens.
        assert 'hx-trigger="input delay:500ms from:closest form, load"' in page
    page = drop_form(web, table)
    assert checked(page, "player") == [ids["Carla"]]
    assert "It is Carla's turn: chosen as the dropper." in plain(page)


def test_a_turn_followed_for_lay_downs_alone_chooses_too(web):
    table = start_table(web, FOUR)
    set_rules(web, table, {"hit_blocks_laydown": True})  # a drop is never refused here
    ids = player_ids(web, table)
    mark(web, table, f"plays-{ids['Dan']}", 0)  # a slap: Dan plays now
    assert checked(drop_form(web, table), "player") == [ids["Dan"]]


def test_an_answer_sent_is_never_replaced_by_the_choice(web, rows):
    table = start_table(web, FOUR)
    url = f"/t/{table}/hands/new/drop"
    ids = player_ids(web, table)
    typed = zip(ids.values(), (31, 12, 6, 44), strict=True)
    totals = {f"total_{pid}": str(total) for pid, total in typed}
    # The scorekeeper unticks nothing in a browser, but a form sent without a dropper (a
    # script, an old copy) is refused, not given Ben.
    refused = web.resubmit(web.get(url), url, {"player": None, **totals})
    assert error_beside(text(refused), "player") == "say who dropped"
    assert checked(text(refused), "player") == []
    assert "chosen as" not in text(refused)
    other = web.resubmit(web.get(url), url, {"player": ids["Carla"], **totals})
    assert checked(text(other), "player") == [ids["Carla"]]
    assert "chosen as" not in text(other)  # Carla is the scorekeeper's answer
    assert rows(Hand) == 0


def test_a_fix_chooses_nothing(web):
    table = start_table(web, FOUR)
    ids = player_ids(web, table)
    enter_hand(
        web,
        table,
        {"kind": "drop", "player": "Dan", "totals": {"Anna": 31, "Ben": 12, "Carla": 6, "Dan": 44}},
    )
    page = text(web.get(f"/t/{table}/hands/1/edit"))
    assert checked(page, "player") == [ids["Dan"]]  # as entered
    assert "chosen as" not in page


def row(ids: list[str], most: str) -> list[tuple[str, str, str]]:
    """The boxes of a row of players, each holding at most `most`: Next, Done on the last."""
    return [(pid, most, "done" if pid == ids[-1] else "next") for pid in ids]


def test_each_box_holds_at_most_what_a_player_can_hold_and_says_next_then_done(web):
    table = start_table(web, FOUR)
    ids = list(player_ids(web, table).values())
    assert boxes(drop_form(web, table)) == row(ids, "50")  # five ten-point cards
    assert boxes(drop_form(web, table, "deal_tonk")) == row(ids, "50")
    set_rules(web, table, {"drop_when": "any_time"})  # a dropper may hold a sixth card
    assert boxes(drop_form(web, table)) == row(ids, "60")
    assert boxes(drop_form(web, table, "stock_out")) == row(ids, "50")
    set_rules(web, table, {"hand_size": 7})
    assert boxes(drop_form(web, table, "stock_out")) == row(ids, "70")


def test_a_tongits_games_boxes_hold_what_a_player_can_and_say_next_then_done(web):
    names = {f"player_{seat}": name for seat, name in enumerate(["Anna", "Ben", "Carla"])}
    started = web.submit(
        "/", {**names, "game": "tongits", "preset": "tongits", "first_dealer": "0"}
    )
    table = int(started.headers["Location"].rpartition("/")[2])
    ids = list(player_ids(web, table).values())
    page = drop_form(web, table, "stock_out")
    # 12 cards between turns and the last card of the stock: 13 tens at most.
    assert boxes(page) == row(ids, "130")
    # The Secrets a player can hold: three four-card melds.
    assert boxes(page, "secret") == row(ids, "3")
    assert "chosen as" not in page  # Tongits chooses nobody: no turns are followed
