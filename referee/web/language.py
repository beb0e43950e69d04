"""The language a page speaks: English or Filipino, by Flask-Babel (catalogs in
referee/translations/, made by `make messages`, compiled by `make run` and `make test`).

The phone chooses: the switch on every page (kept a year in the `lang` cookie, by
referee/web/remembered.py) first, else the first language of its Accept-Language that the
app speaks, else English. A share link therefore opens in the language of the phone that
opens it, not the one that shared it.

What the core says is a `Said` (referee/rules/said.py): English as a `str`, worded in the
page's language wherever a template prints it (the Jinja environment's `finalize`) and
when it is flashed (the session would keep only its English). Its amounts (`Number`) are
written here too, with the language's marks (`digits`, by Babel). The JSON API, `referee
settle`, the table file and the CSV never pass through here, so they stay English.
`finalize` sees only what `{{ }}` prints: a `Said` joined to text first (`~`, `%`) has
become its English `str` by then. So a `Said` given to `_()`/`ngettext()` as a value, or
through `|capitalize`, is worded in the page's language before it goes in.
"""

from collections.abc import Callable
from decimal import Decimal
from typing import Any, cast

from babel import Locale
from babel.numbers import format_decimal
from flask import Blueprint, Flask, abort, has_request_context, request
from flask.typing import ResponseReturnValue
from flask_babel import Babel, get_locale, get_translations
from jinja2 import pass_context
from jinja2.filters import do_capitalize
from jinja2.runtime import Context

from referee.rules.refusal import Refusal
from referee.rules.said import Number, Said, in_words, places
from referee.web.remembered import remember

LANGUAGES = {"en": "English", "fil": "Filipino"}
"""Each language a page can speak, by its code (Babel's, and `<html lang>`'s), with its
name as the switch shows it: in itself, so a reader finds their own."""
DEFAULT = "en"
ALIASES = {"tl": "fil"}
"""A phone set to Tagalog asks for `tl`: Filipino is what it reads."""
COOKIE = "lang"

bp = Blueprint("language", __name__)


def chosen() -> str:
    """The language of this request: the phone's switch, else its Accept-Language."""
    if not has_request_context():  # a template rendered outside a request
        return DEFAULT
    switched = request.cookies.get(COOKIE, "")
    if switched in LANGUAGES:
        return switched
    # The phone's languages, most wanted first, each by its primary tag ("fil" of "fil-PH"):
    # Werkzeug's best_match would take an exact "en;q=0.5" over the "fil-PH" wanted first.
    for wanted, quality in request.accept_languages:
        if quality <= 0:  # "fil;q=0": anything but Filipino
            continue
        primary = wanted.split("-")[0].split("_")[0].lower()
        primary = ALIASES.get(primary, primary)
        if primary in LANGUAGES:
            return primary
    return DEFAULT


def locale() -> Locale:
    """The language this request speaks (as Flask-Babel settled it); English outside one."""
    return get_locale() or Locale.parse(DEFAULT)


def current() -> str:
    """The code of the language this request speaks."""
    return str(locale())


def digits(amount: Decimal, language: Locale | str) -> str:
    """An amount as a page in `language` writes it, the one place that decides it: the
    places the core says it with (none when whole, else cents) and the language's own
    marks: '1,250.50' in English and in Filipino, '1.250,50' in German. Exact: Babel
    formats the Decimal itself; the unit beside it is the table's, as typed."""
    pattern = "#,##0.00" if places(amount) else "#,##0"
    return format_decimal(amount, format=pattern, locale=language)


def number_words(amount: Decimal) -> str:
    """An amount in this request's language."""
    return digits(amount, locale())


def in_language(value: object) -> object:
    """A `Said` worded, or a `Number` written, in this request's language; any other
    value as it is."""
    if isinstance(value, Said | Number):
        return in_words(value, get_translations(), number_words)
    return value


def words(message: str) -> str:
    """A message in this request's language now, as a `str`: to flash (the session keeps
    a `str` only), or to put in a sentence of the shell's."""
    return str(in_language(message))


def refusal_words(refusal: Refusal) -> str:
    """A refusal's words beside its field, in this request's language."""
    return refusal.words_in(get_translations(), number_words)


def _said_in_language(call: Callable[..., Any]) -> Callable[..., Any]:
    """Jinja's `gettext`/`ngettext`, with each `Said` value worded in this request's
    language before `%` puts it into the sentence (after that it is English text)."""

    @pass_context
    def worded(context: Context, *args: Any, **variables: Any) -> Any:
        return call(context, *args, **{k: in_language(v) for k, v in variables.items()})

    return worded


def capitalized(value: object) -> str:
    """Jinja's `|capitalize`, of a `Said` in this request's language."""
    return do_capitalize(str(in_language(value)))


@bp.post("/language")
def switch() -> ResponseReturnValue:
    """The switch on every page: remember the language on this phone, then go back."""
    language = request.form.get("lang", "")
    if language not in LANGUAGES:
        abort(400)
    return remember(COOKIE, language)


def init_app(app: Flask) -> None:
    """Babel per app (its catalog cache is the app's), `finalize` for every `{{ }}`."""
    Babel(app, locale_selector=chosen)
    app.jinja_env.finalize = in_language
    for name in ("gettext", "ngettext"):  # installed by Babel's Jinja i18n extension
        app.jinja_env.globals[name] = _said_in_language(cast(Any, app.jinja_env.globals[name]))
    app.jinja_env.filters["capitalize"] = capitalized
    app.jinja_env.globals.update(languages=LANGUAGES, language=current)
    app.register_blueprint(bp)
