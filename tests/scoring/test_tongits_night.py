"""A night of Tongits replayed from its games (tongits.md 2.7 to 2.9): every game settled
with the state the one before left, so an edit or a void moves the pot and the streak of
every later game; seats that change between games."""

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.tongits import PRESETS, TongitsStreak, parse_outcome
from referee.scoring.settlement import Payment
from referee.scoring.tongits.night import PlayedGame, replay

ABC = ("Anna", "Ben", "Carla")
RULES = PRESETS["tongits"]
FIRST = parse_outcome({"kind": "draw", "caller": "Ben", "fought": ["Anna"],
                       "totals": {"Ben": 6, "Anna": 11}, "burned": ["Carla"]})  # fmt: skip
SECOND = parse_outcome({"kind": "tongits", "player": "Ben", "bonuses": {"Ben": {"secret": 1}}})


def game(outcome, players=ABC, void=False, dealer=None):
    return PlayedGame(void, RULES, players, outcome, dealer)


def test_the_worked_examples_replayed_as_a_night():
    first, second = replay([game(FIRST, dealer="Anna"), game(SECOND)])
    assert first.net == {"Anna": Decimal(-2), "Ben": Decimal(4), "Carla": Decimal(-2)}
    assert second.net == {"Anna": Decimal(-5), "Ben": Decimal(10), "Carla": Decimal(-5)}
    assert second.pot_won == Decimal(6)
    assert (
        second.state.streak == TongitsStreak(player="Ben", wins=2) and second.state.dealer == "Ben"
    )


def test_voiding_the_first_game_takes_the_jackpot_out_of_the_second():
    voided, second = replay([game(FIRST, void=True), game(SECOND)])
    assert voided is None
    # Ben's tong-its is now his first win: no pot, and the pot holds this game's antes.
    assert second.net == {"Anna": Decimal(-3), "Ben": Decimal(6), "Carla": Decimal(-3)}
    assert second.pot_won == Decimal(0)
    assert dict(second.state.pot) == dict.fromkeys(ABC, Decimal(1))


def test_editing_the_first_winner_moves_the_run_and_the_pot_of_the_second():
    anna_won = parse_outcome({"kind": "tongits", "player": "Anna"})
    _, second = replay([game(anna_won), game(SECOND)])
    assert second.state.streak == TongitsStreak(player="Ben", wins=1) and second.pot_won == Decimal(
        0
    )
    assert dict(second.state.pot) == dict.fromkeys(ABC, Decimal(2))


def test_a_player_who_leaves_takes_their_share_out_and_a_newcomer_puts_in_from_then():
    # Carla leaves after game 1 (her 1 in the pot is hers); Dan sits in for game 2.
    seats = ("Anna", "Ben", "Dan")
    _, second = replay([game(FIRST), game(SECOND, players=seats)])
    # Ben's second win takes the pot: Anna's 2, Dan's 1 (his ante of this game), his own 2.
    assert second.pot_won == Decimal(5)
    assert Payment("Dan", "Ben", Decimal(1), "pot") in second.payments
    assert Payment("Anna", "Ben", Decimal(2), "pot") in second.payments
    assert set(second.net) == set(seats) and sum(second.net.values()) == 0


def test_a_run_ends_when_its_player_leaves_the_table():
    ben_gone = ("Anna", "Carla", "Dan")
    anna_won = parse_outcome({"kind": "tongits", "player": "Anna"})
    _, second = replay([game(FIRST), game(anna_won, players=ben_gone)])
    assert second.state.streak == TongitsStreak(player="Anna", wins=1)
    assert dict(second.state.pot) == {"Anna": Decimal(2), "Carla": Decimal(2), "Dan": Decimal(1)}


endings = st.sampled_from(
    [{"kind": "tongits", "player": name} for name in ABC]
    + [{"kind": "bisaklat", "player": name} for name in ABC]
    + [
        {"kind": "stock_out", "totals": {"Anna": 3, "Ben": 5, "Carla": 9}},
        {"kind": "stock_out", "burned": list(ABC)},
        {"kind": "draw", "caller": "Carla", "fought": ["Anna"], "totals": {"Carla": 4, "Anna": 2}},
    ]  # fmt: skip
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(endings, st.booleans()), min_size=1, max_size=12))
def test_what_the_pot_holds_is_the_antes_of_the_games_played_since_it_was_last_won(night):
    settled = replay([game(parse_outcome(ending), void=void) for ending, void in night])
    since = 0
    for settlement in settled:
        if settlement is None:
            continue
        since = 0 if settlement.pot_won else since + 1
        assert sum(settlement.state.pot.values()) == Decimal(3 * since)
        assert sum(settlement.net.values()) == 0


def test_who_deals_is_the_dealer_recorded_or_else_whom_the_game_before_named():
    rotate = RULES.with_changes({"next_dealer": "rotate"})
    won = parse_outcome({"kind": "tongits", "player": "Carla"})
    first, second = replay([PlayedGame(False, rotate, ABC, won, "Anna"),
                            PlayedGame(False, rotate, ABC, won)])  # fmt: skip
    assert (first.state.dealer, second.state.dealer) == ("Ben", "Carla")
    _, recorded = replay([PlayedGame(False, rotate, ABC, won, "Anna"),
                          PlayedGame(False, rotate, ABC, won, "Anna")])  # fmt: skip
    assert recorded.state.dealer == "Ben"
    _, gone = replay([PlayedGame(False, rotate, ABC, won, "Anna"),
                      PlayedGame(False, rotate, ("Anna", "Carla", "Dan"), won)])  # fmt: skip
    assert gone.state.dealer is None  # Ben was to deal, and left: the table says who does
