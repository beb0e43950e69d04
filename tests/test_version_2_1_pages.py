"""Version 2.1 of the house rules through the doors: the rules form and sheet, the Ask page,
POST /api/settle and a table's rules changed by the API pick up caught_pays_to and
deal_tonk_clash "pay_all" from their declaration (payouts worked out by hand)."""

from decimal import Decimal

from referee.web.openapi import DOCUMENT
from tests.test_api_tables import body, enter, new_table, pays, send, settlement
from tests.test_pages import enter_hand, plain, set_rules, sheet, start_table, table_page, tally
from tests.test_pages import text as page_text
from tests.test_version_2_pages import form_groups

FOUR = ["Anna", "Ben", "Carla", "Dan"]
# Anna's 8 is caught: Ben's 3 is the lowest, Carla's 6 beat her too, Dan tied her.
BOOK_DROP = {
    "kind": "drop",
    "player": "Anna",
    "totals": {"Anna": 8, "Ben": 3, "Carla": 6, "Dan": 8},
}


def test_the_rules_form_asks_whom_a_caught_dropper_pays_and_offers_pay_all(web):
    table = start_table(web)
    page = page_text(web.get(f"/t/{table}/rules/edit"))
    groups = form_groups(page)
    assert 'name="caught_pays_to"' in groups["Dropping"]
    dropping = plain(groups["Dropping"])
    assert "Whom a caught dropper pays" in dropping
    assert "Everyone who beat the dropper" in dropping and "Only the lowest player" in dropping
    assert "Each tonk is paid" in plain(groups["Tonk on the deal"])
    shown = web.fields(page)
    assert (shown["caught_pays_to"], shown["deal_tonk_clash"]) == ("beaten", "draw")


def test_a_table_that_pays_only_the_lowest_settles_a_catch_so_and_says_so(web):
    table = start_table(web, names=FOUR)
    set_rules(web, table, {"caught_pays_to": "lowest"})
    rules = sheet(web, table)
    assert rules["caught_pays_to"] == (
        "If you are caught, you pay only the lowest of the other players (each of them if that "
        "lowest total is shared), not everyone whose total beat yours.",
        True,
    )
    # Anna pays Ben 2 only; Carla and Dan pay Ben the bonus of 1. Net: Anna -2, Ben +4.
    enter_hand(web, table, BOOK_DROP)
    assert tally(table_page(web, table)) == {"Anna": -2, "Ben": 4, "Carla": -1, "Dan": -1}
    asked = plain(page_text(web.get(f"/t/{table}/ask")))
    assert (
        "You pay 2 chips to each player whose total is the lowest among the other players;" in asked
    )


def test_the_settle_door_pays_only_the_lowest(client):
    request = {"players": FOUR, "rules": {"caught_pays_to": "lowest"}, "outcome": BOOK_DROP}
    response = client.post("/api/settle", json=request)
    assert response.status_code == 200
    assert response.get_json() == {
        "result": "caught",
        "winners": ["Ben"],
        "payments": [
            {"from": "Anna", "to": "Ben", "amount": 2, "why": "caught"},
            {"from": "Carla", "to": "Ben", "amount": 1, "why": "lowest after a catch"},
            {"from": "Dan", "to": "Ben", "amount": 1, "why": "lowest after a catch"},
        ],
        "net": {"Anna": -2, "Ben": 4, "Carla": -1, "Dan": -1},
        "points": None,
    }
    refused = client.post("/api/settle", json={**request, "rules": {"caught_pays_to": "low"}})
    assert refused.status_code == 400
    assert refused.get_json() == {
        "error": 'House rule caught_pays_to: \'low\' is not allowed; allowed: "beaten" or "lowest"'
    }


def test_a_table_switched_to_pay_all_by_the_api_pays_every_tonk(client):
    changes = DOCUMENT["components"]["schemas"]["RulesChanges"]["properties"]
    assert changes["caught_pays_to"]["enum"] == ["beaten", "lowest"]
    assert changes["deal_tonk_clash"]["enum"][-1] == "pay_all"
    table_id, token, _ = new_table(client, players=FOUR)
    response = send(
        client,
        "PUT",
        f"/api/tables/{table_id}/rules",
        {"preset": "classic", "rules": {"deal_tonk_clash": "pay_all"}},
        token,
    )
    assert response.status_code == 200
    rules = body(response)["rules"]
    assert (rules["deal_tonk_clash"], rules["caught_pays_to"]) == ("pay_all", "beaten")
    # Anna 50 and Carla 49 tonk (49 or 50 pays 2): Ben and Dan pay each of them 2.
    hand = body(enter(client, table_id, token, {"kind": "deal_tonk",
                                                "totals": {"Anna": 50, "Carla": 49}}))  # fmt: skip
    assert hand["settlement"] == settlement(
        "deal_tonk",
        ["Anna", "Carla"],
        [
            pays("Ben", "Anna", "2", "tonk on the deal"),
            pays("Dan", "Anna", "2", "tonk on the deal"),
            pays("Ben", "Carla", "2", "tonk on the deal"),
            pays("Dan", "Carla", "2", "tonk on the deal"),
        ],
        {"Anna": 4, "Ben": -4, "Carla": 4, "Dan": -4},
    )
    table = body(send(client, "GET", f"/api/tables/{table_id}", token=token))
    assert table["tally"] == {
        "Anna": Decimal(4), "Ben": Decimal(-4), "Carla": Decimal(4), "Dan": Decimal(-4),
    }  # fmt: skip
