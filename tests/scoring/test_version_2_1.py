"""Version 2.1 of the house-rules spec, settled: `caught_pays_to` (2.5 step 1) and
`deal_tonk_clash` "pay_all" (2.1), in chips and in points (2.7).

Every payout here is worked out by hand from the spec and written out literally: who pays
whom how much and why, and the net.
"""

from decimal import Decimal

import pytest

from referee.games.request import settle_request
from referee.rules import Refusal
from referee.rules.tonk import HouseRules, parse_outcome
from referee.scoring.settlement import Payment
from referee.scoring.tonk import settle
from tests.helpers import amounts, settled

CAUGHT, BONUS, DEALT = "caught", "lowest after a catch", "tonk on the deal"
FIVE = ["Anna", "Ben", "Carla", "Dan", "Eve"]
SIX = [*FIVE, "Finn"]


def drop(**totals):
    """Anna drops; every player's total."""
    return {"kind": "drop", "player": "Anna", "totals": totals}


def paid(payer, payee, amount, why):
    return Payment(payer, payee, Decimal(amount), why)


# caught_pays_to: whom a caught dropper pays (2.5 step 1)


def test_the_book_example_pays_only_the_lowest_and_the_others_pay_the_bonus():
    # "The knocker pays only the actual lowest player double": Anna's 8 is caught by Ben's 3;
    # Carla's 6 beat her and Dan tied her, but only Ben is paid; Carla and Dan pay the bonus.
    hand = settled(drop(Anna=8, Ben=3, Carla=6, Dan=8), {"caught_pays_to": "lowest"}, FIVE[:4])
    assert hand.result == "caught" and hand.winners == ("Ben",)
    assert hand.payments == (
        paid("Anna", "Ben", 2, CAUGHT),
        paid("Carla", "Ben", 1, BONUS),
        paid("Dan", "Ben", 1, BONUS),
    )
    assert hand.net == amounts(Anna=-2, Ben=4, Carla=-1, Dan=-1)


def test_the_same_hand_under_beaten_pays_everyone_who_beat_or_tied_as_version_2():
    hand = settled(drop(Anna=8, Ben=3, Carla=6, Dan=8), {"caught_pays_to": "beaten"}, FIVE[:4])
    assert hand.winners == ("Ben", "Carla", "Dan")
    assert hand.payments == (
        paid("Anna", "Ben", 2, CAUGHT),
        paid("Anna", "Carla", 2, CAUGHT),
        paid("Anna", "Dan", 2, CAUGHT),  # caught_pays_tied "all"
        paid("Carla", "Ben", 1, BONUS),
        paid("Dan", "Ben", 1, BONUS),
    )
    assert hand.net == amounts(Anna=-6, Ben=4, Carla=1, Dan=1)


# Anna drops with 10; Ben and Carla share the lowest, 4 (W); Dan ties Anna; Eve's 7 beat her.
# W is shared and caught_bonus_tie is "none": no bonus, whoever is paid for the catch.
SHARED_LOWEST = drop(Anna=10, Ben=4, Carla=4, Dan=10, Eve=7)
PAID_BELOW = [
    # caught_pays_to, caught_pays_tied, who Anna pays 2 each, net
    ("beaten", "all", ["Ben", "Carla", "Dan", "Eve"],
     amounts(Anna=-8, Ben=2, Carla=2, Dan=2, Eve=2)),
    ("beaten", "lowest", ["Ben", "Carla", "Eve"],  # Dan's tie is not the lowest
     amounts(Anna=-6, Ben=2, Carla=2, Dan=0, Eve=2)),
    ("beaten", "none", ["Ben", "Carla", "Eve"],
     amounts(Anna=-6, Ben=2, Carla=2, Dan=0, Eve=2)),
    ("lowest", "all", ["Ben", "Carla"], amounts(Anna=-4, Ben=2, Carla=2, Dan=0, Eve=0)),
    ("lowest", "lowest", ["Ben", "Carla"], amounts(Anna=-4, Ben=2, Carla=2, Dan=0, Eve=0)),
    ("lowest", "none", ["Ben", "Carla"], amounts(Anna=-4, Ben=2, Carla=2, Dan=0, Eve=0)),
]  # fmt: skip


