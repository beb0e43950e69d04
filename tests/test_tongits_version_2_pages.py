"""Tongits version 2 through a table's pages (tongits.md section 6, issue 21 items 3 and 5):
the hand form asks the kings, the jokers and the fight's totals only where the rules pay on
them; a draw paid between the caller and each opponent shows each pair in words; a joiner's
matched share of the pot; the new options on the rules form and sheet, and in the table's
file and CSV. Every number is one of the spec's worked examples (6.9) or follows from the
rules in the test's own words.
"""

import csv
import io
import re

from referee import exact_json
from tests.test_live_preview import live
from tests.test_pages import error_beside, plain, player_ids, set_rules, tally, text
from tests.test_tongits_referee_pages import sheet
from tests.test_tongits_tables import (
    FIRST,
    enter_game,
    game_fields,
    preview_game,
    start_tongits,
)

# 6.9 "Paid by the caller": Ben calls with 8, Anna fights with 5, Carla fights with 12.
BY_THE_CALLER = {
    "kind": "draw",
    "caller": "Ben",
    "fought": ["Anna", "Carla"],
    "totals": {"Ben": 8, "Anna": 5, "Carla": 12},
}
# 6.9 "Points behind": Ben calls with 6, Anna fights with 11, Carla folds.
POINTS_BEHIND = {
    "kind": "draw",
    "caller": "Ben",
    "fought": ["Anna"],
    "totals": {"Ben": 6, "Anna": 11},
}
# 6.9 "Joker mode": Ben goes tong-its with one joker in his melds.
ONE_JOKER = {"kind": "tongits", "player": "Ben", "bonuses": {"Ben": {"jokers": 1}}}


def payment_lines(page: str) -> list[str]:
    """Each payment line of a page in words: 'Ben pays Anna 2 chips Anna beat the caller'."""
    return [plain(line) for line in re.findall(r"<li>([^<>]+? pays .*?)</li>", page, re.S)]


def counters(page: str, key: str) -> dict[str, str]:
    """A hand form's bonus counters of one kind: {player id: the most it takes}."""
    return dict(re.findall(rf'<input[^>]*id="{key}_(\d+)"[^>]*max="(\d+)"', page))


# 1. The hand form asks only what the rules pay on


def test_kings_and_jokers_are_asked_only_where_the_rules_pay_on_them(web):
    plain_table = start_tongits(web)
    form = text(web.get(f"/t/{plain_table}/hands/new/tongits"))
    assert (counters(form, "kings"), counters(form, "jokers")) == ({}, {})

    kings_paid = start_tongits(web)
    set_rules(web, kings_paid, {"king_bonus": 1})
    form = text(web.get(f"/t/{kings_paid}/hands/new/tongits"))
    ids = player_ids(web, kings_paid)
    assert counters(form, "kings") == {ids[name]: "4" for name in ("Anna", "Ben", "Carla")}
    assert "Bonus: kings held by each player (only the winner's are paid)" in plain(form)
    assert counters(form, "jokers") == {}

    jokers = start_tongits(web, preset="joker")
    form = text(web.get(f"/t/{jokers}/hands/new/draw"))
    ids = player_ids(web, jokers)
    assert counters(form, "jokers") == {ids[name]: "2" for name in ("Anna", "Ben", "Carla")}
    assert "Bonus: jokers held by each player (only the winner's are paid)" in plain(form)
    assert counters(form, "kings") == {}


def test_the_kings_and_jokers_counted_reach_the_core_in_bonuses(web):
    table = start_tongits(web, preset="joker")
    set_rules(web, table, {"king_bonus": 1})
    counted = {"kind": "tongits", "player": "Ben", "bonuses": {"Ben": {"kings": 2, "jokers": 1}}}
    enter_game(web, table, counted)
    document = exact_json.loads(web.get(f"/t/{table}/export.json").get_data(as_text=True))
    assert document["hands"][0]["outcome"] == counted
    form = text(web.get(f"/t/{table}/hands/1/edit"))  # a fix starts from what was counted
    ids = player_ids(web, table)
    fields = web.fields(form)
    assert (fields[f"kings_{ids['Ben']}"], fields[f"jokers_{ids['Ben']}"]) == ("2", "1")


