"""English and Filipino: the phone's language chooses the page's, the switch on every page
overrides it (remembered in a cookie), and what the core says is worded in that language on
a page, its amounts written with that language's marks, while the API and `referee settle`
stay English.

The real catalog (referee/translations/fil) translates the switch and the table's tabs so
far; a tiny catalog of the test's own, merged over it, translates one refusal of the core.
"""

import json
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.support import Translations
from click.testing import CliRunner
from flask_babel import force_locale
from hypothesis import given
from hypothesis import strategies as st
from jinja2 import StrictUndefined

from referee import create_app
from referee.cli import main
from referee.rules.refusal import Refusal
from referee.rules.said import in_words, said
from referee.rules.tonk import parse_outcome, rules_from
from referee.rules.words import amount_in_words, number_in_words
from referee.scoring.tonk import settle
from referee.web.language import LANGUAGES, digits, in_language, refusal_words, words
from referee.web.pages.formatting import signed, signed_money, who_words
from tests.conftest import TEMPLATES, fresh_database
from tests.test_pages import (
    enter_hand,
    error_beside,
    player_ids,
    preview_hand,
    set_rules,
    start_table,
    text,
)

FILIPINO = {"Accept-Language": "fil-PH,fil;q=0.9,en;q=0.8"}
NOT_A_TONK = (
    "{name}: {total} is not a tonk here; tonk on the deal is {bands} "
    "(house rule “Tonk on the deal”)"
)
NOT_A_TONK_FIL = (
    "{name}: hindi tonk dito ang {total}; ang tonk sa bigay ay {bands} "
    "(house rule “Tonk on the deal”)"
)
SAVED = "Saved in {language}."
SAVED_FIL = "Naka-save sa {language}."
COMPILE = Path(__file__).parents[1] / "tools" / "compile_catalog.py"
FIL_PO = (
    Path(__file__).parents[1] / "referee" / "translations" / "fil" / "LC_MESSAGES" / "messages.po"
)
DEAL_TONK_48 = {"kind": "deal_tonk", "totals": {"Ben": 48}}


@pytest.fixture
def app(tmp_path, migrated_database):
    """The app with its catalogs and, merged over them, the test's tiny one."""
    instance = tmp_path / "instance"
    instance.mkdir()
    fresh_database(migrated_database, instance)
    tiny = Catalog(locale="fil")
    tiny.add(NOT_A_TONK, NOT_A_TONK_FIL)
    tiny.add(SAVED, SAVED_FIL)
    (tmp_path / "tiny" / "fil" / "LC_MESSAGES").mkdir(parents=True)
    with (tmp_path / "tiny" / "fil" / "LC_MESSAGES" / "messages.mo").open("wb") as mo:
        write_mo(mo, tiny)
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t" * 40,
            "INSTANCE_PATH": str(instance),
            "BABEL_TRANSLATION_DIRECTORIES": f"translations;{tmp_path / 'tiny'}",
        }
    )
    app.jinja_env.bytecode_cache = TEMPLATES
    app.jinja_env.undefined = StrictUndefined
    yield app
    app.extensions["db_engine"].dispose()


def lang(response) -> str:
    return re.search(r'<html lang="([^"]+)">', text(response)).group(1)


def switch_buttons(page: str) -> list[tuple[str, str]]:
    """(value, words) of each button of the language switch, the chosen one marked with *."""
    footer = re.search(r'<form method="post" action="/language"(.*?)</form>', page, re.S).group(1)
    found = re.findall(r'<button name="lang" value="(\w+)" lang="\w+"( aria-current)?', footer)
    names = re.findall(r"<button[^>]*>([^<]*)</button>", footer)
    return [
        (value + ("*" if current else ""), name)
        for (value, current), name in zip(found, names, strict=True)
    ]


