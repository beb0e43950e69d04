"""The door a phone sends its kept hands to (referee/web/pages/queued.py): once per one-time key,
a CSRF token asked for at send time, refusals as words by field, Tonk and Tongits alike."""

import json

from referee.store.models import Hand
from tests.conftest import csrf_token
from tests.test_pages import hand_fields, player_ids, set_rules, start_table
from tests.test_tongits_tables import game_fields, start_tongits

KEY = "kept-on-the-phone-0001"


def token(web, table: int) -> str:
    answer = web.get(f"/t/{table}/hands/queued/")
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "no-store"
    return answer.get_json()["csrf_token"]


def send(web, table: int, kind: str, fields: dict, *, key: str = KEY, csrf: str | None = None):
    headers = {"X-CSRFToken": csrf or token(web, table)}
    data = {**fields, "entry_key": key}
    return web.client.post(f"/t/{table}/hands/queued/{kind}", data=data, headers=headers)


def stock_out(web, table: int, **totals: int) -> dict:
    return hand_fields(player_ids(web, table), {"totals": totals})


def test_a_kept_hand_is_entered_once_whatever_the_number_of_sends(web, rows):
    table = start_table(web)
    fields = stock_out(web, table, Anna=3, Ben=8, Carla=12)
    answers = [send(web, table, "stock_out", fields) for _ in range(3)]
    assert [(a.status_code, a.get_json()) for a in answers] == [(200, {"no": 1})] * 3
    assert rows(Hand) == 1
    second = send(
        web, table, "stock_out", stock_out(web, table, Anna=9, Ben=2, Carla=5), key=KEY + "b"
    )
    assert second.get_json() == {"no": 2}
    assert rows(Hand) == 2


def test_a_resend_after_the_rules_changed_is_answered_with_the_hand_it_entered(web, rows):
    table = start_table(web)
    set_rules(web, table, {"double_double_pays": 4})
    fields = {"player": player_ids(web, table)["Ben"]}
    assert send(web, table, "double_double", fields).get_json() == {"no": 1}
    set_rules(web, table, {"double_double_pays": ""})  # no longer played here
    again = send(web, table, "double_double", fields)
    assert (again.status_code, again.get_json()) == (200, {"no": 1})
    assert rows(Hand) == 1


def test_the_deal_goes_to_whoever_is_next_unless_a_dealer_was_chosen(web):
    table = start_table(web)  # Anna deals first
    ids = player_ids(web, table)
    send(web, table, "stock_out", stock_out(web, table, Anna=3, Ben=8, Carla=12), key=KEY + "1")
    chosen = {**stock_out(web, table, Anna=3, Ben=8, Carla=12), "dealer": ids["Anna"]}
    send(web, table, "stock_out", chosen, key=KEY + "2")
    hands = json.loads(web.get(f"/t/{table}/export.json").get_data())["hands"]
    assert [hand["dealer"] for hand in hands] == ["Anna", "Anna"]


def test_a_refusal_is_answered_in_words_by_field_and_stores_nothing(web, rows):
    table = start_table(web)
    answer = send(web, table, "stock_out", stock_out(web, table, Anna=3, Ben=8))
    assert answer.status_code == 422
    assert answer.get_json() == {
        "refused": {"totals": "Carla's total is missing; a stock ran out needs everyone's total"}
    }
    assert rows(Hand) == 0


def test_a_key_sent_again_with_another_hand_is_refused_and_stores_nothing(web, rows):
    """Issue 13: the key of a kept hand sent with another outcome is no resend of it, and
    was answered with the first hand as if saved; it is refused, saying where it went."""
    table = start_table(web)
    send(web, table, "stock_out", stock_out(web, table, Anna=3, Ben=8, Carla=12))
    again = send(web, table, "stock_out", stock_out(web, table, Anna=30, Ben=8, Carla=12))
    assert (again.status_code, again.get_json()) == (
        422,
        {
            "refused": {
                "entry_key": "this entry was already saved as hand 1, with another outcome; "
                "to change it, edit hand 1"
            }
        },
    )
    other_kind = send(web, table, "tonk_out", {"player": player_ids(web, table)["Ben"]})
    assert other_kind.status_code == 422
    assert rows(Hand) == 1


def test_a_resend_after_a_player_left_is_answered_with_the_hand_it_entered(web, rows):
    """The resend is read with the hand's own players: Carla's total box is gone from the
    table's form now, but the kept form still holds it, and it is the same hand."""
    table = start_table(web, names=["Anna", "Ben", "Carla", "Dan"])
    fields = stock_out(web, table, Anna=3, Ben=8, Carla=12, Dan=5)
    assert send(web, table, "stock_out", fields).get_json() == {"no": 1}
    ids = player_ids(web, table)
    assert (
        web.post(f"/t/{table}/players", {"action": "leave", "player": ids["Carla"]}).status_code
        == 302
    )
    again = send(web, table, "stock_out", fields)
    assert (again.status_code, again.get_json()) == (200, {"no": 1})
    assert rows(Hand) == 1


def test_a_hand_without_its_key_is_never_stored(web, rows):
    table = start_table(web)
    fields = stock_out(web, table, Anna=3, Ben=8, Carla=12)
    answer = send(web, table, "stock_out", fields, key="short")
    assert answer.status_code == 422
    assert answer.get_json() == {
        "refused": {"entry_key": "This hand has no one-time key: enter it again."}
    }
    assert rows(Hand) == 0


def test_a_kind_these_rules_no_longer_play_is_a_refusal_not_a_404(web):
    table = start_table(web)
    answer = send(web, table, "bisaklat", {})
    assert answer.status_code == 422
    assert answer.get_json()["refused"]["form"].startswith("These house rules no longer play")


def test_without_a_csrf_token_nothing_is_stored(web, rows):
    table = start_table(web)
    answer = send(web, table, "stock_out", stock_out(web, table, Anna=3, Ben=8, Carla=12), csrf="x")
    assert answer.status_code == 400
    assert rows(Hand) == 0


def test_a_phone_without_the_scorekeeper_link_cannot_send(app, web, rows):
    table = start_table(web)
    stranger = app.test_client()
    assert stranger.get(f"/t/{table}/hands/queued/").status_code == 404
    own_token = csrf_token(stranger.get("/").get_data(as_text=True))
    fields = {**stock_out(web, table, Anna=3, Ben=8, Carla=12), "entry_key": KEY}
    answer = stranger.post(
        f"/t/{table}/hands/queued/stock_out", data=fields, headers={"X-CSRFToken": own_token}
    )
    assert answer.status_code == 404
    assert rows(Hand) == 0


def test_a_tongits_game_kept_offline_is_entered(web):
    table = start_tongits(web)
    ids = player_ids(web, table)
    fields = game_fields(ids, {"player": "Anna", "totals": {"Ben": 10, "Carla": 20}})
    answer = send(web, table, "tongits", fields)
    assert (answer.status_code, answer.get_json()) == (200, {"no": 1})


def test_the_service_worker_is_served_from_the_root_and_revalidated(client):
    with client.get("/sw.js") as answer:  # a file's answer is streamed: closed here
        answer.get_data()
    assert answer.status_code == 200
    assert answer.mimetype == "text/javascript"
    assert answer.headers["Cache-Control"] == "no-cache"
    assert b"tonk-referee-pages-v1" in answer.data
