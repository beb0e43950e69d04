"""Properties every Tongits settlement holds, over random rules, players, states and games."""

from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games.request import settle_request
from referee.rules import Refusal
from referee.rules.tongits import TongitsRules, parse_outcome, parse_state
from referee.scoring.tongits.night import PlayedGame, replay
from referee.scoring.tongits.settle import TONGITS_RESULTS, settle

NAMES = ["Anna", "Ben", "Carla", "Dan"]

rule_changes = st.fixed_dictionaries(
    {},
    optional={
        "stake": st.decimals(min_value=Decimal("0.01"), max_value=1_000_000, places=2),
        "ante": st.integers(0, 10),
        "second_win_bonus": st.integers(0, 10),
        "tongits_pays": st.integers(1, 10),
        "fold_pays": st.integers(1, 10),
        "fight_pays": st.integers(1, 10),
        "stock_out_pays": st.integers(1, 10),
        "bisaklat_pays": st.integers(1, 10),
        "burned_factor": st.sampled_from([1, 2, 3]),
        "secret_bonus": st.integers(0, 10),
        "escalera_bonus": st.integers(0, 10),
        "ace_bonus": st.integers(0, 10),
        "play_direction": st.sampled_from(["counterclockwise", "clockwise"]),
        "sapaw_blocks_draw": st.booleans(),
        "next_dealer": st.sampled_from(["winner", "rotate"]),
        # Version 2 (section 6)
        "opening_ante": st.integers(0, 10),
        "jackpot_wins": st.sampled_from([1, 2, 3, 4, 5]),
        "run_bonus": st.integers(0, 10),
        "joiner_matches_pot": st.booleans(),
        "burned_extra": st.integers(0, 10),
        "king_bonus": st.integers(0, 10),
        "draw_pays": st.sampled_from(["winner", "caller"]),
        "point_pays": st.integers(0, 5),
        "point_pays_on": st.sampled_from(["difference", "total"]),
        "jokers": st.sampled_from([0, 2]),
    },
)
# What a joker counts and pays, read only where the jokers are played (6.1).
joker_changes = st.fixed_dictionaries(
    {}, optional={"joker_points": st.integers(0, 10), "joker_bonus": st.integers(0, 10)}
)


@st.composite
def tables(draw):
    """Rules and their players, as many as the rules seat, in the order of play."""
    seats = draw(st.sampled_from([3, 4]))
    changes = {**draw(rule_changes), "seats": seats}
    if changes.get("jokers") == 2:
        changes.update(draw(joker_changes))
    rules = TongitsRules.from_json(changes)
    players = draw(st.permutations(NAMES).map(lambda names: names[:seats]))
    return rules, players


@st.composite
def outcomes(draw, rules, players):
    """An ending shaped as the rules ask, always one that can be."""
    kind = draw(st.sampled_from(["tongits", "draw", "stock_out", "bisaklat"]))
    total = st.integers(0, 10 * rules.most_cards)
    burned = draw(st.lists(st.sampled_from(players), unique=True, max_size=len(players)))
    concealed = [name for name in players if name not in burned and draw(st.booleans())]
    aces = draw(st.integers(0, 4))
    bonuses = {
        draw(st.sampled_from(players)): {
            "secret": draw(st.integers(0, 1)),
            "escalera": draw(st.integers(0, 2)),
            "aces": aces,
            "kings": draw(st.integers(0, 4)),
            "jokers": draw(st.integers(0, rules.jokers)),
        }
    }
    outcome = {"kind": kind, "bonuses": bonuses}
    if kind in ("tongits", "bisaklat"):
        player = draw(st.sampled_from(players))
        if kind == "tongits":
            burned = [name for name in burned if name != player]
            concealed = [name for name in concealed if name != player]
            outcome.update(burned=burned, concealed=concealed)
        outcome["player"] = player
    elif kind == "draw":
        callers = [name for name in players if name not in burned and name not in concealed]
        caller = draw(st.sampled_from(callers)) if callers else players[0]
        burned = [name for name in burned if name != caller]
        concealed = [name for name in concealed if name != caller]
        can_fight = [name for name in players if name != caller and name not in burned]
        fought = draw(st.lists(st.sampled_from(can_fight), unique=True)) if can_fight else []
        totals = {name: draw(total) for name in (caller, *fought)}
        sapaw = not rules.sapaw_blocks_draw and draw(st.booleans())
        outcome.update(caller=caller, fought=fought, totals=totals, burned=burned,
                       concealed=concealed, sapaw_on_caller=sapaw)  # fmt: skip
    else:
        last_card = draw(st.sampled_from(players))
        totals = {name: draw(total) for name in players}
        outcome.update(totals=totals, last_card=last_card, burned=burned, concealed=concealed)
    return outcome


@st.composite
def states(draw, players):
    share = st.decimals(min_value=0, max_value=1000, places=2)
    pot = draw(st.dictionaries(st.sampled_from(players), share))
    streak = draw(
        st.none()
        | st.fixed_dictionaries({"player": st.sampled_from(players), "wins": st.integers(1, 5)})
    )
    dealer = draw(st.none() | st.sampled_from(players))
    return {"pot": pot, "streak": streak, "dealer": dealer}


@st.composite
def games(draw):
    rules, players = draw(tables())
    return rules, players, draw(outcomes(rules, players)), draw(states(players))


def settle_or_none(rules, players, outcome, state):
    try:
        return settle(rules, players, parse_outcome(outcome), parse_state(state))
    except Refusal:
        return None


# What a draw paid by the caller pays between the caller and another player (6.5).
PAIRED = {"lost the fight", "folded", "folded, burned", "points behind", "points in hand"}