def share_link(web, table: int, role: str) -> str:
    page = text(web.get(f"/t/{table}/share"))
    links = re.findall(r"http://localhost(/join/\d+/[\w-]+)", page)
    return links[0] if role == "scorekeeper" else links[-1]


# Choosing the language


@pytest.mark.parametrize(
    ("accept", "chosen"),
    [
        ("fil-PH,fil;q=0.9,en;q=0.8", "fil"),
        ("fil", "fil"),
        ("tl-PH,en;q=0.5", "fil"),  # a phone set to Tagalog reads Filipino
        ("en-US,en;q=0.9,fil;q=0.8", "en"),
        ("ja-JP,ja;q=0.9", "en"),  # neither: English
        ("fil;q=0, ja", "en"),  # q=0: anything but Filipino
        (None, "en"),
    ],
)
def test_the_phones_language_chooses_the_pages(client, accept, chosen):
    headers = {"Accept-Language": accept} if accept else {}
    assert lang(client.get("/", headers=headers)) == chosen


def test_a_phone_in_filipino_reads_the_tabs_and_the_switch_in_filipino(web):
    table = start_table(web)
    page = text(web.get(f"/t/{table}", headers=FILIPINO))
    assert '<html lang="fil">' in page
    assert re.findall(r'<nav aria-label="Mesa">(.*?)</nav>', page, re.S)
    tabs = re.search(r'<nav aria-label="Mesa">(.*?)</nav>', page, re.S).group(1)
    assert re.findall(r">([^<]+)</a>", tabs) == ["Patakaran", "Mga hand", "Bayaran"]
    assert 'aria-label="Wika"' in page
    assert switch_buttons(page) == [("en", "English"), ("fil*", "Filipino")]


def test_every_page_shows_the_switch_in_english_by_default(web):
    table = start_table(web)
    for url in ["/", f"/t/{table}", f"/t/{table}/rules", "/t/999"]:
        page = text(web.get(url))
        assert '<html lang="en">' in page, url
        assert switch_buttons(page) == [("en*", "English"), ("fil", "Filipino")], url
        assert 'aria-label="Language"' in page, url


def test_the_switch_remembers_the_language_a_year_and_goes_back(web):
    table = start_table(web)
    response = web.post("/language", {"lang": "fil", "next": f"/t/{table}?voided=1"})
    assert response.status_code == 303
    assert response.headers["Location"] == f"/t/{table}?voided=1"
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("lang=fil;")
    assert "Max-Age=31536000" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert lang(web.get(f"/t/{table}")) == "fil"


def test_the_page_sends_back_to_itself(web):
    table = start_table(web)
    page = text(web.get(f"/t/{table}/hands/?page=2"))
    assert f'<input type="hidden" name="next" value="/t/{table}/hands/?page=2">' in page
    page = text(web.get(f"/t/{table}/rules"))
    assert f'<input type="hidden" name="next" value="/t/{table}/rules">' in page


def test_the_switch_beats_the_phones_language(web):
    web.post("/language", {"lang": "en", "next": "/"})
    assert lang(web.get("/", headers=FILIPINO)) == "en"
    web.post("/language", {"lang": "fil", "next": "/"})
    assert lang(web.get("/", headers={"Accept-Language": "en"})) == "fil"


@pytest.mark.parametrize(
    "target",
    [
        "https://evil.example.com/",
        "//evil.example.com/",
        "/\\evil.example.com/",
        "/\t/evil.example.com/",
        "javascript:alert(1)",
        "evil.example.com",
        "",
    ],
)
def test_the_switch_never_sends_a_phone_off_site(web, target):
    response = web.post("/language", {"lang": "fil", "next": target})
    assert response.status_code == 303 and response.headers["Location"] == "/"


def test_the_switch_needs_its_csrf_token(client):
    response = client.post("/language", data={"lang": "fil", "next": "/"})
    assert response.status_code == 400
    assert "Set-Cookie" not in response.headers or "lang=" not in response.headers["Set-Cookie"]
    assert lang(client.get("/")) == "en"


