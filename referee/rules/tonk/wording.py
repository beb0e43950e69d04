"""House rules put in the words players use at the table: sentences, labels, amounts."""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from referee.rules.tonk.house_rules import (
    LOW_TONK_BELOW,
    Band,
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
        return f"{band.min} or {band.max}"
    if band.min == 0:
        return f"{band.max} or less"
    return f"{band.min} to {band.max}"


def bands_in_words(bands: Sequence[Band]) -> str:
    """All tonk bands of a table, with what each pays when they differ."""
    if not bands:
        return "not played"
    same_pay = len({band.pays for band in bands}) == 1
    parts = [
        band_in_words(band) if same_pay else f"{band_in_words(band)} (pays {band.pays})"
        for band in bands
    ]
    return " or ".join(parts)


def drop_in_words(outcome: Mapping[str, Any], result: str) -> str | None:
    """'Ben dropped on 10 and was caught': a drop's line names the dropper, their total
    and how the drop went, since the winners alone would name the players who caught
    them. None for any other ending, which its result's words and winners say well."""
    if outcome.get("kind") != "drop":
        return None
    dropper = outcome["player"]
    how = "was caught" if result == "caught" else "won"
    return f"{dropper} dropped on {outcome['totals'][dropper]} and {how}"


# Rule sentences, labels and choice words for the rules sheet and the house-rules form.
# Every table is keyed by the option keys of HouseRules; the tests check none is missing.

# What ended a hand, as the history and the payout head it (the settlement's result).
RESULT_WORDS: dict[str, str] = {
    "deal_tonk": "Tonk on the deal",
    "deal_tonk_draw": "Tonks on the deal: a draw",
    "tonk_out": "Tonk out",
    "double_double": "Double-double",
    "out": "Out by discarding",
    "drop_won": "Drop won",
    "caught": "Caught dropping",
    "stock_out": "Stock ran out",
    "stock_out_draw": "Stock ran out: a draw",
}
LOW_TONK = f"a low tonk (under {LOW_TONK_BELOW}, the lower the better)"
HIGH_TONK = f"a high tonk ({LOW_TONK_BELOW} or more, the higher the better)"


def _paid(rules: HouseRules, times: int) -> str:
    """What `times` stakes come to at this table, in its unit."""
    return amount_in_words(rules.stake * times, rules.unit)


def _in_points(rules: HouseRules) -> bool:
    return rules.scoring == "points"


def _times(factor: int) -> str:
    """', doubled' for the points multiplier of 2; nothing for 1."""
    if factor == 1:
        return ""
    return {2: ", doubled", 3: ", tripled"}.get(factor, f", times {factor}")


def counted_in_words(factor: int) -> str:
    """How the points left in a hand count: 'once', 'double', 'triple', '4 times over'."""
    return {1: "once", 2: "double", 3: "triple"}.get(factor, f"{factor} times over")


def _others_score(factor: int) -> str:
    """The points-mode payout: the winner scores 0, the others their points."""
    return f"you score 0 and everyone else scores the points left in their hand{_times(factor)}"


# Table


def _stake(rules: HouseRules) -> str:
    stake = amount_in_words(rules.stake, rules.unit)
    if _in_points(rules):
        return (
            f"This table scores points, so no chips change hands: the stake of {stake} is unused."
        )
    return f"The stake is {stake}: every payment below is a whole number of stakes."


def _unit(rules: HouseRules) -> str:
    return f"Amounts are counted in {rules.unit}."


def _hand_size(rules: HouseRules) -> str:
    return f"Each player is dealt {rules.hand_size} cards."


def _deck(rules: HouseRules) -> str:
    if rules.deck == "40":
        return "The game uses a 40-card deck: no 8s, 9s or 10s; in runs the 7 is next to the Jack."
    return "The game uses a full deck of 52 cards."


def _scoring(rules: HouseRules) -> str:
    if _in_points(rules) and rules.stored_before_v2:
        return (
            "Hands are scored in points, not chips: the winner scores 0, the others score the "
            "points left in their hands, doubled after a tonk, and the lowest score wins the "
            "game. These rules were set before version 2 of the house rules and keep its "
            "scoring; a change of rules brings in today's (points times what the hand would "
            "pay in chips)."
        )
    if _in_points(rules):
        return (
            "Hands are scored in points, not chips: the winner scores 0, the others score the "
            "points left in their hands times what the hand would pay in chips, and the lowest "
            "score wins the game."
        )
    return "Every hand is settled in chips: the losers pay the winners at once."


def _points_target_hands(rules: HouseRules) -> str:
    hands = rules.points_target_hands
    if hands is None:
        return "There is no agreed number of hands: play as long as the table likes."
    if _in_points(rules):
        return (
            f"The game lasts {count_words(hands, 'hand')} (voided hands do not count, draws do): "
            "then the lowest score wins, a shared lowest score shares the win, and the next "
            "hand starts a new game at 0. A change of the number of hands applies to the "
            "game in play. Only the players of every hand of a game can win it: a player who "
            "sits in or leaves during a game keeps their score but not the win."
        )
    return f"The table agreed to play {count_words(hands, 'hand')}."


# Tonk on the deal


def _totals_in_words(bands: Sequence[Band]) -> str:
    """'49 or 50', or '15 or less, or of 49 or 50,' to follow 'a dealt hand of'."""
    words = [band_in_words(band) for band in bands]
    return words[0] if len(words) == 1 else ", or of ".join(words) + ","


def _overlap_with_other_pay(bands: Sequence[Band]) -> bool:
    """Do two bands that pay differently share a total? Then the higher pay counts."""
    return any(
        a.pays != b.pays and a.min <= b.max and b.min <= a.max
        for i, a in enumerate(bands)
        for b in bands[i + 1 :]
    )


def _deal_tonks(rules: HouseRules) -> str:
    bands = rules.deal_tonks
    if not bands:
        return "Tonk on the deal is not played: no dealt hand wins by itself."
    pays = list(dict.fromkeys(band.pays for band in bands))
    # 2.7: in points the others' points are multiplied by what the band pays in chips.
    sentences = [
        f"A dealt hand of {_totals_in_words([b for b in bands if b.pays == p])} is a tonk: "
        + (_others_score(p) if _in_points(rules) else f"everyone pays you {_paid(rules, p)}")
        + "."
        for p in pays
    ]
    if _overlap_with_other_pay(bands):
        sentences.append("Where these overlap, the higher pay counts.")
    return " ".join(sentences)


def _deal_tonk_clash(rules: HouseRules) -> str:
    start = "If two or more players tonk on the deal, "
    if rules.deal_tonk_clash == "draw":
        nobody = "nobody scores" if _in_points(rules) else "nobody pays"
        return f"{start}the hand is a draw: {nobody}, and the next player deals."
    better, worse = (
        (LOW_TONK, HIGH_TONK)
        if rules.deal_tonk_clash == "low_beats_high"
        else (HIGH_TONK, LOW_TONK)
    )
    return (
        f"{start}the best tonk wins: {better} beats {worse}; "
        "if two players hold the best tonk, the hand is a draw."
    )


# Going out


def _tonk_out_pays(rules: HouseRules) -> str:
    start = "If you go out by spreading and hitting, with no last discard, that is a tonk out: "
    if _in_points(rules):
        return f"{start}{_others_score(rules.tonk_out_pays)}."
    return f"{start}everyone pays you {_paid(rules, rules.tonk_out_pays)}."


def _tonk_out_six_pays(rules: HouseRules) -> str:
    if rules.tonk_out_six_pays is None:
        return "Laying six cards as new spreads in your last turn earns no extra pay."
    start = "A tonk out that lays six cards as new spreads in its last turn"
    if _in_points(rules):
        counted = counted_in_words(rules.tonk_out_six_pays)
        return f"{start} makes the others' points count {counted} instead."
    return f"{start} is paid {_paid(rules, rules.tonk_out_six_pays)} by everyone instead."


def _tonk_out_needs_six(rules: HouseRules) -> str:
    if not rules.tonk_out_needs_six:
        return "You may tonk out without laying six cards as new spreads."
    if _in_points(rules):
        return (
            "To score as a tonk out you must lay six cards as new spreads in your last turn; "
            f"otherwise the others' points count {counted_in_words(rules.out_pays)}, "
            "as after going out by discarding."
        )
    return (
        "To be paid as a tonk out you must lay six cards as new spreads in your last turn; "
        f"otherwise everyone pays you only {_paid(rules, rules.out_pays)}."
    )


def _double_double_pays(rules: HouseRules) -> str:
    if rules.double_double_pays is None:
        return "Double-double is not played."
    start = (
        "Double-double is played: if a tonk out lets you tonk out at once on the cards just laid"
    )
    if _in_points(rules):
        return f"{start}, {_others_score(rules.double_double_pays)}."
    return f"{start}, everyone else pays you {_paid(rules, rules.double_double_pays)}."


def _out_pays(rules: HouseRules) -> str:
    start = "If you go out by discarding your last card"
    if _in_points(rules):
        return f"{start}, {_others_score(rules.out_pays)}."
    return f"{start}, everyone pays you {_paid(rules, rules.out_pays)}."


# Dropping


def _drop_win_pays(rules: HouseRules) -> str:
    lowest = "lower than everyone else's" if rules.caught_on_tie else "no higher than anyone else's"
    start = f"You may drop (knock) to end the hand: if your total is {lowest}"
    if _in_points(rules):
        return f"{start}, {_others_score(rules.drop_win_pays)}."
    return f"{start}, everyone pays you {_paid(rules, rules.drop_win_pays)}."


def _caught_on_tie(rules: HouseRules) -> str:
    if rules.caught_on_tie:
        return "If another player's total ties yours when you drop, you are caught."
    return "If another player's total only ties yours when you drop, you still win."


def _caught_pays(rules: HouseRules) -> str:
    if _in_points(rules):
        return (
            "If you drop and are caught, you score the points left in your hand"
            f"{_times(rules.caught_pays)}."
        )
    return (
        f"If you drop and are caught, you pay {_paid(rules, rules.caught_pays)} "
        f"to each player whose total is {caught_beaten(rules)}."
    )


def caught_beaten(rules: HouseRules) -> str:
    """Whom a caught dropper pays, after 'each player whose total is' (2.5 step 1)."""
    if rules.caught_pays_tied == "all":
        return "lower than or equal to yours"
    if rules.caught_pays_tied == "lowest" and rules.caught_on_tie:
        return "lower than yours, or equal to it when nobody's is lower"
    # "lowest" without caught_on_tie: a tie for the lowest is no catch, so no tie is paid.
    return "lower than yours"


def _caught_pays_tied(rules: HouseRules) -> str:
    if _in_points(rules):
        return (
            "In points a tie with a caught dropper changes nothing: the lowest of the others "
            "scores 0, the rest the points left in their hand."
        )
    if rules.caught_pays_tied == "all":
        return "If you are caught, each player whose total ties yours is paid too."
    if rules.caught_pays_tied == "none":
        return "If you are caught, a player whose total only ties yours is not paid."
    if rules.caught_on_tie:
        return (
            "If you are caught, a player whose total ties yours is paid only when nobody's "
            "total is lower: when you tied the lowest."
        )
    return (
        "If you are caught, a player whose total only ties yours is not paid: only a tie for "
        "the lowest would be, and here that is no catch."
    )


def _caught_bonus_from(rules: HouseRules) -> str:
    start = "After a catch, the lowest of the other players"
    if rules.caught_on_tie:
        start += " (the one who tied you, if you tied the lowest)"
    if _in_points(rules):
        return f"{start} scores 0; in points there is no bonus."
    bonus = _paid(rules, 1)
    return {
        "others": f"{start} also collects {bonus} from everyone except the dropper.",
        "all": f"{start} also collects {bonus} from everyone, the dropper included.",
        "none": f"{start} collects no bonus.",
    }[rules.caught_bonus_from]


def _caught_bonus_tie(rules: HouseRules) -> str:
    start = "If two or more players share the lowest total after a catch"
    if _in_points(rules):
        return f"{start}, they all score 0."
    if rules.caught_bonus_from == "none":
        return f"{start}, there is no bonus to collect here."
    if rules.caught_bonus_tie == "all":
        return f"{start}, each of them collects the bonus."
    return f"{start}, none of them collects the bonus."


# Stock runs out


def _stock_out_pays(rules: HouseRules) -> str:
    start = "If the stock runs out, the player with the lowest total wins"
    if _in_points(rules):
        return (
            f"{start}: they score 0 and everyone else scores the points left in their hand"
            f"{_times(rules.stock_out_pays)}."
        )
    return f"{start}: everyone else pays them {_paid(rules, rules.stock_out_pays)}."


def _stock_out_tie(rules: HouseRules) -> str:
    start = "If the stock runs out and two or more players share the lowest total, "
    if rules.stock_out_tie == "draw":
        nobody = "nobody scores" if _in_points(rules) else "nobody pays"
        return f"{start}the hand is a draw: {nobody}."
    if rules.stock_out_tie == "last_draw":
        return (
            f"{start}the one who drew the last stock card wins alone; "
            "if that player is not among them, the hand is a draw."
        )
    everyone = " If everyone ties, the hand is a draw."
    if _in_points(rules):
        return (
            f"{start}each of them scores 0 and the others score the points left in their hand"
            f"{_times(rules.stock_out_pays)}." + everyone
        )
    paid = _paid(rules, rules.stock_out_pays)
    return f"{start}each of them is paid {paid} by every player not tied." + everyone


# Table talk


def _drop_when(rules: HouseRules) -> str:
    if rules.drop_when == "any_time":
        return "You may drop at any time in your turn, even after drawing."
    return "You may drop only at the start of your turn, before you draw."


def _wait(turns: int, after: str, rest_of_turn: bool = False) -> str:
    if turns == 0:
        return f"You may drop right after {after}."
    rest = ", nor in the rest of that turn" if rest_of_turn else ""
    return f"After {after} you may not drop on your next {count_words(turns, 'turn')}{rest}."


def _wait_after_spread(rules: HouseRules) -> str:
    rest_of_turn = rules.drop_when == "any_time"
    return _wait(rules.wait_after_spread, "laying a new spread", rest_of_turn)


def _wait_after_hit(rules: HouseRules) -> str:
    return _wait(rules.wait_after_hit, "one of your spreads is hit")


def _hit_blocks_laydown(rules: HouseRules) -> str:
    if rules.hit_blocks_laydown:
        return "If one of your spreads is hit, you may not lay down a spread on your next turn."
    return "A hit on one of your spreads does not stop you laying down a spread next turn."


def _hits_stack(rules: HouseRules) -> str:
    if rules.hits_stack:
        return (
            "Each further hit on your spreads before your next turn adds its own wait, "
            "and its own turn without laying down."
        )
    return "Hits on your spreads before your next turn count once."


def _must_spread(rules: HouseRules) -> str:
    if rules.must_spread:
        return "You may not keep a complete spread in your hand: lay it down."
    return "You may keep a complete spread in your hand instead of laying it down."


def _ace(rules: HouseRules) -> str:
    if rules.ace == "low_or_high":
        return (
            "In runs the ace goes next to the 2 or next to the King (A-2-3 or Q-K-A), "
            "but never round the corner (no K-A-2)."
        )
    return "The ace is low: in runs it goes next to the 2 only (A-2-3, never Q-K-A)."


def _discard_take(rules: HouseRules) -> str:
    if rules.discard_take == "top_two":
        return "You may take the top card of the discard pile or the card under it."
    return "You may take only the top card of the discard pile."


def _first_discard(rules: HouseRules) -> str:
    if rules.first_discard == "first_player":
        return "No card is turned up: the discard pile starts with the first player's discard."
    return "The dealer turns up the first card of the discard pile."


def _slapping(rules: HouseRules) -> str:
    if rules.slapping:
        return "Slapping: you may take a discard out of turn, skipping the players in between."
    return "You may take a discard only in your own turn (no slapping)."


def _same_turn_discard(rules: HouseRules) -> str:
    may = "may" if rules.same_turn_discard else "may not"
    return f"A card taken from the discard pile {may} be discarded again in the same turn."


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
    "stake": "Stake",
    "unit": "Unit",
    "hand_size": "Cards dealt",
    "deck": "Deck",
    "scoring": "Scoring",
    "points_target_hands": "Hands in a game",
    "deal_tonks": "Tonk on the deal",
    "deal_tonk_clash": "When two tonk on the deal",
    "tonk_out_pays": "Tonk out pays",
    "tonk_out_six_pays": "Tonk out with six cards spread pays",
    "tonk_out_needs_six": "Six cards spread needed to tonk out",
    "double_double_pays": "Double-double pays",
    "out_pays": "Out by discarding pays",
    "drop_win_pays": "Winning drop pays",
    "caught_on_tie": "Caught on a tie",
    "caught_pays": "Caught dropper pays",
    "caught_pays_tied": "Caught dropper pays who tied",
    "caught_bonus_from": "Lowest after a catch collects from",
    "caught_bonus_tie": "Shared lowest after a catch",
    "stock_out_pays": "Stock out pays the lowest",
    "stock_out_tie": "Shared lowest when the stock runs out",
    "drop_when": "When you may drop",
    "wait_after_spread": "Wait after a new spread",
    "wait_after_hit": "Wait after being hit",
    "hit_blocks_laydown": "Being hit blocks your next lay-down",
    "hits_stack": "Each further hit adds its own turns",
    "must_spread": "Complete spreads must be laid down",
    "ace": "Ace in runs",
    "discard_take": "Discards you may take",
    "first_discard": "First discard",
    "slapping": "Slapping",
    "same_turn_discard": "Discard a taken card the same turn",
}


