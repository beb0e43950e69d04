"""What a game is to the shell: one small Protocol every game implements, and the
capabilities only some games have.

The shell (storage, the one door, pages, the API, export) holds a game's house rules and
outcomes as `Rules` and `Ending` and hands them back to the game that made them; it never
looks inside them and never asks which game it is. What only some games have (turns and
waits, games of points, state carried from one game to the next, card counting, table
pages) is a capability the shell asks for with `isinstance(game, Points)`, as pytest asks
a plug-in for a hook: a game implements only the capabilities it has, and a third game
is a new plug-in, not a branch in every door.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from referee.games.documents import Documents
from referee.rules.answers import Answer
from referee.rules.deal import Card
from referee.rules.declared import DeclaredOptions
from referee.rules.refusal import Refusal
from referee.rules.said import said
from referee.rules.tonk.waiting import Mark, TurnState
from referee.scoring.settlement import Settlement
from referee.scoring.tonk.games import Game as GameOfPoints
from referee.scoring.tonk.games import PlayedHand


class Rules(Protocol):
    """What the shell does with any game's house rules itself: show their unit, store them."""

    @property
    def unit(self) -> str: ...

    def to_json(self) -> dict[str, object]: ...

    def with_changes(self, changes: object) -> "Rules":
        """These rules with some options changed (the rules form tries each on its own)."""
        ...


class Ending(Protocol):
    """What the shell does with any game's outcome itself: name its kind, store it as JSON."""

    @property
    def kind(self) -> str: ...

    def to_json(self) -> dict[str, object]: ...


class Outcomes(Protocol):
    """A game's outcome as the shell reads it (referee.rules.shapes.Shape): `type` for the
    documents to hold and describe, `read` for a door that has the JSON alone."""

    @property
    def type(self) -> object: ...

    def read(self, data: object) -> Ending:
        """An ending from JSON, or the Refusal that says, in the game's words, what is wrong."""
        ...


@dataclass(frozen=True)
class PlayedGame:
    """One game of a night as the table recorded it, for a game that carries state: whether
    it was voided, the rules it was played under, its players in the order of play, its
    ending, and who dealt it (None: whoever the game before says deals)."""

    void: bool
    rules: Rules
    players: tuple[str, ...]
    outcome: Ending
    dealer: str | None = None


@dataclass(frozen=True)
class Seats:
    """How many players a game's rules seat, and the rule in words when a change of seats
    would leave too few or too many (the one door refuses a leave or a sit-in with it)."""

    fewest: int
    most: int
    too_few: str  # "a table needs at least 2 players"
    too_many: str  # "at most 6 players sit at a table"


@dataclass(frozen=True)
class Rounds:
    """What a game calls one round of its play at a table (Tonk: a hand; Tongits: a game),
    in the forms the shared pages put it in ("How did the hand end?", "Hand 4", "Tally
    after 3 hands"): the game words its rounds, so no shared page names a game. Each is a
    `Said` (worded in the page's language where it is shown), a whole noun a sentence's
    value stands for."""

    one: str  # "hand", within a sentence
    one_title: str  # "Hand", heading a line
    many: str  # "hands", within a sentence
    many_title: str  # "Hands", heading a page or a tab
    count: Callable[[int], str]  # "1 hand", "3 hands", in the plural the number takes


