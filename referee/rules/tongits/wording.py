"""Tongits house rules in the words players use at the table (tongits.md section 1).

Each sentence is generated from the values, never written per table, so that what a
newcomer reads is exactly what the referee settles by. The Tongits words are used as the
table says them (tong-its, sapaw, bahay, sunog, Secret, Sagasa, fold, fight, hitter),
each with a plain English gloss the first time a sentence needs it.
"""

from collections.abc import Callable
from typing import Any

from referee.rules.tongits.house_rules import TongitsRules, option_group, option_keys
from referee.rules.words import amount_in_words, count_words, plain_value_words

# The glosses, said once here so every sentence, answer and page glosses a word the same
# way: the table's word, then what it means in plain English.
BURNED_MEANS = "no exposed meld and no Secret when the game ends"
GLOSSES = {
    "tong-its": "every card melded or laid off",
    "sapaw": "laying a card off on a meld",
    "bahay": "a meld laid down",
    "sunog": f"burned: {BURNED_MEANS}",
    "Secret": "a four of a kind laid down all at once or kept in hand",
    "Escalera": "a straight flush of four cards or more",
    "bisaklat": "every card in a meld before anyone's first turn",
    "fight": "challenge a called draw",
    "fold": "give in to a called draw",
    "hitter": "the last winner, who takes the pot on a run",
}
TONG_ITS = f"tong-its ({GLOSSES['tong-its']})"
BURNED = f"burned (sunog: {BURNED_MEANS})"
SECRET = f"Secret ({GLOSSES['Secret']})"
ESCALERA = f"Escalera ({GLOSSES['Escalera']})"
BISAKLAT = f"bisaklat ({GLOSSES['bisaklat']})"
SAPAW = "laid off (sapaw) on"
BAHAY = "melds (bahay)"
HITTER = "the hitter"


# What ended a game (tongits.md section 3), as the history and the payout head it; a
# result Tonk also has ("stock_out") reads the same in both games.
RESULT_WORDS: dict[str, str] = {
    "tongits": "Tong-its",
    "bisaklat": "Bisaklat",
    "draw_won": "Draw: the caller won",
    "draw_lost": "Draw: a fighter beat the caller",
    "stock_out": "Stock ran out",
    "stock_out_void": "Stack ran out, everyone burned: nobody won",
}
# Why a Tongits loser pays, said in full beside the payment (the settlement's short why).
WHY_WORDS: dict[str, str] = {
    "tong-its": "lost to a tong-its",
    "tong-its, burned": "lost to a tong-its, burned (sunog)",
    "bisaklat": "lost to a bisaklat",
    "lost the fight": "fought and lost",
    "folded": "folded",
    "folded, burned": "folded, burned (sunog)",
    "lowest count": "lost on the count",
    "lowest count, burned": "burned (sunog) when the stack ran out",
    "secret": "the winner's Secret bonus",
    "escalera": "the winner's Escalera bonus",
    "aces": "the winner's ace bonus",
    "second win": "the winner's second win in a row",
    "pot": "their share of the pot",
}


def run_in_words(rules: TongitsRules, player: str | None, wins: int) -> str:
    """Who is on a winning run, and how many more wins take the pot (2.7: from
    `jackpot_wins` on, every further win takes it); `player` None: nobody is."""
    if player is None:
        return f"Nobody is on a winning run: {rules.jackpot_wins} wins in a row take the pot."
    run = f"{player} is the hitter (the last winner), {count_words(wins, 'win')} in a row: "
    if wins >= rules.jackpot_wins:
        return run + "every further win takes the pot."
    to_go = rules.jackpot_wins - wins
    takes = "takes" if to_go == 1 else "take"
    return run + f"{count_words(to_go, 'more_win')} in a row {takes} the pot."


def paid(rules: TongitsRules, times: int) -> str:
    """What `times` stakes come to at this table, in its unit: '2 chips', '0.50 ₱'."""
    return amount_in_words(rules.amount(times), rules.unit)


def times_words(factor: int) -> str:
    """'the same as', 'double', 'triple': a burned loser's factor in words."""
    return {1: "the same as", 2: "double", 3: "triple"}[factor]


def right_words(rules: TongitsRules) -> str:
    """Who sits to your right at this table: the player after you or before you."""
    if rules.play_direction == "counterclockwise":
        return "the player after you in turn"
    return "the player before you in turn"


# Table


def _stake(rules: TongitsRules) -> str:
    return f"The stake is {paid(rules, 1)}: every payment below is a whole number of stakes."


def _unit(rules: TongitsRules) -> str:
    return f"Amounts are counted in {rules.unit}."


