"""The colours switch: a phone follows its own light or dark setting until it chooses, and
keeps its choice a year. The light palette is one stylesheet, linked so that the phone's
setting decides (media query), or always, or never."""

import re

import pytest

from tests.test_languages import FILIPINO
from tests.test_pages import start_table, text

LIGHT_CSS = re.compile(r'<link rel="stylesheet" href="/static/light\.[0-9a-f]{12}\.css"([^>]*)>')


def light_link(page: str) -> str | None:
    """The light stylesheet's attributes after its address, or None when it is not linked."""
    found = LIGHT_CSS.search(page)
    return found.group(1) if found else None


def theme_colours(page: str) -> list[tuple[str, str]]:
    return re.findall(r'<meta name="theme-color" content="(#\w+)"( media="[^"]+")?>', page)


def theme_buttons(page: str) -> list[str]:
    """The switch's values, the chosen one marked with *."""
    form = re.search(r'<form method="post" action="/theme"(.*?)</form>', page, re.S).group(1)
    return [
        value + ("*" if current else "")
        for value, current in re.findall(
            r'<button name="theme" value="(\w+)"( aria-current="true")?>', form
        )
    ]


def test_a_phone_that_chose_nothing_follows_its_own_setting(web):
    table = start_table(web)
    for url in ["/", f"/t/{table}", f"/t/{table}/rules", "/t/999"]:
        page = text(web.get(url))
        assert light_link(page) == ' media="(prefers-color-scheme: light)"', url
        assert theme_colours(page) == [
            ("#10231a", ' media="(prefers-color-scheme: dark)"'),
            ("#eef2ec", ' media="(prefers-color-scheme: light)"'),
        ], url
        assert theme_buttons(page) == ["phone*", "dark", "light"], url
        assert 'aria-label="Colours"' in page, url


def test_light_chosen_is_light_whatever_the_phone_says(web):
    table = start_table(web)
    response = web.post("/theme", {"theme": "light", "next": f"/t/{table}?voided=1"})
    assert response.status_code == 303
    assert response.headers["Location"] == f"/t/{table}?voided=1"
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("theme=light;")
    assert "Max-Age=31536000" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    page = text(web.get(f"/t/{table}"))
    assert light_link(page) == ""
    assert theme_colours(page) == [("#eef2ec", "")]
    assert theme_buttons(page) == ["phone", "dark", "light*"]


def test_dark_chosen_never_links_the_light_palette(web):
    web.post("/theme", {"theme": "dark", "next": "/"})
    page = text(web.get("/"))
    assert light_link(page) is None
    assert theme_colours(page) == [("#10231a", "")]
    assert theme_buttons(page) == ["phone", "dark*", "light"]


def test_as_the_phone_forgets_the_choice(web):
    web.post("/theme", {"theme": "dark", "next": "/"})
    response = web.post("/theme", {"theme": "phone", "next": "/"})
    assert response.headers["Set-Cookie"].startswith("theme=;")  # deleted
    page = text(web.get("/"))
    assert light_link(page) == ' media="(prefers-color-scheme: light)"'
    assert theme_buttons(page) == ["phone*", "dark", "light"]


@pytest.mark.parametrize("value", ["blue", "", "Dark", "phone "])
def test_a_theme_the_app_does_not_have_is_refused(web, value):
    response = web.post("/theme", {"theme": value, "next": "/"})
    assert response.status_code == 400
    assert "Set-Cookie" not in response.headers
    assert theme_buttons(text(web.get("/"))) == ["phone*", "dark", "light"]


def test_a_cookie_the_switch_never_set_is_ignored(client):
    client.set_cookie("theme", "sepia")
    page = text(client.get("/"))
    assert light_link(page) == ' media="(prefers-color-scheme: light)"'
    assert theme_buttons(page) == ["phone*", "dark", "light"]
    assert "sepia" not in page


def test_the_switch_needs_its_csrf_token(client):
    response = client.post("/theme", data={"theme": "light", "next": "/"})
    assert response.status_code == 400
    assert light_link(text(client.get("/"))) == ' media="(prefers-color-scheme: light)"'


def test_the_switch_never_sends_a_phone_off_site(web):
    response = web.post("/theme", {"theme": "light", "next": "//evil.example.com/"})
    assert response.status_code == 303 and response.headers["Location"] == "/"


def test_the_switch_speaks_filipino_on_a_filipino_phone(client):
    form = re.search(
        r'<form method="post" action="/theme" aria-label="Kulay">(.*?)</form>',
        text(client.get("/", headers=FILIPINO)),
        re.S,
    ).group(1)
    assert re.findall(r"<button[^>]*>([^<]*)</button>", form) == [
        "Gaya ng phone",
        "Madilim",
        "Maliwanag",
    ]
