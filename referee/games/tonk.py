"""Tonk as a plug-in: its rules (referee.rules.tonk) and settlement (referee.scoring.tonk)
behind the seam, with the capabilities Tonk has: turns and waits (a drop after a spread is
hit), games of points, card counting, its status line, and table pages (referee.web.tonk)."""

from collections.abc import Mapping, Sequence

from referee.games.documents import Documents
from referee.games.seam import Ending, Named, NextRound, Rounds, Rules, Seats, own
from referee.rules.answers import Answer
from referee.rules.deal import Card, full_deck
from referee.rules.declared import DeclaredOptions
from referee.rules.limits import MAX_PLAYERS, MIN_PLAYERS
from referee.rules.players import check_players
from referee.rules.refusal import Refusal
from referee.rules.said import said, said_n
from referee.rules.tonk import house_rules, outcome, presets, questions, spreads, waiting, wording
from referee.rules.tonk.house_rules import HouseRules
from referee.rules.tonk.outcome import OUTCOME
from referee.rules.tonk.presets import PRESET_WORDS
from referee.scoring.settlement import Settlement
from referee.scoring.tonk.games import hand_of
from referee.scoring.tonk.settle import RESULTS, settle

# A table of Tonk seats 2 to 6 whatever its house rules; the one door words a change of
# seats past them so.
SEATS = Seats(
    MIN_PLAYERS,
    MAX_PLAYERS,
    too_few=said("a table needs at least {count} players", count=MIN_PLAYERS),
    too_many=said("at most {count} players sit at a table", count=MAX_PLAYERS),
)
# A round of Tonk is a hand: dealt, played out, paid.
ROUNDS = Rounds(
    one=said("hand"),
    one_title=said("Hand"),
    many=said("hands"),
    many_title=said("Hands"),
    count=lambda count: said_n("{count} hand", "{count} hands", count),
)


def _rules(rules: Rules) -> HouseRules:
    return own(HouseRules, rules)


def _outcome(ending: Ending) -> outcome.Outcome:
    """`ending` as Tonk's own outcome (the shell hands back only what its `outcome` read)."""
    if not isinstance(ending, outcome.Outcome):
        raise TypeError(f"a {type(ending).__name__} handed to Tonk")
    return ending


class Tonk(Named):
    """Tonk (tonk.md): hands that stand alone, settled under the house rules in force."""

    name = "tonk"
    presets: Mapping[str, HouseRules] = presets.PRESETS
    default_preset = "classic"
    preset_words: Mapping[str, str] = PRESET_WORDS
    options = DeclaredOptions(
        house_rules.option_keys,
        house_rules.option_group,
        house_rules.check_of,
        wording.option_label,
        wording.value_in_words,
    )
    start_options = ("stake", "unit")
    rounds = ROUNDS
    kind_words: Mapping[str, str] = outcome.KIND_WORDS
    outcome = OUTCOME
    result_words: Mapping[str, str] = wording.RESULT_WORDS
    why_words: Mapping[str, str] = {}  # a payment's reason is already in words
    documents = Documents(
        check_changes=HouseRules().with_changes,
        seats=(MIN_PLAYERS, MAX_PLAYERS),
        seating=said("Distinct names in seating order (no space at either end)."),
        results=RESULTS,
        overrides_waits=True,
        plays_for_points=True,
    )
    dealer_plays_first = False  # the player after the dealer plays first
    count_rules: tuple[str, ...] = ()
    pages = "referee.web.tonk"

    def rules_from(self, preset: object, changes: object) -> HouseRules:
        return presets.rules_from(preset, changes)

    def rules_from_json(self, stored: object) -> HouseRules:
        # Rules stored before house rules version 2 read as their hands were settled.
        return HouseRules.from_stored(stored)

    def rules_to_json(self, rules: Rules) -> dict[str, object]:
        # Rules read from before version 2 are written again in their old form.
        return _rules(rules).to_stored()

    def playable_kinds(self, rules: Rules) -> list[str]:
        return outcome.playable_kinds(_rules(rules))

    def asks_totals(self, kind: str, rules: Rules) -> bool:
        return outcome.asks_totals(kind, _rules(rules))

    def settle(self, rules: Rules, players: Sequence[str], ending: Ending) -> Settlement:
        return settle(_rules(rules), players, _outcome(ending))

    def seats(self, rules: Rules) -> Seats:
        return SEATS

    def seated_rules(self, rules: Rules, players: Sequence[str]) -> Rules:
        return rules

    def check_seats(self, rules: Rules, players: object) -> tuple[str, ...]:
        return check_players(players)

    def rule_sentences(self, rules: Rules) -> list[tuple[str, str, str]]:
        return wording.rule_sentences(_rules(rules))

    def answers(self, rules: Rules) -> list[Answer]:
        return questions.answers(_rules(rules))

    def hand_words(self, stored: Mapping[str, object], result: str) -> str | None:
        return wording.drop_in_words(stored, result)

    # Turns: a drop may have to wait (house rules 2.9).

    def tracks_turns(self, rules: Rules) -> bool:
        return waiting.tracks_turns(_rules(rules))

    def reminder(self, rules: Rules) -> str | None:
        return waiting.reminder(_rules(rules))

    def waits_for(self, kind: object, rules: Rules) -> bool:
        return kind == "drop" and waiting.drop_can_be_refused(_rules(rules))

    def turn_state(
        self, rules: Rules, order: Sequence[str], marks: Sequence[waiting.Mark]
    ) -> waiting.TurnState:
        return waiting.replay(_rules(rules), order, marks)

    def broken_wait(
        self, rules: Rules, state: waiting.TurnState, ending: Mapping[str, object]
    ) -> tuple[Refusal, str | None] | None:
        dropper = ending.get("player")
        if ending.get("kind") != "drop" or not isinstance(dropper, str):
            return None
        refusal = waiting.drop_refusal(_rules(rules), state, dropper)
        if refusal is None:
            return None
        return refusal, waiting.override_note(_rules(rules), state, dropper)

    # Points (house rules 2.7).

    def scores_points(self, rules: Rules) -> bool:
        return _rules(rules).scoring == "points"

    def hands_a_game(self, rules: Rules) -> int | None:
        return _rules(rules).points_target_hands

    # The status line.

    def status_words(self, rules: Rules, round: NextRound) -> list[str]:
        game = round.game
        if game is None:  # chips: the hands of the night
            return wording.status_words(
                _rules(rules), None, said("Hand {number}", number=round.number)
            )
        # Points: the game is said once there are games (a number of hands agreed, or one won).
        shown = game.number if game.target is not None or game.number > 1 else None
        return wording.status_words(_rules(rules), shown, hand_of(game))

    # The card counter.

    def count_hand(self, cards: Sequence[Card], rules: Rules) -> tuple[int, str]:
        return spreads.count_hand(cards, _rules(rules))

    def deck_cards(self, rules: Rules) -> Sequence[Card]:
        return full_deck(_rules(rules).deck)
