"""Words the web layer declares at import time (form labels, choices, tabs) marked for
translation, read in the language of the request that shows them (issue 22).

flask_babel's LazyString hands its text to markupsafe unescaped (its `__html__` is the
text itself), so a label such as "the caller's melds" would lose its `&#39;` in a WTForms
label or a Jinja `{{ }}`: these lazy words are escaped like any other text.
"""

from typing import Any, cast

from flask_babel import LazyString, gettext
from markupsafe import escape

from referee.web.language import words as said_now


class _EscapedLazy(LazyString):
    """A LazyString that markupsafe escapes as it escapes a str."""

    def __html__(self) -> str:
        return str(escape(str(self)))


def lazy_gettext(string: str, /, **variables: Any) -> str:
    """`string` marked for translation and translated each time it is read (so in the
    request's language), with its `%(name)s` values. Typed as the str that WTForms and the
    templates take it as: everything reads it through `str()` or `__html__`."""
    return cast(str, _EscapedLazy(gettext, string, **variables))


def lazy_said(words: str) -> str:
    """What the core says (a `Said`), worded in the language of each request that reads it:
    for a form built once per process, whose labels and choices outlive any one request."""
    return cast(str, _EscapedLazy(said_now, words))
