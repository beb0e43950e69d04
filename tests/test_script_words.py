"""The scripts' words (issue 22): every page carries them, in its language, as a JSON data
block the CSP never runs; the scripts ask for no word the block lacks; the service worker
shows the server's own page, in the phone's language, for a page it never kept."""

import json
import re
from pathlib import Path

import pytest

from tests.test_pages import start_table, text

STATIC = Path(__file__).parents[1] / "referee" / "static"
FILIPINO = {"Accept-Language": "fil-PH,fil;q=0.9"}
BLOCK = re.compile(r'<script type="application/json" id="words">(.*?)</script>', re.S)


def words_of(page) -> dict:
    (block,) = BLOCK.findall(text(page))
    return json.loads(block)


def test_a_page_carries_the_scripts_words_in_english(client):
    words = words_of(client.get("/"))
    assert words["keep_it"] == "Keep it on this phone"
    assert words["stale"] == (
        "Not up to date: no answer from the server since {time}. The tally below is as it was then."
    )
    assert words["not_sent_heading"] == {
        "one": "Not sent yet: {count} hand",
        "other": "Not sent yet: {count} hands",
    }
    assert words["before_kept"] == {
        "one": "Before the {count} kept hand",
        "other": "Before the {count} kept hands",
    }


def test_a_filipino_phone_reads_them_in_filipino_with_its_plural_categories(client):
    words = words_of(client.get("/", headers=FILIPINO))
    assert words["keep_it"] == "Itago sa phone na ito"
    assert words["remove_ask"] == "Alisin ang {kind} na ito sa phone? Hindi pa ito nabibilang."
    assert words["not_sent_heading"] == {
        "one": "Hindi pa naipapadala: {count} hand",
        "other": "Hindi pa naipapadala: {count} hand",
    }
    assert words["before_kept"] == {
        "one": "Bago ang {count} nakatagong hand",
        "other": "Bago ang {count} nakatagong hand",
    }


def test_the_block_is_data_under_a_csp_that_runs_no_inline_script(client):
    """A JSON data block is never run, so "no inline script" still holds (script-src
    'self', no 'unsafe-inline'); it is one per page, in the head."""
    page = client.get("/")
    head = text(page).split("</head>")[0]
    assert head.count('<script type="application/json" id="words">') == 1
    policy = page.headers["Content-Security-Policy"]
    assert "script-src 'self';" in policy and "unsafe-inline" not in policy


@pytest.mark.parametrize(
    ("script", "asked"),
    [
        ("offline/keep.js", r'\bwords\("(\w+)"'),
        ("offline/send.js", r'\bwords\("(\w+)"'),
        ("offline/stale.js", r'\bwords\("(\w+)"'),
        ("offline/list.js", r'\bsaid\("(\w+)"'),
        ("offline/counted.js", r'\bwords\("(\w+)"'),
        ("share.js", r"\bwords\.(\w+)"),
        ("night_picture.js", r'\bwords\("(\w+)"'),
    ],
)
def test_every_word_a_script_asks_for_is_in_the_block(client, script, asked):
    names = set(re.findall(asked, (STATIC / script).read_text()))
    assert names  # the pattern still finds what the script asks
    assert names - set(words_of(client.get("/"))) == set()


def test_no_script_writes_a_sentence_of_its_own():
    """What a player reads comes from the block: no script sets text from an English literal."""
    written = re.compile(r'(textContent|confirm\(|alert\(|"aria-label",)\s*=?\s*[`"][A-Z]')
    scripts = sorted(STATIC.glob("*.js")) + sorted((STATIC / "offline").glob("*.js"))
    assert [s.name for s in scripts if written.search(s.read_text())] == []


def test_the_page_for_a_page_never_kept_is_in_the_phones_language(client):
    english = text(client.get("/offline"))
    assert "<h1>No network</h1>" in english
    filipino = client.get("/offline", headers=FILIPINO)
    assert filipino.status_code == 200
    assert "<h1>Walang network</h1>" in text(filipino)
    assert '<html lang="fil">' in text(filipino)


def test_the_share_buttons_say_copy_where_the_phone_cannot_share(web):
    table = start_table(web)
    page = text(web.get(f"/t/{table}/share", headers=FILIPINO))
    assert 'data-copy="Kopyahin ang scorekeeper link"' in page
    assert 'data-copy="Kopyahin ang watch link"' in page
