"""The end-of-night settle-up: fewest payments, checked against greedy and a brute force."""

from collections import deque
from decimal import Decimal

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from referee.rules.refusal import Refusal
from referee.scoring.settle_up import Transfer, banker_transfers, fewest_transfers, transfers_for

NAMES = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn"]


def money(**balances):
    return {name: Decimal(amount) for name, amount in balances.items()}


def applied(balances, transfers):
    """The balances after every transfer is paid."""
    left = dict(balances)
    for transfer in transfers:
        left[transfer.payer] += transfer.amount
        left[transfer.payee] -= transfer.amount
    return left


def greedy(balances):
    """The usual shortcut: biggest debtor pays biggest creditor until all are square."""
    left = {name: amount for name, amount in balances.items() if amount != 0}
    transfers = []
    while left:
        debtor = min(left, key=lambda name: left[name])
        creditor = max(left, key=lambda name: left[name])
        amount = min(-left[debtor], left[creditor])
        transfers.append(Transfer(debtor, creditor, amount))
        for name, change in ((debtor, amount), (creditor, -amount)):
            left[name] += change
            if left[name] == 0:
                del left[name]
    return transfers


def brute_force_fewest(balances):
    """Breadth-first over every way to pay in full-or-until-square moves: the true minimum."""
    start = tuple(sorted(amount for amount in balances.values() if amount != 0))
    depth = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if not state:
            return depth[state]
        for debtor in (i for i, amount in enumerate(state) if amount < 0):
            for creditor in (i for i, amount in enumerate(state) if amount > 0):
                amount = min(-state[debtor], state[creditor])
                after = list(state)
                after[debtor] += amount
                after[creditor] -= amount
                key = tuple(sorted(value for value in after if value != 0))
                if key not in depth:
                    depth[key] = depth[state] + 1
                    queue.append(key)
    raise AssertionError("balances that sum to zero always settle")


def check_settles(balances, transfers):
    assert all(amount == 0 for amount in applied(balances, transfers).values())
    for transfer in transfers:
        assert isinstance(transfer.amount, Decimal) and transfer.amount > 0
        assert transfer.payer != transfer.payee


# Worked examples


def test_greedy_needs_four_payments_where_three_will_do():
    balances = money(A=6, B=4, C=3, D=-7, E=-6)
    assert len(greedy(balances)) == 4
    assert brute_force_fewest(balances) == 3
    assert fewest_transfers(balances) == [
        Transfer("D", "B", Decimal(4)),
        Transfer("D", "C", Decimal(3)),
        Transfer("E", "A", Decimal(6)),
    ]


def test_pairs_that_cancel_are_settled_as_pairs():
    balances = money(Anna=3, Ben=4, Carla=-3, Dan=-4)
    assert fewest_transfers(balances) == [
        Transfer("Carla", "Anna", Decimal(3)),
        Transfer("Dan", "Ben", Decimal(4)),
    ]


def test_one_winner_is_paid_by_each_loser_in_seat_order():
    balances = money(Anna="-2.50", Ben="7.75", Carla="-5.25")
    assert fewest_transfers(balances) == [
        Transfer("Anna", "Ben", Decimal("2.50")),
        Transfer("Carla", "Ben", Decimal("5.25")),
    ]


def test_players_who_broke_even_pay_and_receive_nothing():
    balances = money(Anna=0, Ben="12.00", Carla=0, Dan="-12.00")
    assert fewest_transfers(balances) == [Transfer("Dan", "Ben", Decimal("12.00"))]
    assert fewest_transfers(money(Anna=0, Ben=0)) == []
    assert fewest_transfers({}) == []


def test_amounts_in_whole_money_and_cents_mix_exactly():
    balances = money(Anna="0.01", Ben=-1, Carla="0.99")
    transfers = fewest_transfers(balances)
    check_settles(balances, transfers)
    assert [t.amount for t in transfers] == [Decimal("0.01"), Decimal("0.99")]


def test_amounts_beyond_the_decimal_context_precision_stay_exact():
    # 31 digits, past the default context's 28: arithmetic there would round.
    balances = money(
        Anna="12345678901234567890123456789.01",
        Ben="-0.01",
        Carla="-12345678901234567890123456789.00",
    )
    assert fewest_transfers(balances) == [
        Transfer("Ben", "Anna", Decimal("0.01")),
        Transfer("Carla", "Anna", Decimal("12345678901234567890123456789.00")),
    ]


