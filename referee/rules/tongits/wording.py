"""Tongits house rules in the words players use at the table (tongits.md section 1).

Each sentence is generated from the values, never written per table, so that what a
newcomer reads is exactly what the referee settles by. The Tongits words are used as the
table says them (tong-its, sapaw, bahay, sunog, Secret, Sagasa, fold, fight, hitter),
each with a plain English gloss the first time a sentence needs it.
"""

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from referee.rules.said import said, said_n
from referee.rules.tongits.house_rules import TongitsRules, option_group, option_keys
from referee.rules.tongits.outcome import Draw, Ending
from referee.rules.words import Term, amount_in_words, count_words, plain_value_words

# The table's words, each said once here with what it means, so every form, sheet, answer
# and sentence explains a word the same way.
BURNED_MEANS = said("no exposed meld and no Secret when the game ends")
TERMS = {
    "tong-its": Term(said("tong-its"), said("every card melded or laid off")),
    "sapaw": Term(said("sapaw"), said("laying a card off on a meld")),
    "bahay": Term(said("bahay"), said("a meld laid down")),
    "sunog": Term(said("sunog"), said("burned: {means}", means=BURNED_MEANS)),
    "Secret": Term(said("Secret"), said("a four of a kind laid down all at once or kept in hand")),
    "Escalera": Term(said("Escalera"), said("a straight flush of four cards or more")),
    "bisaklat": Term(said("bisaklat"), said("every card in a meld before anyone's first turn")),
    "draw": Term(said("draw"), said("calling the game over on your turn: the lowest count wins")),
    "fight": Term(said("fight"), said("challenge a called draw")),
    "fold": Term(said("fold"), said("give in to a called draw")),
    "stock": Term(said("stock"), said("the cards left face down after the deal, to draw from")),
    "hitter": Term(said("hitter"), said("the last winner, who takes the pot on a run")),
    "pot": Term(said("pot"), said("the antes, kept until a winner takes them")),
}
TONG_ITS = said("tong-its ({gloss})", gloss=TERMS["tong-its"].means)
BURNED = said("burned (sunog: {means})", means=BURNED_MEANS)
SECRET = said("Secret ({gloss})", gloss=TERMS["Secret"].means)
ESCALERA = said("Escalera ({gloss})", gloss=TERMS["Escalera"].means)
BISAKLAT = said("bisaklat ({gloss})", gloss=TERMS["bisaklat"].means)
SAPAW = said("laid off (sapaw) on")


# What ended a game (tongits.md section 3), as the history and the payout head it; a
# result Tonk also has ("stock_out") reads the same in both games.
RESULT_WORDS: dict[str, str] = {
    "tongits": said("Tong-its"),
    "bisaklat": said("Bisaklat"),
    "draw_won": said("Draw: the caller won"),
    "draw_lost": said("Draw: a fighter beat the caller"),
    "stock_out": said("Stock ran out"),
    "stock_out_void": said("Stock ran out, everyone burned: nobody won"),
}
# Why a Tongits loser pays, said in full beside the payment (the settlement's short why).
WHY_WORDS: dict[str, str] = {
    "tong-its": said("lost to a tong-its"),
    "tong-its, burned": said("lost to a tong-its, burned (sunog)"),
    "bisaklat": said("lost to a bisaklat"),
    "lost the fight": said("fought and lost"),
    "folded": said("folded"),
    "folded, burned": said("folded, burned (sunog)"),
    "lowest count": said("lost on the count"),
    "lowest count, burned": said("burned (sunog) when the stock ran out"),
    "secret": said("the winner's Secret bonus"),
    "escalera": said("the winner's Escalera bonus"),
    "aces": said("the winner's ace bonus"),
    "points behind": said("points behind at the fight"),
    "points in hand": said("points in hand at the fight"),
    "kings": said("the winner's king bonus"),
    "jokers": said("the winner's joker bonus"),
    "run": said("the winner's run of wins"),
    "second win": said("the winner's second win in a row"),
    "pot": said("their share of the pot"),
}


def why_in_words(why: str) -> str:
    """A payment's short why said in full (WHY_WORDS), or as it is when it has no longer words."""
    return WHY_WORDS.get(why, why)


