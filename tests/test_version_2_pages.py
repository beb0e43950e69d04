"""Version 2 of the house rules through the doors: the rules form, the rules sheet, the Ask
page and the API pick up caught_pays_tied and hits_stack from their declaration, and a hand
entered on a page is settled as spec 2.5 step 1 says (payouts worked out by hand)."""

import html
import re

from referee.web.openapi import DOCUMENT
from tests.test_api_tables import body, new_table, send
from tests.test_pages import (
    enter_hand,
    plain,
    set_rules,
    sheet,
    start_table,
    table_page,
    tally,
    text,
)

STREET_CAUGHT = (
    "You pay 1 chip to each player whose total is lower than yours, or equal to it when "
    "nobody's is lower; the lowest of the others also collects 1 chip from everyone, you too"
)


def form_groups(page: str) -> dict[str, str]:
    groups = {}
    for chunk in page.split('<fieldset class="group">')[1:]:
        legend = re.search(r"<legend>(.*?)</legend>", chunk).group(1)
        groups[html.unescape(legend)] = chunk
    return groups


def test_the_rules_form_asks_caught_pays_tied_and_hits_stack_in_their_groups(web):
    table = start_table(web)
    page = text(web.get(f"/t/{table}/rules/edit"))
    groups = form_groups(page)
    dropping, talk = plain(groups["Dropping"]), plain(groups["Table talk"])
    assert 'name="caught_pays_tied"' in groups["Dropping"]
    for words in ("Everyone who tied", "Only a tie for the lowest", "Nobody who only tied"):
        assert words in dropping
    assert "Caught dropper pays who tied" in dropping
    assert 'name="hits_stack"' in groups["Table talk"]
    assert "Each further hit adds its own turns" in talk
    shown = web.fields(page)
    assert (shown["caught_pays_tied"], shown["hits_stack"]) == ("all", "false")


def test_a_tie_above_the_lowest_goes_unpaid_once_the_form_says_lowest(web):
    table = start_table(web)
    set_rules(web, table, {"caught_pays_tied": "lowest", "hits_stack": True})
    rules = sheet(web, table)
    assert rules["caught_pays_tied"] == (
        "If you are caught, a player whose total ties yours is paid only when nobody's total "
        "is lower: when you tied the lowest.",
        True,
    )
    assert rules["hits_stack"][1] is True
    # Anna drops with 5, Ben ties her, Carla's 3 is the lowest: Anna pays Carla 2 only, and
    # Ben pays Carla the bonus of 1. Net: Anna -2, Ben -1, Carla +3.
    enter_hand(
        web, table, {"kind": "drop", "player": "Anna", "totals": {"Anna": 5, "Ben": 5, "Carla": 3}}
    )
    assert tally(table_page(web, table)) == {"Anna": -2, "Ben": -1, "Carla": 3}


def test_a_street_table_shows_version_2_on_its_sheet_and_ask_page(web):
    response = web.submit(
        "/", {"player_0": "Anna", "player_1": "Ben", "player_2": "Carla", "preset": "street",
              "first_dealer": "0"},
    )  # fmt: skip
    table = int(re.fullmatch(r"/t/(\d+)", response.headers["Location"]).group(1))
    rules = sheet(web, table)
    assert rules["caught_pays"][0] == (
        "If you drop and are caught, you pay 1 chip to each player whose total is lower than "
        "yours, or equal to it when nobody's is lower."
    )
    assert rules["hits_stack"][0].startswith("Each further hit on your spreads")
    assert rules["tonk_out_six_pays"][0].endswith("is paid 3 chips by everyone instead.")
    assert not any(changed for _, changed in rules.values())
    assert STREET_CAUGHT in plain(text(web.get(f"/t/{table}/ask")))


def test_the_api_schema_and_tables_carry_the_new_options(client):
    changes = DOCUMENT["components"]["schemas"]["RulesChanges"]["properties"]
    assert changes["caught_pays_tied"]["enum"] == ["all", "lowest", "none"]
    assert changes["hits_stack"]["type"] == "boolean"
    table_id, token, _ = new_table(client, preset="black-company")
    table = body(send(client, "GET", f"/api/tables/{table_id}", token=token))
    rules = table["rules"]
    assert (rules["caught_on_tie"], rules["caught_pays_tied"], rules["hits_stack"]) == (
        False,
        "none",
        False,
    )
    refused = send(
        client,
        "POST",
        "/api/tables",
        {"players": ["Anna", "Ben"], "rules": {"caught_pays_tied": "some"}},
    )
    assert refused.status_code == 400
    assert "caught_pays_tied" in refused.get_data(as_text=True)
