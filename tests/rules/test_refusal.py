"""A refusal's words: the message a page shows, without the key that names the field."""

import pytest

from referee.rules import Refusal


@pytest.mark.parametrize(
    ("message", "words"),
    [
        (
            "totals: Anna's total is missing; a drop needs everyone's total",
            "Anna's total is missing; a drop needs everyone's total",
        ),
        ("player: say who went out", "say who went out"),
        ("House rule stake: 0 is not allowed", "0 is not allowed"),
        ("rules.hand_size: 9 is not allowed", "9 is not allowed"),
        ("hands[0].outcome: the engine refuses hand 1", "the engine refuses hand 1"),
        ("Ben: a total of 51 cannot be", "Ben: a total of 51 cannot be"),
        ("the request is not valid JSON", "the request is not valid JSON"),
        ("totals:no space", "totals:no space"),
    ],
)
def test_words_drop_a_leading_key_and_keep_the_rest(message, words):
    refusal = Refusal(message, field="totals", player="Anna")
    assert refusal.words == words
    assert refusal.message == message  # the API and settle keep the key
    assert (refusal.field, refusal.player) == ("totals", "Anna")
