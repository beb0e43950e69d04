"""Tongits as a plug-in: its rules (referee.rules.tongits) and settlement
(referee.scoring.tongits) behind the seam, with the capabilities Tongits has: state
carried from one game to the next (the pot, the streak, the dealer), card counting,
payments worded from how the game ended, its status line, and table pages
(referee.web.tongits)."""

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from referee.games.documents import Documents
from referee.games.seam import Ending, Named, NextRound, PlayedGame, Rounds, Rules, Seats, own
from referee.rules.answers import Answer
from referee.rules.deal import Card, full_deck
from referee.rules.declared import DeclaredOptions
from referee.rules.limits import TONGITS_SEATS
from referee.rules.runs import JOKER
from referee.rules.said import said, said_n
from referee.rules.tongits import house_rules, outcome, presets, questions, rulings, seats, wording
from referee.rules.tongits.house_rules import TongitsRules
from referee.rules.tongits.outcome import OUTCOME
from referee.rules.tongits.presets import PRESET_WORDS
from referee.rules.tongits.state import TongitsState, parse_state
from referee.scoring.settlement import Settlement
from referee.scoring.tongits import night, settle
from referee.scoring.tongits.settle import TONGITS_RESULTS

# A round of Tongits is a game (tongits.md): each settled with what the one before left.
ROUNDS = Rounds(
    one=said("game"),
    one_title=said("Game"),
    many=said("games"),
    many_title=said("Games"),
    count=lambda count: said_n("{count} game", "{count} games", count),
)


def _rules(rules: Rules) -> TongitsRules:
    return own(TongitsRules, rules)


def _ending(ending: Ending) -> outcome.Ending:
    """`ending` as Tongits' own (the shell hands back only what its `outcome` read)."""
    if not isinstance(ending, outcome.Ending):
        raise TypeError(f"a {type(ending).__name__} handed to Tongits")
    return ending


def _seen(rules: Rules, left: TongitsState, seats: Sequence[str]) -> TongitsState:
    """What a game left as these seats see it under `rules` (the dealer it named dealing):
    a player who sits in matches the pot where the house says so (6.7)."""
    joiners_match = _rules(rules).joiner_matches_pot
    return night.seen_from(left, seats, left.dealer, joiners_match=joiners_match)


class Tongits(Named):
    """Tongits (tongits.md): a night of games, each settled with what the one before left."""

    name = "tongits"
    default_preset = presets.DEFAULT_PRESET
    presets: Mapping[str, TongitsRules] = presets.PRESETS
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
    why_words: Mapping[str, str] = wording.WHY_WORDS
    documents = Documents(
        check_changes=TongitsRules().with_changes,
        seats=(min(TONGITS_SEATS), max(TONGITS_SEATS)),
        seating=said("As many distinct names as the rules seat (3, or 4), in the order of play."),
        results=TONGITS_RESULTS,
        state=TongitsState,
    )
    dealer_plays_first = True  # the dealer's 13th card opens the game
    # The card values, whether melds kept in hand count, and the jokers (whether the deck
    # has them, what one counts) decide what to tap.
    count_rules = ("card_values", "hand_melds_count", "jokers", "joker_points")
    pages = "referee.web.tongits"

    def rules_from(self, preset: object, changes: object) -> TongitsRules:
        return presets.rules_from(preset, changes)

    def rules_from_json(self, stored: object) -> TongitsRules:
        return TongitsRules.from_json(stored)

    def rules_to_json(self, rules: Rules) -> dict[str, object]:
        return _rules(rules).to_json()

    def playable_kinds(self, rules: Rules) -> list[str]:
        return list(outcome.KINDS)

    def asks_totals(self, kind: str, rules: Rules) -> bool:
        return outcome.kind_needs_totals(kind)

    def settle(self, rules: Rules, players: Sequence[str], ending: Ending) -> Settlement:
        return settle.settle(_rules(rules), players, _ending(ending))

    def seats(self, rules: Rules) -> Seats:
        # Between games the seats change one at a time: a player may leave before the next
        # sits in, or sit in before one leaves; the next game is refused until the players
        # are as many as the rules seat (`check_seats`).
        played_by = seats.played_by(_rules(rules))
        return Seats(
            _rules(rules).seats - 1,
            _rules(rules).seats + 1,
            too_few=said(
                "{played_by}; between games one seat at most waits for a player",
                played_by=played_by,
            ),
            too_many=said(
                "{played_by}; between games one player at most waits for a seat",
                played_by=played_by,
            ),
        )

    def seated_rules(self, rules: Rules, players: Sequence[str]) -> TongitsRules:
        return seats.seated_rules(_rules(rules), players)

    def check_seats(self, rules: Rules, players: object) -> tuple[str, ...]:
        return seats.check_seated(_rules(rules), players)

    def rule_sentences(self, rules: Rules) -> list[tuple[str, str, str]]:
        return wording.rule_sentences(_rules(rules))

    def answers(self, rules: Rules) -> list[Answer]:
        return questions.answers(_rules(rules))

    def hand_words(self, stored: Mapping[str, object], result: str) -> str | None:
        return None

    # Its payments in words.

    def payments_in_words(
        self, outcome: Mapping[str, object], settlement: Mapping[str, Any]
    ) -> list[str]:
        return wording.payments_in_words(
            OUTCOME.read(outcome), settlement["payments"], settlement["winners"]
        )

    # State carried between games.

    def settle_with_state(
        self, rules: Rules, players: Sequence[str], ending: Ending, state: object
    ) -> Settlement:
        return settle.settle_from(_rules(rules), players, _ending(ending), state)

    def replay_night(self, played: Sequence[PlayedGame]) -> list[Settlement | None]:
        return night.replay(
            [
                night.PlayedGame(g.void, _rules(g.rules), g.players, _ending(g.outcome), g.dealer)
                for g in played
            ]
        )

    def state_seen_by(self, rules: Rules, state: object, seats: Sequence[str]) -> dict[str, object]:
        return _seen(rules, parse_state(state), seats).to_json()

    def sat_in_words(self, rules: Rules, state: object, seats: Sequence[str]) -> list[str]:
        # Who sits in has no share in the state left (6.7): a share seen is a pot matched.
        left = parse_state(state)
        seen = _seen(rules, left, seats)
        return [
            wording.matched_in_words(_rules(rules), name, seen.share(name))
            for name in seats
            if name not in left.pot and seen.share(name)
        ]

    def run_words(self, rules: Rules, player: str | None, wins: int) -> str:
        return wording.run_in_words(_rules(rules), player, wins)

    # The status line.

    def status_words(self, rules: Rules, round: NextRound) -> list[str]:
        left = parse_state(round.state)  # none before the first game: no pot, no run
        streak = left.streak
        pot = sum(left.pot.values(), Decimal(0))
        player, wins = (streak.player, streak.wins) if streak else (None, 0)
        return wording.status_words(_rules(rules), round.number, pot, player, wins)

    # The card counter.

    def count_hand(self, cards: Sequence[Card], rules: Rules) -> tuple[int, str]:
        return rulings.count_hand(cards, _rules(rules))

    def deck_cards(self, rules: Rules) -> Sequence[Card]:
        # Joker mode adds the two jokers (tongits.md 6.6), after the 52.
        return [*full_deck("52"), *[JOKER] * _rules(rules).jokers]