def payments_in_words(
    outcome: Ending, payments: Sequence[Mapping[str, Any]], winners: Sequence[str]
) -> list[str]:
    """Why each payment of a game is paid, in words, in the order of `payments`.

    A draw paid pair by pair (`draw_pays` "caller", 6.5) shows in its payments: a row goes
    to someone other than the winner. Then each row between the caller and an opponent
    names the pair it settles ("Anna beat the caller", "lost the fight to the caller"),
    since the winner is not the only player paid. A draw the caller won is paid the same
    way under either rule, so it reads as every draw of version 1 does."""
    if not isinstance(outcome, Draw) or all(p["to"] in winners for p in payments):
        return [why_in_words(p["why"]) for p in payments]
    return [_in_a_pair(p["from"], p["to"], p["why"], outcome) for p in payments]


def _in_a_pair(payer: str, payee: str, why: str, outcome: Draw) -> str:
    """A row of a draw paid pair by pair: who of the caller and the opponent beat the other;
    a fighter who tied the caller is said to have tied, since the caller loses ties (2.4)."""
    caller = outcome.caller
    if caller == payer:
        tied = outcome.totals.get(payee) == outcome.totals.get(caller)
        beaten = {
            "lost the fight": (
                said("{fighter} tied the caller, and the caller loses ties", fighter=payee)
                if tied
                else said("{fighter} beat the caller", fighter=payee)
            ),
            "points behind": said("points behind {fighter}", fighter=payee),
            "points in hand": said("points in hand, beaten by {fighter}", fighter=payee),
        }
        return beaten.get(why) or why_in_words(why)
    if caller == payee:
        lost = {
            "lost the fight": said("lost the fight to the caller"),
            "points behind": said("points behind the caller"),
            "points in hand": said("points in hand, beaten by the caller"),
            "folded": said("folded to the caller"),
            "folded, burned": said("folded to the caller, burned (sunog)"),
        }
        return lost.get(why) or why_in_words(why)
    return why_in_words(why)


def status_words(
    rules: TongitsRules, number: int, pot: Decimal, player: str | None, wins: int
) -> list[str]:
    """The table page's status line, in parts: the game in play, the stake, the pot, and
    who is on a winning run (2.7) and how long it is; no run before anyone has won."""
    run = (
        []
        if player is None
        else [
            said_n(
                "{player}'s run: {count} win", "{player}'s run: {count} wins", wins, player=player
            )
        ]
    )
    return [
        said("Game {number}", number=number),
        amount_in_words(rules.stake, rules.unit),
        said("Pot {amount}", amount=amount_in_words(pot, rules.unit)),
        *run,
    ]


def run_in_words(rules: TongitsRules, player: str | None, wins: int) -> str:
    """Who is on a winning run, and how many more wins take the pot (2.7: from
    `jackpot_wins` on, every further win takes it); `player` None: nobody is."""
    if player is None:
        return said_n(
            "Nobody is on a winning run: {count} win in a row takes the pot.",
            "Nobody is on a winning run: {count} wins in a row take the pot.",
            rules.jackpot_wins,
        )
    if rules.jackpot_wins == 1:
        return said(
            "{player} is the hitter (the last winner), {wins} in a row: every win takes the "
            "pot, whoever wins.",
            player=player,
            wins=count_words(wins, "win"),
        )
    if wins >= rules.jackpot_wins:
        return said(
            "{player} is the hitter (the last winner), {wins} in a row: every further win "
            "takes the pot.",
            player=player,
            wins=count_words(wins, "win"),
        )
    return said_n(
        "{player} is the hitter (the last winner), {wins} in a row: {count} more win in a "
        "row takes the pot.",
        "{player} is the hitter (the last winner), {wins} in a row: {count} more wins in a "
        "row take the pot.",
        rules.jackpot_wins - wins,
        player=player,
        wins=count_words(wins, "win"),
    )


def matched_in_words(rules: TongitsRules, player: str, share: Decimal) -> str:
    """A player who sat in while the pot held chips and matched it (6.7): their share, theirs
    until somebody wins the pot."""
    return said(
        "{player} sat in and matched the pot: {share}, as much as the largest share (owed "
        "only when somebody wins the pot).",
        player=player,
        share=amount_in_words(share, rules.unit),
    )


def paid(rules: TongitsRules, times: int) -> str:
    """What `times` stakes come to at this table, in its unit: '2 chips', '0.50 ₱'."""
    return amount_in_words(rules.amount(times), rules.unit)


def times_words(factor: int) -> str:
    """'the same as', 'double', 'triple': a burned loser's factor in words."""
    return {1: said("the same as"), 2: said("double"), 3: said("triple")}[factor]


