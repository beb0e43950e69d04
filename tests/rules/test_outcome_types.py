"""One class per way a hand ends: parse_outcome picks it, to_json writes what was read; and
whatever is sent, a reader answers an outcome or a refusal, never pydantic's own error."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from referee.games import TONGITS
from referee.rules import Refusal
from referee.rules.tongits.outcome import KINDS as TONGITS_KINDS
from referee.rules.tonk import DealTonk, DoubleDouble, Drop, Out, StockOut, TonkOut, parse_outcome
from referee.rules.tonk.outcome import FIELDS, KINDS

TONGITS_FIELDS = ("player", "caller", "fought", "totals", "sapaw_on_caller", "last_card")
TONGITS_FIELDS += ("burned", "concealed", "bonuses")

READ = [
    ({"kind": "deal_tonk", "totals": {"Ben": 49}}, DealTonk(totals={"Ben": 49})),
    ({"kind": "tonk_out", "player": "Anna"}, TonkOut(player="Anna")),
    (
        {"kind": "tonk_out", "player": "Anna", "totals": {"Ben": 7}, "spread_six": False},
        TonkOut(player="Anna", totals={"Ben": 7}, spread_six=False),
    ),
    ({"kind": "double_double", "player": "Ben"}, DoubleDouble(player="Ben")),
    (
        {"kind": "out", "player": "Carla", "totals": {"Anna": 3}},
        Out(player="Carla", totals={"Anna": 3}),
    ),
    (
        {"kind": "drop", "player": "Anna", "totals": {"Anna": 6}},
        Drop(player="Anna", totals={"Anna": 6}),
    ),
    (
        {"kind": "stock_out", "totals": {"Anna": 3, "Ben": 3}, "last_draw": "Ben"},
        StockOut(totals={"Anna": 3, "Ben": 3}, last_draw="Ben"),
    ),
]


@pytest.mark.parametrize(("data", "outcome"), READ, ids=[row[0]["kind"] for row in READ])
def test_each_kind_reads_as_its_own_class_and_writes_back_the_same_json(data, outcome):
    assert parse_outcome(data) == outcome
    assert list(outcome.to_json().items()) == list(data.items())  # same keys, same order


def test_empty_totals_and_an_unanswered_question_are_left_out():
    assert TonkOut(player="Anna", totals={}, spread_six=None).to_json() == {
        "kind": "tonk_out",
        "player": "Anna",
    }
    assert StockOut(totals={"Anna": 2}).to_json() == {"kind": "stock_out", "totals": {"Anna": 2}}
    assert parse_outcome({"kind": "tonk_out", "player": "Anna", "spread_six": None}) == TonkOut(
        player="Anna"
    )


NOT_OF_THIS_KIND = [
    ({"kind": "out"}, "player: say who went out", "player"),
    ({"kind": "drop"}, "player: say who dropped", "player"),
    ({"kind": "double_double"}, "player: say who went out second", "player"),
    (
        {"kind": "deal_tonk", "player": "Ben", "totals": {"Ben": 49}},
        "player: a tonk on the deal has no single player; leave player out",
        "player",
    ),
    (
        {"kind": "stock_out", "player": "Ben", "totals": {"Ben": 4}},
        "player: a stock ran out has no single player; leave player out",
        "player",
    ),
    (
        {"kind": "out", "player": "Ben", "last_draw": "Ben"},
        "last_draw: only asked when the stock ran out",
        "last_draw",
    ),
    (
        {"kind": "drop", "player": "Ben", "totals": {"Ben": 4}, "spread_six": True},
        "spread_six: only asked for a tonk out",
        "spread_six",
    ),
    # Several faults: the missing player is named first, as before.
    ({"kind": "out", "spread_six": True, "last_draw": "Ben"}, "player: say who went out", "player"),
]


@pytest.mark.parametrize(("data", "message", "field"), NOT_OF_THIS_KIND)
def test_a_fact_the_kind_has_not_or_a_missing_player_is_refused_when_read(data, message, field):
    with pytest.raises(Refusal) as refused:
        parse_outcome(data)
    assert refused.value.message == message
    assert (refused.value.field, refused.value.player) == (field, None)


# One shape: the union every door reads, refusing in the game's words only.

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["Anna", "Ben", "", "out"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=8,
)
FACTS = st.dictionaries(
    st.sampled_from([*FIELDS, *TONGITS_FIELDS, "who"]), JSON, max_size=4
).flatmap(
    lambda facts: st.sampled_from([*KINDS, *TONGITS_KINDS, "win"]).map(
        lambda kind: {"kind": kind, **facts}
    )
)


@settings(max_examples=400)
@given(st.one_of(JSON, FACTS))
def test_whatever_is_sent_reads_as_an_outcome_or_a_refusal_with_its_field(data):
    for read in (parse_outcome, TONGITS.outcome.read):
        try:
            outcome = read(data)
        except Refusal as refused:
            assert refused.field is not None and refused.message.startswith(refused.field)
        else:
            assert read(outcome.to_json()) == outcome  # written as read


def test_a_kind_is_frozen_and_has_only_its_own_facts():
    out = Out(player="Anna")
    with pytest.raises(ValidationError):
        out.player = "Ben"
    with pytest.raises(ValidationError):
        Out(player="Anna", last_draw="Ben")
    with pytest.raises(ValidationError):
        Out(player=1)  # strict: a name is text