def test_a_king_or_joker_count_the_deck_cannot_hold_is_refused_beside_its_box(web):
    table = start_tongits(web, preset="joker")
    set_rules(web, table, {"king_bonus": 1})
    ids = player_ids(web, table)
    three_jokers = {"kind": "tongits", "player": "Ben", "bonuses": {"Ben": {"jokers": 3}}}
    page = text(preview_game(web, table, three_jokers))
    assert error_beside(page, f"jokers_{ids['Ben']}") == "Ben cannot hold 3 jokers; the deck has 2"
    five_kings = {"kind": "tongits", "player": "Ben", "bonuses": {"Carla": {"kings": 5}}}
    page = text(preview_game(web, table, five_kings))
    assert (
        error_beside(page, f"kings_{ids['Carla']}") == "Carla cannot hold 5 kings; the deck has 4"
    )
    assert "Save game" not in page


def test_joker_mode_pays_the_winner_s_joker_as_the_spec_s_example(web):
    """6.9 "Joker mode": Anna pays 2 (tong-its) and 1 (jokers); Carla the same."""
    table = start_tongits(web, preset="joker")
    preview = enter_game(web, table, ONE_JOKER)
    assert payment_lines(preview) == [
        "Anna pays Ben 2 chips lost to a tong-its",
        "Anna pays Ben 1 chip the winner's joker bonus",
        "Carla pays Ben 2 chips lost to a tong-its",
        "Carla pays Ben 1 chip the winner's joker bonus",
    ]
    assert tally(text(web.get(f"/t/{table}"))) == {"Anna": -3, "Ben": 6, "Carla": -3}


def test_the_winner_s_kings_are_paid_by_each_loser(web):
    """king_bonus 1, Ben's tong-its with two kings: each loser pays 2 and 2 × 1 (kings)."""
    table = start_tongits(web)
    set_rules(web, table, {"king_bonus": 1})
    two_kings = {"kind": "tongits", "player": "Ben", "bonuses": {"Ben": {"kings": 2}}}
    assert payment_lines(text(preview_game(web, table, two_kings))) == [
        "Anna pays Ben 2 chips lost to a tong-its",
        "Anna pays Ben 2 chips the winner's king bonus",
        "Carla pays Ben 2 chips lost to a tong-its",
        "Carla pays Ben 2 chips the winner's king bonus",
    ]


def test_a_table_paying_points_asks_the_fight_s_totals_and_pays_the_points_behind(web):
    """6.9 "Points behind" (point_pays 1): Anna pays 2 and 5, Carla 1; checked with Check,
    and by the live preview as the boxes are typed."""
    table = start_tongits(web)
    set_rules(web, table, {"point_pays": 1})
    ids = player_ids(web, table)
    form = text(web.get(f"/t/{table}/hands/new/draw"))
    assert all(f'id="total_{ids[name]}"' in form for name in ("Anna", "Ben", "Carla"))
    expected = [
        "Anna pays Ben 2 chips fought and lost",
        "Anna pays Ben 5 chips points behind at the fight",
        "Carla pays Ben 1 chip folded",
    ]
    assert payment_lines(text(preview_game(web, table, POINTS_BEHIND))) == expected
    assert (
        payment_lines(text(live(web, table, POINTS_BEHIND, **game_fields(ids, POINTS_BEHIND))))
        == expected
    )
    enter_game(web, table, POINTS_BEHIND)
    assert tally(text(web.get(f"/t/{table}"))) == {"Anna": -7, "Ben": 8, "Carla": -1}


# 2. A draw paid between the caller and each opponent, pair by pair


def test_a_draw_paid_by_the_caller_shows_each_pair_in_words_everywhere(web):
    """6.9 "Paid by the caller": Anna wins the game; Ben pays Anna 2 (she beat him), Carla
    pays Ben 2 (he beat her). Net Anna +2, Ben 0, Carla −2."""
    table = start_tongits(web)
    set_rules(web, table, {"draw_pays": "caller"})
    pairs = [
        "Ben pays Anna 2 chips Anna beat the caller",
        "Carla pays Ben 2 chips lost the fight to the caller",
    ]
    ids = player_ids(web, table)
    assert (
        payment_lines(text(live(web, table, BY_THE_CALLER, **game_fields(ids, BY_THE_CALLER))))
        == pairs
    )
    preview = enter_game(web, table, BY_THE_CALLER)
    assert "Draw: a fighter beat the caller" in preview
    assert payment_lines(preview) == pairs
    assert payment_lines(text(web.get(f"/t/{table}/hands/1"))) == pairs
    assert payment_lines(text(web.get(f"/t/{table}/hands/"))) == pairs
    page = text(web.get(f"/t/{table}"))
    assert payment_lines(page) == pairs  # the table's recent hands
    assert tally(page) == {"Anna": 2, "Ben": 0, "Carla": -2}


