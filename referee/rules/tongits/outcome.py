"""How a game of Tongits ended, and whether it can have ended so (tongits.md 2.1 to 2.5, 2.10).

`Ending` is one pydantic type: a model per kind holding only the facts that kind has (a
draw without its caller cannot be written down), read and described by every door;
`parse_outcome` reads it from JSON alone, refusing in the words below. `check_outcome`
refuses what the rules say cannot be, naming the field, the player and the rule, so that
scoring only ever settles a game that could have been played.
"""

from collections.abc import Iterator, Mapping, Sequence
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationInfo
from pydantic_core import ErrorDetails

from referee.rules.limits import (
    ACES_IN_A_DECK,
    FOUR_CARD_MELDS_A_PLAYER,
    KINGS_IN_A_DECK,
    MAX_CARD_POINTS,
    MAX_NAME_LENGTH,
)
from referee.rules.players import check_at_table, lowest
from referee.rules.refusal import Refusal
from referee.rules.said import said
from referee.rules.shapes import Kind, Shape, carried, first, refusal_in, shown
from referee.rules.tongits.house_rules import TongitsRules
from referee.rules.words import names_in_words

KindName = Literal["tongits", "draw", "stock_out", "bisaklat"]
KINDS: tuple[KindName, ...] = get_args(KindName)
KIND_WORDS: dict[str, str] = {
    "tongits": said("tong-its"),
    "draw": said("draw"),
    "stock_out": said("stock ran out"),
    "bisaklat": said("bisaklat"),
}
NAME_LISTS = ("burned", "concealed", "fought")
BONUS_KEYS = ("secret", "escalera", "aces", "kings", "jokers")


