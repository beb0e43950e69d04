"""A settle request as both doors receive it (the settle contract), checked and settled."""

from collections.abc import Mapping

from referee.games import DEFAULT_GAME, CarriesState, game_named
from referee.rules import Refusal
from referee.rules.limits import echoed
from referee.rules.said import said
from referee.rules.shapes import shown
from referee.scoring.settlement import Settlement

REQUEST_KEYS = ("game", "preset", "rules", "players", "outcome")
# A game that carries state between games (Tongits) also reads `state`, before the outcome.
STATE_REQUEST_KEYS = ("game", "preset", "rules", "players", "state", "outcome")


def settle_request(request: object) -> Settlement:
    """Settle one request of the settle contract, at the game it names (Tonk when it names
    none); anything wrong is a Refusal."""
    if not isinstance(request, Mapping):
        raise Refusal(said("request: send an object with preset, rules, players and outcome"))
    # The game first: which fields a request has depends on it (only Tongits has `state`).
    game = game_named(request.get("game", DEFAULT_GAME))
    keys = STATE_REQUEST_KEYS if isinstance(game, CarriesState) else REQUEST_KEYS
    for key in request:
        if key not in keys:
            raise Refusal(
                said(
                    "request: there is no field {field}; a request has {fields}",
                    field=shown(str(key)),
                    fields=", ".join(keys),
                ),
                field=echoed(str(key)),
            )
    if "players" not in request or "outcome" not in request:
        raise Refusal(said("request: players and outcome are both needed"))
    rules = game.rules_from(request.get("preset", game.default_preset), request.get("rules"))
    outcome = game.outcome.read(request["outcome"])
    if isinstance(game, CarriesState):
        return game.settle_with_state(rules, request["players"], outcome, request.get("state"))
    return game.settle(rules, request["players"], outcome)