class Game(Protocol):
    """What every game provides: its rules, its outcomes, their settlement, the seats it
    allows, and its words."""

    @property
    def name(self) -> str: ...

    @property
    def table_name(self) -> str:
        """What a table of this game started without a name is called ("Tongits night")."""
        ...

    # Its rules: presets by name, and its options as the rules form asks them.
    @property
    def presets(self) -> Mapping[str, Rules]: ...

    @property
    def default_preset(self) -> str: ...

    @property
    def preset_words(self) -> Mapping[str, str]:
        """What each preset changes, in a line, as the start page offers it."""
        ...

    @property
    def options(self) -> DeclaredOptions: ...

    @property
    def start_options(self) -> tuple[str, ...]:
        """The options the start page asks beside the preset (the stake and the unit), each
        checked as the rules form checks it; the preset's values unless changed."""
        ...

    def rules_from(self, preset: object, changes: object) -> Rules:
        """A preset by name with the table's changes on top; both refused by name when wrong."""
        ...

    def rules_from_json(self, stored: object) -> Rules:
        """Rules as a table stored them, read back."""
        ...

    def rules_to_json(self, rules: Rules) -> dict[str, object]:
        """Rules as a table stores them again (a table's file brought back)."""
        ...

    # Its outcomes: every kind in the order a form lists them, with its words.
    @property
    def kind_words(self) -> Mapping[str, str]: ...

    @property
    def outcome(self) -> "Outcomes":
        """Its outcome as one type (a union of a model per kind) that every door reads and
        the documents hold and describe."""
        ...

    def playable_kinds(self, rules: Rules) -> list[str]:
        """The kinds of ending these rules play, as the table page offers them."""
        ...

    def asks_totals(self, kind: str, rules: Rules) -> bool:
        """Whether a hand form of this kind asks each player's total of cards."""
        ...

    def settle(self, rules: Rules, players: Sequence[str], outcome: Ending) -> Settlement: ...

    # Its seats.
    @property
    def dealer_plays_first(self) -> bool:
        """Whether the dealer plays first (Tongits), or the player after the dealer (Tonk)."""
        ...

    def seats(self, rules: Rules) -> Seats: ...

    def seated_rules(self, rules: Rules, players: Sequence[str]) -> Rules:
        """The rules that seat the players typed at the start of a table (a Tongits table
        started with four names plays the house rule of four seats)."""
        ...

    def check_seats(self, rules: Rules, players: object) -> tuple[str, ...]:
        """The players typed at the start of a table, checked in the game's words."""
        ...

    @property
    def documents(self) -> Documents:
        """Its part of the documents (the API's bodies and answers, a table's file)."""
        ...

    # Its words.
    @property
    def rounds(self) -> Rounds:
        """What it calls one round of its play (a hand, a game), as the shared pages say it."""
        ...

    def rule_sentences(self, rules: Rules) -> list[tuple[str, str, str]]:
        """The rules sheet: (option key, group, sentence) in the order the sheet reads."""
        ...

    def answers(self, rules: Rules) -> list[Answer]:
        """The referee's answers to the questions a table asks, under these rules."""
        ...

    @property
    def result_words(self) -> Mapping[str, str]:
        """What ended a hand (a settlement's result) in words, as the history heads it."""
        ...

    @property
    def why_words(self) -> Mapping[str, str]:
        """A payment's short reason said in full, where the game has longer words for it."""
        ...

    def hand_words(self, outcome: Mapping[str, object], result: str) -> str | None:
        """A game's own line for a stored hand where the result's words and the winners
        would mislead (a Tonk drop names its dropper); None: the pages say those."""
        ...


@runtime_checkable
class Turns(Protocol):
    """A game whose players may have to wait some turns before they may end a hand some
    way (Tonk: a drop after a spread is hit): the turn panel, and the one door's check of
    such an ending."""

    def tracks_turns(self, rules: Rules) -> bool:
        """Whether these rules make players wait some turns (the table shows the panel)."""
        ...

    def reminder(self, rules: Rules) -> str | None:
        """The house rule on waiting that holds for everyone, in words."""
        ...

    def waits_for(self, kind: object, rules: Rules) -> bool:
        """Whether a new hand of this kind can be refused for a wait under these rules."""
        ...

    def turn_state(self, rules: Rules, order: Sequence[str], marks: Sequence[Mark]) -> TurnState:
        """Who may end the hand on the turn in play, from the scorekeeper's marks."""
        ...

    def broken_wait(
        self, rules: Rules, state: TurnState, outcome: Mapping[str, object]
    ) -> tuple[Refusal, str | None] | None:
        """The refusal of an outcome that ends the hand over a wait, and the note the hand
        keeps when the scorekeeper overrides it; None when it breaks no wait."""
        ...


@runtime_checkable
class Points(Protocol):
    """A game that can be played for points (Tonk's house rules 2.7): games of some hands."""

    def scores_points(self, rules: Rules) -> bool: ...

    def hands_a_game(self, rules: Rules) -> int | None:
        """How many hands make a game of points (None: until the table stops)."""
        ...


