"""The questions players argue about at a Tonk table, answered from the house rules.

Every answer is generated from the table's rules, never written per table, and ends
by citing the house rules it rests on, as the rules sheet names them. Where the rules
sheet already says it in plain words, the answer reuses the sheet's sentence, so the
two never disagree. An answer cites an option only when another value of that option
would change the answer; the tests hold every answer to that.
"""

from collections.abc import Callable

from referee.rules.answers import Answer, Reply, cited
from referee.rules.cards import dealt_totals
from referee.rules.runs import card_of
from referee.rules.said import said, said_n, sentences, without_stop
from referee.rules.tonk.house_rules import HouseRules
from referee.rules.tonk.spreads import rule_on_spread
from referee.rules.tonk.wording import (
    HIGH_TONK,
    LOW_TONK,
    SENTENCES,
    band_in_words,
    caught_beaten,
    counted_in_words,
    either_band,
    option_label,
    your_points,
)
from referee.rules.words import amount_in_words

NOT_PLAYED = said("Tonk on the deal is not played here: no dealt hand wins by itself.")
A_K_Q = [card_of("A♠"), card_of("K♠"), card_of("Q♠")]


def _sheet(rules: HouseRules, key: str) -> str:
    """The rules sheet's sentence for one option."""
    return SENTENCES[key](rules)


def _stakes(rules: HouseRules, times: int) -> str:
    """`times` stakes in the table's unit: '2 chips', '0.50 $'."""
    return amount_in_words(rules.stake * times, rules.unit)


def _in_points(rules: HouseRules) -> bool:
    return rules.scoring == "points"


def _yes_no(yes: bool, sentence: str) -> str:
    return sentences(said("Yes.") if yes else said("No."), sentence)


# 1-3: dropping after drawing, and the discard pile


def _drop_after_drawing(rules: HouseRules) -> Reply:
    return _yes_no(rules.drop_when == "any_time", _sheet(rules, "drop_when")), ("drop_when",)


def _throw_straight_back(rules: HouseRules) -> Reply:
    text = _yes_no(rules.same_turn_discard, _sheet(rules, "same_turn_discard"))
    return text, ("same_turn_discard",)


def _card_under_the_top(rules: HouseRules) -> Reply:
    text = _yes_no(rules.discard_take == "top_two", _sheet(rules, "discard_take"))
    return text, ("discard_take",)


# 4: a caught drop (section 2.5, and 2.7 in points)


def _caught_drop(rules: HouseRules) -> Reply:
    if _in_points(rules):
        # 2.7: no bonus in points; the lowest of the others (all of them, if shared) score 0.
        text = sentences(
            said(
                "No chips change hands here: if you drop and are caught, you score {points}.",
                points=your_points(rules.caught_pays),
            ),
            _sheet(rules, "caught_on_tie"),
        )
        return text, ("scoring", "caught_pays", "caught_on_tie")
    options = ["caught_pays"]
    if rules.caught_pays_to == "lowest":
        # Cited when it is not the version 2 default, so version 2's answers stay as they were.
        options.append("caught_pays_to")
    options.append("caught_on_tie")
    if _tied_cited(rules):
        options.append("caught_pays_tied")
    options.append("caught_bonus_from")
    paid = {"amount": _stakes(rules, rules.caught_pays), "beaten": caught_beaten(rules)}
    if rules.caught_bonus_from == "none":
        text = said(
            "You pay {amount} to each player whose total is {beaten}; there is no bonus.", **paid
        )
    else:
        if rules.caught_bonus_from == "others":
            payers = said("everyone but you")
        else:
            payers = said("everyone, you too")
        bonus = {**paid, "bonus": _stakes(rules, 1), "payers": payers}
        if rules.caught_bonus_tie == "all":
            text = said(
                "You pay {amount} to each player whose total is {beaten}; the lowest of the "
                "others also collects {bonus} from {payers}, and if that lowest total is "
                "shared, each of them collects it.",
                **bonus,
            )
        else:
            text = said(
                "You pay {amount} to each player whose total is {beaten}; the lowest of the "
                "others also collects {bonus} from {payers}, unless that lowest total is "
                "shared.",
                **bonus,
            )
        options.append("caught_bonus_tie")
    if not rules.caught_on_tie:
        # 2.5: d = L without caught_on_tie is a winning drop.
        won = _stakes(rules, rules.drop_win_pays)
        text = sentences(
            text, said("A tie alone is no catch: you win, and everyone pays you {won}.", won=won)
        )
        options.append("drop_win_pays")
    elif rules.caught_pays_tied == "none":
        # 2.5: caught on a tie for the lowest, the dropper pays nobody for the catch itself.
        if rules.caught_bonus_from == "all":
            tie = said(
                "If you only tie the lowest, you are still caught, and you pay only the bonus."
            )
        else:
            tie = said("If you only tie the lowest, you are still caught, and you pay nobody.")
        text = sentences(text, tie)
    return text, (*options, "stake", "unit")


