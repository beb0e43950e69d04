"""Games in points mode (house rules 2.7) at every door: the table page, the history, the API,
the table's file and the CSV. Every hand here scores at multiplier 1 (an out, a stock out),
so its points are the points held."""

import csv
import io
import re

from referee import exact_json
from tests.test_api_tables import body, enter, new_table, send
from tests.test_pages import (
    enter_hand,
    plain,
    player_ids,
    start_table,
    status,
    table_page,
    tally,
    text,
)

POINTS_3 = {"scoring": "points", "points_target_hands": 3}
HANDS = [
    {"kind": "out", "player": "Ben", "totals": {"Anna": 7, "Carla": 12}},  # 7 0 12
    {"kind": "stock_out", "totals": {"Anna": 2, "Ben": 20, "Carla": 5}},  # 0 20 5
    {"kind": "out", "player": "Carla", "totals": {"Anna": 3, "Ben": 4}},  # 3 4 0
    {"kind": "out", "player": "Anna", "totals": {"Ben": 5, "Carla": 6}},  # 0 5 6
]
# Hand 3 fixed: Anna held 30, so Carla's 17 is now game 1's lowest.
FIXED_3 = {"kind": "out", "player": "Carla", "totals": {"Anna": 30, "Ben": 4}}
GAME_2 = {
    "game": 2,
    "hands": [4],
    "hands_in_game": 3,
    "scores": {"Anna": 0, "Ben": 5, "Carla": 6},
    "over": False,
    "winners": [],
}
GAMES = [
    {
        "game": 1,
        "hands": [1, 2, 3],
        "hands_in_game": 3,
        "scores": {"Anna": 10, "Ben": 24, "Carla": 17},
        "over": True,
        "winners": ["Anna"],
    },
    GAME_2,
]


def set_points_rules(web, table, changes):
    response = web.submit(f"/t/{table}/rules/edit", {k: str(v) for k, v in changes.items()})
    assert response.status_code == 302


def games_won(page: str) -> dict[str, int]:
    """The tally's 'Games won' column: {player: games won}."""
    rows = re.findall(
        r'<th scope="row">(.*?)</th>\s*<td class="num[^"]*">.*?</td><td class="num">(\d+)</td>',
        page,
        flags=re.S,
    )
    return {plain(name): int(won) for name, won in rows}


def points_night(web) -> int:
    table = start_table(web)
    set_points_rules(web, table, POINTS_3)
    for hand in HANDS[:3]:
        enter_hand(web, table, hand)
    return table


# The table page and the history


def test_after_the_last_hand_the_winner_is_announced_and_the_next_game_starts_at_0(web):
    table = start_table(web)
    set_points_rules(web, table, POINTS_3)
    enter_hand(web, table, HANDS[0])
    enter_hand(web, table, HANDS[1])
    page = table_page(web, table)
    assert status(page).startswith("Points · Game 1 · Hand 3 of 3 · 1 chip ·")
    assert "Leading (lowest score): Anna." in plain(page)
    assert "over" not in plain(page)

    enter_hand(web, table, HANDS[2])
    page = table_page(web, table)
    assert (
        "Game 1 over: Anna wins with 10. The next hand starts game 2 with every score at 0."
        in plain(page)
    )
    assert status(page).startswith("Points · Game 2 · Hand 1 of 3 · 1 chip ·")
    assert tally(page) == {"Anna": 0, "Ben": 0, "Carla": 0}
    assert games_won(page) == {"Anna": 1, "Ben": 0, "Carla": 0}
    assert "Leading" not in plain(page)

    enter_hand(web, table, HANDS[3])
    page = table_page(web, table)
    assert "The next hand starts" not in plain(page)  # the latest hands still say it
    assert status(page).startswith("Points · Game 2 · Hand 2 of 3 · 1 chip ·")
    assert "Leading (lowest score): Anna." in plain(page)
    assert tally(page) == {"Anna": 0, "Ben": 5, "Carla": 6}

    history = plain(text(web.get(f"/t/{table}/hands/")).split("</main>")[0])  # not the footer
    assert "#4 Out by discarding: Anna" in history
    assert "Game 2 · hand 1 of 3" in history
    assert "Game 1 · hand 3 of 3. Game 1 over: Anna wins with 10" in history
    assert history.endswith(
        "Game 1 · hand 2 of 3 #1 Out by discarding: Ben Anna scores 7Ben "
        "scores 0Carla scores 12 Game 1 · hand 1 of 3"
    )