def test_a_language_the_app_does_not_speak_is_refused(web):
    response = web.post("/language", {"lang": "xx", "next": "/"})
    assert response.status_code == 400
    assert lang(web.get("/")) == "en"


def test_a_share_link_opens_in_the_language_of_the_phone_that_opens_it(web, app):
    table = start_table(web)
    web.post("/language", {"lang": "fil", "next": "/"})  # the scorekeeper reads Filipino
    link = share_link(web, table, "watch")
    english = app.test_client().get(link, follow_redirects=True)
    assert english.status_code == 200 and lang(english) == "en"
    filipino = app.test_client().get(link, headers=FILIPINO, follow_redirects=True)
    assert filipino.status_code == 200 and lang(filipino) == "fil"


def test_a_watching_phone_that_switched_gets_the_tally_again(web):
    """The tally's ETag names its language: a phone that switched is never told "not
    modified" and shown the tally its browser kept in the other language."""
    table = start_table(web)
    english = web.get(f"/t/{table}/live")
    filipino = web.get(
        f"/t/{table}/live", headers={**FILIPINO, "If-None-Match": english.headers["ETag"]}
    )
    assert english.headers["ETag"] == f'"t{table}v0-en"'
    assert filipino.status_code == 200 and filipino.headers["ETag"] == f'"t{table}v0-fil"'


# What the core says, worded in the page's language


def test_a_refusal_of_the_core_is_shown_in_filipino(web):
    table = start_table(web)
    ids = player_ids(web, table)
    page = text(preview_hand(web, table, DEAL_TONK_48, headers=FILIPINO))
    assert error_beside(page, f"total_{ids['Ben']}") == (
        "Ben: hindi tonk dito ang 48; ang tonk sa bigay ay 49 o 50 (house rule “Tonk on the deal”)"
    )


def test_the_same_refusal_is_english_on_an_english_phone(web):
    table = start_table(web)
    ids = player_ids(web, table)
    page = text(preview_hand(web, table, DEAL_TONK_48))
    assert error_beside(page, f"total_{ids['Ben']}").startswith(
        "Ben: 48 is not a tonk here; tonk on the deal is 49 or 50"
    )


def test_a_flashed_message_is_worded_when_flashed(app):
    """The session keeps a flashed message as a str: `words` says it in the request's
    language first, since the page showing it cannot word it again."""
    message = said(SAVED, language=said("Filipino"))
    with app.test_request_context("/", headers=FILIPINO):
        worded = words(message)
    assert worded == "Naka-save sa Filipino." and type(worded) is str
    with app.test_request_context("/"):
        assert words(message) == "Saved in Filipino."


# Amounts in the page's language


@pytest.mark.parametrize(
    ("amount", "language", "written"),
    [
        ("1250.5", "en", "1,250.50"),
        ("1250.5", "fil", "1,250.50"),  # Filipino writes amounts as English does
        ("1250.5", "de", "1.250,50"),
        ("1250.00", "de", "1.250"),  # whole: no decimals, in every language
        ("1234567", "fil", "1,234,567"),
        ("0.5", "de", "0,50"),
        ("-2.5", "de", "-2,50"),
        ("0.125", "en", "0.12"),  # past the cent: to the nearest, a half to the even
    ],
)
def test_an_amount_is_written_with_the_marks_of_the_pages_language(amount, language, written):
    assert digits(Decimal(amount), language) == written


@given(st.decimals(min_value=-(10**12), max_value=10**12, places=4))
def test_an_english_page_writes_every_amount_as_the_api_and_referee_settle_do(amount):
    assert digits(amount, "en") == number_in_words(amount)


