"""Scoring: settle one hand, exactly; pure code with no Flask, database or clock.

What every game's settlement shares (a Settlement of payments, settle-up, standings) sits
here; each game settles in its own package beside it (`tonk/`, `tongits/`)."""

from referee.scoring.settlement import Payment, Settlement

__all__ = ["Payment", "Settlement"]
