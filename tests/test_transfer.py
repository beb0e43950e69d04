"""Responses travel compressed when the browser says it can read them (brotli first, gzip
otherwise), and pages are revalidated on every visit."""

import gzip

import brotli

from tests.test_pages import CAUGHT, enter_hand, start_table
from tests.test_static_files import STATIC, digest


def test_a_page_is_sent_in_brotli_when_the_browser_takes_it(web):
    table = start_table(web)
    plain = web.get(f"/t/{table}")
    packed = web.get(f"/t/{table}", headers={"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "br"
    assert packed.headers["Vary"] == "HX-Request, Accept-Encoding, Cookie"
    assert int(packed.headers["Content-Length"]) == len(packed.data) < len(plain.data) // 2
    assert brotli.decompress(packed.data) == plain.data


def test_a_page_is_sent_in_gzip_to_a_browser_without_brotli(web):
    table = start_table(web)
    plain = web.get(f"/t/{table}")
    packed = web.get(f"/t/{table}", headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.data) == plain.data


def test_static_files_are_compressed_too(client):
    url = f"/static/vendor/htmx/htmx.min.{digest(STATIC / 'vendor/htmx/htmx.min.js')}.js"
    source = (STATIC / "vendor/htmx/htmx.min.js").read_bytes()
    br = client.get(url, headers={"Accept-Encoding": "br"})
    assert br.headers["Content-Encoding"] == "br"
    assert br.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert brotli.decompress(br.data) == source
    gz = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert gz.headers["Content-Encoding"] == "gzip" and gzip.decompress(gz.data) == source
    # PNGs are compressed already: sent as they are
    png = client.get(f"/static/icon-192.{digest(STATIC / 'icon-192.png')}.png",
                     headers={"Accept-Encoding": "br"})  # fmt: skip
    assert "Content-Encoding" not in png.headers


def test_pages_are_revalidated_on_every_visit(web):
    table = start_table(web)
    assert web.get("/").headers["Cache-Control"] == "no-cache, private"
    assert web.get(f"/t/{table}").headers["Cache-Control"] == "no-cache, private"
    assert web.get(f"/t/{table}/hands/").headers["Cache-Control"] == "no-cache, private"
    assert web.get("/t/999").headers["Cache-Control"] == "no-cache, private"  # the 404 page
    # what sets its own policy keeps it
    enter_hand(web, table, CAUGHT)
    assert web.get(f"/t/{table}/export.csv").headers["Cache-Control"] == "no-store"
    assert web.get(f"/t/{table}/live").headers["Cache-Control"] == "no-cache"
