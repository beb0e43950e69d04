"""The worked examples of section 2.9 of the house-rules spec."""

from decimal import Decimal

from referee.rules.cards import card_value
from referee.scoring.settlement import Payment
from tests.helpers import amounts, settled


def test_001_anna_drops_with_6_and_is_caught_by_ben():
    hand = settled({"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Ben": 4, "Carla": 11}})
    assert hand.result == "caught"
    assert hand.winners == ("Ben",)
    assert hand.payments == (
        Payment("Anna", "Ben", Decimal(2), "caught"),
        Payment("Carla", "Ben", Decimal(1), "lowest after a catch"),
    )
    assert hand.net == amounts(Anna=-2, Ben=3, Carla=-1)
    assert hand.points is None


def test_001_a_dealt_k_q_j_10_9_is_49_and_each_other_player_pays_2():
    dealt = sum(card_value(rank) for rank in ("K", "Q", "J", "10", "9"))
    assert dealt == 49
    hand = settled({"kind": "deal_tonk", "totals": {"Carla": dealt}})
    assert hand.result == "deal_tonk" and hand.winners == ("Carla",)
    assert hand.net == amounts(Anna=-2, Ben=-2, Carla=4)


def test_002_black_company_a_dealt_15_or_less_is_a_tonk_too():
    low = settled({"kind": "deal_tonk", "totals": {"Ben": 15}}, preset="black-company")
    assert low.net == amounts(Anna=-2, Ben=4, Carla=-2)
    high = settled({"kind": "deal_tonk", "totals": {"Ben": 49}}, preset="black-company")
    assert high.net == low.net