def right_words(rules: TongitsRules) -> str:
    """Who sits to your right at this table: the player after you or before you."""
    if rules.play_direction == "counterclockwise":
        return said("the player after you in turn")
    return said("the player before you in turn")


# Table


def _stake(rules: TongitsRules) -> str:
    return said(
        "The stake is {stake}: every payment below is a whole number of stakes.",
        stake=paid(rules, 1),
    )


def _unit(rules: TongitsRules) -> str:
    return said("Amounts are counted in {unit}.", unit=rules.unit)


def _seats(rules: TongitsRules) -> str:
    if rules.seats == 4:
        return said(
            "Four play (a house rule): the dealer gets 12 cards and the others 11, so the "
            "stock keeps 7 cards."
        )
    return said("Three play: the dealer gets 13 cards and the others 12.")


def _card_values(rules: TongitsRules) -> str:
    return said("Cards count: the ace 1, 2 to 10 their face value, the jack, queen and king 10.")


# Pot and jackpot


def _ante(rules: TongitsRules) -> str:
    if rules.ante == 0:
        return said("Nobody puts anything into the pot before a deal, so the pot stays empty.")
    return said(
        "Before every deal, each player puts {ante} into the pot; it is theirs until somebody "
        "wins it.",
        ante=paid(rules, rules.ante),
    )


def _opening_ante(rules: TongitsRules) -> str:
    if rules.opening_ante == 0:
        return said("An empty pot is opened with the ordinary ante.")
    return said(
        "When the pot is empty (the first game of the night, or the first after a pot was "
        "taken), each player puts in {extra} more on top of the ante.",
        extra=paid(rules, rules.opening_ante),
    )


def _jackpot_wins(rules: TongitsRules) -> str:
    if rules.jackpot_wins == 1:
        return said("The winner of every game takes the pot.")
    if rules.jackpot_wins == 2:
        return said(
            "Two Hits: a player who wins 2 games in a row takes the pot, and takes it again on "
            "every further win of the same run."
        )
    if rules.jackpot_wins == 3:
        return said(
            "Three hits: a player who wins 3 games in a row takes the pot, and takes it again "
            "on every further win of the same run."
        )
    return said(
        "A player who wins {count} games in a row takes the pot, and takes it again on every "
        "further win of the same run.",
        count=rules.jackpot_wins,
    )


def _second_win_bonus(rules: TongitsRules) -> str:
    if rules.jackpot_wins == 1:
        return said("Every win takes the pot, so a second win in a row pays nothing extra.")
    if rules.jackpot_wins == 2:
        return said("A second win in a row takes the pot itself, so nothing extra is paid for it.")
    if rules.second_win_bonus == 0 and rules.jackpot_wins == 3:
        return said("A second win in a row pays nothing extra (the pot comes with the third).")
    if rules.second_win_bonus == 0:
        return said(
            "A second win in a row pays nothing extra (the pot comes with win {count} in a row).",
            count=rules.jackpot_wins,
        )
    if rules.jackpot_wins == 3:
        return said(
            "On a second win in a row, every other player pays the winner {amount} more (the "
            "pot comes with the third).",
            amount=paid(rules, rules.second_win_bonus),
        )
    return said(
        "On a second win in a row, every other player pays the winner {amount} more (the pot "
        "comes with win {count} in a row).",
        amount=paid(rules, rules.second_win_bonus),
        count=rules.jackpot_wins,
    )


def _run_bonus(rules: TongitsRules) -> str:
    if rules.run_bonus == 0:
        return said("A run of wins pays nothing more than the pot.")
    return said(
        "On every win of a run after the first (the second, the third...), every other player "
        "pays the winner {amount} more, whether or not the pot is taken.",
        amount=paid(rules, rules.run_bonus),
    )


def _joiner_matches_pot(rules: TongitsRules) -> str:
    if rules.joiner_matches_pot:
        return said(
            "A player who sits in while the pot holds chips puts in as much as the largest "
            "share, so they play for the whole pot."
        )
    return said(
        "A player who sits in starts with nothing in the pot; only their antes from then on "
        "are in it."
    )


# What each ending pays


def _tongits_pays(rules: TongitsRules) -> str:
    return said(
        "Going {tong_its}: each other player pays the winner {amount}.",
        tong_its=TONG_ITS,
        amount=paid(rules, rules.tongits_pays),
    )


