"""Who won a game of Tongits, and what its ending pays (tongits.md 2.2 to 2.5, 6.4, 6.5).

The winner is found one way whatever the house pays a draw by (6.5 changes who pays whom,
never who wins). The ending is counted in whole stakes and becomes money as it is paid: a
burned loser pays the ending × `burned_factor` + `burned_extra`, once, in the ending's
own row (6.2 step 4). At a fought draw the points (6.4) are paid along the same pairs as
the fight: to the winner, or between the caller and each fighter.
"""

from collections.abc import Sequence
from decimal import Decimal

from referee.rules.players import lowest
from referee.rules.tongits.house_rules import TongitsRules
from referee.rules.tongits.outcome import (
    Bisaklat,
    Draw,
    Ending,
    TongIts,
    TongitsStockOut,
    counted,
)
from referee.rules.tongits.seats import first_to_the_right
from referee.scoring.tongits.ledger import ENDING, POINTS, Ledger

# 6.4: the why of the points, by what `point_pays_on` counts.
POINTS_WHY = {"difference": "points behind", "total": "points in hand"}


def winner_of(rules: TongitsRules, seats: Sequence[str], outcome: Ending) -> str | None:
    """The one winner of 2.2 to 2.5, or None when everybody is burned at a stock-out."""
    match outcome:
        case TongIts() | Bisaklat():
            return outcome.player
        case Draw():
            return _draw_winner(rules, seats, outcome)
        case TongitsStockOut():
            return _stock_out_winner(rules, seats, outcome)


def _fight(seats: Sequence[str], outcome: Draw) -> list[str]:
    """Who was in the fight of a draw, in the order of play: the caller and the fighters."""
    return [name for name in seats if name == outcome.caller or name in outcome.fought]


def _draw_winner(rules: TongitsRules, seats: Sequence[str], outcome: Draw) -> str:
    """2.4: the caller unless a fighter is lower; the caller loses every tie, and tied
    fighters go to the first of them to the caller's right. Folded totals never count."""
    caller = outcome.caller
    if not outcome.fought:
        return caller
    _, tied = lowest(outcome.totals, _fight(seats, outcome))
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


def pay_ending(
    rules: TongitsRules, seats: Sequence[str], outcome: Ending, winner: str, ledger: Ledger
) -> None:
    """The ending's rows (6.2 step 4) and, at a fought draw, the points (step 5)."""
    match outcome:
        case Draw():
            _pay_draw(rules, seats, outcome, winner, ledger)
            return
        case TongIts():
            times, why = rules.tongits_pays, "tong-its"
        case Bisaklat():
            times, why = rules.bisaklat_pays, "bisaklat"
        case TongitsStockOut():
            times, why = rules.stock_out_pays, "lowest count"
    for name in seats:
        ledger.pay(name, winner, *_lost(rules, outcome, name, times, why), ENDING)


def _lost(
    rules: TongitsRules, outcome: Ending, loser: str, times: int, why: str
) -> tuple[Decimal, str]:
    """A loser's row of the ending: `times` stakes for `why`, or, burned, `times` ×
    `burned_factor` + `burned_extra` stakes for "`why`, burned"."""
    if loser in outcome.burned:
        return rules.amount(times * rules.burned_factor + rules.burned_extra), f"{why}, burned"
    return rules.amount(times), why


def _pay_draw(
    rules: TongitsRules, seats: Sequence[str], outcome: Draw, winner: str, ledger: Ledger
) -> None:
    """2.4 and 6.5: who folded pays the winner, or the caller when the caller is paid; each
    loser of the fight pays `fight_pays` and the points (6.4) along its pair."""
    fight = _fight(seats, outcome)
    collector = outcome.caller if rules.draw_pays == "caller" else winner
    for name in seats:
        if name not in fight:
            ledger.pay(
                name, collector, *_lost(rules, outcome, name, rules.fold_pays, "folded"), ENDING
            )
    points_why = POINTS_WHY[rules.point_pays_on]
    for loser, payee in _pairs(rules, outcome, fight, winner):
        lost = _lost(rules, outcome, loser, rules.fight_pays, "lost the fight")
        ledger.pay(loser, payee, *lost, ENDING)
        points = rules.point_pays * _points(rules, outcome, loser, payee)
        ledger.pay(loser, payee, rules.amount(points), points_why, POINTS)


def _pairs(
    rules: TongitsRules, outcome: Draw, fight: Sequence[str], winner: str
) -> list[tuple[str, str]]:
    """Who pays whom for the fight, as (loser, payee). Paid to the winner (2.4): every other
    player in the fight. Paid by the caller (6.5): each fighter and the caller settle alone;
    a fighter whose total is the caller's or lower beats the caller (the caller loses ties),
    a higher one pays the caller."""
    if rules.draw_pays == "winner":
        return [(name, winner) for name in fight if name != winner]
    caller, totals = outcome.caller, outcome.totals
    return [
        (caller, name) if totals[name] <= totals[caller] else (name, caller)
        for name in fight
        if name != caller
    ]


def _points(rules: TongitsRules, outcome: Draw, loser: str, payee: str) -> int:
    """6.4: how far the loser's total is behind the payee's ("difference"; 0 for a caller
    who lost a tie), or the loser's whole total ("total")."""
    total = outcome.totals[loser]
    return total if rules.point_pays_on == "total" else total - outcome.totals[payee]