def _tied_cited(rules: HouseRules) -> bool:
    """Whether caught_pays_tied changes what a caught drop costs, whatever it is changed to.
    Without caught_on_tie, "lowest" and "none" both pay no tie: a tie for the lowest wins.
    Paying only the lowest (caught_pays_to), a tie is paid only as a tie for the lowest, so
    "all" and "lowest" pay alike, and without caught_on_tie no tie is ever paid."""
    if rules.caught_pays_to == "lowest":
        return rules.caught_on_tie and rules.caught_pays_tied == "none"
    return rules.caught_on_tie or rules.caught_pays_tied == "all"


# 5-6: tonk on the deal


def _deal_tonk_clash(rules: HouseRules) -> Reply:
    if not rules.deal_tonks:
        return sentences(said("Nobody."), NOT_PLAYED), ("deal_tonks",)
    if rules.deal_tonk_clash == "draw":
        return said("Nobody: the hand is a draw, and the next player deals."), ("deal_tonk_clash",)
    if rules.deal_tonk_clash == "pay_all":
        return _every_tonk_wins(rules), ("deal_tonk_clash", "scoring")
    better, worse = (
        (LOW_TONK, HIGH_TONK)
        if rules.deal_tonk_clash == "low_beats_high"
        else (HIGH_TONK, LOW_TONK)
    )
    text = said(
        "The best tonk: {better} beats {worse}; if two players hold the best tonk, the hand "
        "is a draw.",
        better=better,
        worse=worse,
    )
    return text, ("deal_tonk_clash",)


def _every_tonk_wins(rules: HouseRules) -> str:
    """2.1 with "pay_all": every tonk wins what its band pays, from each player who did not
    tonk (in points: those players' points count the sum of the tonks' pays)."""
    if _in_points(rules):
        return said(
            "Every one of them: they score 0, and each player who did not tonk scores the "
            "points left in their hand times the sum of what the tonks pay; if everyone "
            "tonked, the hand is a draw."
        )
    return said(
        "Every one of them: each player who did not tonk pays each of them what their own "
        "tonk pays, and the tonks pay each other nothing; if everyone tonked, the hand is a "
        "draw."
    )


def _deal_tonk_worth(rules: HouseRules) -> Reply:
    if not rules.deal_tonks:
        return sentences(said("Nothing."), NOT_PLAYED), ("deal_tonks",)
    possible = dealt_totals(rules.deck, rules.hand_size)
    if all(rules.deal_tonk_pays(total) is None for total in possible):
        text = said_n(
            "Nothing here: {count} card of a {deck}-card deck never adds up to {totals}, so "
            "nobody can tonk on the deal.",
            "Nothing here: {count} cards of a {deck}-card deck never add up to {totals}, so "
            "nobody can tonk on the deal.",
            rules.hand_size,
            deck=rules.deck,
            totals=either_band([band_in_words(band) for band in rules.deal_tonks]),
        )
        return text, ("deal_tonks", "hand_size", "deck")
    paid = ("scoring",) if _in_points(rules) else ("stake", "unit")
    dealt = said_n(
        "A dealt hand is {count} card.", "A dealt hand is {count} cards.", rules.hand_size
    )
    return sentences(_sheet(rules, "deal_tonks"), dealt), ("deal_tonks", *paid, "hand_size")


# 7-9: spreads and when you may drop


def _drop_after_spreading(rules: HouseRules) -> Reply:
    if rules.wait_after_spread:
        return _yes_no(False, _sheet(rules, "wait_after_spread")), ("wait_after_spread",)
    if rules.drop_when == "any_time":
        when = said("There is no wait: you may drop even in the same turn.")
    else:
        when = said(
            "There is no wait: you may drop at the start of your next turn, before you draw."
        )
    return _yes_no(True, when), ("wait_after_spread", "drop_when")


