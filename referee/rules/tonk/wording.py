"""House rules put in the words players use at the table: sentences, labels, amounts.

Every sentence is a whole message (rules/said.py), chosen whole for each value of the
rules it says; only phrases that stand for one value (an amount, who scores what, a
comparison) are messages of their own, put in a placeholder.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from referee.rules.said import Said, said, said_n, sentences
from referee.rules.tonk.house_rules import (
    LOW_TONK_BELOW,
    Band,
    CaughtPaysTied,
    HouseRules,
    option_group,
    option_keys,
)
from referee.rules.words import amount_in_words, count_words, plain_value_words


def band_in_words(band: Band) -> str:
    """'49 or 50', '15 or less', '21', '30 to 40'."""
    if band.min == band.max:
        return str(band.min)
    if band.min + 1 == band.max:
        return said("{low} or {high}", low=band.min, high=band.max)
    if band.min == 0:
        return said("{high} or less", high=band.max)
    return said("{low} to {high}", low=band.min, high=band.max)


def bands_in_words(bands: Sequence[Band]) -> str:
    """All tonk bands of a table, with what each pays when they differ."""
    if not bands:
        return said("not played")
    same_pay = len({band.pays for band in bands}) == 1
    parts = [
        band_in_words(band)
        if same_pay
        else said("{band} (pays {pays})", band=band_in_words(band), pays=band.pays)
        for band in bands
    ]
    return either_band(parts)


def either_band(bands: Sequence[str]) -> str:
    """Bands in words, any one of them: '15 or less or 49 or 50'."""
    listed = bands[0]
    for band in bands[1:]:
        listed = said("{bands} or {band}", bands=listed, band=band)
    return listed


def drop_in_words(outcome: Mapping[str, Any], result: str) -> str | None:
    """'Ben dropped on 10 and was caught': a drop's line names the dropper, their total
    and how the drop went, since the winners alone would name the players who caught
    them. None for any other ending, which its result's words and winners say well."""
    if outcome.get("kind") != "drop":
        return None
    dropper = outcome["player"]
    total = outcome["totals"][dropper]
    if result == "caught":
        return said("{player} dropped on {total} and was caught", player=dropper, total=total)
    return said("{player} dropped on {total} and won", player=dropper, total=total)


# Rule sentences, labels and choice words for the rules sheet and the house-rules form.
# Every table is keyed by the option keys of HouseRules; the tests check none is missing.

# What ended a hand, as the history and the payout head it (the settlement's result).
RESULT_WORDS: dict[str, str] = {
    "deal_tonk": said("Tonk on the deal"),
    "deal_tonk_draw": said("Tonks on the deal: a draw"),
    "tonk_out": said("Tonk out"),
    "double_double": said("Double-double"),
    "out": said("Out by discarding"),
    "drop_won": said("Drop won"),
    "caught": said("Caught dropping"),
    "stock_out": said("Stock ran out"),
    "stock_out_draw": said("Stock ran out: a draw"),
}
LOW_TONK = said("a low tonk (under {below}, the lower the better)", below=LOW_TONK_BELOW)
HIGH_TONK = said("a high tonk ({below} or more, the higher the better)", below=LOW_TONK_BELOW)


def _paid(rules: HouseRules, times: int) -> str:
    """What `times` stakes come to at this table, in its unit."""
    return amount_in_words(rules.stake * times, rules.unit)


def _in_points(rules: HouseRules) -> bool:
    return rules.scoring == "points"


def _their_points(factor: int) -> Said:
    """What the others score in points: the points left in their hand, times `factor`."""
    if factor == 1:
        return said("the points left in their hand")
    if factor == 2:
        return said("the points left in their hand, doubled")
    if factor == 3:
        return said("the points left in their hand, tripled")
    return said("the points left in their hand, times {factor}", factor=factor)


def your_points(factor: int) -> Said:
    """What a caught dropper scores in points: the points left in their own hand (the rules
    sheet says it, and the referee's answer about a caught drop)."""
    if factor == 1:
        return said("the points left in your hand")
    if factor == 2:
        return said("the points left in your hand, doubled")
    if factor == 3:
        return said("the points left in your hand, tripled")
    return said("the points left in your hand, times {factor}", factor=factor)


