"""Hygiene on a hostile network (issue 13): tokens never kept in a cache, links made from the
configured public address and a foreign Host refused, HSTS over HTTPS only, "Go back" only
to our own pages, and a phone's scorekeeper grant kept however many tables it watches."""

from types import SimpleNamespace

import pytest
from sqlmodel import Session

from referee import create_app
from referee.store import commands
from referee.store.migrate import upgrade
from referee.web import access
from tests.conftest import csrf_token
from tests.test_access import browser, new_table, text

ORIGIN = "https://tonk.example.org"


def api_table(client, **kwargs):
    return client.post(
        "/api/tables", json={"name": "Night", "players": ["Anna", "Ben", "Carla"]}, **kwargs
    )


# Cache-Control: no-store wherever a token is shown


def test_the_share_page_and_a_new_tables_tokens_are_never_stored(app):
    table = new_table(app, hands=0)
    keeper = browser(app, table, access.SCOREKEEPER)
    share = keeper.get(f"/t/{table.id}/share")
    assert table.watch in text(share)
    assert share.headers["Cache-Control"] == "no-store"

    created = api_table(app.test_client())
    assert created.status_code == 201
    assert created.headers["Cache-Control"] == "no-store"


def test_the_page_a_rotated_link_is_shown_on_is_never_stored(app):
    table = new_table(app, hands=0)
    keeper = browser(app, table, access.SCOREKEEPER)
    share = f"/t/{table.id}/share"
    rotated = keeper.post(
        f"/t/{table.id}/share/rotate",
        data={"role": "watch", "csrf_token": csrf_token(text(keeper.get(share)))},
        follow_redirects=True,
    )
    assert "A new watch link is ready" in text(rotated)
    assert rotated.headers["Cache-Control"] == "no-store"


def test_the_table_file_holds_no_token(app):
    table = new_table(app)
    keeper = browser(app, table, access.SCOREKEEPER)
    exported = text(keeper.get(f"/t/{table.id}/export.json"))
    assert table.keeper not in exported and table.watch not in exported


# The public origin


def hosted_app(tmp_path, **config):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t" * 40,
            "INSTANCE_PATH": str(tmp_path),
            "DATABASE_URL": f"sqlite:///{tmp_path}/referee.sqlite3",
            **config,
        }
    )
    upgrade(app.config["DATABASE_URL"])
    return app


@pytest.fixture
def hosted(tmp_path):
    app = hosted_app(tmp_path, REFEREE_ORIGIN=ORIGIN)
    yield app
    app.extensions["db_engine"].dispose()


def test_links_and_qr_codes_use_the_configured_origin_not_the_host_sent(hosted):
    client = hosted.test_client()
    created = api_table(client, base_url="http://tonk.example.org")
    body = created.get_json()
    assert body["links"]["watch"] == f"{ORIGIN}/join/{body['id']}/{body['tokens']['watch']}"
    keeper, token = hosted.test_client(), body["tokens"]["scorekeeper"]
    joined = keeper.get(f"/join/{body['id']}/{token}", base_url="http://tonk.example.org")
    assert joined.status_code == 303
    page = text(keeper.get(f"/t/{body['id']}/share", base_url="http://tonk.example.org:8000"))
    assert f'href="{ORIGIN}/join/{body["id"]}/{token}"' in page
    assert "http://tonk.example.org" not in page


def test_a_request_to_another_host_is_refused_in_words(hosted):
    client = hosted.test_client()
    page = client.get("/", base_url="http://evil.example.com")
    assert page.status_code == 400
    assert text(page) == (
        "This address is not this app's: open https://tonk.example.org or the link the "
        "scorekeeper shared."
    )
    api = api_table(client, base_url="http://evil.example.com")
    assert api.status_code == 400
    assert api.get_json() == {
        "error": "This address is not this app's: open https://tonk.example.org or the link "
        "the scorekeeper shared."
    }
    assert client.get("/", base_url="https://tonk.example.org").status_code == 200


def test_the_origin_is_read_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_ORIGIN", "HTTPS://Tonk.Example.org/")
    app = hosted_app(tmp_path)
    assert app.config["REFEREE_ORIGIN"] == "https://tonk.example.org"
    assert app.config["TRUSTED_HOSTS"] == ["tonk.example.org"]
    app.extensions["db_engine"].dispose()


