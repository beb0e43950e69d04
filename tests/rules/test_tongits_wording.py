"""The Tongits rules sheet and the referee's answers (tongits.md sections 1 and 5), in words."""

from decimal import Decimal

import pytest

from referee.games import TONGITS, AtTables, CarriesState, CountsCards, Points, Turns
from referee.rules.tongits import PRESETS, TongitsRules
from referee.rules.tongits.house_rules import option_keys
from referee.rules.tongits.questions import QUESTIONS, answers
from referee.rules.tongits.wording import (
    LABELS,
    SENTENCES,
    option_label,
    rule_sentences,
    run_in_words,
)


def sheet(**changes):
    return {key: sentence for key, _, sentence in rule_sentences(TongitsRules(**changes))}


def test_every_option_has_a_sentence_and_a_label():
    assert list(SENTENCES) == option_keys() == list(LABELS)
    assert [key for key, _, _ in rule_sentences(TongitsRules())] == option_keys()


def test_the_default_sheet_in_the_table_s_words():
    words = sheet()
    assert words["stake"] == "The stake is 1 chip: every payment below is a whole number of stakes."
    assert words["seats"] == "Three play: the dealer gets 13 cards and the others 12."
    assert words["tongits_pays"] == (
        "Going tong-its (every card melded or laid off): each other player pays the winner 2 chips."
    )
    assert words["burned_factor"] == (
        "A burned (sunog: no exposed meld and no Secret when the game ends) player pays double "
        "what the ending costs; bonuses, the second-win payment and the pot are never multiplied."
    )
    assert words["jackpot_wins"] == (
        "Two Hits: a player who wins 2 games in a row takes the pot, and takes it again on "
        "every further win of the same run."
    )
    assert words["sapaw_blocks_draw"] == (
        "If an opponent has laid off (sapaw) on one of your melds since your last turn, you may "
        "not call a draw this turn: wait for your next."
    )
    assert words["next_dealer"] == (
        "The winner (the hitter) deals the next game and gets the extra card; after a game "
        "nobody won, the same dealer deals again."
    )
    assert (
        words["hand_melds_count"] == "Melds (bahay) kept in hand count nothing toward your total."
    )
    assert words["escalera_bonus"] == (
        "An Escalera (a straight flush of four cards or more) earns no bonus."
    )


# fmt: off
CHANGED = [
    ({"stake": Decimal("0.50"), "unit": "₱"}, "stake",
     "The stake is 0.50 ₱: every payment below is a whole number of stakes."),
    ({"seats": 4}, "seats",
     "Four play (a house rule): the dealer gets 12 cards and the others 11, so the stock keeps "
     "7 cards."),
    ({"ante": 0}, "ante",
     "Nobody puts anything into the pot before a deal, so the pot stays empty."),
    ({"ante": 2}, "ante",
     "Before every deal, each player puts 2 chips into the pot; it is theirs until somebody "
     "wins it."),
    ({"jackpot_wins": 3}, "second_win_bonus",
     "On a second win in a row, every other player pays the winner 1 chip more (the pot comes "
     "with the third)."),
    ({"jackpot_wins": 3, "second_win_bonus": 0}, "second_win_bonus",
     "A second win in a row pays nothing extra (the pot comes with the third)."),
    ({"fold_pays": 3}, "fold_pays",
     "At a draw, each player who folded (gave up, by choice or automatically when burned) pays "
     "the winner 3 chips."),
    ({"burned_factor": 1}, "burned_factor",
     "A burned (sunog: no exposed meld and no Secret when the game ends) player pays the same "
     "as any other loser."),
    ({"burned_factor": 3}, "burned_factor",
     "A burned (sunog: no exposed meld and no Secret when the game ends) player pays triple "
     "what the ending costs; bonuses, the second-win payment and the pot are never multiplied."),
    ({"secret_bonus": 0}, "secret_bonus",
     "A Secret (a four of a kind laid down all at once or kept in hand) earns no bonus."),
    ({"ace_bonus": 1}, "ace_bonus",
     "For each ace among the winner's cards (in hand and in their own melds, not those laid "
     "off on other players' melds), each loser pays the winner 1 chip more."),
    ({"play_direction": "clockwise"}, "play_direction",
     "Play goes clockwise: the player to your right is the player before you in turn. Ties at "
     "a draw and when the stock runs out go to the right."),
    ({"sapaw_blocks_draw": False}, "sapaw_blocks_draw",
     "Being laid off (sapaw) on does not stop you calling a draw."),
    ({"next_dealer": "rotate"}, "next_dealer",
     "The deal passes to the player after the dealer, whoever won."),
    ({"discard_take": "any"}, "discard_take", "You may take the top discard whenever you like."),
    ({"same_turn_discard": True}, "same_turn_discard",
     "A card taken from the discard pile may be discarded again in the same turn."),
    ({"ace_low_only": False}, "ace_low_only",
     "The ace may be low or high in runs (A-2-3 or Q-K-A)."),
]
# fmt: on


