"""Static files under content-hashed names: the pages link the hashed name, which is kept a
year and never revalidated; the plain name is revalidated; an old digest is gone."""

import hashlib
import json
import re
from pathlib import Path

from tests.test_pages import start_table, table_page, text

STATIC = Path(__file__).resolve().parents[1] / "referee" / "static"
IMMUTABLE = "public, max-age=31536000, immutable"


def script_tag(name: str) -> str:
    """How a page loads one of our scripts: under the digest of its content, deferred."""
    stem, suffix = name.rsplit(".", 1)
    return f'<script src="/static/{stem}.{digest(STATIC / name)}.{suffix}" defer></script>'


def digest(path: Path) -> str:
    """What the name should carry: the first 12 hex digits of the file's SHA-256."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def linked(page: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', page)


def test_pages_link_each_static_file_under_the_digest_of_its_content(web):
    table = start_table(web)
    every_page = {
        f"/static/referee.{digest(STATIC / 'referee.css')}.css",
        f"/static/light.{digest(STATIC / 'light.css')}.css",
        f"/static/icon.{digest(STATIC / 'icon.svg')}.svg",
        f"/static/icon-192.{digest(STATIC / 'icon-192.png')}.png",
        f"/static/vendor/htmx/htmx.min.{digest(STATIC / 'vendor/htmx/htmx.min.js')}.js",
        f"/static/offline/main.{digest(STATIC / 'offline/main.js')}.js",
        f"/static/local-time.{digest(STATIC / 'local-time.js')}.js",
    }
    home_only = {f"/static/first-dealer.{digest(STATIC / 'first-dealer.js')}.js"}
    # Where hands are entered: the boxes of a hand form move on by themselves.
    table_only = {f"/static/next-box.{digest(STATIC / 'next-box.js')}.js"}
    for page, expected in (
        (text(web.get("/")), every_page | home_only),
        (table_page(web, table), every_page | table_only),
    ):
        links = set(linked(page))
        assert expected <= links, links
        manifests = links - expected
        assert len(manifests) == 1 and re.fullmatch(
            r"/static/manifest\.[0-9a-f]{12}\.webmanifest", manifests.pop()
        ), links


def test_a_hashed_file_is_kept_a_year_and_never_revalidated(client):
    css = STATIC / "referee.css"
    response = client.get(f"/static/referee.{digest(css)}.css")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert response.headers["Content-Type"] == "text/css; charset=utf-8"
    assert response.data == plain_css(client)
    js = STATIC / "vendor/htmx/htmx.min.js"
    htmx = client.get(f"/static/vendor/htmx/htmx.min.{digest(js)}.js")
    assert htmx.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert htmx.headers["Content-Type"] == "text/javascript; charset=utf-8"


def test_the_plain_name_is_revalidated_and_an_unknown_digest_is_not_found(client):
    plain = client.get("/static/referee.css")
    assert plain.status_code == 200 and plain.headers["Cache-Control"] == "no-cache"
    assert plain.data == plain_css(client)
    again = client.get("/static/referee.css", headers={"If-None-Match": plain.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    assert client.get("/static/referee.0123456789ab.css").status_code == 404
    assert client.get("/static/nothing.css").status_code == 404
    assert client.get("/static/../__init__.py").status_code == 404


def test_an_edited_file_gets_a_new_name_and_the_old_one_is_gone(app, tmp_path):
    folder = tmp_path / "static"
    folder.mkdir()
    (folder / "a.css").write_bytes(b"body { color: green; } /* the felt */\n")
    app.static_folder = str(folder)
    client = app.test_client()
    with app.test_request_context():
        from flask import url_for

        assert url_for("static", filename="a.css") == "/static/a.ad51dcc37d8f.css"
    assert client.get("/static/a.ad51dcc37d8f.css").data == b"body{color:green}"
    (folder / "a.css").write_bytes(b"body { color: red; }\n")
    with app.test_request_context():
        assert url_for("static", filename="a.css") == "/static/a.9767e91e9d4b.css"
    assert client.get("/static/a.ad51dcc37d8f.css").status_code == 404
    new = client.get("/static/a.9767e91e9d4b.css")
    assert new.data == b"body{color:red}"
    assert new.headers["Cache-Control"] == IMMUTABLE


def plain_css(client) -> bytes:
    """referee.css as the plain name sends it (checked below to be the file, minified)."""
    return client.get("/static/referee.css").data


def test_our_css_and_scripts_are_sent_without_comments_and_spaces(client):
    """A third less on a weak Wi-Fi; every rule and statement still there."""
    css = client.get("/static/referee.css").data.decode()
    assert "/*" not in css and "\n" not in css
    assert len(css) < 0.75 * len((STATIC / "referee.css").read_bytes())
    assert ".chart .p0{--c:var(--p0)}" in css
    script = client.get("/static/offline/keep.js").data.decode()
    assert "A question as it reads" not in script and "one tap, one hand" not in script
    assert '.replace(/\\//g,"_")' in script  # a regular expression is no comment
    # a template literal keeps its spaces
    assert '`${question(group.querySelector("legend"))} ${chosen.join(", ")}`' in script
    htmx = client.get("/static/vendor/htmx/htmx.min.js").data
    assert htmx == (STATIC / "vendor/htmx/htmx.min.js").read_bytes()  # minified by its authors


def test_the_manifest_names_its_icons_by_their_hashed_names(client):
    page = text(client.get("/"))
    (url,) = [link for link in linked(page) if "manifest" in link]
    response = client.get(url)
    assert response.headers["Content-Type"] == "application/manifest+json"
    assert response.headers["Cache-Control"] == IMMUTABLE
    icons = json.loads(response.data)["icons"]
    assert [icon["src"] for icon in icons] == [
        f"icon.{digest(STATIC / 'icon.svg')}.svg",
        f"icon-192.{digest(STATIC / 'icon-192.png')}.png",
        f"icon-512.{digest(STATIC / 'icon-512.png')}.png",
    ]
    for icon in icons:  # relative to the manifest, in /static/
        answer = client.get(f"/static/{icon['src']}")
        assert answer.status_code == 200 and answer.headers["Cache-Control"] == IMMUTABLE