def test_the_cores_amounts_are_written_in_the_language_of_the_request(app):
    owed = said(
        "{player} owes {amount}", player="Ben", amount=amount_in_words(Decimal("1250.5"), "₱")
    )
    refusal = Refusal(
        said("{field}: at most {most}", field="stake", most=number_in_words(Decimal(10**6)))
    )
    with app.test_request_context("/", headers=FILIPINO):
        assert in_language(owed) == "Ben owes 1,250.50 ₱"
        assert signed(Decimal("-1250.5")) == "\u22121,250.50"
    with app.test_request_context("/"), force_locale("de"):  # a language without a catalog
        assert in_language(owed) == "Ben owes 1.250,50 ₱"
        assert in_language(number_in_words(Decimal("0.5"))) == "0,50"
        assert refusal_words(refusal) == "at most 1.000.000"
        assert signed(Decimal("-1250.5")) == "\u22121.250,50"
        assert signed_money(Decimal(2501), "chips") == "+2.501 chips"
        assert signed_money(Decimal(1), "chips") == "+1 chip"
    assert owed == "Ben owes 1,250.50 ₱"  # its English, for the API, is as it was


def test_a_table_in_pesos_shows_its_amounts_in_the_pages_language(web, monkeypatch):
    table = start_table(web)
    set_rules(web, table, {"stake": "625.25", "unit": "₱"})
    enter_hand(web, table, {"kind": "tonk_out", "player": "Carla"})  # 2 stakes from each
    filipino = text(web.get(f"/t/{table}/settle-up", headers=FILIPINO))
    assert "<li>Magbabayad si <b>Anna</b> kay <b>Carla</b> ng 1,250.50 ₱</li>" in filipino
    assert re.findall(r'<td class="num \w+">(.*?)</td>', filipino) == [
        "\u22121,250.50 ₱",
        "\u22121,250.50 ₱",
        "+2,501 ₱",
    ]
    monkeypatch.setitem(LANGUAGES, "de", "Deutsch")  # a third language, its catalog not made
    german = text(web.get(f"/t/{table}", headers={"Accept-Language": "de"}))
    assert '<html lang="de">' in german
    assert "Anna pays Carla <b>1.250,50 ₱</b>" in german
    assert re.findall(r'<td class="num \w+">(.*?)</td>', german) == [
        "\u22121.250,50",
        "\u22121.250,50",
        "+2.501",
    ]


# Machine words stay English


def test_the_api_answers_in_english_to_a_filipino_phone(client):
    request = {
        "preset": "classic",
        "players": ["Anna", "Ben", "Carla"],
        "outcome": DEAL_TONK_48,
    }
    response = client.post("/api/settle", json=request, headers=FILIPINO)
    assert response.status_code == 400
    assert response.get_json() == {
        "error": "Ben: 48 is not a tonk here; tonk on the deal is 49 or 50 "
        "(house rule “Tonk on the deal”)"
    }