def _after_a_hit(rules: HouseRules) -> str:
    """When you may drop and lay down after a hit, as one sentence."""
    wait = rules.wait_after_hit
    if wait and rules.hit_blocks_laydown:
        return said_n(
            "You may not drop on your next turn after the hit, and you may not lay down a "
            "spread on your next turn.",
            "You may not drop on your next {count} turns after the hit, and you may not lay "
            "down a spread on your next turn.",
            wait,
        )
    if wait:
        return said_n(
            "You may not drop on your next turn after the hit; the hit does not stop you "
            "laying down a spread.",
            "You may not drop on your next {count} turns after the hit; the hit does not stop "
            "you laying down a spread.",
            wait,
        )
    if rules.hit_blocks_laydown:
        return said(
            "You may drop on your next turn, but you may not lay down a spread on your next turn."
        )
    return said("You may drop on your next turn; the hit does not stop you laying down a spread.")


def _drop_after_a_hit(rules: HouseRules) -> Reply:
    text = _after_a_hit(rules)
    options: tuple[str, ...] = ("wait_after_hit", "hit_blocks_laydown")
    if rules.wait_after_hit or rules.hit_blocks_laydown:  # hits_stack counts only then
        if rules.hits_stack:
            text = said(
                "{ruling}; each further hit before your next turn adds its own turns.",
                ruling=without_stop(text),
            )
        else:
            text = said(
                "{ruling}; more hits before your next turn count once.", ruling=without_stop(text)
            )
        options += ("hits_stack",)
    return _yes_no(not rules.wait_after_hit, text), options


def _must_spread(rules: HouseRules) -> Reply:
    if rules.must_spread and rules.hit_blocks_laydown:
        text = said(
            "Yes. You may not keep a complete spread in your hand: lay it down, except on "
            "the turn after one of your spreads is hit, when you may not."
        )
        return text, ("must_spread", "hit_blocks_laydown")
    return _yes_no(rules.must_spread, _sheet(rules, "must_spread")), ("must_spread",)


# 10-12: runs, slapping, the first discard


def _ace_king_queen(rules: HouseRules) -> Reply:
    # The spread ruling decides, so the answer and the referee's ruling cannot differ.
    if rule_on_spread(A_K_Q, rules).allowed:
        text = said(
            "Yes. In one suit the ace may go next to the King (Q-K-A) or the 2 (A-2-3), "
            "but never round the corner: K-A-2 is never a run."
        )
    else:
        text = said(
            "No. The ace is low: it goes next to the 2 only (A-2-3), and K-A-2 is never a run."
        )
    return text, ("ace",)


def _slapping(rules: HouseRules) -> Reply:
    if rules.slapping:
        text = said(
            "Yes. Slapping is played: you may take it out of turn, skipping the players between."
        )
    else:
        text = said("No. There is no slapping here: take a discard only in your own turn.")
    return text, ("slapping",)


def _first_discard(rules: HouseRules) -> Reply:
    if rules.first_discard == "first_player":
        text = said(
            "The first player: no card is turned up, so they draw from the stock "
            "and their discard starts the pile."
        )
    else:
        text = said("The dealer: after the deal they turn up the next card to start the pile.")
    return text, ("first_discard",)


# 13: going out (sections 2.2 to 2.4, and 2.7 in points)


def _going_out(rules: HouseRules) -> Reply:
    if _in_points(rules):
        return _going_out_in_points(rules)
    text, options = _ways_out(rules, lambda times: _stakes(rules, times))
    if rules.double_double_pays is not None:
        second = _stakes(rules, rules.double_double_pays)
        text = sentences(
            text,
            said(
                "In a double-double, whoever goes out second is paid {second} by everyone.",
                second=second,
            ),
        )
        options.append("double_double_pays")
    return text, (*options, "out_pays", "stake", "unit")


def _going_out_in_points(rules: HouseRules) -> Reply:
    """2.7: the one who goes out scores 0; the others' points count as many times over as
    the same way out pays in chips."""
    text, options = _ways_out(rules, counted_in_words)
    if rules.double_double_pays is not None:
        second = counted_in_words(rules.double_double_pays)
        text = sentences(
            text,
            said(
                "In a double-double, whoever goes out second scores 0 and the others' points "
                "count {second}.",
                second=second,
            ),
        )
        options.append("double_double_pays")
    return text, ("scoring", *options, "out_pays")


