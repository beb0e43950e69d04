"""What happened in a hand, and whether it can have happened under the house rules.

`Outcome` is one pydantic type: a model per kind holding only the facts that kind has, so
that a tonk out without its player cannot even be written down; the API, a table's file,
the forms and the OpenAPI document read and describe it, and `parse_outcome` reads it from
JSON alone, refusing in the words below. `check_outcome` refuses what the house rules say
cannot be (section 2 and 2.8 of the spec), so that scoring only ever settles a hand that
could have been played.
"""

from collections.abc import Iterator, Mapping, Sequence
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, Field, model_validator
from pydantic_core import ErrorDetails, PydanticCustomError

from referee.rules.cards import dealt_totals, deck_in_words, held_totals
from referee.rules.limits import echoed
from referee.rules.players import check_at_table, lowest
from referee.rules.refusal import Refusal
from referee.rules.said import said
from referee.rules.shapes import Kind, Shape, first, shown
from referee.rules.tonk.house_rules import HouseRules
from referee.rules.tonk.one_deck import Claim, check_one_deck
from referee.rules.tonk.wording import bands_in_words
from referee.rules.words import names_in_words

KindName = Literal["deal_tonk", "tonk_out", "double_double", "out", "drop", "stock_out"]
KINDS: tuple[KindName, ...] = get_args(KindName)
KIND_WORDS: dict[str, str] = {
    "deal_tonk": said("tonk on the deal"),
    "tonk_out": said("tonk out"),
    "double_double": said("double-double"),
    "out": said("out by discarding"),
    "drop": said("drop"),
    "stock_out": said("stock ran out"),
}
# Each way of going out named with its article, for a sentence about it ("an out by
# discarding"): one message each, so a language says the article its own way, or none.
WENT_OUT_WORDS: dict[str, str] = {
    "tonk_out": said("a tonk out"),
    "double_double": said("a double-double"),
    "out": said("an out by discarding"),
}
FIELDS = ("kind", "player", "totals", "spread_six", "last_draw")
Totals = Annotated[
    dict[str, int],
    Field(
        default_factory=dict,
        description="{name: points in hand, or dealt total for a tonk on the deal}",
    ),
]


def _given(name: str | None) -> str | None:
    """A name that may be left out, but is a name when given (null is not one)."""
    if name is None:
        raise PydanticCustomError("string_type", "Input should be a valid string")
    return name


class _Ending(Kind):
    """What every outcome shares: spread_six answered null is no answer, whatever the kind
    (the settle contract has always read it so)."""

    @model_validator(mode="before")
    @classmethod
    def _unanswered(cls, data: Any) -> Any:
        if isinstance(data, Mapping) and "spread_six" in data and data["spread_six"] is None:
            return {key: value for key, value in data.items() if key != "spread_six"}
        return data


class DealTonk(_Ending):
    """2.1: the dealt totals of who shows a tonk (of everyone, in points mode)."""

    kind: Literal["deal_tonk"] = "deal_tonk"
    totals: Totals


class TonkOut(_Ending):
    """2.2: `player` went out by spreading and hitting; `spread_six` when the rules ask."""

    kind: Literal["tonk_out"] = "tonk_out"
    player: str
    totals: Totals
    spread_six: bool | None = None


class DoubleDouble(_Ending):
    """2.3: `player` went out second, straight after the first."""

    kind: Literal["double_double"] = "double_double"
    player: str
    totals: Totals


class Out(_Ending):
    """2.4: `player` went out by discarding their last card."""

    kind: Literal["out"] = "out"
    player: str
    totals: Totals


class Drop(_Ending):
    """2.5: `player` dropped; everyone's total decides whether the drop won."""

    kind: Literal["drop"] = "drop"
    player: str
    totals: Totals


class StockOut(_Ending):
    """2.6: the stock ran out; everyone's total, and who drew last when the rules ask."""

    kind: Literal["stock_out"] = "stock_out"
    totals: Totals
    last_draw: Annotated[str | None, AfterValidator(_given)] = None


Outcome = DealTonk | TonkOut | DoubleDouble | Out | Drop | StockOut
"""How a hand ended: one class per kind, each with only the facts that kind has."""

WentOut = TonkOut | DoubleDouble | Out

# Which fault a reader is told of first, when an outcome has several: the totals, then a
# name or an answer of the wrong type (whatever the kind), then a player the kind has not
# ("!") or a missing one ("?"), then a fact the kind has not.
_ORDER = ("totals", "player!", "player?", "last_draw!")


