"""Properties every settlement holds, over random rules, players and outcomes."""

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules import Refusal
from referee.rules.cards import dealt_totals, value_copies
from referee.rules.tonk import KINDS, Drop, HouseRules, parse_outcome
from referee.rules.tonk.outcome import most_cards
from referee.scoring.tonk import settle
from referee.scoring.tonk.settle import DRAWS, RESULTS

NAMES = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn"]

band = st.builds(
    lambda low, width, pays: {"min": low, "max": min(low + width, 120), "pays": pays},
    st.integers(0, 60), st.integers(0, 60), st.integers(1, 10),
)  # fmt: skip
rule_changes = st.fixed_dictionaries(
    {},
    optional={
        "stake": st.decimals(min_value=Decimal("0.01"), max_value=1_000_000, places=2),
        "hand_size": st.sampled_from([3, 5, 7, 12]),
        "deck": st.sampled_from(["52", "40"]),
        "scoring": st.sampled_from(["chips", "points"]),
        "deal_tonks": st.lists(band, max_size=3),
        "deal_tonk_clash": st.sampled_from(["draw", "low_beats_high", "high_beats_low", "pay_all"]),
        "tonk_out_pays": st.integers(1, 10),
        "tonk_out_six_pays": st.none() | st.integers(1, 10),
        "tonk_out_needs_six": st.booleans(),
        "double_double_pays": st.none() | st.integers(1, 20),
        "out_pays": st.integers(1, 10),
        "drop_win_pays": st.integers(1, 10),
        "caught_on_tie": st.booleans(),
        "caught_pays": st.integers(1, 10),
        "caught_pays_to": st.sampled_from(["beaten", "lowest"]),
        "caught_pays_tied": st.sampled_from(["all", "lowest", "none"]),
        "caught_bonus_from": st.sampled_from(["others", "all", "none"]),
        "caught_bonus_tie": st.sampled_from(["none", "all"]),
        "stock_out_pays": st.integers(1, 10),
        "stock_out_tie": st.sampled_from(["draw", "all", "last_draw"]),
        "drop_when": st.sampled_from(["before_draw", "any_time"]),
    },
)


@st.composite
def tables(draw):
    rules = HouseRules.from_json(draw(rule_changes))
    players = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=6, unique=True))
    return rules, players


@st.composite
def possible_hands(draw):
    """Rules, seated players and an outcome shaped as those rules ask, mostly settled."""
    rules, players = draw(tables())
    kind = draw(st.sampled_from(KINDS))
    player = draw(st.sampled_from(players))
    # What each player holds comes from one shuffled deck: 1 to hand_size cards (2.8).
    deck = draw(
        st.permutations([v for v, copies in value_copies(rules.deck) for _ in range(copies)])
    )

    def held(name):
        dropper = kind == "drop" and name == player
        cards = draw(st.integers(1, most_cards(rules, dropper=dropper)))
        taken = deck[:cards]
        del deck[:cards]
        return sum(taken)

    totals = {}
    if kind == "deal_tonk":
        dealt = sorted(dealt_totals(rules.deck, rules.hand_size))
        tonks = [t for t in dealt if rules.deal_tonk_pays(t) is not None] or dealt
        showing = draw(st.lists(st.sampled_from(players), min_size=1, unique=True))
        everyone = players if rules.scoring == "points" else showing
        totals = {
            name: draw(st.sampled_from(tonks if name in showing else dealt)) for name in everyone
        }
    elif kind in ("drop", "stock_out") or rules.scoring == "points":
        totals = {name: held(name) for name in players}
        if kind in ("tonk_out", "double_double", "out"):
            totals[player] = 0
    low = min(totals.values(), default=0)
    outcome = dict(
        kind=kind,
        player=player if kind in ("tonk_out", "double_double", "out", "drop") else None,
        totals=totals,
        spread_six=draw(st.booleans()) if kind == "tonk_out" else None,
        last_draw=draw(st.sampled_from([n for n in players if totals.get(n) == low] or players))
        if kind == "stock_out"
        else None,
    )
    return rules, players, {key: value for key, value in outcome.items() if value is not None}


@st.composite
def any_hands(draw):
    """Rules, seated players and an outcome that is rarely possible: stray and missing fields."""
    rules, players = draw(tables())
    someone = st.sampled_from(players)
    counted = draw(st.sampled_from(["everyone", "some", "nobody"]))
    names = {"everyone": players, "nobody": []}.get(counted) or draw(
        st.lists(someone, unique=True, max_size=len(players))
    )
    totals = {name: draw(st.integers(-2, 130) | st.integers(1, 20)) for name in names}
    outcome = dict(
        kind=draw(st.sampled_from(KINDS)),
        player=draw(st.none() | someone),
        totals=totals,
        spread_six=draw(st.none() | st.booleans()),
        last_draw=draw(st.none() | someone),
    )
    return rules, players, {key: value for key, value in outcome.items() if value is not None}


@settings(max_examples=1000)
@given(possible_hands() | any_hands())
def test_every_hand_is_settled_exactly_or_refused_cleanly(hand):
    rules, players, data = hand
    try:
        outcome = parse_outcome(data)
        result = settle(rules, players, outcome)
    except Refusal as refused:
        assert refused.message
        return
    assert result.result in RESULTS
    assert list(result.net) == players
    assert sum(result.net.values()) == 0  # zero-sum to the cent, exactly
    for payment in result.payments:
        assert payment.amount > 0
        assert payment.payer != payment.payee
        assert payment.amount % rules.stake == 0
        assert isinstance(payment.amount, Decimal)
    for name in players:
        got = sum(p.amount for p in result.payments if p.payee == name)
        paid = sum(p.amount for p in result.payments if p.payer == name)
        assert result.net[name] == got - paid
    if result.result in DRAWS:
        assert result.payments == () and result.winners == ()
        assert not any(result.net.values())
    if result.result == "caught":
        assert result.net[outcome.player] <= 0 and outcome.player not in result.winners
        assert all(p.payee != outcome.player for p in result.payments)
        others = [outcome.totals[name] for name in players if name != outcome.player]
        tie_for_lowest = outcome.totals[outcome.player] == min(others)
        if rules.scoring == "chips" and not (tie_for_lowest and rules.caught_pays_tied == "none"):
            # Caught on a tie for the lowest with ties unpaid (2.5), the catch itself costs
            # nothing: only a bonus from everyone can cost the dropper.
            assert result.net[outcome.player] < 0
    if rules.scoring == "points":
        assert result.payments == () and not any(result.net.values())
        assert set(result.points) == set(players)
        assert all(result.points[name] == 0 for name in result.winners)
        assert all(points >= 0 for points in result.points.values())
    else:
        assert result.points is None
        assert set(result.winners) == {p.payee for p in result.payments}


@settings(max_examples=300)
@given(tables())
def test_a_drop_with_the_strictly_lowest_total_always_wins(table):
    rules, players = table
    rules = HouseRules.from_json({**rules.to_json(), "scoring": "chips"})
    dropper, *others = players
    totals = {dropper: 1, **{name: 2 + i for i, name in enumerate(others)}}
    result = settle(rules, players, Drop(player=dropper, totals=totals))
    assert result.result == "drop_won"
    assert result.net[dropper] == rules.stake * rules.drop_win_pays * len(others)
