"""Start in seconds (issue 12, item 5): the names typed make a table ready with its preset;
the rules form is offered, its groups collapsed but for the one to fix (or the first), its
Save always in reach; the first-dealer list works without script and with it."""

import re

from tests.test_pages import start_table, text
from tests.test_static_files import script_tag
from tests.test_tongits_tables import start_tongits


def open_groups(page: str) -> dict[str, bool]:
    """{group title: shown open} for each group of a rules form, in order."""
    found = re.findall(r'<details class="rules-group"( open)?>\s*<summary>(.*?)</summary>', page)
    return {title: bool(shown) for shown, title in found}


def test_the_rules_form_opens_the_first_group_only(web):
    table = start_table(web)
    page = text(web.get(f"/t/{table}/rules/edit?new=1"))
    assert open_groups(page) == {
        "Table": True,
        "Tonk on the deal": False,
        "Going out": False,
        "Dropping": False,
        "Stock runs out": False,
        "Table talk": False,
    }
    # Save sits in its sticky bar, inside the form, after every group.
    assert re.search(
        r'<div class="sticky-save"><button class="primary" type="submit">Save the house rules'
        r"</button></div>\s*</form>",
        page,
    )


def test_a_refused_rule_opens_its_group_and_only_its_group(web, rows):
    table = start_table(web)
    refused = web.submit(f"/t/{table}/rules/edit", {"caught_pays": "11", "wait_after_hit": "9"})
    groups = open_groups(text(refused))
    assert [title for title, shown in groups.items() if shown] == ["Dropping", "Table talk"]


def test_a_tongits_rules_form_opens_its_first_group(web):
    table = start_tongits(web)
    groups = open_groups(text(web.get(f"/t/{table}/rules/edit")))
    assert list(groups.values()) == [True] + [False] * (len(groups) - 1)


def test_without_script_the_first_dealer_list_names_the_seats(web):
    page = text(web.get("/"))
    options = re.findall(r'<option[^>]*value="(\w+)"[^>]*>([^<]*)</option>', page)
    assert options == [("cut", "Cut for the deal")] + [
        (str(seat), f"Player {seat + 1}") for seat in range(6)
    ]
    assert script_tag("first-dealer.js") in page
    assert re.search(r"<script>", page) is None  # no inline script under the CSP
