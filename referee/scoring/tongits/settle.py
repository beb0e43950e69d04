"""settle(rules, players, outcome, state): one game of Tongits, tongits.md section 2, exactly.

In the spec's order: check the request (2.10), add the antes (2.7), find the winner (2.2
to 2.5), then the ending's payments, the bonuses (2.6), the second win and the pot (2.7),
and the state after the game (2.9). The ending and the bonuses are counted in whole
stakes and become money only when paid; the pot is already money (each share is what a
player put in), so it is paid share by share. Every payment goes from a player to the
winner, which is what keeps each game zero-sum to the cent (2.8).
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Literal, get_args

from referee.rules.players import lowest
from referee.rules.tongits.house_rules import TongitsRules
from referee.rules.tongits.outcome import (
    Bisaklat,
    Draw,
    Ending,
    TongIts,
    TongitsStockOut,
    check_outcome,
    counted,
)
from referee.rules.tongits.seats import after, check_seated, first_to_the_right
from referee.rules.tongits.state import TongitsState, TongitsStreak, check_state, parse_state
from referee.scoring.settlement import Payment, Settlement

# The results a Tongits settlement names (tongits.md section 3).
TongitsResult = Literal[
    "tongits", "bisaklat", "draw_won", "draw_lost", "stock_out", "stock_out_void"
]
TONGITS_RESULTS: tuple[TongitsResult, ...] = get_args(TongitsResult)

# Each payer's rows, in the order section 3 lists them: the ending first, whatever its why
# ("tong-its", "folded, burned"...), then the bonuses, the second win and the pot.
ENDING = "ending"
ROW_ORDER = (ENDING, "secret", "escalera", "aces", "second win", "pot")
ZERO = Decimal(0)


@dataclass
class _Ledger:
    """What each loser owes the winner, merged per payer and why. Each row remembers its
    part of the game (the ending, a bonus, the second win, the pot) for the order of rows."""

    winner: str
    rows: dict[tuple[str, str], Decimal] = field(default_factory=dict)
    parts: dict[tuple[str, str], int] = field(default_factory=dict)

    def pay(self, payer: str, amount: Decimal, why: str, part: str | None = None) -> None:
        """`payer` pays the winner `amount` for `why` (a part of its own unless `part` says
        which); nobody pays themselves, and 0 is no row."""
        if payer != self.winner and amount > 0:
            key = (payer, why)
            self.rows[key] = self.rows.get(key, ZERO) + amount
            self.parts[key] = ROW_ORDER.index(part or why)

    def payments(self, seats: Sequence[str]) -> tuple[Payment, ...]:
        """The rows by payer in the order of play, each payer's in the order of section 3."""

        def place(key: tuple[str, str]) -> tuple[int, int]:
            return seats.index(key[0]), self.parts[key]

        return tuple(
            Payment(payer, self.winner, self.rows[payer, why], why)
            for payer, why in sorted(self.rows, key=place)
        )


def settle(
    rules: TongitsRules, players: Sequence[str], outcome: Ending, state: TongitsState | None = None
) -> Settlement:
    """Who pays whom for one game, and the state for the next; `state` None is the first
    game of a night. Raises Refusal when the game cannot be under these rules."""
    seats = check_seated(rules, players)
    state = TongitsState() if state is None else state
    check_state(seats, state)
    check_outcome(rules, seats, outcome)
    # 2.7 step 1: every player's share grows by the ante, whatever the ending.
    pot = {name: state.share(name) + rules.amount(rules.ante) for name in seats}
    winner = _winner(rules, seats, outcome)
    if winner is None:
        return _nobody_won(rules, seats, state, pot)

    ledger = _Ledger(winner)
    for name in seats:
        if name != winner:
            times, why = _ending(rules, outcome, name)
            ledger.pay(name, rules.amount(times), why, ENDING)
    _bonuses(rules, seats, outcome, ledger)

    streak = state.streak
    run = streak.wins + 1 if streak is not None and streak.player == winner else 1
    if rules.jackpot_wins == 3 and run == 2:
        for name in seats:
            ledger.pay(name, rules.amount(rules.second_win_bonus), "second win")
    pot_won = ZERO
    if isinstance(outcome, Bisaklat) or run >= rules.jackpot_wins:
        pot_won = sum(pot.values(), ZERO)
        for name in seats:
            ledger.pay(name, pot[name], "pot")
        pot = dict.fromkeys(seats, ZERO)

    payments = ledger.payments(seats)
    net = dict.fromkeys(seats, ZERO)
    for payment in payments:
        net[payment.payer] -= payment.amount
        net[payment.payee] += payment.amount
    dealer = winner if rules.next_dealer == "winner" else _rotated(seats, state)
    # Made here, not read: a share may outgrow what a request may send (MAX_POT_SHARE).
    streak = TongitsStreak.model_construct(player=winner, wins=run)
    after_game = TongitsState.model_construct(pot=pot, streak=streak, dealer=dealer)
    return Settlement(_result(outcome, winner), (winner,), payments, net, None, after_game, pot_won)


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