def _fold_pays(rules: TongitsRules) -> str:
    return said(
        "At a draw, each player who folded (gave up, by choice or automatically when burned) "
        "pays the winner {amount}.",
        amount=paid(rules, rules.fold_pays),
    )


def _fight_pays(rules: TongitsRules) -> str:
    return said(
        "At a draw, each player who fought (challenged the call) and lost pays the winner "
        "{amount}; so does the caller when a fighter wins.",
        amount=paid(rules, rules.fight_pays),
    )


def _stock_out_pays(rules: TongitsRules) -> str:
    return said(
        "When the stock runs out, the lowest count wins: each other player pays {amount}.",
        amount=paid(rules, rules.stock_out_pays),
    )


def _bisaklat_pays(rules: TongitsRules) -> str:
    return said(
        "A {bisaklat} wins at once: each other player pays {amount}, and the pot goes to the "
        "bisaklat whatever the streak.",
        bisaklat=BISAKLAT,
        amount=paid(rules, rules.bisaklat_pays),
    )


def _burned_factor(rules: TongitsRules) -> str:
    if rules.burned_factor == 1:
        return said("A {burned} player pays the same as any other loser.", burned=BURNED)
    return said(
        "A {burned} player pays {factor} what the ending costs; bonuses, the second-win "
        "payment and the pot are never multiplied.",
        burned=BURNED,
        factor=times_words(rules.burned_factor),
    )


def _burned_extra(rules: TongitsRules) -> str:
    if rules.burned_extra == 0:
        return said("Being burned adds no flat penalty.")
    return said(
        "A burned player also pays {amount} more, once, on top of what the ending costs them.",
        amount=paid(rules, rules.burned_extra),
    )


# Bonuses: only the winner's own count is paid (2.6).


def _secret_bonus(rules: TongitsRules) -> str:
    if rules.secret_bonus == 0:
        return said("A {secret} earns no bonus.", secret=SECRET)
    return said(
        "For each {secret} the winner holds, each loser pays the winner {amount} more.",
        secret=SECRET,
        amount=paid(rules, rules.secret_bonus),
    )


def _escalera_bonus(rules: TongitsRules) -> str:
    if rules.escalera_bonus == 0:
        return said("An {escalera} earns no bonus.", escalera=ESCALERA)
    return said(
        "For each {escalera} the winner holds, each loser pays the winner {amount} more.",
        escalera=ESCALERA,
        amount=paid(rules, rules.escalera_bonus),
    )


def _ace_bonus(rules: TongitsRules) -> str:
    if rules.ace_bonus == 0:
        return said("Aces earn no bonus.")
    return said(
        "For each ace among the winner's cards (in hand and in their own melds, not those "
        "laid off on other players' melds), each loser pays the winner {amount} more.",
        amount=paid(rules, rules.ace_bonus),
    )


def _king_bonus(rules: TongitsRules) -> str:
    if rules.king_bonus == 0:
        return said("Kings earn no bonus.")
    return said(
        "For each king among the winner's cards (in hand and in their own melds, not those "
        "laid off on other players' melds), each loser pays the winner {amount} more.",
        amount=paid(rules, rules.king_bonus),
    )


# Draw, ties and turn order


def _play_direction(rules: TongitsRules) -> str:
    if rules.play_direction == "counterclockwise":
        return said(
            "Play goes counterclockwise: the player to your right is {right}. Ties at a draw "
            "and when the stock runs out go to the right.",
            right=right_words(rules),
        )
    return said(
        "Play goes clockwise: the player to your right is {right}. Ties at a draw and when "
        "the stock runs out go to the right.",
        right=right_words(rules),
    )


def _sapaw_blocks_draw(rules: TongitsRules) -> str:
    if rules.sapaw_blocks_draw:
        return said(
            "If an opponent has {sapaw} one of your melds since your last turn, you may not "
            "call a draw this turn: wait for your next.",
            sapaw=SAPAW,
        )
    return said("Being {sapaw} does not stop you calling a draw.", sapaw=SAPAW)


def _draw_pays(rules: TongitsRules) -> str:
    if rules.draw_pays == "caller":
        return said(
            "A draw is paid between the caller and each other player: a folder pays the "
            "caller; a fighter as low as the caller or lower is paid by the caller, a fighter "
            "higher than the caller pays the caller. Only the lowest count of the fight wins "
            "the game, its bonuses and the pot."
        )
    return said("At a draw, every loser pays the winner (the lowest count of the fight).")