def counted_in_words(factor: int) -> str:
    """How the points left in a hand count: 'once', 'double', 'triple', '4 times over'."""
    if factor == 1:
        return said("once")
    if factor == 2:
        return said("double")
    if factor == 3:
        return said("triple")
    return said("{factor} times over", factor=factor)


def _others_score(factor: int) -> Said:
    """The points-mode payout: the winner scores 0, the others their points."""
    return said("you score 0 and everyone else scores {points}", points=_their_points(factor))


def _everyone_pays_you(rules: HouseRules, times: int) -> Said:
    """The chips payout of a win that everyone pays."""
    return said("everyone pays you {amount}", amount=_paid(rules, times))


def _payout(rules: HouseRules, times: int) -> Said:
    """What a win pays: points scored, or stakes paid by everyone."""
    return _others_score(times) if _in_points(rules) else _everyone_pays_you(rules, times)


# Table


def _stake(rules: HouseRules) -> str:
    stake = amount_in_words(rules.stake, rules.unit)
    if _in_points(rules):
        return said(
            "This table scores points, so no chips change hands: the stake of {stake} is unused.",
            stake=stake,
        )
    return said(
        "The stake is {stake}: every payment below is a whole number of stakes.", stake=stake
    )


def _unit(rules: HouseRules) -> str:
    return said("Amounts are counted in {unit}.", unit=rules.unit)


def _hand_size(rules: HouseRules) -> str:
    return said_n(
        "Each player is dealt {count} card.", "Each player is dealt {count} cards.", rules.hand_size
    )


def _deck(rules: HouseRules) -> str:
    if rules.deck == "40":
        return said(
            "The game uses a 40-card deck: no 8s, 9s or 10s; in runs the 7 is next to the Jack."
        )
    return said("The game uses a full deck of 52 cards.")


def _scoring(rules: HouseRules) -> str:
    if _in_points(rules) and rules.stored_before_v2:
        return said(
            "Hands are scored in points, not chips: the winner scores 0, the others score the "
            "points left in their hands, doubled after a tonk, and the lowest score wins the "
            "game. These rules were set before version 2 of the house rules and keep its "
            "scoring; a change of rules brings in today's (points times what the hand would "
            "pay in chips)."
        )
    if _in_points(rules):
        return said(
            "Hands are scored in points, not chips: the winner scores 0, the others score the "
            "points left in their hands times what the hand would pay in chips, and the lowest "
            "score wins the game."
        )
    return said("Every hand is settled in chips: the losers pay the winners at once.")


def _points_target_hands(rules: HouseRules) -> str:
    hands = rules.points_target_hands
    if hands is None:
        return said("There is no agreed number of hands: play as long as the table likes.")
    if _in_points(rules):
        return said_n(
            "The game lasts {count} hand (voided hands do not count, draws do): then the "
            "lowest score wins, a shared lowest score shares the win, and the next hand starts "
            "a new game at 0. A change of the number of hands applies to the game in play. "
            "Only the players of every hand of a game can win it: a player who sits in or "
            "leaves during a game keeps their score but not the win.",
            "The game lasts {count} hands (voided hands do not count, draws do): then the "
            "lowest score wins, a shared lowest score shares the win, and the next hand starts "
            "a new game at 0. A change of the number of hands applies to the game in play. "
            "Only the players of every hand of a game can win it: a player who sits in or "
            "leaves during a game keeps their score but not the win.",
            hands,
        )
    return said_n(
        "The table agreed to play {count} hand.", "The table agreed to play {count} hands.", hands
    )


# Tonk on the deal


def _overlap_with_other_pay(bands: Sequence[Band]) -> bool:
    """Do two bands that pay differently share a total? Then the higher pay counts."""
    return any(
        a.pays != b.pays and a.min <= b.max and b.min <= a.max
        for i, a in enumerate(bands)
        for b in bands[i + 1 :]
    )


def _dealt_tonk(rules: HouseRules, bands: Sequence[Band], pays: int) -> Said:
    """The sentence for the bands that pay `pays`: 'A dealt hand of 49 or 50 is a tonk: ...'."""
    # 2.7: in points the others' points are multiplied by what the band pays in chips.
    payout = _payout(rules, pays)
    if len(bands) == 1:
        total = band_in_words(bands[0])
        return said("A dealt hand of {total} is a tonk: {payout}.", total=total, payout=payout)
    totals = band_in_words(bands[0])
    for band in bands[1:]:
        totals = said("{totals}, or of {total}", totals=totals, total=band_in_words(band))
    return said("A dealt hand of {totals}, is a tonk: {payout}.", totals=totals, payout=payout)