def _in_words(errors: Sequence[ErrorDetails], data: Any) -> Refusal:
    """What is wrong with an outcome, as a player reads it."""
    if not isinstance(data, Mapping):
        return Refusal(
            said("outcome: say how the hand ended, as an object with a kind"), field="outcome"
        )
    for key in data:
        if key not in FIELDS:
            return Refusal(
                said(
                    "outcome: there is no field {key}; an outcome has {fields}",
                    key=shown(str(key)),
                    fields=", ".join(FIELDS),
                ),
                field="outcome",
            )
    error = first(errors, _ORDER)
    loc = error["loc"]
    if not loc:
        return Refusal(
            said(
                "kind: {kind} is not a way a hand ends; choose {kinds}",
                kind=shown(str(data.get("kind"))),
                kinds=", ".join(KINDS),
            ),
            field="kind",
        )
    kind = str(data["kind"])  # one of KINDS: its model found the fault
    key = str(loc[1])
    if key == "totals" and len(loc) > 2:
        name = echoed(str(loc[2]))
        return Refusal(
            said("totals: {name}'s total must be a whole number of points", name=name),
            field="totals",
            player=name,
        )
    if key == "totals":
        return Refusal(said("totals: give each player's total as name: points"), field="totals")
    for named in ("player", "last_draw"):
        if named in data and not isinstance(data[named], str):
            return Refusal(said("{named}: give a player's name", named=named), field=named)
    if not isinstance(data.get("spread_six", False), bool | None):
        return Refusal(said("spread_six: answer true or false"), field="spread_six")
    if error["type"] == "missing":
        return Refusal(said("player: say who {who_verb}", who_verb=_who_verb(kind)), field="player")
    if key == "player":
        return Refusal(
            said("player: a {kind} has no single player; leave player out", kind=KIND_WORDS[kind]),
            field="player",
        )
    if key == "last_draw":
        return Refusal(said("last_draw: only asked when the stock ran out"), field="last_draw")
    return Refusal(said("spread_six: only asked for a tonk out"), field="spread_six")


OUTCOME: Shape[Outcome] = Shape(Annotated[Outcome, Field(discriminator="kind")], _in_words)
parse_outcome = OUTCOME.read


def names_given(outcome: Outcome) -> Iterator[tuple[str, str]]:
    """Each name an outcome gives, with the field that gives it: player, last_draw, totals."""
    if not isinstance(outcome, DealTonk | StockOut):
        yield "player", outcome.player
    if isinstance(outcome, StockOut) and outcome.last_draw is not None:
        yield "last_draw", outcome.last_draw
    for name in outcome.totals:
        yield "totals", name


def playable_kinds(rules: HouseRules) -> list[str]:
    """The ways a hand can end at this table: tonk on the deal only with a tonk band,
    double-double only when the house pays it."""
    return [
        kind
        for kind in KINDS
        if (kind != "deal_tonk" or rules.deal_tonks)
        and (kind != "double_double" or rules.double_double_pays is not None)
    ]


def needs_spread_six(rules: HouseRules) -> bool:
    """Whether a tonk out must say if six cards were spread in the last turn (2.2)."""
    return rules.tonk_out_six_pays is not None or rules.tonk_out_needs_six


def asks_totals(kind: str, rules: HouseRules) -> bool:
    """Totals are needed for a drop, a stock-out, tonks on the deal, and everything in points
    (2.5, 2.6, 2.1, 2.7)."""
    return kind in ("deal_tonk", "drop", "stock_out") or rules.scoring == "points"


def asks_last_draw(kind: str, rules: HouseRules) -> bool:
    """Who drew the last stock card matters only with stock_out_tie "last_draw" (2.6)."""
    return kind == "stock_out" and rules.stock_out_tie == "last_draw"


def most_cards(rules: HouseRules, *, dropper: bool = False) -> int:
    """The most cards a player can hold when the hand stops (2.8)."""
    extra = 1 if dropper and rules.drop_when == "any_time" else 0
    return rules.hand_size + extra


def most_points(kind: str, rules: HouseRules) -> int:
    """The highest total a player's box on a hand of `kind` can hold: the most of their
    dealt cards for a tonk on the deal (2.1), else the most of the cards held when the hand
    stops, a dropper's extra card included (2.8). The forms give it to their boxes as `max`,
    so a total is known whole as soon as no further digit could keep it possible."""
    if kind == "deal_tonk":
        return max(dealt_totals(rules.deck, rules.hand_size))
    return max(held_totals(rules.deck, most_cards(rules, dropper=kind == "drop")))


