"""The rules of every game the referee knows: what the games share sits here (cards, the
deal, options, names, limits, refusals); each game's own rules are a package beside it
(`tonk/`, `tongits/`). Nothing here imports the scoring: rules say what may happen,
scoring says what it pays."""

from referee.rules.refusal import Refusal

__all__ = ["Refusal"]
