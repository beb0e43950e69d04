"""The core's words are messages a shell can say in any language (rules/said.py)."""

import ast
import copy
import gettext
import importlib
import pickle
import pkgutil
import re
from decimal import Decimal
from pathlib import Path

import pytest

import referee.games
import referee.rules
import referee.scoring
from referee.rules.refusal import Refusal
from referee.rules.runs import card_of
from referee.rules.said import Number, Said, in_words, said, said_n, sentences, without_stop
from referee.rules.table_unit import check_unit_kept
from referee.rules.tongits.presets import PRESETS as TONGITS_PRESETS
from referee.rules.tongits.questions import answers as tongits_answers
from referee.rules.tongits.rulings import count_hand, may_fight, rule_on_meld, rule_on_sapaw
from referee.rules.tongits.wording import rule_sentences as tongits_sentences
from referee.rules.tongits.wording import run_in_words
from referee.rules.tonk.presets import PRESETS
from referee.rules.tonk.questions import answers
from referee.rules.tonk.spreads import count_hand as tonk_count
from referee.rules.tonk.spreads import rule_on_hit
from referee.rules.tonk.wording import rule_sentences
from referee.rules.words import amount_in_words, count_words, names_in_words, number_in_words
from tests.conftest import MUTATION_RUN

ENGLISH = gettext.NullTranslations()
PLACEHOLDER = re.compile(r"(\{[a-z_]+\})")


class Shouting:
    """A fake language: every template upper-cased, its placeholders kept. A sentence
    rendered through it is all capitals only if every word of it came from a template."""

    def gettext(self, message: str) -> str:
        return "".join(
            part if PLACEHOLDER.fullmatch(part) else part.upper()
            for part in PLACEHOLDER.split(message)
        )

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)


class Reversed:
    """A fake language with another word order: a template's words said backwards."""

    def gettext(self, message: str) -> str:
        return " ".join(reversed(message.split(" ")))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)


SHOUTING = Shouting()


# What a message is


def test_a_message_is_its_english_sentence_and_keeps_its_template():
    dropped = said("{player} dropped on {total} and was caught", player="Ben", total=10)
    assert dropped == "Ben dropped on 10 and was caught"
    assert isinstance(dropped, str)
    assert dropped.template == "{player} dropped on {total} and was caught"
    assert dict(dropped.values) == {"player": "Ben", "total": 10}
    assert dropped.render(ENGLISH) == "Ben dropped on 10 and was caught"


def test_a_message_copied_or_pickled_keeps_its_template_and_values():
    turns = without_stop(said_n("{count} turn.", "{count} turns.", 3))
    for again in (copy.deepcopy(turns), pickle.loads(pickle.dumps(turns))):
        assert again == "3 turns"
        assert (again.template, again.plural, again.number) == (
            "{count} turn.",
            "{count} turns.",
            3,
        )
        assert again.render(SHOUTING) == "3 TURNS"
    owed = amount_in_words(Decimal("0.5"), "chips")
    for again in (copy.deepcopy(owed), pickle.loads(pickle.dumps(owed))):
        assert (again, again.render(ENGLISH, marked)) == ("0.50 chips", "<Decimal('0.5')> chips")


def test_a_translation_may_reorder_the_values():
    dropped = said("{player} dropped on {total} and was caught", player="Ben", total=10)
    assert dropped.render(Reversed()) == "caught was and 10 on dropped Ben"


def test_the_plural_form_is_chosen_by_the_count_in_every_language():
    assert said_n("{count} turn", "{count} turns", 1) == "1 turn"
    assert said_n("{count} turn", "{count} turns", 3) == "3 turns"
    assert said_n("{count} turn", "{count} turns", 3).render(SHOUTING) == "3 TURNS"
    assert count_words(1, "hand") == "1 hand"
    assert count_words(2, "hand").render(SHOUTING) == "2 HANDS"


