"""Tonk's settlement: one hand by section 2 of the house rules, and the games of points."""

from referee.scoring.tonk.settle import settle

__all__ = ["settle"]
