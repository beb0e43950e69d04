"""settle(rules, players, outcome): section 2 of the house-rules spec, exactly.

First a ruling in whole stakes (who pays whom how many times, and why); then
either money (each multiple times the stake, as Decimal) or, in points mode, the
points left in the losers' hands. Counting in whole stakes until the very end is
what keeps every hand exact and zero-sum to the cent.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import lru_cache
from typing import Literal, get_args

from referee.rules.players import check_players, lowest
from referee.rules.tonk.house_rules import LOW_TONK_BELOW, HouseRules
from referee.rules.tonk.outcome import (
    DealTonk,
    DoubleDouble,
    Drop,
    Out,
    Outcome,
    StockOut,
    TonkOut,
    check_outcome,
    double_double_stakes,
)
from referee.scoring.settlement import Payment, Settlement

# The results a Tonk settlement names (the settle contract's `result`).
Result = Literal[
    "deal_tonk",
    "deal_tonk_draw",
    "tonk_out",
    "double_double",
    "out",
    "drop_won",
    "caught",
    "stock_out",
    "stock_out_draw",
]
RESULTS: tuple[Result, ...] = get_args(Result)
DRAWS: tuple[Result, ...] = ("deal_tonk_draw", "stock_out_draw")


@dataclass
class Ruling:
    """Who won a hand and the transfers it calls for, counted in whole stakes."""

    result: Result
    winners: list[str] = field(default_factory=list)
    # (payer, payee, why) -> how many stakes; a dict keeps the order rows were added.
    stakes: dict[tuple[str, str, str], int] = field(default_factory=dict)
    # In points mode (2.7), what each loser's points are multiplied by: what the outcome
    # pays in chips; after a catch the dropper's own factor is caught_pays.
    points_factor: int = 1
    dropper_factor: int = 1

    def pay(self, payers: Sequence[str], payee: str, times: int, why: str) -> None:
        """Each of `payers` (never the payee itself) pays `payee` `times` stakes."""
        for payer in payers:
            if payer != payee:
                key = (payer, payee, why)
                # Equivalent mutant: .get(None, 0) reads the same 0, as no ruling pays the
                # same (payer, payee, why) twice.
                self.stakes[key] = self.stakes.get(key, 0) + times


def settle(rules: HouseRules, players: Sequence[str], outcome: Outcome) -> Settlement:
    """Who pays whom for one hand; raises Refusal when the hand cannot be under these rules."""
    seats = check_players(players)
    check_outcome(rules, seats, outcome)
    ruling = _ruling(rules, seats, outcome)
    if rules.scoring == "points":
        if rules.stored_before_v2:
            ruling = _points_before_v2(rules, outcome, ruling)
        return _in_points(seats, outcome, ruling)
    return _in_money(rules.stake, seats, ruling)


def _ruling(rules: HouseRules, seats: Sequence[str], outcome: Outcome) -> Ruling:
    """The section of the spec that rules this kind of ending."""
    match outcome:
        case DealTonk():
            return _deal_tonk(rules, seats, outcome)
        case TonkOut():
            return _tonk_out(rules, seats, outcome)
        case DoubleDouble():
            return _double_double(rules, seats, outcome)
        case Out():
            return _out(rules, seats, outcome)
        case Drop():
            return _drop(rules, seats, outcome)
        case StockOut():
            return _stock_out(rules, seats, outcome)


def _deal_tonk(rules: HouseRules, seats: Sequence[str], outcome: DealTonk) -> Ruling:
    """2.1: one tonk is paid its band; several are settled by deal_tonk_clash."""
    tonks = {
        name: pays
        for name in seats
        if name in outcome.totals
        and (pays := rules.deal_tonk_pays(outcome.totals[name])) is not None
    }
    if rules.deal_tonk_clash == "pay_all":
        return _every_tonk_paid(seats, tonks)
    best = list(tonks)
    # `>= 1` is an equivalent mutant: a lone tonk ranks first among one.
    if len(tonks) > 1 and rules.deal_tonk_clash != "draw":
        high_first = rules.deal_tonk_clash == "high_beats_low"

        def rank(name: str) -> tuple[bool, int]:
            total = outcome.totals[name]
            is_low = total < LOW_TONK_BELOW
            # A smaller rank is a better tonk: lower among lows, higher among highs.
            return (is_low == high_first, total if is_low else -total)

        top = min(rank(name) for name in tonks)
        best = [name for name in tonks if rank(name) == top]
    if len(best) != 1:
        return Ruling("deal_tonk_draw")
    winner = best[0]
    ruling = Ruling("deal_tonk", [winner], points_factor=tonks[winner])
    ruling.pay(seats, winner, tonks[winner], "tonk on the deal")
    return ruling


def _every_tonk_paid(seats: Sequence[str], tonks: dict[str, int]) -> Ruling:
    """2.1 with "pay_all": each player who did not tonk pays each tonk its own band's pays;
    tonks pay each other nothing, so a deal where everyone tonked is a draw. In points the
    others' points count the sum of the tonks' pays, as in chips they pay each of them."""
    payers = [name for name in seats if name not in tonks]
    if not payers:
        return Ruling("deal_tonk_draw")
    ruling = Ruling("deal_tonk", list(tonks), points_factor=sum(tonks.values()))
    for name, pays in tonks.items():
        ruling.pay(payers, name, pays, "tonk on the deal")
    return ruling


def _tonk_out(rules: HouseRules, seats: Sequence[str], outcome: TonkOut) -> Ruling:
    """2.2: doubled by default; six cards spread may pay more, or be required."""
    if rules.tonk_out_six_pays is not None and outcome.spread_six:
        times, why = rules.tonk_out_six_pays, "tonk out with six cards spread"
    elif rules.tonk_out_needs_six and not outcome.spread_six:
        times, why = rules.out_pays, "out without six cards spread"
    else:
        times, why = rules.tonk_out_pays, "tonk out"
    ruling = Ruling("tonk_out", [outcome.player], points_factor=times)
    ruling.pay(seats, outcome.player, times, why)
    return ruling


def _double_double(rules: HouseRules, seats: Sequence[str], outcome: DoubleDouble) -> Ruling:
    """2.3: the player who went out second is paid double_double_pays by everyone else."""
    times = double_double_stakes(rules)
    ruling = Ruling("double_double", [outcome.player], points_factor=times)
    ruling.pay(seats, outcome.player, times, "double-double")
    return ruling


def _out(rules: HouseRules, seats: Sequence[str], outcome: Out) -> Ruling:
    """2.4: out by discarding the last card pays out_pays."""
    ruling = Ruling("out", [outcome.player], points_factor=rules.out_pays)
    ruling.pay(seats, outcome.player, rules.out_pays, "out")
    return ruling


def _drop(rules: HouseRules, seats: Sequence[str], outcome: Drop) -> Ruling:
    """2.5: a drop wins with the lowest total, or is caught and pays (everyone who beat the
    dropper, or only the lowest: caught_pays_to), plus the bonus."""
    dropper, totals = outcome.player, outcome.totals
    others = [name for name in seats if name != dropper]
    low, lowest_others = lowest(totals, others)
    mine = totals[dropper]
    if mine < low or (mine == low and not rules.caught_on_tie):
        ruling = Ruling("drop_won", [dropper], points_factor=rules.drop_win_pays)
        ruling.pay(others, dropper, rules.drop_win_pays, "drop won")
        return ruling

    ruling = Ruling("caught", list(lowest_others), dropper_factor=rules.caught_pays)
    ties_paid = rules.caught_pays_tied == "all" or (
        rules.caught_pays_tied == "lowest" and mine == low
    )
    # caught_pays_to "lowest" (version 2.1) pays only W, the lowest of the others.
    paid = lowest_others if rules.caught_pays_to == "lowest" else others
    for name in paid:
        if totals[name] < mine or (totals[name] == mine and ties_paid):
            ruling.pay([dropper], name, rules.caught_pays, "caught")
    if rules.caught_bonus_from != "none" and (
        len(lowest_others) == 1 or rules.caught_bonus_tie == "all"
    ):
        bonus_payers = seats if rules.caught_bonus_from == "all" else others
        payers = [name for name in bonus_payers if name not in lowest_others]
        for name in lowest_others:
            ruling.pay(payers, name, 1, "lowest after a catch")
    return ruling


def _stock_out(rules: HouseRules, seats: Sequence[str], outcome: StockOut) -> Ruling:
    """2.6: the lowest total is paid; a shared lowest is settled by stock_out_tie."""
    _, tied = lowest(outcome.totals, seats)
    if len(tied) > 1:
        if rules.stock_out_tie == "last_draw" and outcome.last_draw in tied:
            tied = [outcome.last_draw]
        elif rules.stock_out_tie != "all" or len(tied) == len(seats):
            return Ruling("stock_out_draw")
    ruling = Ruling("stock_out", tied, points_factor=rules.stock_out_pays)
    payers = [name for name in seats if name not in tied]
    for name in tied:
        ruling.pay(payers, name, rules.stock_out_pays, "lowest when the stock ran out")
    return ruling


def _in_money(stake: Decimal, seats: Sequence[str], ruling: Ruling) -> Settlement:
    """The ruling paid out: each row's stakes times the stake, netted per player."""
    # The stake by its text: Decimal("1") == Decimal("1.00"), but they are written apart.
    payments, winners, net = _paid(str(stake), tuple(seats), tuple(ruling.stakes.items()))
    return Settlement(ruling.result, winners, payments, dict(net), None)