@pytest.mark.parametrize(("changes", "key", "sentence"), CHANGED)
def test_each_sentence_follows_its_option(changes, key, sentence):
    assert sheet(**changes)[key] == sentence
    assert sheet()[key] != sentence


def test_the_groups_are_shown_with_the_sentences():
    rows = rule_sentences(TongitsRules())
    assert rows[4][:2] == ("ante", "Pot and jackpot (“Two Hits”)")


def test_every_question_of_sections_5_and_6_is_answered_citing_its_options():
    replies = answers(TongitsRules())
    assert [reply.question for reply in replies] == [question for question, _ in QUESTIONS]
    assert len(replies) == 14  # 11 of section 5; the jokers, a draw's payers, a run (6)
    for reply in replies:
        assert reply.options and all(key in option_keys() for key in reply.options)
        labels = [f"“{option_label(key)}”" for key in reply.options]
        assert all(label in reply.answer for label in labels)


def answer(question, **changes):
    return next(a for a in answers(TongitsRules(**changes)) if a.question == question).answer


def test_the_tie_at_a_draw_follows_the_play_direction():
    question = "Who wins a tie at a draw?"
    assert "the player after the caller in turn" in answer(question)
    assert "the player before the caller in turn" in answer(question, play_direction="clockwise")
    assert answer(question).startswith("Never the caller.")
    assert answer(question).endswith("(house rule “Play direction”).")


def test_calling_a_draw_follows_sapaw_blocks_draw():
    question = "May I call a draw now?"
    assert answer(question) == (
        "Only at the start of your own turn, before drawing, and only if you have at least one "
        "exposed meld (a Secret, a four of a kind kept in hand, is not enough) and not if an "
        "opponent has laid off (sapaw) on one of your melds since your last turn: then you "
        "wait for your next turn (house rule “Sapaw blocks a draw”)."
    )
    assert "does not stop you" in answer(question, sapaw_blocks_draw=False)


def test_what_folding_and_fighting_cost_is_said_in_the_table_s_money():
    question = "May I fight the draw?"
    assert "Folding costs 3 chips; losing a fight costs 5 chips" in answer(
        question, fold_pays=3, fight_pays=5
    )


def test_the_pot_again_and_the_second_win():
    question = "I took the pot last game. Does my next win take it again?"
    assert "from the second win in a row on (“Two Hits”)" in answer(question)
    three = answer(question, jackpot_wins=3, second_win_bonus=2)
    assert "from the third win in a row on, and the second pays 2 chips" in three


def test_a_losers_secret_never_pays_and_the_winners_bonuses_are_listed():
    question = "Does a Secret pay if I lose?"
    assert answer(question).startswith(
        "No. Only the winner's bonuses are paid; here that is 1 chip from each loser per Secret"
    )
    none = answer(question, secret_bonus=0)
    assert none.startswith("No. This table pays no bonus at all")
    one_three_five = next(
        a for a in answers(PRESETS["1-3-5"]) if a.question == question
    ).answer  # fmt: skip
    assert "1 chip from each loser per Secret, 1 chip from each loser per ace" in one_three_five