@given(games())
@settings(max_examples=300)
def test_every_game_is_zero_sum_to_the_cent_and_pays_the_winner_or_a_pair(game):
    rules, players, outcome, state = game
    settled = settle_or_none(rules, players, outcome, state)
    if settled is None:
        return
    assert sum(settled.net.values(), Decimal(0)) == 0
    assert set(settled.net) == set(players)
    assert settled.result in TONGITS_RESULTS and settled.points is None
    paired = outcome["kind"] == "draw" and rules.draw_pays == "caller"
    for payment in settled.payments:
        assert payment.payer != payment.payee, "nobody pays themselves"
        assert payment.amount > 0
        assert payment.amount == payment.amount.quantize(Decimal("0.01"))
        if (payment.payee,) != settled.winners:
            assert paired and payment.why in PAIRED
            assert outcome["caller"] in (payment.payer, payment.payee)
    if settled.winners and not paired:
        (winner,) = settled.winners
        assert settled.net[winner] == sum(p.amount for p in settled.payments)
    keys = [(p.payer, p.payee, p.why) for p in settled.payments]
    assert len(keys) == len(set(keys)), "merged per payer, payee and why"


@given(games())
@settings(max_examples=300)
def test_a_burned_player_never_wins(game):
    rules, players, outcome, state = game
    settled = settle_or_none(rules, players, outcome, state)
    if settled is not None:
        assert not set(settled.winners) & set(outcome.get("burned", []))


@given(games())
@settings(max_examples=200)
def test_the_generated_games_can_all_be_settled(game):
    """The strategies make only games that can be, so the properties above are not vacuous."""
    assert settle_or_none(*game) is not None


POOL = [*NAMES, "Eve", "Fay"]


@st.composite
def nights(draw):
    """A night of 30 games under one table's rules: between games a player may leave and
    another sit in, and a game may be voided."""
    rules, players = draw(tables())
    seated = list(players)
    played = []
    for _ in range(30):
        if draw(st.integers(0, 3)) == 0:
            leaver = draw(st.sampled_from(seated))
            joiner = draw(st.sampled_from([name for name in POOL if name not in seated]))
            seated[seated.index(leaver)] = joiner
        outcome = parse_outcome(draw(outcomes(rules, seated)))
        played.append(PlayedGame(draw(st.integers(0, 9)) == 0, rules, tuple(seated), outcome))
    return played


@given(nights())
@settings(max_examples=60, suppress_health_check=[HealthCheck.data_too_large, HealthCheck.too_slow])
def test_over_a_night_each_game_is_zero_sum_and_the_pots_books_balance(night):
    """What is in the pot and what was taken from it is what the antes put in, with the
    shares joiners matched (6.7), less the shares players took with them when they left."""
    pot: dict[str, Decimal] = {}
    put_in = taken = Decimal(0)
    for game, settled in zip(night, replay(night), strict=True):
        if settled is None:
            assert game.void
            continue
        assert sum(settled.net.values(), Decimal(0)) == 0
        seated = {name: share for name, share in pot.items() if name in game.players}
        put_in -= sum(pot.values(), Decimal(0)) - sum(seated.values(), Decimal(0))
        largest = max(seated.values(), default=Decimal(0))
        if game.rules.joiner_matches_pot and largest > 0:
            put_in += largest * len(set(game.players) - set(seated))
        opening = 0 if any(seated.values()) else game.rules.opening_ante
        put_in += game.rules.stake * (game.rules.ante + opening) * len(game.players)
        taken += settled.pot_won
        pot = dict(settled.state.pot)
        assert set(pot) == set(game.players)
        assert sum(pot.values(), Decimal(0)) + taken == put_in


# Any JSON-ish request: every answer is a settlement or a Refusal, nothing else escapes.
FIELDS = ["kind", "player", "caller", "fought", "totals", "sapaw_on_caller", "last_card",
          "burned", "concealed", "bonuses", "secret", "escalera", "aces", "pot", "streak",
          "dealer", "wins", "stake", "seats", "ante", *NAMES]  # fmt: skip
scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.decimals(allow_nan=True, allow_infinity=True)
    | st.floats()
    | st.sampled_from([*NAMES, "tongits", "draw", "stock_out", "bisaklat", ""])
    | st.text(max_size=5)
)
json_ish = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=3), inner, max_size=5)
    ),
    max_leaves=20,
)


@st.composite
def requests(draw):
    players = draw(st.sampled_from([NAMES[:3], NAMES, NAMES[:2]]) | json_ish)
    request = {"game": "tongits", "players": players}
    kind = draw(st.sampled_from(["tongits", "draw", "stock_out", "bisaklat"]))
    outcome = draw(st.dictionaries(st.sampled_from(FIELDS), json_ish, max_size=6))
    request["outcome"] = {"kind": kind, **outcome} if draw(st.booleans()) else outcome
    if draw(st.booleans()):
        request["state"] = draw(
            st.fixed_dictionaries({}, optional={"pot": json_ish, "streak": json_ish,
                                                "dealer": json_ish}) | json_ish
        )  # fmt: skip
    if draw(st.booleans()):
        request["rules"] = draw(json_ish)
    if draw(st.booleans()):
        request["preset"] = draw(
            st.sampled_from(["tongits", "three-hits", "1-3-5", "joker"]) | json_ish
        )
    return request


@given(requests())
@settings(max_examples=500)
def test_every_request_is_settled_or_refused_never_an_error(request):
    try:
        settled = settle_request(request)
    except Refusal as refusal:
        assert refusal.message
    else:
        assert sum(settled.net.values(), Decimal(0)) == 0
