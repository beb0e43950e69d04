"""Starting a table, its page with the tally, the house rules, the players and the settle-up."""

import random
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from flask import (
    Blueprint,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import get_translations, gettext
from sqlmodel import Session

from referee.games import (
    DEFAULT_GAME,
    GAMES,
    CarriesState,
    Game,
    NextRound,
    Points,
    Rounds,
    Rules,
    SaysStatus,
    Turns,
    scores_points,
    table_game_named,
    table_games,
)
from referee.rules import Refusal
from referee.rules.deal import cut_for_deal
from referee.rules.tonk.waiting import standing_words
from referee.scoring.standings import points_leaders
from referee.scoring.tonk.games import Game as GameOfPoints
from referee.scoring.tonk.games import game_of_hand, in_play, result_words, won
from referee.store import commands, turns
from referee.store.hands import (
    hand_by_no,
    hand_count,
    hand_views,
    next_hand_no,
    recent_hands,
    why_not_undone,
)
from referee.store.models import GameTable, Hand, Player, now
from referee.store.night import left_now
from referee.store.rules_versions import current_rules, game_of
from referee.store.seating import Deal, next_deal, players_of, seated, tables_by_id
from referee.store.storage import session
from referee.store.tally import night_games, running_tally, standings
from referee.web import access, language, rate_limits
from referee.web.forms import (
    StartTableForm,
    fill_rules_form,
    form_count,
    open_groups,
    option_refused,
    preset_values,
    rules_changes,
    rules_form_for,
    rules_groups,
    seating,
    start_changes,
    start_form,
)
from referee.web.pages import can_write, render, table_or_404
from referee.web.pages.chart import MAX_POINTS, games_chart, tally_chart
from referee.web.pages.exports import download_name
from referee.web.pages.game_pages import pages_of, seat_words
from referee.web.pages.offline import said_now
from referee.web.pages.settling import settle_up_figures

bp = Blueprint("tables", __name__)


@bp.route("/", methods=["GET", "POST"])
def home() -> ResponseReturnValue:
    """Start a table of the game chosen (by its link, `?game=...`; the default game unless
    one is): names in seating order, one of its presets with its stake and unit, the first
    dealer. Or reopen a table this phone keeps."""
    errors: dict[str, str] = {}
    posted = request.method == "POST"
    asked = (request.form if posted else request.args).get("game", DEFAULT_GAME)
    try:
        game = table_game_named(asked)
    except Refusal as refusal:
        errors["game"] = refusal.words_in(get_translations())
        game = GAMES[DEFAULT_GAME]
    form = start_form(game)
    if form.is_submitted():
        rate_limits.may_start_table()
        changes, typed = start_changes(form)
        errors.update(typed)
        if not errors:
            try:
                table = _start(form, game, changes)
            except Refusal as refusal:
                errors.update(_beside(form, refusal))
            else:
                return redirect(url_for("tables.table", table_id=table.id))
    return render(
        "home.html",
        form=form,
        errors=errors,
        tables=tables_by_id(session(), access.tables_in_session()),
        games=[(name, name.title()) for name in table_games()],
        preset_words=game.preset_words,
        # What an empty stake or unit box stands for: the chosen preset's (the default's
        # until one is sent).
        preset_values=preset_values(
            form, game.presets.get(form.preset.data or "", game.presets[game.default_preset])
        ),
        seat_words=seat_words(game),
    )


def _start(form: StartTableForm, game: Game, changes: dict[str, Any]) -> GameTable:
    """Start the table the form asks for through the one door, this phone its scorekeeper,
    ready to play with the preset (the table page offers the rules form)."""
    names, seat = seating(form)
    table = commands.start_table(
        session(),
        name=form.name.data or "",
        players=names,
        preset_name=form.preset.data or "",
        changes=changes,
        first_dealer=seat or 0,
        game=game.name,
    )
    rate_limits.table_started()
    access.grant(table, access.SCOREKEEPER)  # who starts a table keeps its score
    if seat is None:
        _cut(table)
    return table


def _beside(form: StartTableForm, refusal: Refusal) -> dict[str, str]:
    """A refusal of the start form beside the box it concerns: a stake or a unit named as
    the rules form names it, anything else in its words alone (the players' box when it
    names no field)."""
    if refusal.field in form.start_keys:
        return {refusal.field: option_refused(form.options, refusal)}
    return {refusal.field or "players": refusal.words_in(get_translations())}


def _cut(table: GameTable) -> None:
    """Cut for the deal: show what everyone cut and who deals."""
    players = seated(players_of(session(), table))
    rounds, dealer = cut_for_deal([p.name for p in players], random.SystemRandom())
    commands.set_first_dealer(session(), table, next(p for p in players if p.name == dealer))
    for cuts in rounds:
        flash(gettext("Cut: %(cards)s", cards=", ".join(f"{name} {card}" for name, card in cuts)))
    flash(gettext("%(dealer)s cut highest and deals first.", dealer=dealer))


@bp.post("/t/<int:table_id>/cut")
def cut(table_id: int) -> ResponseReturnValue:
    """Cut for the deal again (before the first hand)."""
    table = table_or_404(table_id, write=True)
    if hand_count(session(), table) == 0:
        _cut(table)
    return redirect(url_for("tables.table", table_id=table.id))


@bp.get("/t/<int:table_id>")
def table(table_id: int) -> ResponseReturnValue:
    """The table: who deals, the outcome buttons, the tally and the latest hands."""
    table = table_or_404(table_id)
    return render(
        "table.html",
        "partials/tally.html",
        **table_context(table),
        undo=_undo(table),
        just_saved=lambda: _just_saved(table),
    )


# The flash category of the number of a hand just saved (its message is flashed as any other):
# the table page shown next puts Undo on that message.
SAVED = "saved"


def _just_saved(table: GameTable) -> Hand | None:
    """The hand whose saved message the page shows now, when that message offers Undo. Read
    as the whole page is drawn (its messages with it, once), never for a partial of it."""
    numbers = [str(n) for n in said_now(SAVED)]
    no = form_count(numbers[-1], 9) if numbers else None
    return undo_offer(table, no) if no else None


def undo_offer(table: GameTable, no: int) -> Hand | None:
    """Hand `no`, just saved, when its saved message offers Undo: to a phone that may change
    the table, while the Undo may still void it (referee.store.hands.why_not_undone)."""
    hand = hand_by_no(session(), table, no)
    if hand is None or not can_write() or why_not_undone(session(), table, hand, now()):
        return None
    return hand


def _undo(table: GameTable) -> Hand | None:
    """The hand just voided from this page (`?voided=7`), while it is still void and this
    phone may write: the table page offers to undo the void."""
    no = form_count(request.args.get("voided"), 9)
    hand = hand_by_no(session(), table, no) if no else None
    return hand if hand is not None and hand.void and can_write() else None


def etag(table: GameTable) -> str:
    """The version of a table as an HTTP entity tag: it changes with every change, and with
    the page's language (a phone that switched is never answered "not modified" with the
    tally its browser kept in the other language)."""
    return f'"t{table.id}v{table.version}-{language.current()}"'


@bp.get("/t/<int:table_id>/live")
def live(table_id: int) -> ResponseReturnValue:
    """What a watching phone polls: 304 while nothing changed (one primary-key read),
    else the tally with the latest hands and, out of band, the deal."""
    table = table_or_404(table_id)
    tag = etag(table)
    if request.if_none_match.contains(tag.strip('"')):
        return "", 304, {"ETag": tag, "Cache-Control": "no-cache"}
    body = render_template("partials/live.html", **table_context(table))
    return body, 200, {"ETag": tag, "Cache-Control": "no-cache"}


def table_context(table: GameTable) -> dict[str, Any]:
    """What the table page and its tally partial show."""
    db = session()
    game = game_of(table)
    players = players_of(db, table)
    version, rules = current_rules(db, table)
    points = scores_points(game, rules)
    series = running_tally(db, table, MAX_POINTS)
    tally = standings(players, series[-1][1] if series else {})
    played = hand_count(db, table)
    deal = next_deal(db, table, players)
    games = games_context(db, table, rules, players)
    # What the last round left, as the seated players see it (a game that carries state).
    left = left_now(db, table) if isinstance(game, CarriesState) else None
    seen = game.state_seen_by(rules, *left) if isinstance(game, CarriesState) and left else None
    for row in tally:
        row["game_points"] = games["game"].scores.get(row["player"].name, 0)
        row["won"] = games["won"].get(row["player"].name, 0)
    return {
        "table": table,
        "players": players,
        "rules": rules,
        "preset": version.preset,
        # The start banner, while nothing has been played and the preset is as chosen.
        "start_offer": version.number == 1 and next_hand_no(db, table) == 1,
        "deal": deal,
        "status": status_words(
            game, rules, next_hand_no(db, table), games["game"] if points else None, seen
        ),
        "turn": _turn(table, rules, players, deal) if _tracks_turns(game, rules) else None,
        "reminder": game.reminder(rules) if isinstance(game, Turns) else None,
        # Also for the partials a watching phone polls: the scorekeeper's buttons stay.
        "can_write": can_write(),
        "kinds": game.playable_kinds(rules),
        "tally": tally,
        "in_points": points,  # the tally counts points, not money
        "played": played,
        "leaders": points_leaders(games["game"].scores) if points else [],
        **games,
        "pot": pot_context(game, rules, players, left, seen),
        "recent": hand_views(recent_hands(db, table, 5), players),
        "chart": chart_context(points, series, games, players, game.rounds),
        "etag": etag(table),
    }


def chart_context(
    points: bool,
    series: Sequence[tuple[int, Mapping[int, tuple[int, int]]]],
    games: dict[str, Any],
    players: list[Player],
    rounds: Rounds,
) -> dict[str, Any]:
    """The chart beside the tally, of what the tally counts: the game in play's points, or
    the night's money (the table page's, and the picture of the night's), its hands called
    what the table's game calls them (`rounds`)."""
    if points:
        return games_chart(games["games"], games["game"], players, rounds, games["shows_games"])
    return tally_chart(series, players, rounds)


def games_context(
    db: Session, table: GameTable, rules: Any, players: list[Player]
) -> dict[str, Any]:
    """The night's games in points mode (house rules 2.7): the game in play (the status line
    says it and its hand), the game just over in words, games won, each hand's game."""
    of_table = game_of(table)
    target = of_table.hands_a_game(rules) if isinstance(of_table, Points) else None
    found = night_games(db, table, players) if scores_points(of_table, rules) else []
    game = in_play(found, target)
    ended = found[-1] if found and found[-1].over else None
    return {
        "games": found,
        "game": game,
        "game_over": None if ended is None else result_words(ended),
        "won": won(found),
        "shows_games": target is not None or any(g.over for g in found),
        # Each hand's game, in the history, when the table agreed on a number of hands.
        "game_of": {
            no: place for no, place in game_of_hand(found).items() if place[0].target is not None
        },
    }


def status_words(
    game: Game, rules: Rules, number: int, in_play: GameOfPoints | None, seen: Any
) -> list[str]:
    """What is in force for the next round, in parts, as the status line at the top of the
    table page says them before the deal: the game's own ("Points · Game 2 · Hand 2 of 3 ·
    1 chip"), else the round's number ("Hand 4")."""
    if isinstance(game, SaysStatus):
        return game.status_words(rules, NextRound(number, in_play, seen))
    return [
        gettext("%(round)s %(number)s", round=language.words(game.rounds.one_title), number=number)
    ]


def pot_context(
    game: Game,
    rules: Any,
    players: list[Player],
    left: tuple[dict[str, Any], list[str]] | None,
    seen: dict[str, Any] | None,
) -> dict[str, Any] | None:
    """For a game with a pot (Tongits): each seated player's share, the pot's size, what
    players who sat in were given in it, and who is on a winning run and how many more wins
    take the pot; None for a game without. `left`: what the last game left and the seats
    then; `seen`: that as the players seated now see it."""
    if not isinstance(game, CarriesState):
        return None
    state: dict[str, Any] = seen or {}
    shares = state.get("pot", {})
    seated_names = [p.name for p in seated(players)]
    streak = state.get("streak") or {"player": None, "wins": 0}
    return {
        "shares": [(name, shares.get(name, 0)) for name in seated_names],
        "total": sum((shares.get(name, 0) for name in seated_names), Decimal(0)),
        "sat_in": [] if left is None else game.sat_in_words(rules, *left),
        "run": game.run_words(rules, streak["player"], streak["wins"]),
    }


def _tracks_turns(game: Game, rules: Rules) -> bool:
    """Whether the table shows the turn panel: its game keeps turns, and these rules wait."""
    return isinstance(game, Turns) and game.tracks_turns(rules)


def _turn(table: GameTable, rules: Rules, players: list[Player], deal: Deal) -> dict[str, Any]:
    """The hand in play, when the rules make anyone wait: whose turn, and each player's
    line (who may not drop, for how many turns, who may not lay down)."""
    state, seen = turns.turn_state(session(), table, rules, players, deal)
    by_name = {p.name: p for p in players}
    return {
        "state": state,
        "seen": seen,
        # In the order of play, as the state lists them.
        "rows": [(by_name[w.name], w, standing_words(w)) for w in state.players],
    }


@bp.route("/t/<int:table_id>/rules/edit", methods=["GET", "POST"])
def edit_rules(table_id: int) -> ResponseReturnValue:
    """Every option of the table's game on one form, grouped as its spec groups them;
    changes apply to later hands."""
    table = table_or_404(table_id, write=True)
    db = session()
    game = game_of(table)
    version, rules = current_rules(db, table)
    form_class = rules_form_for(game.options)
    form = form_class()
    errors: dict[str, str] = {}
    if request.method == "POST" and "load_preset" in request.form:
        chosen = request.form.get("load_preset", "")
        if chosen in game.presets:
            form = form_class(formdata=None)
            fill_rules_form(form, game.presets[chosen])
            form.preset.data = chosen
    elif form.is_submitted():
        changes, errors = rules_changes(form)
        chosen_preset = form.preset.data if form.preset.data in game.presets else None
        # Each change is tried on its own first, so every box that is wrong says so at once.
        checked = game.presets[chosen_preset or version.preset]
        for key, value in changes.items():
            if key in errors:
                continue
            try:
                checked = checked.with_changes({key: value})
            except Refusal as refusal:
                errors[key] = option_refused(game.options, refusal)  # named, not keyed
        if not errors:
            try:
                if commands.change_rules(db, table, chosen_preset, changes):
                    flash(
                        gettext(
                            "House rules saved; they apply from the next %(round)s on.",
                            round=language.words(game.rounds.one),
                        )
                    )
                else:
                    flash(gettext("Nothing changed: the house rules are as they were."))
                return redirect(url_for("tables.table", table_id=table.id))
            except Refusal as refusal:
                errors[refusal.field or "preset"] = refusal.words
    else:
        fill_rules_form(form, rules)
        form.preset.data = version.preset
    base = form.preset.data if form.preset.data in game.presets else version.preset
    return render(
        "rules_form.html",
        table=table,
        form=form,
        groups=rules_groups(form),
        rules_form_parts=pages_of(table).rules_form_parts,
        open_groups=open_groups(form, errors),
        errors=errors,
        base=base,
        presets=list(game.presets),
        new=request.args.get("new") == "1",
    )


@bp.get("/t/<int:table_id>/rules")
def rules_sheet(table_id: int) -> ResponseReturnValue:
    """The house rules in plain sentences, marking what differs from the preset."""
    table = table_or_404(table_id)
    game = game_of(table)
    version, rules = current_rules(session(), table)
    differs = set(rules.differences(game.presets[version.preset]))
    groups: dict[str, list[Any]] = {}
    for key, group, sentence in game.rule_sentences(rules):
        groups.setdefault(group, []).append((key, sentence, key in differs))
    return render(
        "rules_sheet.html", table=table, groups=groups, version=version, changed=len(differs)
    )


@bp.get("/t/<int:table_id>/ask")
def ask(table_id: int) -> ResponseReturnValue:
    """The questions tables argue about, each answered from this table's rules."""
    table = table_or_404(table_id)
    _, rules = current_rules(session(), table)
    # A game whose referee also answers of one player (Tongits: draw, fight, burned).
    of_a_player = pages_of(table).of_a_player
    extra = of_a_player(table, rules) if of_a_player else {}
    return render("ask.html", table=table, answers=game_of(table).answers(rules), **extra)


@bp.route("/t/<int:table_id>/players", methods=["GET", "POST"])
def players(table_id: int) -> ResponseReturnValue:
    """Between hands: rename, reorder, leave, sit in. Everyone who played stays in the tally."""
    table = table_or_404(table_id, write=True)
    db = session()
    everyone = players_of(db, table)
    error = None
    if request.method == "POST":
        action = request.form.get("action", "")
        by_id = {str(p.id): p for p in everyone}
        player = by_id.get(request.form.get("player", ""))
        name = request.form.get("name", "").strip()
        try:
            if action == "sit_in":
                commands.sit_in(db, table, name)
            elif player is None:
                raise Refusal("player: choose a player", field="player")
            elif action == "rename":
                commands.rename_player(db, table, player, name)
            elif action in ("up", "down"):
                commands.move_player(db, table, player, -1 if action == "up" else 1)
            elif action == "leave":
                commands.leave(db, table, player)
        except Refusal as refusal:
            db.rollback()
            error = (player.id if player else None, language.refusal_words(refusal), name)
        else:
            return redirect(url_for("tables.players", table_id=table.id))
    everyone = players_of(db, table)
    return render("players.html", table=table, players=everyone, error=error)


@bp.get("/t/<int:table_id>/settle-up")
def settle_up(table_id: int) -> ResponseReturnValue:
    """The fewest payments that clear the night, or everyone with one banker, or balances as
    is; a link to a way or a banker there is not is answered 400, saying so above the ways."""
    table = table_or_404(table_id)
    figures = settle_up_figures(table)
    picture_name = download_name(table, "svg")
    page = make_response(
        render("settle_up.html", table=table, picture_name=picture_name, **figures)
    )
    if figures["refused"] is not None:
        page.status_code = 400
    return page