def option_label(key: str) -> str:
    """A short name for an option, as a form label or a rules-sheet heading."""
    return LABELS[key]


# Words for the named choices; flags, numbers and null are worded by kind below.
CHOICE_WORDS: dict[str, dict[str, str]] = {
    "deck": {"52": "52 cards", "40": "40 cards (no 8, 9, 10)"},
    "scoring": {"chips": "Chips", "points": "Points"},
    "deal_tonk_clash": {
        "draw": "Draw",
        "low_beats_high": "Low tonk beats high",
        "high_beats_low": "High tonk beats low",
    },
    "caught_pays_tied": {
        "all": "Everyone who tied",
        "lowest": "Only a tie for the lowest",
        "none": "Nobody who only tied",
    },
    "caught_bonus_from": {
        "others": "Everyone but the dropper",
        "all": "Everyone, the dropper too",
        "none": "Nobody (no bonus)",
    },
    "caught_bonus_tie": {"none": "None of them collects", "all": "Each of them collects"},
    "stock_out_tie": {
        "draw": "Draw",
        "all": "Each tied player is paid",
        "last_draw": "Who drew the last card wins",
    },
    "drop_when": {"before_draw": "Before drawing", "any_time": "Any time in the turn"},
    "ace": {"low": "Low only (A-2-3)", "low_or_high": "Low or high, never K-A-2"},
    "discard_take": {"top": "Top card only", "top_two": "Top card or the one under it"},
    "first_discard": {
        "turn_up": "Dealer turns up a card",
        "first_player": "First player's discard",
    },
}
NULL_WORDS = {
    "points_target_hands": "Not set",
    "tonk_out_six_pays": "Same as any tonk out",
    "double_double_pays": "Not played",
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
        return bands_in_words(value) if value else "Not played"
    if key in WAITS:
        return "No wait" if value == 0 else count_words(value, "turn")
    return count_words(value, NUMBER_NOUNS.get(key, "stake"))
