"""Version 2.1 in words: the rules sheet and the referee's answers for `caught_pays_to` and
`deal_tonk_clash` "pay_all"; version 2's sentences and answers stay as they were."""

from referee.rules.said import in_words
from referee.rules.tonk import PRESETS, HouseRules
from referee.rules.tonk.questions import answers
from referee.rules.tonk.wording import option_label, rule_sentences, value_in_words
from tests.rules.test_said import SHOUTING

LOWEST = HouseRules.from_json({"caught_pays_to": "lowest"})
PAY_ALL = HouseRules.from_json({"deal_tonk_clash": "pay_all"})
CAUGHT_DROP, TWO_TONKS = 3, 4  # the questions' places on the Ask page


def sentence(rules, key):
    return dict((k, s) for k, _, s in rule_sentences(rules))[key]


def in_points(rules):
    return rules.with_changes({"scoring": "points"})


# The rules sheet


def test_caught_pays_to_has_a_label_choice_words_and_a_sentence_for_each_value():
    assert option_label("caught_pays_to") == "Whom a caught dropper pays"
    assert value_in_words("caught_pays_to", "beaten") == "Everyone who beat the dropper"
    assert value_in_words("caught_pays_to", "lowest") == "Only the lowest player"
    assert sentence(HouseRules(), "caught_pays_to") == (
        "If you are caught, you pay every player whose total beat yours, not only the lowest."
    )
    assert sentence(LOWEST, "caught_pays_to") == (
        "If you are caught, you pay only the lowest of the other players (each of them if that "
        "lowest total is shared), not everyone whose total beat yours."
    )
    # 2.5: in points it changes nothing, and the sheet says so for either value.
    for rules in (HouseRules(), LOWEST):
        assert sentence(in_points(rules), "caught_pays_to") == (
            "In points it makes no difference whom a caught dropper pays: the lowest of the "
            "others scores 0, the rest the points left in their hand."
        )


def test_paying_only_the_lowest_rewords_whom_the_dropper_pays_and_which_ties():
    assert sentence(LOWEST, "caught_pays") == (
        "If you drop and are caught, you pay 2 chips to each player whose total is the lowest "
        "among the other players."
    )
    # Paying only the lowest, "all" pays a tie only when it is the lowest, as "lowest" does.
    assert sentence(LOWEST, "caught_pays_tied") == (
        "If you are caught, a player whose total ties yours is paid only when nobody's total "
        "is lower: when you tied the lowest."
    )
    unpaid = LOWEST.with_changes({"caught_pays_tied": "none"})
    assert sentence(unpaid, "caught_pays") == (
        "If you drop and are caught, you pay 2 chips to each player whose total is the lowest "
        "among the other players and lower than yours."
    )
    assert sentence(unpaid, "caught_pays_tied") == (
        "If you are caught, a player whose total only ties yours is not paid."
    )
    no_tie_catch = LOWEST.with_changes({"caught_on_tie": False})
    assert sentence(no_tie_catch, "caught_pays_tied") == (
        "If you are caught, a player whose total only ties yours is not paid: only a tie for "
        "the lowest would be, and here that is no catch."
    )


def test_version_2_sentences_are_unchanged_by_the_default():
    assert sentence(HouseRules(), "caught_pays") == (
        "If you drop and are caught, you pay 2 chips to each player whose total is lower than "
        "or equal to yours."
    )
    assert sentence(HouseRules(), "caught_pays_tied") == (
        "If you are caught, each player whose total ties yours is paid too."
    )


def test_pay_all_in_words_in_chips_and_in_points():
    assert value_in_words("deal_tonk_clash", "pay_all") == "Each tonk is paid"
    assert sentence(PAY_ALL, "deal_tonk_clash") == (
        "If two or more players tonk on the deal, every player who did not tonk pays each of "
        "them what their own tonk pays; the tonks pay each other nothing, and if everyone "
        "tonks, the hand is a draw."
    )
    assert sentence(in_points(PAY_ALL), "deal_tonk_clash") == (
        "If two or more players tonk on the deal, each of them scores 0 and every player who "
        "did not tonk scores the points left in their hand times the sum of what the tonks "
        "pay; if everyone tonks, the hand is a draw."
    )


def test_no_preset_differs_in_the_new_options():
    for rules in PRESETS.values():
        assert rules.caught_pays_to == "beaten"
        assert rules.deal_tonk_clash != "pay_all"


# The referee's answers (the Ask page)


def test_what_a_caught_drop_costs_when_only_the_lowest_is_paid():
    caught = answers(LOWEST)[CAUGHT_DROP]
    assert caught.question == "What does a caught drop cost me here?"
    assert caught.answer == (
        "You pay 2 chips to each player whose total is the lowest among the other players; the "
        "lowest of the others also collects 1 chip from everyone but you, unless that lowest "
        "total is shared (house rules “Caught dropper pays”, “Whom a caught dropper pays”, "
        "“Caught on a tie”, “Lowest after a catch collects from”, “Shared lowest after a "
        "catch”, “Stake” and “Unit”)."
    )
    # "all" and "lowest" pay alike here, so caught_pays_tied is cited only when it is "none".
    unpaid = answers(LOWEST.with_changes({"caught_pays_tied": "none"}))[CAUGHT_DROP]
    assert unpaid.answer.startswith(
        "You pay 2 chips to each player whose total is the lowest among the other players and "
        "lower than yours;"
    )
    assert "If you only tie the lowest, you are still caught, and you pay nobody" in unpaid.answer
    assert unpaid.options[:4] == (
        "caught_pays", "caught_pays_to", "caught_on_tie", "caught_pays_tied",
    )  # fmt: skip


def test_the_default_answer_is_version_2s_and_points_cite_no_caught_pays_to():
    assert answers(HouseRules())[CAUGHT_DROP].answer.startswith(
        "You pay 2 chips to each player whose total is lower than or equal to yours;"
    )
    assert "caught_pays_to" not in answers(HouseRules())[CAUGHT_DROP].options
    points = answers(in_points(LOWEST))[CAUGHT_DROP]
    assert points.options == ("scoring", "caught_pays", "caught_on_tie")


def test_who_wins_when_two_tonk_on_the_deal_and_every_tonk_is_paid():
    chips = answers(PAY_ALL)[TWO_TONKS]
    assert chips.question == "What wins when two players tonk on the deal?"
    assert chips.answer == (
        "Every one of them: each player who did not tonk pays each of them what their own tonk "
        "pays, and the tonks pay each other nothing; if everyone tonked, the hand is a draw "
        "(house rules “When two tonk on the deal” and “Scoring”)."
    )
    points = answers(in_points(PAY_ALL))[TWO_TONKS]
    assert points.answer == (
        "Every one of them: they score 0, and each player who did not tonk scores the points "
        "left in their hand times the sum of what the tonks pay; if everyone tonked, the hand "
        "is a draw (house rules “When two tonk on the deal” and “Scoring”)."
    )


def test_the_new_words_are_said_wholly_through_the_translator():
    # The unit is the table's own word, kept as typed: "$" has no letters to shout.
    for rules in (LOWEST, PAY_ALL, LOWEST.with_changes({"caught_pays_tied": "none"})):
        dollars = rules.with_changes({"unit": "$"})
        for told in (dollars, in_points(dollars)):
            for key, _group, text in rule_sentences(told):
                assert text.render(SHOUTING) == text.upper(), key
            for answer in answers(told):
                assert in_words(answer.answer, SHOUTING) == answer.answer.upper()
