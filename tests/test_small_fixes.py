"""Small fixes a newcomer asked for (issue 12, item 6): settle-up's "Balances only", the
home-screen start page listing the tables on this phone first, and times that the phone
shows in its own time zone."""

import re
from datetime import UTC, datetime, timedelta, timezone

from flask_babel import force_locale

from referee.web.pages.formatting import when
from tests.test_pages import enter_hand, plain, start_table, text
from tests.test_static_files import script_tag


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


def test_a_time_is_sent_in_utc_for_the_phone_to_show_in_its_own_zone():
    tagged = '<time class="local" datetime="2026-12-02T16:50:00Z">4:50:00\u202fPM UTC</time>'
    assert when(datetime(2026, 12, 2, 16, 50)) == tagged  # SQLite's naive UTC
    assert when(datetime(2026, 12, 2, 16, 50, tzinfo=UTC)) == tagged
    manila = timezone(timedelta(hours=8))
    assert when(datetime(2026, 12, 3, 0, 50, tzinfo=manila)) == tagged


def test_a_times_text_without_script_is_in_the_pages_language(app):
    at = datetime(2026, 12, 2, 16, 50)
    stamp = 'datetime="2026-12-02T16:50:00Z"'
    with app.test_request_context("/", headers={"Accept-Language": "fil"}):
        assert when(at) == f'<time class="local" {stamp}>4:50:00\u202fPM UTC</time>'
        assert when(at, date=True) == (
            f'<time class="local" {stamp} data-date>Disyembre 2, 2026, 4:50:00\u202fPM UTC</time>'
        )
    with app.test_request_context("/"), force_locale("de"):
        assert when(at) == f'<time class="local" {stamp}>16:50:00 UTC</time>'
        assert when(at, date=True) == (
            f'<time class="local" {stamp} data-date>2. Dezember 2026, 16:50:00 UTC</time>'
        )


def test_the_hand_history_tags_its_times_and_loads_the_script_that_localises_them(web):
    table = start_table(web)
    enter_hand(web, table, {"kind": "out", "player": "Ben"})
    page = text(web.get(f"/t/{table}/hands/1"))
    tagged = re.compile(
        r'<li><time class="local" datetime="([-\d]{10}T[:\d]{8}Z)">([^<]*)</time>: '
    )
    after = tagged.split(page)  # the page, then each change's time, its text, what follows it
    assert len(after) == 4 and after[3].startswith("entered by scorekeeper on phone ")
    at = datetime.strptime(after[1], "%Y-%m-%dT%H:%M:%SZ")
    assert after[2] == f"{at.hour % 12 or 12}:{at:%M:%S}\u202f{at:%p} UTC"
    assert script_tag("local-time.js") in page


def test_the_start_page_tags_each_tables_day_and_time_for_the_phone(web):
    start_table(web)
    page = text(web.get("/"))
    dated = re.search(r'<time class="local" datetime="([-\d]{10}T[:\d]{8}Z)" data-date>', page)
    at = datetime.strptime(dated.group(1), "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    assert abs(datetime.now(UTC) - at) < timedelta(minutes=1)


def test_the_share_page_has_a_share_button_per_link_shown_by_its_script(web):
    table = start_table(web)
    page = text(web.get(f"/t/{table}/share"))
    links = re.findall(r'<p class="link"><a href="([^"]+)">', page)
    assert [
        re.fullmatch(rf"http://localhost/join/{table}/\S+", link) is not None for link in links
    ] == [True, True]
    buttons = re.findall(r'<button type="button" class="share-link" (.*?)</button>', page)
    assert buttons == [
        f'data-url="{link}" data-title="Tonk night: {role} link" data-copy="Copy the {role} link"'
        f" hidden>Share the {role} link"
        for link, role in zip(links, ["scorekeeper", "watch"], strict=True)
    ]
    assert page.count('<span class="shared" role="status"></span>') == 2
    assert script_tag("share.js") in page
