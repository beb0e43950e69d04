"""The tally chart reads without a legend hunt: axes with their totals and hands, each
line's latest total at its end, and the same in words for a screen reader."""

import re

from referee.games import TONK
from referee.scoring.tonk.games import PlayedHand, games, in_play
from referee.store.models import Player
from referee.web.pages.chart import games_chart, spread_out
from tests.test_pages import enter_hand, plain, set_rules, start_table, table_page, tally


def chart_of(page: str) -> str:
    return re.search(r'<figure class="chart">(.*?)</figure>', page, re.S).group(1)


def test_the_chart_labels_its_axes_and_each_line_s_latest_total(web):
    table = start_table(web)
    enter_hand(web, table, {"kind": "out", "player": "Ben"})  # Ben +2, Anna and Carla −1
    enter_hand(web, table, {"kind": "out", "player": "Carla"})  # Carla +2, the others −1
    svg = chart_of(table_page(web, table))
    assert [plain(t) for t in re.findall(r"<text [^>]*>(.*?)</text>", svg)] == [
        "\u22122",
        "0",
        "+2",
        "start",
        "hand 2",
        "Anna \u22122",
        "Ben +1",
        "Carla +1",
    ]
    assert re.search(r'<title id="chart-title">(.*?)</title>', svg).group(1) == (
        "Running tally of each player across 2 hands"
    )
    assert re.search(r'<desc id="chart-description">(.*?)</desc>', svg).group(1) == (
        "After hand 2: Anna \u22122, Ben +1, Carla +1. Highest +2, lowest \u22122."
    )
    assert 'aria-labelledby="chart-title chart-description"' in svg


def test_each_player_s_colour_is_a_class_the_theme_colours(web):
    """No colour is written into the chart: light.css and referee.css each give p0 to p5
    their own, so the lines and labels read in either theme."""
    table = start_table(web)
    enter_hand(web, table, {"kind": "out", "player": "Ben"})
    svg = chart_of(table_page(web, table))
    assert re.findall(r'<text [^>]*class="end (p\d)">(\w+)', svg) == [
        ("p0", "Anna"),
        ("p1", "Ben"),
        ("p2", "Carla"),
    ]
    assert re.findall(r'<line [^>]*class="line (p\d)"/></svg>(\w+)', svg) == [
        ("p0", "Anna"),
        ("p1", "Ben"),
        ("p2", "Carla"),
    ]
    assert not re.search(r"(stroke|fill)=\"#", svg)


def test_end_labels_of_equal_totals_are_set_apart_inside_the_plot():
    assert spread_out([100, 100, 480]) == [100, 136, 430]  # 36 apart, none below the axis
    assert spread_out([420, 425, 430]) == [358, 394, 430]  # crowded at the bottom: pushed up
    assert spread_out([0, 200]) == [30, 200]  # none above the plot


# Points mode, three hands a game: game 1 ends Anna 17, Ben 8, Carla 18; game 2's first hand
# scores Anna 4, Ben 0, Carla 9 (the whole night: Anna 21).
GAME_1 = [
    {"kind": "out", "player": "Ben", "totals": {"Anna": 7, "Carla": 12}},
    {"kind": "out", "player": "Carla", "totals": {"Anna": 10, "Ben": 3}},
    {"kind": "out", "player": "Anna", "totals": {"Ben": 5, "Carla": 6}},
]
GAME_2_HAND_1 = {"kind": "out", "player": "Ben", "totals": {"Anna": 4, "Carla": 9}}


def texts(svg: str) -> list[str]:
    return [plain(t) for t in re.findall(r"<text [^>]*>(.*?)</text>", svg)]


def points_table(web) -> int:
    table = start_table(web)
    set_rules(web, table, {"scoring": "points", "points_target_hands": 3})
    for hand in GAME_1:
        enter_hand(web, table, hand)
    return table


def test_points_without_a_number_of_hands_are_charted_by_hand_not_by_game(web):
    """One game all night: the tally never says "game", nor does its chart."""
    table = start_table(web)
    set_rules(web, table, {"scoring": "points"})
    for hand in GAME_1:
        enter_hand(web, table, hand)
    svg = chart_of(table_page(web, table))
    assert "game" not in plain(svg).lower()
    assert texts(svg)[-3:] == ["Anna 17", "Ben 8", "Carla 18"]
    assert re.search(r'<title id="chart-title">(.*?)</title>', svg).group(1) == (
        "Points of each player across 3 hands"
    )
    assert re.search(r'<desc id="chart-description">(.*?)</desc>', svg).group(1) == (
        "After hand 3: Anna 17, Ben 8, Carla 18."
    )


