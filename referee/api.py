"""The JSON door onto the engine: POST /api/settle, as the settle contract describes."""

from flask import Blueprint, Response, jsonify, request

from referee import exact_json
from referee.rules import Refusal
from referee.scoring import settle_request

bp = Blueprint("api", __name__, url_prefix="/api")


def refused(message: str, status: int = 400) -> tuple[Response, int]:
    """The one error shape of the API: {"error": "..."} with a 4xx status."""
    return jsonify({"error": message}), status


@bp.post("/settle")
def settle() -> Response | tuple[Response, int]:
    """Settle one hand sent as JSON; nothing is stored."""
    try:
        settlement = settle_request(exact_json.loads(request.get_data()))
    except (exact_json.BadJson, Refusal) as error:
        return refused(str(error))
    return jsonify(settlement.to_json())
