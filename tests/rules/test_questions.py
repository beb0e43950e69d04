"""The table-talk questions: the same questions at every table, answered from its rules."""

import re
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.runs import card_of
from referee.rules.tonk import PRESETS, HouseRules, option_keys
from referee.rules.tonk.house_rules import TABLE_TALK, check_of, option_group
from referee.rules.tonk.questions import answers
from referee.rules.tonk.spreads import rule_on_spread
from referee.rules.tonk.wording import option_label
from tests.rules.test_house_rules import RULE_VALUES
from tests.scoring.test_properties import rule_changes

QUESTIONS = [
    "May I drop after drawing?",
    "Can I take the discard and throw it straight back?",
    "May I take the card under the top discard?",
    "What does a caught drop cost me here?",
    "What wins when two players tonk on the deal?",
    "What is a tonk on the deal worth?",
    "May I drop right after laying down a spread?",
    "May I drop when my spread has just been hit?",
    "Must I lay down a spread I am holding?",
    "Is A-K-Q a run?",
    "May I take a discard out of turn?",
    "Who starts the discard pile?",
    "What does going out pay?",
]
YES_OR_NO = {q for q in QUESTIONS if q.split()[0] in ("May", "Can", "Must", "Is")}

CLASSIC = PRESETS["classic"]
# Every preset, each in points too, and tables that reach the answers' other branches.
TABLES = {
    **PRESETS,
    **{
        f"{name} in points": rules.with_changes({"scoring": "points"})
        for name, rules in PRESETS.items()
    },
    "no tie catch": CLASSIC.with_changes({"caught_on_tie": False, "drop_win_pays": 3}),
    "ties unpaid": CLASSIC.with_changes({"caught_pays_tied": "none"}),
    "ties unpaid, bonus from all": CLASSIC.with_changes(
        {"caught_pays_tied": "none", "caught_bonus_from": "all"}
    ),
    "tie for the lowest paid": CLASSIC.with_changes({"caught_pays_tied": "lowest"}),
    "no tie catch, lowest tie paid": CLASSIC.with_changes(
        {"caught_on_tie": False, "caught_pays_tied": "lowest"}
    ),
    "no tonk on the deal": CLASSIC.with_changes({"deal_tonks": []}),
    "three cards": CLASSIC.with_changes({"hand_size": 3}),
    "waits": CLASSIC.with_changes(
        {"wait_after_spread": 3, "wait_after_hit": 1, "hit_blocks_laydown": True}
    ),
    "loose talk": CLASSIC.with_changes(
        {
            "drop_when": "any_time",
            "same_turn_discard": True,
            "must_spread": True,
            "slapping": True,
            "first_discard": "first_player",
            "hit_blocks_laydown": True,
        }
    ),
    "six cards": CLASSIC.with_changes({"tonk_out_six_pays": 3, "double_double_pays": 4}),
    "six needed": CLASSIC.with_changes({"tonk_out_needs_six": True}),
    "six needed and paid": CLASSIC.with_changes(
        {"tonk_out_needs_six": True, "tonk_out_six_pays": 3, "scoring": "chips"}
    ),
    "six needed in points": CLASSIC.with_changes(
        {"tonk_out_needs_six": True, "scoring": "points", "double_double_pays": 4}
    ),
    "high clash": CLASSIC.with_changes({"deal_tonk_clash": "high_beats_low"}),
    # Version 2.1: caught_pays_to and deal_tonk_clash "pay_all".
    "only the lowest paid": CLASSIC.with_changes({"caught_pays_to": "lowest"}),
    "only the lowest paid, ties unpaid": CLASSIC.with_changes(
        {"caught_pays_to": "lowest", "caught_pays_tied": "none"}
    ),
    "only the lowest paid, no tie catch": CLASSIC.with_changes(
        {"caught_pays_to": "lowest", "caught_on_tie": False}
    ),
    "every tonk paid": CLASSIC.with_changes({"deal_tonk_clash": "pay_all"}),
    "every tonk paid in points": CLASSIC.with_changes(
        {"deal_tonk_clash": "pay_all", "scoring": "points"}
    ),
    "dollars": CLASSIC.with_changes({"stake": Decimal("0.25"), "unit": "$"}),
}

