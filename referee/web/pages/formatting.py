"""How numbers look on the page: exact amounts with their sign, dates, outcome words."""

import re
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from babel.dates import format_datetime, format_time
from flask import Flask
from flask_babel import LazyString, gettext, lazy_gettext, ngettext
from markupsafe import Markup

from referee.games import GAMES, Game, Rounds, WordsPayments
from referee.rules.words import amount_in_words, unit_of
from referee.scoring.tonk.games import place_words, result_words
from referee.store.hands import HandView
from referee.store.models import GameTable
from referee.store.rules_versions import game_of
from referee.web import access
from referee.web.language import locale, number_words, words


class EveryGame(Mapping[str, str]):
    """One of the word tables of every game registered, read through at each lookup: the
    pages word a game registered after this module was imported too."""

    def __init__(self, table: Callable[[Game], Mapping[str, str]]):
        self.table = table

    def __getitem__(self, key: str) -> str:
        for game in GAMES.values():
            if key in self.table(game):
                return self.table(game)[key]
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter({key: None for game in GAMES.values() for key in self.table(game)})

    def __len__(self) -> int:
        return len(list(iter(self)))


# Every game's kinds of ending and results in words; a kind or a result two games share
# reads the same in both.
KIND_WORDS = EveryGame(lambda game: game.kind_words)
RESULT_WORDS = EveryGame(lambda game: game.result_words)


def rounds(table: GameTable) -> Rounds:
    """What the table's game calls a round of its play ("hand", "game"): the shared pages
    word theirs with it ("How did the game end?"), so none names a game."""
    return game_of(table).rounds


def signed(amount: Decimal) -> str:
    """+3, −2.50, 0: the tally reads at a glance who is up and who is down; the digits
    in the page's language ('+1,250.50'), the signs the same in every language."""
    digits = number_words(abs(amount))
    if amount > 0:
        return f"+{digits}"
    return f"\u2212{digits}" if amount < 0 else "0"


def signed_money(amount: Decimal, unit: str) -> str:
    """+1 chip, −2.50 $: a balance with its sign, counted as the table counts it."""
    return f"{signed(amount)} {unit_of(amount, unit)}"


def money(amount: Decimal, unit: str) -> str:
    """2.50 $, 1 chip: an amount paid, without a sign (the words around it say who pays)."""
    return amount_in_words(abs(Decimal(amount)), unit)


def hand_words(view: HandView, table: GameTable) -> str:
    """A hand's line in the history, the tally's recent hands and on its page: the game's
    own words when it has them ('Ben dropped on 10 and was caught'), else what ended it
    and who won ('Tonk out: Anna')."""
    settlement = view.settlement
    said = game_of(table).hand_words(view.outcome, settlement["result"])
    if said is not None:
        return said
    result = RESULT_WORDS[settlement["result"]]
    if not settlement["winners"]:
        return result
    return gettext(
        "%(result)s: %(winners)s",
        result=words(result),
        winners=", ".join(settlement["winners"]),
    )


def with_reasons(
    settlement: Mapping[str, Any], outcome: Mapping[str, Any], table: GameTable
) -> list[tuple[Mapping[str, Any], str]]:
    """Each payment of a hand beside why it is paid, in its game's words: the game's own
    for a game that words them from how the hand ended, else its words for each why."""
    game = game_of(table)
    payments = settlement["payments"]
    if isinstance(game, WordsPayments):
        reasons = game.payments_in_words(outcome, settlement)
    else:
        reasons = [game.why_words.get(p["why"], p["why"]) for p in payments]
    return list(zip(payments, reasons, strict=True))


def undone_words(settlement: Mapping[str, Any]) -> str:
    """'Anna +2, Ben −1, Carla −1': what voiding a stored hand takes out of the tally (in
    points mode, the points it scored); empty when it moved nothing."""
    if settlement["points"]:
        return ", ".join(
            ngettext("%(name)s %(num)s point", "%(name)s %(num)s points", p, name=name)
            for name, p in settlement["points"].items()
            if p
        )
    return ", ".join(
        f"{name} {signed(Decimal(amount))}" for name, amount in settlement["net"].items() if amount
    )