def test_who_deals_next_and_everybody_burned_follow_next_dealer():
    assert answer("Who deals next?").startswith("The winner (the hitter)")
    assert answer("Who deals next?", next_dealer="rotate").startswith("The player after")
    burned = "What if everybody is burned when the stock runs out?"
    assert "the same dealer deals again" in answer(burned)
    assert "the deal passes to the player after the dealer" in answer(burned, next_dealer="rotate")


# Version 2's questions (tongits.md 6), each answered for two tables' rules.

TWO_HITS = PRESETS["tongits"]
JOKER_TABLE = PRESETS["joker"].with_changes(
    {
        "joker_points": 3,
        "draw_pays": "caller",
        "point_pays": 1,
        "burned_extra": 2,
        "jackpot_wins": 3,
        "second_win_bonus": 2,
        "run_bonus": 1,
    }
)


def asked(rules, question):
    found = next(a for a in answers(rules) if a.question == question)
    return found.answer, found.options


def test_does_my_joker_count_follows_joker_mode_and_joker_points():
    question = "Does my joker count?"
    assert asked(TWO_HITS, question) == (
        "There are no jokers at this table: it does not play Joker mode, so the deck has its 52 "
        "cards and a joker is not a card here (house rule “Jokers”).",
        ("jokers",),
    )
    assert asked(JOKER_TABLE, question) == (
        "Yes: a joker left in your hand counts 3 points toward your total. In a meld it stands "
        "for any one card the meld needs; it never counts as a king or an ace. If you win, each "
        "loser also pays you 1 chip for each joker among your cards (in hand and in your own "
        "melds) (house rules “Jokers”, “A joker in hand counts” and “Joker bonus”).",
        ("jokers", "joker_points", "joker_bonus"),
    )
    assert asked(PRESETS["joker"], question)[0].startswith(
        "No: a joker left in your hand counts 0 toward your total (the zero count)."
    )


def test_who_pays_whom_at_a_draw_follows_draw_pays_and_the_points():
    question = "Who pays whom at a draw here?"
    assert asked(TWO_HITS, question) == (
        "Every loser pays the winner. Who folded pays 1 chip, or 2 chips when burned (sunog); "
        "who fought and lost pays 2 chips, and so does the caller when a fighter wins. Nobody "
        "pays for points (house rules “Who pays whom at a draw”, “Folding pays”, “Losing a "
        "fight pays”, “A burned player pays”, “A burned player pays more” and “Points paid at "
        "a fought draw”).",
        ("draw_pays", "fold_pays", "fight_pays", "burned_factor", "burned_extra", "point_pays"),
    )
    assert asked(JOKER_TABLE, question) == (
        "Every payment runs between the caller and one other player. Who folded pays the caller "
        "1 chip, or 4 chips when burned (sunog); a fighter whose total is higher than the "
        "caller's pays the caller 2 chips, and the caller pays 2 chips to each fighter whose "
        "total is as low as the caller's or lower. Only the lowest total of the fight wins the "
        "game, with its bonuses, its run and the pot. The loser of each pair also pays the "
        "other 1 chip for each point between their two totals; who folded pays no points "
        "(house rules “Who pays whom at a draw”, “Folding pays”, “Losing a fight pays”, “A "
        "burned player pays”, “A burned player pays more”, “Points paid at a fought draw” and "
        "“Which points are paid”).",
        (
            "draw_pays",
            "fold_pays",
            "fight_pays",
            "burned_factor",
            "burned_extra",
            "point_pays",
            "point_pays_on",
        ),
    )
    whole = TWO_HITS.with_changes({"point_pays": 2, "point_pays_on": "total"})
    assert (
        "Who loses the fight also pays the winner 2 chips for each point of their own total; "
        "who folded pays no points"
    ) in asked(whole, question)[0]


