"""Shared fixtures: an app per test, with its instance folder (and database) in a temp dir.

`web` is the test client as a phone uses it: CSRF stays on, and every POST carries
the token scraped from the page the form was on.
"""

import os
import re
import shutil
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import settings
from jinja2 import BytecodeCache, StrictUndefined
from sqlalchemy import func
from sqlmodel import Session, SQLModel, select

from referee import create_app
from referee.store.migrate import upgrade
from referee.store.storage import DB_FILE, make_engine

# `make mutation` runs the core's tests once per mutant, thousands of times: there
# (HYPOTHESIS_PROFILE=mutation) every property test tries 20 fixed examples, its own
# max_examples included. A normal run is untouched.
MUTATION_RUN = os.environ.get("HYPOTHESIS_PROFILE") == "mutation"
settings.register_profile("mutation", max_examples=20, deadline=None, derandomize=True)
if MUTATION_RUN:
    settings.load_profile("mutation")


def pytest_collection_modifyitems(items):
    """In the mutation run, the profile's settings replace those a test gives itself."""
    if not MUTATION_RUN:
        return
    for item in items:
        test = getattr(item, "obj", None)
        if hasattr(test, "_hypothesis_internal_use_settings"):
            test._hypothesis_internal_use_settings = settings.get_profile("mutation")


@pytest.fixture(autouse=True)
def _fresh_core_caches():
    """In the mutation run, every test starts with the core's caches empty: mutmut forks
    each mutant's run from one process, and a value cached there by the unmutated code
    would hide the mutant of a function called only under a cache (one_deck's counts)."""
    if MUTATION_RUN:
        for name, module in list(sys.modules.items()):
            if name.startswith(("referee.rules", "referee.scoring")):
                for value in vars(module).values():
                    if callable(getattr(value, "cache_clear", None)):
                        value.cache_clear()
    yield


CSRF_TOKEN = re.compile(r'name="csrf_token"[^>]*?\bvalue="([^"]+)"')


class SharedTemplates(BytecodeCache):
    """Compiled templates kept across the tests' apps, so each test skips compiling them."""

    def __init__(self):
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket):
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket):
        self.compiled[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = SharedTemplates()


# The suite runs on SQLite by default, and on PostgreSQL when DATABASE_URL says so (CI
# runs it both ways). Either way the schema is made by the migrations, as in real use.
# On PostgreSQL a run makes a database of its own on that server (`<its name>_run_<pid>`),
# and the run's DATABASE_URL names it (the apps, and the servers tests start, read it
# there): each test empties the tables of its run's database only, so two runs on one
# server at once never empty each other's. It is dropped when the run ends.
GIVEN_URL = os.environ.get("DATABASE_URL")
ON_POSTGRESQL = bool(GIVEN_URL and GIVEN_URL.startswith("postgresql"))
DATABASE_URL = GIVEN_URL
RUN = "run"


def pytest_configure(config):
    global DATABASE_URL
    if ON_POSTGRESQL:
        from tests.live import fresh_pg_database  # it imports this module: not before now

        DATABASE_URL = os.environ["DATABASE_URL"] = fresh_pg_database(RUN)


def pytest_unconfigure(config):
    if ON_POSTGRESQL and DATABASE_URL != GIVEN_URL:
        from tests.live import drop_pg_database

        os.environ["DATABASE_URL"] = GIVEN_URL
        drop_pg_database(RUN)


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory) -> Path | None:
    """The schema made once per run: a SQLite file to copy per test, or the run's PostgreSQL
    database."""
    if DATABASE_URL:
        upgrade(DATABASE_URL)
        return None
    path = tmp_path_factory.mktemp("migrated") / DB_FILE
    upgrade(f"sqlite:///{path}")
    return path


def fresh_database(migrated: Path | None, instance: Path) -> None:
    """An empty, migrated database for one test."""
    if migrated is not None:
        shutil.copyfile(migrated, instance / DB_FILE)
        return
    engine = make_engine(DATABASE_URL)
    with engine.begin() as connection:
        names = ", ".join(t.name for t in SQLModel.metadata.sorted_tables)
        connection.exec_driver_sql(f"TRUNCATE {names} RESTART IDENTITY CASCADE")
    engine.dispose()