@pytest.mark.parametrize(("to", "tied", "payees", "net"), PAID_BELOW)
def test_a_shared_lowest_below_the_dropper_is_paid_each(to, tied, payees, net):
    rules = {"caught_pays_to": to, "caught_pays_tied": tied}
    hand = settled(SHARED_LOWEST, rules, FIVE)
    assert hand.result == "caught" and hand.winners == tuple(payees)
    assert hand.payments == tuple(paid("Anna", name, 2, CAUGHT) for name in payees)
    assert hand.net == net


# Anna drops with 5 and Ben and Carla tie her for the lowest (d = L, caught on the tie);
# caught_bonus_tie "all": each of them collects 1 from Dan and Eve (not the dropper: "others").
TIED_LOWEST = drop(Anna=5, Ben=5, Carla=5, Dan=9, Eve=12)
BONUS_ROWS = (
    paid("Dan", "Ben", 1, BONUS),
    paid("Eve", "Ben", 1, BONUS),
    paid("Dan", "Carla", 1, BONUS),
    paid("Eve", "Carla", 1, BONUS),
)
TIED_PAID = (paid("Anna", "Ben", 2, CAUGHT), paid("Anna", "Carla", 2, CAUGHT))
PAID_ON_A_TIE = [
    # caught_pays_to, caught_pays_tied, the catch's rows, net
    ("beaten", "all", TIED_PAID, amounts(Anna=-4, Ben=4, Carla=4, Dan=-2, Eve=-2)),
    ("beaten", "lowest", TIED_PAID, amounts(Anna=-4, Ben=4, Carla=4, Dan=-2, Eve=-2)),
    ("beaten", "none", (), amounts(Anna=0, Ben=2, Carla=2, Dan=-2, Eve=-2)),
    ("lowest", "all", TIED_PAID, amounts(Anna=-4, Ben=4, Carla=4, Dan=-2, Eve=-2)),
    ("lowest", "lowest", TIED_PAID, amounts(Anna=-4, Ben=4, Carla=4, Dan=-2, Eve=-2)),
    ("lowest", "none", (), amounts(Anna=0, Ben=2, Carla=2, Dan=-2, Eve=-2)),
]


@pytest.mark.parametrize(("to", "tied", "rows", "net"), PAID_ON_A_TIE)
def test_a_shared_lowest_that_ties_the_dropper_is_paid_as_caught_pays_tied_says(
    to, tied, rows, net
):
    rules = {"caught_pays_to": to, "caught_pays_tied": tied, "caught_bonus_tie": "all"}
    hand = settled(TIED_LOWEST, rules, FIVE)
    assert hand.result == "caught" and hand.winners == ("Ben", "Carla")
    assert hand.payments == rows + BONUS_ROWS
    assert hand.net == net


@pytest.mark.parametrize("to", ["beaten", "lowest"])
def test_in_points_whom_a_caught_dropper_pays_changes_nothing(to):
    # 2.7: W (Ben, Carla) score 0, Anna her 10 doubled (caught_pays 2), the others once.
    rules = {"caught_pays_to": to, "scoring": "points"}
    hand = settled(SHARED_LOWEST, rules, FIVE)
    assert hand.result == "caught" and hand.winners == ("Ben", "Carla")
    assert hand.points == {"Anna": 20, "Ben": 0, "Carla": 0, "Dan": 10, "Eve": 7}
    assert hand.payments == () and not any(hand.net.values())


# deal_tonk_clash "pay_all" (2.1): every tonk is paid its own band by each player who did not
# tonk. Bands: 15 or less pays 3, 49 or 50 pays 2.
PAY_ALL = {
    "deal_tonk_clash": "pay_all",
    "deal_tonks": [{"min": 0, "max": 15, "pays": 3}, {"min": 49, "max": 50, "pays": 2}],
}


def test_three_tonks_in_two_bands_are_each_paid_their_band_by_every_other_player():
    # Anna 50 and Carla 49 pay 2, Eve's 12 pays 3; Ben, Dan and Finn did not tonk.
    hand = settled({"kind": "deal_tonk", "totals": {"Anna": 50, "Carla": 49, "Eve": 12}},
                   PAY_ALL, SIX)  # fmt: skip
    assert hand.result == "deal_tonk" and hand.winners == ("Anna", "Carla", "Eve")
    assert hand.payments == (
        paid("Ben", "Anna", 2, DEALT),
        paid("Dan", "Anna", 2, DEALT),
        paid("Finn", "Anna", 2, DEALT),
        paid("Ben", "Carla", 2, DEALT),
        paid("Dan", "Carla", 2, DEALT),
        paid("Finn", "Carla", 2, DEALT),
        paid("Ben", "Eve", 3, DEALT),
        paid("Dan", "Eve", 3, DEALT),
        paid("Finn", "Eve", 3, DEALT),
    )  # the tonks pay each other nothing
    assert hand.net == amounts(Anna=6, Ben=-7, Carla=6, Dan=-7, Eve=9, Finn=-7)