def test_a_shared_lowest_score_shares_the_win(web):
    table = start_table(web)
    set_points_rules(web, table, {"scoring": "points", "points_target_hands": 2})
    enter_hand(web, table, {"kind": "out", "player": "Ben", "totals": {"Anna": 5, "Carla": 9}})
    enter_hand(web, table, {"kind": "out", "player": "Anna", "totals": {"Ben": 5, "Carla": 1}})
    page = table_page(web, table)
    assert "Game 1 over: Anna and Ben share the win with 5." in plain(page)
    assert games_won(page) == {"Anna": 1, "Ben": 1, "Carla": 0}


def test_a_player_who_sits_in_during_a_game_is_scored_but_not_its_winner(web):
    table = start_table(web)
    set_points_rules(web, table, {"scoring": "points", "points_target_hands": 2})
    enter_hand(web, table, {"kind": "out", "player": "Ben", "totals": {"Anna": 5, "Carla": 9}})
    players = f"/t/{table}/players"
    assert web.submit(players, {"action": "sit_in", "name": "Dan"}).status_code == 302
    last = {"kind": "out", "player": "Anna", "totals": {"Ben": 6, "Carla": 1, "Dan": 2}}
    enter_hand(web, table, last)
    page = table_page(web, table)
    # Dan's 2 is the lowest score, but he played one hand of two: Anna wins on 5.
    assert "Game 1 over: Anna wins with 5." in plain(page)
    assert games_won(page) == {"Anna": 1, "Ben": 0, "Carla": 0, "Dan": 0}


def test_draws_count_as_hands_of_a_game(web):
    table = start_table(web)
    set_points_rules(web, table, {"scoring": "points", "points_target_hands": 2})
    enter_hand(web, table, {"kind": "stock_out", "totals": {"Anna": 2, "Ben": 2, "Carla": 9}})
    assert status(table_page(web, table)).startswith("Points · Game 1 · Hand 2 of 2 ·")
    enter_hand(web, table, {"kind": "out", "player": "Carla", "totals": {"Anna": 3, "Ben": 4}})
    assert "Game 1 over: Carla wins with 0." in plain(table_page(web, table))


def test_editing_a_hand_of_a_finished_game_changes_its_winner_and_a_void_moves_its_end(web):
    table = points_night(web)
    enter_hand(web, table, HANDS[3])
    enter_hand(web, table, FIXED_3, url=f"/t/{table}/hands/3/edit")
    page = table_page(web, table)
    # Game 1 is Anna 37, Ben 24, Carla 17 now; game 2 keeps its own hand.
    assert status(page).startswith("Points · Game 2 · Hand 2 of 3 ·")
    assert tally(page) == {"Anna": 0, "Ben": 5, "Carla": 6}
    assert games_won(page) == {"Anna": 0, "Ben": 0, "Carla": 1}
    history = plain(text(web.get(f"/t/{table}/hands/")))
    assert "Game 1 over: Carla wins with 17" in history

    # Hand 2 voided: game 1 is hands 1, 3 and 4 (Anna 37, Ben 9, Carla 18), game 2 has none.
    response = web.post(
        f"/t/{table}/hands/2/void", {"version": "1"}, page=f"/t/{table}/hands/2/void"
    )
    assert response.status_code == 303
    page = table_page(web, table)
    assert (
        "Game 1 over: Ben wins with 9. The next hand starts game 2 with every score at 0."
        in plain(page)
    )
    assert status(page).startswith("Points · Game 2 · Hand 1 of 3 ·")
    assert tally(page) == {"Anna": 0, "Ben": 0, "Carla": 0}
    assert games_won(page) == {"Anna": 0, "Ben": 1, "Carla": 0}