@pytest.fixture
def app(tmp_path, migrated_database):
    fresh_database(migrated_database, tmp_path)
    app = create_app({"TESTING": True, "SECRET_KEY": "t" * 40, "INSTANCE_PATH": str(tmp_path)})
    app.jinja_env.bytecode_cache = TEMPLATES
    # A template reading what its page does not give it (a missing attribute, a variable
    # never passed) fails the test instead of rendering empty.
    app.jinja_env.undefined = StrictUndefined
    yield app
    app.extensions["db_engine"].dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def rows(app):
    """rows(Model, *conditions): how many rows the database holds, read afresh each time."""

    def count(model, *conditions) -> int:
        with Session(app.extensions["db_engine"]) as db:
            return db.exec(select(func.count()).select_from(model).where(*conditions)).one()

    return count


@pytest.fixture
def web(client):
    return Web(client)


class FormFields(HTMLParser):
    """The fields of each <form> on a page, as a browser would send them.

    Text, number and hidden inputs send their value, radios only the checked one
    (None when none is checked), checkboxes only when ticked (a list when several of one
    name are), selects their selected option (else the first). The page's own forms only:
    the language switch at the foot of every page (in its <footer>) is none of them.
    """

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.forms: list[dict] = []
        self._select: str | None = None
        self._in_footer = False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self._in_footer = self._in_footer or tag == "footer"
        if self._in_footer:
            return
        if tag == "form":
            self.forms.append({"attrs": attrs, "fields": {}})
            return
        if not self.forms or "name" not in attrs and tag != "option":
            return
        fields = self.forms[-1]["fields"]
        if tag == "input" and attrs.get("type") == "radio":
            fields.setdefault(attrs["name"], None)
            if "checked" in attrs:
                fields[attrs["name"]] = attrs.get("value")
        elif tag == "input" and attrs.get("type") == "checkbox":
            if "checked" in attrs:
                value = attrs.get("value", "on")
                ticked = fields.get(attrs["name"])
                fields[attrs["name"]] = value if ticked is None else [*_listed(ticked), value]
        elif tag == "input" and attrs.get("type") not in ("submit", "button"):
            fields[attrs["name"]] = attrs.get("value", "")
        elif tag == "select":
            self._select = attrs["name"]
            fields[self._select] = None
        elif tag == "option" and self._select is not None and fields[self._select] is None:
            fields[self._select] = attrs.get("value")  # the first option, until one is selected
        if tag == "option" and self._select is not None and "selected" in attrs:
            fields[self._select] = attrs.get("value")

    def handle_endtag(self, tag):
        if tag == "footer":
            self._in_footer = False
        if tag == "select":
            self._select = None


def _listed(value) -> list:
    return value if isinstance(value, list) else [value]


def form_fields(html: str, index: int = -1) -> dict:
    """The fields of one form of a page (by default its last) as they would be sent."""
    return FormFields(html).forms[index]["fields"]


def csrf_token(html: str) -> str:
    match = CSRF_TOKEN.search(html)
    assert match, "the page has no CSRF token"
    return match.group(1)


class Web:
    """The test client used like a browser: GET a page, then post its form with its token."""

    fields = staticmethod(form_fields)

    def __init__(self, client):
        self.client = client

    def get(self, url: str, **kwargs):
        return self.client.get(url, **kwargs)

    def post(self, url: str, data: dict | None = None, *, page: str | None = None, **kwargs):
        """POST `data` to `url` with the CSRF token of `page` (default: `url` itself)."""
        token = csrf_token(self.get(page or url).get_data(as_text=True))
        return self.client.post(url, data={"csrf_token": token, **(data or {})}, **kwargs)

    def submit(self, url: str, changes: dict | None = None, *, form: int = -1, **kwargs):
        """GET `url`, fill in its form (the last by default) with `changes`, and POST it."""
        return self.resubmit(self.get(url), url, changes, form=form, **kwargs)

    def resubmit(self, response, url: str, changes: dict | None = None, *, form=-1, **kwargs):
        """POST again the form a response showed (a preview, a refusal), with `changes`.

        A change of None empties the field (a radio left unchecked).
        """
        fields = form_fields(response.get_data(as_text=True), form)
        fields.update(changes or {})
        data = {key: value for key, value in fields.items() if value is not None}
        return self.client.post(url, data=data, **kwargs)
