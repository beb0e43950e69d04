"""A settle request as both doors receive it (the settle contract), checked and settled."""

from collections.abc import Mapping
from typing import Any

from referee.rules import Refusal
from referee.scoring.settlement import Settlement

REQUEST_KEYS = ("game", "preset", "rules", "players", "outcome")


def settle_request(request: Any) -> Settlement:
    """Settle one request of the settle contract, at the game it names (Tonk when it names
    none); anything wrong is a Refusal."""
    # Here, not at the top: the registry of games imports each game's settle, from this package.
    from referee.rules.game import DEFAULT_GAME, game_named

    if not isinstance(request, Mapping):
        raise Refusal("request: send an object with preset, rules, players and outcome")
    for key in request:
        if key not in REQUEST_KEYS:
            raise Refusal(
                f"request: there is no field {str(key)[:40]!r}; a request has "
                + ", ".join(REQUEST_KEYS),
                field=str(key)[:40],
            )
    game = game_named(request.get("game", DEFAULT_GAME))
    if "players" not in request or "outcome" not in request:
        raise Refusal("request: players and outcome are both needed")
    rules = game.rules_from(request.get("preset", game.default_preset), request.get("rules"))
    return game.settle(rules, request["players"], game.parse_outcome(request["outcome"]))