def test_without_a_number_of_hands_one_game_runs_all_night(web):
    table = start_table(web)
    set_points_rules(web, table, {"scoring": "points"})
    for hand in HANDS:
        enter_hand(web, table, hand)
    page = table_page(web, table)
    assert tally(page) == {"Anna": 10, "Ben": 29, "Carla": 23}
    assert "Game" not in plain(page) and "Games won" not in page
    assert "Leading (lowest score): Anna." in plain(page)


def test_the_rules_sheet_says_a_change_of_the_number_applies_to_the_game_in_play(web):
    table = start_table(web)
    set_points_rules(web, table, POINTS_3)
    sheet = plain(text(web.get(f"/t/{table}/rules")))
    assert "A change of the number of hands applies to the game in play." in sheet


# The API


def test_the_api_answers_the_games_and_recomputes_them_after_an_edit_and_a_void(client):
    table_id, token, _ = new_table(client, rules=POINTS_3)
    for hand in HANDS:
        assert enter(client, table_id, token, hand).status_code == 201
    url = f"/api/tables/{table_id}"
    assert body(send(client, "GET", url, token=token))["games"] == GAMES

    edit = {"outcome": FIXED_3, "version": 1}
    assert send(client, "PUT", f"{url}/hands/3", edit, token).status_code == 200
    first = {**GAMES[0], "scores": {"Anna": 37, "Ben": 24, "Carla": 17}, "winners": ["Carla"]}
    assert body(send(client, "GET", url, token=token))["games"] == [first, GAME_2]

    assert send(client, "DELETE", f"{url}/hands/2", {"version": 1}, token).status_code == 200
    assert body(send(client, "GET", url, token=token))["games"] == [
        {
            "game": 1,
            "hands": [1, 3, 4],
            "hands_in_game": 3,
            "scores": {"Anna": 37, "Ben": 9, "Carla": 18},
            "over": True,
            "winners": ["Ben"],
        }
    ]


def test_without_a_number_of_hands_the_api_has_one_game_in_play(client):
    table_id, token, _ = new_table(client, rules={"scoring": "points"})
    enter(client, table_id, token, HANDS[0])
    assert body(send(client, "GET", f"/api/tables/{table_id}", token=token))["games"] == [
        {
            "game": 1,
            "hands": [1],
            "hands_in_game": None,
            "scores": {"Anna": 7, "Ben": 0, "Carla": 12},
            "over": False,
            "winners": [],
        }
    ]


def test_the_openapi_document_describes_the_games():
    from referee.web.openapi import DOCUMENT

    schemas = DOCUMENT["components"]["schemas"]
    assert set(schemas["Game"]["properties"]) == {
        "game",
        "hands",
        "hands_in_game",
        "scores",
        "over",
        "winners",
    }
    assert "games" in schemas["Table"]["required"]


# The table's file and the CSV


def test_the_file_holds_the_games_and_an_import_rebuilds_them(web):
    table = points_night(web)
    enter_hand(web, table, HANDS[3])
    download = web.get(f"/t/{table}/export.json")
    document = exact_json.loads(download.data)
    assert document["games"] == GAMES

    response = web.post("/import", {"file": (io.BytesIO(download.data), "night.json")})
    assert response.status_code == 303
    copy = int(response.headers["Location"].rsplit("/", 1)[1])
    page = table_page(web, copy)
    assert status(page).startswith("Points · Game 2 · Hand 2 of 3 ·")
    assert games_won(page)["Anna"] == 1
    assert exact_json.loads(web.get(f"/t/{copy}/export.json").data)["games"] == GAMES