# Band lists that differ in their totals; what a change of pays alone does is checked by hand,
# since pays go unused in points (2.7) and when no band can be dealt.
BANDS = [
    [],
    [{"min": 50, "max": 50, "pays": 2}],
    [{"min": 40, "max": 50, "pays": 2}],
    [{"min": 0, "max": 15, "pays": 3}, {"min": 49, "max": 50, "pays": 2}],
    [{"min": 0, "max": 9, "pays": 3}, {"min": 0, "max": 13, "pays": 2}],
]


def covered(bands):
    """The dealt totals that are a tonk: all a band list means when pays are unused."""
    return {total for band in bands for total in range(band["min"], band["max"] + 1)}


def other_values(rules, key):
    """The allowed values of an option other than the one these rules hold (JSON shaped)."""
    current = rules.to_json()[key]
    if key == "deal_tonks":
        return [bands for bands in BANDS if covered(bands) != covered(current)]
    if key == "stake":
        values = [Decimal("0.25"), Decimal("7.50"), Decimal(1)]
    elif key == "unit":
        values = ["$", "pts", "chips"]
    else:
        check = check_of(key)
        if check.kind in ("choice", "flag"):
            values = list(check.choices)
        else:
            assert check.kind == "whole", key
            middle = (check.low + check.high) // 2
            values = [check.low, middle, check.high] + ([None] if check.optional else [])
    return [value for value in values if value != current]


def answer_to(rules, question):
    return next(a for a in answers(rules) if a.question == question)


def cited(text):
    """The rules named by an answer's closing '(house rules “A”, “B” and “C”).'."""
    found = re.search(r"\(house rules? ((?:“[^”]+”(?:, | and )?)+)\)\.$", text)
    assert found, text
    return re.findall(r"“([^”]+)”", found.group(1))


def assert_well_formed(rules):
    replies = answers(rules)
    assert [a.question for a in replies] == QUESTIONS
    for a in replies:
        assert a.options and set(a.options) <= set(option_keys()), a
        assert len(set(a.options)) == len(a.options), a
        # Cited by the names the rules sheet gives them; the keys are the answer's data.
        assert cited(a.answer) == [option_label(key) for key in a.options], a
        assert a.answer[0].isupper() and "_" not in a.answer.split(" (house rule")[0], a
        if a.question in YES_OR_NO:
            assert a.answer.startswith(("Yes. ", "No. ")), a


# Every answer changes when an option it cites changes


@pytest.mark.parametrize("name", TABLES)
def test_every_answer_changes_when_an_option_it_cites_changes(name):
    rules = TABLES[name]
    for before in answers(rules):
        for key in before.options:
            others = other_values(rules, key)
            assert others, (name, key)
            for value in others:
                after = answer_to(rules.with_changes({key: value}), before.question)
                assert after.answer != before.answer, (name, key, value, before.answer)


def test_every_table_talk_option_is_cited_by_some_preset():
    used = {key for rules in PRESETS.values() for a in answers(rules) for key in a.options}
    table_talk = {key for key in option_keys() if option_group(key) == TABLE_TALK}
    # hits_stack counts only with wait_after_hit or hit_blocks_laydown, which no preset
    # sets; the table with waits cites it.
    assert table_talk - {"hits_stack"} <= used, table_talk - used
    assert "hits_stack" in {key for a in answers(TABLES["waits"]) for key in a.options}


@pytest.mark.parametrize("name", TABLES)
def test_the_same_questions_in_order_and_answers_that_cite_as_the_sheet(name):
    assert_well_formed(TABLES[name])


@pytest.mark.parametrize("name", PRESETS)
def test_preset_answers_are_short(name):
    for a in answers(PRESETS[name]):
        body = re.sub(r"^(Yes|No)\. ", "", a.answer)
        assert body.count(". ") <= 1, a.answer


# Hand-checked answers


def test_classic_drop_and_discard_answers():
    assert answer_to(CLASSIC, QUESTIONS[0]).answer.startswith("No. ")
    assert "before you draw" in answer_to(CLASSIC, QUESTIONS[0]).answer
    assert answer_to(CLASSIC, QUESTIONS[1]).answer.startswith("No. ")
    assert answer_to(CLASSIC, QUESTIONS[2]).answer.startswith("No. ")
    loose = TABLES["loose talk"]
    assert answer_to(loose, QUESTIONS[0]).answer.startswith("Yes. ")
    assert answer_to(loose, QUESTIONS[1]).answer.startswith("Yes. ")


