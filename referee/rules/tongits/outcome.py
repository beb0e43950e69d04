"""How a game of Tongits ended, and whether it can have ended so (tongits.md 2.1 to 2.5, 2.10).

`parse_outcome` turns JSON into one typed ending per kind, holding only the facts that
kind has (a draw without its caller cannot be written down); `check_outcome` refuses what
the rules say cannot be, naming the field, the player and the rule, so that scoring only
ever settles a game that could have been played.
"""

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Literal, get_args

from referee.rules.limits import (
    ACES_IN_A_DECK,
    FOUR_CARD_MELDS_A_PLAYER,
    MAX_CARD_POINTS,
    MAX_NAME_LENGTH,
)
from referee.rules.players import check_at_table, lowest
from referee.rules.refusal import Refusal
from referee.rules.tongits.house_rules import TongitsRules
from referee.rules.words import names_in_words

Kind = Literal["tongits", "draw", "stock_out", "bisaklat"]
KINDS: tuple[Kind, ...] = get_args(Kind)
KIND_WORDS: dict[str, str] = {
    "tongits": "tong-its",
    "draw": "draw",
    "stock_out": "stock ran out",
    "bisaklat": "bisaklat",
}
# The fields every kind accepts (2.1), then each kind's own (section 3).
COMMON = ("burned", "concealed", "bonuses")
KIND_FIELDS: dict[str, tuple[str, ...]] = {
    "tongits": ("player",),
    "bisaklat": ("player",),
    "draw": ("caller", "fought", "totals", "sapaw_on_caller"),
    "stock_out": ("totals", "last_card"),
}
NAME_LISTS = ("burned", "concealed", "fought")
BONUS_KEYS = ("secret", "escalera", "aces")


@dataclass(frozen=True)
class Held:
    """What a player held at the end that a bonus can pay: Secrets, Escaleras and aces."""

    secret: int = 0
    escalera: int = 0
    aces: int = 0

    def to_json(self) -> dict[str, int]:
        """Only the counts above 0, as a request would give them."""
        return {key: getattr(self, key) for key in BONUS_KEYS if getattr(self, key)}


@dataclass(frozen=True, kw_only=True)
class _Ending:
    """What every ending has (2.1): who was burned, who was concealed, what each held."""

    burned: tuple[str, ...] = ()
    concealed: tuple[str, ...] = ()
    bonuses: Mapping[str, Held] = field(default_factory=dict)

    @property
    def kind(self) -> Kind:
        """Each kind's class declares `kind` as its own field, which hides this property; it
        is here so that what every ending does (to_json) can name its kind."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """The ending as the contract writes it: the kind, its own facts, then the common
        ones, leaving out what was not said (no empty list, no false flag)."""
        data: dict[str, Any] = {"kind": self.kind}
        for key in (*KIND_FIELDS[self.kind], *COMMON):
            value = getattr(self, key)
            if value is None or value is False or value in ((), {}):
                continue
            if key == "bonuses":
                value = {name: held.to_json() for name, held in value.items()}
            elif isinstance(value, Mapping):
                value = dict(value)
            elif isinstance(value, tuple):
                value = list(value)
            data[key] = value
        return data


@dataclass(frozen=True, kw_only=True)
class TongIts(_Ending):
    """2.2: `player` melded or laid off every card."""

    kind: Literal["tongits"] = field(default="tongits", init=False)
    player: str


@dataclass(frozen=True, kw_only=True)
class Bisaklat(_Ending):
    """2.3: `player` showed every card in a meld before anyone's first turn."""

    kind: Literal["bisaklat"] = field(default="bisaklat", init=False)
    player: str


@dataclass(frozen=True, kw_only=True)
class Draw(_Ending):
    """2.4: `caller` called a draw; `fought` challenged it, everyone else folded."""

    kind: Literal["draw"] = field(default="draw", init=False)
    caller: str
    fought: tuple[str, ...] = ()
    totals: Mapping[str, int] = field(default_factory=dict)
    sapaw_on_caller: bool = False