def test_points_paid_by_the_caller_name_the_pair_too(web):
    """6.9, with point_pays 1 as well: Ben also pays Anna 3, Carla pays Ben 4 (points
    behind): Anna +5, Ben +1, Carla −6."""
    table = start_tongits(web)
    set_rules(web, table, {"draw_pays": "caller", "point_pays": 1})
    preview = enter_game(web, table, BY_THE_CALLER)
    assert payment_lines(preview) == [
        "Ben pays Anna 2 chips Anna beat the caller",
        "Ben pays Anna 3 chips points behind Anna",
        "Carla pays Ben 2 chips lost the fight to the caller",
        "Carla pays Ben 4 chips points behind the caller",
    ]
    assert tally(text(web.get(f"/t/{table}"))) == {"Anna": 5, "Ben": 1, "Carla": -6}


def test_a_draw_the_caller_wins_reads_as_ever_when_paid_by_the_caller(web):
    """Every pair is the caller's when the caller wins: the same payments, the same words as
    a draw paid to its winner (tongits.md section 3, example 1)."""
    table = start_tongits(web)
    set_rules(web, table, {"draw_pays": "caller"})
    won = {**POINTS_BEHIND, "burned": ["Carla"]}
    assert payment_lines(enter_game(web, table, won)) == [
        "Anna pays Ben 2 chips fought and lost",
        "Carla pays Ben 2 chips folded, burned (sunog)",
    ]


# 3. A joiner and the pot (6.7)


def sat_in_lines(page: str) -> list[str]:
    return [plain(line) for line in re.findall(r'<p class="sat-in">(.*?)</p>', page, re.S)]


def pot_line(page: str) -> str:
    return plain(re.search(r'<p class="pot">(.*?)</p>', page, re.S).group(1))


def seat(web, table: int, leaves: str, sits_in: str) -> None:
    """`leaves` leaves the table, then `sits_in` sits in, through the players page."""
    players = f"/t/{table}/players"
    leave = {"action": "leave", "player": player_ids(web, table)[leaves]}
    assert web.post(players, leave).status_code == 302
    assert web.post(players, {"action": "sit_in", "name": sits_in}).status_code == 302


ANNA_GOES_TONG_ITS = {"kind": "tongits", "player": "Anna"}


def night_with_a_joiner(web) -> int:
    """Game 1 is section 3's example 1 (the pot 1 each); Carla leaves and Dan sits in with
    nothing in the pot (the rule is off); game 2 is Anna's tong-its (her first win: the
    pot 2, 2, 1). The table then plays `joiner_matches_pot`; Dan leaves and Carla sits in
    again, matching the largest share, 2."""
    table = start_tongits(web)
    enter_game(web, table, FIRST)
    seat(web, table, leaves="Carla", sits_in="Dan")
    enter_game(web, table, ANNA_GOES_TONG_ITS)
    set_rules(web, table, {"joiner_matches_pot": True})
    seat(web, table, leaves="Dan", sits_in="Carla")
    return table


def test_a_joiner_without_the_rule_starts_with_nothing_in_the_pot(web):
    table = start_tongits(web)
    enter_game(web, table, FIRST)
    seat(web, table, leaves="Carla", sits_in="Dan")
    page = text(web.get(f"/t/{table}"))
    assert pot_line(page) == "Pot: 2 chips (Anna 1 chip, Ben 1 chip, Dan 0 chips)"
    assert sat_in_lines(page) == []


