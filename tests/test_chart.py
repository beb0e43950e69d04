"""The tally chart reads without a legend hunt: axes with their totals and hands, each
line's latest total at its end, and the same in words for a screen reader."""

import re

from referee.web.pages.chart import spread_out
from tests.test_pages import enter_hand, plain, start_table, table_page


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


def test_end_labels_of_equal_totals_are_set_apart_inside_the_plot():
    assert spread_out([100, 100, 480]) == [100, 136, 430]  # 36 apart, none below the axis
    assert spread_out([420, 425, 430]) == [358, 394, 430]  # crowded at the bottom: pushed up
    assert spread_out([0, 200]) == [30, 200]  # none above the plot