def test_what_a_run_pays_follows_the_pot_the_run_bonus_and_the_second_win():
    question = "What does a run pay?"
    assert asked(TWO_HITS, question) == (
        "The pot (every ante in it since it was last taken) goes to a player who wins 2 games "
        "in a row, and again on every further win of that run. Winning again pays no run bonus "
        "here (house rules “Wins in a row to take the pot” and “Every win of a run pays”).",
        ("jackpot_wins", "run_bonus"),
    )
    assert asked(JOKER_TABLE, question) == (
        "The pot (every ante in it since it was last taken) goes to a player who wins 3 games "
        "in a row, and again on every further win of that run. From the second win in a row "
        "on, each loser also pays the winner 1 chip on every win. The second win in a row pays "
        "2 chips more from each loser (house rules “Wins in a row to take the pot”, “Every win "
        "of a run pays” and “Second win pays”).",
        ("jackpot_wins", "run_bonus", "second_win_bonus"),
    )
    every_game = TWO_HITS.with_changes({"jackpot_wins": 1})
    assert asked(every_game, question)[0].startswith(
        "Every win takes the pot (every ante in it since it was last taken), whether or not it "
        "is a run."
    )


def test_the_pot_again_and_a_burned_player_follow_the_version_2_values():
    again = "I took the pot last game. Does my next win take it again?"
    assert asked(TWO_HITS.with_changes({"jackpot_wins": 1}), again)[0] == (
        "Yes. Here every win takes whatever is in the pot then (house rule “Wins in a row to "
        "take the pot”)."
    )
    assert (
        "Here the pot comes from win 4 in a row on, and the second pays 1 chip"
        in asked(TWO_HITS.with_changes({"jackpot_wins": 4}), again)[0]
    )
    assert asked(JOKER_TABLE, "Is this player burned?")[0].endswith(
        "A burned (sunog) player pays double what the ending costs. On top of that, they pay 2 "
        "chips more, once (house rules “A burned player pays” and “A burned player pays more”)."
    )


def test_the_card_count_follows_hand_melds_count():
    assert answer("How much does a card count?").endswith(
        "Melds (bahay) kept in hand count nothing (house rules “Card values” and “Melds in hand "
        "count”)."
    )
    assert "count like any other cards" in answer(
        "How much does a card count?", hand_melds_count=True
    )


def test_the_game_seam_gives_tongits_sheet_and_answers():
    assert TONGITS.rule_sentences(TongitsRules())[0][0] == "stake"
    assert TONGITS.answers(TongitsRules())[0].question == "May I call a draw now?"
    assert TONGITS.playable_kinds(TongitsRules()) == ["tongits", "draw", "stock_out", "bisaklat"]
    assert TONGITS.asks_totals("draw", TongitsRules()) is True
    assert TONGITS.asks_totals("tongits", TongitsRules()) is False
    # Tonk's own questions (who drew last, six cards spread, waits, points) are no part of
    # the seam: Tongits has none of those capabilities, and carries state instead.
    assert not isinstance(TONGITS, Turns | Points)
    assert isinstance(TONGITS, CarriesState | CountsCards | AtTables)
    assert (isinstance(TONGITS, CarriesState), isinstance(TONGITS, CountsCards)) == (True, True)


