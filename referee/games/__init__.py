"""The games a table can play, each behind one small interface.

The shell (storage, pages, the API, export) reaches a game's house rules, outcomes,
settlement and wording only through its `Game`, found by name in `GAMES`, so that a
second game is a new entry here and new modules of its own, not a branch in every door.
Tonk and Tongits are the games; a request that names no game is Tonk.

A Tongits game is settled with what earlier games left (the pot, the streak, the dealer),
so the seam has one optional part for it: `settle_with_state`, which takes the request's
`state` as sent and returns the next state inside the Settlement. A game whose hands
stand alone (Tonk) leaves it None, and its requests carry no `state`.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from referee.games.documents import Documents
from referee.rules.answers import Answer
from referee.rules.cards import RANKS_52, ranks
from referee.rules.deal import Card
from referee.rules.declared import DeclaredOptions
from referee.rules.limits import MAX_PLAYERS, MIN_PLAYERS, TONGITS_SEATS
from referee.rules.players import check_players
from referee.rules.refusal import Refusal
from referee.rules.shapes import Shape
from referee.rules.tongits import house_rules as tongits_rules
from referee.rules.tongits import outcome as tongits_outcome
from referee.rules.tongits import presets as tongits_presets
from referee.rules.tongits import questions as tongits_questions
from referee.rules.tongits import rulings as tongits_rulings
from referee.rules.tongits import seats as tongits_seats
from referee.rules.tongits import wording as tongits_wording
from referee.rules.tongits.state import TongitsState
from referee.rules.tonk import house_rules as tonk_rules
from referee.rules.tonk import outcome as tonk_outcome
from referee.rules.tonk import wording as tonk_wording
from referee.rules.tonk.house_rules import HouseRules
from referee.rules.tonk.outcome import Outcome
from referee.rules.tonk.presets import PRESETS, rules_from
from referee.rules.tonk.questions import answers
from referee.rules.tonk.spreads import count_hand
from referee.rules.tonk.waiting import reminder, tracks_turns
from referee.rules.tonk.wording import rule_sentences
from referee.scoring.settlement import RESULTS, TONGITS_RESULTS, Settlement
from referee.scoring.tongits import settle as tongits_scoring
from referee.scoring.tongits.night import PlayedGame, replay
from referee.scoring.tonk.settle import settle


class Rules(Protocol):
    """What the shell does with any game's house rules itself: store them as JSON."""

    def to_json(self) -> dict[str, Any]: ...


class Ending(Protocol):
    """What the shell does with any game's outcome itself: name its kind, store it as JSON."""

    @property
    def kind(self) -> str: ...

    def to_json(self) -> dict[str, Any]: ...


RulesT = TypeVar("RulesT", bound=Rules)
EndingT = TypeVar("EndingT", bound=Ending)