def _deal_tonks(rules: HouseRules) -> str:
    bands = rules.deal_tonks
    if not bands:
        return said("Tonk on the deal is not played: no dealt hand wins by itself.")
    pays = list(dict.fromkeys(band.pays for band in bands))
    told = [_dealt_tonk(rules, [b for b in bands if b.pays == p], p) for p in pays]
    if _overlap_with_other_pay(bands):
        told.append(said("Where these overlap, the higher pay counts."))
    return sentences(*told)


def _deal_tonk_clash(rules: HouseRules) -> str:
    if rules.deal_tonk_clash == "draw" and _in_points(rules):
        return said(
            "If two or more players tonk on the deal, the hand is a draw: nobody scores, "
            "and the next player deals."
        )
    if rules.deal_tonk_clash == "draw":
        return said(
            "If two or more players tonk on the deal, the hand is a draw: nobody pays, "
            "and the next player deals."
        )
    if rules.deal_tonk_clash == "pay_all" and _in_points(rules):
        return said(
            "If two or more players tonk on the deal, each of them scores 0 and every player "
            "who did not tonk scores the points left in their hand times the sum of what the "
            "tonks pay; if everyone tonks, the hand is a draw."
        )
    if rules.deal_tonk_clash == "pay_all":
        return said(
            "If two or more players tonk on the deal, every player who did not tonk pays each "
            "of them what their own tonk pays; the tonks pay each other nothing, and if "
            "everyone tonks, the hand is a draw."
        )
    better, worse = (
        (LOW_TONK, HIGH_TONK)
        if rules.deal_tonk_clash == "low_beats_high"
        else (HIGH_TONK, LOW_TONK)
    )
    return said(
        "If two or more players tonk on the deal, the best tonk wins: {better} beats {worse}; "
        "if two players hold the best tonk, the hand is a draw.",
        better=better,
        worse=worse,
    )


# Going out


def _tonk_out_pays(rules: HouseRules) -> str:
    return said(
        "If you go out by spreading and hitting, with no last discard, that is a tonk out: "
        "{payout}.",
        payout=_payout(rules, rules.tonk_out_pays),
    )


def _tonk_out_six_pays(rules: HouseRules) -> str:
    if rules.tonk_out_six_pays is None:
        return said("Laying six cards as new spreads in your last turn earns no extra pay.")
    if _in_points(rules):
        return said(
            "A tonk out that lays six cards as new spreads in its last turn makes the others' "
            "points count {counted} instead.",
            counted=counted_in_words(rules.tonk_out_six_pays),
        )
    return said(
        "A tonk out that lays six cards as new spreads in its last turn is paid {amount} by "
        "everyone instead.",
        amount=_paid(rules, rules.tonk_out_six_pays),
    )


def _tonk_out_needs_six(rules: HouseRules) -> str:
    if not rules.tonk_out_needs_six:
        return said("You may tonk out without laying six cards as new spreads.")
    if _in_points(rules):
        return said(
            "To score as a tonk out you must lay six cards as new spreads in your last turn; "
            "otherwise the others' points count {counted}, as after going out by discarding.",
            counted=counted_in_words(rules.out_pays),
        )
    return said(
        "To be paid as a tonk out you must lay six cards as new spreads in your last turn; "
        "otherwise everyone pays you only {amount}.",
        amount=_paid(rules, rules.out_pays),
    )


def _double_double_pays(rules: HouseRules) -> str:
    if rules.double_double_pays is None:
        return said("Double-double is not played.")
    if _in_points(rules):
        payout = _others_score(rules.double_double_pays)
    else:
        payout = said(
            "everyone else pays you {amount}", amount=_paid(rules, rules.double_double_pays)
        )
    return said(
        "Double-double is played: if a tonk out lets you tonk out at once on the cards just "
        "laid, {payout}.",
        payout=payout,
    )


def _out_pays(rules: HouseRules) -> str:
    return said(
        "If you go out by discarding your last card, {payout}.",
        payout=_payout(rules, rules.out_pays),
    )