@runtime_checkable
class CarriesState(Protocol):
    """A game that carries state from one settlement to the next (Tongits' pot and streak):
    its `settle` is then the first game of a night."""

    def settle_with_state(
        self, rules: Rules, players: Sequence[str], outcome: Ending, state: object
    ) -> Settlement:
        """Settle with a request's `state` as sent (None when absent)."""
        ...

    def replay_night(self, night: Sequence[PlayedGame]) -> list[Settlement | None]:
        """A table's night replayed in order, each game settled with what the one before
        left (None for a void game), so an edit or a void moves every later game."""
        ...

    def state_seen_by(self, rules: Rules, state: object, seats: Sequence[str]) -> dict[str, object]:
        """The state a game left (as its settlement stored it), as the players in these
        seats see it under the rules in force: what a player who left had in it is theirs
        again, and a player who sat in has what the rules give them."""
        ...

    def sat_in_words(self, rules: Rules, state: object, seats: Sequence[str]) -> list[str]:
        """What the players who sat in since that game were given in it, in words (a
        Tongits joiner who matched the pot); none when nobody was given anything."""
        ...

    def run_words(self, rules: Rules, player: str | None, wins: int) -> str:
        """Who is on a winning run, and what it takes to win the pot, in words."""
        ...


@dataclass(frozen=True)
class NextRound:
    """The round about to be played, as the shell knows it, for a game to say what is in
    force for it (`SaysStatus`): its number at the table (voided rounds keep theirs), the
    game of points it belongs to (None when the rules in force score none), and what the
    rounds before left as the seated players see it (None for a game that carries no
    state, or before its first round)."""

    number: int
    game: GameOfPoints | None = None
    state: Mapping[str, Any] | None = None


@runtime_checkable
class SaysStatus(Protocol):
    """A game that says what is in force for the next round in its own parts (Tonk: how it
    scores, the game of points and the hand, the stake; Tongits: the game, the stake, the
    pot and the run): the table page's status line, which the shell ends with the deal. A
    game without it is said by its round's number alone ("Hand 4")."""

    def status_words(self, rules: Rules, round: NextRound) -> list[str]:
        """The line's parts, most general first, each a whole phrase (a `Said`)."""
        ...


@runtime_checkable
class WordsPayments(Protocol):
    """A game whose payments say more in words than their why alone, from how the game
    ended (a Tongits draw paid pair by pair names who beat whom); the pages word any other
    game's payments by `why_words`."""

    def payments_in_words(
        self, outcome: Mapping[str, object], settlement: Mapping[str, Any]
    ) -> list[str]:
        """Why each payment of `settlement` is paid, in words, in the order of its payments;
        `outcome` and `settlement` as a hand stores them."""
        ...


@runtime_checkable
class CountsCards(Protocol):
    """A game whose referee counts a hand of cards (the card counter page)."""

    @property
    def count_rules(self) -> tuple[str, ...]:
        """The options whose sentences the counter shows beside the cards."""
        ...

    def count_hand(self, cards: Sequence[Card], rules: Rules) -> tuple[int, str]:
        """A hand's total and how it was counted, in words."""
        ...

    def deck_cards(self, rules: Rules) -> Sequence[Card]:
        """The cards of the deck these rules play with, in the picker's order: rank by rank,
        the four suits side by side, then any jokers."""
        ...


@runtime_checkable
class AtTables(Protocol):
    """A game a table can be started with: the web shell shows its tables with the pages
    (hand forms, referee pages) its own package declares. A game without it is settled one
    game at a time (POST /api/settle, referee settle)."""

    @property
    def pages(self) -> str:
        """The module whose `PAGES` the web shell imports ("referee.web.tonk"), named as an
        entry point is, so the registry below the web imports nothing of the web."""
        ...


T = TypeVar("T")


def own(kind: type[T], value: object) -> T:
    """`value` as a game's own type: the shell hands a game back only the rules and
    outcomes that game made, so anything else is a bug in the shell, not a refusal."""
    if not isinstance(value, kind):
        raise TypeError(f"a {type(value).__name__} handed to a game of {kind.__name__}")
    return value


class Named:
    """The one part every game words the same way: a table started without a name."""

    name: str

    @property
    def table_name(self) -> str:
        """The table's name from the game's ("Tongits night")."""
        return said("{game} night", game=self.name.title())


def scores_points(game: Game, rules: Rules) -> bool:
    """Whether `rules` of `game` score points (False for a game that has no points)."""
    return isinstance(game, Points) and game.scores_points(rules)


def played_hand(
    game: Game, rules: Rules, no: int, void: bool, points: Mapping[str, int] | None
) -> PlayedHand:
    """A hand as the games of points count it, asked of its game: its points and the number
    of hands a game has, only when its rules score points (a hand in chips is in no game)."""
    if isinstance(game, Points) and game.scores_points(rules):
        return PlayedHand(no, void, points, game.hands_a_game(rules))
    return PlayedHand(no, void, None, None)