def test_referee_settle_answers_in_english_whatever_the_terminals_language(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fil")
    monkeypatch.setenv("LANG", "fil_PH.UTF-8")
    request = {"preset": "classic", "players": ["Anna", "Ben", "Carla"], "outcome": DEAL_TONK_48}
    result = CliRunner().invoke(main, ["settle"], input=json.dumps(request))
    assert result.exit_code == 2
    assert json.loads(result.output) == {
        "error": "Ben: 48 is not a tonk here; tonk on the deal is 49 or 50 "
        "(house rule “Tonk on the deal”)"
    }


# The compiled catalog


def test_a_plural_not_yet_translated_is_said_in_english_as_english_says_it(tmp_path):
    """Babel would compile it with the English forms, and Filipino's first form (taken for
    5) would say "5 cards" as "5 card"; tools/compile_catalog.py leaves it out instead."""
    catalog = Catalog(locale="fil")
    catalog.add(("{count} card", "{count} cards"), ("", ""))
    catalog.add(("{count} hand", "{count} hands"), ("{count} kamay", "{count} na kamay"))
    catalog.add("Rules", "Patakaran", flags=["fuzzy"])
    catalog.add("Hands", "Mga kamay")
    folder = tmp_path / "fil" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "messages.po").open("wb") as po:
        write_po(po, catalog)
    compiled = subprocess.run(
        [sys.executable, COMPILE, folder / "messages.po", folder / "messages.mo"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert compiled.stdout.endswith(": 2 translated, 1 fuzzy, 1 untranslated\n")
    fil = Translations.load(tmp_path, ["fil"])
    assert [fil.ngettext("{count} card", "{count} cards", n) for n in (1, 5)] == [
        "{count} card",
        "{count} cards",
    ]
    assert fil.ngettext("{count} hand", "{count} hands", 4) == "{count} na kamay"
    assert fil.gettext("Rules") == "Rules"  # fuzzy: not yet trusted
    assert fil.gettext("Hands") == "Mga kamay"


# The Filipino catalog

KEPT = re.compile(r"%\([a-z_]+\)[sd]|%%|(?<!\{)\{[a-z_.]*\}(?!\})|<[^>]*>")
"""What a translation keeps of its message: the placeholders it is filled through (one
lost or renamed is an error on the page, or a payment without its payer) and the tags."""


def kept(text: str) -> set[str]:
    return set(KEPT.findall(text))


def test_every_filipino_message_is_translated_and_keeps_its_placeholders_and_tags():
    """None untranslated, none fuzzy. Every form of a plural keeps the plural's: Filipino
    says its first form for 2 and 3 too, so it needs the {count} an English singular ("next
    turn") may leave out."""
    with FIL_PO.open("rb") as po:
        catalog = read_po(po)
    wrong = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(forms) or any(kept(f) != kept(ids[-1]) for f in forms):
            wrong.append(ids[0])
    assert wrong == []
    assert kept("<b>%(payer)s</b> pays {name} 2 {{chips}}") == {
        "<b>",
        "</b>",
        "%(payer)s",
        "{name}",
    }


@pytest.mark.parametrize(
    ("kind", "named"),
    [("out", "out sa pagtapon"), ("tonk_out", "tonk out"), ("double_double", "double-double")],
)
def test_a_way_out_is_named_in_filipino_without_an_english_article(kind, named):
    """The core named a way out with an English "a"/"an" put before its translated words
    ("stakes ang bayad sa a tonk out"): each is now one message, article included."""
    fil = Translations.load(Path(__file__).parents[1] / "referee" / "translations", ["fil"])
    with pytest.raises(Refusal) as refused:
        settle(
            rules_from("classic"),
            ["Anna", "Ben"],
            parse_outcome({"kind": kind, "player": "Anna", "totals": {"Ben": 3}}),
        )
    assert in_words(refused.value.message, fil).startswith(f"totals: stakes ang bayad sa {named};")


@pytest.mark.parametrize(
    ("by", "filipino"),
    [
        ("scorekeeper on phone ab12", "scorekeeper sa phone ab12"),
        (
            "scorekeeper on phone ab12, entered offline",
            "scorekeeper sa phone ab12, inilagay nang offline",
        ),
        ("scorekeeper via API", "scorekeeper sa API"),
        ("Dad's phone", "Dad's phone"),  # a file's own words, shown as written
    ],
)
def test_who_changed_a_hand_is_said_in_filipino(app, by, filipino):
    """The history keeps who changed a hand in English machine words (the file keeps them
    so); a page words them in its language."""
    with app.test_request_context("/", headers=FILIPINO):
        assert who_words(by) == filipino
    with app.test_request_context("/"):
        assert who_words(by) == by


def test_a_hands_history_says_who_entered_it_in_filipino(web):
    table = start_table(web)
    enter_hand(web, table, {"kind": "out", "player": "Anna"})
    page = text(web.get(f"/t/{table}/hands/1", headers=FILIPINO))
    assert re.search(r"UTC</time>: inilagay ng scorekeeper sa phone [0-9a-f]{4}\s", page)