def _winner(rules: TongitsRules, seats: Sequence[str], outcome: Ending) -> str | None:
    """The one winner of 2.2 to 2.5, or None when everybody is burned at a stock-out."""
    match outcome:
        case TongIts() | Bisaklat():
            return outcome.player
        case Draw():
            return _draw_winner(rules, seats, outcome)
        case TongitsStockOut():
            return _stock_out_winner(rules, seats, outcome)


def _draw_winner(rules: TongitsRules, seats: Sequence[str], outcome: Draw) -> str:
    """2.4: the caller unless a fighter is lower; the caller loses every tie, and tied
    fighters go to the first of them to the caller's right. Folded totals never count."""
    caller = outcome.caller
    if not outcome.fought:
        return caller
    fight = [name for name in seats if name == caller or name in outcome.fought]
    _, tied = lowest(outcome.totals, fight)
    if tied == [caller]:
        return caller
    return first_to_the_right(rules, seats, caller, [name for name in tied if name != caller])


def _stock_out_winner(
    rules: TongitsRules, seats: Sequence[str], outcome: TongitsStockOut
) -> str | None:
    """2.5: the lowest total of who is not burned; a tie goes to who took the last card, or
    the first tied player to their right."""
    eligible = counted(seats, outcome)
    if not eligible:
        return None
    _, tied = lowest(outcome.totals, eligible)
    if len(tied) == 1:
        return tied[0]
    last = outcome.last_card
    assert last is not None  # check_outcome refused a shared lowest without it
    return last if last in tied else first_to_the_right(rules, seats, last, tied)


def _ending(rules: TongitsRules, outcome: Ending, loser: str) -> tuple[int, str]:
    """What one loser pays for the ending, in stakes, and why (2.2 to 2.5); a burned loser
    pays `burned_factor` times it."""
    burned = loser in outcome.burned
    match outcome:
        case TongIts():
            times, why = rules.tongits_pays, "tong-its"
        case Bisaklat():
            times, why = rules.bisaklat_pays, "bisaklat"
        case Draw():
            if loser == outcome.caller or loser in outcome.fought:
                times, why = rules.fight_pays, "lost the fight"
            else:
                times, why = rules.fold_pays, "folded"
        case TongitsStockOut():
            times, why = rules.stock_out_pays, "lowest count"
    if burned:
        return times * rules.burned_factor, f"{why}, burned"
    return times, why


def _bonuses(rules: TongitsRules, seats: Sequence[str], outcome: Ending, ledger: _Ledger) -> None:
    """2.6: the winner's own Secrets, Escaleras and aces, paid by each loser, never
    multiplied for a burned loser; a loser's own count earns them nothing."""
    held = outcome.bonuses.get(ledger.winner)
    if held is None:
        return
    for why, count, bonus in (
        ("secret", held.secret, rules.secret_bonus),
        ("escalera", held.escalera, rules.escalera_bonus),
        ("aces", held.aces, rules.ace_bonus),
    ):
        for name in seats:
            ledger.pay(name, rules.amount(count * bonus), why)


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
