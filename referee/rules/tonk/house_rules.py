"""Tonk's house rules: every option, what it allows and its default.

One immutable model, validated on the way in, so that a hand settled tonight is
settled by exactly the rules the table agreed. Each option is declared once, as a
field whose metadata holds its group (as the spec groups them) and its check; the
forms, the rules sheet and the JSON doors all read this one declaration.
"""

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from decimal import Decimal
from typing import Any, Literal, get_args

from referee.rules.options import (
    MAX_UNIT_LENGTH,
    Check,
    Declarations,
    NotAllowed,
    changed,
    choice,
    flag,
    money,
    option,
    short_text,
    whole,
)
from referee.rules.said import said

MAX_BANDS = 8
MAX_BAND_PAYS = 10
MAX_DEALT_TOTAL = 120  # twelve ten-valued cards
LOW_TONK_BELOW = 25  # 000: dealt totals under 25 are low tonks, 25 and over high ones

HandSize = Literal[3, 5, 7, 12]
Deck = Literal["52", "40"]
Scoring = Literal["chips", "points"]
DealTonkClash = Literal["draw", "low_beats_high", "high_beats_low", "pay_all"]
CaughtPaysTo = Literal["beaten", "lowest"]
CaughtPaysTied = Literal["all", "lowest", "none"]
CaughtBonusFrom = Literal["others", "all", "none"]
CaughtBonusTie = Literal["none", "all"]
StockOutTie = Literal["draw", "all", "last_draw"]
DropWhen = Literal["before_draw", "any_time"]
Ace = Literal["low", "low_or_high"]
DiscardTake = Literal["top", "top_two"]
FirstDiscard = Literal["turn_up", "first_player"]

TABLE = said("Table")
DEAL_TONK = said("Tonk on the deal")
GOING_OUT = said("Going out")
DROPPING = said("Dropping")
STOCK_OUT = said("Stock runs out")
TABLE_TALK = said("Table talk")


@dataclass(frozen=True)
class Band:
    """Dealt totals from `min` to `max` (inclusive) are a tonk paying `pays` stakes."""

    min: int
    max: int
    pays: int

    def holds(self, total: int) -> bool:
        return self.min <= total <= self.max


# Built once, at import, as `options`' check builders are: out of the mutation run.


def bands() -> Check:  # pragma: no mutate block
    """A list of tonk bands {min, max, pays}; an empty list turns tonk on the deal off."""
    total = whole(0, MAX_DEALT_TOTAL)
    pays = whole(1, MAX_BAND_PAYS)

    def clean_band(band: Any) -> Band:
        if isinstance(band, Band):
            band = {"min": band.min, "max": band.max, "pays": band.pays}
        if not isinstance(band, Mapping) or set(band) != {"min", "max", "pays"}:
            raise NotAllowed
        low, high = total.clean(band["min"]), total.clean(band["max"])
        if low > high:
            raise NotAllowed
        return Band(low, high, pays.clean(band["pays"]))

    def clean(value: Any) -> tuple[Band, ...]:
        if not isinstance(value, list | tuple) or len(value) > MAX_BANDS:
            raise NotAllowed
        return tuple(clean_band(band) for band in value)

    words = said(
        "a list of at most {most} bands {{min, max, pays}}: min and max whole numbers from 0 "
        "to {highest} with min not above max, pays from 1 to {pays}",
        most=MAX_BANDS,
        highest=MAX_DEALT_TOTAL,
        pays=MAX_BAND_PAYS,
    )
    return Check(words, clean, "bands", high=MAX_BANDS)