def test_a_shared_win_imports_after_its_players_moved_seats(web):
    # The table lists Anna and Ben in its seating of now (Ben first), the hands in theirs
    # of then (Anna first): who shares the win is the same two, and the file imports.
    table = start_table(web)
    set_points_rules(web, table, {"scoring": "points", "points_target_hands": 2})
    enter_hand(web, table, {"kind": "out", "player": "Ben", "totals": {"Anna": 5, "Carla": 9}})
    enter_hand(web, table, {"kind": "out", "player": "Anna", "totals": {"Ben": 5, "Carla": 1}})
    ids = player_ids(web, table)
    web.post(f"/t/{table}/players", {"action": "down", "player": ids["Anna"]})
    document = exact_json.loads(web.get(f"/t/{table}/export.json").data)
    assert [p["name"] for p in document["players"]][:2] == ["Ben", "Anna"]
    assert document["games"][0]["winners"] == ["Ben", "Anna"]
    response = web.post(
        "/import", {"file": (io.BytesIO(exact_json.dumps(document).encode()), "moved.json")}
    )
    assert response.status_code == 303, text(response)
    copy = int(response.headers["Location"].rsplit("/", 1)[1])
    assert "Game 1 over: Ben and Anna share the win with 5." in plain(table_page(web, copy))


def test_a_file_from_before_the_contenders_rule_imports_and_its_games_are_read_now(web):
    """Exported before a game was won only among the players of all its hands, the file
    says Dan, who sat in at hand 2 on the lowest score, won: it imports, and Anna wins."""
    table = start_table(web)
    set_points_rules(web, table, {"scoring": "points", "points_target_hands": 2})
    enter_hand(web, table, {"kind": "out", "player": "Ben", "totals": {"Anna": 5, "Carla": 9}})
    assert web.submit(f"/t/{table}/players", {"action": "sit_in", "name": "Dan"}).status_code == 302
    last = {"kind": "out", "player": "Anna", "totals": {"Ben": 6, "Carla": 1, "Dan": 2}}
    enter_hand(web, table, last)
    document = exact_json.loads(web.get(f"/t/{table}/export.json").data)
    assert document["games"][0]["winners"] == ["Anna"]
    document["games"][0]["winners"] = ["Dan"]  # as the file said then
    response = web.post(
        "/import", {"file": (io.BytesIO(exact_json.dumps(document).encode()), "old.json")}
    )
    assert response.status_code == 303, text(response)
    copy = int(response.headers["Location"].rsplit("/", 1)[1])
    assert "Game 1 over: Anna wins with 5." in plain(table_page(web, copy))
    document["games"][0]["winners"] = ["Carla"]  # neither reading: changed since
    refused = web.post(
        "/import", {"file": (io.BytesIO(exact_json.dumps(document).encode()), "bad.json")}
    )
    assert refused.status_code == 422 and "nothing was imported" in text(refused)


def test_a_file_without_games_imports_and_one_with_other_games_is_refused(web):
    table = points_night(web)
    document = exact_json.loads(web.get(f"/t/{table}/export.json").data)
    without = {key: value for key, value in document.items() if key != "games"}
    response = web.post(
        "/import", {"file": (io.BytesIO(exact_json.dumps(without).encode()), "a.json")}
    )
    assert response.status_code == 303
    copy = int(response.headers["Location"].rsplit("/", 1)[1])
    assert "Game 1 over: Anna wins with 10." in plain(table_page(web, copy))

    document["games"][0]["winners"] = ["Ben"]
    response = web.post(
        "/import", {"file": (io.BytesIO(exact_json.dumps(document).encode()), "b.json")}
    )
    assert response.status_code == 422
    assert (
        "the file says &#39;Ben&#39;, but its hands make &#39;Anna&#39;; "
        "the file was changed after it was exported, so nothing was imported"
    ) in text(response)


def test_the_csv_gives_each_hand_its_game(web):
    table = points_night(web)
    enter_hand(web, table, HANDS[3])
    rows = list(
        csv.reader(io.StringIO(text(web.get(f"/t/{table}/export.csv")).removeprefix("\ufeff")))
    )
    assert rows[0][:3] == ["hand", "game", "void"]
    assert [(row[0], row[1]) for row in rows[1:]] == [
        ("1", "1"),
        ("2", "1"),
        ("3", "1"),
        ("4", "2"),
    ]
