"""Entering, previewing, editing and voiding hands, and the hand history."""

import hashlib
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext
from flask_wtf import FlaskForm

from referee import exact_json
from referee.rules import Refusal
from referee.rules.limits import MAX_ID
from referee.rules.tonk.waiting import TurnState, standing_words
from referee.scoring import Settlement
from referee.store import commands, turns
from referee.store.hands import (
    change_views,
    hand_by_no,
    hand_players,
    hand_views,
    preview,
    recent_hands,
)
from referee.store.models import GameTable, Hand, Player, now
from referee.store.rules_versions import current_rules, game_of, rules_of_hand
from referee.store.seating import next_deal, players_of, seated
from referee.store.storage import session
from referee.web import access
from referee.web.forms import VoidForm, entry_key, form_count, not_numbers, override_ticked
from referee.web.language import refusal_words, words
from referee.web.lazy_words import lazy_gettext
from referee.web.pages import render, table_or_404
from referee.web.pages.game_pages import HandForm, pages_of
from referee.web.pages.htmx import htmx
from referee.web.pages.tables import SAVED, games_context, table_context, undo_offer

bp = Blueprint("hands", __name__, url_prefix="/t/<int:table_id>/hands")
HISTORY_PAGE = 20
# Said when Save was tapped but the payout is no longer the one checked: nothing was saved.
MOVED = lazy_gettext(
    "Nothing was saved: the payout is not the one checked (a box was changed, or another "
    "phone changed the night or the rules). Check it below, then save."
)
# How a live preview's first payout is swapped in: brought into sight, Save at the bottom of
# the screen. Later changes stay where they are, so a box being corrected stays under the
# thumb (a tapped Check or Save brings the payout into sight by the form's own hx-swap).
REVEAL = "innerHTML show:#payout:bottom"


def _round(table: GameTable) -> dict[str, str]:
    """What the table's game calls a round, as a message's values in this request's
    language: `round` heads it ("Hand 7 saved.", "Game 7 saved."), `one` is said within it
    ("this hand")."""
    rounds = game_of(table).rounds
    return {"round": words(rounds.one_title), "one": words(rounds.one)}


def _questions(table: GameTable) -> HandForm:
    """The hand form of the table's game."""
    return pages_of(table).hand_form


def _digest(outcome: dict[str, Any], dealer: str, note: str | None, settlement: Settlement) -> str:
    """A fingerprint of what a preview showed, its payout included: Save only stores what
    was previewed (a Tongits game's payout also moves with the games before it)."""
    shown = {"outcome": outcome, "dealer": dealer, "note": note, "paid": settlement.to_json()}
    text = exact_json.dumps(shown)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _kind_or_404(table: GameTable, kind: str, rules: Any) -> str:
    if kind not in game_of(table).playable_kinds(rules):
        abort(404)
    return kind


def _hand_page(
    table: GameTable,
    kind: str,
    rules: Any,
    players: list[Player],
    form: FlaskForm,
    *,
    hand: Hand | None = None,
    waiting: TurnState | None = None,
) -> ResponseReturnValue:
    """Check, preview or save a hand form (`waiting`: who may not drop, for a new drop)."""
    db = session()
    errors: dict[str, str] = {}
    settlement = None
    notice = None
    outcome: dict[str, Any] | None = None
    if form.is_submitted():
        errors = not_numbers(form, players)
        outcome = _questions(table).outcome(kind, form, players)
        if hand is None and "save" in request.form:
            # A resend of a Save that landed is answered with its hand; the same form saved
            # again with another outcome is refused (the one door decides which).
            try:
                earlier = commands.resent(db, table, entry_key(form), lambda _: outcome)
            except commands.KeyReused as reused:
                errors["form"] = reused.words
            else:
                if earlier is not None:
                    return _saved(table, _saved_words(table, earlier.no), saved=earlier.no)
        dealer = next((p for p in players if str(p.id) == form.dealer.data), None)
        if dealer is None:
            errors["dealer"] = gettext("Dealer: choose who dealt this %(one)s", **_round(table))
        note = None
        try:
            note = commands.wait_note(
                table, rules, waiting, outcome, override=override_ticked(form)
            )
        except Refusal as refusal:
            errors["player"] = refusal_words(refusal)
        if not errors:
            try:
                _, settlement = preview(
                    db, table, rules, players, outcome, hand=hand, dealer=dealer
                )
            except Refusal as refusal:
                errors[_field_of(refusal, players, form)] = refusal_words(refusal)
        if not errors and dealer is not None and settlement is not None:
            digest = _digest(outcome, form.dealer.data, note, settlement)
            if "save" in request.form and form.previewed.data == digest:
                try:
                    return _save(table, hand, outcome, dealer, form, settlement.to_json())
                except Refusal as refusal:  # the table changed since the preview
                    db.rollback()
                    errors[_field_of(refusal, players, form)] = refusal_words(refusal)
                    settlement = None
            if not errors:
                if "save" in request.form and form.previewed.data:
                    notice = MOVED  # Save on a payout that is not this one: show it first
                form.previewed.data = digest
        if settlement is None:
            form.previewed.data = ""  # the fingerprint is that of the payout shown: none
    return _form_page(
        table, kind, rules, players, form, errors, settlement, hand, waiting, notice, outcome
    )