def test_a_value_that_needs_words_is_translated_inside_its_sentence():
    names = names_in_words(["Anna", "Ben", "Carla"])
    assert names == "Anna, Ben and Carla"
    assert names.render(SHOUTING) == "Anna, Ben AND Carla"
    owed = said("{player} owes {amount}", player="Ben", amount=amount_in_words(1, "chips"))
    assert owed == "Ben owes 1 chip"
    assert owed.render(SHOUTING) == "Ben OWES 1 chip"


def marked(amount: Decimal) -> str:
    """A fake language's way to write an amount: the Decimal itself, as handed over."""
    return f"<{amount!r}>"


def test_an_amount_is_said_in_english_and_keeps_the_exact_decimal_it_means():
    owed = said(
        "{player} owes {amount}", player="Ben", amount=amount_in_words(Decimal("1250.5"), "₱")
    )
    assert owed == "Ben owes 1,250.50 ₱"
    assert owed.render(ENGLISH) == "Ben owes 1,250.50 ₱"
    assert owed.render(SHOUTING, marked) == "Ben OWES <Decimal('1250.5')> ₱"
    stake = number_in_words(Decimal(1250))
    assert (stake, stake.amount, type(stake)) == ("1,250", Decimal(1250), Number)
    assert in_words(stake, SHOUTING, marked) == "<Decimal('1250')>"
    assert in_words(stake, SHOUTING) == "1,250"


def test_a_refusal_writes_its_amounts_as_the_shell_asks():
    refusal = Refusal(
        said("{field}: {stake} is too much", field="stake", stake=number_in_words(Decimal("0.5")))
    )
    assert refusal.words == "0.50 is too much"
    assert refusal.words_in(SHOUTING, marked) == "<Decimal('0.5')> IS TOO MUCH"


def test_sentences_said_together_and_a_clause_without_its_stop():
    told = sentences(said("Yes."), said("You may drop."))
    assert told == "Yes. You may drop."
    assert in_words(told, SHOUTING) == "YES. YOU MAY DROP."
    assert without_stop(said("You may drop.")) == "You may drop"
    assert without_stop(said("You may drop.")).render(SHOUTING) == "YOU MAY DROP"
    assert without_stop("plain.") == "plain"


# Proof that adding a language touches no rule: what the core says, wholly translated


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("scoring", ["chips", "points"])
def test_a_tonk_rules_sheet_is_said_wholly_through_the_translator(preset, scoring):
    rules = PRESETS[preset].with_changes({"unit": "$", "scoring": scoring})
    for key, _group, sentence in rule_sentences(rules):
        assert isinstance(sentence, Said), key
        assert sentence.render(SHOUTING) == sentence.upper(), key
        assert sentence.render(ENGLISH) == sentence, key


@pytest.mark.parametrize("preset", sorted(TONGITS_PRESETS))
def test_a_tongits_rules_sheet_is_said_wholly_through_the_translator(preset):
    rules = TONGITS_PRESETS[preset].with_changes({"unit": "₱"})
    for key, _group, sentence in tongits_sentences(rules):
        assert sentence.render(SHOUTING) == sentence.upper(), key
    assert run_in_words(rules, "ANNA", 1).render(SHOUTING) == (
        run_in_words(rules, "ANNA", 1).upper()
    )


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("scoring", ["chips", "points"])
def test_the_referees_tonk_answers_are_said_wholly_through_the_translator(preset, scoring):
    rules = PRESETS[preset].with_changes({"unit": "$", "scoring": scoring})
    for answer in answers(rules):
        assert in_words(answer.question, SHOUTING) == answer.question.upper()
        assert in_words(answer.answer, SHOUTING) == answer.answer.upper(), answer.question


@pytest.mark.parametrize("preset", sorted(TONGITS_PRESETS))
@pytest.mark.parametrize("direction", ["clockwise", "counterclockwise"])
def test_the_referees_tongits_answers_are_said_wholly_through_the_translator(preset, direction):
    rules = TONGITS_PRESETS[preset].with_changes({"unit": "₱", "play_direction": direction})
    for answer in tongits_answers(rules):
        assert in_words(answer.question, SHOUTING) == answer.question.upper()
        assert in_words(answer.answer, SHOUTING) == answer.answer.upper(), answer.question


