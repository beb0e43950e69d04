"""Tongits words explained where they stand (issue 23, item 12): the hand form has no
paragraph of words above its fields any more, so its first question sits higher; each
Tongits word of a question opens its one-line meaning on a tap and closes it on the next,
with or without a script, in English and in Filipino."""

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.test_offline import keep_it, start_table, unsent
from tests.e2e.test_themes import felt, violations
from tests.e2e.test_tongits_night import answer

# Where the Tongits hand form's first question (who went tong-its) began, from the top of
# the page, while the form opened with its paragraph of words: measured on main before
# this change at 311.8 px (390 × 844) and 332.7 px (360 × 740). Without it, 140.8 px at both.
FIRST_FIELD_TOP = 160


@pytest.mark.parametrize("width, height", [(390, 844), (360, 740)])
def test_the_hand_forms_first_question_is_no_longer_below_a_paragraph(
    page: Page, server_url, tables, width, height
):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server_url + tables["tongits"])
    expect(page.locator(".gloss")).to_have_count(0)  # nor on the table page the form opens on
    page.goto(page.url + "/hands/new/tongits")
    first = page.locator("#hand-form fieldset").first
    expect(first.locator("legend")).to_have_text("Who went tong-its?", use_inner_text=True)
    expect(page.locator(".gloss")).to_have_count(0)
    assert first.bounding_box()["y"] <= FIRST_FIELD_TOP


# (The phone's language, the question, the word tapped, what it means.)
SUNOG = {
    "en-US": ("Who is burned (sunog)?", "burned: no exposed meld and no Secret when the game ends"),
    "fil-PH": ("Sino ang sunog?", "walang nakababang bahay at walang Secret pagtapos ng laro"),
}


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
@pytest.mark.parametrize("locale", SUNOG)
def test_tapping_sunog_opens_its_meaning_and_tapping_again_closes_it(
    browser: Browser, browser_context_args, server_url, tables, locale, script
):
    question, means = SUNOG[locale]
    context = browser.new_context(**browser_context_args, locale=locale, java_script_enabled=script)
    try:
        page = context.new_page()
        page.goto(server_url + tables["tongits"])
        page.goto(re.search(r"^.*/t/\d+", page.url).group(0) + "/hands/new/draw")
        legend = page.locator("#burned legend")
        expect(legend).to_have_text(question, use_inner_text=True)  # its meaning closed
        meaning = legend.locator(".means")
        expect(meaning).to_have_text(means)
        expect(meaning).to_be_hidden()
        word = legend.locator("summary")
        expect(word).to_have_text("sunog")
        word.click()
        expect(meaning).to_be_visible()
        expect(meaning).to_be_in_viewport()  # beside the word, not elsewhere on the page
        word.click()
        expect(meaning).to_be_hidden()
        expect(legend).to_have_text(question, use_inner_text=True)
    finally:
        context.close()


def test_each_tongits_word_of_a_draws_form_opens_its_own_meaning(page: Page, server_url, tables):
    """Every word a draw's questions say in Tongits opens what it means, one at a time."""
    page.goto(server_url + tables["tongits"])
    page.goto(re.search(r"^.*/t/\d+", page.url).group(0) + "/hands/new/draw")
    words = page.locator("#hand-form details.term")
    expect(words.locator("summary")).to_have_text(
        ["draw", "fight", "fold", "Sapaw", "sunog", "Secrets"]
    )
    meanings = [
        "calling the game over on your turn: the lowest count wins",
        "challenge a called draw",
        "give in to a called draw",
        "laying a card off on a meld",
        "burned: no exposed meld and no Secret when the game ends",
        "a four of a kind laid down all at once or kept in hand",
    ]
    for word, means in zip(words.all(), meanings, strict=True):
        word.locator("summary").click()
        expect(word.locator(".means")).to_have_text(means)
        expect(word.locator(".means")).to_be_visible()


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_words_and_their_open_meanings_read_in_either_light(
    page: Page, server_url, tables, scheme, screenshot
):
    """axe finds nothing serious on a draw's form with every meaning open (the closed
    form is scanned with every page in test_themes)."""
    page.emulate_media(color_scheme=scheme)
    page.goto(server_url + tables["tongits"])
    page.goto(re.search(r"^.*/t/\d+", page.url).group(0) + "/hands/new/draw")
    felt(page, scheme)
    for word in page.locator("#hand-form details.term > summary").all():
        word.click()
    expect(page.locator("#hand-form details.term[open]")).to_have_count(6)
    screenshot(f"terms-open-{scheme}")
    assert violations(page) == []


def test_a_game_kept_on_the_phone_lists_its_questions_without_the_meanings_opened(
    context: BrowserContext, server_url, script_errors
):
    """The list of games kept with no network says each answer after its question as the
    form asks it (static/offline/keep.js), not the meaning a tap opened in it."""
    page = context.new_page()
    start_table(page, server_url, ("Anna", "Ben", "Carla"), tongits=True)
    context.set_offline(True)
    page.get_by_role("link", name="Draw", exact=True).click()
    draw = {"kind": "draw", "caller": "Ben", "fought": ["Anna"],
            "totals": {"Ben": 6, "Anna": 11}, "burned": ["Carla"]}  # fmt: skip
    answer(page, draw)
    page.locator("#burned summary").click()
    expect(page.get_by_text("no exposed meld and no Secret")).to_be_visible()
    keep_it(page)
    expect(unsent(page)).to_have_count(1)
    expect(unsent(page)).to_contain_text("Who is burned (sunog)? Carla is burned")
    expect(unsent(page)).not_to_contain_text("no exposed meld")
    context.set_offline(False)
    assert script_errors == []
