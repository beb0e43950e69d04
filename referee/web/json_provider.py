"""Flask's JSON, made exact: jsonify writes Decimal amounts as numbers, not floats or strings."""

from typing import Any

from flask.json.provider import JSONProvider

from referee import exact_json


class ExactJSONProvider(JSONProvider):
    """Every JSON answer of the app goes through exact_json."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return exact_json.dumps(obj)

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return exact_json.loads(s)