def _save(
    table: GameTable,
    hand: Hand | None,
    outcome: dict[str, Any],
    dealer: Player,
    form: FlaskForm,
    shown: dict[str, Any],
) -> ResponseReturnValue:
    """Store what the preview showed: a new hand through the one door (which checks the
    waiting rule again, and the payout `shown`, under the table's lock), or the change of
    `hand`."""
    db = session()
    if hand is None:
        entered = commands.enter_hand(
            db,
            table,
            outcome,
            dealer=dealer,
            entry_key=entry_key(form),
            by=access.changed_by(),
            override=override_ticked(form),
            shown=shown,
        )
        return _saved(table, _saved_words(table, entered.hand.no), saved=entered.hand.no)
    try:
        changed = commands.edit_hand(
            db,
            table,
            hand,
            outcome,
            dealer,
            version=_version(form),
            by=access.changed_by(),
            shown=shown,
        )
    except commands.StaleHand:
        db.rollback()
        return _stale(table, hand)
    if not changed:
        return _saved(
            table,
            gettext("Nothing changed: %(one)s %(no)s is as it was.", no=hand.no, **_round(table)),
        )
    return _saved(
        table,
        gettext(
            "%(round)s %(no)s changed; its history keeps what it was.", no=hand.no, **_round(table)
        ),
    )


def _saved_words(table: GameTable, no: int) -> str:
    """What a new hand's Save says once it is stored ("Hand 7 saved.")."""
    return gettext("%(round)s %(no)s saved.", no=no, **_round(table))


def _form_page(
    table: GameTable,
    kind: str,
    rules: Any,
    players: list[Player],
    form: FlaskForm,
    errors: dict[str, str],
    settlement: Settlement | None,
    hand: Hand | None,
    waiting: TurnState | None,
    notice: str | None = None,
    outcome: dict[str, Any] | None = None,
) -> ResponseReturnValue:
    """The hand form as typed, with its errors or the payout it previews of `outcome` (and
    `notice`, when Save was tapped on a payout other than this one)."""
    if hand is None:
        action = url_for("hands.new", table_id=table.id, kind=kind)
    else:
        action = url_for("hands.edit", table_id=table.id, no=hand.no)
    context = {
        "table": table,
        "kind": kind,
        "kind_words": game_of(table).kind_words[kind],
        "questions": _questions(table).partial,
        **_questions(table).extra(rules),
        "rules": rules,
        "players": players,
        "form": form,
        "errors": errors,
        "settlement": settlement,
        "outcome": outcome,
        "notice": notice,
        "totals": game_of(table).asks_totals(kind, rules),
        "hand": hand,
        "action": action,
        "waiting": [standing_words(w) for w in waiting.players if not w.may_drop]
        if waiting
        else [],
        # Entered from the table page: saving swaps the tally there instead of a new page.
        "inline": bool(htmx()) and (request.method == "GET" or "inline" in request.form),
    }
    if htmx() and "live" in request.form:
        return _live_payout(context)
    context["presumed"] = None if hand else _presumed(table, kind, rules, form)
    return render("hand_form.html", "partials/hand_form.html", **context)


def _presumed(table: GameTable, kind: str, rules: Any, form: FlaskForm) -> str | None:
    """What the game's form chose for the table from whose turn it is (a new hand's form
    as first drawn), in words, while the choice stands."""
    db = session()
    everyone = players_of(db, table)
    turn = turns.whose_turn(db, table, rules, everyone, next_deal(db, table, everyone))
    return _questions(table).presume(form, kind, turn)


def _live_payout(context: dict[str, Any]) -> ResponseReturnValue:
    """A live preview, asked as the answers change: the payout part of the form alone, so
    the boxes being typed in are not replaced; the first payout it shows is brought into
    sight (the form showed none before: its fingerprint was empty)."""
    page = render_template("partials/payout.html", **context)
    first = context["settlement"] is not None and not request.form.get("previewed")
    return page, 200, {"Vary": "HX-Request", **({"HX-Reswap": REVEAL} if first else {})}


def counted(table: GameTable, kind: str, player: Player, total: int) -> ResponseReturnValue:
    """Back from counting a player's cards: the new hand's form as it was left, with that
    player's total filled in and nothing checked yet (the other boxes may still be empty)."""
    rules, players, form, waiting = _new_hand(table, kind)
    box = form[f"total_{player.id}"]
    box.data, box.raw_data = total, [str(total)]
    form.previewed.data = ""
    return _form_page(table, kind, rules, players, form, {}, None, None, waiting)


