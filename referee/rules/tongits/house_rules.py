"""The house rules of a Tongits table (tongits.md section 1): every option, declared once.

Built from the same pieces as Tonk's rules (`option` with its check and group, `changed`
for a table's changes), so both games refuse a wrong value in the same words. A Tonk
option sent to a Tongits table is refused as a rule of the other game, not silently kept.
"""

from collections.abc import Mapping
from dataclasses import dataclass, fields
from decimal import Decimal
from typing import Any, Literal, get_args

from referee.rules.limits import CARDS_BETWEEN_TURNS
from referee.rules.options import (
    MAX_UNIT_LENGTH,
    Declarations,
    changed,
    choice,
    flag,
    money,
    option,
    short_text,
    whole,
)
from referee.rules.refusal import Refusal
from referee.rules.said import said
from referee.rules.tonk import house_rules as tonk

Seats = Literal[3, 4]
CardValues = Literal["standard"]
JackpotWins = Literal[1, 2, 3, 4, 5]
BurnedFactor = Literal[1, 2, 3]
PlayDirection = Literal["counterclockwise", "clockwise"]
NextDealer = Literal["winner", "rotate"]
DiscardTake = Literal["meld_only", "any"]
PointPaysOn = Literal["difference", "total"]
DrawPays = Literal["winner", "caller"]
Jokers = Literal[0, 2]

TABLE = said("Table")
POT = said("Pot and jackpot (“Two Hits”)")
ENDINGS = said("What each ending pays")
BONUSES = said("Bonuses")
DRAW = said("Draw, ties and turn order")
DEALING = said("Dealing")
TABLE_TALK = said("Table talk")
JOKER_MODE = said("Joker mode")

MAX_PAYS = 10  # every multiplier of section 1 is at most 10 stakes
MAX_POINT_PAYS = 5  # 6.1: stakes per point at a fought draw


def _pays(default: int, group: str, *, low: int = 1) -> Any:  # pragma: no mutate block
    """A whole number of stakes, `low` to 10, as most options of section 1 are. (Run once,
    as the class is declared, before any test: a mutant here is seen by the option tests
    through the declarations, as Tonk's `option` and checks are.)"""
    return option(default, whole(low, MAX_PAYS), group)


def _one_of(default: Any, values: Any, group: str) -> Any:  # pragma: no mutate block
    """One of the values of a Literal, in the order the spec lists them. (Run once, as the
    class is declared; see `_pays`.)"""
    return option(default, choice(*get_args(values)), group)


@dataclass(frozen=True)
class TongitsRules:
    """Every option of tongits.md section 1; the defaults are the `tongits` preset."""

    stake: Decimal = option(Decimal("1.00"), money(), TABLE)
    unit: str = option("chips", short_text(MAX_UNIT_LENGTH), TABLE)
    seats: Seats = _one_of(3, Seats, TABLE)
    card_values: CardValues = _one_of("standard", CardValues, TABLE)

    ante: int = _pays(1, POT, low=0)
    opening_ante: int = _pays(0, POT, low=0)
    jackpot_wins: JackpotWins = _one_of(2, JackpotWins, POT)
    second_win_bonus: int = _pays(1, POT, low=0)
    run_bonus: int = _pays(0, POT, low=0)
    joiner_matches_pot: bool = option(False, flag(), POT)

    tongits_pays: int = _pays(2, ENDINGS)
    fold_pays: int = _pays(1, ENDINGS)
    fight_pays: int = _pays(2, ENDINGS)
    stock_out_pays: int = _pays(1, ENDINGS)
    bisaklat_pays: int = _pays(2, ENDINGS)
    burned_factor: BurnedFactor = _one_of(2, BurnedFactor, ENDINGS)
    burned_extra: int = _pays(0, ENDINGS, low=0)

    secret_bonus: int = _pays(1, BONUSES, low=0)
    escalera_bonus: int = _pays(0, BONUSES, low=0)
    ace_bonus: int = _pays(0, BONUSES, low=0)
    king_bonus: int = _pays(0, BONUSES, low=0)

    play_direction: PlayDirection = _one_of("counterclockwise", PlayDirection, DRAW)
    sapaw_blocks_draw: bool = option(True, flag(), DRAW)
    draw_pays: DrawPays = _one_of("winner", DrawPays, DRAW)
    point_pays: int = option(0, whole(0, MAX_POINT_PAYS), DRAW)
    point_pays_on: PointPaysOn = _one_of("difference", PointPaysOn, DRAW)

    next_dealer: NextDealer = _one_of("winner", NextDealer, DEALING)

    hand_melds_count: bool = option(False, flag(), TABLE_TALK)
    discard_take: DiscardTake = _one_of("meld_only", DiscardTake, TABLE_TALK)
    same_turn_discard: bool = option(False, flag(), TABLE_TALK)
    ace_low_only: bool = option(True, flag(), TABLE_TALK)

    jokers: Jokers = _one_of(0, Jokers, JOKER_MODE)
    joker_points: int = _pays(0, JOKER_MODE, low=0)
    joker_bonus: int = _pays(0, JOKER_MODE, low=0)

    @classmethod
    def from_json(cls, data: Any) -> "TongitsRules":
        """Rules from a mapping of option keys; missing keys take the `tongits` default."""
        return cls().with_changes(data)

    def with_changes(self, changes: Any) -> "TongitsRules":
        """These rules with some options changed, each change checked and refused by name;
        a Tonk option (caught_pays, hand_size...) is named as Tonk's, so the table sees it
        sent the rules of the other game."""
        if isinstance(changes, Mapping):
            for key in changes:
                if key in tonk.OPTIONS and key not in OPTIONS:
                    raise Refusal(
                        said(
                            "rules: {key} is a house rule of Tonk, not of Tongits (the "
                            "Tongits rules sheet lists them all)",
                            key=key,
                        ),
                        field=key,
                    )
        return _jokers_played(changed(self, OPTIONS, changes))

    def to_json(self) -> dict[str, Any]:
        """Every option as plain JSON values (the stake stays an exact Decimal)."""
        return {key: getattr(self, key) for key in OPTIONS}

    def differences(self, other: "TongitsRules") -> list[str]:
        """The option keys whose values differ from `other` (say, the preset)."""
        return [key for key in OPTIONS if getattr(self, key) != getattr(other, key)]

    @property
    def most_cards(self) -> int:
        """The most cards a player holds between turns (12 at three seats, 11 at four)."""
        return CARDS_BETWEEN_TURNS[self.seats]

    def amount(self, times: int) -> Decimal:
        """`times` stakes in money: every payment but the pot is counted this way."""
        return self.stake * times


OPTIONS = {f.name: f for f in fields(TongitsRules)}
JOKER_OPTIONS = ("joker_points", "joker_bonus")


def _jokers_played(rules: TongitsRules) -> TongitsRules:
    """6.1: what a joker counts or pays means nothing without the jokers in the deck, so a
    value other than 0 is refused while `jokers` is 0 rather than kept and never used."""
    if rules.jokers == 0:
        for key in JOKER_OPTIONS:
            if getattr(rules, key) != 0:
                raise Refusal(
                    said(
                        "House rule {key}: {value} needs Joker mode; set jokers to 2, or "
                        "{key} to 0",
                        key=key,
                        value=getattr(rules, key),
                    ),
                    field=key,
                )
    return rules


_DECLARED = Declarations(OPTIONS)
option_keys, option_group, check_of = _DECLARED.keys, _DECLARED.group, _DECLARED.check
