"""The one error the referee raises: a refusal a player at the table can read."""

import re

from referee.rules.said import NumberWords, Translator, english_digits, in_words

# The key a message may begin with, as the core names fields: `totals: `, `rules.deck: `,
# `players[2]: `, or a house rule's `House rule stake: `. The API and `referee settle` keep
# it (their callers need the field named); the pages show the words after it, beside the field.
_KEY_PREFIX = re.compile(r"(?:House rule )?[a-z0-9_.\[\]]+: ")


class Refusal(ValueError):
    """A request that breaks a house rule or cannot be, explained in plain words.

    `field` and `player` say where the problem is, so a form can show the message
    next to the field it concerns instead of at the top of the page. The message is a
    `Said` (rules/said.py): English as a `str`, and in any language through `words_in`.
    """

    def __init__(self, message: str, *, field: str | None = None, player: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.player = player

    @property
    def words(self) -> str:
        """The message as a page shows it: without the leading `key: ` that names the field."""
        return without_key(self.message)

    def words_in(self, translator: Translator, numbers: NumberWords = english_digits) -> str:
        """The page's words in the translator's language, its amounts written by `numbers`;
        a key in the message stays a key (a translation keeps it, as the API's callers
        read it)."""
        return without_key(in_words(self.message, translator, numbers))


def without_key(message: str) -> str:
    """`message` without a leading key and colon: `"totals: Anna's ..."` -> `"Anna's ..."`."""
    found = _KEY_PREFIX.match(message)
    return message[found.end() :] if found else message