def _point_pays(rules: TongitsRules) -> str:
    if rules.point_pays == 0:
        return said("Points are not paid at a draw.")
    return said_n(
        "At a fought draw, who loses the fight also pays {count} stake a point ({amount}) "
        "to who beat them; a player who folded pays no points.",
        "At a fought draw, who loses the fight also pays {count} stakes a point ({amount}) "
        "to who beat them; a player who folded pays no points.",
        rules.point_pays,
        amount=paid(rules, rules.point_pays),
    )


def _point_pays_on(rules: TongitsRules) -> str:
    if rules.point_pays_on == "total":
        return said("The points paid at a draw are the loser's whole count (points in hand).")
    return said(
        "The points paid at a draw are how far the loser's count is behind the other's "
        "(points behind)."
    )


# Dealing


def _next_dealer(rules: TongitsRules) -> str:
    if rules.next_dealer == "winner":
        return said(
            "The winner (the hitter) deals the next game and gets the extra card; after a game "
            "nobody won, the same dealer deals again."
        )
    return said("The deal passes to the player after the dealer, whoever won.")


# Table talk


def _hand_melds_count(rules: TongitsRules) -> str:
    if rules.hand_melds_count:
        return said("Melds (bahay) kept in hand count toward your total like any other cards.")
    return said("Melds (bahay) kept in hand count nothing toward your total.")


def _discard_take(rules: TongitsRules) -> str:
    if rules.discard_take == "any":
        return said("You may take the top discard whenever you like.")
    return said(
        "You may take the top discard only to complete a meld, which you then lay face up at once."
    )


def _same_turn_discard(rules: TongitsRules) -> str:
    if rules.same_turn_discard:
        return said("A card taken from the discard pile may be discarded again in the same turn.")
    return said("A card taken from the discard pile may not be discarded again in the same turn.")


def _ace_low_only(rules: TongitsRules) -> str:
    if rules.ace_low_only:
        return said("The ace is only low in runs (A-2-3), never Q-K-A.")
    return said("The ace may be low or high in runs (A-2-3 or Q-K-A).")


# Joker mode (6.6)


def _jokers(rules: TongitsRules) -> str:
    if rules.jokers == 0:
        return said("The deck has 52 cards, without jokers.")
    return said(
        "Joker mode: the two jokers join the deck (54 cards). A joker stands for any one card "
        "a meld needs; a meld holds at least two real cards; four of a kind with a joker is "
        "not a Secret; a run of four or more with jokers is an Escalera. In a run a joker "
        "fills a gap first; a spare one may be read at either end, and it never makes the "
        "ace high when another reading needs no ace. A card laid off on a meld with a joker "
        "may move the joker: it is read again with the new card."
    )


def _joker_points(rules: TongitsRules) -> str:
    if rules.jokers == 0:
        return said("Without jokers, nothing is counted for them.")
    return said_n(
        "A joker left in hand counts {count} point.",
        "A joker left in hand counts {count} points.",
        rules.joker_points,
    )


def _joker_bonus(rules: TongitsRules) -> str:
    if rules.joker_bonus == 0:
        return said("Jokers earn no bonus.")
    return said(
        "For each joker among the winner's cards (in hand and in their own melds), each loser "
        "pays the winner {amount} more.",
        amount=paid(rules, rules.joker_bonus),
    )


SENTENCES: dict[str, Callable[[TongitsRules], str]] = {
    "stake": _stake,
    "unit": _unit,
    "seats": _seats,
    "card_values": _card_values,
    "ante": _ante,
    "opening_ante": _opening_ante,
    "jackpot_wins": _jackpot_wins,
    "second_win_bonus": _second_win_bonus,
    "run_bonus": _run_bonus,
    "joiner_matches_pot": _joiner_matches_pot,
    "tongits_pays": _tongits_pays,
    "fold_pays": _fold_pays,
    "fight_pays": _fight_pays,
    "stock_out_pays": _stock_out_pays,
    "bisaklat_pays": _bisaklat_pays,
    "burned_factor": _burned_factor,
    "burned_extra": _burned_extra,
    "secret_bonus": _secret_bonus,
    "escalera_bonus": _escalera_bonus,
    "ace_bonus": _ace_bonus,
    "king_bonus": _king_bonus,
    "play_direction": _play_direction,
    "sapaw_blocks_draw": _sapaw_blocks_draw,
    "draw_pays": _draw_pays,
    "point_pays": _point_pays,
    "point_pays_on": _point_pays_on,
    "next_dealer": _next_dealer,
    "hand_melds_count": _hand_melds_count,
    "discard_take": _discard_take,
    "same_turn_discard": _same_turn_discard,
    "ace_low_only": _ace_low_only,
    "jokers": _jokers,
    "joker_points": _joker_points,
    "joker_bonus": _joker_bonus,
}