@dataclass(frozen=True, kw_only=True)
class StockOut(_Ending):
    """2.5: the stock ran out; the totals of who is not burned, who took the last card."""

    kind: Literal["stock_out"] = field(default="stock_out", init=False)
    totals: Mapping[str, int] = field(default_factory=dict)
    last_card: str | None = None


Ending = TongIts | Bisaklat | Draw | StockOut
"""How a game of Tongits ended: one class per kind, each with only the facts that kind has."""


def parse_outcome(data: Any) -> Ending:
    """A typed ending from JSON: its shape, and the fields its kind has, no more, no fewer;
    whether it can be under the house rules is for `check_outcome`."""
    if not isinstance(data, Mapping):
        raise Refusal("outcome: say how the game ended, as an object with a kind", field="outcome")
    kind = _kind(data.get("kind"))
    allowed = ("kind", *KIND_FIELDS[kind], *COMMON)
    for key in data:
        if key not in allowed:
            raise Refusal(
                f"outcome: a {KIND_WORDS[kind]} has no field {str(key)[:40]!r}; it has "
                + ", ".join(allowed),
                field="outcome",
            )
    common: dict[str, Any] = {
        "burned": _names(data, "burned"),
        "concealed": _names(data, "concealed"),
        "bonuses": _bonuses(data.get("bonuses", {})),
    }
    match kind:
        case "tongits":
            return TongIts(player=_who(data, "player", "who went tong-its"), **common)
        case "bisaklat":
            return Bisaklat(player=_who(data, "player", "who showed the bisaklat"), **common)
        case "draw":
            sapaw = data.get("sapaw_on_caller", False)
            if not isinstance(sapaw, bool):
                raise Refusal("sapaw_on_caller: answer true or false", field="sapaw_on_caller")
            return Draw(
                caller=_who(data, "caller", "who called the draw"),
                fought=_names(data, "fought"),
                totals=_totals(data.get("totals", {})),
                sapaw_on_caller=sapaw,
                **common,
            )
        case "stock_out":
            last_card = data.get("last_card")
            if last_card is not None and not isinstance(last_card, str):
                raise Refusal(
                    "last_card: give the name of who took the last card", field="last_card"
                )
            return StockOut(totals=_totals(data.get("totals", {})), last_card=last_card, **common)


def _kind(value: Any) -> Kind:
    """One of the four ways a game ends, refused with the list of them."""
    for kind in KINDS:
        if value == kind and isinstance(value, str):
            return kind
    raise Refusal(
        f"kind: {str(value)[:40]!r} is not a way a game of Tongits ends; choose "
        + ", ".join(KINDS),
        field="kind",
    )


