"""Each game's own pages, as the web shell finds them: its hand form, its referee tabs, its
page for cards laid down, what its ask page adds, and its own words: each opens its
meaning where a form says it, and the pages that list them gloss them.

A game a table can play names the module of its pages (`AtTables.pages`, as an entry
point names its module), so the registry below the web imports nothing of the web and
the shell's pages ask a table's game for its parts, never for its name.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from typing import Any

from flask import Flask
from flask.typing import ResponseReturnValue
from flask_wtf import FlaskForm

from referee.games import AtTables, Game
from referee.rules.words import Term
from referee.store.models import GameTable, Player
from referee.store.rules_versions import game_of
from referee.store.turns import Turn


@dataclass(frozen=True)
class HandForm:
    """What a game's hand form asks, and how: the form for an outcome under the rules, the
    outcome JSON from what was typed, a stored outcome put back for a fix, the partial
    that shows the questions, and what a new hand's form may answer for the table."""

    form: Callable[[str, Any, Sequence[Player], Player], FlaskForm]
    outcome: Callable[[str, FlaskForm, Sequence[Player]], dict[str, Any]]
    fill: Callable[[FlaskForm, dict[str, Any], Sequence[Player]], None]
    partial: str
    # What else the partial shows under these rules (Tongits: the bonuses the house pays).
    extra: Callable[[Any], dict[str, Any]] = lambda rules: {}
    # What a new hand's form chooses for the table from whose turn it is (Tonk: who
    # dropped), and the words that say so beside it while it stands; None: nothing chosen.
    presume: Callable[[FlaskForm, str, Turn], str | None] = lambda form, kind, turn: None


@dataclass(frozen=True)
class GamePages:
    """A game's own parts of the table's pages."""

    hand_form: HandForm
    # The referee's tabs, (endpoint, words) in the order the nav shows them.
    tabs: tuple[tuple[str, str], ...]
    # The page that rules on cards laid down (a Tonk spread, a Tongits meld); None: 404.
    cards_page: Callable[[GameTable], ResponseReturnValue] | None = None
    # What a group of the rules form shows above its fields, by group: a template (Tonk's
    # bands of dealt totals, three boxes a row).
    rules_form_parts: Mapping[str, str] = field(default_factory=dict)
    # What the ask page adds: questions the referee answers of one player (its context,
    # with the partial that shows them as `player_questions`).
    of_a_player: Callable[[GameTable, Any], dict[str, Any]] | None = None
    # The game's own words, by key, each with what it means: a form's template opens one
    # where it says it (macros.html `term`).
    terms: Mapping[str, Term] = field(default_factory=dict)
    # The words each page lists ("history", "hand", "rules"), glossed in one paragraph.
    glossary: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # What heads the glossed words ("Tongits words:").
    glossary_title: str = ""
    # How many it seats, as the start page says it beside the players' boxes.
    seat_words: str = ""


@cache
def _pages(module: str) -> GamePages:
    pages = import_module(module).PAGES
    if not isinstance(pages, GamePages):
        raise TypeError(f"{module}.PAGES is not a GamePages")
    return pages


def pages_of(table: GameTable) -> GamePages:
    """The pages of the table's game (a table is started only with a game that has them)."""
    game = game_of(table)
    if not isinstance(game, AtTables):
        raise TypeError(f"a table of {game.name}, a game without table pages")
    return _pages(game.pages)


def seat_words(game: Game) -> str:
    """What a game a table can play seats, as the start page says it ("Tonk: 2 to 6")."""
    return _pages(game.pages).seat_words if isinstance(game, AtTables) else ""


def referee_tabs(table: GameTable) -> tuple[tuple[str, str], ...]:
    """The referee's tabs of `table`'s game: every page with a table shows them (base.html),
    including pages rendered outside `render`, so they are a template global."""
    return pages_of(table).tabs


def glossary(table: GameTable, page: str) -> tuple[str, list[Term]]:
    """What heads the game's own words, and each word `page` lists with what it means."""
    pages = pages_of(table)
    return pages.glossary_title, [pages.terms[key] for key in pages.glossary.get(page, ())]


def game_term(table: GameTable, key: str) -> Term:
    """A word of the table's game with what it means, for a form that says it: the game's
    template names it by its key, so the shell's macro never names a game's word."""
    return pages_of(table).terms[key]


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(referee_tabs=referee_tabs, glossary=glossary, game_term=game_term)