Rows = tuple[tuple[tuple[str, str, str], int], ...]


@lru_cache(maxsize=4096)
def _paid(
    stake_text: str, seats: tuple[str, ...], rows: Rows
) -> tuple[tuple[Payment, ...], tuple[str, ...], tuple[tuple[str, Decimal], ...]]:
    """The payments, who collects and each player's net, for rows of (payer, payee, why)
    -> stakes. Pure, and the same few rows come back hand after hand at a table (who
    went out, who dropped), so each is paid out once: nets are counted in whole stakes and
    multiplied by the stake once per player (the same exact amount as adding each payment);
    a player no payment touches nets Decimal(0)."""
    stake = Decimal(stake_text)
    payments = []
    moved: dict[str, int] = {}  # who pays or is paid: their net in whole stakes
    for (payer, payee, why), times in rows:
        payments.append(Payment(payer, payee, stake * times, why))
        moved[payer] = moved.get(payer, 0) - times
        moved[payee] = moved.get(payee, 0) + times
    net = tuple((name, stake * moved[name] if name in moved else _NOTHING) for name in seats)
    collected = {payment.payee for payment in payments}
    winners = tuple(name for name in seats if name in collected)
    return tuple(payments), winners, net


_NOTHING = Decimal(0)  # the net of a player who neither pays nor is paid


