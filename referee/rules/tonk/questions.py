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
from referee.rules.tonk.house_rules import HouseRules
from referee.rules.tonk.spreads import rule_on_spread
from referee.rules.tonk.wording import (
    HIGH_TONK,
    LOW_TONK,
    SENTENCES,
    band_in_words,
    caught_beaten,
    counted_in_words,
    option_label,
)
from referee.rules.words import amount_in_words

NOT_PLAYED = "Tonk on the deal is not played here: no dealt hand wins by itself."
A_K_Q = [card_of("A♠"), card_of("K♠"), card_of("Q♠")]


def _sheet(rules: HouseRules, key: str) -> str:
    """The rules sheet's sentence for one option."""
    return SENTENCES[key](rules)


def _lower_first(sentence: str) -> str:
    """A sheet sentence continuing a sentence of ours: 'If you...' → 'if you...'."""
    return sentence[:1].lower() + sentence[1:]


def _stakes(rules: HouseRules, times: int) -> str:
    """`times` stakes in the table's unit: '2 chips', '0.50 $'."""
    return amount_in_words(rules.stake * times, rules.unit)


def _in_points(rules: HouseRules) -> bool:
    return rules.scoring == "points"


def _yes_no(yes: bool, sentence: str) -> str:
    return f"{'Yes' if yes else 'No'}. {sentence}"


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
        text = (
            f"No chips change hands here: {_lower_first(_sheet(rules, 'caught_pays'))} "
            f"{_sheet(rules, 'caught_on_tie')}"
        )
        return text, ("scoring", "caught_pays", "caught_on_tie")
    options = ["caught_pays", "caught_on_tie"]
    if rules.caught_on_tie or rules.caught_pays_tied == "all":
        # Without caught_on_tie, "lowest" and "none" both pay no tie: a tie for the lowest wins.
        options.append("caught_pays_tied")
    options.append("caught_bonus_from")
    beaten = caught_beaten(rules)
    text = f"You pay {_stakes(rules, rules.caught_pays)} to each player whose total is {beaten}"
    if rules.caught_bonus_from == "none":
        text += "; there is no bonus."
    else:
        payers = "everyone but you" if rules.caught_bonus_from == "others" else "everyone, you too"
        shared = (
            "and if that lowest total is shared, each of them collects it"
            if rules.caught_bonus_tie == "all"
            else "unless that lowest total is shared"
        )
        text += f"; the lowest of the others also collects {_stakes(rules, 1)} from {payers}, "
        text += f"{shared}."
        options.append("caught_bonus_tie")
    if not rules.caught_on_tie:
        # 2.5: d = L without caught_on_tie is a winning drop.
        won = _stakes(rules, rules.drop_win_pays)
        text += f" A tie alone is no catch: you win, and everyone pays you {won}."
        options.append("drop_win_pays")
    elif rules.caught_pays_tied == "none":
        # 2.5: caught on a tie for the lowest, the dropper pays nobody for the catch itself.
        bonus = "only the bonus" if rules.caught_bonus_from == "all" else "nobody"
        text += f" If you only tie the lowest, you are still caught, and you pay {bonus}."
    return text, (*options, "stake", "unit")


# 5-6: tonk on the deal


def _deal_tonk_clash(rules: HouseRules) -> Reply:
    if not rules.deal_tonks:
        return f"Nobody. {NOT_PLAYED}", ("deal_tonks",)
    if rules.deal_tonk_clash == "draw":
        return "Nobody: the hand is a draw, and the next player deals.", ("deal_tonk_clash",)
    better, worse = (
        (LOW_TONK, HIGH_TONK)
        if rules.deal_tonk_clash == "low_beats_high"
        else (HIGH_TONK, LOW_TONK)
    )
    text = (
        f"The best tonk: {better} beats {worse}; "
        "if two players hold the best tonk, the hand is a draw."
    )
    return text, ("deal_tonk_clash",)


def _deal_tonk_worth(rules: HouseRules) -> Reply:
    if not rules.deal_tonks:
        return f"Nothing. {NOT_PLAYED}", ("deal_tonks",)
    possible = dealt_totals(rules.deck, rules.hand_size)
    if all(rules.deal_tonk_pays(total) is None for total in possible):
        totals = " or ".join(band_in_words(band) for band in rules.deal_tonks)
        text = (
            f"Nothing here: {rules.hand_size} cards of a {rules.deck}-card deck never add up "
            f"to {totals}, so nobody can tonk on the deal."
        )
        return text, ("deal_tonks", "hand_size", "deck")
    paid = ("scoring",) if _in_points(rules) else ("stake", "unit")
    text = f"{_sheet(rules, 'deal_tonks')} A dealt hand is {rules.hand_size} cards."
    return text, ("deal_tonks", *paid, "hand_size")


# 7-9: spreads and when you may drop


def _drop_after_spreading(rules: HouseRules) -> Reply:
    if rules.wait_after_spread:
        return f"No. {_sheet(rules, 'wait_after_spread')}", ("wait_after_spread",)
    when = (
        "even in the same turn"
        if rules.drop_when == "any_time"
        else "at the start of your next turn, before you draw"
    )
    return f"Yes. There is no wait: you may drop {when}.", ("wait_after_spread", "drop_when")


def _drop_after_a_hit(rules: HouseRules) -> Reply:
    wait = rules.wait_after_hit
    next_turns = "next turn" if wait == 1 else f"next {wait} turns"
    drop = (
        f"You may not drop on your {next_turns} after the hit"
        if wait
        else "You may drop on your next turn"
    )
    if rules.hit_blocks_laydown:
        lay_down = ", and you may not" if wait else ", but you may not"
        lay_down += " lay down a spread on your next turn"
    else:
        lay_down = "; the hit does not stop you laying down a spread"
    options: tuple[str, ...] = ("wait_after_hit", "hit_blocks_laydown")
    if wait or rules.hit_blocks_laydown:  # hits_stack counts only then
        lay_down += (
            "; each further hit before your next turn adds its own turns"
            if rules.hits_stack
            else "; more hits before your next turn count once"
        )
        options += ("hits_stack",)
    return _yes_no(not wait, f"{drop}{lay_down}."), options