def test_street_may_take_the_card_under_the_top():
    street = answer_to(PRESETS["street"], QUESTIONS[2])
    assert street.answer.startswith("Yes. ") and "the card under it" in street.answer
    assert street.options == ("discard_take",)


def test_a_caught_drop_in_chips():
    classic = answer_to(CLASSIC, QUESTIONS[3])
    assert classic.answer.startswith(
        "You pay 2 chips to each player whose total is lower than or equal to yours;"
    )
    assert "1 chip from everyone but you, unless that lowest total is shared" in classic.answer
    assert classic.options[:5] == (
        "caught_pays",
        "caught_on_tie",
        "caught_pays_tied",
        "caught_bonus_from",
        "caught_bonus_tie",
    )

    # Version 2: street pays a tie only when it is the lowest (000); then the one who tied is
    # the lowest of the others, and collects the bonus too.
    street = answer_to(PRESETS["street"], QUESTIONS[3])
    assert street.answer == (
        "You pay 1 chip to each player whose total is lower than yours, or equal to it when "
        "nobody's is lower; the lowest of the others also collects 1 chip from everyone, you "
        "too, and if that lowest total is shared, each of them collects it (house rules "
        "“Caught dropper pays”, “Caught on a tie”, “Caught dropper pays who tied”, "
        "“Lowest after a catch collects from”, “Shared lowest after a catch”, “Stake” and "
        "“Unit”)."
    )

    # Version 2: black-company pays only lower totals (002), and a tie for the lowest wins.
    black = answer_to(PRESETS["black-company"], QUESTIONS[3])
    assert black.answer == (
        "You pay 2 chips to each player whose total is lower than yours; there is no bonus. "
        "A tie alone is no catch: you win, and everyone pays you 1 chip (house rules "
        "“Caught dropper pays”, “Caught on a tie”, “Lowest after a catch collects from”, "
        "“Winning drop pays”, “Stake” and “Unit”)."
    )
    assert "or equal" not in black.answer
    assert "caught_bonus_tie" not in black.options  # no bonus, so a shared lowest changes nothing
    # Without caught_on_tie, "lowest" and "none" both leave every tie unpaid: not cited.
    assert "caught_pays_tied" not in black.options


def test_a_caught_drop_when_ties_are_not_paid():
    unpaid = answer_to(TABLES["ties unpaid"], QUESTIONS[3]).answer
    assert unpaid.startswith("You pay 2 chips to each player whose total is lower than yours;")
    assert unpaid.endswith(
        "If you only tie the lowest, you are still caught, and you pay nobody (house rules "
        "“Caught dropper pays”, “Caught on a tie”, “Caught dropper pays who tied”, "
        "“Lowest after a catch collects from”, “Shared lowest after a catch”, “Stake” and "
        "“Unit”)."
    )
    from_all = answer_to(TABLES["ties unpaid, bonus from all"], QUESTIONS[3]).answer
    assert "If you only tie the lowest, you are still caught, and you pay only the bonus" in (
        from_all
    )
    lowest = answer_to(TABLES["no tie catch, lowest tie paid"], QUESTIONS[3]).answer
    assert "whose total is lower than yours;" in lowest and "or equal" not in lowest


def test_without_a_tie_catch_a_tie_wins_the_drop():
    rules = TABLES["no tie catch"].with_changes({"stake": Decimal("0.25")})
    caught = answer_to(rules, QUESTIONS[3])
    # Version 2 (2.5 step 1): caught_pays_tied "all" still pays a tie above the lowest.
    assert "total is lower than or equal to yours;" in caught.answer
    assert "caught_pays_tied" in caught.options
    assert "A tie alone is no catch: you win, and everyone pays you 0.75 chips" in caught.answer
    assert "0.50 chips to each player" in caught.answer
    assert "drop_win_pays" in caught.options
    assert "drop_win_pays" not in answer_to(CLASSIC, QUESTIONS[3]).options


