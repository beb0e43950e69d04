"""What every page's head tells a browser and a search result: a description of the app in a
player's words (Lighthouse's SEO check asks for one)."""

import re

from tests.test_pages import CAUGHT, enter_hand, start_table, text

DESCRIPTION = (
    '<meta name="description" content="Keeps score at your Tonk or Tongits table: your house'
    " rules, who pays whom after every hand, and the night's tally to settle up.\">"
)


def test_every_page_has_the_description(web):
    table = start_table(web)
    enter_hand(web, table, CAUGHT)
    pages = [
        "/",
        f"/t/{table}",
        f"/t/{table}/rules",
        f"/t/{table}/rules/edit",
        f"/t/{table}/hands/",
        f"/t/{table}/hands/1",
        f"/t/{table}/hands/new/drop",
        f"/t/{table}/settle-up",
        f"/t/{table}/share",
        f"/t/{table}/players",
        f"/t/{table}/ask",
        "/t/999",  # the not-found page
    ]
    for url in pages:
        page = text(web.get(url))
        assert page.count('<meta name="description"') == 1, url
        assert DESCRIPTION in page, (url, re.search(r'<meta name="description"[^>]*>', page))