def test_a_cited_answer_is_said_through_the_translator_values_kept():
    caught = answers(PRESETS["classic"])[3]
    assert caught.answer == (
        "You pay 2 chips to each player whose total is lower than or equal to yours; the "
        "lowest of the others also collects 1 chip from everyone but you, unless that lowest "
        "total is shared (house rules “Caught dropper pays”, “Caught on a tie”, “Caught "
        "dropper pays who tied”, “Lowest after a catch collects from”, “Shared lowest after a "
        "catch”, “Stake” and “Unit”)."
    )
    assert caught.answer.render(SHOUTING) == (
        "YOU PAY 2 chips TO EACH PLAYER WHOSE TOTAL IS LOWER THAN OR EQUAL TO YOURS; THE "
        "LOWEST OF THE OTHERS ALSO COLLECTS 1 chip FROM EVERYONE BUT YOU, UNLESS THAT LOWEST "
        "TOTAL IS SHARED (HOUSE RULES “CAUGHT DROPPER PAYS”, “CAUGHT ON A TIE”, “CAUGHT "
        "DROPPER PAYS WHO TIED”, “LOWEST AFTER A CATCH COLLECTS FROM”, “SHARED LOWEST AFTER A "
        "CATCH”, “STAKE” AND “UNIT”)."
    )


def test_the_referees_tongits_rulings_are_said_wholly_through_the_translator():
    rules = TONGITS_PRESETS["tongits"].with_changes({"unit": "₱", "ace_low_only": False})
    run = [card_of("J♥"), card_of("Q♥"), card_of("K♥")]
    rulings = [
        rule_on_sapaw(run, card_of("A♥"), rules),
        rule_on_sapaw(run, card_of("9♥"), rules, own_meld=True),
        rule_on_meld([*run, card_of("10♥")], rules),
        may_fight(False, True, False, False, rules),
        count_hand([card_of("5♠")], rules, melds_in_hand=[run]),
    ]
    reasons = [ruling.reason for ruling in rulings[:4]] + [rulings[4][1]]
    assert reasons[0] == (
        "A♥ may be laid off (sapaw) on J♥ Q♥ K♥: it makes the run J♥ Q♥ K♥ A♥; the ace is "
        "high here, after the King (house rule “Ace low only”)."
    )
    assert reasons[0].render(SHOUTING) == (
        "A♥ MAY BE LAID OFF (SAPAW) ON J♥ Q♥ K♥: IT MAKES THE RUN J♥ Q♥ K♥ A♥; THE ACE IS "
        "HIGH HERE, AFTER THE KING (HOUSE RULE “ACE LOW ONLY”)."
    )
    for reason in reasons:
        assert reason.render(SHOUTING) == reason.upper()


def test_the_referees_tonk_rulings_are_said_wholly_through_the_translator():
    rules = PRESETS["classic"].with_changes({"unit": "$"})
    hit = rule_on_hit([card_of("Q♠"), card_of("K♠"), card_of("J♠")], card_of("A♠"), rules)
    assert hit.reason.render(SHOUTING) == (
        "A♠ MAY NOT HIT IT: Q♠ K♠ J♠ A♠ IS NOT A SPREAD HERE: THE ACE IS LOW AT THIS TABLE: IT "
        "GOES NEXT TO THE 2, NOT THE KING (HOUSE RULE “ACE IN RUNS”)."
    )
    total, words = tonk_count([card_of(c) for c in ("K♠", "K♥", "K♦", "K♣", "10♠")], rules)
    assert (total, words.render(SHOUTING)) == (50, words.upper())