def test_a_joiner_matches_the_largest_share_and_the_table_page_says_so(web):
    table = night_with_a_joiner(web)
    page = text(web.get(f"/t/{table}"))
    assert pot_line(page) == "Pot: 6 chips (Anna 2 chips, Ben 2 chips, Carla 2 chips)"
    assert sat_in_lines(page) == [
        "Carla sat in and matched the pot: 2 chips, as much as the largest share (owed only "
        "when somebody wins the pot)."
    ]
    # Anna's second win in a row takes the pot, Carla's matched share in it: 3 from each.
    preview = enter_game(web, table, ANNA_GOES_TONG_ITS)
    assert payment_lines(preview) == [
        "Ben pays Anna 2 chips lost to a tong-its",
        "Ben pays Anna 3 chips their share of the pot",
        "Carla pays Anna 2 chips lost to a tong-its",
        "Carla pays Anna 3 chips their share of the pot",
    ]
    assert "Anna takes the pot: 9 chips." in plain(preview)
    page = text(web.get(f"/t/{table}"))
    assert sat_in_lines(page) == []  # the pot was won: nobody owes it any more
    assert tally(page) == {"Anna": 12, "Ben": -3, "Carla": -7, "Dan": -2}


def test_the_matched_share_is_kept_by_the_file_its_import_and_a_recount(web):
    table = night_with_a_joiner(web)
    enter_game(web, table, ANNA_GOES_TONG_ITS)
    download = web.get(f"/t/{table}/export.json")
    document = exact_json.loads(download.get_data(as_text=True))
    assert [v["rules"]["joiner_matches_pot"] for v in document["rules_versions"]] == [False, True]
    assert document["hands"][2]["settlement"]["pot_won"] == 9
    response = web.post("/import", {"file": (io.BytesIO(download.data), "friday.json")})
    assert response.status_code == 303, text(response)
    imported = int(re.fullmatch(r"/t/(\d+)", response.headers["Location"]).group(1))
    assert tally(text(web.get(f"/t/{imported}"))) == {"Anna": 12, "Ben": -3, "Carla": -7, "Dan": -2}
    # Game 1 voided: game 2 opens the pot (1 each), so Carla matches 1, and game 3's pot is 6.
    page = text(web.get(f"/t/{imported}/hands/1/void"))
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    voided = web.post(
        f"/t/{imported}/hands/1/void", {"version": version}, page=f"/t/{imported}/hands/1/void"
    )
    assert voided.status_code == 303
    assert payment_lines(text(web.get(f"/t/{imported}/hands/3"))) == [
        "Ben pays Anna 2 chips lost to a tong-its",
        "Ben pays Anna 2 chips their share of the pot",
        "Carla pays Anna 2 chips lost to a tong-its",
        "Carla pays Anna 2 chips their share of the pot",
    ]


# 4. The table's file and the CSV


def test_a_night_paid_by_the_caller_exports_and_imports_as_the_same_night(web):
    table = start_tongits(web, preset="joker")
    set_rules(web, table, {"draw_pays": "caller", "king_bonus": 1})
    enter_game(web, table, BY_THE_CALLER)
    enter_game(
        web,
        table,
        {"kind": "tongits", "player": "Anna", "bonuses": {"Anna": {"kings": 1, "jokers": 2}}},
    )
    download = web.get(f"/t/{table}/export.json")
    document = exact_json.loads(download.get_data(as_text=True))
    (_, version_2) = document["rules_versions"]
    assert (
        version_2["preset"],
        version_2["rules"]["draw_pays"],
        version_2["rules"]["king_bonus"],
    ) == (
        "joker",
        "caller",
        1,
    )
    assert (version_2["rules"]["jokers"], version_2["rules"]["joker_bonus"]) == (2, 1)
    assert document["hands"][1]["outcome"]["bonuses"] == {"Anna": {"kings": 1, "jokers": 2}}
    response = web.post("/import", {"file": (io.BytesIO(download.data), "friday.json")})
    assert response.status_code == 303, text(response)
    imported = int(re.fullmatch(r"/t/(\d+)", response.headers["Location"]).group(1))
    again = exact_json.loads(web.get(f"/t/{imported}/export.json").get_data(as_text=True))
    assert again["hands"] == document["hands"]
    for path in ("/hands/1", "/hands/2"):
        assert payment_lines(text(web.get(f"/t/{imported}{path}"))) == payment_lines(
            text(web.get(f"/t/{table}{path}"))
        )
    # Game 2: Anna's second win in a row takes the pot: 2 tong-its, 1 king, 2 jokers, 2 pot each.
    assert tally(text(web.get(f"/t/{imported}"))) == {"Anna": 16, "Ben": -7, "Carla": -9}


