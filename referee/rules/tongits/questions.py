"""The referee's answers to what Tongits tables argue about (tongits.md sections 5 and 6).

Each answer is computed from the options in force and cites the options it used, by the
names the rules sheet gives them, so that a table reading the answer can find the rule.
An answer of several sentences says each whole (`sentences`), never a sentence built
from pieces.
"""

from collections.abc import Callable

from referee.rules.answers import Answer, Reply, cited
from referee.rules.said import said, said_n, sentences
from referee.rules.tongits.house_rules import TongitsRules
from referee.rules.tongits.wording import (
    BURNED,
    SAPAW,
    option_label,
    paid,
    times_words,
)


def _call_a_draw(rules: TongitsRules) -> Reply:
    if rules.sapaw_blocks_draw:
        text = said(
            "Only at the start of your own turn, before drawing, and only if you have at "
            "least one exposed meld (a Secret, a four of a kind kept in hand, is not enough) "
            "and not if an opponent has {sapaw} one of your melds since your last turn: then "
            "you wait for your next turn.",
            sapaw=SAPAW,
        )
    else:
        text = said(
            "Only at the start of your own turn, before drawing, and only if you have at "
            "least one exposed meld (a Secret, a four of a kind kept in hand, is not enough); "
            "being {sapaw} does not stop you at this table.",
            sapaw=SAPAW,
        )
    return text, ("sapaw_blocks_draw",)


def _fight(rules: TongitsRules) -> Reply:
    text = said(
        "Only if you have an exposed meld, or are concealed (no exposed meld, but a Secret in "
        "hand). A {burned} player folds automatically, and the caller does not fight their "
        "own draw. Folding costs {fold}; losing a fight costs {fight}.",
        burned=BURNED,
        fold=paid(rules, rules.fold_pays),
        fight=paid(rules, rules.fight_pays),
    )
    if rules.draw_pays == "winner" and rules.point_pays == 0:
        return text, ("fold_pays", "fight_pays")
    text = said(
        "{text} This table pays a draw its own way (between the caller and each player, or "
        "points too): see “Who pays whom at a draw here?”.",
        text=text,
    )
    return text, ("fold_pays", "fight_pays", "draw_pays", "point_pays")


def _tie_at_a_draw(rules: TongitsRules) -> Reply:
    if rules.play_direction == "counterclockwise":
        text = said(
            "Never the caller. If one fighter ties the caller, the fighter wins. If several "
            "fighters tie on the lowest total (with or without the caller), the first of them "
            "to the caller's right (the player after the caller in turn) wins, which also "
            "settles a three-way tie. The totals of players who folded never count."
        )
    else:
        text = said(
            "Never the caller. If one fighter ties the caller, the fighter wins. If several "
            "fighters tie on the lowest total (with or without the caller), the first of them "
            "to the caller's right (the player before the caller in turn) wins, which also "
            "settles a three-way tie. The totals of players who folded never count."
        )
    return text, ("play_direction",)


def _tie_at_the_stock(rules: TongitsRules) -> Reply:
    if rules.play_direction == "counterclockwise":
        text = said(
            "The tied player who took the last card. If that player is not among the tied "
            "ones, the first tied player to their right (going after them in turn) wins. A "
            "burned player never wins, however low their total."
        )
    else:
        text = said(
            "The tied player who took the last card. If that player is not among the tied "
            "ones, the first tied player to their right (going before them in turn) wins. A "
            "burned player never wins, however low their total."
        )
    return text, ("play_direction",)


def _burned(rules: TongitsRules) -> Reply:
    text = said(
        "Yes if, at the moment the game ended (tong-its declared, draw called, last card "
        "taken), they had no exposed meld and held no Secret in hand. Laying off (sapaw) on "
        "others' melds does not save a player. A burned (sunog) player pays {times} what the "
        "ending costs.",
        times=times_words(rules.burned_factor),
    )
    if rules.burned_extra == 0:
        return text, ("burned_factor",)
    extra = said(
        "On top of that, they pay {amount} more, once.", amount=paid(rules, rules.burned_extra)
    )
    return sentences(text, extra), ("burned_factor", "burned_extra")


def _everybody_burned(rules: TongitsRules) -> Reply:
    if rules.next_dealer == "winner":
        text = said(
            "Nobody wins and nobody pays. This game's antes stay in the pot, the streak "
            "stands, and the same dealer deals again."
        )
    else:
        text = said(
            "Nobody wins and nobody pays. This game's antes stay in the pot, the streak "
            "stands, and the deal passes to the player after the dealer."
        )
    return text, ("ante", "next_dealer")


def _card_count(rules: TongitsRules) -> Reply:
    if rules.hand_melds_count:
        text = said(
            "The ace counts 1, 2 to 10 their face value, the jack, queen and king 10. Melds "
            "(bahay) kept in hand count like any other cards."
        )
    else:
        text = said(
            "The ace counts 1, 2 to 10 their face value, the jack, queen and king 10. Melds "
            "(bahay) kept in hand count nothing."
        )
    return text, ("card_values", "hand_melds_count")


