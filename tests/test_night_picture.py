"""The picture of the night (issue 23, item 14): settle-up's payments, balances and chart as
one image for the group chat, drawn by the server as SVG (pages/night_picture.py). Read here
as an XML document: its words, the way of settling up it shows, its colours, its names."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from tests.test_pages import enter_hand, played_night, set_rules, start_table, text

SVG = "{http://www.w3.org/2000/svg}"
FILIPINO = {"Accept-Language": "fil-PH,fil;q=0.9"}


def picture(web, table: int, query: str = "", **kwargs) -> ET.Element:
    """The picture of a table's settle-up, parsed (a picture that is not well-formed XML,
    an unescaped name say, fails here)."""
    response = web.get(f"/t/{table}/settle-up/picture.svg{query}", **kwargs)
    assert response.status_code == 200, text(response)
    assert response.headers["Content-Type"] == "image/svg+xml; charset=utf-8"
    return ET.fromstring(text(response))


def lines(svg: ET.Element) -> list[str]:
    """The picture's lines of text, top to bottom, the chart's left out."""
    return ["".join(t.itertext()) for t in svg.findall(f"{SVG}text")]


def chart_labels(svg: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in svg.findall(f"{SVG}svg/{SVG}text")]


def test_the_picture_says_who_pays_whom_and_each_balance(web):
    table = played_night(web)  # Anna out, then the stock runs out with Dan lowest
    svg = picture(web, table)
    assert lines(svg) == [
        "Settle up · Tonk night",
        "Fewest payments",
        "Ben pays Anna 2 chips",
        "Carla pays Dan 2 chips",
        "Up and down tonight",
        *("Anna", "+2 chips", "Ben", "\u22122 chips"),
        *("Carla", "\u22122 chips", "Dan", "+2 chips"),
    ]
    assert chart_labels(svg)[-4:] == ["Anna +2", "Ben \u22122", "Carla \u22122", "Dan +2"]
    assert svg.get("width") == "1080"  # a phone screen's width in its own pixels
    assert svg.find(f"{SVG}title").text == "Settle up · Tonk night"


def test_the_names_in_a_payment_are_bold_as_on_the_page(web):
    svg = picture(web, played_night(web))
    payment = svg.findall(f"{SVG}text")[2]
    assert [(t.text, t.get("font-weight")) for t in payment] == [("Ben", "700"), ("Anna", "700")]


def test_the_picture_shows_the_way_of_settling_up_the_page_shows(web):
    table = played_night(web)
    banker = lines(picture(web, table, "?mode=banker&to=Ben"))
    assert banker[1:6] == [
        "Everyone settles with Ben",
        "Ben pays Anna 2 chips",
        "Carla pays Ben 2 chips",
        "Ben pays Dan 2 chips",
        "Up and down tonight",
    ]
    balances = lines(picture(web, table, "?mode=as_is"))
    assert balances[1:4] == ["Balances only", "Up and down tonight", "Anna"]


def test_a_night_with_nothing_owed_says_so(web):
    table = start_table(web)
    svg = picture(web, table)
    assert lines(svg)[1:3] == ["Fewest payments", "Nobody owes anybody."]
    assert svg.find(f"{SVG}svg") is None  # no hand, no chart


def test_a_way_there_is_not_is_refused_in_words(web):
    table = played_night(web)
    response = web.get(f"/t/{table}/settle-up/picture.svg?mode=cash")
    assert response.status_code == 400
    assert text(response) == "That is not a way to settle up here: choose one of the ways above."
    response = web.get(f"/t/{table}/settle-up/picture.svg?mode=banker&to=Zed")
    assert response.status_code == 400
    assert text(response) == "Zed has no balance tonight, so cannot be the banker"


def test_names_are_drawn_as_typed_never_as_markup(web):
    table = start_table(web, ["<b>Jo</b>", "Al & Bo", 'Cy "C"'])
    enter_hand(web, table, {"kind": "out", "player": "Al & Bo"})
    response = web.get(f"/t/{table}/settle-up/picture.svg")
    drawn = text(response)
    assert "<b>Jo</b>" not in drawn and "&lt;b&gt;Jo&lt;/b&gt;</tspan> pays" in drawn
    svg = ET.fromstring(drawn)
    assert lines(svg)[2:4] == ["<b>Jo</b> pays Al & Bo 1 chip", 'Cy "C" pays Al & Bo 1 chip']


def test_a_long_name_is_drawn_smaller_to_fit_not_cut(web):
    long = "Maria Clara Santos de los Reyes Bautista"  # 40 characters, the most a name has
    table = start_table(web, ["Anna", long, "Carla"])
    enter_hand(web, table, {"kind": "out", "player": "Anna"})
    svg = picture(web, table)
    sizes = {"".join(t.itertext()): t.get("font-size") for t in svg.findall(f"{SVG}text")}
    assert sizes["Anna"] == "44"
    # 984 px across, less the line's sample (56) and the balance ("−1 chip": 7 × 0.6 em of
    # 44 px, 184 px, and half an em apart): 722 px for 40 characters at 0.6 em.
    assert sizes[long] == "30"
    assert sizes[f"{long} pays Anna 1 chip"] == "28"  # 57 characters in 984 px


def test_in_filipino_the_picture_speaks_filipino(web):
    table = played_night(web)
    said = lines(picture(web, table, headers=FILIPINO))
    assert said[:5] == [
        "Bayaran · Tonk night",
        "Pinakakaunting bayad",
        "Magbabayad si Ben kay Anna ng 2 chips",
        "Magbabayad si Carla kay Dan ng 2 chips",
        "Panalo at talo ngayong gabi",
    ]
    banker = lines(picture(web, table, "?mode=banker&to=Ben", headers=FILIPINO))
    assert banker[1] == "Lahat ay makikipagbayaran kay Ben"


def test_a_table_of_points_says_no_money_moves_and_charts_the_game_in_play(web):
    table = start_table(web)
    set_rules(web, table, {"scoring": "points", "points_target_hands": 3})
    enter_hand(web, table, {"kind": "out", "player": "Ben", "totals": {"Anna": 7, "Carla": 12}})
    svg = picture(web, table)
    assert lines(svg)[2] == "This table plays for points: no money moves."
    # The table page's chart: the points of game 1 as held, without signs.
    assert chart_labels(svg)[-3:] == ["Anna 7", "Ben 0", "Carla 12"]


# Colours: the page's palette, as attributes


def colours(svg: ET.Element) -> tuple[str, str, str]:
    """(the felt behind it, the colour of an amount up, the colour of Anna's chart line)."""
    felt = svg.find(f"{SVG}rect").get("fill")
    up = next(t.get("fill") for t in svg.findall(f"{SVG}text") if t.text == "+2 chips")
    line = svg.find(f"{SVG}svg/{SVG}polyline").get("stroke")
    return felt, up, line


def test_the_picture_takes_the_palette_asked_for_else_the_phones_choice(web):
    table = played_night(web)
    dark = ("#10231a", "#8fe07a", "#f6c445")  # referee.css: --felt, --up, --p0
    light = ("#eef2ec", "#1b6b2c", "#7a4f00")  # light.css
    assert colours(picture(web, table)) == dark  # nothing chosen: the dark felt
    assert colours(picture(web, table, "?theme=light")) == light
    web.client.set_cookie("theme", "light")  # the switch at the foot of the page
    assert colours(picture(web, table)) == light
    assert colours(picture(web, table, "?theme=dark")) == dark  # what the page shows wins
    assert colours(picture(web, table, "?theme=pink")) == light


def test_the_picture_has_no_style_or_script_a_csp_would_refuse():
    drawn = (Path(__file__).parents[1] / "referee/templates/settle_up_picture.svg").read_text()
    assert not re.search(r"<style|<script|style=|var\(--", drawn)


def test_the_picture_is_never_kept_by_a_cache(web):
    response = web.get(f"/t/{played_night(web)}/settle-up/picture.svg")
    assert response.headers["Cache-Control"] == "no-store"
    assert response.headers["Content-Disposition"].startswith("inline; filename=")


def test_a_way_there_is_not_is_refused_in_filipino_too(web):
    table = played_night(web)
    response = web.get(f"/t/{table}/settle-up/picture.svg?mode=cash", headers=FILIPINO)
    assert text(response) == (
        "Hindi iyan paraan ng bayaran dito: pumili ng isa sa mga paraan sa itaas."
    )
    page = text(web.get(f"/t/{table}/settle-up?mode=cash", headers=FILIPINO))
    assert "Hindi iyan paraan ng bayaran dito" in page


# The button on the settle-up page


def picture_link(page: str) -> str:
    (link,) = re.findall(r'<a class="button night-picture"[^>]*>[^<]*</a>', page)
    return link


def test_settle_up_offers_the_picture_of_the_way_it_shows(web):
    table = played_night(web)
    link = picture_link(text(web.get(f"/t/{table}/settle-up")))
    assert f'href="/t/{table}/settle-up/picture.svg?mode=fewest"' in link
    assert re.search(r'download="tonk-night-\d{4}-\d\d-\d\d\.svg"', link)
    assert 'data-share="Share a picture of the night"' in link
    assert ">Download a picture of the night</a>" in link  # without script: saved
    banker = picture_link(text(web.get(f"/t/{table}/settle-up?mode=banker&to=Ben")))
    assert f'href="/t/{table}/settle-up/picture.svg?mode=banker&amp;to=Ben"' in banker
    as_is = picture_link(text(web.get(f"/t/{table}/settle-up?mode=as_is")))
    assert f'href="/t/{table}/settle-up/picture.svg?mode=as_is"' in as_is


def test_no_picture_is_offered_of_a_way_there_is_not(web):
    table = played_night(web)
    assert "night-picture" not in text(web.get(f"/t/{table}/settle-up?mode=cash"))


def test_the_button_speaks_filipino(web):
    page = text(web.get(f"/t/{played_night(web)}/settle-up", headers=FILIPINO))
    link = picture_link(page)
    assert 'data-share="I-share ang larawan ng gabi"' in link
    assert ">I-download ang larawan ng gabi</a>" in link
