"""The games of a night in points mode (section 2.7), derived from its hands, never stored.

With `points_target_hands` N, a game is N hands that were not voided (draws count: they
were played); after its N-th hand the lowest score wins, a shared lowest score shares the
win, and the next hand starts a new game with every score at 0. Without N the game runs
until the table ends it. Because the games are walked again from the stored hands each
time, an edit or a void of a hand recomputes that game and every game after it.

A change of the number of hands applies to the game in play: each hand counts towards
the N of the rules it was played under, and a game is over with the first hand at which
it has N hands (a game already past a smaller N ends with its next hand).

The spec does not say who may win when the seats change during a game. A player who
sits in has fewer hands' points, and one who leaves stops scoring, so either would win
on a score the others never had the chance to beat: a game is won among the players who
played every hand of it (the rules sheet says so). They keep their scores, and if
nobody played every hand, the players of its last hand contend.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from referee.rules.said import said
from referee.rules.words import names_in_words


@dataclass(frozen=True)
class PlayedHand:
    """One hand of the night as the games need it: its number, whether it was voided, each
    of its players' points (None for a hand settled in chips, which is in no game), and the
    number of hands a game has under the rules it was played with (referee.games asks the
    table's game for both: `played_hand`)."""

    no: int
    void: bool
    points: Mapping[str, int] | None
    target: int | None


@dataclass(frozen=True)
class Game:
    """One game: its number (1, 2, 3...), its hands, each player's score, and, once over,
    who won (several on a shared lowest score)."""

    number: int
    hands: tuple[int, ...]
    target: int | None
    scores: Mapping[str, int] = field(default_factory=dict)
    over: bool = False
    # Who may win it: the players of every one of its hands (see the module's docstring).
    contenders: frozenset[str] = frozenset()
    # The scores after each of its hands, in the order of `hands` (the chart draws the game
    # from them). Left out of comparisons: `hands` and `scores` already say which game it is.
    running: tuple[Mapping[str, int], ...] = field(default=(), compare=False)

    @property
    def low(self) -> int | None:
        """The winning score of a game that is over: the lowest among its contenders."""
        scores = [score for name, score in self.scores.items() if name in self.contenders]
        return min(scores) if self.over and scores else None

    @property
    def on_the_lowest_score(self) -> list[str]:
        """Everyone on the lowest score of a game that is over, contender or not: who the
        files of earlier versions said won it."""
        if not self.over or not self.scores:
            return []
        low = min(self.scores.values())
        return [name for name, score in self.scores.items() if score == low]

    @property
    def winners(self) -> list[str]:
        """The contenders on the lowest score of a game that is over; nobody while it is in
        play."""
        low = self.low
        return [
            name
            for name, score in self.scores.items()
            if low is not None and name in self.contenders and score == low
        ]


def games(hands: Sequence[PlayedHand]) -> list[Game]:
    """The night's games, in order, from its hands in order of their numbers. The last game
    is the one in play unless it is over; a night whose last game is over (or with no
    hands in points) has no game in play yet: `in_play` says which one comes next."""
    found: list[Game] = []
    numbers: list[int] = []
    scores: dict[str, int] = {}
    running: list[Mapping[str, int]] = []
    every_hand: set[str] = set()  # the players of every hand of the game so far
    target: int | None = None
    for hand in hands:
        if hand.void or hand.points is None:
            continue
        every_hand = set(hand.points) if not numbers else every_hand & set(hand.points)
        numbers.append(hand.no)
        target = hand.target
        for name, points in hand.points.items():
            scores[name] = scores.get(name, 0) + points
        running.append(dict(scores))
        if target is not None and len(numbers) >= target:
            contenders = frozenset(every_hand or hand.points)
            found.append(
                Game(
                    len(found) + 1,
                    tuple(numbers),
                    target,
                    dict(scores),
                    True,
                    contenders,
                    tuple(running),
                )
            )
            numbers, scores, running = [], {}, []
    if numbers:
        found.append(
            Game(len(found) + 1, tuple(numbers), target, dict(scores), running=tuple(running))
        )
    return found


def in_play(found: Sequence[Game], target: int | None) -> Game:
    """The game the next hand belongs to, under the number of hands in force now (`target`):
    the last game while it is not over, else a new game with no hands and no scores."""
    if found and not found[-1].over:
        last = found[-1]
        return Game(last.number, last.hands, target, last.scores, running=last.running)
    return Game(len(found) + 1, (), target)


def hand_of(game: Game) -> str:
    """'Hand 3 of 5' for the hand in play of a game ('Hand 3' when no number is agreed; 'Hand
    5, the last of this game' when the number agreed was lowered below the hands played)."""
    played = len(game.hands) + 1
    if game.target is None:
        return said("Hand {number}", number=played)
    if played > game.target:
        return said("Hand {number}, the last of this game", number=played)
    return said("Hand {number} of {hands}", number=played, hands=game.target)


def won(found: Sequence[Game]) -> dict[str, int]:
    """How many games each player won (a shared win counts for each who shares it)."""
    counts: dict[str, int] = {}
    for game in found:
        for name in game.winners:
            counts[name] = counts.get(name, 0) + 1
    return counts


def result_words(game: Game) -> str:
    """'Game 1 over: Ben wins with 12' or 'Game 1 over: Anna and Ben share the win with 7'."""
    winners = game.winners
    if not winners:
        return said("Game {number}: in play", number=game.number)
    over = {"number": game.number, "names": names_in_words(winners), "low": game.low}
    if len(winners) == 1:
        return said("Game {number} over: {names} wins with {low}", **over)
    return said("Game {number} over: {names} share the win with {low}", **over)


def game_of_hand(found: Sequence[Game]) -> dict[int, tuple[Game, int]]:
    """Each hand number in a game: (its game, its place in it, 1 for the game's first)."""
    return {no: (game, place) for game in found for place, no in enumerate(game.hands, 1)}


def place_words(game: Game, place: int) -> str:
    """'Game 1 · hand 2 of 3': where a hand stands in its game (the history)."""
    if game.target is None:
        return said("Game {number} · hand {place}", number=game.number, place=place)
    return said(
        "Game {number} · hand {place} of {hands}",
        number=game.number,
        place=place,
        hands=game.target,
    )


def game_json(game: Game) -> dict[str, object]:
    """A game as the API answers and the table's file holds it (documents.answers.Game)."""
    return {
        "game": game.number,
        "hands": list(game.hands),
        "hands_in_game": game.target,
        "scores": dict(game.scores),
        "over": game.over,
        "winners": game.winners,
    }
