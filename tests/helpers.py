"""Small builders shared by the tests: a request of the settle contract and its net."""

from decimal import Decimal

from referee.rules.tonk import parse_outcome, rules_from
from referee.scoring.tonk import settle

ABC = ["Anna", "Ben", "Carla"]


def settled(outcome, rules=None, players=ABC, preset="classic"):
    """Settle a hand given as plain JSON-like data."""
    return settle(rules_from(preset, rules), players, parse_outcome(outcome))


def net(outcome, rules=None, players=ABC, preset="classic"):
    """The net of a hand as a {name: Decimal} mapping, for comparing with whole numbers."""
    return settled(outcome, rules, players, preset).net


def amounts(**by_name):
    """{"Anna": Decimal("-2"), ...} from keyword numbers given as int or str."""
    return {name: Decimal(str(value)) for name, value in by_name.items()}
