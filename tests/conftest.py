"""Shared fixtures: an app per test, with its instance folder in a temporary directory."""

import pytest

from referee import create_app


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "t" * 40})
    app.instance_path = str(tmp_path)
    return app


@pytest.fixture
def client(app):
    return app.test_client()
