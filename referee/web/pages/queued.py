"""Hands entered with no network: the phone kept them, and sends them here when it can.

The phone replays the hand form's own fields (the same questions for Tonk and Tongits) to
this page door rather than to the JSON API: the page holds a scorekeeper grant in its
HttpOnly session cookie, not the table's bearer token, and keeping that token in storage a
script can read would hand the whole table to any script that ever runs on the page.

The payout of a hand kept offline could not be checked when it was entered, so there is no
preview fingerprint to hold it to: it is settled as the table stands when it arrives ("payout
when sent"), through the one door, exactly once by its one-time key. The answers are JSON for
the phone's sender: the hand's number (a resend is answered with the same hand), or a refusal
in words, which the phone keeps on that hand for the scorekeeper to fix.
"""

from typing import Any

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import generate_csrf

from referee.rules import Refusal
from referee.store import commands
from referee.store.hands import hand_players
from referee.store.models import GameTable, Hand, Player
from referee.store.rules_versions import current_rules, game_of, rules_of_hand
from referee.store.seating import next_deal, players_of, seated
from referee.store.storage import session
from referee.web import access
from referee.web.forms import ENTRY_KEY, not_numbers, override_ticked
from referee.web.pages import table_or_404
from referee.web.pages.game_pages import pages_of
from referee.web.transfer import NO_STORE

bp = Blueprint("queued", __name__, url_prefix="/t/<int:table_id>/hands/queued")


def _refused(errors: dict[str, str]) -> ResponseReturnValue:
    """Nothing stored: what is wrong, by field, for the phone to show on the hand it kept."""
    session().rollback()
    return jsonify({"refused": errors}), 422, NO_STORE


@bp.get("/")
def token(table_id: int) -> ResponseReturnValue:
    """A fresh CSRF token, asked right before sending: a hand may wait for hours, longer
    than the token of the page it was typed on lasts (WTF_CSRF_TIME_LIMIT)."""
    table_or_404(table_id, write=True)
    return jsonify({"csrf_token": generate_csrf()}), 200, NO_STORE


@bp.post("/<kind>")
def send(table_id: int, kind: str) -> ResponseReturnValue:
    """Enter a hand the phone kept: 200 with its number (the same number however often it
    is sent), or 422 with the refusal by field."""
    table = table_or_404(table_id, write=True)
    db = session()
    key = request.form.get("entry_key", "")
    if not ENTRY_KEY.fullmatch(key):  # without its key a resend could enter it twice
        return _refused({"entry_key": "This hand has no one-time key: enter it again."})
    try:
        # Entered by an earlier send whose answer was lost: that hand, whatever the table
        # is now; the key sent with another hand is refused, and nothing is stored.
        earlier = commands.resent(db, table, key, lambda hand: _read_as_sent(table, kind, hand))
    except commands.KeyReused as reused:
        return _refused({"entry_key": reused.words})
    if earlier is not None:
        return jsonify({"no": earlier.no}), 200, NO_STORE
    _, rules = current_rules(db, table)
    game = game_of(table)
    if kind not in game.playable_kinds(rules):
        return _refused({"form": f"These house rules no longer play “{kind}”: enter it again."})
    everyone = players_of(db, table)
    players = seated(everyone)
    questions = pages_of(table).hand_form
    form = questions.form(kind, rules, players, next_deal(db, table, everyone).dealer)
    errors = not_numbers(form, players)
    if errors:
        return _refused(errors)
    outcome = questions.outcome(kind, form, players)
    try:
        entered = commands.enter_hand(
            db,
            table,
            outcome,
            dealer=_dealer_chosen(players),
            entry_key=key,
            by=access.changed_by(offline=True),
            override=override_ticked(form),
        )
    except Refusal as refusal:
        return _refused({refusal.field or "form": refusal.words})
    return jsonify({"no": entered.hand.no}), 200, NO_STORE


def _dealer_chosen(players: list[Player]) -> Player | None:
    """The dealer the scorekeeper picked on the kept form, or None: whoever deals next when
    the hand arrives (the form's own choice went stale with every hand kept before it)."""
    chosen = request.form.get("dealer")
    return next((p for p in players if str(p.id) == chosen), None)


def _read_as_sent(table: GameTable, kind: str, hand: Hand) -> dict[str, Any] | None:
    """The outcome sent, read with `hand`'s own players and rules, as the phone's form was
    filled when that hand was entered (players who left since, or rules changed since, do
    not make a resend look like another hand); None when those rules do not play `kind`."""
    db = session()
    rules = rules_of_hand(db, table, hand)
    if kind not in game_of(table).playable_kinds(rules):
        return None
    players = hand_players(db, hand)
    questions = pages_of(table).hand_form
    form = questions.form(kind, rules, players, players[0])
    return questions.outcome(kind, form, players)
