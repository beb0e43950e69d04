"""The words the app's scripts show (static/offline/*.js, share.js), in the page's language.

The CSP allows no inline script, so no script is written per language: every page carries
these words as a JSON data block (`<script type="application/json" id="words">`, which a
browser never runs), rendered from the catalogs like the page around it, and the scripts
read them there (static/offline/words.js). A value says where the script puts its own in
`{name}`; a count's words come in each plural category of the language (CLDR's, which
`Intl.PluralRules` picks in the phone as Babel and the catalog's Plural-Forms do here).
The words about the hands kept on a phone say what the table's game calls them ("Not sent
yet: 2 games"): a page without a table keeps none, and carries none of them.
"""

from collections.abc import Callable
from functools import cache

from babel import Locale
from flask_babel import get_locale, gettext, ngettext

from referee.games import Rounds
from referee.web.language import words

# Enough counts to meet every plural category of a language (Filipino's "other" first at 4).
SAMPLE_COUNTS = range(0, 110)


def _by_category(words: Callable[[int], str]) -> dict[str, str]:
    """A count's words in each plural category of this request's language, worded once per
    category, for its first count: worded for every sample count, they cost every page
    of a table 110 translations of each sentence."""
    locale = get_locale()
    assert locale is not None  # a page is rendered in a request, where Babel settled one
    return {category: words(count) for category, count in _first_counts(locale).items()}


@cache
def _first_counts(locale: Locale) -> dict[str, int]:
    """The first sample count of each plural category of a language, found once."""
    counts: dict[str, int] = {}
    for count in SAMPLE_COUNTS:
        counts.setdefault(locale.plural_form(count), count)
    return counts


def _kept_words(rounds: Rounds) -> dict[str, object]:
    """The words about the hands a phone keeps, each in what the table's game calls them."""
    one = words(rounds.one)
    return {
        "offer": gettext(
            "No network: the payout cannot be checked now. Keep this %(round)s on this phone: "
            "it is sent, and its payout worked out, when the network is back.",
            round=one,
        ),
        "not_sent_heading": _by_category(
            lambda n: gettext("Not sent yet: %(count)s", count=_counted(rounds, n))
        ),
        "waits": gettext("Waits for the %(round)s above to be sent.", round=one),
        # What a page of the table says while it leaves out hands kept on the phone
        # (static/offline/counted.js).
        "uncounted": _by_category(
            lambda n: ngettext(
                "Not counted yet: %(kept)s kept on this phone. What this page shows is from"
                " before it; settle up once it is sent.",
                "Not counted yet: %(kept)s kept on this phone. What this page shows is from"
                " before them; settle up once they are sent.",
                n,
                kept=_counted(rounds, n),
            )
        ),
        "before_kept": _by_category(
            lambda n: gettext(
                "Before the %(count)s kept %(rounds)s", count="{count}", rounds=_noun(rounds, n)
            )
        ),
        "dealer_after_kept": _by_category(
            lambda n: gettext(
                "Dealer: whoever deals next after the kept %(rounds)s", rounds=_noun(rounds, n)
            )
        ),
        # The header's, short enough for its one row at 360 px (the deal card says it all).
        "header_dealer_kept": gettext("Dealer: later"),
        "payments_before_kept": _by_category(
            lambda n: gettext(
                "Not final: who pays whom before the %(count)s kept %(rounds)s",
                count="{count}",
                rounds=_noun(rounds, n),
            )
        ),
        # The picture of the night (static/night_picture.js).
        "picture_before_kept": _by_category(
            lambda n: ngettext(
                "No picture yet: %(kept)s kept on this phone is not counted. Make it once the"
                " %(round)s is sent.",
                "No picture yet: %(kept)s kept on this phone are not counted. Make it once"
                " they are sent.",
                n,
                kept=_counted(rounds, n),
                round=words(rounds.one),
            )
        ),
    }


def _counted(rounds: Rounds, count: int) -> str:
    """`count` rounds in words ("2 games"), the number left for the script: `{count}`."""
    return words(rounds.count(count)).replace(str(count), "{count}", 1)


def _noun(rounds: Rounds, count: int) -> str:
    """What the game calls one round or several, as `count` takes it in this language."""
    locale = get_locale()
    assert locale is not None
    return words(rounds.one if locale.plural_form(count) == "one" else rounds.many)


def script_words(rounds: Rounds | None = None) -> dict[str, object]:
    """Every word the scripts say, by the name they ask for it (`rounds`: what the table's
    game calls a round, on a table's pages)."""
    return {
        **(_kept_words(rounds) if rounds is not None else {}),
        "keep_it": gettext("Keep it on this phone"),
        "kept": gettext("Kept on this phone, not sent yet: it is sent when the network is back."),
        "not_sent": gettext("Not sent yet"),
        "kept_here": gettext(
            "Kept on this phone; sent in this order when the network is back, and counted then."
        ),
        "kept_at": gettext("not sent yet · kept at %(time)s", time="{time}"),
        "dealer": gettext("Dealer: %(dealer)s", dealer="{dealer}"),
        "dealer_next": gettext("Dealer: whoever deals next"),
        "not_taken": gettext("Not taken when sent: %(why)s", why="{why}"),
        "send_again": gettext("Send again"),
        "remove_it": gettext("Remove it"),
        "remove_ask": gettext(
            "Remove this %(kind)s from the phone? It was never counted.", kind="{kind}"
        ),
        "payout_later": gettext("Payout: worked out when it is sent."),
        "no_access": gettext(
            "This phone can no longer change this table (its scorekeeper link was changed)."
            " Open the new link on this phone, then tap Send again."
        ),
        "not_taken_status": gettext(
            "The server did not take it (%(status)s). Tap Send again.", status="{status}"
        ),
        "stale": gettext(
            "Not up to date: no answer from the server since %(time)s. The tally below is as it"
            " was then.",
            time="{time}",
        ),
        # The picture of the night (static/night_picture.js).
        "picture_offline": gettext(
            "No network: the picture is drawn from the tally on the server. Try again when the"
            " network is back."
        ),
        "picture_refused": gettext(
            "The server did not draw the picture (%(status)s). Try again.", status="{status}"
        ),
        "copied": gettext("Copied"),
        "copy_by_hand": gettext("Press and hold the link above to copy it"),
    }