def check_outcome(rules: HouseRules, players: Sequence[str], outcome: Outcome) -> None:
    """Refuse an outcome that cannot be under these rules, naming player, total and rule."""
    for key, name in names_given(outcome):
        check_at_table(name, players, key)
    match outcome:
        case DealTonk():
            _check_deal_tonk(rules, players, outcome)
        case Drop() | StockOut():
            _check_everyone_counted(rules, players, outcome)
        case _:
            _check_went_out(rules, players, outcome)
    _check_together(rules, players, outcome)

    # Hands are 3, 5, 7 or 12 cards, so only hands of 3 fall short (`+ 2` reads the same).
    if isinstance(outcome, TonkOut) and outcome.spread_six and rules.hand_size + 1 < SIX:
        raise Refusal(
            said(
                "spread_six: {player} could not lay six cards as new spreads; "
                "with {hand_size}-card hands a player holds at most {number} "
                "cards in a turn (house rule “Cards dealt”)",
                player=outcome.player,
                hand_size=rules.hand_size,
                number=rules.hand_size + 1,
            ),
            field="spread_six",
            player=outcome.player,
        )
    if isinstance(outcome, TonkOut) and needs_spread_six(rules) and outcome.spread_six is None:
        rule = "tonk_out_six_pays" if rules.tonk_out_six_pays is not None else "tonk_out_needs_six"
        raise Refusal(
            said(
                "spread_six: say whether {player} laid six cards as new "
                "spreads in the last turn; house rule {rule} depends on it",
                player=outcome.player,
                rule=rule,
            ),
            field="spread_six",
            player=outcome.player,
        )
    if isinstance(outcome, DoubleDouble):
        double_double_stakes(rules)
    if isinstance(outcome, StockOut) and rules.stock_out_tie == "last_draw":
        low, tied = lowest(outcome.totals, players)
        if len(tied) > 1 and outcome.last_draw is None:
            raise Refusal(
                said(
                    "last_draw: {names} tie for the lowest total ({low}); the "
                    "house rule is that the one who drew the last stock card wins: "
                    "say who did",
                    names=names_in_words(tied),
                    low=low,
                ),
                field="last_draw",
            )


SIX = 6  # the cards of two new spreads in one turn (2.2)


def _check_together(rules: HouseRules, players: Sequence[str], outcome: Outcome) -> None:
    """2.8: the totals of one hand can all be held at once from one deck; a tonk on the
    deal also deals `hand_size` cards to each player whose total is not given."""
    if isinstance(outcome, DealTonk):
        size = rules.hand_size
        claims = [Claim(total, size, size, name) for name, total in outcome.totals.items()]
        others = size * (len(players) - len(claims))
    else:
        claims = [
            Claim(
                total,
                1,
                most_cards(rules, dropper=isinstance(outcome, Drop) and name == outcome.player),
                name,
            )
            for name, total in outcome.totals.items()
            if total != 0
        ]
        others = 0
    check_one_deck(rules.deck, claims, others=others)


def double_double_stakes(rules: HouseRules) -> int:
    """What a double-double pays here (2.3); refused where the house does not play it."""
    if rules.double_double_pays is None:
        raise Refusal(
            said(
                "kind: double-double is not played at this table (house rule "
                "“Double-double pays” is not set)"
            ),
            field="kind",
        )
    return rules.double_double_pays


def _who_verb(kind: str) -> str:
    if kind == "drop":
        return said("dropped")
    if kind == "double_double":
        return said("went out second")
    return said("went out")