def _ways_out(rules: HouseRules, worth: Callable[[int], str]) -> tuple[str, list[str]]:
    """What each way out is worth, in chips or in points (`worth` says it), as one sentence,
    and the options it rests on (out_pays aside)."""
    six, needs_six = rules.tonk_out_six_pays, rules.tonk_out_needs_six
    options = []
    if not (six is not None and needs_six):
        options.append("tonk_out_pays")
    if needs_six:
        options.append("tonk_out_needs_six")
    if six is not None:
        options.append("tonk_out_six_pays")
    worths = {
        # 2.2: with six_pays and needs_six, a tonk out pays six_pays with six cards spread,
        # out_pays without.
        "tonk": worth(rules.tonk_out_pays if six is None or not needs_six else six),
        "six": worth(six) if six is not None else "",
        "out": worth(rules.out_pays),
    }
    return _ways_out_sentence(rules, needs_six, six is not None, worths), options


def _ways_out_sentence(
    rules: HouseRules, needs_six: bool, six_pays: bool, worths: dict[str, str]
) -> str:
    """One whole sentence for each way the table pays going out, in chips and in points."""
    if _in_points(rules) and needs_six:
        return said(
            "No chips change hands here: you score 0, and the others' points left in hand "
            "count {tonk} for a tonk out (out by spreading and hitting, with no last discard) "
            "that laid six cards as new spreads in your last turn; {out} for any other tonk "
            "out or for going out by discarding your last card.",
            **worths,
        )
    if _in_points(rules) and six_pays:
        return said(
            "No chips change hands here: you score 0, and the others' points left in hand "
            "count {tonk} for a tonk out (out by spreading and hitting, with no last discard), "
            "or {six} if it laid six cards as new spreads in your last turn; {out} for going "
            "out by discarding your last card.",
            **worths,
        )
    if _in_points(rules):
        return said(
            "No chips change hands here: you score 0, and the others' points left in hand "
            "count {tonk} for a tonk out (out by spreading and hitting, with no last discard); "
            "{out} for going out by discarding your last card.",
            **worths,
        )
    if needs_six:
        return said(
            "Everyone pays you {tonk} for a tonk out (out by spreading and hitting, with no "
            "last discard) that laid six cards as new spreads in your last turn; {out} for any "
            "other tonk out or for going out by discarding your last card.",
            **worths,
        )
    if six_pays:
        return said(
            "Everyone pays you {tonk} for a tonk out (out by spreading and hitting, with no "
            "last discard), or {six} if it laid six cards as new spreads in your last turn; "
            "{out} for going out by discarding your last card.",
            **worths,
        )
    return said(
        "Everyone pays you {tonk} for a tonk out (out by spreading and hitting, with no last "
        "discard); {out} for going out by discarding your last card.",
        **worths,
    )


QUESTIONS: tuple[tuple[str, Callable[[HouseRules], Reply]], ...] = (
    (said("May I drop after drawing?"), _drop_after_drawing),
    (said("Can I take the discard and throw it straight back?"), _throw_straight_back),
    (said("May I take the card under the top discard?"), _card_under_the_top),
    (said("What does a caught drop cost me here?"), _caught_drop),
    (said("What wins when two players tonk on the deal?"), _deal_tonk_clash),
    (said("What is a tonk on the deal worth?"), _deal_tonk_worth),
    (said("May I drop right after laying down a spread?"), _drop_after_spreading),
    (said("May I drop when my spread has just been hit?"), _drop_after_a_hit),
    (said("Must I lay down a spread I am holding?"), _must_spread),
    (said("Is A-K-Q a run?"), _ace_king_queen),
    (said("May I take a discard out of turn?"), _slapping),
    (said("Who starts the discard pile?"), _first_discard),
    (said("What does going out pay?"), _going_out),
)


def answers(rules: HouseRules) -> list[Answer]:
    """Every question, in the same order for any rules, answered for these rules."""
    replies = []
    for question, reply in QUESTIONS:
        text, options = reply(rules)
        replies.append(Answer(question, cited(text, options, option_label), options))
    return replies