def _seats(rules: TongitsRules) -> str:
    if rules.seats == 4:
        return (
            "Four play (a house rule): the dealer gets 12 cards and the others 11, so the "
            "stock keeps 7 cards."
        )
    return "Three play: the dealer gets 13 cards and the others 12."


def _card_values(rules: TongitsRules) -> str:
    return "Cards count: the ace 1, 2 to 10 their face value, the jack, queen and king 10."


# Pot and jackpot


def _ante(rules: TongitsRules) -> str:
    if rules.ante == 0:
        return "Nobody puts anything into the pot before a deal, so the pot stays empty."
    return (
        f"Before every deal, each player puts {paid(rules, rules.ante)} into the pot; it is "
        "theirs until somebody wins it."
    )


def _jackpot_wins(rules: TongitsRules) -> str:
    run = {2: "Two Hits: a player who wins 2", 3: "Three hits: a player who wins 3"}
    return (
        f"{run[rules.jackpot_wins]} games in a row takes the pot, and takes it again on "
        "every further win of the same run."
    )


def _second_win_bonus(rules: TongitsRules) -> str:
    if rules.jackpot_wins == 2:
        return "A second win in a row takes the pot itself, so nothing extra is paid for it."
    if rules.second_win_bonus == 0:
        return "A second win in a row pays nothing extra (the pot comes with the third)."
    return (
        "On a second win in a row, every other player pays the winner "
        f"{paid(rules, rules.second_win_bonus)} more (the pot comes with the third)."
    )


# What each ending pays


def _tongits_pays(rules: TongitsRules) -> str:
    return f"Going {TONG_ITS}: each other player pays the winner {paid(rules, rules.tongits_pays)}."


def _fold_pays(rules: TongitsRules) -> str:
    return (
        "At a draw, each player who folded (gave up, by choice or automatically when "
        f"burned) pays the winner {paid(rules, rules.fold_pays)}."
    )


def _fight_pays(rules: TongitsRules) -> str:
    return (
        "At a draw, each player who fought (challenged the call) and lost pays the winner "
        f"{paid(rules, rules.fight_pays)}; so does the caller when a fighter wins."
    )


def _stock_out_pays(rules: TongitsRules) -> str:
    return (
        "When the stock runs out, the lowest count wins: each other player pays "
        f"{paid(rules, rules.stock_out_pays)}."
    )


def _bisaklat_pays(rules: TongitsRules) -> str:
    return (
        f"A {BISAKLAT} wins at once: each other player pays {paid(rules, rules.bisaklat_pays)}, "
        "and the pot goes to the bisaklat whatever the streak."
    )


def _burned_factor(rules: TongitsRules) -> str:
    factor = times_words(rules.burned_factor)
    if rules.burned_factor == 1:
        return f"A {BURNED} player pays the same as any other loser."
    return (
        f"A {BURNED} player pays {factor} what the ending costs; bonuses, the second-win "
        "payment and the pot are never multiplied."
    )


# Bonuses


def _bonus(rules: TongitsRules, times: int, none: str, each: str) -> str:
    """Only the winner's own count is paid (2.6): `each` names one of what is counted."""
    if times == 0:
        return f"{none} no bonus."
    return f"For each {each}, each loser pays the winner {paid(rules, times)} more."


def _secret_bonus(rules: TongitsRules) -> str:
    return _bonus(rules, rules.secret_bonus, f"A {SECRET} earns", f"{SECRET} the winner holds")


def _escalera_bonus(rules: TongitsRules) -> str:
    none, each = f"An {ESCALERA} earns", f"{ESCALERA} the winner holds"
    return _bonus(rules, rules.escalera_bonus, none, each)


def _ace_bonus(rules: TongitsRules) -> str:
    each = (
        "ace among the winner's cards (in hand and in their own melds, not those laid off "
        "on other players' melds)"
    )
    return _bonus(rules, rules.ace_bonus, "Aces earn", each)


# Draw, ties and turn order


def _play_direction(rules: TongitsRules) -> str:
    way = "counterclockwise" if rules.play_direction == "counterclockwise" else "clockwise"
    return (
        f"Play goes {way}: the player to your right is {right_words(rules)}. Ties at a draw "
        "and when the stock runs out go to the right."
    )


def _sapaw_blocks_draw(rules: TongitsRules) -> str:
    if rules.sapaw_blocks_draw:
        return (
            f"If an opponent has {SAPAW} one of your melds since your last turn, you may not "
            "call a draw this turn: wait for your next."
        )
    return f"Being {SAPAW} does not stop you calling a draw."


# Dealing


def _next_dealer(rules: TongitsRules) -> str:
    if rules.next_dealer == "winner":
        return (
            f"The winner ({HITTER}) deals the next game and gets the extra card; after a game "
            "nobody won, the same dealer deals again."
        )
    return "The deal passes to the player after the dealer, whoever won."


