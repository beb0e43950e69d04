"""A newcomer's phone (issue 12): the start page's dealer list names the typed players, the
rules form keeps Save in reach, and at 360 px every tap target is 44 × 44 px or more with
nothing wider than the screen."""

import re

import pytest
from playwright.sync_api import Page, expect

ABC = ["Anna", "Ben", "Carla"]


def start(page: Page, server_url: str, names=ABC) -> str:
    """A table started from the start page; its URL."""
    page.goto(server_url + "/")
    for seat, name in enumerate(names, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start the table").click()
    expect(page.locator("section.deal")).to_be_visible()
    return re.search(r"^.*/t/\d+", page.url).group(0)


def test_the_first_dealer_list_names_the_players_as_they_are_typed(page: Page, server_url):
    page.goto(server_url + "/")
    dealer = page.get_by_label("First dealer")
    page.get_by_label("Player 1", exact=True).fill("Anna")
    page.get_by_label("Player 2", exact=True).fill("Ben")
    options = dealer.locator("option")
    expect(options).to_have_text(
        ["Cut for the deal", "Anna", "Ben", "Player 3", "Player 4", "Player 5", "Player 6"]
    )
    page.get_by_label("Player 1", exact=True).fill("")
    expect(options.nth(1)).to_have_text("Player 1")
    page.get_by_label("Player 1", exact=True).fill("Dora")
    page.get_by_label("Player 3", exact=True).fill("Eli")
    dealer.select_option(label="Ben")
    page.get_by_role("button", name="Start the table").click()
    expect(page.locator("section.deal")).to_contain_text("Deals: Ben · plays first: Eli")


def test_the_rules_form_keeps_save_on_screen_at_any_scroll(page: Page, server_url):
    page.set_viewport_size({"width": 360, "height": 740})
    table = start(page, server_url)
    page.get_by_role("link", name="Change the house rules").click()
    for group in ["Going out", "Dropping", "Stock runs out", "Table talk"]:
        page.locator("summary", has_text=group).click()  # open every group: a long page
    save = page.get_by_role("button", name="Save the house rules")
    for y in (0, 1500, 3000):
        page.evaluate(f"window.scrollTo(0, {y})")
        expect(save).to_be_in_viewport()
    page.get_by_label("Stake", exact=True).fill("2")
    save.click()
    expect(page).to_have_url(table)


# At 360 px: the header is one row, every tap target is 44 × 44 px or more, nothing is wider
# than the screen, on every page of a Tonk table and of a Tongits table.

SMALL = {"width": 360, "height": 740}
MIN_TARGET = 44  # px, WCAG 2.5.5 (AAA); the card tiles are included
# One row: the 44px targets, the header's padding (2 × 2px) and its border (1px).
HEADER_HEIGHT = 49
TONK_PAGES = [
    "",
    "/rules",
    "/rules/edit",
    "/players",
    "/share",
    "/settle-up",
    "/count",
    "/spread",
    "/ask",
    "/hands/",
    "/hands/2",
    "/hands/2/edit",
    "/hands/2/void",
    "/hands/new/drop",
]
TONGITS_PAGES = ["", "/count", "/spread", "/ask", "/hands/new/tongits", "/settle-up"]
# Every visible thing a thumb can tap, with its box. A radio or checkbox is tapped through
# its label (the input is drawn inside it, or hidden behind a card tile), so the label is
# measured instead; a 1px box is visually hidden text, reached by keyboard only.
TARGETS_JS = """() => {
  const toggles = el => el.tagName === 'INPUT' && ['radio', 'checkbox'].includes(el.type);
  const found = [];
  const tappable = 'a[href], button, input, select, textarea, summary, label';
  for (const el of document.querySelectorAll(tappable)) {
    if (el.tagName === 'LABEL' ? !(el.control && toggles(el.control)) : toggles(el)) continue;
    if (el.type === 'hidden' || !el.checkVisibility()) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 && box.height <= 1) continue;
    const words = (el.innerText || el.value || el.name || '').trim().slice(0, 30);
    const what = `${el.tagName.toLowerCase()} "${words}"`;
    found.push({what, width: box.width, height: box.height});
  }
  return found;
}"""


def small_targets(page: Page) -> list[str]:
    """Every visible tap target narrower or shorter than 44px, with its size."""
    return [
        f"{t['what']} {t['width']:.0f}×{t['height']:.0f}"
        for t in page.evaluate(TARGETS_JS)
        if t["width"] < MIN_TARGET - 0.5 or t["height"] < MIN_TARGET - 0.5
    ]


def measured(page: Page, server_url: str, link: str, paths: list[str]) -> dict[str, list[str]]:
    """Each page's small targets and sideways overflow, measured with the referee's menu open
    (its links are then shown as well as the rest)."""
    page.goto(server_url + link)
    table = re.search(r"/t/\d+", page.url).group(0)
    found = {}
    for path in paths:
        page.goto(server_url + table + path)
        page.locator("header .menu > summary").click()
        wide = page.evaluate("document.documentElement.scrollWidth")
        problems = small_targets(page) + ([f"{wide}px wide"] if wide > SMALL["width"] else [])
        if problems:
            found[path or "/"] = problems[:5] + [f"{len(problems)} in all"]
    return found


@pytest.mark.parametrize("game, paths", [("tonk", TONK_PAGES), ("tongits", TONGITS_PAGES)])
def test_every_tap_target_is_44px_and_nothing_scrolls_sideways_at_360(
    page: Page, server_url, tables, game, paths
):
    page.set_viewport_size(SMALL)
    problems = measured(page, server_url, tables[game], paths)
    assert problems == {}, "\n".join(f"{path}: {found}" for path, found in problems.items())


@pytest.mark.parametrize("width, height", [(360, 740), (390, 844)])
def test_the_header_is_one_row_with_the_name_the_dealer_and_the_tabs(
    page: Page, server_url, tables, width, height, screenshot
):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server_url + tables["tonk"])
    page.get_by_role("link", name="Hands", exact=True).click()
    # Measured once the hands page has loaded whole (a busy machine may still be on the way).
    page.wait_for_url(re.compile(r"/hands/$"))
    page.wait_for_load_state("load")
    header = page.locator("header.top")
    assert header.bounding_box()["height"] <= HEADER_HEIGHT
    expect(header.locator(".brand")).to_have_text(re.compile(r"^Long night \w+ deals$"))
    tabs = header.get_by_role("navigation", name="Table").get_by_role("link")
    expect(tabs).to_have_text(["Rules", "Hands", "Settle up"])
    for tab in tabs.all():
        expect(tab).to_be_in_viewport(ratio=1)
    referee = header.get_by_role("navigation", name="Referee").get_by_role("link")
    expect(referee.first).to_be_hidden()
    # The menu is a details element: it opens without a script.
    header.locator("summary", has_text="Referee").click()
    expect(referee).to_have_text(["Count a hand", "Spread or hit", "Ask"])
    screenshot(f"header-{width}-menu-open")
    referee.last.click()
    expect(page.get_by_text("May I drop after drawing?")).to_be_visible()
