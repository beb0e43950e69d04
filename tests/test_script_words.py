"""The scripts' words (issue 22): every page carries them, in its language, as a JSON data
block the CSP never runs; the scripts ask for no word the block lacks; the service worker
shows the server's own page, in the phone's language, for a page it never kept."""

import json
import re
from pathlib import Path

import pytest

from tests.test_pages import start_table, text
from tests.test_tongits_tables import start_tongits

STATIC = Path(__file__).parents[1] / "referee" / "static"
FILIPINO = {"Accept-Language": "fil-PH,fil;q=0.9"}
BLOCK = re.compile(r'<script type="application/json" id="words">(.*?)</script>', re.S)


def words_of(page) -> dict:
    (block,) = BLOCK.findall(text(page))
    return json.loads(block)


def test_a_page_carries_the_scripts_words_in_english(web):
    words = words_of(web.get(f"/t/{start_table(web)}"))
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
    assert words["waits"] == "Waits for the hand above to be sent."


def test_a_filipino_phone_reads_them_in_filipino_with_its_plural_categories(web):
    words = words_of(web.get(f"/t/{start_table(web)}", headers=FILIPINO))
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


def test_a_tongits_table_keeps_games_in_its_words_in_both_languages(web):
    table = start_tongits(web)
    words = words_of(web.get(f"/t/{table}"))
    assert words["not_sent_heading"] == {
        "one": "Not sent yet: {count} game",
        "other": "Not sent yet: {count} games",
    }
    assert words["offer"] == (
        "No network: the payout cannot be checked now. Keep this game on this phone: it is "
        "sent, and its payout worked out, when the network is back."
    )
    assert words["waits"] == "Waits for the game above to be sent."
    assert words["before_kept"] == {
        "one": "Before the {count} kept game",
        "other": "Before the {count} kept games",
    }
    assert words["uncounted"]["other"] == (
        "Not counted yet: {count} games kept on this phone. What this page shows is from "
        "before them; settle up once they are sent."
    )
    assert words["dealer_after_kept"]["one"] == "Dealer: whoever deals next after the kept game"
    filipino = words_of(web.get(f"/t/{table}", headers=FILIPINO))
    assert filipino["before_kept"] == {
        "one": "Bago ang {count} nakatagong laro",
        "other": "Bago ang {count} nakatagong laro",
    }
    assert filipino["not_sent_heading"] == {
        "one": "Hindi pa naipapadala: {count} laro",
        "other": "Hindi pa naipapadala: {count} laro",
    }
    assert filipino["waits"] == "Hinihintay munang maipadala ang laro sa itaas."


def test_a_page_without_a_table_carries_no_words_about_kept_hands(client):
    """No page without a table keeps a hand; its block says nothing of what it calls one."""
    words = words_of(client.get("/"))
    assert words["keep_it"] == "Keep it on this phone"
    kept = {"offer", "not_sent_heading", "waits", "uncounted", "before_kept", "dealer_after_kept"}
    assert kept & set(words) == set()


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
def test_every_word_a_script_asks_for_is_in_the_block(web, script, asked):
    names = set(re.findall(asked, (STATIC / script).read_text()))
    assert names  # the pattern still finds what the script asks
    assert names - set(words_of(web.get(f"/t/{start_table(web)}"))) == set()


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
