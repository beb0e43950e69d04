"""Tonk Referee: the app factory."""

import os
from collections.abc import Mapping
from typing import Any

from flask import Flask
from flask_wtf.csrf import CSRFProtect
from htmx_flask import Htmx
from werkzeug.routing import IntegerConverter, Map

from referee import secret_key, security
from referee.json_provider import ExactJSONProvider
from referee.rules.limits import MAX_ID

csrf = CSRFProtect()


class StoredId(IntegerConverter):
    """Every `<int:...>` of a URL (a table, a hand number) is at most MAX_ID, what the
    database stores: a larger one matches no page (404) instead of overflowing a query."""

    def __init__(self, url_map: Map, fixed_digits: int = 0, min: int = 0, max: int = MAX_ID):
        super().__init__(url_map, fixed_digits=fixed_digits, min=min, max=max)


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: defaults, then instance/config.py, then what a test passes in."""
    config = dict(test_config or {})
    app = Flask(
        __name__, instance_relative_config=True, instance_path=config.pop("INSTANCE_PATH", None)
    )
    app.url_map.converters["int"] = StoredId
    app.config.from_mapping(MAX_CONTENT_LENGTH=256 * 1024)
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(config)
    os.makedirs(app.instance_path, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key.load_or_create(app.instance_path)
    secret_key.check(app.config["SECRET_KEY"])

    app.json = ExactJSONProvider(app)
    csrf.init_app(app)
    Htmx().init_app(app)

    from referee import api, storage
    from referee.views import counting, errors, exports, formatting, hands, links, tables, turns

    storage.init_app(app)
    formatting.init_app(app)
    errors.init_app(app)
    csrf.exempt(api.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(hands.bp)
    app.register_blueprint(links.bp)
    app.register_blueprint(exports.bp)
    app.register_blueprint(counting.bp)
    app.register_blueprint(turns.bp)
    security.init_app(app)
    return app