# Dropping


def _drop_win_pays(rules: HouseRules) -> str:
    if rules.caught_on_tie:
        lowest = said("lower than everyone else's")
    else:
        lowest = said("no higher than anyone else's")
    return said(
        "You may drop (knock) to end the hand: if your total is {lowest}, {payout}.",
        lowest=lowest,
        payout=_payout(rules, rules.drop_win_pays),
    )


def _caught_on_tie(rules: HouseRules) -> str:
    if rules.caught_on_tie:
        return said("If another player's total ties yours when you drop, you are caught.")
    return said("If another player's total only ties yours when you drop, you still win.")


def _caught_pays(rules: HouseRules) -> str:
    if _in_points(rules):
        return said(
            "If you drop and are caught, you score {points}.",
            points=your_points(rules.caught_pays),
        )
    return said(
        "If you drop and are caught, you pay {amount} to each player whose total is {beaten}.",
        amount=_paid(rules, rules.caught_pays),
        beaten=caught_beaten(rules),
    )


def _ties_paid(rules: HouseRules) -> CaughtPaysTied:
    """Which ties with a caught dropper are paid, as caught_pays_tied says in effect: paying
    only the lowest (caught_pays_to), "all" pays a tie only when it is the lowest."""
    if rules.caught_pays_to == "lowest" and rules.caught_pays_tied == "all":
        return "lowest"
    return rules.caught_pays_tied


def caught_beaten(rules: HouseRules) -> str:
    """Whom a caught dropper pays, after 'each player whose total is' (2.5 step 1)."""
    tied = _ties_paid(rules)
    if rules.caught_pays_to == "lowest" and tied == "none" and rules.caught_on_tie:
        return said("the lowest among the other players and lower than yours")
    if rules.caught_pays_to == "lowest":
        # A tie paid at all is a tie for the lowest: one of the lowest of the others.
        return said("the lowest among the other players")
    if tied == "all":
        return said("lower than or equal to yours")
    if tied == "lowest" and rules.caught_on_tie:
        return said("lower than yours, or equal to it when nobody's is lower")
    # "lowest" without caught_on_tie: a tie for the lowest is no catch, so no tie is paid.
    return said("lower than yours")


def _caught_pays_to(rules: HouseRules) -> str:
    if _in_points(rules):
        return said(
            "In points it makes no difference whom a caught dropper pays: the lowest of the "
            "others scores 0, the rest the points left in their hand."
        )
    if rules.caught_pays_to == "lowest":
        return said(
            "If you are caught, you pay only the lowest of the other players (each of them "
            "if that lowest total is shared), not everyone whose total beat yours."
        )
    return said(
        "If you are caught, you pay every player whose total beat yours, not only the lowest."
    )


def _caught_pays_tied(rules: HouseRules) -> str:
    if _in_points(rules):
        return said(
            "In points a tie with a caught dropper changes nothing: the lowest of the others "
            "scores 0, the rest the points left in their hand."
        )
    tied = _ties_paid(rules)
    if tied == "all":
        return said("If you are caught, each player whose total ties yours is paid too.")
    if tied == "none":
        return said("If you are caught, a player whose total only ties yours is not paid.")
    if rules.caught_on_tie:
        return said(
            "If you are caught, a player whose total ties yours is paid only when nobody's "
            "total is lower: when you tied the lowest."
        )
    return said(
        "If you are caught, a player whose total only ties yours is not paid: only a tie for "
        "the lowest would be, and here that is no catch."
    )


def _caught_bonus_from(rules: HouseRules) -> str:
    if rules.caught_on_tie:
        lowest = said(
            "the lowest of the other players (the one who tied you, if you tied the lowest)"
        )
    else:
        lowest = said("the lowest of the other players")
    if _in_points(rules):
        return said("After a catch, {lowest} scores 0; in points there is no bonus.", lowest=lowest)
    bonus = _paid(rules, 1)
    if rules.caught_bonus_from == "others":
        return said(
            "After a catch, {lowest} also collects {bonus} from everyone except the dropper.",
            lowest=lowest,
            bonus=bonus,
        )
    if rules.caught_bonus_from == "all":
        return said(
            "After a catch, {lowest} also collects {bonus} from everyone, the dropper included.",
            lowest=lowest,
            bonus=bonus,
        )
    return said("After a catch, {lowest} collects no bonus.", lowest=lowest)