def _version(form: FlaskForm) -> int:
    """The version of the hand the form was filled from (0 when missing: never current)."""
    return form_count(form.version.data, 9) or 0


def _stale(table: GameTable, hand: Hand) -> ResponseReturnValue:
    """Someone changed the hand meanwhile: say so, show it as it is now, change nothing."""
    db = session()
    (view,) = hand_views([hand], players_of(db, table))
    page = render_template(
        "stale.html", table=table, view=view, rules=rules_of_hand(db, table, hand)
    )
    if htmx():
        return page, 409, {"HX-Retarget": "body", "HX-Reswap": "innerHTML"}
    return page, 409


# The questions a refusal can name, as the hand forms ask them (a Tongits draw's caller is
# asked as its winner question); a refusal naming none of them is shown above Save.
FIELD_ASKED = {
    "player": "player",
    "spread_six": "spread_six",
    "last_draw": "last_draw",
    "caller": "winner",
    "last_card": "last_card",
    "sapaw_on_caller": "sapaw_on_caller",
    "fought": "fought",
    "burned": "burned",
    "concealed": "burned",
}
# Refusals about one player's box: the box of that player (a total, a bonus counter).
PLAYER_BOXES = {
    "totals": "total",
    "bonuses.secret": "secret",
    "bonuses.escalera": "escalera",
    "bonuses.aces": "aces",
    "bonuses.kings": "kings",
    "bonuses.jokers": "jokers",
}


def _field_of(refusal: Refusal, players: list[Player], form: FlaskForm) -> str:
    """The form field a refusal concerns: a player's box, or the question it names (a
    Tongits winner is asked as `winner`); "form", shown above Save, when this form has no
    such box (a refused count of a bonus the house does not pay, say)."""
    field = refusal.field or ""
    player = next((p for p in players if p.name == refusal.player), None)
    if field in PLAYER_BOXES and player is not None:
        asked = f"{PLAYER_BOXES[field]}_{player.id}"
    elif field == "player" and "winner" in form:
        asked = "winner"
    else:
        asked = FIELD_ASKED.get(field, "form")
    grouped = any(f"{asked}_{p.id}" in form for p in players)  # who fought, who is burned
    return asked if asked in form or grouped else "form"


def _saved(table: GameTable, message: str, *, saved: int | None = None) -> ResponseReturnValue:
    """After a save: on the table page htmx swaps in the new deal and tally; elsewhere the
    browser goes back to the table page (htmx follows HX-Redirect, a plain form the 303).
    `saved`: the number of the new hand, whose message offers Undo while it may."""
    if htmx() and "inline" in request.form:
        undo = undo_offer(table, saved) if saved else None
        return render_template(
            "partials/entered.html", message=message, undo=undo, **table_context(table)
        )
    flash(words(message))  # in this phone's language now: the session keeps a str
    if saved:
        flash(str(saved), SAVED)  # the table page puts Undo on the message
    target = url_for("tables.table", table_id=table.id)
    if htmx():
        return "", 200, {"HX-Redirect": target}
    return redirect(target, 303)


@bp.route("/new/<kind>", methods=["GET", "POST"])
def new(table_id: int, kind: str) -> ResponseReturnValue:
    """One screen per outcome, asking only what the house rules need."""
    table = table_or_404(table_id, write=True)
    rules, players, form, waiting = _new_hand(table, kind)
    return _hand_page(table, kind, rules, players, form, waiting=waiting)


def _new_hand(table: GameTable, kind: str) -> tuple[Any, list[Player], FlaskForm, TurnState | None]:
    """The rules in force, the seated players, the form of a new hand of this kind as the
    request filled it (404 for a kind these rules do not play), and who may not drop."""
    db = session()
    _, rules = current_rules(db, table)
    kind = _kind_or_404(table, kind, rules)
    everyone = players_of(db, table)
    players = seated(everyone)
    deal = next_deal(db, table, everyone)
    form = _questions(table).form(kind, rules, players, deal.dealer)
    return rules, players, form, turns.drop_waits(db, table, rules, everyone, deal, kind)


@bp.get("/")
def history(table_id: int) -> ResponseReturnValue:
    """Every hand, newest first, with its payments; voided hands stay, marked."""
    table = table_or_404(table_id)
    db = session()
    page = max(request.args.get("page", 1, type=int) or 1, 1)
    if page > MAX_ID:  # no page of hands, like an id past what the database holds
        abort(404)
    hands = recent_hands(db, table, HISTORY_PAGE + 1, (page - 1) * HISTORY_PAGE)
    _, rules = current_rules(db, table)
    players = players_of(db, table)
    return render(
        "history.html",
        table=table,
        rules=rules,
        hands=hand_views(hands[:HISTORY_PAGE], players),
        game_of=games_context(db, table, rules, players)["game_of"],
        page=page,
        more=len(hands) > HISTORY_PAGE,
    )