@dataclass(frozen=True)
class Game(Generic[RulesT, EndingT]):
    """Everything the shell needs of one game; the rules and outcomes it hands back to the
    game are opaque to it beyond `Rules` and `Ending`."""

    name: str
    presets: Mapping[str, RulesT]
    default_preset: str
    # A preset by name with the table's changes on top; both refused by name when wrong.
    rules_from: Callable[[Any, Any], RulesT]
    # Rules as a table stored them, read back (Tonk's `from_stored` reads rules stored
    # before its house rules version 2 as their hands were settled).
    rules_from_json: Callable[[Any], RulesT]
    # Rules as a table stores them again (a table's file brought back): Tonk writes rules
    # read from before its version 2 in their old form, so their hands settle as they did.
    rules_to_json: Callable[[RulesT], dict[str, Any]]
    # Its outcome: one pydantic type (a union of a model per kind) that every door reads
    # and the documents hold and describe, and its reader from JSON alone.
    outcome: Shape[EndingT]
    settle: Callable[[RulesT, Sequence[str], EndingT], Settlement]
    # Every kind of ending, in the order a form lists them, with its words.
    kind_words: Mapping[str, str]
    # What a hand form asks under these rules.
    playable_kinds: Callable[[RulesT], list[str]]
    asks_totals: Callable[[str, RulesT], bool]
    asks_last_draw: Callable[[str, RulesT], bool]
    needs_spread_six: Callable[[RulesT], bool]
    # The rules sheet: (option key, group, sentence) in the order the sheet reads.
    rule_sentences: Callable[[RulesT], list[tuple[str, str, str]]]
    # The referee's answers to the questions a table asks, under these rules.
    answers: Callable[[RulesT], list[Answer]]
    # Its options as the rules form asks them and the rules sheet names them.
    options: DeclaredOptions
    # The referee's card counter: a hand's total and how it was counted, in words; the
    # ranks of the deck the table plays with (the picker shows four suits of each).
    count_hand: Callable[[Sequence[Card], RulesT], tuple[int, str]]
    deck_ranks: Callable[[RulesT], Sequence[str]]
    # Its part of the documents (the API's bodies and answers, a table's file).
    documents: Documents
    # A game that carries state from one settlement to the next request (Tongits' pot and
    # streak): settle with the request's `state` as sent (None when absent). Its `settle`
    # above is then the first game of a night. None for a game without state (Tonk).
    settle_with_state: Callable[[RulesT, Sequence[str], EndingT, Any], Settlement] | None = None
    # The same game at a table: its night replayed in order, each game settled with what
    # the one before left (None for a void game), so an edit or a void moves every later
    # game. None for a game whose hands stand alone.
    replay_night: Callable[[Sequence[PlayedGame]], list[Settlement | None]] | None = None
    # Whether a table can be started with it: the table app (pages, hand forms, tally) is
    # built for it. A game without tables yet is still settled one game at a time.
    at_tables: bool = True

    @property
    def table_name(self) -> str:
        """What a table of this game started without a name is called ("Tongits night")."""
        return f"{self.name.title()} night"

    # The players typed at the start of a table, checked by the game (Tonk: 2 to 6; Tongits:
    # its number of seats), and the rules that seat them (a Tongits table started with four
    # names plays the house rule of four seats).
    seated_rules: Callable[[RulesT, Sequence[str]], RulesT] = lambda rules, names: rules
    # Tonk's points mode (house rules 2.7): whether these rules score points, and how many
    # hands make a game of points; a game without it answers False and None.
    scores_points: Callable[[RulesT], bool] = lambda rules: False
    hands_a_game: Callable[[RulesT], int | None] = lambda rules: None
    # Whether these rules make players wait some turns (Tonk's turn panel), and the house
    # rule on laying down that holds for everyone; a game without them: False and None.
    tracks_turns: Callable[[RulesT], bool] = lambda rules: False
    reminder: Callable[[RulesT], str | None] = lambda rules: None
    # Whether the dealer plays first (Tongits: the dealer's 13th card opens the game), or
    # the player after the dealer (Tonk).
    dealer_plays_first: bool = False
    check_seats: Callable[[RulesT, Any], tuple[str, ...]] = lambda rules, names: check_players(
        names
    )
    # The options whose sentences the card counter shows beside the cards, because they
    # decide what to tap (Tongits: the card values, and whether melds kept in hand count).
    count_rules: tuple[str, ...] = ()
    # A game's own line for a stored hand (its outcome and result as stored) where the
    # result's words and the winners would mislead (a Tonk drop names its dropper); None:
    # the pages say the result's words and the winners.
    hand_words: Callable[[Mapping[str, Any], str], str | None] = lambda outcome, result: None