def _caught_bonus_tie(rules: HouseRules) -> str:
    if _in_points(rules):
        return said(
            "If two or more players share the lowest total after a catch, they all score 0."
        )
    if rules.caught_bonus_from == "none":
        return said(
            "If two or more players share the lowest total after a catch, there is no bonus "
            "to collect here."
        )
    if rules.caught_bonus_tie == "all":
        return said(
            "If two or more players share the lowest total after a catch, each of them "
            "collects the bonus."
        )
    return said(
        "If two or more players share the lowest total after a catch, none of them collects "
        "the bonus."
    )


# Stock runs out


def _stock_out_pays(rules: HouseRules) -> str:
    if _in_points(rules):
        return said(
            "If the stock runs out, the player with the lowest total wins: they score 0 and "
            "everyone else scores {points}.",
            points=_their_points(rules.stock_out_pays),
        )
    return said(
        "If the stock runs out, the player with the lowest total wins: everyone else pays "
        "them {amount}.",
        amount=_paid(rules, rules.stock_out_pays),
    )


def _stock_out_tie(rules: HouseRules) -> str:
    if rules.stock_out_tie == "draw" and _in_points(rules):
        return said(
            "If the stock runs out and two or more players share the lowest total, the hand "
            "is a draw: nobody scores."
        )
    if rules.stock_out_tie == "draw":
        return said(
            "If the stock runs out and two or more players share the lowest total, the hand "
            "is a draw: nobody pays."
        )
    if rules.stock_out_tie == "last_draw":
        return said(
            "If the stock runs out and two or more players share the lowest total, the one "
            "who drew the last stock card wins alone; if that player is not among them, the "
            "hand is a draw."
        )
    if _in_points(rules):
        return said(
            "If the stock runs out and two or more players share the lowest total, each of "
            "them scores 0 and the others score {points}. If everyone ties, the hand is a draw.",
            points=_their_points(rules.stock_out_pays),
        )
    return said(
        "If the stock runs out and two or more players share the lowest total, each of them "
        "is paid {amount} by every player not tied. If everyone ties, the hand is a draw.",
        amount=_paid(rules, rules.stock_out_pays),
    )


# Table talk


def _drop_when(rules: HouseRules) -> str:
    if rules.drop_when == "any_time":
        return said("You may drop at any time in your turn, even after drawing.")
    return said("You may drop only at the start of your turn, before you draw.")


def _wait_after_spread(rules: HouseRules) -> str:
    turns = rules.wait_after_spread
    if turns == 0:
        return said("You may drop right after laying a new spread.")
    if rules.drop_when == "any_time":
        return said_n(
            "After laying a new spread you may not drop on your next {count} turn, nor in "
            "the rest of that turn.",
            "After laying a new spread you may not drop on your next {count} turns, nor in "
            "the rest of that turn.",
            turns,
        )
    return said_n(
        "After laying a new spread you may not drop on your next {count} turn.",
        "After laying a new spread you may not drop on your next {count} turns.",
        turns,
    )


def _wait_after_hit(rules: HouseRules) -> str:
    turns = rules.wait_after_hit
    if turns == 0:
        return said("You may drop right after one of your spreads is hit.")
    return said_n(
        "After one of your spreads is hit you may not drop on your next {count} turn.",
        "After one of your spreads is hit you may not drop on your next {count} turns.",
        turns,
    )


def _hit_blocks_laydown(rules: HouseRules) -> str:
    if rules.hit_blocks_laydown:
        return said(
            "If one of your spreads is hit, you may not lay down a spread on your next turn."
        )
    return said("A hit on one of your spreads does not stop you laying down a spread next turn.")


def _hits_stack(rules: HouseRules) -> str:
    if rules.hits_stack:
        return said(
            "Each further hit on your spreads before your next turn adds its own wait, "
            "and its own turn without laying down."
        )
    return said("Hits on your spreads before your next turn count once.")


def _must_spread(rules: HouseRules) -> str:
    if rules.must_spread:
        return said("You may not keep a complete spread in your hand: lay it down.")
    return said("You may keep a complete spread in your hand instead of laying it down.")


