"""Who may drop or lay down during a hand, for every value of the waiting options."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.tonk import HouseRules
from referee.rules.tonk.waiting import (
    HIT,
    PLAYS,
    SPREAD,
    TURN,
    Mark,
    drop_can_be_refused,
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


def test_a_drop_is_refused_for_a_wait_or_out_of_turn_when_the_referee_follows_turns():
    assert not drop_can_wait(rules(hit_blocks_laydown=True, must_spread=True))
    assert drop_can_wait(rules(wait_after_spread=1)) and drop_can_wait(rules(wait_after_hit=1))
    # Following the turns (any waiting rule) with drops before drawing: out of turn.
    assert drop_can_be_refused(rules(hit_blocks_laydown=True))
    assert not drop_can_be_refused(rules(hit_blocks_laydown=True, drop_when="any_time"))
    assert not drop_can_be_refused(HouseRules())  # no turn panel: nobody follows turns


def test_no_marks_first_player_to_play_and_everyone_may_drop():
    state = replay(rules(wait_after_spread=3), ORDER, [])
    assert (state.turn, state.player) == (1, "Anna")
    assert all(w.may_drop and w.turns_left == 0 for w in state.players)


def test_the_turn_passes_to_the_left_and_wraps():
    state = replay(HouseRules(), ORDER, turns(4))
    assert (state.turn, state.player) == (5, "Ben")


# A wait of N bars the N turns of the player AFTER the spreading (or hit) turn: on the
# turns listed, "W" is a turn held, "D" a turn they may drop (001: "your next three turns").
RULINGS = {0: "DDDDDD", 1: "WDDDDD", 2: "WWDDDD", 3: "WWWDDD", 4: "WWWWDD", 5: "WWWWWD"}


@pytest.mark.parametrize("wait", WAITS)
def test_a_new_spread_bars_the_spreaders_next_turns_after_the_spreading_turn(wait):
    table = rules(wait_after_spread=wait)
    marks = [Mark(SPREAD, "Anna")]  # turn 1, Anna's
    # Before drawing only: the spreading turn itself is not held by the wait.
    anna = replay(table, ORDER, marks).of("Anna")
    assert (anna.now, anna.turns_left) == (False, wait)
    seen = ""
    for _ in range(6):  # Anna's next six turns: 4, 7, 10, 13, 16, 19
        marks += turns(3)
        state = replay(table, ORDER, marks)
        anna = state.of("Anna")
        assert state.player == "Anna"
        seen += "D" if anna.may_drop else "W"
        assert anna.now is (not anna.may_drop)
        assert anna.because == (None if anna.may_drop else "wait_after_spread")
        assert state.of("Ben").may_drop and state.of("Carla").may_drop  # never held by it
    assert seen == RULINGS[wait]


@pytest.mark.parametrize("wait", WAITS)
def test_turns_left_count_down_on_the_spreaders_own_turns(wait):
    table = rules(wait_after_spread=wait)
    left = [
        replay(table, ORDER, [Mark(SPREAD, "Anna"), *turns(n)]).of("Anna").turns_left
        for n in (1, 3, 4, 6, 7)
    ]  # Ben's turn 2, Anna's turn 4, Ben's turn 5, Anna's turn 7, Ben's turn 8
    expected = {
        0: [0, 0, 0, 0, 0],
        1: [1, 1, 0, 0, 0],
        2: [2, 2, 1, 1, 0],
        3: [3, 3, 2, 2, 1],
        4: [4, 4, 3, 3, 2],
        5: [5, 5, 4, 4, 3],
    }
    assert left == expected[wait]


@pytest.mark.parametrize("wait", WAITS)
def test_with_drops_at_any_time_the_rest_of_the_spreading_turn_is_held_too(wait):
    table = rules(wait_after_spread=wait, drop_when="any_time")
    anna = replay(table, ORDER, [Mark(SPREAD, "Anna")]).of("Anna")
    assert (anna.now, anna.turns_left) == ((True, wait + 1) if wait else (False, 0))
    seen = ""
    for n in range(1, 7):
        seen += (
            "D"
            if replay(table, ORDER, [Mark(SPREAD, "Anna"), *turns(3 * n)]).of("Anna").may_drop
            else "W"
        )
    assert seen == RULINGS[wait]


@pytest.mark.parametrize("wait", WAITS)
def test_a_hit_bars_the_owners_next_turns_after_the_turn_of_the_hit(wait):
    table = rules(wait_after_hit=wait)
    marks = [Mark(HIT, "Carla")]  # Anna hits Carla's spread on turn 1
    assert replay(table, ORDER, marks).of("Carla").turns_left == wait
    seen = ""
    marks += turns(2)  # Carla's turn 3, her first after the hit
    for _ in range(6):
        state = replay(table, ORDER, marks)
        assert state.player == "Carla"
        seen += "D" if state.of("Carla").may_drop else "W"
        marks += turns(3)
    assert seen == RULINGS[wait]


@pytest.mark.parametrize(
    ("stack", "ruling"), [(False, "WDDD"), (True, "WWDD")], ids=["once", "stacked"]
)
def test_hits_before_the_next_turn_count_once_unless_hits_stack(stack, ruling):
    table = rules(wait_after_hit=1, hits_stack=stack)
    marks = [Mark(HIT, "Carla"), Mark(TURN), Mark(HIT, "Carla"), Mark(TURN)]  # Anna, Ben hit
    assert replay(table, ORDER, marks[:3]).of("Carla").turns_left == (2 if stack else 1)
    seen = ""
    for _ in range(4):  # Carla's turns 3, 6, 9, 12
        state = replay(table, ORDER, marks)
        assert state.player == "Carla"
        seen += "D" if state.of("Carla").may_drop else "W"
        marks += turns(3)
    assert seen == ruling


@pytest.mark.parametrize("stack", [False, True])
def test_a_hit_after_the_players_next_turn_is_a_new_wait_either_way(stack):
    table = rules(wait_after_hit=1, hits_stack=stack)
    # Anna hits Carla on turn 1; Carla waits out turn 3; Anna hits her again on turn 4.
    marks = [Mark(HIT, "Carla"), *turns(3), Mark(HIT, "Carla"), *turns(2)]
    state = replay(table, ORDER, marks)
    assert state.player == "Carla" and state.of("Carla").now  # turn 6 held, once
    assert replay(table, ORDER, [*marks, *turns(3)]).of("Carla").may_drop  # turn 9


@pytest.mark.parametrize("stack", [False, True])
def test_hits_stack_adds_a_turn_without_laying_down_per_further_hit(stack):
    table = rules(hit_blocks_laydown=True, hits_stack=stack)
    marks = [Mark(HIT, "Carla"), Mark(TURN), Mark(HIT, "Carla")]  # two hits before turn 3
    assert replay(table, ORDER, marks).of("Carla").no_laydown == (
        "on their next 2 turns" if stack else "next turn"
    )
    marks += turns(1)  # Carla's turn 3
    assert replay(table, ORDER, marks).of("Carla").no_laydown == (
        "this turn or on their next turn" if stack else "this turn"
    )
    marks += turns(3)  # Carla's turn 6
    assert replay(table, ORDER, marks).of("Carla").no_laydown == ("this turn" if stack else None)
    marks += turns(3)  # Carla's turn 9
    assert replay(table, ORDER, marks).of("Carla").no_laydown is None


def test_the_longest_wait_counts_and_names_its_rule():
    table = rules(wait_after_spread=3, wait_after_hit=1)
    # Anna spreads on turn 1 (held on 4, 7, 10); Ben hits her on turn 5 (held on 7).
    marks = [Mark(SPREAD, "Anna"), *turns(4), Mark(HIT, "Anna")]
    state = replay(table, ORDER, marks)
    anna = state.of("Anna")
    assert (anna.turns_left, anna.because) == (2, "wait_after_spread")
    assert drop_refusal(table, state, "Anna").message.startswith(
        "Anna may not drop now: Anna laid a new spread and waits 2 more turns "
        "(house rule: must wait 3 turns after laying a spread); and it is Ben's turn"
    )
    # The other way round: the hit's wait is the longer one, and it is named.
    table = rules(wait_after_spread=1, wait_after_hit=3)
    state = replay(table, ORDER, [Mark(SPREAD, "Anna"), Mark(TURN), Mark(HIT, "Anna")])
    anna = state.of("Anna")
    assert (anna.turns_left, anna.because) == (3, "wait_after_hit")
    assert "Anna had a spread hit and waits 3 more turns (house rule: must wait 3 turns " in (
        drop_refusal(table, state, "Anna").message
    )
    # A tie leaves the rule that made it that long first.
    table = rules(wait_after_spread=1, wait_after_hit=1)
    state = replay(table, ORDER, [Mark(SPREAD, "Anna"), Mark(TURN), Mark(HIT, "Anna")])
    assert state.of("Anna").because == "wait_after_spread"


def test_a_slap_moves_the_turn_and_the_skipped_player_loses_it():
    table = rules(wait_after_hit=1, slapping=True)
    # Anna hits Carla on turn 1; Ben plays turn 2; Anna slaps Ben's discard: Carla is skipped.
    marks = [Mark(HIT, "Carla"), Mark(TURN), Mark(PLAYS, "Anna")]
    state = replay(table, ORDER, marks)
    assert (state.turn, state.player) == (3, "Anna")
    # Carla had no turn, so her wait still holds her next one (turn 5).
    assert state.of("Carla").turns_left == 1
    marks += turns(2)
    state = replay(table, ORDER, marks)
    assert (state.turn, state.player) == (5, "Carla") and state.of("Carla").now
    marks += turns(3)
    assert replay(table, ORDER, marks).of("Carla").may_drop  # turn 8


def test_a_skipped_turn_does_not_count_down_a_wait():
    table = rules(wait_after_spread=1)
    # Anna spreads on turn 1; Ben plays turn 2; Carla plays now, then Anna is skipped.
    marks = [Mark(SPREAD, "Anna"), Mark(TURN), Mark(PLAYS, "Carla"), Mark(PLAYS, "Ben")]
    state = replay(table, ORDER, marks)
    assert (state.turn, state.player) == (4, "Ben") and state.of("Anna").turns_left == 1
    marks += turns(2)  # Carla, then Anna's turn 6: her first after the spread
    state = replay(table, ORDER, marks)
    assert (state.turn, state.player) == (6, "Anna") and state.of("Anna").now


def test_plays_now_for_the_player_in_play_changes_nothing():
    state = replay(rules(wait_after_spread=1), ORDER, [Mark(PLAYS, "Anna")])
    assert (state.turn, state.player) == (1, "Anna")


def test_a_drop_out_of_turn_is_refused_before_drawing_and_noted_when_recorded():
    table = rules(hit_blocks_laydown=True)  # the referee follows turns; nobody waits
    state = replay(table, ORDER, turns(1))  # Ben's turn
    assert drop_refusal(table, state, "Ben") is None
    refusal = drop_refusal(table, state, "Carla")
    assert (refusal.field, refusal.player) == ("player", "Carla")
    assert refusal.message == (
        "Carla may not drop now: it is Ben's turn (house rule: only the player whose turn "
        "it is may drop, before drawing). If the table agrees to let it stand, tick "
        "'Record it anyway'."
    )
    assert override_note(table, state, "Carla") == (
        "Carla dropped on Ben's turn (house rule: only the player whose turn it is may "
        "drop, before drawing); the scorekeeper recorded it anyway."
    )
    # Drops at any time: anyone may drop, as without the turn panel.
    loose = rules(hit_blocks_laydown=True, drop_when="any_time")
    assert drop_refusal(loose, replay(loose, ORDER, turns(1)), "Carla") is None
    assert drop_refusal(HouseRules(), replay(HouseRules(), ORDER, turns(1)), "Carla") is None


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
    unless = ", except on a turn after being hit, when you may not" if blocks else ""
    assert words == f"House rule: a complete spread may not be kept in hand; lay it down{unless}."


def test_standing_words_name_the_player_the_turns_and_the_rule_in_plain_words():
    table = rules(wait_after_spread=3, hit_blocks_laydown=True)
    state = replay(table, ORDER, [Mark(SPREAD, "Anna"), Mark(HIT, "Anna")])
    assert standing_words(state.of("Anna")) == (
        "Anna may not drop on their next 3 turns: laid a new spread (house rule: must wait "
        "3 turns after laying a spread); may not lay down a spread next turn (house rule: "
        "may not lay down a spread on the turn after being hit)."
    )
    assert standing_words(state.of("Ben")) == "Ben may drop."
    # On Anna's own held turn the words say "this turn".
    later = replay(table, ORDER, [Mark(SPREAD, "Anna"), Mark(HIT, "Anna"), *turns(3)])
    assert standing_words(later.of("Anna")) == (
        "Anna may not drop this turn or on their next 2 turns: laid a new spread (house "
        "rule: must wait 3 turns after laying a spread); may not lay down a spread this "
        "turn (house rule: may not lay down a spread on the turn after being hit)."
    )
    hit = replay(rules(wait_after_hit=1, hits_stack=True), ORDER, [Mark(HIT, "Ben")])
    assert standing_words(hit.of("Ben")) == (
        "Ben may not drop on their next turn: had a spread hit (house rule: must wait 1 turn "
        "after a spread of theirs is hit)."
    )
    for waiting in [*state.players, *later.players, *hit.players]:  # never a raw key
        assert "_" not in standing_words(waiting) and "player:" not in standing_words(waiting)


@pytest.mark.parametrize("wait", WAITS)
def test_a_drop_by_a_waiting_player_on_their_own_turn_is_refused_and_noted(wait):
    table = rules(wait_after_spread=wait)
    state = replay(table, ORDER, [*turns(1), Mark(SPREAD, "Ben"), *turns(3)])  # Ben's turn 5
    refusal = drop_refusal(table, state, "Ben")
    note = override_note(table, state, "Ben")
    if wait == 0:
        assert refusal is None and note is None
        return
    assert (refusal.field, refusal.player) == ("player", "Ben")
    turns_, more = ("turn", "1 more turn") if wait == 1 else ("turns", f"{wait} more turns")
    assert refusal.message == (
        f"Ben may not drop yet: Ben laid a new spread and waits {more} (house rule: must "
        f"wait {wait} {turns_} after laying a spread). If the table agrees to let it stand, "
        "tick 'Record it anyway'."
    )
    assert note == (
        f"Ben dropped with {more} to wait (house rule: must wait {wait} {turns_} after "
        "laying a spread); the scorekeeper recorded it anyway."
    )


def test_a_drop_on_the_spreading_turn_before_drawing_is_not_held_by_the_wait():
    table = rules(wait_after_spread=3)
    state = replay(table, ORDER, [Mark(SPREAD, "Anna")])
    assert not state.of("Anna").now and drop_refusal(table, state, "Anna") is None
    loose = rules(wait_after_spread=3, drop_when="any_time")
    state = replay(loose, ORDER, [Mark(SPREAD, "Anna")])
    assert drop_refusal(loose, state, "Anna").message.startswith(
        "Anna may not drop yet: Anna laid a new spread and waits 4 more turns"
    )


def test_a_waiting_drop_out_of_turn_names_both_rules():
    table = rules(wait_after_spread=2)
    state = replay(table, ORDER, [Mark(SPREAD, "Ben"), *turns(2)])  # Anna's turn 4
    assert drop_refusal(table, state, "Ben").message == (
        "Ben may not drop now: Ben laid a new spread and waits 2 more turns (house rule: "
        "must wait 2 turns after laying a spread); and it is Anna's turn (house rule: only "
        "the player whose turn it is may drop, before drawing). If the table agrees to let "
        "it stand, tick 'Record it anyway'."
    )
    assert override_note(table, state, "Ben") == (
        "Ben dropped with 2 more turns to wait (house rule: must wait 2 turns after laying a "
        "spread) and on Anna's turn (house rule: only the player whose turn it is may drop, "
        "before drawing); the scorekeeper recorded it anyway."
    )
    assert drop_refusal(table, state, "Anna") is None


def test_marks_of_players_who_left_are_skipped():
    state = replay(rules(wait_after_spread=2), ["Anna", "Carla"], [Mark(SPREAD, "Ben")])
    assert (state.turn, state.player) == (1, "Anna")
    assert state.of("Ben") is None
    assert drop_refusal(rules(wait_after_spread=2), state, "Ben") is None


marks = st.lists(
    st.builds(Mark, st.sampled_from([TURN, PLAYS, SPREAD, HIT]), st.sampled_from(ORDER)),
    max_size=30,
)


@given(
    marks,
    st.integers(0, 5),
    st.integers(0, 5),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["before_draw", "any_time"]),
)
def test_waits_never_exceed_what_the_rules_allow(
    history, spread_wait, hit_wait, blocks, stack, drop_when
):
    table = rules(
        wait_after_spread=spread_wait,
        wait_after_hit=hit_wait,
        hit_blocks_laydown=blocks,
        hits_stack=stack,
        drop_when=drop_when,
    )
    state = replay(table, ORDER, history)
    hits = sum(1 for m in history if m.kind == HIT) if stack else 1
    for waiting in state.players:
        # The turn in play counts too when it is theirs (held by an earlier spread, or the
        # rest of a spreading turn with drops at any time).
        rest = 1 if waiting.name == state.player else 0
        assert 0 <= waiting.turns_left <= max(spread_wait, hit_wait * hits) + rest
        assert waiting.may_drop is (waiting.turns_left == 0)
        # Out of turn only once the scorekeeper has marked something in the hand.
        out_of_turn = drop_can_be_refused(table) and drop_when == "before_draw" and bool(history)
        in_play = waiting.name == state.player
        refused = (not waiting.may_drop and (waiting.now or not in_play)) or (
            out_of_turn and not in_play
        )
        assert (drop_refusal(table, state, waiting.name) is not None) is refused
        if waiting.now:  # held on the turn in play: it is theirs, and they may not drop
            assert waiting.name == state.player and not waiting.may_drop
        if not blocks:
            assert waiting.no_laydown is None
