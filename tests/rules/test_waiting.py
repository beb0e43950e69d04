"""Who may drop or lay down during a hand, for every value of the waiting options."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules import HouseRules
from referee.rules.waiting import (
    HIT,
    SPREAD,
    TURN,
    Mark,
    drop_can_wait,
    drop_refusal,
    override_note,
    reminder,
    replay,
    standing_words,
    tracks_turns,
)

ORDER = ["Anna", "Ben", "Carla"]  # Anna plays first
WAITS = range(0, 6)


def rules(**changes) -> HouseRules:
    return HouseRules().with_changes(changes)


def turns(count: int) -> list[Mark]:
    return [Mark(TURN)] * count


def test_classic_rules_track_nothing_and_each_waiting_option_turns_tracking_on():
    assert not tracks_turns(HouseRules())
    for change in ({"wait_after_spread": 1}, {"wait_after_hit": 1}, {"hit_blocks_laydown": True}):
        assert tracks_turns(rules(**change))
    # must_spread holds everyone on every turn: a reminder, nothing to count.
    assert not tracks_turns(rules(must_spread=True))


def test_only_the_waits_can_refuse_a_drop():
    assert not drop_can_wait(rules(hit_blocks_laydown=True, must_spread=True))
    assert drop_can_wait(rules(wait_after_spread=1)) and drop_can_wait(rules(wait_after_hit=1))


def test_no_marks_first_player_to_play_and_everyone_may_drop():
    state = replay(rules(wait_after_spread=3), ORDER, [])
    assert (state.turn, state.player) == (1, "Anna")
    assert all(w.may_drop and w.turns_left == 0 for w in state.players)


def test_the_turn_passes_to_the_left_and_wraps():
    state = replay(HouseRules(), ORDER, turns(4))
    assert (state.turn, state.player) == (5, "Ben")


@pytest.mark.parametrize("wait", WAITS)
def test_a_new_spread_makes_its_player_wait_that_many_of_their_own_turns(wait):
    table = rules(wait_after_spread=wait)
    marks = [Mark(SPREAD, "Anna")]
    assert replay(table, ORDER, marks).of("Anna").turns_left == wait
    marks += turns(1)  # Anna's spreading turn is over
    # Each of Anna's turns passes three turns of the table; count down to nothing.
    for left in range(wait, -1, -1):
        anna = replay(table, ORDER, marks).of("Anna")
        assert anna.turns_left == left
        assert anna.may_drop is (left == 0)
        assert anna.because == ("wait_after_spread" if left else None)
        # The others are never held by Anna's spread.
        assert replay(table, ORDER, marks).of("Ben").may_drop
        marks += turns(3)


@pytest.mark.parametrize("wait", WAITS)
def test_a_hit_makes_the_owner_of_the_spread_wait_from_their_next_turn(wait):
    table = rules(wait_after_hit=wait)
    marks = [Mark(HIT, "Carla")]  # Anna hits Carla's spread on turn 1
    carla = replay(table, ORDER, marks).of("Carla")
    assert carla.turns_left == wait
    marks += turns(2)  # now Carla's turn
    assert replay(table, ORDER, marks).of("Carla").turns_left == wait
    marks += turns(1)  # Carla's turn is over
    assert replay(table, ORDER, marks).of("Carla").turns_left == max(wait - 1, 0)
    assert replay(table, ORDER, marks).of("Carla").because == (
        "wait_after_hit" if wait > 1 else None
    )


def test_a_spread_marked_after_next_turn_was_tapped_counts_on_the_spreaders_turn():
    table = rules(wait_after_spread=2)
    state = replay(table, ORDER, [*turns(1), Mark(SPREAD, "Anna")])  # marked late
    assert (state.turn, state.player) == (2, "Ben")  # the turn stays where it is
    anna = state.of("Anna")
    assert anna.turns_left == 2 and not anna.now
    state = replay(table, ORDER, [*turns(1), Mark(SPREAD, "Anna"), *turns(2)])
    assert state.player == "Anna" and state.of("Anna").now  # her next turn is held


def test_marking_a_spread_moves_the_turn_to_the_player_who_laid_it():
    state = replay(rules(wait_after_spread=1), ORDER, [Mark(SPREAD, "Carla")])
    assert (state.turn, state.player) == (3, "Carla")
    # A spread by someone whose turn is past goes to their next turn, never backwards.
    state = replay(rules(wait_after_spread=1), ORDER, [Mark(SPREAD, "Carla"), Mark(SPREAD, "Ben")])
    assert (state.turn, state.player) == (5, "Ben")


def test_a_new_spread_restarts_the_wait():
    table = rules(wait_after_spread=2)
    marks = [Mark(SPREAD, "Anna"), *turns(3), Mark(SPREAD, "Anna"), *turns(1)]
    assert replay(table, ORDER, marks).of("Anna").turns_left == 2


@pytest.mark.parametrize("blocks", [False, True])
def test_hit_blocks_laydown_for_the_next_turn_only(blocks):
    table = rules(hit_blocks_laydown=blocks)
    marks = [Mark(HIT, "Ben")]
    assert replay(table, ORDER, marks).of("Ben").no_laydown == ("next turn" if blocks else None)
    assert replay(table, ORDER, marks).of("Anna").no_laydown is None
    marks += turns(1)  # Ben's turn: still blocked
    assert replay(table, ORDER, marks).of("Ben").no_laydown == ("this turn" if blocks else None)
    marks += turns(1)  # past it
    assert replay(table, ORDER, marks).of("Ben").no_laydown is None


@pytest.mark.parametrize("must", [False, True])
@pytest.mark.parametrize("blocks", [False, True])
def test_must_spread_is_a_reminder_for_everyone(must, blocks):
    words = reminder(rules(must_spread=must, hit_blocks_laydown=blocks))
    if not must:
        assert words is None
        return
    assert "must_spread" in words
    assert ("hit_blocks_laydown" in words) is blocks


def test_standing_words_name_the_player_the_turns_and_the_rule():
    state = replay(
        rules(wait_after_spread=3, hit_blocks_laydown=True),
        ORDER,
        [Mark(SPREAD, "Anna"), Mark(HIT, "Anna")],
    )
    words = standing_words(state.of("Anna"))
    assert words.startswith("Anna may not drop on their next 3 turns: laid a new spread")
    assert "wait_after_spread" in words
    assert "may not lay down a spread next turn (house rule hit_blocks_laydown)" in words
    assert standing_words(state.of("Ben")) == "Ben may drop."
    # On Anna's own held turn the words say "this turn".
    later = replay(
        rules(wait_after_spread=3, hit_blocks_laydown=True),
        ORDER,
        [Mark(SPREAD, "Anna"), Mark(HIT, "Anna"), *turns(3)],
    )
    words = standing_words(later.of("Anna"))
    assert words.startswith("Anna may not drop this turn or on their next 2 turns")
    assert "may not lay down a spread this turn" in words


@pytest.mark.parametrize("wait", WAITS)
def test_a_drop_by_a_waiting_player_is_refused_and_an_override_is_noted(wait):
    table = rules(wait_after_spread=wait)
    state = replay(table, ORDER, [Mark(SPREAD, "Ben"), *turns(2)])  # Anna's turn
    refusal = drop_refusal(table, state, "Ben")
    note = override_note(table, state, "Ben")
    assert drop_refusal(table, state, "Anna") is None
    if wait == 0:
        assert refusal is None and note is None
        return
    assert refusal.field == "player" and refusal.player == "Ben"
    assert f"waits {wait} more turn" in refusal.message
    assert f"wait_after_spread: {wait}" in refusal.message
    assert "Ben dropped" in note and "wait_after_spread" in note


def test_marks_of_players_who_left_are_skipped():
    state = replay(rules(wait_after_spread=2), ["Anna", "Carla"], [Mark(SPREAD, "Ben")])
    assert (state.turn, state.player) == (1, "Anna")
    assert state.of("Ben") is None
    assert drop_refusal(rules(wait_after_spread=2), state, "Ben") is None


marks = st.lists(
    st.builds(Mark, st.sampled_from([TURN, SPREAD, HIT]), st.sampled_from(ORDER)), max_size=30
)


@given(
    marks,
    st.integers(0, 5),
    st.integers(0, 5),
    st.booleans(),
)
def test_waits_never_exceed_what_the_rules_allow(history, spread_wait, hit_wait, blocks):
    table = rules(wait_after_spread=spread_wait, wait_after_hit=hit_wait, hit_blocks_laydown=blocks)
    state = replay(table, ORDER, history)
    assert state.player == ORDER[(state.turn - 1) % len(ORDER)]
    for waiting in state.players:
        # The turn in play counts too, when it is the waiting player's own.
        in_play = 1 if waiting.name == state.player else 0
        assert 0 <= waiting.turns_left <= max(spread_wait, hit_wait) + in_play
        assert waiting.may_drop is (waiting.turns_left == 0)
        assert (drop_refusal(table, state, waiting.name) is None) is waiting.may_drop
        if waiting.now:  # held on the turn in play: it is theirs, and they may not drop
            assert waiting.name == state.player and not waiting.may_drop
        if not blocks:
            assert waiting.no_laydown is None