def test_the_csv_lists_the_kings_and_jokers_rows(web):
    table = start_tongits(web, preset="joker")
    set_rules(web, table, {"king_bonus": 1})
    enter_game(
        web,
        table,
        {"kind": "tongits", "player": "Ben", "bonuses": {"Ben": {"kings": 1, "jokers": 1}}},
    )
    body = web.get(f"/t/{table}/export.csv").get_data(as_text=True).lstrip("\ufeff")
    found = [row[5:] for row in csv.reader(io.StringIO(body))][1:]
    assert found == [
        ["Anna", "Ben", "2.00", "tong-its"],
        ["Anna", "Ben", "1.00", "kings"],
        ["Anna", "Ben", "1.00", "jokers"],
        ["Carla", "Ben", "2.00", "tong-its"],
        ["Carla", "Ben", "1.00", "kings"],
        ["Carla", "Ben", "1.00", "jokers"],
    ]


def test_a_file_from_before_version_2_imports_as_it_did(web):
    """A Tongits file exported before version 2 has none of the new options and no kings:
    it imports as the same night, its rules the defaults that change nothing."""
    table = start_tongits(web)
    enter_game(web, table, POINTS_BEHIND | {"burned": ["Carla"]})
    enter_game(web, table, {"kind": "tongits", "player": "Ben", "bonuses": {"Ben": {"secret": 1}}})
    document = exact_json.loads(web.get(f"/t/{table}/export.json").get_data(as_text=True))
    new_options = [
        "opening_ante",
        "run_bonus",
        "joiner_matches_pot",
        "burned_extra",
        "king_bonus",
        "draw_pays",
        "point_pays",
        "point_pays_on",
        "jokers",
        "joker_points",
        "joker_bonus",
    ]
    old = {
        **document,
        "rules_versions": [
            {**v, "rules": {k: x for k, x in v["rules"].items() if k not in new_options}}
            for v in document["rules_versions"]
        ],
    }
    raw = exact_json.dumps(old).encode()
    response = web.post("/import", {"file": (io.BytesIO(raw), "old.json")})
    assert response.status_code == 303, text(response)
    imported = int(re.fullmatch(r"/t/(\d+)", response.headers["Location"]).group(1))
    again = exact_json.loads(web.get(f"/t/{imported}/export.json").get_data(as_text=True))
    assert (again["hands"], again["rules_versions"][0]["rules"]) == (
        document["hands"],
        document["rules_versions"][0]["rules"],
    )
    assert tally(text(web.get(f"/t/{imported}"))) == {"Anna": -7, "Ben": 14, "Carla": -7}


# 5. The rules form and sheet


def test_the_joker_preset_is_offered_at_the_start_and_its_options_are_grouped(web):
    start = text(web.get("/?game=tongits"))
    offered = re.findall(r'name="preset" value="([^"]+)"[^>]*> <span>([^<]*)</span>', start)
    assert ("joker", "Joker") in offered
    table = start_tongits(web, preset="joker")
    words = sheet(web, table)
    assert "Based on the joker preset. Rules version 1." in words
    assert (
        "Joker mode: the two jokers join the deck (54 cards). A joker stands for any one card a "
        "meld needs;"
    ) in words
    assert (
        "For each joker among the winner's cards (in hand and in their own melds), each loser "
        "pays the winner 1 chip more."
    ) in words
    assert "changed" not in words
    page = text(web.get(f"/t/{table}/rules/edit"))
    group = page.split("<legend>Joker mode</legend>")[1].split("</details>")[0]
    names = re.findall(r'name="([a-z_]+)"', group)
    assert list(dict.fromkeys(names)) == ["jokers", "joker_points", "joker_bonus"]
    fields = web.fields(page)
    assert (fields["jokers"], fields["joker_points"], fields["joker_bonus"]) == ("2", "0", "1")


def test_a_table_paying_draws_by_the_caller_sees_it_marked_on_the_sheet(web):
    table = start_tongits(web)
    set_rules(web, table, {"draw_pays": "caller"})
    words = sheet(web, table)
    assert "Based on the tongits preset; 1 rule differs from it, marked changed ." in words
    assert (
        "A draw is paid between the caller and each other player: a folder pays the caller; a "
        "fighter as low as the caller or lower is paid by the caller, a fighter higher than the "
        "caller pays the caller. Only the lowest count of the fight wins the game, its bonuses "
        "and the pot. changed"
    ) in words
    assert words.count("changed") == 2