def _hand_or_404(table: GameTable, no: int) -> Hand:
    hand = hand_by_no(session(), table, no)
    if hand is None:
        abort(404)
    return hand


@bp.get("/<int:no>")
def detail(table_id: int, no: int) -> ResponseReturnValue:
    """One hand with its history of changes (what it was, what it became, when)."""
    table = table_or_404(table_id)
    db = session()
    hand = _hand_or_404(table, no)
    players = players_of(db, table)
    (view,) = hand_views([hand], players)
    changes = change_views(db, hand, players)
    rules = rules_of_hand(db, table, hand)
    return render("hand_detail.html", table=table, view=view, changes=changes, rules=rules)


@bp.route("/<int:no>/edit", methods=["GET", "POST"])
def edit(table_id: int, no: int) -> ResponseReturnValue:
    """Fix a hand: re-settled under the rules it was played with, the old version kept."""
    table = table_or_404(table_id, write=True)
    db = session()
    hand = _hand_or_404(table, no)
    if hand.void:
        abort(404)
    rules = rules_of_hand(db, table, hand)
    players = hand_players(db, hand)
    (view,) = hand_views([hand], players_of(db, table))
    outcome = view.outcome
    dealer = next((p for p in players if p.id == hand.dealer_id), players[0])
    form = _questions(table).form(outcome["kind"], rules, players, dealer)
    if not form.is_submitted():
        _questions(table).fill(form, outcome, players)
        form.version.data = str(hand.version)
    return _hand_page(table, outcome["kind"], rules, players, form, hand=hand)


@bp.get("/<int:no>/void")
def confirm_void(table_id: int, no: int) -> ResponseReturnValue:
    """Ask before voiding: what the hand moved, which the void takes out of the tally."""
    table = table_or_404(table_id, write=True)
    hand = _hand_or_404(table, no)
    if hand.void:
        return redirect(url_for("hands.detail", table_id=table.id, no=no))
    db = session()
    (view,) = hand_views([hand], players_of(db, table))
    rules = rules_of_hand(db, table, hand)
    return render("void.html", table=table, view=view, rules=rules)


@bp.post("/<int:no>/void")
def void(table_id: int, no: int) -> ResponseReturnValue:
    """Void a hand: out of the tally, still in the history; the table page offers Undo."""
    table = table_or_404(table_id, write=True)
    hand = _hand_or_404(table, no)
    try:
        commands.void_hand(
            session(), table, hand, version=_version(VoidForm()), by=access.changed_by()
        )
    except commands.StaleHand:
        session().rollback()
        return _stale(table, hand)
    flash(gettext("%(round)s %(no)s voided; it stays in the history.", no=hand.no, **_round(table)))
    return redirect(url_for("tables.table", table_id=table.id, voided=hand.no), 303)


@bp.post("/<int:no>/restore")
def restore(table_id: int, no: int) -> ResponseReturnValue:
    """Undo a void: the hand counts again, and its history says it was restored."""
    table = table_or_404(table_id, write=True)
    hand = _hand_or_404(table, no)
    try:
        commands.restore_hand(
            session(), table, hand, version=_version(VoidForm()), by=access.changed_by()
        )
    except commands.StaleHand:
        session().rollback()
        return _stale(table, hand)
    flash(gettext("%(round)s %(no)s is back in the tally.", no=hand.no, **_round(table)))
    return redirect(url_for("tables.table", table_id=table.id), 303)


@bp.post("/<int:no>/undo")
def undo(table_id: int, no: int) -> ResponseReturnValue:
    """The Undo of the message that saved a hand: voided by the one door, as from its page,
    while it is the latest hand, as entered, and just saved; else refused in words that name
    the hand and the rule, and nothing changes. Either way back to the table page, which
    offers to put a hand so voided back."""
    table = table_or_404(table_id, write=True)
    hand = _hand_or_404(table, no)
    try:
        commands.void_hand(
            session(),
            table,
            hand,
            version=_version(VoidForm()),
            by=access.changed_by(),
            undo_at=now(),
        )
    except Refusal as refusal:
        flash(refusal_words(refusal))
        return redirect(url_for("tables.table", table_id=table.id), 303)
    except commands.StaleHand:
        session().rollback()
        return _stale(table, hand)
    flash(
        gettext(
            "%(round)s %(no)s undone: it is out of the tally and stays in the history.",
            no=hand.no,
            **_round(table),
        )
    )
    return redirect(url_for("tables.table", table_id=table.id, voided=hand.no), 303)