def test_sixteen_players_owing_or_owed_are_searched():
    balances = {f"P{i}": Decimal(i + 1) for i in range(15)}
    balances["P15"] = -sum(balances.values())
    transfers = fewest_transfers(balances)
    check_settles(balances, transfers)
    assert len(transfers) == 15


def test_players_at_zero_do_not_count_towards_the_limit():
    balances = {f"P{i}": Decimal(0) for i in range(20)} | money(Anna=5, Ben=-5)
    assert fewest_transfers(balances) == [Transfer("Ben", "Anna", Decimal(5))]


# Refusals


def test_balances_that_do_not_sum_to_zero_are_refused():
    with pytest.raises(Refusal) as refused:
        fewest_transfers(money(Anna="10.00", Ben="-9.99"))
    assert "add up to 0.01, not 0" in refused.value.message
    assert refused.value.field == "balances"


def test_more_than_sixteen_players_owing_or_owed_are_refused():
    balances = {f"P{i}": Decimal(1) for i in range(16)} | {"Bank": Decimal(-16)}
    with pytest.raises(Refusal) as refused:
        fewest_transfers(balances)
    assert "17 players" in refused.value.message and "at most 16" in refused.value.message


@pytest.mark.parametrize("amount", [5.0, Decimal("NaN"), Decimal("Infinity"), 5])
def test_a_balance_that_is_not_an_exact_decimal_is_refused(amount):
    balances = {"Anna": amount, "Ben": Decimal(-5)}
    for settle_up in (fewest_transfers, lambda b: banker_transfers(b, "Ben")):
        with pytest.raises(Refusal) as refused:
            settle_up(balances)
        assert refused.value.player == "Anna"


# Banker


def test_the_banker_collects_from_losers_and_pays_winners():
    balances = money(Anna="-3.00", Ben="10.00", Carla="-4.50", Dan=0, Eve="-2.50")
    assert banker_transfers(balances, "Anna") == [
        Transfer("Anna", "Ben", Decimal("10.00")),
        Transfer("Carla", "Anna", Decimal("4.50")),
        Transfer("Eve", "Anna", Decimal("2.50")),
    ]


def test_an_unknown_banker_is_refused():
    with pytest.raises(Refusal) as refused:
        banker_transfers(money(Anna=1, Ben=-1), "Zoe")
    assert (refused.value.field, refused.value.player) == ("banker", "Zoe")


def test_a_banker_cannot_settle_balances_that_do_not_sum_to_zero():
    with pytest.raises(Refusal) as refused:
        banker_transfers(money(Anna=1, Ben=-2), "Anna")
    assert "add up to -1, not 0" in refused.value.message


# Properties

amounts = st.one_of(
    st.integers(-12, 12).map(Decimal),
    st.decimals(min_value=-100, max_value=100, places=2),
)


@st.composite
def balances(draw):
    """A night's balances for 2 to 6 players, summing to exactly zero.

    Built from one to three groups that each cancel out, so splitting into groups
    (the hard part, where greedy goes wrong) is tried often; random amounts alone
    almost never cancel in part.
    """
    players = draw(st.permutations(NAMES))[: draw(st.integers(2, 6))]
    cuts = draw(st.lists(st.integers(1, len(players) - 1), max_size=2, unique=True))
    night = {}
    for start, end in zip([0, *sorted(cuts)], [*sorted(cuts), len(players)], strict=True):
        group = players[start:end]
        values = [draw(amounts) for _ in group[1:]]
        night.update(zip(group, [-sum(values, Decimal(0)), *values], strict=True))
    return night


@given(balances())
@settings(max_examples=300)
def test_fewest_transfers_square_everyone_exactly(night):
    transfers = fewest_transfers(night)
    check_settles(night, transfers)
    assert all(night[t.payer] < 0 < night[t.payee] for t in transfers)
    owing_or_owed = sum(1 for amount in night.values() if amount != 0)
    assert len(transfers) <= max(owing_or_owed - 1, 0)
    assert len(transfers) <= len(greedy(night))
    assert len({(t.payer, t.payee) for t in transfers}) == len(transfers)
    assert fewest_transfers(night) == transfers


@given(balances())
@example(money(A=6, B=4, C=3, D=-7, E=-6))  # greedy takes 4 here
@example(money(A=2, B=2, C=-1, D=-1, E=-1, F=-1))
@settings(max_examples=200, deadline=None)
def test_fewest_transfers_match_the_brute_force_minimum(night):
    assert len(fewest_transfers(night)) == brute_force_fewest(night)