def rule_sentences(rules: TongitsRules) -> list[tuple[str, str, str]]:
    """(key, group, sentence) for every option in section 1's order: the rules sheet."""
    return [(key, option_group(key), SENTENCES[key](rules)) for key in option_keys()]


LABELS = {
    "stake": said("Stake"),
    "unit": said("Unit"),
    "seats": said("Seats"),
    "card_values": said("Card values"),
    "ante": said("Ante"),
    "opening_ante": said("Opening ante, on an empty pot"),
    "jackpot_wins": said("Wins in a row to take the pot"),
    "second_win_bonus": said("Second win pays"),
    "run_bonus": said("Every win of a run pays"),
    "joiner_matches_pot": said("A player who sits in matches the pot"),
    "tongits_pays": said("Tong-its pays"),
    "fold_pays": said("Folding pays"),
    "fight_pays": said("Losing a fight pays"),
    "stock_out_pays": said("Stock out pays"),
    "bisaklat_pays": said("Bisaklat pays"),
    "burned_factor": said("A burned player pays"),
    "burned_extra": said("A burned player pays more"),
    "secret_bonus": said("Secret bonus"),
    "escalera_bonus": said("Escalera bonus"),
    "ace_bonus": said("Ace bonus"),
    "king_bonus": said("King bonus"),
    "play_direction": said("Play direction"),
    "sapaw_blocks_draw": said("Sapaw blocks a draw"),
    "draw_pays": said("Who pays whom at a draw"),
    "point_pays": said("Points paid at a fought draw"),
    "point_pays_on": said("Which points are paid"),
    "next_dealer": said("Next dealer"),
    "hand_melds_count": said("Melds in hand count"),
    "discard_take": said("Taking the discard"),
    "same_turn_discard": said("Discard a taken card the same turn"),
    "ace_low_only": said("Ace low only"),
    "jokers": said("Jokers"),
    "joker_points": said("A joker in hand counts"),
    "joker_bonus": said("Joker bonus"),
}


def option_label(key: str) -> str:
    """A short name for a Tongits option, as a rules-sheet heading or a cited rule."""
    return LABELS[key]


# Words for the named choices; flags, the stake, the unit and the stakes are worded by kind.
CHOICE_WORDS: dict[str, dict[Any, str]] = {
    "seats": {3: said("3 players"), 4: said("4 players (dealer 12 cards, the others 11)")},
    "card_values": {"standard": said("Ace 1, 2 to 10 face value, J Q K 10")},
    "jackpot_wins": {
        1: said("Every win"),
        2: said("2 wins in a row (Two Hits)"),
        3: said("3 wins in a row"),
        4: said("4 wins in a row"),
        5: said("5 wins in a row"),
    },
    "burned_factor": {1: said("The same as any loser"), 2: said("Double"), 3: said("Triple")},
    "play_direction": {
        "counterclockwise": said("Counterclockwise (your right plays after you)"),
        "clockwise": said("Clockwise (your right plays before you)"),
    },
    "next_dealer": {
        "winner": said("The winner (the hitter)"),
        "rotate": said("The next player in turn"),
    },
    "discard_take": {"meld_only": said("Only to complete a meld"), "any": said("Any time")},
    "draw_pays": {
        "winner": said("Every loser pays the winner"),
        "caller": said("Between the caller and each other player"),
    },
    "point_pays_on": {
        "difference": said("Points behind the other"),
        "total": said("Points in hand"),
    },
    "jokers": {0: said("No jokers (52 cards)"), 2: said("Two jokers (54 cards)")},
}


def value_in_words(key: str, value: Any) -> str:
    """A short label for one allowed value of a Tongits option (a radio button).

    An unknown named choice raises KeyError, so a new choice cannot reach a form without
    its words; every other option is a flag, the stake, the unit or a number of stakes.
    """
    if key in CHOICE_WORDS:
        return CHOICE_WORDS[key][value]
    return plain_value_words(key, value) or count_words(value, "stake")
