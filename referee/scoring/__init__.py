"""Scoring: settle one hand, exactly; pure code with no Flask, database or clock."""

from referee.scoring.request import settle_request
from referee.scoring.settle import settle
from referee.scoring.settlement import Payment, Settlement

__all__ = ["Payment", "Settlement", "settle", "settle_request"]