def _must_spread(rules: HouseRules) -> Reply:
    if rules.must_spread and rules.hit_blocks_laydown:
        text = (
            "Yes. You may not keep a complete spread in your hand: lay it down, except on "
            "the turn after one of your spreads is hit, when you may not."
        )
        return text, ("must_spread", "hit_blocks_laydown")
    return _yes_no(rules.must_spread, _sheet(rules, "must_spread")), ("must_spread",)


# 10-12: runs, slapping, the first discard


def _ace_king_queen(rules: HouseRules) -> Reply:
    # The spread ruling decides, so the answer and the referee's ruling cannot differ.
    if rule_on_spread(A_K_Q, rules).allowed:
        text = (
            "Yes. In one suit the ace may go next to the King (Q-K-A) or the 2 (A-2-3), "
            "but never round the corner: K-A-2 is never a run."
        )
    else:
        text = "No. The ace is low: it goes next to the 2 only (A-2-3), and K-A-2 is never a run."
    return text, ("ace",)


def _slapping(rules: HouseRules) -> Reply:
    if rules.slapping:
        text = "Yes. Slapping is played: you may take it out of turn, skipping the players between."
    else:
        text = "No. There is no slapping here: take a discard only in your own turn."
    return text, ("slapping",)


def _first_discard(rules: HouseRules) -> Reply:
    if rules.first_discard == "first_player":
        text = (
            "The first player: no card is turned up, so they draw from the stock "
            "and their discard starts the pile."
        )
    else:
        text = "The dealer: after the deal they turn up the next card to start the pile."
    return text, ("first_discard",)


# 13: going out (sections 2.2 to 2.4, and 2.7 in points)

SIX = "laid six cards as new spreads in your last turn"
TONK_OUT = "a tonk out (out by spreading and hitting, with no last discard)"


def _going_out(rules: HouseRules) -> Reply:
    if _in_points(rules):
        return _going_out_in_points(rules)
    ways, options = _ways_out(rules, lambda times: _stakes(rules, times))
    text = f"Everyone pays you {ways}"
    if rules.double_double_pays is not None:
        second = _stakes(rules, rules.double_double_pays)
        text += f" In a double-double, whoever goes out second is paid {second} by everyone."
        options.append("double_double_pays")
    return text, (*options, "out_pays", "stake", "unit")


def _going_out_in_points(rules: HouseRules) -> Reply:
    """2.7: the one who goes out scores 0; the others' points count as many times over as
    the same way out pays in chips."""
    text, options = _ways_out(rules, counted_in_words)
    text = (
        f"No chips change hands here: you score 0, and the others' points left in hand count {text}"
    )
    if rules.double_double_pays is not None:
        second = counted_in_words(rules.double_double_pays)
        text += (
            " In a double-double, whoever goes out second scores 0 and the others' points "
            f"count {second}."
        )
        options.append("double_double_pays")
    return text, ("scoring", *options, "out_pays")


def _ways_out(rules: HouseRules, worth: Callable[[int], str]) -> tuple[str, list[str]]:
    """'<worth> for a tonk out ...; <worth> for going out by discarding your last card.', and
    the options it rests on (out_pays aside): the same sentence for chips and for points."""
    six, needs_six = rules.tonk_out_six_pays, rules.tonk_out_needs_six
    out = worth(rules.out_pays)
    options = []
    if six is not None and needs_six:
        # 2.2: a tonk out then pays six_pays with six cards spread, out_pays without.
        tonk = f"{worth(six)} for {TONK_OUT} that {SIX}"
    else:
        tonk = f"{worth(rules.tonk_out_pays)} for {TONK_OUT}"
        options.append("tonk_out_pays")
        if needs_six:
            tonk += f" that {SIX}"
        elif six is not None:
            tonk += f", or {worth(six)} if it {SIX}"
    if needs_six:
        options.append("tonk_out_needs_six")
        out_by = f"{out} for any other tonk out or for going out by discarding your last card"
    else:
        out_by = f"{out} for going out by discarding your last card"
    if six is not None:
        options.append("tonk_out_six_pays")
    return f"{tonk}; {out_by}.", options


QUESTIONS: tuple[tuple[str, Callable[[HouseRules], Reply]], ...] = (
    ("May I drop after drawing?", _drop_after_drawing),
    ("Can I take the discard and throw it straight back?", _throw_straight_back),
    ("May I take the card under the top discard?", _card_under_the_top),
    ("What does a caught drop cost me here?", _caught_drop),
    ("What wins when two players tonk on the deal?", _deal_tonk_clash),
    ("What is a tonk on the deal worth?", _deal_tonk_worth),
    ("May I drop right after laying down a spread?", _drop_after_spreading),
    ("May I drop when my spread has just been hit?", _drop_after_a_hit),
    ("Must I lay down a spread I am holding?", _must_spread),
    ("Is A-K-Q a run?", _ace_king_queen),
    ("May I take a discard out of turn?", _slapping),
    ("Who starts the discard pile?", _first_discard),
    ("What does going out pay?", _going_out),
)


def answers(rules: HouseRules) -> list[Answer]:
    """Every question, in the same order for any rules, answered for these rules."""
    replies = []
    for question, reply in QUESTIONS:
        text, options = reply(rules)
        replies.append(Answer(question, cited(text, options, option_label), options))
    return replies
