"""The seam for a second game: the registry, and Tonk reached through its Game."""

from decimal import Decimal

import pytest

from referee.games import DEFAULT_GAME, GAMES, TONGITS, TONK, game_named
from referee.rules import Refusal
from referee.rules.tonk import Drop, HouseRules
from referee.rules.tonk.outcome import asks_last_draw, needs_spread_six
from referee.scoring import Payment


def test_tonk_and_tongits_are_the_games_and_tonk_the_default():
    assert list(GAMES) == ["tonk", "tongits"]
    assert DEFAULT_GAME == "tonk"
    assert game_named("tonk") is TONK
    assert game_named("tongits") is TONGITS


@pytest.mark.parametrize(
    ("name", "shown"), [("poker", "'poker'"), ("Tonk", "'Tonk'"), (5, "'5'"), (None, "'None'")]
)
def test_an_unknown_game_is_refused_naming_the_field_game(name, shown):
    with pytest.raises(Refusal) as refused:
        game_named(name)
    assert refused.value.message == f"game: there is no game {shown}; choose tonk, tongits"
    assert (refused.value.field, refused.value.player) == ("game", None)


def test_tonk_gives_its_presets_and_its_rules():
    assert list(TONK.presets) == ["classic", "street", "black-company", "seattle"]
    assert TONK.default_preset == "classic"
    street = TONK.rules_from("street", {"stake": 2})
    assert (street.stake, street.caught_pays) == (Decimal("2.00"), 1)
    stored = TONK.rules_from_json({"hand_size": 7})
    assert (stored.hand_size, stored.stake) == (7, Decimal("1.00"))
    # Rules stored before version 2 (no caught_pays_tied) read as their hands were settled.
    assert (stored.caught_pays_tied, stored.stored_before_v2) == ("all", True)
    assert TONK.rules_from_json(HouseRules().to_json()).stored_before_v2 is False
    with pytest.raises(Refusal) as refused:
        TONK.rules_from("poker", None)
    assert refused.value.field == "preset"


def test_tonk_reads_and_settles_a_hand():
    outcome = TONK.outcome.read(
        {"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Ben": 4, "Carla": 11}}
    )
    assert outcome == Drop(player="Anna", totals={"Anna": 6, "Ben": 4, "Carla": 11})
    settlement = TONK.settle(HouseRules(), ["Anna", "Ben", "Carla"], outcome)
    assert settlement.result == "caught"
    assert settlement.payments == (
        Payment("Anna", "Ben", Decimal("2.00"), "caught"),
        Payment("Carla", "Ben", Decimal("1.00"), "lowest after a catch"),
    )


def test_tonk_says_what_its_hand_form_asks():
    classic = HouseRules()
    kinds = ["deal_tonk", "tonk_out", "double_double", "out", "drop", "stock_out"]
    assert list(TONK.kind_words) == kinds
    assert TONK.kind_words["stock_out"] == "stock ran out"
    assert TONK.playable_kinds(classic) == ["deal_tonk", "tonk_out", "out", "drop", "stock_out"]
    assert (TONK.asks_totals("out", classic), TONK.asks_totals("drop", classic)) == (False, True)
    # Who drew last and six cards spread are Tonk's own hand form's questions (its web
    # package asks them of its rules), not the seam's.
    last_draw = HouseRules(stock_out_tie="last_draw")
    assert asks_last_draw("stock_out", last_draw) is True
    assert asks_last_draw("drop", last_draw) is False
    assert needs_spread_six(classic) is False
    assert needs_spread_six(HouseRules(tonk_out_needs_six=True)) is True
    assert not hasattr(TONK, "asks_last_draw") and not hasattr(TONK, "needs_spread_six")


def test_tonk_words_its_rules_sheet_and_its_answers():
    assert TONK.rule_sentences(HouseRules())[0] == (
        "stake",
        "Table",
        "The stake is 1 chip: every payment below is a whole number of stakes.",
    )
    first = TONK.answers(HouseRules())[0]
    assert (first.question, first.options) == ("May I drop after drawing?", ("drop_when",))
