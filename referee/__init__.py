"""Tonk Referee: the app factory."""

import logging
import os
from collections.abc import Mapping
from typing import Any

from flask import Flask, abort
from flask_wtf.csrf import CSRFProtect
from htmx_flask import Htmx

from referee.rules.limits import MAX_ID, MAX_REQUEST_BYTES
from referee.web import (
    language,
    origin,
    secret_key,
    security,
    serving,
    static_files,
    theme,
    transfer,
)
from referee.web.json_provider import ExactJSONProvider

INSTANCE_ENV = "REFEREE_INSTANCE"
"""The instance folder (database, secret key, config.py) when set, as `referee serve
--instance PATH` sets it for its workers; else Flask's default, instance/ beside the code."""

csrf = CSRFProtect()
# Every app's logger is this module's (Flask names it after the package): its error log
# redacts share-link tokens, filtered once per process, not once per app made.
logging.getLogger(__name__).addFilter(serving.TokensRedacted())


def _ids_the_database_holds(_endpoint: str | None, values: dict[str, Any] | None) -> None:
    """Every number in a URL (a table, a hand) is at most MAX_ID, what the database
    stores: a larger one is no table or hand (404) instead of overflowing a query. (Checked
    here rather than by the URL converter, which would answer 405 to a POST.)"""
    if values and any(isinstance(v, int) and v > MAX_ID for v in values.values()):
        abort(404)


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: defaults, then instance/config.py, then what a test passes in."""
    config = dict(test_config or {})
    instance = config.pop("INSTANCE_PATH", None)
    if not instance and os.environ.get(INSTANCE_ENV):
        instance = os.path.abspath(os.environ[INSTANCE_ENV])
    app = Flask(__name__, instance_relative_config=True, instance_path=instance)
    app.url_value_preprocessor(_ids_the_database_holds)
    app.config.from_mapping(MAX_CONTENT_LENGTH=MAX_REQUEST_BYTES)
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(config)
    os.makedirs(app.instance_path, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key.load_or_create(app.instance_path)
    secret_key.check(app.config["SECRET_KEY"])
    origin.init_app(app)

    app.json = ExactJSONProvider(app)
    csrf.init_app(app)
    Htmx().init_app(app)
    language.init_app(app)
    theme.init_app(app)

    from referee.store import storage
    from referee.web import api, openapi
    from referee.web.pages import (
        counting,
        errors,
        exports,
        formatting,
        game_pages,
        hands,
        links,
        night_picture,
        offline,
        queued,
        tables,
        turns,
    )

    storage.init_app(app)
    formatting.init_app(app)
    errors.init_app(app)
    game_pages.init_app(app)
    csrf.exempt(api.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(openapi.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(hands.bp)
    app.register_blueprint(links.bp)
    app.register_blueprint(exports.bp)
    app.register_blueprint(night_picture.bp)
    app.register_blueprint(counting.bp)
    app.register_blueprint(turns.bp)
    app.register_blueprint(offline.bp)
    app.register_blueprint(queued.bp)
    security.init_app(app)
    static_files.init_app(app)
    transfer.init_app(app)
    return app
