"""The referee's answers, as every game gives them: the question, the answer in plain
words, and the house rules it cites by the names the game's rules sheet gives them.
"""

from collections.abc import Callable
from dataclasses import dataclass

from referee.rules.said import said, said_n, without_stop
from referee.rules.words import names_in_words


@dataclass(frozen=True)
class Answer:
    """One question, its answer in plain words, and the option keys the answer cites."""

    question: str  # e.g. "May I drop after drawing?"
    answer: str  # e.g. "No. ... (house rule “When you may drop”)."
    options: tuple[str, ...]  # the option keys this answer used, in the order cited


# What an answer is made of before it cites its rules: the text, and the option keys.
Reply = tuple[str, tuple[str, ...]]


def cited(text: str, options: tuple[str, ...], label: Callable[[str], str]) -> str:
    """The answer closed citing its rules by the names the rules sheet gives them:
    '... (house rules “Stake” and “Unit”).'; the keys stay in `Answer.options`. `label`
    names an option of the game answered."""
    labels = names_in_words([said("“{label}”", label=label(key)) for key in options])
    return said_n(
        "{answer} (house rule {labels}).",
        "{answer} (house rules {labels}).",
        len(options),
        answer=without_stop(text),
        labels=labels,
    )