@dataclass(frozen=True)
class HouseRules:
    """Every option of section 1 of the house-rules spec; defaults are the classic preset."""

    stake: Decimal = option(Decimal("1.00"), money(), TABLE)
    unit: str = option("chips", short_text(MAX_UNIT_LENGTH), TABLE)
    hand_size: HandSize = option(5, choice(*get_args(HandSize)), TABLE)
    deck: Deck = option("52", choice(*get_args(Deck)), TABLE)
    scoring: Scoring = option("chips", choice(*get_args(Scoring)), TABLE)
    points_target_hands: int | None = option(None, whole(1, 10_000, optional=True), TABLE)

    deal_tonks: tuple[Band, ...] = option((Band(49, 50, 2),), bands(), DEAL_TONK)
    deal_tonk_clash: DealTonkClash = option("draw", choice(*get_args(DealTonkClash)), DEAL_TONK)

    tonk_out_pays: int = option(2, whole(1, 10), GOING_OUT)
    tonk_out_six_pays: int | None = option(None, whole(1, 10, optional=True), GOING_OUT)
    tonk_out_needs_six: bool = option(False, flag(), GOING_OUT)
    double_double_pays: int | None = option(None, whole(1, 20, optional=True), GOING_OUT)
    out_pays: int = option(1, whole(1, 10), GOING_OUT)

    drop_win_pays: int = option(1, whole(1, 10), DROPPING)
    caught_on_tie: bool = option(True, flag(), DROPPING)
    caught_pays: int = option(2, whole(1, 10), DROPPING)
    caught_pays_to: CaughtPaysTo = option("beaten", choice(*get_args(CaughtPaysTo)), DROPPING)
    caught_pays_tied: CaughtPaysTied = option("all", choice(*get_args(CaughtPaysTied)), DROPPING)
    caught_bonus_from: CaughtBonusFrom = option(
        "others", choice(*get_args(CaughtBonusFrom)), DROPPING
    )
    caught_bonus_tie: CaughtBonusTie = option("none", choice(*get_args(CaughtBonusTie)), DROPPING)

    stock_out_pays: int = option(1, whole(1, 10), STOCK_OUT)
    stock_out_tie: StockOutTie = option("draw", choice(*get_args(StockOutTie)), STOCK_OUT)

    drop_when: DropWhen = option("before_draw", choice(*get_args(DropWhen)), TABLE_TALK)
    wait_after_spread: int = option(0, whole(0, 5), TABLE_TALK)
    wait_after_hit: int = option(0, whole(0, 5), TABLE_TALK)
    hit_blocks_laydown: bool = option(False, flag(), TABLE_TALK)
    hits_stack: bool = option(False, flag(), TABLE_TALK)
    must_spread: bool = option(False, flag(), TABLE_TALK)
    ace: Ace = option("low", choice(*get_args(Ace)), TABLE_TALK)
    discard_take: DiscardTake = option("top", choice(*get_args(DiscardTake)), TABLE_TALK)
    first_discard: FirstDiscard = option("turn_up", choice(*get_args(FirstDiscard)), TABLE_TALK)
    slapping: bool = option(False, flag(), TABLE_TALK)
    same_turn_discard: bool = option(False, flag(), TABLE_TALK)

    # Not a house rule: whether a table stored these rules before house rules version 2
    # (`from_stored`). Their points mode doubled a loser's points after any tonk and
    # counted them once otherwise (version 1's 2.7), and their old hands still score so.
    stored_before_v2: bool = False

    @classmethod
    def from_json(cls, data: Any) -> "HouseRules":
        """Rules from a mapping of option keys; missing keys take the classic default."""
        return cls().with_changes(data)

    @classmethod
    def from_stored(cls, data: Any) -> "HouseRules":
        """Rules as a table stored them (its database, its file). Rules stored before
        version 2 have no `caught_pays_tied`: a caught dropper then paid those who tied
        them exactly when a tie was a catch (`caught_on_tie`), so such rules are read as
        their hands were settled, and an old hand edited or imported pays what it paid."""
        if isinstance(data, Mapping) and "caught_pays_tied" not in data:
            paid_then = "all" if data.get("caught_on_tie", True) else "none"
            rules = cls.from_json({**data, "caught_pays_tied": paid_then})
            return replace(rules, stored_before_v2=True)
        return cls.from_json(data)

    def to_stored(self) -> dict[str, Any]:
        """The rules as a table stores them: rules stored before version 2 keep that form
        (no `caught_pays_tied`), so that `from_stored` reads them back as they were."""
        data = self.to_json()
        if self.stored_before_v2:
            del data["caught_pays_tied"]
        return data

    def with_changes(self, changes: Any) -> "HouseRules":
        """These rules with some options changed, each change checked and refused by name."""
        rules = changed(self, OPTIONS, changes)
        return replace(rules, stored_before_v2=False)  # rules set now are version 2

    def to_json(self) -> dict[str, Any]:
        """Every option as plain JSON values (the stake stays an exact Decimal)."""
        data = {key: getattr(self, key) for key in OPTIONS}
        data["deal_tonks"] = [
            {"min": band.min, "max": band.max, "pays": band.pays} for band in self.deal_tonks
        ]
        return data

    def deal_tonk_pays(self, total: int) -> int | None:
        """What a dealt total pays as a tonk: the highest band holding it, or None."""
        pays = [band.pays for band in self.deal_tonks if band.holds(total)]
        return max(pays) if pays else None

    def differences(self, other: "HouseRules") -> list[str]:
        """The option keys whose values differ from `other` (say, the preset)."""
        return [key for key in OPTIONS if getattr(self, key) != getattr(other, key)]


OPTIONS = {f.name: f for f in fields(HouseRules) if "check" in f.metadata}


_DECLARED = Declarations(OPTIONS)
option_keys, option_group, check_of = _DECLARED.keys, _DECLARED.group, _DECLARED.check