BONUS_OPTIONS = ("secret_bonus", "escalera_bonus", "ace_bonus")


def _bonus_paid(rules: TongitsRules, key: str) -> str:
    """What one bonus the winner holds pays: '2 chips from each loser per Secret'."""
    amount = paid(rules, getattr(rules, key))
    if key == "secret_bonus":
        return said("{amount} from each loser per Secret", amount=amount)
    if key == "escalera_bonus":
        return said("{amount} from each loser per Escalera", amount=amount)
    return said("{amount} from each loser per ace", amount=amount)


def _secret_if_i_lose(rules: TongitsRules) -> Reply:
    paying = [_bonus_paid(rules, key) for key in BONUS_OPTIONS if getattr(rules, key)]
    if not paying:
        return said("No. This table pays no bonus at all, to the winner or anyone."), BONUS_OPTIONS
    bonuses = paying[0]
    for bonus in paying[1:]:
        bonuses = said("{names}, {name}", names=bonuses, name=bonus)
    text = said("No. Only the winner's bonuses are paid; here that is {bonuses}.", bonuses=bonuses)
    return text, BONUS_OPTIONS


def _pot_again(rules: TongitsRules) -> Reply:
    if rules.jackpot_wins == 1:
        text = said("Yes. Here every win takes whatever is in the pot then.")
        return text, ("jackpot_wins",)
    if rules.jackpot_wins > 3:
        return _pot_again_later(rules), ("jackpot_wins", "second_win_bonus")
    if rules.jackpot_wins == 2:
        text = said(
            "Yes. As long as you keep winning, each further win takes whatever is in the pot "
            "then. Here the pot comes from the second win in a row on (“Two Hits”)."
        )
    elif rules.second_win_bonus:
        text = said(
            "Yes. As long as you keep winning, each further win takes whatever is in the pot "
            "then. Here the pot comes from the third win in a row on, and the second pays "
            "{amount} from each other player.",
            amount=paid(rules, rules.second_win_bonus),
        )
    else:
        text = said(
            "Yes. As long as you keep winning, each further win takes whatever is in the pot "
            "then. Here the pot comes from the third win in a row on, and the second pays "
            "nothing extra."
        )
    return text, ("jackpot_wins", "second_win_bonus")


def _pot_again_later(rules: TongitsRules) -> str:
    """The pot again, where it first comes with the fourth or fifth win in a row."""
    if rules.second_win_bonus:
        return said(
            "Yes. As long as you keep winning, each further win takes whatever is in the pot "
            "then. Here the pot comes from win {count} in a row on, and the second pays "
            "{amount} from each other player.",
            count=rules.jackpot_wins,
            amount=paid(rules, rules.second_win_bonus),
        )
    return said(
        "Yes. As long as you keep winning, each further win takes whatever is in the pot "
        "then. Here the pot comes from win {count} in a row on, and the second pays nothing "
        "extra.",
        count=rules.jackpot_wins,
    )


def _bisaklat(rules: TongitsRules) -> Reply:
    text = said(
        "The pot, whatever the streak, and {amount} from each other player. The game ends "
        "before anyone plays, so nobody is burned. If two players show a bisaklat, the first "
        "of them in the order of play, starting with the dealer, wins.",
        amount=paid(rules, rules.bisaklat_pays),
    )
    return text, ("bisaklat_pays",)


def _next_dealer(rules: TongitsRules) -> Reply:
    if rules.next_dealer == "winner":
        text = said(
            "The winner (the hitter), who gets the extra card; a game that nobody won is dealt "
            "again by the same dealer."
        )
    else:
        text = said("The player after the dealer, whoever won.")
    return text, ("next_dealer",)


# Version 2 (tongits.md 6): the jokers, who pays whom at a draw, what a run pays.


def _joker_count(rules: TongitsRules) -> Reply:
    if rules.jokers == 0:
        text = said(
            "There are no jokers at this table: it does not play Joker mode, so the deck has "
            "its 52 cards and a joker is not a card here."
        )
        return text, ("jokers",)
    if rules.joker_points == 0:
        counts = said(
            "No: a joker left in your hand counts 0 toward your total (the zero count). In a "
            "meld it stands for any one card the meld needs; it never counts as a king or an "
            "ace."
        )
    else:
        counts = said_n(
            "Yes: a joker left in your hand counts {count} point toward your total. In a meld "
            "it stands for any one card the meld needs; it never counts as a king or an ace.",
            "Yes: a joker left in your hand counts {count} points toward your total. In a meld "
            "it stands for any one card the meld needs; it never counts as a king or an ace.",
            rules.joker_points,
        )
    if rules.joker_bonus == 0:
        bonus = said("Holding a joker earns no bonus here.")
    else:
        bonus = said(
            "If you win, each loser also pays you {amount} for each joker among your cards (in "
            "hand and in your own melds).",
            amount=paid(rules, rules.joker_bonus),
        )
    return sentences(counts, bonus), ("jokers", "joker_points", "joker_bonus")