def _points_before_v2(rules: HouseRules, outcome: Outcome, ruling: Ruling) -> Ruling:
    """Version 1's 2.7, for rules a table stored before version 2, so that its old hands
    keep their scores when edited or imported: a loser's points doubled after a tonk (on
    the deal, out, or a double-double; not a tonk out paid as an out for want of six
    cards), counted once otherwise. A caught dropper's caught_pays is the same in both."""
    tonk = isinstance(outcome, DealTonk | DoubleDouble) or (
        isinstance(outcome, TonkOut) and (outcome.spread_six or not rules.tonk_out_needs_six)
    )
    return replace(ruling, points_factor=2 if tonk else 1)


def _in_points(seats: Sequence[str], outcome: Outcome, ruling: Ruling) -> Settlement:
    """2.7: winners score 0; each loser the points in hand times what the outcome pays in
    chips (after a catch: caught_pays for the dropper, 1 for the others)."""
    points = dict.fromkeys(seats, 0)
    dropped = outcome.player if isinstance(outcome, Drop) else None
    if ruling.result not in DRAWS:
        for name in seats:
            if name in ruling.winners:
                continue
            dropper = ruling.result == "caught" and name == dropped
            factor = ruling.dropper_factor if dropper else ruling.points_factor
            points[name] = outcome.totals.get(name, 0) * factor
    net = dict.fromkeys(seats, _NOTHING)
    return Settlement(ruling.result, tuple(ruling.winners), (), net, points)