def test_a_caught_drop_in_points_names_no_chips():
    caught = answer_to(TABLES["classic in points"], QUESTIONS[3])
    assert caught.options == ("scoring", "caught_pays", "caught_on_tie")
    assert "doubled" in caught.answer and "chip" not in caught.answer.replace("No chips", "")
    single = answer_to(CLASSIC.with_changes({"scoring": "points", "caught_pays": 1}), QUESTIONS[3])
    assert "doubled" not in single.answer


def test_two_tonks_on_the_deal():
    assert "draw" in answer_to(CLASSIC, QUESTIONS[4]).answer
    street = answer_to(PRESETS["street"], QUESTIONS[4]).answer
    assert street.index("a low tonk") < street.index("beats a high tonk")
    high = answer_to(TABLES["high clash"], QUESTIONS[4]).answer
    assert high.index("a high tonk") < high.index("beats a low tonk")
    off = answer_to(TABLES["no tonk on the deal"], QUESTIONS[4])
    assert "not played" in off.answer and off.options == ("deal_tonks",)


def test_what_a_tonk_on_the_deal_is_worth():
    classic = answer_to(CLASSIC, QUESTIONS[5])
    assert "49 or 50" in classic.answer and "2 chips" in classic.answer
    assert "5 cards" in classic.answer
    seattle = answer_to(PRESETS["seattle"], QUESTIONS[5]).answer
    assert "15 or less" in seattle and "7 cards" in seattle
    triple = CLASSIC.with_changes({"deal_tonks": [{"min": 49, "max": 50, "pays": 3}]})
    assert "everyone pays you 3 chips" in answer_to(triple, QUESTIONS[5]).answer
    points = answer_to(TABLES["classic in points"], QUESTIONS[5])
    assert "doubled" in points.answer and "stake" not in points.options
    off = answer_to(TABLES["no tonk on the deal"], QUESTIONS[5])
    assert off.answer.startswith("Nothing.") and off.options == ("deal_tonks",)
    # Three cards make at most 30: the classic tonk of 49 or 50 can never be dealt.
    three = answer_to(TABLES["three cards"], QUESTIONS[5])
    assert "3 cards of a 52-card deck never add up to 49 or 50" in three.answer


def test_dropping_after_a_spread_or_a_hit():
    assert answer_to(CLASSIC, QUESTIONS[6]).answer.startswith("Yes. ")
    assert "next turn" in answer_to(CLASSIC, QUESTIONS[6]).answer
    assert "same turn" in answer_to(TABLES["loose talk"], QUESTIONS[6]).answer
    waits = TABLES["waits"]
    spread = answer_to(waits, QUESTIONS[6])
    assert spread.answer.startswith("No. ") and "3 turns" in spread.answer
    assert spread.options == ("wait_after_spread",)
    hit = answer_to(waits, QUESTIONS[7])
    # The turns after the hit's turn (house-rules 2.9), and hits before it count once.
    assert hit.answer == (
        "No. You may not drop on your next turn after the hit, and you may not lay down a "
        "spread on your next turn; more hits before your next turn count once (house rules "
        "“Wait after being hit”, “Being hit blocks your next lay-down” and “Each further hit "
        "adds its own turns”)."
    )
    stacked = answer_to(waits.with_changes({"hits_stack": True}), QUESTIONS[7])
    assert "; each further hit before your next turn adds its own turns (" in stacked.answer
    assert answer_to(CLASSIC, QUESTIONS[7]).answer.startswith("Yes. ")
    blocked = answer_to(TABLES["loose talk"], QUESTIONS[7]).answer
    assert blocked.startswith("Yes. ") and "but you may not lay down a spread" in blocked


def test_must_spread_runs_slapping_and_the_first_discard():
    assert answer_to(CLASSIC, QUESTIONS[8]).answer.startswith("No. ")
    must = answer_to(TABLES["loose talk"], QUESTIONS[8])
    assert must.answer.startswith("Yes. ") and "except on the turn after" in must.answer
    assert must.options == ("must_spread", "hit_blocks_laydown")
    must_always = answer_to(CLASSIC.with_changes({"must_spread": True}), QUESTIONS[8])
    assert must_always.options == ("must_spread",) and "except" not in must_always.answer
    assert answer_to(CLASSIC, QUESTIONS[9]).answer.startswith("No. ")
    assert answer_to(PRESETS["street"], QUESTIONS[9]).answer.startswith("Yes. ")
    assert answer_to(CLASSIC, QUESTIONS[10]).answer.startswith("No. ")
    assert answer_to(TABLES["loose talk"], QUESTIONS[10]).answer.startswith("Yes. ")
    assert answer_to(CLASSIC, QUESTIONS[11]).answer.startswith("The dealer")
    assert answer_to(TABLES["loose talk"], QUESTIONS[11]).answer.startswith("The first player")


