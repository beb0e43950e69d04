"""Every phone at the table: a watcher opens the watch link from the share page and sees a
hand the scorekeeper enters within 3 seconds, without reloading."""

from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_evening import accessible, total_of


def test_a_watching_phone_follows_the_tally_live(
    page: Page, browser: Browser, browser_context_args, server_url, screenshot
):
    page.goto(server_url + "/")
    for seat, name in enumerate(["Dora", "Eli"], start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    # The list names the players typed.
    page.get_by_label("First dealer").select_option(label="Dora")
    page.get_by_role("button", name="Start the table").click()  # ready with the preset

    page.get_by_role("link", name="Share this table").click()
    accessible(page, "11-share", screenshot)
    watch_link = page.locator(".share").nth(1).locator(".link a").inner_text()
    assert "/join/" in watch_link

    watcher_context = browser.new_context(**browser_context_args)
    watcher = watcher_context.new_page()
    watcher.goto(watch_link)
    assert "/join/" not in watcher.url  # the token does not stay in the address bar
    expect(watcher.get_by_role("heading", name="Tally after 0 hands")).to_be_visible()
    expect(watcher.get_by_role("link", name="Drop", exact=True)).to_have_count(0)

    page.locator("header .brand").click()  # the table's name in the header opens its page
    page.get_by_role("link", name="Stock ran out", exact=True).click()
    total_of(page, "Dora").fill("3")
    total_of(page, "Eli").fill("9")
    page.get_by_role("button", name="Check the payout").click()
    page.get_by_role("button", name="Save hand").click()

    expect(watcher.get_by_role("heading", name="Tally after 1 hand")).to_be_visible(timeout=3000)
    expect(watcher.locator("table.tally")).to_contain_text("+1")
    watcher_context.close()
