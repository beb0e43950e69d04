"""The API's answers are made as their models and written by them, money exact."""

from decimal import Decimal

import pytest
from pydantic import ValidationError

from referee import exact_json
from referee.documents.answers import ANSWERS, CreatedTable, SettleUp, said
from referee.web.openapi import DOCUMENT


def test_an_answer_is_written_with_its_keys_as_sent_and_its_money_exact():
    answer = SettleUp.model_validate(
        {"balances": {"Anna": Decimal("0.1"), "Ben": -1}, "transfers": [
            {"from": "Ben", "to": "Anna", "amount": Decimal("0.10")}]}
    )  # fmt: skip
    assert exact_json.dumps(said(answer)) == (
        '{"balances": {"Anna": 0.1, "Ben": -1}, '
        '"transfers": [{"from": "Ben", "to": "Anna", "amount": 0.1}]}'
    )


def test_a_new_tables_links_are_written_as_text():
    made = CreatedTable.model_validate(
        {"id": 1, "tokens": {"scorekeeper": "s", "watch": "w"},
         "links": {"scorekeeper": "http://localhost/join/1/s", "watch": "http://localhost/join/1/w"}}
    )  # fmt: skip
    assert said(made)["links"] == {
        "scorekeeper": "http://localhost/join/1/s",
        "watch": "http://localhost/join/1/w",
    }


def test_an_outcome_in_an_answer_is_written_as_the_contract_writes_it():
    hand = ANSWERS["tonk"].hand.model_validate(
        {"no": 1, "version": 1, "void": False, "dealer": "Anna",
         "outcome": {"player": "Ben", "kind": "out"},
         "settlement": {"result": "out", "winners": ["Ben"], "payments": [],
                        "net": {"Anna": 0, "Ben": 0}, "points": None}, "note": None}
    )  # fmt: skip
    assert said(hand)["outcome"] == {"kind": "out", "player": "Ben"}


def test_a_settlement_is_written_through_its_game_s_model_with_its_state():
    tongits = {"result": "stock_out_void", "winners": [], "payments": [],
               "net": {"Anna": 0}, "points": None, "pot_won": 0,
               "state": {"pot": {"Anna": 1}, "streak": None, "dealer": None}}  # fmt: skip
    settled = ANSWERS["tongits"].settlement.model_validate(tongits)
    assert said(settled)["state"]["pot"] == {"Anna": Decimal(1)}
    with pytest.raises(ValidationError):  # Tonk's settlement has no state
        ANSWERS["tonk"].settlement.model_validate(tongits)


def test_every_api_route_is_described_and_every_described_path_is_a_route(app):
    routes = {
        (rule.rule.replace("<int:", "{").replace(">", "}"), method.lower())
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/")
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    described = {
        (path, method)
        for path, item in DOCUMENT["paths"].items()
        for method in item
        if method != "parameters"
    }
    assert routes == described
    assert len(routes) == 10