def test_a_refusal_is_said_wholly_through_the_translator():
    with pytest.raises(Refusal) as refused:
        check_unit_kept("chips", "pesos")
    refusal = refused.value
    assert refusal.field == "unit"
    assert refusal.player is None
    assert refusal.words_in(SHOUTING) == (
        "THE UNIT STAYS chips: THIS TABLE HAS COUNTED IN chips SINCE ITS FIRST HAND, AND ITS "
        "TALLY ADDS EVERY HAND UP (THE STAKE CAN STILL CHANGE, FOR THE HANDS TO COME). TO PLAY "
        "IN pesos, START A NEW TABLE FROM THE HOME PAGE AND SET ITS UNIT TO pesos BEFORE ITS "
        "FIRST HAND."
    )
    assert refusal.words_in(ENGLISH) == refusal.words


# No unmarked English creeps back into the core

# Modules whose sentences are not yet messages; each must still hold one (so the list
# shrinks as they are done), and every other module of the core holds none.
NOT_YET_MESSAGES = {
    "referee/rules/shapes.py",
    "referee/rules/tongits/state.py",
}
ROOT = Path(referee.rules.__file__).parents[2]
MARKERS = {"said": 1, "said_n": 2}  # the keywords of babel.cfg, with their message arguments
# A programmer's error, never shown to a player: its words need no translation.
PROGRAMMERS_ERRORS = {"TypeError", "ValueError", "KeyError", "AssertionError", "RuntimeError"}
# Not words either: a pattern (re.compile) and a type named in a string (cast, TypeVar).
# pydantic's own message for an error (PydanticCustomError) is reworded by the game.
NOT_WORDS = PROGRAMMERS_ERRORS | {"compile", "cast", "TypeVar", "PydanticCustomError"}
# Two words, one capitalised word ("Yes"), or a word to glue between two others (" and ");
# in an f-string, any word beside a space. A lone lowercase word may be a key ("drop").
ENGLISH_WORDS = re.compile(
    r"[A-Za-z]+[^\w\s]* +[^\w\s]*[A-Za-z]{2,}|^[A-Z][a-z]+\b|^\s+[a-z]{2,}|[a-z]{2,}\s+$"
)
WORDS_AROUND_VALUES = re.compile(r"[A-Za-z]{2,}.*\s|\s.*[A-Za-z]{2,}")


# A payment's `why` is a code that the API, the table file and the CSV keep in English
# (issue 22, item 6); a page words it. Codes, written where a settlement pays them:
WHY_CODES = {
    "referee/scoring/tonk/settle.py": {
        "tonk on the deal",
        "tonk out with six cards spread",
        "out without six cards spread",
        "tonk out",
        "drop won",
        "lowest after a catch",
        "lowest when the stock ran out",
    },
    "referee/scoring/tongits/endings.py": {
        "lost the fight",
        "lowest count",
        "points behind",
        "points in hand",
        "f'{why}, burned'",
    },
    "referee/scoring/tongits/ledger.py": {"second win"},
    "referee/scoring/tongits/settle.py": {"second win"},
}


def _core_modules() -> list[Path]:
    found = []
    for package in (referee.rules, referee.scoring, referee.games):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            found.append(Path(module.__file__).relative_to(ROOT))
    return sorted(found)


def _name(call: ast.Call) -> str:
    return getattr(call.func, "id", getattr(call.func, "attr", ""))