def _who(data: Mapping[str, Any], key: str, who: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise Refusal(f"{key}: say {who}, by name", field=key)
    return value


def _names(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    """A list of players' names, each at most once."""
    value = data.get(key, [])
    if not isinstance(value, list | tuple) or not all(isinstance(name, str) for name in value):
        raise Refusal(f"{key}: give a list of players' names", field=key)
    seen: set[str] = set()
    for name in value:
        if name in seen:
            raise Refusal(
                f"{key}: {name[:MAX_NAME_LENGTH]} is listed twice; name each player once",
                field=key,
                player=name[:MAX_NAME_LENGTH],
            )
        seen.add(name)
    return tuple(value)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _totals(value: Any) -> dict[str, int]:
    if not isinstance(value, Mapping) or not all(isinstance(name, str) for name in value):
        raise Refusal("totals: give each player's total as name: points", field="totals")
    for name, total in value.items():
        if not _whole(total):
            raise Refusal(
                f"totals: {name[:MAX_NAME_LENGTH]}'s total must be a whole number of points",
                field="totals",
                player=name[:MAX_NAME_LENGTH],
            )
    return dict(value)


def _bonuses(value: Any) -> dict[str, Held]:
    shape = 'bonuses: give what each player held as name: {"secret": n, "escalera": n, "aces": n}'
    if not isinstance(value, Mapping) or not all(isinstance(name, str) for name in value):
        raise Refusal(shape, field="bonuses")
    bonuses = {}
    for name, counts in value.items():
        player = name[:MAX_NAME_LENGTH]
        if not isinstance(counts, Mapping) or not all(key in BONUS_KEYS for key in counts):
            raise Refusal(shape, field="bonuses", player=player)
        for key, count in counts.items():
            # "Not a whole number" (2.10) read as a count: 0 or more, never negative.
            if not _whole(count) or count < 0:
                raise Refusal(
                    f"bonuses.{key}: {player}'s {key} count must be a whole number, 0 or more",
                    field=f"bonuses.{key}",
                    player=player,
                )
        bonuses[name] = Held(**counts)
    return bonuses


# What can be under the rules (2.10, and each kind's rules of 2.2 to 2.5)


def names_given(outcome: Ending) -> Iterator[tuple[str, str]]:
    """Each name an ending gives, with the field that gives it, in the order of section 3."""
    for told in fields(outcome):
        value = getattr(outcome, told.name)
        if told.name in ("player", "caller", "last_card") and value is not None:
            yield told.name, value
        elif told.name in (*NAME_LISTS, "totals", "bonuses"):
            yield from ((told.name, name) for name in value)


def check_outcome(rules: TongitsRules, seats: Sequence[str], outcome: Ending) -> None:
    """Refuse an ending that cannot be under these rules, naming the field, player and rule."""
    for key, name in names_given(outcome):
        check_at_table(name, seats, key)
    for name in outcome.concealed:
        if name in outcome.burned:
            raise Refusal(
                f"concealed: {name} is listed as burned and as concealed; a concealed player "
                "holds a Secret in hand, so is not burned",
                field="concealed",
                player=name,
            )
    _check_totals(rules, outcome)
    _check_bonuses(outcome)
    match outcome:
        case TongIts():
            _check_tongits(outcome)
        case Bisaklat():
            _check_bisaklat(outcome)
        case Draw():
            _check_draw(rules, outcome)
        case StockOut():
            _check_stock_out(seats, outcome)


def most_points(rules: TongitsRules, name: str, outcome: Ending) -> int:
    """The highest total `name` can hold (2.10): ten points a card, of at most 12 cards
    between turns (11 at four seats), one more for who took the last card of the stock.
    A draw is called before drawing, so the caller holds no extra card."""
    extra = 1 if isinstance(outcome, StockOut) and name == outcome.last_card else 0
    return MAX_CARD_POINTS * (rules.most_cards + extra)


def _check_totals(rules: TongitsRules, outcome: Ending) -> None:
    totals = outcome.totals if isinstance(outcome, Draw | StockOut) else {}
    for name, total in totals.items():
        high = most_points(rules, name, outcome)
        if not 0 <= total <= high:
            cards = high // MAX_CARD_POINTS
            raise Refusal(
                f"totals: {name}'s total of {total} cannot be; holding at most {cards} cards "
                f"of at most {MAX_CARD_POINTS} points, a player has 0 to {high}",
                field="totals",
                player=name,
            )


def _check_bonuses(outcome: Ending) -> None:
    """A Secret and an Escalera each take four of the 13 cards a player owns at most; there
    are four aces in the deck, between all the players."""
    for name, held in outcome.bonuses.items():
        if held.secret + held.escalera > FOUR_CARD_MELDS_A_PLAYER:
            raise Refusal(
                f"bonuses.secret: {name} cannot hold {held.secret + held.escalera} Secrets and "
                f"Escaleras; each takes four cards, so {FOUR_CARD_MELDS_A_PLAYER} at most",
                field="bonuses.secret",
                player=name,
            )
        if held.aces > ACES_IN_A_DECK:
            raise Refusal(
                f"bonuses.aces: {name} cannot hold {held.aces} aces; the deck has {ACES_IN_A_DECK}",
                field="bonuses.aces",
                player=name,
            )
    aces = sum(held.aces for held in outcome.bonuses.values())
    if aces > ACES_IN_A_DECK:
        raise Refusal(
            f"bonuses.aces: {aces} aces are counted between the players; the deck has "
            f"{ACES_IN_A_DECK}",
            field="bonuses.aces",
        )


def _check_tongits(outcome: TongIts) -> None:
    """2.2: who went tong-its laid out every card, so has exposed melds. The refusal names
    `player` (the claim that cannot be), as a draw's names `caller`; the spec is silent."""
    player = outcome.player
    for key in ("burned", "concealed"):
        if player in getattr(outcome, key):
            raise Refusal(
                f"player: {player} went tong-its, laying out every card, so has exposed melds "
                f"and cannot be {key}",
                field="player",
                player=player,
            )


def _check_bisaklat(outcome: Bisaklat) -> None:
    """2.3: the game ends before anyone's first turn, so nobody can be burned or concealed."""
    for key in ("burned", "concealed"):
        named: tuple[str, ...] = getattr(outcome, key)
        if named:
            raise Refusal(
                f"{key}: nobody is {key} in a bisaklat; the game ends before anyone's first "
                f"turn, so leave {names_in_words(list(named))} out",
                field=key,
                player=named[0],
            )


def _check_draw(rules: TongitsRules, outcome: Draw) -> None:
    """2.4: who may call, who may fight, and the totals that decide a fought draw."""
    caller = outcome.caller
    if caller in outcome.burned:
        raise Refusal(
            f"caller: {caller} is burned and cannot call a draw; calling a draw needs an "
            "exposed meld",
            field="caller",
            player=caller,
        )
    if caller in outcome.concealed:
        raise Refusal(
            f"caller: {caller} has no exposed meld (a Secret held in hand is not enough to "
            "call) and cannot call a draw; a concealed player may only fight",
            field="caller",
            player=caller,
        )
    if outcome.sapaw_on_caller and rules.sapaw_blocks_draw:
        raise Refusal(
            f"sapaw_on_caller: an opponent laid off on {caller}'s meld since {caller}'s last "
            f"turn, so {caller} must wait for their next turn to call a draw (house rule "
            "“Sapaw blocks a draw”)",
            field="sapaw_on_caller",
            player=caller,
        )
    if caller in outcome.fought:
        raise Refusal(
            f"fought: {caller} called the draw and does not fight it; list only the players "
            "who fought the call",
            field="fought",
            player=caller,
        )
    for name in outcome.fought:
        if name in outcome.burned:
            raise Refusal(
                f"fought: {name} is burned and cannot fight; a burned player folds automatically",
                field="fought",
                player=name,
            )
    if outcome.fought:
        for name in (caller, *outcome.fought):
            if name not in outcome.totals:
                raise Refusal(
                    f"totals: {name}'s total is missing; when anyone fights, the totals of the "
                    "caller and of every fighter decide the draw",
                    field="totals",
                    player=name,
                )


def counted(seats: Sequence[str], outcome: StockOut) -> list[str]:
    """Who counts when the stock runs out: every player not burned, in the order of play
    (003: a burned player automatically loses, however low their total)."""
    return [name for name in seats if name not in outcome.burned]


def _check_stock_out(seats: Sequence[str], outcome: StockOut) -> None:
    """2.5: the totals of every player not burned; who took the last card when that decides."""
    eligible = counted(seats, outcome)
    for name in eligible:
        if name not in outcome.totals:
            raise Refusal(
                f"totals: {name}'s total is missing; when the stock runs out every player who "
                "is not burned counts their cards",
                field="totals",
                player=name,
            )
    if not eligible:
        return
    low, tied = lowest(outcome.totals, eligible)
    if len(tied) > 1 and outcome.last_card is None:
        raise Refusal(
            f"last_card: {names_in_words(tied)} tie for the lowest count ({low}); say who took "
            "the last card of the stock, since the tie goes to them, or else to the first tied "
            "player to their right",
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