def test_every_allowed_value_of_a_tongits_option_has_words_for_a_form():
    from referee.rules.tongits.house_rules import check_of
    from referee.rules.tongits.wording import value_in_words

    shown = {
        key: [value_in_words(key, value) for value in check_of(key).choices]
        for key in option_keys()
        if check_of(key).kind in ("choice", "flag")
    }
    assert shown == {
        "seats": ["3 players", "4 players (dealer 12 cards, the others 11)"],
        "card_values": ["Ace 1, 2 to 10 face value, J Q K 10"],
        "jackpot_wins": [
            "Every win",
            "2 wins in a row (Two Hits)",
            "3 wins in a row",
            "4 wins in a row",
            "5 wins in a row",
        ],
        "joiner_matches_pot": ["Yes", "No"],
        "burned_factor": ["The same as any loser", "Double", "Triple"],
        "play_direction": [
            "Counterclockwise (your right plays after you)",
            "Clockwise (your right plays before you)",
        ],
        "sapaw_blocks_draw": ["Yes", "No"],
        "draw_pays": ["Every loser pays the winner", "Between the caller and each other player"],
        "point_pays_on": ["Points behind the other", "Points in hand"],
        "next_dealer": ["The winner (the hitter)", "The next player in turn"],
        "hand_melds_count": ["Yes", "No"],
        "discard_take": ["Only to complete a meld", "Any time"],
        "same_turn_discard": ["Yes", "No"],
        "ace_low_only": ["Yes", "No"],
        "jokers": ["No jokers (52 cards)", "Two jokers (54 cards)"],
    }
    assert value_in_words("stake", Decimal("0.50")) == "0.50"
    assert value_in_words("unit", "₱") == "₱"
    assert [value_in_words("ante", n) for n in (0, 1, 2)] == ["0 stakes", "1 stake", "2 stakes"]


@pytest.mark.parametrize(
    ("rules", "player", "wins", "said"),
    [
        ({}, None, 0, "Nobody is on a winning run: 2 wins in a row take the pot."),
        ({}, "Ben", 1, "Ben is the hitter (the last winner), 1 win in a row: 1 more win in a "
         "row takes the pot."),
        ({"jackpot_wins": 3}, "Ben", 1, "Ben is the hitter (the last winner), 1 win in a row: "
         "2 more wins in a row take the pot."),
        ({}, "Ben", 2, "Ben is the hitter (the last winner), 2 wins in a row: every further "
         "win takes the pot."),
        ({}, "Ben", 5, "Ben is the hitter (the last winner), 5 wins in a row: every further "
         "win takes the pot."),
    ],
)  # fmt: skip
def test_the_run_says_how_many_more_wins_take_the_pot(rules, player, wins, said):
    assert run_in_words(TongitsRules.from_json(rules), player, wins) == said


def test_a_run_with_no_second_win_payment_does_not_contradict_its_run_bonus():
    question = "What does a run pay?"
    run_only = TWO_HITS.with_changes({"jackpot_wins": 3, "run_bonus": 1, "second_win_bonus": 0})
    assert asked(run_only, question)[0].endswith(
        "each loser also pays the winner 1 chip on every win. The second win in a row pays no "
        "second-win payment on top of that (house rules “Wins in a row to take the pot”, “Every "
        "win of a run pays” and “Second win pays”)."
    )
    nothing = TWO_HITS.with_changes({"jackpot_wins": 3, "second_win_bonus": 0})
    assert "The second win in a row pays nothing extra" in asked(nothing, question)[0]


@pytest.mark.parametrize(
    ("wins", "sentence"),
    [
        (3, "A second win in a row pays nothing extra (the pot comes with the third)."),
        (4, "A second win in a row pays nothing extra (the pot comes with win 4 in a row)."),
        (5, "A second win in a row pays nothing extra (the pot comes with win 5 in a row)."),
    ],
)
def test_no_second_win_payment_names_the_win_that_takes_the_pot(wins, sentence):
    rules = TWO_HITS.with_changes({"jackpot_wins": wins, "second_win_bonus": 0})
    assert SENTENCES["second_win_bonus"](rules) == sentence


def test_with_the_pot_every_game_the_hitter_line_says_any_win_takes_it():
    every_game = TWO_HITS.with_changes({"jackpot_wins": 1})
    assert run_in_words(every_game, "Ben", 1) == (
        "Ben is the hitter (the last winner), 1 win in a row: every win takes the pot, "
        "whoever wins."
    )
