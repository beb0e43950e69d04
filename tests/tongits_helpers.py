"""Small builders for the Tongits tests: a game given as plain JSON-like data, settled."""

from decimal import Decimal

from referee.rules.tongits.outcome import parse_outcome
from referee.rules.tongits.presets import rules_from
from referee.rules.tongits.state import parse_state
from referee.scoring.tongits.settle import settle

ABC = ["Anna", "Ben", "Carla"]
ABCD = [*ABC, "Dan"]


def settled(outcome, rules=None, players=ABC, preset="tongits", state=None):
    """Settle one game of Tongits given as JSON-like data."""
    return settle(rules_from(preset, rules), players, parse_outcome(outcome), parse_state(state))


def amounts(**by_name):
    """{"Anna": Decimal("-2"), ...} from keyword numbers given as int or str."""
    return {name: Decimal(str(value)) for name, value in by_name.items()}


def rows(settlement):
    """The payments as (from, to, amount, why) with the amount as a plain string."""
    return [(p.payer, p.payee, str(p.amount.normalize()), p.why) for p in settlement.payments]