def _burned_folder_pays(rules: TongitsRules) -> str:
    """What a burned player pays at a draw (6.2 step 4): the fold times the factor, and the
    flat extra."""
    return paid(rules, rules.fold_pays * rules.burned_factor + rules.burned_extra)


def _draw_payers(rules: TongitsRules) -> Reply:
    amounts = {
        "fold": paid(rules, rules.fold_pays),
        "burned": _burned_folder_pays(rules),
        "fight": paid(rules, rules.fight_pays),
    }
    if rules.draw_pays == "winner":
        who = said(
            "Every loser pays the winner. Who folded pays {fold}, or {burned} when burned "
            "(sunog); who fought and lost pays {fight}, and so does the caller when a fighter "
            "wins.",
            **amounts,
        )
    else:
        who = said(
            "Every payment runs between the caller and one other player. Who folded pays the "
            "caller {fold}, or {burned} when burned (sunog); a fighter whose total is higher "
            "than the caller's pays the caller {fight}, and the caller pays {fight} to each "
            "fighter whose total is as low as the caller's or lower. Only the lowest total of "
            "the fight wins the game, with its bonuses, its run and the pot.",
            **amounts,
        )
    options = ("draw_pays", "fold_pays", "fight_pays", "burned_factor", "burned_extra")
    if rules.point_pays == 0:
        return sentences(who, said("Nobody pays for points.")), (*options, "point_pays")
    return sentences(who, _points_paid(rules)), (*options, "point_pays", "point_pays_on")


def _points_paid(rules: TongitsRules) -> str:
    """Who pays for points at a fought draw, and on which points (6.4)."""
    amount = paid(rules, rules.point_pays)
    if rules.draw_pays == "winner" and rules.point_pays_on == "difference":
        return said(
            "Who loses the fight also pays the winner {amount} for each point their total is "
            "above the winner's; who folded pays no points.",
            amount=amount,
        )
    if rules.draw_pays == "winner":
        return said(
            "Who loses the fight also pays the winner {amount} for each point of their own "
            "total; who folded pays no points.",
            amount=amount,
        )
    if rules.point_pays_on == "difference":
        return said(
            "The loser of each pair also pays the other {amount} for each point between their "
            "two totals; who folded pays no points.",
            amount=amount,
        )
    return said(
        "The loser of each pair also pays the other {amount} for each point of their own "
        "total; who folded pays no points.",
        amount=amount,
    )


def _run_pays(rules: TongitsRules) -> Reply:
    if rules.jackpot_wins == 1:
        pot = said(
            "Every win takes the pot (every ante in it since it was last taken), whether or "
            "not it is a run."
        )
    else:
        pot = said(
            "The pot (every ante in it since it was last taken) goes to a player who wins "
            "{count} games in a row, and again on every further win of that run.",
            count=rules.jackpot_wins,
        )
    if rules.run_bonus == 0:
        run = said("Winning again pays no run bonus here.")
    else:
        run = said(
            "From the second win in a row on, each loser also pays the winner {amount} on "
            "every win.",
            amount=paid(rules, rules.run_bonus),
        )
    options = ("jackpot_wins", "run_bonus")
    if rules.jackpot_wins < 3:
        return sentences(pot, run), options
    if rules.second_win_bonus == 0 and rules.run_bonus == 0:
        second = said("The second win in a row pays nothing extra.")
    elif rules.second_win_bonus == 0:
        second = said("The second win in a row pays no second-win payment on top of that.")
    else:
        second = said(
            "The second win in a row pays {amount} more from each loser.",
            amount=paid(rules, rules.second_win_bonus),
        )
    return sentences(pot, run, second), (*options, "second_win_bonus")


QUESTIONS: tuple[tuple[str, Callable[[TongitsRules], Reply]], ...] = (
    (said("May I call a draw now?"), _call_a_draw),
    (said("May I fight the draw?"), _fight),
    (said("Who wins a tie at a draw?"), _tie_at_a_draw),
    (said("Who wins a tie when the stock runs out?"), _tie_at_the_stock),
    (said("Is this player burned?"), _burned),
    (said("What if everybody is burned when the stock runs out?"), _everybody_burned),
    (said("How much does a card count?"), _card_count),
    (said("Does a Secret pay if I lose?"), _secret_if_i_lose),
    (said("I took the pot last game. Does my next win take it again?"), _pot_again),
    (said("What does a bisaklat win?"), _bisaklat),
    (said("Who deals next?"), _next_dealer),
    (said("Does my joker count?"), _joker_count),
    (said("Who pays whom at a draw here?"), _draw_payers),
    (said("What does a run pay?"), _run_pays),
)


def answers(rules: TongitsRules) -> list[Answer]:
    """Every question of section 5, then those of version 2 (6), in the same order for any
    rules, answered for these."""
    replies = []
    for question, reply in QUESTIONS:
        text, options = reply(rules)
        replies.append(Answer(question, cited(text, options, option_label), options))
    return replies