def _check_deal_tonk(rules: HouseRules, players: Sequence[str], outcome: DealTonk) -> None:
    """2.1: every claimed tonk lies in a band and can be dealt; in points, everyone's total."""
    if not rules.deal_tonks:
        raise Refusal(
            said(
                "kind: tonk on the deal is not played at this table (house "
                "rule “Tonk on the deal” is empty)"
            ),
            field="kind",
        )
    points = rules.scoring == "points"
    if points:
        _check_all_present(players, outcome.totals, said("a tonk on the deal in points mode"))
    elif not outcome.totals:
        raise Refusal(
            said("totals: give the dealt total of each player who shows a tonk"), field="totals"
        )
    possible = dealt_totals(rules.deck, rules.hand_size)
    for name, total in outcome.totals.items():
        if total not in possible:
            dealt = {"cards": rules.hand_size, "deck": deck_in_words(rules.deck)}
            low, high = min(possible), max(possible)
            # `<=` or `<` at either end reads the same: low and high are possible totals
            # themselves, so a total refused here is never equal to either (equivalent
            # mutants of make mutation).
            if low <= total <= high:
                reason = said("{cards} cards of {deck} never make {total}", total=total, **dealt)
            else:
                reason = said(
                    "{cards} cards of {deck} make {low} to {high}", low=low, high=high, **dealt
                )
            raise Refusal(
                said(
                    "{name}: {total} cannot be dealt; {reason}",
                    name=name,
                    total=total,
                    reason=reason,
                ),
                field="totals",
                player=name,
            )
        if not points and rules.deal_tonk_pays(total) is None:
            raise Refusal(
                said(
                    "{name}: {total} is not a tonk here; tonk on the deal is "
                    "{bands} (house rule “Tonk on the deal”)",
                    name=name,
                    total=total,
                    bands=bands_in_words(rules.deal_tonks),
                ),
                field="totals",
                player=name,
            )
    if points and not any(rules.deal_tonk_pays(t) is not None for t in outcome.totals.values()):
        raise Refusal(
            said(
                "totals: nobody's dealt total is a tonk here; tonk on the deal "
                "is {bands} (house rule “Tonk on the deal”)",
                bands=bands_in_words(rules.deal_tonks),
            ),
            field="totals",
        )


def _check_everyone_counted(
    rules: HouseRules, players: Sequence[str], outcome: Drop | StockOut
) -> None:
    """2.5, 2.6, 2.8: a drop or a stock-out needs every total, each one that can be held."""
    _check_all_present(players, outcome.totals, said("a {kind}", kind=KIND_WORDS[outcome.kind]))
    for name in players:
        dropper = isinstance(outcome, Drop) and name == outcome.player
        _check_held_total(rules, name, outcome.totals[name], dropper=dropper)


def _check_went_out(rules: HouseRules, players: Sequence[str], outcome: WentOut) -> None:
    """Going out: totals only in points mode, from everyone still holding cards (2.7)."""
    if rules.scoring != "points":
        if outcome.totals:
            raise Refusal(
                said(
                    "totals: {a} is paid in stakes; totals are only asked in "
                    "points mode (house rule “Scoring”)",
                    a=WENT_OUT_WORDS[outcome.kind],
                ),
                field="totals",
            )
        return
    # Who went out holds no cards; in a double-double, so does the one who went out first.
    may_be_empty = 2 if isinstance(outcome, DoubleDouble) else 1
    empty = [name for name in players if outcome.totals.get(name, 0) == 0]
    if outcome.totals.get(outcome.player, 0) != 0:
        raise Refusal(
            said(
                "{player}: went out, so holds no cards; leave their total out or give 0",
                player=outcome.player,
            ),
            field="totals",
            player=outcome.player,
        )
    if len(empty) > may_be_empty:
        missing = next(name for name in empty if name != outcome.player)
        raise Refusal(
            said(
                "totals: {missing}'s total is missing; in points mode every "
                "player still holding cards scores their total (house rule "
                "“Scoring”)",
                missing=missing,
            ),
            field="totals",
            player=missing,
        )
    for name in players:
        if outcome.totals.get(name, 0) != 0:
            # Nobody dropped: no extra card (dropper=None would read the same, falsy).
            _check_held_total(rules, name, outcome.totals[name], dropper=False)


def _check_all_present(players: Sequence[str], totals: Mapping[str, int], what: str) -> None:
    for name in players:
        if name not in totals:
            raise Refusal(
                said(
                    "totals: {name}'s total is missing; {what} needs everyone's total",
                    name=name,
                    what=what,
                ),
                field="totals",
                player=name,
            )


def _check_held_total(rules: HouseRules, name: str, total: int, *, dropper: bool) -> None:
    cards = most_cards(rules, dropper=dropper)
    possible = held_totals(rules.deck, cards)
    if total in possible:
        return  # nearly always: the rest words the refusal
    # Only the words: 1 and the most are possible totals, returned above, so `<` or `2 <=`
    # at either end reads the same (equivalent mutants of make mutation).
    if not 1 <= total <= max(possible):
        raise Refusal(
            said(
                "{name}: a total of {total} cannot be; holding at most {cards} "
                "cards, a player has 1 to {max} points (a player with no cards "
                "has gone out)",
                name=name,
                total=total,
                cards=cards,
                max=max(possible),
            ),
            field="totals",
            player=name,
        )
    raise Refusal(
        said(
            "{name}: a total of {total} cannot be; 1 to {cards} cards of {deck} never make {total}",
            name=name,
            total=total,
            cards=cards,
            deck=deck_in_words(rules.deck),
        ),
        field="totals",
        player=name,
    )
