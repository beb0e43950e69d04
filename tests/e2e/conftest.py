"""Browser tests: the real app served on a free port, driven by the system Chromium."""

import shutil
import threading
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page
from werkzeug.serving import make_server

from bench.pages import build_table
from referee import create_app
from referee.store import commands
from referee.store.storage import session
from tests.conftest import fresh_database

SCREENS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screens"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """The system Chromium where there is one (CI installs Debian's), else Playwright's own."""
    system = shutil.which("chromium")
    if system is None:
        return browser_type_launch_args
    return {**browser_type_launch_args, "executable_path": system}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """A phone: 390 × 844, touch, as a table's phones are."""
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    }


@pytest.fixture(scope="session")
def live_app(tmp_path_factory, migrated_database):
    """The app with its own database, CSRF on, as `make run` serves it."""
    instance = tmp_path_factory.mktemp("instance")
    fresh_database(migrated_database, instance)
    app = create_app({"INSTANCE_PATH": str(instance), "SECRET_KEY": "e2e-" + "k" * 40})
    yield app
    app.extensions["db_engine"].dispose()


@pytest.fixture(scope="session")
def server_url(live_app):
    server = make_server("127.0.0.1", 0, live_app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def screenshot(page):
    """Save a full-page screenshot as a test artefact (test-artifacts/, never committed)."""
    SCREENS.mkdir(parents=True, exist_ok=True)

    def take(name: str) -> None:
        page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)

    return take


@pytest.fixture
def tables(live_app) -> dict[str, str]:
    """A Tonk table with three hands and a new Tongits table: each as its join link."""
    tonk, tonk_token = build_table(live_app, 3)
    with live_app.test_request_context():
        db = session()
        tongits = commands.start_table(
            db,
            name="Tongits night",
            players=["Anna", "Ben", "Carla"],
            preset_name="tongits",
            game="tongits",
        )
        db.commit()
        tongits_link = f"/join/{tongits.id}/{tongits.scorekeeper_token}"
    return {"tonk": f"/join/{tonk}/{tonk_token}", "tongits": tongits_link}


@pytest.fixture
def script_errors(context: BrowserContext):
    """Errors of our scripts and of the CSP (a network error offline is expected)."""
    errors: list[str] = []

    def watch(page: Page) -> None:
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on(
            "console",
            lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None,
        )

    context.on("page", watch)
    return errors
