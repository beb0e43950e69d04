"""What players read names house rules in words, never by their keys (house rules v2, issue
10: "no message or page shows a raw option key outside the rules sheet's small print").

A table with waits, a turn panel in use and points mode is walked page by page, refusals
included (a waiting drop, a missing total, a bad stake, a player who may not leave, too
many cards), and the visible words of each page (tags stripped: a form box's `name` is no
word a player reads) are searched for every option key with an underscore and for a
`field: ` prefix."""

import html
import re

from referee.rules.tonk import option_keys
from tests.test_pages import preview_hand, set_rules, start_table, text
from tests.test_referee_pages import mark, player_ids

KEYS = sorted(key for key in option_keys() if "_" in key)
# The fields a refusal names (its `field`): the options, an outcome's, a table's, a file's.
FIELDS = [*option_keys(), "player", "players", "totals", "spread_six", "last_draw", "kind",
          "name", "first_dealer", "rules", "preset", "outcome", "file", "hands"]  # fmt: skip
PREFIX = re.compile(rf"\b(?:{'|'.join(FIELDS)})(?:\[\d+\])?(?:\.\w+)*: ")


def visible(page: str) -> str:
    """The words a player sees: no tags, no scripts, entities read."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_no_page_shows_an_option_key_or_a_field_prefix(web):
    table = start_table(web)
    set_rules(web, table, {"wait_after_spread": 2, "wait_after_hit": 1, "scoring": "points",
                           "points_target_hands": 3})  # fmt: skip
    ids = player_ids(web, table)
    mark(web, table, f"spread-{ids['Ben']}", 0)
    pages = {path: text(web.get(f"/t/{table}{path}")) for path in (
        "", "/hands/", "/settle-up", "/share", "/ask", "/players", "/rules/edit",
        "/spread?card=K%E2%99%A3&card=A%E2%99%A3&card=2%E2%99%A3",
        "/count?" + "&".join(f"card={r}%E2%99%A0" for r in "A234567"),
    )}  # fmt: skip
    drop = {"kind": "drop", "player": "Ben", "totals": {"Anna": 9, "Ben": 3, "Carla": 12}}
    pages["refused drop"] = text(preview_hand(web, table, drop))
    missing = {"kind": "stock_out", "totals": {"Ben": 8, "Carla": 12}}
    pages["missing total"] = text(preview_hand(web, table, missing))
    pages["refused stake"] = text(web.submit(f"/t/{table}/rules/edit", {"stake": "0.001"}))
    players = f"/t/{table}/players"
    web.post(players, {"action": "leave", "player": ids["Carla"]})
    pages["refused leave"] = text(web.post(players, {"action": "leave", "player": ids["Ben"]}))

    assert "may not drop" in visible(pages["refused drop"])  # the walk reached the refusals
    assert "cannot leave" in visible(pages["refused leave"])
    assert "Anna's total is missing" in visible(pages["missing total"])
    for name, page in pages.items():
        words = visible(page)
        assert [key for key in KEYS if key in words] == [], name
        assert PREFIX.findall(words) == [], name


def test_no_tongits_page_shows_an_option_key_or_a_field_prefix(web):
    from referee.rules.tongits.house_rules import option_keys as tongits_keys
    from tests.test_tongits_referee_pages import player_value, start_tongits

    keys = sorted(key for key in tongits_keys() if "_" in key)
    # "meld" and "card" are left out: "... is not a meld: ..." and "No card: ..." are words.
    fields = [*tongits_keys(), "cards", "melds_in_hand", "is_caller", "player", "rules",
              "preset"]  # fmt: skip
    prefix = re.compile(rf"\b(?:{'|'.join(fields)})(?:\[\d+\])?(?:\.\w+)*: ")
    table = start_tongits(web)
    ben = player_value(text(web.get(f"/t/{table}/ask")), "Ben")
    asked = {"call": "&sapaw=yes", "fight": "&caller=no", "burned": ""}
    pages = {path: text(web.get(f"/t/{table}{path}")) for path in (
        "/rules", "/rules/edit", "/ask", "/settle-up", "/players",
        "/spread?card=Q%E2%99%A5&card=K%E2%99%A5&card=A%E2%99%A5&sapaw=J%E2%99%A5",
        "/spread?card=Q%E2%99%A5&sapaw=Z%E2%99%A5",
        "/count?" + "&".join(f"card={r}%E2%99%A0" for r in "A23456789JQK") + "&card=A%E2%99%A5"
        + "&card=2%E2%99%A5",
        "/ask?ask=1&question=fight&exposed_meld=no&secret=no&caller=yes",
        f"/ask?ask=1&player={ben}&question=fight&exposed_meld=no&secret=no&caller=yes",
        *(f"/ask?ask=1&player={ben}&question={q}&exposed_meld=yes{more}"
          for q, more in asked.items()),
    )}  # fmt: skip
    pages["refused rules"] = text(
        web.submit(f"/t/{table}/rules/edit", {"stake": "0.001", "fold_pays": "11", "ante": "x"})
    )

    assert "Folding pays: 11 is not allowed" in visible(pages["refused rules"])
    assert "more than a hand holds" in visible(pages[next(p for p in pages if "count" in p)])
    assert "Ben: the caller of a draw" in visible(pages[next(p for p in pages if "player=" in p)])
    for name, page in pages.items():
        words = visible(page)
        assert [key for key in keys if key in words] == [], name
        assert prefix.findall(words) == [], name