@given(balances(), st.data())
@settings(max_examples=300)
def test_every_banker_transfer_involves_the_banker(night, data):
    banker = data.draw(st.sampled_from(sorted(night)))
    transfers = banker_transfers(night, banker)
    check_settles(night, transfers)
    assert all(banker in (t.payer, t.payee) for t in transfers)
    others = {name for name, amount in night.items() if amount != 0 and name != banker}
    assert sorted(t.payee if t.payer == banker else t.payer for t in transfers) == sorted(others)


# Literal answers: the exact transfers, and the exact refusal with its field and player.


def test_transfers_come_in_seat_order_not_in_alphabetical_order():
    assert fewest_transfers(money(Bob=1, Amy=1, Zed=-2)) == [
        Transfer("Zed", "Bob", Decimal(1)),
        Transfer("Zed", "Amy", Decimal(1)),
    ]


def test_a_group_of_three_debtors_is_cleared_debtor_by_debtor_in_seat_order():
    # No smaller group sums to zero, so five players settle in four payments, each
    # debtor paying down the creditors in turn.
    assert fewest_transfers(money(A=-3, B=-4, C=-6, D=5, E=8)) == [
        Transfer("A", "D", Decimal(3)),
        Transfer("B", "D", Decimal(2)),
        Transfer("B", "E", Decimal(2)),
        Transfer("C", "E", Decimal(6)),
    ]


def test_a_group_of_three_creditors_is_paid_creditor_by_creditor_in_seat_order():
    assert fewest_transfers(money(A=3, B=4, C=6, D=-5, E=-8)) == [
        Transfer("D", "A", Decimal(3)),
        Transfer("D", "B", Decimal(2)),
        Transfer("E", "B", Decimal(2)),
        Transfer("E", "C", Decimal(6)),
    ]


def test_whole_amounts_written_with_an_exponent_are_paid_as_whole_numbers():
    (transfer,) = fewest_transfers({"Anna": Decimal("1E+1"), "Ben": Decimal("-1E+1")})
    assert (transfer.payer, transfer.payee, str(transfer.amount)) == ("Ben", "Anna", "10")


def refusal(call):
    with pytest.raises(Refusal) as refused:
        call()
    return refused.value.message, refused.value.field, refused.value.player


def test_refusals_of_the_settle_up_name_the_field_and_the_player():
    assert refusal(lambda: fewest_transfers(money(Anna=1, Ben="-0.5"))) == (
        "The balances add up to 0.5, not 0: every win tonight must be someone's loss before "
        "the table can settle up",
        "balances",
        None,
    )
    assert refusal(lambda: fewest_transfers({"Anna": Decimal(1), "Ben": -1.0})) == (
        "Ben: -1.0 is not an exact amount of money",
        "balances",
        "Ben",
    )
    many = {f"P{i}": Decimal(1 if i % 2 else -1) for i in range(18)}
    assert refusal(lambda: fewest_transfers(many)) == (
        "18 players have money owed or owing; fewest transfers can settle at most 16. Settle "
        "with a banker instead.",
        "balances",
        None,
    )
    assert refusal(lambda: banker_transfers(money(Anna=1, Ben=-1), "Zed")) == (
        "Zed has no balance tonight, so cannot be the banker",
        "banker",
        "Zed",
    )


def test_each_way_of_settling_up_gives_its_own_transfers():
    night = money(Anna=1, Ben=1, Carla=-2)
    assert transfers_for(night, "as_is") == []
    assert transfers_for(night, "fewest") == [
        Transfer("Carla", "Anna", Decimal(1)),
        Transfer("Carla", "Ben", Decimal(1)),
    ]
    assert transfers_for(night, "banker", "Anna") == [
        Transfer("Anna", "Ben", Decimal(1)),
        Transfer("Carla", "Anna", Decimal(2)),
    ]


@pytest.mark.parametrize("named", [None, ""])
def test_settling_with_a_banker_not_named_is_refused_asking_who(named):
    assert refusal(lambda: transfers_for(money(Anna=1, Ben=-1), "banker", named)) == (
        "to: say who is the banker",
        "to",
        None,
    )


@pytest.mark.parametrize("mode", ["cash", "", "Fewest", "as is"])
def test_a_way_to_settle_up_there_is_not_is_refused_naming_the_ways(mode):
    assert refusal(lambda: transfers_for(money(Anna=1, Ben=-1), mode)) == (
        "mode: choose fewest, banker, as_is",
        "mode",
        None,
    )
