"""settle(rules, players, outcome, state): one game of Tongits, tongits.md 2 and 6.2, exactly.

In the order of 6.2: check the request (2.10, 6.8), add the antes (2.7 step 1, with the
opening ante on an empty pot), find the winner and pay the ending (2.2 to 2.5, 6.4, 6.5:
`endings`), the bonuses (2.6), the run, the second win and the pot (2.7, 6.3), and the
state after the game (2.9). Counts are whole stakes and become money only when paid; the
pot is already money (each share is what a player put in), so it is paid share by share.
Every row goes from one player to another (`ledger`), which keeps each game zero-sum to
the cent (2.8).
"""

from collections.abc import Sequence
from decimal import Decimal
from typing import Literal, get_args

from referee.rules.tongits.house_rules import TongitsRules
from referee.rules.tongits.outcome import Bisaklat, Draw, Ending, check_outcome
from referee.rules.tongits.seats import after, check_seated
from referee.rules.tongits.state import TongitsState, TongitsStreak, check_state, parse_state
from referee.scoring.settlement import Settlement
from referee.scoring.tongits.endings import pay_ending, winner_of
from referee.scoring.tongits.ledger import ZERO, Ledger, net_of

# The results a Tongits settlement names (tongits.md section 3).
TongitsResult = Literal[
    "tongits", "bisaklat", "draw_won", "draw_lost", "stock_out", "stock_out_void"
]
TONGITS_RESULTS: tuple[TongitsResult, ...] = get_args(TongitsResult)


def settle(
    rules: TongitsRules, players: Sequence[str], outcome: Ending, state: TongitsState | None = None
) -> Settlement:
    """Who pays whom for one game, and the state for the next; `state` None is the first
    game of a night. Raises Refusal when the game cannot be under these rules."""
    seats = check_seated(rules, players)
    state = TongitsState() if state is None else state
    check_state(seats, state)
    check_outcome(rules, seats, outcome)
    pot = _antes(rules, seats, state)
    winner = winner_of(rules, seats, outcome)
    if winner is None:
        return _nobody_won(rules, seats, state, pot)

    ledger = Ledger(seats)
    pay_ending(rules, seats, outcome, winner, ledger)
    _bonuses(rules, seats, outcome, winner, ledger)

    streak = state.streak
    run = streak.wins + 1 if streak is not None and streak.player == winner else 1
    if run >= 2:
        _from_everyone(ledger, seats, winner, rules.amount(rules.run_bonus), "run")
    if rules.jackpot_wins >= 3 and run == 2:
        _from_everyone(ledger, seats, winner, rules.amount(rules.second_win_bonus), "second win")
    pot_won = ZERO
    if isinstance(outcome, Bisaklat) or run >= rules.jackpot_wins:
        pot_won = sum(pot.values(), ZERO)
        for name in seats:
            ledger.pay(name, winner, pot[name], "pot")
        pot = dict.fromkeys(seats, ZERO)

    payments = ledger.payments()
    dealer = winner if rules.next_dealer == "winner" else _rotated(seats, state)
    # Made here, not read: a share may outgrow what a request may send (MAX_POT_SHARE).
    streak = TongitsStreak.model_construct(player=winner, wins=run)
    after_game = TongitsState.model_construct(pot=pot, streak=streak, dealer=dealer)
    net = net_of(seats, payments)
    return Settlement(_result(outcome, winner), (winner,), payments, net, None, after_game, pot_won)


def _antes(rules: TongitsRules, seats: Sequence[str], state: TongitsState) -> dict[str, Decimal]:
    """2.7 step 1 and 6.2 step 2: every share grows by the ante, whatever the ending, and by
    the opening ante too when the pot comes in empty (every share 0, or none); a joiner's
    share of 0 beside others' does not make it empty."""
    opening = 0 if any(state.pot.values()) else rules.opening_ante
    each = rules.amount(rules.ante + opening)
    return {name: state.share(name) + each for name in seats}


def _nobody_won(
    rules: TongitsRules, seats: Sequence[str], state: TongitsState, pot: dict[str, Decimal]
) -> Settlement:
    """2.5: everybody burned when the stock ran out. Nobody pays, the antes stay in the pot,
    the streak stands; with "winner" dealing, the same dealer deals again."""
    dealer = state.dealer if rules.next_dealer == "winner" else _rotated(seats, state)
    after_game = TongitsState.model_construct(pot=pot, streak=state.streak, dealer=dealer)
    net = dict.fromkeys(seats, ZERO)
    return Settlement("stock_out_void", (), (), net, None, after_game, ZERO)


def _rotated(seats: Sequence[str], state: TongitsState) -> str | None:
    """With `next_dealer` "rotate": the player after this game's dealer (None if unknown).
    "After" is the next name in the order of play whatever `play_direction` says: the spec
    (2.9) names the player after, and the deal passes the way the turns do."""
    return None if state.dealer is None else after(seats, state.dealer)


def _bonuses(
    rules: TongitsRules, seats: Sequence[str], outcome: Ending, winner: str, ledger: Ledger
) -> None:
    """2.6 and 6.2 step 6: the winner's own Secrets, Escaleras, aces, kings and jokers, paid
    by every other player, never raised for a burned loser; a loser's own count earns them
    nothing."""
    held = outcome.bonuses.get(winner)
    if held is None:
        return
    for why, count, bonus in (
        ("secret", held.secret, rules.secret_bonus),
        ("escalera", held.escalera, rules.escalera_bonus),
        ("aces", held.aces, rules.ace_bonus),
        ("kings", held.kings, rules.king_bonus),
        ("jokers", held.jokers, rules.joker_bonus),
    ):
        _from_everyone(ledger, seats, winner, rules.amount(count * bonus), why)


def _from_everyone(
    ledger: Ledger, seats: Sequence[str], winner: str, amount: Decimal, why: str
) -> None:
    """Every other player pays the winner `amount` for `why`: a bonus, the run, the second
    win, each the same from every loser (a burned one too)."""
    if amount:
        for name in seats:
            ledger.pay(name, winner, amount, why)


def _result(outcome: Ending, winner: str) -> TongitsResult:
    """Section 3's result: a draw says whether the caller won it."""
    if isinstance(outcome, Draw):
        return "draw_won" if winner == outcome.caller else "draw_lost"
    return outcome.kind


def settle_from(
    rules: TongitsRules, players: Sequence[str], outcome: Ending, state: object
) -> Settlement:
    """`settle` with the request's `state` as JSON (None when absent: the first game of a
    night), as the settle contract's doors send it; the `Game` seam calls this."""
    return settle(rules, players, outcome, parse_state(state))