# Table talk


def _hand_melds_count(rules: TongitsRules) -> str:
    if rules.hand_melds_count:
        return f"{BAHAY.capitalize()} kept in hand count toward your total like any other cards."
    return f"{BAHAY.capitalize()} kept in hand count nothing toward your total."


def _discard_take(rules: TongitsRules) -> str:
    if rules.discard_take == "any":
        return "You may take the top discard whenever you like."
    return (
        "You may take the top discard only to complete a meld, which you then lay face up at once."
    )


def _same_turn_discard(rules: TongitsRules) -> str:
    may = "may" if rules.same_turn_discard else "may not"
    return f"A card taken from the discard pile {may} be discarded again in the same turn."


def _ace_low_only(rules: TongitsRules) -> str:
    if rules.ace_low_only:
        return "The ace is only low in runs (A-2-3), never Q-K-A."
    return "The ace may be low or high in runs (A-2-3 or Q-K-A)."


SENTENCES: dict[str, Callable[[TongitsRules], str]] = {
    "stake": _stake,
    "unit": _unit,
    "seats": _seats,
    "card_values": _card_values,
    "ante": _ante,
    "jackpot_wins": _jackpot_wins,
    "second_win_bonus": _second_win_bonus,
    "tongits_pays": _tongits_pays,
    "fold_pays": _fold_pays,
    "fight_pays": _fight_pays,
    "stock_out_pays": _stock_out_pays,
    "bisaklat_pays": _bisaklat_pays,
    "burned_factor": _burned_factor,
    "secret_bonus": _secret_bonus,
    "escalera_bonus": _escalera_bonus,
    "ace_bonus": _ace_bonus,
    "play_direction": _play_direction,
    "sapaw_blocks_draw": _sapaw_blocks_draw,
    "next_dealer": _next_dealer,
    "hand_melds_count": _hand_melds_count,
    "discard_take": _discard_take,
    "same_turn_discard": _same_turn_discard,
    "ace_low_only": _ace_low_only,
}


def rule_sentences(rules: TongitsRules) -> list[tuple[str, str, str]]:
    """(key, group, sentence) for every option in section 1's order: the rules sheet."""
    return [(key, option_group(key), SENTENCES[key](rules)) for key in option_keys()]


LABELS = {
    "stake": "Stake",
    "unit": "Unit",
    "seats": "Seats",
    "card_values": "Card values",
    "ante": "Ante",
    "jackpot_wins": "Wins in a row to take the pot",
    "second_win_bonus": "Second win pays",
    "tongits_pays": "Tong-its pays",
    "fold_pays": "Folding pays",
    "fight_pays": "Losing a fight pays",
    "stock_out_pays": "Stock out pays",
    "bisaklat_pays": "Bisaklat pays",
    "burned_factor": "A burned player pays",
    "secret_bonus": "Secret bonus",
    "escalera_bonus": "Escalera bonus",
    "ace_bonus": "Ace bonus",
    "play_direction": "Play direction",
    "sapaw_blocks_draw": "Sapaw blocks a draw",
    "next_dealer": "Next dealer",
    "hand_melds_count": "Melds in hand count",
    "discard_take": "Taking the discard",
    "same_turn_discard": "Discard a taken card the same turn",
    "ace_low_only": "Ace low only",
}


def option_label(key: str) -> str:
    """A short name for a Tongits option, as a rules-sheet heading or a cited rule."""
    return LABELS[key]


# Words for the named choices; flags, the stake, the unit and the stakes are worded by kind.
CHOICE_WORDS: dict[str, dict[Any, str]] = {
    "seats": {3: "3 players", 4: "4 players (dealer 12 cards, the others 11)"},
    "card_values": {"standard": "Ace 1, 2 to 10 face value, J Q K 10"},
    "jackpot_wins": {2: "2 wins in a row (Two Hits)", 3: "3 wins in a row"},
    "burned_factor": {1: "The same as any loser", 2: "Double", 3: "Triple"},
    "play_direction": {
        "counterclockwise": "Counterclockwise (your right plays after you)",
        "clockwise": "Clockwise (your right plays before you)",
    },
    "next_dealer": {"winner": "The winner (the hitter)", "rotate": "The next player in turn"},
    "discard_take": {"meld_only": "Only to complete a meld", "any": "Any time"},
}


def value_in_words(key: str, value: Any) -> str:
    """A short label for one allowed value of a Tongits option (a radio button).

    An unknown named choice raises KeyError, so a new choice cannot reach a form without
    its words; every other option is a flag, the stake, the unit or a number of stakes.
    """
    if key in CHOICE_WORDS:
        return CHOICE_WORDS[key][value]
    return plain_value_words(key, value) or count_words(value, "stake")