# What each action of a hand's history says, with who did it (store.models.HISTORY_ACTIONS;
# "recounted" has a sentence of its own on the hand's page).
CHANGES_BY: dict[str, LazyString] = {
    "entered": lazy_gettext("entered by %(who)s"),
    "edited": lazy_gettext("edited by %(who)s"),
    "voided": lazy_gettext("voided by %(who)s"),
    "restored": lazy_gettext("restored by %(who)s"),
}
CHANGES: dict[str, LazyString] = {
    "entered": lazy_gettext("entered"),
    "edited": lazy_gettext("edited"),
    "voided": lazy_gettext("voided"),
    "restored": lazy_gettext("restored"),
}


# Who changed a hand, as the app writes it in the history (access.changed_by and VIA_API, a
# recount's cause): English machine words, kept so in the table's file, and worded in the
# page's language here. Anything else (a file's own words) is shown as it is. A recount's
# cause names the round that changed as "hand" whatever the game (referee.store.commands):
# the page words it as the table's game calls its rounds.
ON_PHONE = re.compile(
    rf"scorekeeper on phone (?P<phone>[0-9a-f]+)(?P<offline>{re.escape(access.OFFLINE)})?"
)
RECOUNT_CAUSE = re.compile(r"hand (?P<no>\d+) (?P<action>entered|edited|voided|restored)")


def who_words(by: str, table: GameTable | None = None) -> str:
    """'scorekeeper on phone 808c' in the page's language; a recount's cause of `table`
    ('hand 7 edited') in its game's words too ('game 7 edited')."""
    if by == access.VIA_API:
        return gettext("scorekeeper via API")
    if found := ON_PHONE.fullmatch(by):
        if found["offline"]:
            return gettext("scorekeeper on phone %(phone)s, entered offline", phone=found["phone"])
        return gettext("scorekeeper on phone %(phone)s", phone=found["phone"])
    if table is not None and (found := RECOUNT_CAUSE.fullmatch(by)):
        return gettext(
            "%(round)s %(no)s %(action)s",
            round=words(rounds(table).one),
            no=found["no"],
            action=CHANGES[found["action"]],
        )
    return by


def change_words(action: str, by: str) -> str:
    """'edited by scorekeeper on phone 808c': an action of a hand's history in words, a
    whole phrase per action so a language may put who did it anywhere."""
    if by:
        return str(CHANGES_BY[action]) % {"who": who_words(by)}
    return str(CHANGES[action])


def when(moment: datetime, *, date: bool = False) -> Markup:
    """A stored time as `<time>` (with its day when `date`): its text, in UTC and in the
    page's language by Babel, is what a phone without script reads, and
    static/local-time.js rewrites it in the phone's own time zone. SQLite gives back naive
    datetimes; every stored time is UTC (models.now)."""
    utc = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    if date:
        shown = format_datetime(utc, "long", tzinfo=UTC, locale=locale())
    else:
        shown = format_time(utc, "long", tzinfo=UTC, locale=locale())
    return Markup('<time class="local" datetime="{}"{}>{}</time>').format(
        utc.strftime("%Y-%m-%dT%H:%M:%SZ"), Markup(" data-date") if date else "", shown
    )


def init_app(app: Flask) -> None:
    app.jinja_env.filters.update(
        signed=signed,
        signed_money=signed_money,
        money=money,
        when=when,
        who_words=who_words,
        hand_words=hand_words,
        undone_words=undone_words,
        change_words=change_words,
        with_reasons=with_reasons,
        game_place=place_words,
        game_result=result_words,
    )
    app.jinja_env.globals.update(KIND_WORDS=KIND_WORDS, RESULT_WORDS=RESULT_WORDS, rounds=rounds)