def _ace(rules: HouseRules) -> str:
    if rules.ace == "low_or_high":
        return said(
            "In runs the ace goes next to the 2 or next to the King (A-2-3 or Q-K-A), "
            "but never round the corner (no K-A-2)."
        )
    return said("The ace is low: in runs it goes next to the 2 only (A-2-3, never Q-K-A).")


def _discard_take(rules: HouseRules) -> str:
    if rules.discard_take == "top_two":
        return said("You may take the top card of the discard pile or the card under it.")
    return said("You may take only the top card of the discard pile.")


def _first_discard(rules: HouseRules) -> str:
    if rules.first_discard == "first_player":
        return said(
            "No card is turned up: the discard pile starts with the first player's discard."
        )
    return said("The dealer turns up the first card of the discard pile.")


def _slapping(rules: HouseRules) -> str:
    if rules.slapping:
        return said(
            "Slapping: you may take a discard out of turn, skipping the players in between."
        )
    return said("You may take a discard only in your own turn (no slapping).")


def _same_turn_discard(rules: HouseRules) -> str:
    if rules.same_turn_discard:
        return said("A card taken from the discard pile may be discarded again in the same turn.")
    return said("A card taken from the discard pile may not be discarded again in the same turn.")


SENTENCES: dict[str, Callable[[HouseRules], str]] = {
    "stake": _stake,
    "unit": _unit,
    "hand_size": _hand_size,
    "deck": _deck,
    "scoring": _scoring,
    "points_target_hands": _points_target_hands,
    "deal_tonks": _deal_tonks,
    "deal_tonk_clash": _deal_tonk_clash,
    "tonk_out_pays": _tonk_out_pays,
    "tonk_out_six_pays": _tonk_out_six_pays,
    "tonk_out_needs_six": _tonk_out_needs_six,
    "double_double_pays": _double_double_pays,
    "out_pays": _out_pays,
    "drop_win_pays": _drop_win_pays,
    "caught_on_tie": _caught_on_tie,
    "caught_pays": _caught_pays,
    "caught_pays_to": _caught_pays_to,
    "caught_pays_tied": _caught_pays_tied,
    "caught_bonus_from": _caught_bonus_from,
    "caught_bonus_tie": _caught_bonus_tie,
    "stock_out_pays": _stock_out_pays,
    "stock_out_tie": _stock_out_tie,
    "drop_when": _drop_when,
    "wait_after_spread": _wait_after_spread,
    "wait_after_hit": _wait_after_hit,
    "hit_blocks_laydown": _hit_blocks_laydown,
    "hits_stack": _hits_stack,
    "must_spread": _must_spread,
    "ace": _ace,
    "discard_take": _discard_take,
    "first_discard": _first_discard,
    "slapping": _slapping,
    "same_turn_discard": _same_turn_discard,
}


def rule_sentences(rules: HouseRules) -> list[tuple[str, str, str]]:
    """(key, group, sentence) for every option in spec order: the rules sheet in plain words.

    Generated from the values, never written per table, so what a newcomer reads is
    exactly what the referee settles by. In points mode the paying options say who
    scores what, since no chips move.
    """
    return [(key, option_group(key), SENTENCES[key](rules)) for key in option_keys()]


LABELS = {
    "stake": said("Stake"),
    "unit": said("Unit"),
    "hand_size": said("Cards dealt"),
    "deck": said("Deck"),
    "scoring": said("Scoring"),
    "points_target_hands": said("Hands in a game"),
    "deal_tonks": said("Tonk on the deal"),
    "deal_tonk_clash": said("When two tonk on the deal"),
    "tonk_out_pays": said("Tonk out pays"),
    "tonk_out_six_pays": said("Tonk out with six cards spread pays"),
    "tonk_out_needs_six": said("Six cards spread needed to tonk out"),
    "double_double_pays": said("Double-double pays"),
    "out_pays": said("Out by discarding pays"),
    "drop_win_pays": said("Winning drop pays"),
    "caught_on_tie": said("Caught on a tie"),
    "caught_pays": said("Caught dropper pays"),
    "caught_pays_to": said("Whom a caught dropper pays"),
    "caught_pays_tied": said("Caught dropper pays who tied"),
    "caught_bonus_from": said("Lowest after a catch collects from"),
    "caught_bonus_tie": said("Shared lowest after a catch"),
    "stock_out_pays": said("Stock out pays the lowest"),
    "stock_out_tie": said("Shared lowest when the stock runs out"),
    "drop_when": said("When you may drop"),
    "wait_after_spread": said("Wait after a new spread"),
    "wait_after_hit": said("Wait after being hit"),
    "hit_blocks_laydown": said("Being hit blocks your next lay-down"),
    "hits_stack": said("Each further hit adds its own turns"),
    "must_spread": said("Complete spreads must be laid down"),
    "ace": said("Ace in runs"),
    "discard_take": said("Discards you may take"),
    "first_discard": said("First discard"),
    "slapping": said("Slapping"),
    "same_turn_discard": said("Discard a taken card the same turn"),
}


