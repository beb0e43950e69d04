"""A settle request as both doors receive it (the settle contract), checked and settled."""

from collections.abc import Mapping
from typing import Any

from referee.rules import Refusal, parse_outcome, rules_from
from referee.scoring.settle import settle
from referee.scoring.settlement import Settlement

REQUEST_KEYS = ("preset", "rules", "players", "outcome")


def settle_request(request: Any) -> Settlement:
    """Settle one request of the settle contract; anything wrong is a Refusal."""
    if not isinstance(request, Mapping):
        raise Refusal("request: send an object with preset, rules, players and outcome")
    for key in request:
        if key not in REQUEST_KEYS:
            raise Refusal(
                f"request: there is no field {str(key)[:40]!r}; a request has "
                + ", ".join(REQUEST_KEYS),
                field=str(key)[:40],
            )
    if "players" not in request or "outcome" not in request:
        raise Refusal("request: players and outcome are both needed")
    rules = rules_from(request.get("preset", "classic"), request.get("rules"))
    return settle(rules, request["players"], parse_outcome(request["outcome"]))
