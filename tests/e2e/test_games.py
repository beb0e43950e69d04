"""A night in points mode at a phone-sized browser (house rules 2.7): two games of two hands.
Game 1's winner is announced, game 2 starts at 0, and the table's file holds both games.

Every hand scores at multiplier 1 (an out, a stock out), so its points are the points held.
Nothing is read from the database and every link is followed from the page, so the test
passes whatever the other browser tests stored before it.
"""

from playwright.sync_api import Page, expect

from tests.e2e.test_evening import accessible, enter_hand, save_hand

ABC = ["Anna", "Ben", "Carla"]


def tally_row(page: Page, name: str):
    return page.locator("#tally table.tally tr", has=page.get_by_role("rowheader", name=name))


def test_a_night_of_two_games_in_points(page: Page, server_url, screenshot):
    page.goto(server_url + "/")
    page.get_by_label("Table name").fill("Points night")
    for seat, name in enumerate(ABC, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    # The list names the players typed.
    page.get_by_label("First dealer").select_option(label="Anna")
    page.get_by_role("button", name="Start the table").click()

    page.get_by_role("link", name="Change the house rules").click()
    expect(page.get_by_role("heading", name="House rules")).to_be_visible()
    page.get_by_role("group", name="Scoring").get_by_label("Points", exact=True).check()
    page.get_by_label("Hands in a game", exact=True).fill("2")
    page.get_by_role("button", name="Save the house rules").click()
    expect(page.get_by_text("Deals:")).to_be_visible()

    # Game 1: Ben goes out (Anna holds 7, Carla 12), then Carla (Anna 3, Ben 4).
    enter_hand(page, "Out by discarding", {"Anna": "7", "Carla": "12"}, {"Who went out?": "Ben"})
    save_hand(page, 1)
    tally = page.locator("#tally")
    line = page.locator("#deal .status")  # what is in force for the next hand
    expect(line).to_contain_text("Points · Game 1 · Hand 2 of 2 · 1 chip ·")
    expect(tally).to_contain_text("Leading (lowest score): Ben.")
    enter_hand(page, "Out by discarding", {"Anna": "3", "Ben": "4"}, {"Who went out?": "Carla"})
    save_hand(page, 2)

    announcement = page.get_by_role("status").filter(has_text="Game 1 over")
    expect(announcement).to_have_text(
        "Game 1 over: Ben wins with 4. The next hand starts game 2 with every score at 0."
    )
    expect(line).to_contain_text("Points · Game 2 · Hand 1 of 2 · 1 chip ·")
    for name, won in (("Anna", "0"), ("Ben", "1"), ("Carla", "0")):
        expect(tally_row(page, name).locator("td")).to_have_text(["0", won])
    accessible(page, "games-01-game-over", screenshot)

    # Game 2: Anna goes out (Ben 5, Carla 6), then the stock runs out (Anna lowest at 2).
    enter_hand(page, "Out by discarding", {"Ben": "5", "Carla": "6"}, {"Who went out?": "Anna"})
    save_hand(page, 3)
    expect(page.get_by_role("status").filter(has_text="Game 1 over")).to_have_count(0)
    expect(tally_row(page, "Carla").locator("td")).to_have_text(["6", "0"])
    enter_hand(page, "Stock ran out", {"Anna": "2", "Ben": "20", "Carla": "5"}, {})
    save_hand(page, 4)
    expect(page.get_by_role("status").filter(has_text="Game 2 over")).to_contain_text(
        "Game 2 over: Anna wins with 0."
    )

    page.get_by_role("link", name="Hands", exact=True).click()
    history = page.locator("ol.hands")
    expect(history).to_contain_text("Game 1 · hand 2 of 2. Game 1 over: Ben wins with 4")
    expect(history).to_contain_text("Game 2 · hand 2 of 2. Game 2 over: Anna wins with 0")
    accessible(page, "games-02-history", screenshot)
    page.go_back()

    # The table's file, fetched in the page's own session from the page's link.
    link = page.get_by_role("link", name="Download this table (JSON)")
    document = page.evaluate("async (url) => (await fetch(url)).json()", link.get_attribute("href"))
    assert document["games"] == [
        {
            "game": 1,
            "hands": [1, 2],
            "hands_in_game": 2,
            "scores": {"Anna": 10, "Ben": 4, "Carla": 12},
            "over": True,
            "winners": ["Ben"],
        },
        {
            "game": 2,
            "hands": [3, 4],
            "hands_in_game": 2,
            "scores": {"Anna": 0, "Ben": 25, "Carla": 11},
            "over": True,
            "winners": ["Anna"],
        },
    ]