@pytest.mark.parametrize("ace", check_of("ace").choices)
def test_the_run_answer_agrees_with_the_spread_ruling(ace):
    rules = CLASSIC.with_changes({"ace": ace})
    run = answer_to(rules, QUESTIONS[9]).answer
    a_k_q = rule_on_spread([card_of(c) for c in ("A♥", "K♥", "Q♥")], rules).allowed
    assert run.startswith("Yes. " if a_k_q else "No. ")
    assert "K-A-2 is never a run" in run
    assert not rule_on_spread([card_of(c) for c in ("K♥", "A♥", "2♥")], rules).allowed


def test_what_going_out_pays():
    classic = answer_to(CLASSIC, QUESTIONS[12])
    assert "2 chips for a tonk out" in classic.answer
    assert "1 chip for going out by discarding your last card" in classic.answer
    assert classic.options == ("tonk_out_pays", "out_pays", "stake", "unit")
    assert "1 chip for a tonk out" in answer_to(PRESETS["black-company"], QUESTIONS[12]).answer

    six = answer_to(TABLES["six cards"], QUESTIONS[12])
    assert "or 3 chips if it laid six cards as new spreads" in six.answer
    assert "whoever goes out second is paid 4 chips by everyone" in six.answer
    needed = answer_to(TABLES["six needed"], QUESTIONS[12])
    assert "1 chip for any other tonk out" in needed.answer
    # Six needed and six paid: a tonk out pays one or the other, never tonk_out_pays (2.2).
    both = answer_to(TABLES["six needed and paid"], QUESTIONS[12])
    assert "tonk_out_pays" not in both.options and "3 chips for a tonk out" in both.answer

    # Version 2 (2.7): in points the others' points count as many times as the way out pays.
    points = answer_to(TABLES["six needed in points"], QUESTIONS[12])
    assert points.options == (
        "scoring", "tonk_out_pays", "tonk_out_needs_six", "double_double_pays", "out_pays",
    )  # fmt: skip
    assert points.answer == (
        "No chips change hands here: you score 0, and the others' points left in hand count "
        "double for a tonk out (out by spreading and hitting, with no last discard) that laid "
        "six cards as new spreads in your last turn; once for any other tonk out or for going "
        "out by discarding your last card. In a double-double, whoever goes out second scores "
        "0 and the others' points count 4 times over (house rules “Scoring”, “Tonk out pays”, "
        "“Six cards spread needed to tonk out”, “Double-double pays” and “Out by discarding "
        "pays”)."
    )
    street = answer_to(TABLES["street in points"], QUESTIONS[12]).answer
    assert "count double for a tonk out" in street
    assert "or triple if it laid six cards as new spreads" in street


def test_dollars_with_cents():
    caught = answer_to(TABLES["dollars"], QUESTIONS[3]).answer
    assert "You pay 0.50 $ to each player" in caught and "0.25 $ from everyone" in caught


# Any rules at all


def _values(key):
    check = check_of(key)
    if check.kind == "whole":
        return st.integers(check.low, check.high)
    return st.sampled_from(check.choices)


table_talk = st.fixed_dictionaries(
    {}, optional={key: _values(key) for key in option_keys() if option_group(key) == TABLE_TALK}
)
any_rules = st.builds(
    lambda *changes: HouseRules.from_json({k: v for c in changes for k, v in c.items()}),
    rule_changes,
    table_talk,
    st.fixed_dictionaries({}, optional={"unit": RULE_VALUES["unit"]}),
)


@given(any_rules)
def test_any_rules_get_the_same_questions_and_real_options(rules):
    assert_well_formed(rules)


@settings(max_examples=60, deadline=None)
@given(any_rules)
def test_any_answer_changes_when_an_option_it_cites_changes(rules):
    for before in answers(rules):
        for key in before.options:
            for value in other_values(rules, key):
                after = answer_to(rules.with_changes({key: value}), before.question)
                assert after.answer != before.answer, (key, value, before.answer)
