"""A hand's line says who did what: a drop names its dropper, their total and how it
went, in the history, the table's recent hands and the hand's page (issue 12, item 3)."""

from tests.test_pages import enter_hand, hand_lines, plain, start_table, table_page, text

ABCD = ["Anna", "Ben", "Carla", "Dan"]
# Ben drops on 10; Anna (6) and Dan (3) beat him: caught, and the line used to name them.
BEN_CAUGHT = {
    "kind": "drop",
    "player": "Ben",
    "totals": {"Anna": 6, "Ben": 10, "Carla": 12, "Dan": 3},
}
BEN_WON = {"kind": "drop", "player": "Ben", "totals": {"Anna": 6, "Ben": 2, "Carla": 12, "Dan": 3}}
ANNA_OUT = {"kind": "tonk_out", "player": "Anna"}


def test_a_caught_drop_names_the_dropper_everywhere_it_is_listed(web):
    table = start_table(web, ABCD)
    enter_hand(web, table, BEN_CAUGHT)
    enter_hand(web, table, BEN_WON)
    enter_hand(web, table, ANNA_OUT)

    history = hand_lines(text(web.get(f"/t/{table}/hands/")))
    assert history == {
        1: "hand | #1 Ben dropped on 10 and was caught",
        2: "hand | #2 Ben dropped on 2 and won",
        3: "hand | #3 Tonk out: Anna",
    }
    assert hand_lines(table_page(web, table)) == history
    page = plain(text(web.get(f"/t/{table}/hands/1")))
    assert "Ben dropped on 10 and was caught. Dealt by Anna." in page


def test_a_void_drop_keeps_its_words_and_says_void(web):
    table = start_table(web, ABCD)
    enter_hand(web, table, BEN_CAUGHT)
    web.post(f"/t/{table}/hands/1/void", {"version": "1"}, page=f"/t/{table}/hands/1/void")
    assert hand_lines(text(web.get(f"/t/{table}/hands/"))) == {
        1: "hand void | #1 Ben dropped on 10 and was caught (void)"
    }
