"""The referee's answers to what Tongits tables argue about (tongits.md section 5).

Each answer is computed from the options in force and cites the options it used, by the
names the rules sheet gives them, so that a table reading the answer can find the rule.
"""

from collections.abc import Callable

from referee.rules.answers import Answer, Reply, cited
from referee.rules.tongits.house_rules import TongitsRules
from referee.rules.tongits.wording import (
    BURNED,
    SAPAW,
    option_label,
    paid,
    times_words,
)


def _left_of_caller(rules: TongitsRules) -> str:
    """The seat a tie goes to, seen from the caller: to their right."""
    if rules.play_direction == "counterclockwise":
        return "the caller's right (the player after the caller in turn)"
    return "the caller's right (the player before the caller in turn)"


def _call_a_draw(rules: TongitsRules) -> Reply:
    sapaw = (
        f" and not if an opponent has {SAPAW} one of your melds since your last turn: then "
        "you wait for your next turn"
        if rules.sapaw_blocks_draw
        else f"; being {SAPAW} does not stop you at this table"
    )
    text = (
        "Only at the start of your own turn, before drawing, and only if you have at least one "
        "exposed meld (a Secret, a four of a kind kept in hand, is not enough)"
        f"{sapaw}."
    )
    return text, ("sapaw_blocks_draw",)


def _fight(rules: TongitsRules) -> Reply:
    text = (
        "Only if you have an exposed meld, or are concealed (no exposed meld, but a Secret in "
        f"hand). A {BURNED} player folds automatically, and the caller does not fight their "
        f"own draw. Folding costs {paid(rules, rules.fold_pays)}; losing a fight costs "
        f"{paid(rules, rules.fight_pays)}."
    )
    return text, ("fold_pays", "fight_pays")


def _tie_at_a_draw(rules: TongitsRules) -> Reply:
    text = (
        "Never the caller. If one fighter ties the caller, the fighter wins. If several "
        "fighters tie on the lowest total (with or without the caller), the first of them to "
        f"{_left_of_caller(rules)} wins, which also settles a three-way tie. The totals of "
        "players who folded never count."
    )
    return text, ("play_direction",)


def _tie_at_the_stock(rules: TongitsRules) -> Reply:
    after = "after" if rules.play_direction == "counterclockwise" else "before"
    text = (
        "The tied player who took the last card. If that player is not among the tied ones, "
        f"the first tied player to their right (going {after} them in turn) wins. A burned "
        "player never wins, however low their total."
    )
    return text, ("play_direction",)


def _burned(rules: TongitsRules) -> Reply:
    pays = times_words(rules.burned_factor)
    text = (
        "Yes if, at the moment the game ended (tong-its declared, draw called, last card "
        "taken), they had no exposed meld and held no Secret in hand. Laying off (sapaw) on "
        f"others' melds does not save a player. A burned (sunog) player pays {pays} what the "
        "ending costs."
    )
    return text, ("burned_factor",)


def _everybody_burned(rules: TongitsRules) -> Reply:
    dealer = (
        "the same dealer deals again"
        if rules.next_dealer == "winner"
        else "the deal passes to the player after the dealer"
    )
    text = (
        "Nobody wins and nobody pays. This game's antes stay in the pot, the streak stands, "
        f"and {dealer}."
    )
    return text, ("ante", "next_dealer")


def _card_count(rules: TongitsRules) -> Reply:
    melds = (
        "Melds (bahay) kept in hand count like any other cards."
        if rules.hand_melds_count
        else "Melds (bahay) kept in hand count nothing."
    )
    text = f"The ace counts 1, 2 to 10 their face value, the jack, queen and king 10. {melds}"
    return text, ("card_values", "hand_melds_count")


BONUS_OPTIONS = ("secret_bonus", "escalera_bonus", "ace_bonus")


def _secret_if_i_lose(rules: TongitsRules) -> Reply:
    bonuses = zip(("Secret", "Escalera", "ace"), BONUS_OPTIONS, strict=True)
    paying = [
        f"{paid(rules, getattr(rules, key))} from each loser per {words}"
        for words, key in bonuses
        if getattr(rules, key)
    ]
    if not paying:
        return "No. This table pays no bonus at all, to the winner or anyone.", BONUS_OPTIONS
    text = "No. Only the winner's bonuses are paid; here that is " + ", ".join(paying) + "."
    return text, BONUS_OPTIONS


def _pot_again(rules: TongitsRules) -> Reply:
    if rules.jackpot_wins == 3:
        rest = " Here the pot comes from the third win in a row on, and the second pays "
        rest += (
            f"{paid(rules, rules.second_win_bonus)} from each other player."
            if rules.second_win_bonus
            else "nothing extra."
        )
    else:
        rest = " Here the pot comes from the second win in a row on (“Two Hits”)."
    text = (
        "Yes. As long as you keep winning, each further win takes whatever is in the pot "
        f"then.{rest}"
    )
    return text, ("jackpot_wins", "second_win_bonus")


def _bisaklat(rules: TongitsRules) -> Reply:
    text = (
        f"The pot, whatever the streak, and {paid(rules, rules.bisaklat_pays)} from each other "
        "player. The game ends before anyone plays, so nobody is burned. If two players show "
        "a bisaklat, the first of them in the order of play, starting with the dealer, wins."
    )
    return text, ("bisaklat_pays",)


def _next_dealer(rules: TongitsRules) -> Reply:
    if rules.next_dealer == "winner":
        text = (
            "The winner (the hitter), who gets the extra card; a game that nobody won is dealt "
            "again by the same dealer."
        )
    else:
        text = "The player after the dealer, whoever won."
    return text, ("next_dealer",)


QUESTIONS: tuple[tuple[str, Callable[[TongitsRules], Reply]], ...] = (
    ("May I call a draw now?", _call_a_draw),
    ("May I fight the draw?", _fight),
    ("Who wins a tie at a draw?", _tie_at_a_draw),
    ("Who wins a tie when the stock runs out?", _tie_at_the_stock),
    ("Is this player burned?", _burned),
    ("What if everybody is burned when the stock runs out?", _everybody_burned),
    ("How much does a card count?", _card_count),
    ("Does a Secret pay if I lose?", _secret_if_i_lose),
    ("I took the pot last game. Does my next win take it again?", _pot_again),
    ("What does a bisaklat win?", _bisaklat),
    ("Who deals next?", _next_dealer),
)


def answers(rules: TongitsRules) -> list[Answer]:
    """Every question of section 5, in the same order for any rules, answered for these."""
    replies = []
    for question, reply in QUESTIONS:
        text, options = reply(rules)
        replies.append(Answer(question, cited(text, options, option_label), options))
    return replies