def test_a_lone_tonk_under_pay_all_is_paid_as_any_tonk_on_the_deal():
    hand = settled({"kind": "deal_tonk", "totals": {"Ben": 12}}, PAY_ALL)
    assert hand.winners == ("Ben",)
    assert hand.payments == (paid("Anna", "Ben", 3, DEALT), paid("Carla", "Ben", 3, DEALT))
    assert hand.net == amounts(Anna=-3, Ben=6, Carla=-3)


def test_when_everyone_tonked_under_pay_all_the_hand_is_a_draw():
    hand = settled({"kind": "deal_tonk", "totals": {"Anna": 50, "Ben": 49, "Carla": 12}}, PAY_ALL)
    assert hand.result == "deal_tonk_draw" and hand.winners == ()
    assert hand.payments == () and hand.net == amounts(Anna=0, Ben=0, Carla=0)


def test_pay_all_in_points_counts_each_others_points_the_sum_of_the_tonks_pays():
    # 2 + 2 + 3 = 7: Ben's 20, Dan's 31 and Finn's 17 count 7 times; the tonks score 0.
    totals = {"Anna": 50, "Ben": 20, "Carla": 49, "Dan": 31, "Eve": 12, "Finn": 17}
    hand = settled({"kind": "deal_tonk", "totals": totals}, {**PAY_ALL, "scoring": "points"}, SIX)
    assert hand.result == "deal_tonk" and hand.winners == ("Anna", "Carla", "Eve")
    assert hand.points == {"Anna": 0, "Ben": 140, "Carla": 0, "Dan": 217, "Eve": 0, "Finn": 119}
    everyone = {"Anna": 50, "Ben": 49, "Carla": 12}
    drawn = settled({"kind": "deal_tonk", "totals": everyone}, {**PAY_ALL, "scoring": "points"})
    assert drawn.result == "deal_tonk_draw"
    assert drawn.points == {"Anna": 0, "Ben": 0, "Carla": 0}


# Refusals name the option


def test_a_bad_caught_pays_to_is_refused_naming_the_field():
    with pytest.raises(Refusal) as refused:
        HouseRules.from_json({"caught_pays_to": "lower"})
    assert refused.value.message == (
        'House rule caught_pays_to: \'lower\' is not allowed; allowed: "beaten" or "lowest"'
    )
    assert (refused.value.field, refused.value.player) == ("caught_pays_to", None)


def test_a_bad_deal_tonk_clash_is_refused_listing_pay_all():
    with pytest.raises(Refusal) as refused:
        settle_request({"players": ["Anna", "Ben"], "rules": {"deal_tonk_clash": "pay_each"},
                        "outcome": {"kind": "out", "player": "Anna"}})  # fmt: skip
    assert refused.value.message == (
        "House rule deal_tonk_clash: 'pay_each' is not allowed; allowed: \"draw\", "
        '"low_beats_high", "high_beats_low" or "pay_all"'
    )
    assert (refused.value.field, refused.value.player) == ("deal_tonk_clash", None)


# Rules stored before version 2.1 (no caught_pays_to) read the version 2 default


def test_rules_stored_without_caught_pays_to_pay_everyone_who_beat_the_dropper():
    for stored in ({}, {"caught_pays_tied": "lowest"}, {"caught_on_tie": False}):
        assert HouseRules.from_stored(stored).caught_pays_to == "beaten"
    # A table's rules stored in version 2, and a request that does not name the option.
    old = HouseRules.from_stored({"caught_pays_tied": "none"})
    hand = settle(old, FIVE[:4], parse_outcome(drop(Anna=8, Ben=3, Carla=6, Dan=8)))
    # Ben and Carla beat Anna and are paid 2; Dan's tie is not ("none"); Ben's bonus of 1.
    assert hand.net == amounts(Anna=-4, Ben=4, Carla=1, Dan=-1)
    answer = settle_request(
        {"players": FIVE[:4], "rules": {"caught_pays_tied": "none"},
         "outcome": drop(Anna=8, Ben=3, Carla=6, Dan=8)}
    )  # fmt: skip
    assert answer.net == amounts(Anna=-4, Ben=4, Carla=1, Dan=-1)