def _once(names: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
    """A list of players' names names each player at most once."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            key = info.field_name
            raise carried(
                Refusal(
                    said(
                        "{key}: {name} is listed twice; name each player once",
                        key=key,
                        name=name[:MAX_NAME_LENGTH],
                    ),
                    field=key,
                    player=name[:MAX_NAME_LENGTH],
                )
            )
        seen.add(name)
    return names


# A list of players' names, each at most once (a JSON list, read as a tuple).
Names = Annotated[tuple[str, ...], Field(default=(), strict=False), AfterValidator(_once)]
Totals = Annotated[
    dict[str, int], Field(default_factory=dict, description="{name: points in hand}")
]


class Held(BaseModel):
    """What a player held at the end that a bonus can pay: Secrets, Escaleras, aces, and
    since version 2 kings and jokers (6.1; 0 when not given, as every version 1 request)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    secret: int = Field(0, ge=0)
    escalera: int = Field(0, ge=0)
    aces: int = Field(0, ge=0)
    kings: int = Field(0, ge=0)
    jokers: int = Field(0, ge=0)


class _Ending(Kind):
    """What every ending has (2.1): who was burned, who was concealed, what each held."""

    burned: Names
    concealed: Names
    bonuses: dict[str, Held] = Field(default_factory=dict)


class TongIts(_Ending):
    """2.2: `player` melded or laid off every card."""

    kind: Literal["tongits"] = "tongits"
    player: str = Field(description="Who won.")


class Bisaklat(_Ending):
    """2.3: `player` showed every card in a meld before anyone's first turn."""

    kind: Literal["bisaklat"] = "bisaklat"
    player: str = Field(description="Who won.")


class Draw(_Ending):
    """2.4: `caller` called a draw; `fought` challenged it, everyone else folded."""

    kind: Literal["draw"] = "draw"
    caller: str = Field(description="Who called it.")
    fought: Names
    totals: Totals
    sapaw_on_caller: bool = False


class TongitsStockOut(_Ending):
    """2.5: the stock ran out; the totals of who is not burned, who took the last card."""

    kind: Literal["stock_out"] = "stock_out"
    totals: Totals
    last_card: str | None = Field(None, description="Who took the last card.")


Ending = TongIts | Bisaklat | Draw | TongitsStockOut
"""How a game of Tongits ended: one class per kind, each with only the facts that kind has."""

# Each kind's fields as a reader lists them: its kind, its own facts, then the common ones.
_FIELDS: dict[str, tuple[str, ...]] = {
    model.model_fields["kind"].default: (*model.__annotations__, *_Ending.__annotations__)
    for model in get_args(Ending)
}
# Which fault a reader is told of first, when an ending has several: a field the kind has
# not, then the facts every kind has, then the kind's own.
_ORDER = tuple(
    f"{key}{mark}"
    for key in ("burned", "concealed", "bonuses", "sapaw_on_caller", "player", "caller")
    + ("fought", "last_card", "totals")
    for mark in ("", "?")
)
_WHO = {"player": said("who went tong-its"), "caller": said("who called the draw")}
_SHAPE = said(
    'bonuses: give what each player held as name: {{"secret": n, "escalera": n, "aces": n, '
    '"kings": n, "jokers": n}}'
)


def _in_words(errors: Sequence[ErrorDetails], data: Any) -> Refusal:
    """What is wrong with an ending, as a player reads it."""
    if not isinstance(data, Mapping):
        return Refusal(
            said("outcome: say how the game ended, as an object with a kind"), field="outcome"
        )
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        return Refusal(
            said(
                "kind: {kind} is not a way a game of Tongits ends; choose {kinds}",
                kind=shown(str(kind)),
                kinds=", ".join(KINDS),
            ),
            field="kind",
        )
    fields = _FIELDS[kind]
    for key in data:
        if key not in fields:
            return Refusal(
                said(
                    "outcome: a {kind} has no field {key}; it has {fields}",
                    kind=KIND_WORDS[kind],
                    key=shown(str(key)),
                    fields=", ".join(fields),
                ),
                field="outcome",
            )
    error = first(errors, _ORDER)
    carried_refusal = refusal_in(error)
    if carried_refusal is not None:
        return carried_refusal
    loc = error["loc"]
    key = str(loc[1])
    if key in _WHO:
        who = said("who showed the bisaklat") if kind == "bisaklat" else _WHO[key]
        return Refusal(said("{key}: say {who}, by name", key=key, who=who), field=key)
    if key in NAME_LISTS:
        return Refusal(said("{key}: give a list of players' names", key=key), field=key)
    if key == "sapaw_on_caller":
        return Refusal(said("sapaw_on_caller: answer true or false"), field=key)
    if key == "last_card":
        return Refusal(said("last_card: give the name of who took the last card"), field=key)
    player = str(loc[2])[:MAX_NAME_LENGTH] if len(loc) > 2 else None
    if key == "totals" and player is not None:
        return Refusal(
            said("totals: {player}'s total must be a whole number of points", player=player),
            field=key,
            player=player,
        )
    if key == "totals":
        return Refusal(said("totals: give each player's total as name: points"), field=key)
    count = str(loc[3]) if len(loc) > 3 else None
    if count in BONUS_KEYS and error["type"] != "extra_forbidden":
        return Refusal(
            said(
                "bonuses.{count}: {player}'s {count} count must be a whole number, 0 or more",
                count=count,
                player=player,
            ),
            field=f"bonuses.{count}",
            player=player,
        )
    return Refusal(_SHAPE, field="bonuses", player=player)


OUTCOME: Shape[Ending] = Shape(Annotated[Ending, Field(discriminator="kind")], _in_words)
parse_outcome = OUTCOME.read


# What can be under the rules (2.10, and each kind's rules of 2.2 to 2.5)


# The fields of an ending that give one name, and those that give several (a list, or a
# mapping by name).
_ONE_NAME = frozenset(("player", "caller", "last_card"))
_NAMES = frozenset((*NAME_LISTS, "totals", "bonuses"))


def names_given(outcome: Ending) -> Iterator[tuple[str, str]]:
    """Each name an ending gives, with the field that gives it, in the order of section 3."""
    for key, value in outcome:
        if key in _ONE_NAME and value is not None:
            yield key, value
        elif key in _NAMES:
            for name in value:
                yield key, name


def check_outcome(rules: TongitsRules, seats: Sequence[str], outcome: Ending) -> None:
    """Refuse an ending that cannot be under these rules, naming the field, player and rule."""
    for key, name in names_given(outcome):
        check_at_table(name, seats, key)
    for name in outcome.concealed:
        if name in outcome.burned:
            raise Refusal(
                said(
                    "concealed: {name} is listed as burned and as concealed; a "
                    "concealed player holds a Secret in hand, so is not burned",
                    name=name,
                ),
                field="concealed",
                player=name,
            )
    _check_totals(rules, outcome)
    _check_bonuses(rules, outcome)
    match outcome:
        case TongIts():
            _check_tongits(outcome)
        case Bisaklat():
            _check_bisaklat(outcome)
        case Draw():
            _check_draw(rules, outcome)
        case TongitsStockOut():
            _check_stock_out(seats, outcome)


def most_points(rules: TongitsRules, name: str, outcome: Ending) -> int:
    """The highest total `name` can hold (2.10): ten points a card, of at most 12 cards
    between turns (11 at four seats), one more for who took the last card of the stock.
    A draw is called before drawing, so the caller holds no extra card."""
    extra = 1 if isinstance(outcome, TongitsStockOut) and name == outcome.last_card else 0
    return MAX_CARD_POINTS * (rules.most_cards + extra)


def _check_totals(rules: TongitsRules, outcome: Ending) -> None:
    totals = outcome.totals if isinstance(outcome, Draw | TongitsStockOut) else {}
    for name, total in totals.items():
        high = most_points(rules, name, outcome)
        if not 0 <= total <= high:
            cards = high // MAX_CARD_POINTS
            raise Refusal(
                said(
                    "totals: {name}'s total of {total} cannot be; holding at most "
                    "{cards} cards of at most {max_card_points} points, a player "
                    "has 0 to {high}",
                    name=name,
                    total=total,
                    cards=cards,
                    max_card_points=MAX_CARD_POINTS,
                    high=high,
                ),
                field="totals",
                player=name,
            )


def _check_bonuses(rules: TongitsRules, outcome: Ending) -> None:
    """A Secret and an Escalera each take four of the 13 cards a player owns at most; the
    deck has four aces and four kings, and the jokers the house plays (6.8), between all
    the players. A count of 0 jokers is accepted at any table: it says nothing."""
    if not outcome.bonuses:
        return
    for name, held in outcome.bonuses.items():
        if held.secret + held.escalera > FOUR_CARD_MELDS_A_PLAYER:
            raise Refusal(
                said(
                    "bonuses.secret: {name} cannot hold {number} Secrets and "
                    "Escaleras; each takes four cards, so "
                    "{four_card_melds_a_player} at most",
                    name=name,
                    number=held.secret + held.escalera,
                    four_card_melds_a_player=FOUR_CARD_MELDS_A_PLAYER,
                ),
                field="bonuses.secret",
                player=name,
            )
    if any(held.jokers for held in outcome.bonuses.values()) and rules.jokers == 0:
        name = next(name for name, held in outcome.bonuses.items() if held.jokers)
        raise Refusal(
            said(
                "bonuses.jokers: {name} cannot hold a joker; this table plays without "
                "jokers (house rule “Jokers”)",
                name=name,
            ),
            field="bonuses.jokers",
            player=name,
        )
    for count, in_deck in (
        ("aces", ACES_IN_A_DECK),
        ("kings", KINGS_IN_A_DECK),
        ("jokers", rules.jokers),
    ):
        _check_in_deck(outcome, count, in_deck)


# The cards a count of `bonuses` counts, as a refusal names them.
_CARDS = {"aces": said("aces"), "kings": said("kings"), "jokers": said("jokers")}


def _check_in_deck(outcome: Ending, count: str, in_deck: int) -> None:
    """No player, and not all the players together, hold more of a card than the deck has."""
    cards = _CARDS[count]
    for name, held in outcome.bonuses.items():
        if getattr(held, count) > in_deck:
            raise Refusal(
                said(
                    "bonuses.{count}: {name} cannot hold {number} {cards}; the deck has {in_deck}",
                    count=count,
                    name=name,
                    number=getattr(held, count),
                    cards=cards,
                    in_deck=in_deck,
                ),
                field=f"bonuses.{count}",
                player=name,
            )
    number = sum(getattr(held, count) for held in outcome.bonuses.values())
    if number > in_deck:
        raise Refusal(
            said(
                "bonuses.{count}: {number} {cards} are counted between the players; the "
                "deck has {in_deck}",
                count=count,
                number=number,
                cards=cards,
                in_deck=in_deck,
            ),
            field=f"bonuses.{count}",
        )


def _check_tongits(outcome: TongIts) -> None:
    """2.2: who went tong-its laid out every card, so has exposed melds. The refusal names
    `player` (the claim that cannot be), as a draw's names `caller`; the spec is silent."""
    player = outcome.player
    for key in ("burned", "concealed"):
        if player in getattr(outcome, key):
            raise Refusal(
                said(
                    "player: {player} went tong-its, laying out every card, so has "
                    "exposed melds and cannot be {key}",
                    player=player,
                    key=key,
                ),
                field="player",
                player=player,
            )


def _check_bisaklat(outcome: Bisaklat) -> None:
    """2.3: the game ends before anyone's first turn, so nobody can be burned or concealed."""
    for key in ("burned", "concealed"):
        named: tuple[str, ...] = getattr(outcome, key)
        if named:
            raise Refusal(
                said(
                    "{key}: nobody is {key} in a bisaklat; the game ends before "
                    "anyone's first turn, so leave {names} out",
                    key=key,
                    names=names_in_words(list(named)),
                ),
                field=key,
                player=named[0],
            )


def _check_draw(rules: TongitsRules, outcome: Draw) -> None:
    """2.4: who may call, who may fight, and the totals that decide a fought draw."""
    caller = outcome.caller
    if caller in outcome.burned:
        raise Refusal(
            said(
                "caller: {caller} is burned and cannot call a draw; calling a "
                "draw needs an exposed meld",
                caller=caller,
            ),
            field="caller",
            player=caller,
        )
    if caller in outcome.concealed:
        raise Refusal(
            said(
                "caller: {caller} has no exposed meld (a Secret held in hand "
                "is not enough to call) and cannot call a draw; a concealed "
                "player may only fight",
                caller=caller,
            ),
            field="caller",
            player=caller,
        )
    if outcome.sapaw_on_caller and rules.sapaw_blocks_draw:
        raise Refusal(
            said(
                "sapaw_on_caller: an opponent laid off on {caller}'s meld "
                "since {caller}'s last turn, so {caller} must wait for their "
                "next turn to call a draw (house rule “Sapaw blocks a draw”)",
                caller=caller,
            ),
            field="sapaw_on_caller",
            player=caller,
        )
    if caller in outcome.fought:
        raise Refusal(
            said(
                "fought: {caller} called the draw and does not fight it; list "
                "only the players who fought the call",
                caller=caller,
            ),
            field="fought",
            player=caller,
        )
    for name in outcome.fought:
        if name in outcome.burned:
            raise Refusal(
                said(
                    "fought: {name} is burned and cannot fight; a burned player "
                    "folds automatically",
                    name=name,
                ),
                field="fought",
                player=name,
            )
    if outcome.fought:
        for name in (caller, *outcome.fought):
            if name not in outcome.totals:
                raise Refusal(
                    said(
                        "totals: {name}'s total is missing; when anyone fights, the "
                        "totals of the caller and of every fighter decide the draw",
                        name=name,
                    ),
                    field="totals",
                    player=name,
                )


def counted(seats: Sequence[str], outcome: TongitsStockOut) -> list[str]:
    """Who counts when the stock runs out: every player not burned, in the order of play
    (003: a burned player automatically loses, however low their total)."""
    return [name for name in seats if name not in outcome.burned]


def _check_stock_out(seats: Sequence[str], outcome: TongitsStockOut) -> None:
    """2.5: the totals of every player not burned; who took the last card when that decides."""
    eligible = counted(seats, outcome)
    for name in eligible:
        if name not in outcome.totals:
            raise Refusal(
                said(
                    "totals: {name}'s total is missing; when the stock runs out "
                    "every player who is not burned counts their cards",
                    name=name,
                ),
                field="totals",
                player=name,
            )
    if not eligible:
        return
    low, tied = lowest(outcome.totals, eligible)
    if len(tied) > 1 and outcome.last_card is None:
        raise Refusal(
            said(
                "last_card: {names} tie for the lowest count ({low}); say who "
                "took the last card of the stock, since the tie goes to them, "
                "or else to the first tied player to their right",
                names=names_in_words(tied),
                low=low,
            ),
            field="last_card",
        )


def kind_needs_totals(kind: str) -> bool:
    """Totals are asked at a draw (when anyone fights) and when the stock runs out."""
    return kind in ("draw", "stock_out")


def facts_asked(kind: str, rules: TongitsRules) -> frozenset[str]:
    """What a hand form asks of an ending of `kind` under these rules besides who won it, so
    that no form decides it again: the totals where they decide (`kind_needs_totals`), who
    fought a draw (2.4), whether a lay-off on the caller stopped the call only where the
    house says it does (“Sapaw blocks a draw”), who took the last card when the stock ran
    out (2.5), and who is burned at every ending but a bisaklat, which ends before anyone's
    first turn (2.3)."""
    asked = {"totals"} if kind_needs_totals(kind) else set()
    if kind == "draw":
        asked |= {"fought", "sapaw_on_caller"} if rules.sapaw_blocks_draw else {"fought"}
    if kind == "stock_out":
        asked.add("last_card")
    if kind != "bisaklat":
        asked.add("burned")
    return frozenset(asked)