def test_in_points_the_chart_shows_the_game_in_play_as_the_tally_does_without_signs(web):
    table = points_table(web)
    enter_hand(web, table, GAME_2_HAND_1)
    page = table_page(web, table)
    assert tally(page) == {"Anna": 4, "Ben": 0, "Carla": 9}
    svg = chart_of(page)
    assert texts(svg) == ["0", "18", "game 1", "hand 4", "Anna 4", "Ben 0", "Carla 9"]
    # A line per player and game: game 1's faint, game 2's from 0 after hand 3, marked there.
    assert len(re.findall(r'<polyline [^>]*class="line p\d earlier"', svg)) == 3
    in_play = re.findall(r'<polyline points="([^"]*)"[^>]*class="line p\d"', svg)
    assert in_play[0] == "580,430 730,342"  # Anna: 0 after hand 3, 4 after hand 4
    assert len(in_play) == 3
    assert re.findall(r'<line x1="(\d+)" x2="\1" [^>]*class="divider"', svg) == ["580"]
    assert re.search(r'<title id="chart-title">(.*?)</title>', svg).group(1) == (
        "Points of each player in game 2"
    )
    assert re.search(r'<desc id="chart-description">(.*?)</desc>', svg).group(1) == (
        "Game 2: Anna 4, Ben 0, Carla 9. 1 earlier game is drawn faint, from 0."
    )


def test_after_a_game_s_last_hand_the_chart_ends_where_the_tally_starts_again_at_0(web):
    table = points_table(web)
    page = table_page(web, table)
    assert tally(page) == {"Anna": 0, "Ben": 0, "Carla": 0}
    svg = chart_of(page)
    assert texts(svg) == ["0", "18", "game 1", "hand 3", "Anna 0", "Ben 0", "Carla 0"]
    assert len(re.findall(r'<polyline [^>]*class="line p\d earlier"', svg)) == 3
    # Game 2 starts at the end: its mark is there, its lines not drawn yet.
    assert re.findall(r'<line x1="(\d+)" x2="\1" [^>]*class="divider"', svg) == ["730"]
    assert re.findall(r'<polyline [^>]*class="line p\d"', svg) == []
    assert re.search(r'<desc id="chart-description">(.*?)</desc>', svg).group(1) == (
        "Game 2: Anna 0, Ben 0, Carla 0. 1 earlier game is drawn faint, from 0."
    )


PAIR = [Player(id=1, table_id=1, name="Anna", seat=0), Player(id=2, table_id=1, name="Ben", seat=1)]


def test_a_long_night_of_points_draws_its_latest_games_within_the_points_of_a_line():
    # 30 games of 3 hands: the last 20 (hands 31 to 90) fill the 60 points of a line.
    night = games([PlayedHand(no, False, {"Anna": 1, "Ben": 2}, 3) for no in range(1, 91)])
    chart = games_chart(night, in_play(night, 3), PAIR, TONK.rounds)
    assert [label["words"] for label in chart["x_labels"]] == ["game 11", "hand 90"]
    assert len(chart["dividers"]) == 20  # games 12 to 30, and game 31 after hand 90
    anna = chart["lines"][0]
    assert len(anna["parts"]) == 20 and all(part["earlier"] for part in anna["parts"])
    assert anna["parts"][0]["points"] == "130,430 140,364 150,297 160,230"


def test_one_long_game_of_points_is_thinned_to_the_points_of_a_line():
    night = games([PlayedHand(no, False, {"Anna": 1, "Ben": 0}, None) for no in range(1, 121)])
    chart = games_chart(night, in_play(night, None), PAIR, TONK.rounds)
    (part,) = chart["lines"][0]["parts"]
    assert len(part["points"].split()) == 61  # the start and every second hand to hand 120
    assert chart["lines"][0]["label"]["words"] == "Anna 120"
    assert chart["dividers"] == []