TONK: Game[HouseRules, Outcome] = Game(
    name="tonk",
    presets=PRESETS,
    default_preset="classic",
    rules_from=rules_from,
    rules_from_json=HouseRules.from_stored,
    rules_to_json=HouseRules.to_stored,
    outcome=tonk_outcome.OUTCOME,
    settle=settle,
    kind_words=tonk_outcome.KIND_WORDS,
    playable_kinds=tonk_outcome.playable_kinds,
    asks_totals=tonk_outcome.asks_totals,
    asks_last_draw=tonk_outcome.asks_last_draw,
    needs_spread_six=tonk_outcome.needs_spread_six,
    rule_sentences=rule_sentences,
    answers=answers,
    scores_points=lambda rules: rules.scoring == "points",
    hands_a_game=lambda rules: rules.points_target_hands,
    tracks_turns=tracks_turns,
    reminder=reminder,
    options=DeclaredOptions(
        tonk_rules.option_keys,
        tonk_rules.option_group,
        tonk_rules.check_of,
        tonk_wording.option_label,
        tonk_wording.value_in_words,
    ),
    count_hand=count_hand,
    deck_ranks=lambda rules: ranks(rules.deck),
    documents=Documents(
        check_changes=HouseRules().with_changes,
        seats=(MIN_PLAYERS, MAX_PLAYERS),
        seating="Distinct names in seating order (no space at either end).",
        results=RESULTS,
        overrides_waits=True,
        plays_for_points=True,
    ),
    hand_words=tonk_wording.drop_in_words,
)

TONGITS: Game[tongits_rules.TongitsRules, tongits_outcome.Ending] = Game(
    name="tongits",
    presets=tongits_presets.PRESETS,
    default_preset=tongits_presets.DEFAULT_PRESET,
    rules_from=tongits_presets.rules_from,
    rules_from_json=tongits_rules.TongitsRules.from_json,
    rules_to_json=tongits_rules.TongitsRules.to_json,
    outcome=tongits_outcome.OUTCOME,
    settle=tongits_scoring.settle,
    kind_words=tongits_outcome.KIND_WORDS,
    playable_kinds=lambda rules: list(tongits_outcome.KINDS),
    asks_totals=lambda kind, rules: tongits_outcome.kind_needs_totals(kind),
    # Tongits' `last_card` is asked where Tonk asks `last_draw`: when the stock ran out.
    asks_last_draw=lambda kind, rules: kind == "stock_out",
    needs_spread_six=lambda rules: False,
    rule_sentences=tongits_wording.rule_sentences,
    answers=tongits_questions.answers,
    options=DeclaredOptions(
        tongits_rules.option_keys,
        tongits_rules.option_group,
        tongits_rules.check_of,
        tongits_wording.option_label,
        tongits_wording.value_in_words,
    ),
    count_hand=lambda cards, rules: tongits_rulings.count_hand(cards, rules),
    deck_ranks=lambda rules: RANKS_52,
    documents=Documents(
        check_changes=tongits_rules.TongitsRules().with_changes,
        seats=(min(TONGITS_SEATS), max(TONGITS_SEATS)),
        seating="As many distinct names as the rules seat (3, or 4), in the order of play.",
        results=TONGITS_RESULTS,
        state=TongitsState,
    ),
    count_rules=("card_values", "hand_melds_count"),
    settle_with_state=tongits_scoring.settle_from,
    replay_night=replay,
    dealer_plays_first=True,
    seated_rules=tongits_seats.seated_rules,
    check_seats=tongits_seats.check_seated,
)

DEFAULT_GAME = TONK.name
# Each game has its own rules and outcome types; the registry holds games of any of them.
GAMES: dict[str, Game[Any, Any]] = {TONK.name: TONK, TONGITS.name: TONGITS}


def game_named(name: object) -> Game[Any, Any]:
    """The game called `name`, refused with the list of games when there is none."""
    if not isinstance(name, str) or name not in GAMES:
        raise Refusal(
            f"game: there is no game {str(name)[:40]!r}; choose " + ", ".join(GAMES),
            field="game",
        )
    return GAMES[name]


def table_games() -> list[str]:
    """The games a table can be started with, in the registry's order (Tonk first)."""
    return [name for name, game in GAMES.items() if game.at_tables]


def table_game_named(name: object) -> Game[Any, Any]:
    """The game called `name`, for a table to play: refused, with the games a table can
    play, when the table app is not built for it yet (its `at_tables`)."""
    game = game_named(name)
    if not game.at_tables:
        raise Refusal(
            f"game: {game.name.title()} tables are not open yet; the referee settles one game "
            f"of {game.name.title()} at a time (POST /api/settle, referee settle); a table "
            "can play " + ", ".join(table_games()),
            field="game",
        )
    return game