@pytest.mark.parametrize(
    "origin",
    ["tonk.example.org", "ftp://tonk.example.org", "https://tonk.example.org/t/1", "https://:80"],
)
def test_an_origin_that_is_no_address_stops_the_app(tmp_path, origin):
    with pytest.raises(RuntimeError, match="REFEREE_ORIGIN must be the address phones open"):
        create_app(
            {"SECRET_KEY": "t" * 40, "INSTANCE_PATH": str(tmp_path), "REFEREE_ORIGIN": origin}
        )


def test_without_an_origin_links_follow_the_address_the_phone_used(app):
    """The table's own Wi-Fi: phones reach the laptop by its IP, whatever it is tonight."""
    created = api_table(app.test_client(), base_url="http://192.168.1.20:8000")
    body = created.get_json()
    assert body["links"]["watch"] == (
        f"http://192.168.1.20:8000/join/{body['id']}/{body['tokens']['watch']}"
    )


# HSTS


def test_hsts_is_sent_over_https_only(app):
    client = app.test_client()
    assert client.get("/", base_url="https://localhost").headers["Strict-Transport-Security"] == (
        "max-age=31536000"
    )
    assert "Strict-Transport-Security" not in client.get("/").headers


# "Go back"


@pytest.mark.parametrize(
    ("referrer", "back"),
    [
        ("http://localhost/t/1/hands/", "http://localhost/t/1/hands/"),
        ("javascript:alert(1)", "/"),
        ("https://evil.example.com/t/1", "/"),
        ("https://localhost/t/1", "/"),  # another scheme is another origin
        ("//evil.example.com/", "/"),
    ],
)
def test_go_back_leads_only_to_a_page_of_this_app(app, referrer, back):
    page = app.test_client().get("/t/999", headers={"Referer": referrer})
    assert page.status_code == 404
    assert f'<a href="{back}">Go back</a>' in text(page)


# A phone's grants


def _tables(app, count: int) -> list[SimpleNamespace]:
    with Session(app.extensions["db_engine"]) as db:
        made = [
            commands.start_table(db, name=f"T{i}", players=["Anna", "Ben"], preset_name="classic")
            for i in range(count)
        ]
        return [
            SimpleNamespace(id=t.id, keeper=t.scorekeeper_token, watch=t.watch_token) for t in made
        ]


def test_watch_links_never_evict_a_scorekeeper_grant(app):
    mine, *others = _tables(app, access.MAX_TABLES_IN_SESSION + 5)
    phone = browser(app, mine, access.SCOREKEEPER)
    for other in others:
        assert phone.get(f"/join/{other.id}/{other.watch}").status_code == 303
    assert phone.get(f"/t/{mine.id}/players").status_code == 200
    assert phone.get(f"/t/{others[0].id}").status_code == 404  # the oldest watch grant went
    assert phone.get(f"/t/{others[-1].id}").status_code == 200


def test_past_the_cap_the_oldest_scorekeeper_grant_goes_and_the_cookie_stays_small(app):
    tables = _tables(app, access.MAX_TABLES_IN_SESSION + 1)
    phone = app.test_client()
    for table in tables:
        answer = phone.get(f"/join/{table.id}/{table.keeper}")
    cookie = next(c for c in answer.headers.getlist("Set-Cookie") if c.startswith("session="))
    assert len(cookie) < 1024
    assert phone.get(f"/t/{tables[0].id}/players").status_code == 404
    assert phone.get(f"/t/{tables[1].id}/players").status_code == 200


def test_a_watch_link_opened_by_a_phone_keeping_every_score_it_can_still_opens(app):
    """A phone holding as many scorekeeper grants as the cookie keeps opens a watch link: the
    grant just given is never the one evicted (the oldest scorekeeper grant goes)."""
    *kept, watched = _tables(app, access.MAX_TABLES_IN_SESSION + 1)
    phone = app.test_client()
    for table in kept:
        assert phone.get(f"/join/{table.id}/{table.keeper}").status_code == 303
    assert phone.get(f"/join/{watched.id}/{watched.watch}").status_code == 303
    assert phone.get(f"/t/{watched.id}").status_code == 200
    assert phone.get(f"/t/{kept[0].id}").status_code == 404
    assert phone.get(f"/t/{kept[1].id}/players").status_code == 200
