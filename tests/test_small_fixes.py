"""Small fixes a newcomer asked for (issue 12, item 6): settle-up's "Balances only", and the
home-screen start page listing the tables on this phone first."""

import re

from tests.test_pages import plain, start_table, text


def test_settle_up_offers_balances_only_not_as_is(web):
    table = start_table(web)
    page = text(web.get(f"/t/{table}/settle-up"))
    tabs = re.search(r'<nav class="tabs" aria-label="Ways to settle">(.*?)</nav>', page, re.S)
    assert plain(tabs.group(1)) == "Fewest payments Balances only"
    assert f'href="/t/{table}/settle-up?mode=as_is">Balances only</a>' in tabs.group(1)


def test_the_start_page_lists_this_phones_tables_first(web):
    assert plain(re.search(r"<h1>(.*?)</h1>", text(web.get("/"))).group(1)) == "Start a table"
    start_table(web)
    page = text(web.get("/"))
    headings = [plain(h) for h in re.findall(r"<h[12]>(.*?)</h[12]>", page)]
    assert headings[:2] == ["Tables on this phone", "Start a table"]
    assert page.index('<ul class="links">') < page.index('<form method="post"')