def unmarked_words(source: str, codes: frozenset[str] = frozenset()) -> list[str]:
    """The player-facing literals of `source` that no marker holds: plain strings with
    English words, f-strings, and Refusals raised with anything but a message; `codes` are
    literals (an f-string as written) that are codes, not words."""
    tree = ast.parse(source)
    allowed: set[int] = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            allowed.add(id(node.value))  # a docstring, of a module, a class or a name
        if isinstance(node, ast.Dict):  # keys are machine words: a why code, a kind, a word
            allowed.update(id(key) for key in node.keys if key is not None)
        if isinstance(node, ast.Compare):  # a value compared with is a tag: kind == "drop"
            allowed.update(id(part) for part in node.comparators)
            allowed.update(id(part) for c in node.comparators for part in ast.walk(c))
        if isinstance(node, ast.Subscript):  # a key, or a Literal type's tags
            allowed.update(id(part) for part in ast.walk(node.slice))
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "__all__":
            allowed.update(id(part) for part in ast.walk(node.value))  # names, not words
        for annotation in (getattr(node, "annotation", None), getattr(node, "returns", None)):
            if annotation is not None:
                allowed.update(id(part) for part in ast.walk(annotation))
        if not isinstance(node, ast.Call):
            continue
        name = _name(node)
        for keyword in node.keywords:  # a schema's description documents the API
            if keyword.arg == "description":
                allowed.update(id(part) for part in ast.walk(keyword.value))
        if name in MARKERS:
            allowed.update(id(arg) for arg in node.args[: MARKERS[name]])
        elif name in NOT_WORDS:
            allowed.update(id(part) for arg in node.args for part in ast.walk(arg))
        elif (
            name == "Refusal"
            and node.args
            and isinstance(node.args[0], ast.Constant | ast.JoinedStr | ast.BinOp)
        ):
            found.append(f"line {node.lineno}: a Refusal of plain words")
    # A tag of a Literal type (Literal["Secret", ...]) is a name wherever it is written.
    tags = {
        part.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Subscript) and getattr(node.value, "id", "") == "Literal"
        for part in ast.walk(node.slice)
        if isinstance(part, ast.Constant)
    }
    for node in ast.walk(tree):
        if id(node) in allowed or (isinstance(node, ast.Constant) and node.value in tags):
            continue
        if isinstance(node, ast.Constant) and node.value in codes:
            continue
        if isinstance(node, ast.JoinedStr) and ast.unparse(node) in codes:
            allowed.update(id(part) for part in node.values)
            continue
        if isinstance(node, ast.JoinedStr):
            parts = [part for part in node.values if isinstance(part, ast.Constant)]
            allowed.update(id(part) for part in parts)  # the f-string is judged whole
            if any(WORDS_AROUND_VALUES.search(part.value) for part in parts):
                found.append(f"line {node.lineno}: an f-string of words")
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and ENGLISH_WORDS.search(node.value)
        ):
            found.append(f"line {node.lineno}: {node.value!r}")
    return sorted(set(found))


def test_the_checker_finds_unmarked_words():
    assert unmarked_words('x = said("{a} dropped", a=1)\n') == []
    assert unmarked_words('"""Why."""\nx = said_n("a turn", "{count} turns", 2)\n') == []
    assert unmarked_words('x = "You may drop."\n') == ["line 1: 'You may drop.'"]
    assert unmarked_words('x = "Yes"\n') == ["line 1: 'Yes'"]
    assert unmarked_words('x = a + " and " + b\n') == ["line 1: ' and '"]
    assert unmarked_words('x = f"{a} dropped"\n') == ["line 1: an f-string of words"]
    assert unmarked_words('raise Refusal(f"{a}: no", field="a")\n') == [
        "line 1: a Refusal of plain words",
        "line 1: an f-string of words",
    ]
    assert unmarked_words('raise TypeError(f"give a Decimal, not {t}")\n') == []
    assert unmarked_words('kind = "drop"\nif x == "low_beats_high": pass\n') == []
    assert unmarked_words('WHY = {"lost the fight": said("fought and lost")}\n') == []
    assert unmarked_words('S = Literal["Secret"]\nr = Ruling(True, said("Yes."), "Secret")\n') == []
    assert unmarked_words('WHY = {"lost the fight": "fought and lost"}\n') == [
        "line 1: 'fought and lost'"
    ]


# Under `make mutation` the core's files hold mutmut's trampolines beside our code, with
# words of mutmut's own: the walk reads the source as written, which the other runs check.
@pytest.mark.skipif(MUTATION_RUN, reason="the mutation run's copy of the core is mutmut's")
@pytest.mark.parametrize("path", _core_modules(), ids=str)
def test_every_sentence_of_the_core_is_a_message(path):
    found = unmarked_words((ROOT / path).read_text(), frozenset(WHY_CODES.get(str(path), ())))
    if str(path) in NOT_YET_MESSAGES:
        assert found, f"{path} holds only messages now: take it off NOT_YET_MESSAGES"
    else:
        assert found == [], f"{path} holds words that are not messages"