def status_words(rules: HouseRules, game: int | None, hand: str) -> list[str]:
    """The table page's status line, in parts: how the table scores, the game of points in
    play ('Game 2', None: the night is one game), the hand in play as the caller says it
    ('Hand 2 of 3'), and the stake ('1 chip')."""
    in_game = [] if game is None else [said("Game {number}", number=game)]
    stake = amount_in_words(rules.stake, rules.unit)
    return [CHOICE_WORDS["scoring"][rules.scoring], *in_game, hand, stake]


def option_label(key: str) -> str:
    """A short name for an option, as a form label or a rules-sheet heading."""
    return LABELS[key]


# Words for the named choices; flags, numbers and null are worded by kind below.
CHOICE_WORDS: dict[str, dict[str, str]] = {
    "deck": {"52": said("52 cards"), "40": said("40 cards (no 8, 9, 10)")},
    "scoring": {"chips": said("Chips"), "points": said("Points")},
    "deal_tonk_clash": {
        "draw": said("Draw"),
        "low_beats_high": said("Low tonk beats high"),
        "high_beats_low": said("High tonk beats low"),
        "pay_all": said("Each tonk is paid"),
    },
    "caught_pays_to": {
        "beaten": said("Everyone who beat the dropper"),
        "lowest": said("Only the lowest player"),
    },
    "caught_pays_tied": {
        "all": said("Everyone who tied"),
        "lowest": said("Only a tie for the lowest"),
        "none": said("Nobody who only tied"),
    },
    "caught_bonus_from": {
        "others": said("Everyone but the dropper"),
        "all": said("Everyone, the dropper too"),
        "none": said("Nobody (no bonus)"),
    },
    "caught_bonus_tie": {
        "none": said("None of them collects"),
        "all": said("Each of them collects"),
    },
    "stock_out_tie": {
        "draw": said("Draw"),
        "all": said("Each tied player is paid"),
        "last_draw": said("Who drew the last card wins"),
    },
    "drop_when": {"before_draw": said("Before drawing"), "any_time": said("Any time in the turn")},
    "ace": {"low": said("Low only (A-2-3)"), "low_or_high": said("Low or high, never K-A-2")},
    "discard_take": {"top": said("Top card only"), "top_two": said("Top card or the one under it")},
    "first_discard": {
        "turn_up": said("Dealer turns up a card"),
        "first_player": said("First player's discard"),
    },
}
NULL_WORDS = {
    "points_target_hands": said("Not set"),
    "tonk_out_six_pays": said("Same as any tonk out"),
    "double_double_pays": said("Not played"),
}
NUMBER_NOUNS = {"hand_size": "card", "points_target_hands": "hand"}
WAITS = ("wait_after_spread", "wait_after_hit")


def value_in_words(key: str, value: Any) -> str:
    """A short label for one allowed value of an option (a radio button, a select option).

    `value` is a value the option allows, as HouseRules holds it; an unknown named
    choice raises KeyError, so a new choice cannot reach a form without its words.
    """
    if key in CHOICE_WORDS:
        return CHOICE_WORDS[key][value]
    if value is None:
        return NULL_WORDS[key]
    plain = plain_value_words(key, value)
    if plain is not None:
        return plain
    if key == "deal_tonks":
        return bands_in_words(value) if value else said("Not played")
    if key in WAITS:
        return said("No wait") if value == 0 else count_words(value, "turn")
    return count_words(value, NUMBER_NOUNS.get(key, "stake"))
