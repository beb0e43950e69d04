"""The table pages through the test client: forms posted with their CSRF token, as a phone does.

Every POST goes through the `web` fixture, which scrapes the token from the page the
form is on, so CSRF protection stays on in every test here. What a page shows is
checked against the payout worked out by hand from the house-rules spec (section 2),
written out literally, so each test also says what the rule pays.
"""

import html
import re
from decimal import Decimal

import pytest

from referee.rules.cards import RANKS_52
from referee.rules.tonk import option_keys
from referee.rules.tonk.wording import option_label
from referee.store.models import GameTable, Hand, HandChange, Player, RulesVersion

ABC = ["Anna", "Ben", "Carla"]
HX = {"HX-Request": "true"}
# Section 1 of the house-rules spec: its groups, in order, and the options under each.
SPEC_GROUPS = {
    "Table": ["stake", "unit", "hand_size", "deck", "scoring", "points_target_hands"],
    "Tonk on the deal": ["deal_tonks", "deal_tonk_clash"],
    "Going out": [
        "tonk_out_pays",
        "tonk_out_six_pays",
        "tonk_out_needs_six",
        "double_double_pays",
        "out_pays",
    ],
    "Dropping": [
        "drop_win_pays",
        "caught_on_tie",
        "caught_pays",
        "caught_pays_to",
        "caught_pays_tied",
        "caught_bonus_from",
        "caught_bonus_tie",
    ],
    "Stock runs out": ["stock_out_pays", "stock_out_tie"],
    "Table talk": [
        "drop_when",
        "wait_after_spread",
        "wait_after_hit",
        "hit_blocks_laydown",
        "hits_stack",
        "must_spread",
        "ace",
        "discard_take",
        "first_discard",
        "slapping",
        "same_turn_discard",
    ],
}
CAUGHT = {"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Ben": 4, "Carla": 11}}


# Reading pages


def text(response) -> str:
    return response.get_data(as_text=True)


def plain(fragment: str) -> str:
    """Visible text of an HTML fragment: tags dropped, entities decoded, spaces squeezed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


def status(page: str) -> str:
    """The table page's status line, what is in force for the next hand, in plain words."""
    return plain(re.search(r'<p class="status">(.*?)</p>', page, flags=re.S).group(1))


def number(shown: str) -> Decimal:
    """'+3', '−2.50', '1,250 chips' as an exact Decimal."""
    return Decimal(shown.split()[0].replace("\u2212", "-").replace(",", ""))


def tally(page: str) -> dict[str, Decimal]:
    """The tally table of a page: {player: amount or points}, in seating order."""
    rows = re.findall(
        r'<th scope="row">(.*?)</th>\s*<td class="num[^"]*">(.*?)</td>', page, flags=re.S
    )
    return {plain(name).removesuffix(" (left)"): number(plain(value)) for name, value in rows}


def left_the_table(page: str) -> list[str]:
    return [
        plain(name)
        for name in re.findall(r'<th scope="row">([^<]*) <span class="muted">\(left\)', page)
    ]


def deal(page: str) -> tuple[str, str]:
    """(who deals, who plays first) as the table page shows them."""
    match = re.search(r"Deals:</span> <b>(.*?)</b>.*?plays first:</span> <b>(.*?)</b>", page)
    return html.unescape(match.group(1)), html.unescape(match.group(2))


def errors(page: str) -> dict[str, str]:
    """Field errors by the id of their element, e.g. {'players-error': '...'}."""
    found = re.findall(r'<p class="error" id="([^"]+)"[^>]*>(.*?)</p>', page, flags=re.S)
    return {element: plain(message) for element, message in found}


def error_beside(page: str, field: str) -> str:
    """The error a page shows for one field, checked to be tied to that field as a screen
    reader ties it: named by the aria-describedby of the box with that id (which is marked
    invalid), or inside the fieldset of those choices or boxes (radios, the players' names)."""
    message = errors(page)[f"{field}-error"]
    box = re.search(rf'<(?:input|select|textarea)\b[^>]*\bid="{field}"[^>]*>', page)
    if box:
        described = re.search(r'aria-describedby="([^"]*)"', box.group(0))
        assert described and f"{field}-error" in described.group(1).split(), box.group(0)
        assert 'aria-invalid="true"' in box.group(0), box.group(0)
    else:
        group = re.search(
            rf'<fieldset\b[^>]*\b(?:id|class)="{field}"[^>]*>(.*?)</fieldset>', page, flags=re.S
        )
        assert group and f'id="{field}-error"' in group.group(1), f"{field}: not beside it"
    return message


def alert(page: str) -> str:
    """The one error of a page that shows it at the top, tied to no box (the players page)."""
    (message,) = re.findall(r'<p class="error" role="alert">(.*?)</p>', page, flags=re.S)
    return plain(message)


def flashes(page: str) -> list[str]:
    match = re.search(r'<div class="flash" role="status">(.*?)</div>', page, flags=re.S)
    return [plain(p) for p in re.findall(r"<p>(.*?)</p>", match.group(1))] if match else []


def payments(page: str) -> list[tuple[str, str, str]]:
    """(payer, payee, amount as shown) for each payment line on a page."""
    return [
        (html.unescape(payer), html.unescape(payee), plain(amount))
        for payer, payee, amount in re.findall(
            r"<li>([^<>]+?) pays ([^<>]+?) <b>(.*?)</b>", page, flags=re.S
        )
    ]


def paid(page: str) -> list[tuple[str, str, Decimal]]:
    return [(payer, payee, number(amount)) for payer, payee, amount in payments(page)]


def transfers(page: str) -> list[tuple[str, str, Decimal]]:
    """The settle-up transfers: (payer, payee, amount)."""
    return [
        (html.unescape(payer), html.unescape(payee), number(amount))
        for payer, payee, amount in re.findall(
            r"<li><b>(.*?)</b> pays <b>(.*?)</b> (.*?)</li>", page
        )
    ]


def seats(page: str) -> list[str]:
    """Everyone on the players page, in seating order."""
    return [
        html.unescape(n)
        for n in re.findall(r'<input id="name-\d+" name="name" value="([^"]*)"', page)
    ]


def hand_lines(page: str) -> dict[int, str]:
    """The history's hand lines: {hand no: "its class | its text"}."""
    found = re.findall(
        r'<li class="(hand[^"]*)">\s*<a href="[^"]*/hands/(\d+)">(.*?)</a>', page, re.S
    )
    return {int(no): f"{css} | {plain(line)}" for css, no, line in found}


# Doing things, through the forms


def start_table(web, names=ABC, first_dealer="0") -> int:
    """Start a table from the home page's form; the id of the new table."""
    boxes = {f"player_{seat}": name for seat, name in enumerate(names)}
    response = web.submit("/", {**boxes, "first_dealer": first_dealer})
    assert response.status_code == 302, errors(text(response))
    return int(re.fullmatch(r"/t/(\d+)", response.headers["Location"]).group(1))


def set_rules(web, table: int, changes: dict) -> None:
    """Change some house rules through the rules form (every other option as shown)."""
    typed = {
        key: str(value).lower() if isinstance(value, bool) else str(value)
        for key, value in changes.items()
    }
    response = web.submit(f"/t/{table}/rules/edit", typed)
    assert response.status_code == 302, errors(text(response))


def player_ids(web, table: int) -> dict[str, str]:
    """{name: player id} for everyone who ever sat at the table, from the players page."""
    page = text(web.get(f"/t/{table}/players"))
    found = re.findall(r'<input id="name-(\d+)" name="name" value="([^"]*)"', page)
    return {html.unescape(name): pid for pid, name in found}


def hand_fields(ids: dict[str, str], outcome: dict) -> dict[str, str]:
    """The hand form's fields for an outcome given by names (its kind is in the URL)."""
    fields = {}
    if "player" in outcome:
        fields["player"] = ids[outcome["player"]]
    if "last_draw" in outcome:
        fields["last_draw"] = ids[outcome["last_draw"]]
    if "spread_six" in outcome:
        fields["spread_six"] = "true" if outcome["spread_six"] else "false"
    for name, total in outcome.get("totals", {}).items():
        fields[f"total_{ids[name]}"] = str(total)
    return fields


def preview_hand(web, table: int, outcome: dict, url: str | None = None, **kwargs):
    url = url or f"/t/{table}/hands/new/{outcome['kind']}"
    return web.submit(url, hand_fields(player_ids(web, table), outcome), **kwargs)


def enter_hand(web, table: int, outcome: dict, url: str | None = None):
    """Fill in the hand form, check the payout, then save what was previewed."""
    url = url or f"/t/{table}/hands/new/{outcome['kind']}"
    preview = preview_hand(web, table, outcome, url)
    assert preview.status_code == 200 and "Save hand" in text(preview), errors(text(preview))
    saved = web.resubmit(preview, url, {"save": "1"})
    assert saved.status_code == 303, errors(text(saved))
    return saved


def table_page(web, table: int) -> str:
    return text(web.get(f"/t/{table}"))


# 1. Starting a table


def test_starting_a_table_shows_who_deals_and_offers_the_rules_form(web, rows):
    response = web.submit(
        "/",
        {
            "name": "Friday",
            "player_0": "Anna",
            "player_1": "Ben",
            "player_2": "Carla",
            "first_dealer": "1",
        },
    )
    assert response.status_code == 302
    location = response.headers["Location"]
    assert re.fullmatch(r"/t/\d+", location)  # ready to play: the rules form is offered
    table = int(location.split("/")[2])
    page = table_page(web, table)
    offer = re.search(r'<p class="rules-offer">(.*?)</p>', page).group(1)
    assert plain(offer) == (
        "Ready to play the classic house rules. Change the house rules "
        "(optional, best before the first hand)"
    )
    assert f'href="/t/{table}/rules/edit?new=1"' in offer
    assert "Optional: the table is ready to play the classic preset." in plain(
        text(web.get(f"/t/{table}/rules/edit?new=1"))
    )
    assert deal(page) == ("Ben", "Carla")
    assert tally(page) == {"Anna": 0, "Ben": 0, "Carla": 0}
    assert "<title>Friday · Tonk Referee</title>" in page
    assert (rows(GameTable), rows(Player), rows(RulesVersion), rows(Hand)) == (1, 3, 1, 0)


def test_cutting_for_the_deal_shows_the_cards_and_the_highest_deals(web):
    response = web.submit(
        "/", {"player_0": "Anna", "player_1": "Ben", "player_2": "Carla", "first_dealer": "cut"}
    )
    assert response.status_code == 302
    shown = flashes(text(web.get(response.headers["Location"])))
    *cuts, verdict = shown
    dealer = re.fullmatch(r"(\w+) cut highest and deals first\.", verdict).group(1)
    rounds = [dict(re.findall(r"(\w+) (10|[A2-9JQK])[♠♥♦♣]", line)) for line in cuts]
    assert cuts and all(line.startswith("Cut: ") for line in cuts)
    assert list(rounds[0]) == ABC  # everyone cuts in the first round, in seating order
    last = {name: RANKS_52.index(rank) for name, rank in rounds[-1].items()}
    assert [name for name, rank in last.items() if rank == max(last.values())] == [dealer]
    table = int(response.headers["Location"].split("/")[2])
    page = table_page(web, table)
    assert deal(page)[0] == dealer
    assert flashes(page) == []  # shown once, on the page after the start


@pytest.mark.parametrize(
    ("boxes", "first_dealer", "field", "words"),
    [
        (["Anna"], "0", "players", "a table has 2 to 6 players, not 1"),
        ([], "cut", "players", "a table has 2 to 6 players, not 0"),
        (
            ["Anna", "Ben", "ANNA"],
            "0",
            "players",
            "two players are called 'ANNA'; give each a name the table can tell apart",
        ),
        (
            ["Anna", "Ben", "Carla"],
            "4",
            "first_dealer",
            "there is no player 5; choose a player whose name is filled in, or cut for the deal",
        ),
    ],
    ids=["one name", "no name", "same name twice", "first dealer without a name"],
)
def test_a_table_that_cannot_be_is_refused_keeping_what_was_typed(
    web, rows, boxes, first_dealer, field, words
):
    typed = {f"player_{seat}": name for seat, name in enumerate(boxes)}
    response = web.submit("/", {"name": "Friday", **typed, "first_dealer": first_dealer})
    page = text(response)
    assert response.status_code == 200
    assert set(errors(page)) == {f"{field}-error"}, errors(page)
    assert error_beside(page, field) == words  # the words alone: no "players: " key
    kept = web.fields(page)
    assert {key: kept[key] for key in typed} == typed
    assert kept["name"] == "Friday" and kept["first_dealer"] == first_dealer
    assert (rows(GameTable), rows(Player), rows(RulesVersion)) == (0, 0, 0)


def test_the_form_has_six_boxes_so_a_seventh_name_is_never_seated(web, rows):
    boxes = [key for key in web.fields(text(web.get("/"))) if key.startswith("player_")]
    assert boxes == [f"player_{seat}" for seat in range(6)]
    seven = ["Anna", "Ben", "Carla", "Dan", "Eve", "Fay", "Gus"]
    table = start_table(web, seven)
    assert list(tally(table_page(web, table))) == seven[:6]
    assert rows(Player) == 6


def test_the_first_dealer_is_the_player_in_the_chosen_box(web):
    # Player 2's box is left empty: "Player 3" is Ben, whose name is in the third box.
    table = start_table(web, ["Anna", "", "Ben", "Carla"], first_dealer="2")
    assert deal(table_page(web, table)) == ("Ben", "Carla")


def test_an_empty_box_cannot_deal_first(web, rows):
    typed = {"player_0": "Anna", "player_1": "", "player_2": "Ben", "player_3": "Carla"}
    response = web.submit("/", {**typed, "first_dealer": "1"})  # Player 2: nobody
    assert response.status_code == 200
    assert error_beside(text(response), "first_dealer").startswith("there is no player 2;")
    assert rows(GameTable) == 0


def test_a_first_dealer_that_is_not_a_seat_is_refused_not_a_crash(web, rows):
    response = web.submit("/", {"player_0": "Anna", "player_1": "Ben", "first_dealer": "x"})
    assert response.status_code == 200
    assert error_beside(text(response), "first_dealer").startswith("there is no player;")
    assert rows(GameTable) == 0


def test_an_unknown_preset_is_refused_with_a_message(web, rows):
    response = web.submit("/", {"player_0": "Anna", "player_1": "Ben", "preset": "nope"})
    assert response.status_code == 200
    assert error_beside(text(response), "preset").startswith("there is no preset 'nope'")
    assert rows(GameTable) == 0


# 2. CSRF


def test_a_post_without_its_token_gets_the_friendly_page_and_saves_nothing(web, client, rows):
    start = {"player_0": "Anna", "player_1": "Ben", "preset": "classic", "first_dealer": "0"}
    response = client.post("/", data=start)
    assert response.status_code == 400
    assert "<h1>Please tap again</h1>" in text(response)
    assert "nothing was saved" in text(response)
    assert rows(GameTable) == 0

    response = client.post("/", data={**start, "csrf_token": "forged"})
    assert response.status_code == 400 and "Please tap again" in text(response)
    assert rows(GameTable) == 0

    response = web.post("/", start)  # the same form with the page's token
    assert response.status_code == 302
    assert rows(GameTable) == 1


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("/t/{t}/hands/new/out", {"player": "1", "dealer": "1", "previewed": "", "save": "1"}),
        ("/t/{t}/hands/1/void", {}),
        ("/t/{t}/hands/1/edit", {"player": "2", "dealer": "1", "save": "1"}),
        ("/t/{t}/rules/edit", {"preset": "street"}),
        ("/t/{t}/players", {"action": "leave", "player": "3"}),
        ("/t/{t}/players", {"action": "sit_in", "name": "Dan"}),
        ("/t/{t}/cut", {}),
    ],
)
def test_every_form_refuses_a_post_without_its_token(web, client, rows, path, data):
    table = start_table(web)
    enter_hand(web, table, {"kind": "out", "player": "Anna"})
    before = table_page(web, table)
    counts = [rows(model) for model in (GameTable, Player, RulesVersion, Hand, HandChange)]

    response = client.post(path.format(t=table), data=data)

    assert response.status_code == 400
    assert "Please tap again" in text(response)
    assert [rows(model) for model in (GameTable, Player, RulesVersion, Hand, HandChange)] == counts
    assert rows(Player, Player.seated == False) == 0  # noqa: E712
    after = table_page(web, table)
    assert (tally(after), deal(after)) == (tally(before), deal(before))


# 3. The house-rules form


def test_the_rules_form_asks_every_option_in_the_groups_of_the_spec(web):
    assert sorted(key for keys in SPEC_GROUPS.values() for key in keys) == sorted(option_keys())
    table = start_table(web)
    page = text(web.get(f"/t/{table}/rules/edit"))
    groups = {}
    for chunk in page.split('<fieldset class="group">')[1:]:
        legend = re.search(r"<legend>(.*?)</legend>", chunk).group(1)
        groups[html.unescape(legend)] = chunk
    assert list(groups) == list(SPEC_GROUPS)
    for group, keys in SPEC_GROUPS.items():
        for key in keys:
            names = (
                [f"band_0_{part}" for part in ("min", "max", "pays")]
                if key == "deal_tonks"
                else [key]
            )
            for name in names:
                assert f'name="{name}"' in groups[group], f"{name} is not under {group}"
    shown = web.fields(page)
    assert (shown["band_0_min"], shown["band_0_max"], shown["band_0_pays"]) == ("49", "50", "2")
    assert (shown["stake"], shown["caught_pays"], shown["caught_on_tie"]) == ("1", "2", "true")


def test_changing_an_option_saves_a_new_rules_version(web, rows):
    table = start_table(web)
    response = web.submit(f"/t/{table}/rules/edit", {"caught_pays": "3"})
    assert response.status_code == 302
    assert response.headers["Location"] == f"/t/{table}"
    assert rows(RulesVersion) == 2
    page = table_page(web, table)
    assert "House rules saved; they apply from the next hand on." in flashes(page)
    assert web.fields(text(web.get(f"/t/{table}/rules/edit")))["caught_pays"] == "3"


def test_saving_the_rules_unchanged_adds_no_version(web, rows):
    table = start_table(web)
    assert web.submit(f"/t/{table}/rules/edit").status_code == 302
    assert rows(RulesVersion) == 1


@pytest.mark.parametrize(
    ("key", "typed"),
    [("out_pays", "11"), ("stake", "0.001"), ("unit", ""), ("stake", "abc")],
)
def test_a_bad_value_is_refused_beside_its_field_naming_it(web, rows, key, typed):
    table = start_table(web)
    response = web.submit(f"/t/{table}/rules/edit", {key: typed, "caught_pays": "3"})
    page = text(response)
    assert response.status_code == 200
    assert "Nothing was saved" in page
    message = error_beside(page, key)
    assert key in message or option_label(key).lower() in message.lower(), message
    kept = web.fields(page)
    assert (kept[key], kept["caught_pays"]) == (typed, "3")
    assert rows(RulesVersion) == 1


def test_a_rules_change_settles_later_hands_only(web):
    table = start_table(web)
    enter_hand(web, table, CAUGHT)
    set_rules(web, table, {"caught_pays": 3})
    enter_hand(web, table, CAUGHT)

    # Hand 1 at caught_pays 2: Anna -2, Ben +3, Carla -1; hand 2 at 3: Anna -3, Ben +4, Carla -1.
    assert tally(table_page(web, table)) == {"Anna": -5, "Ben": 7, "Carla": -2}
    history = text(web.get(f"/t/{table}/hands/"))
    first, second = history.split(f'href="/t/{table}/hands/1"')
    assert ("Anna", "Ben", Decimal(3)) in paid(first)  # hand 2, newest first
    assert ("Anna", "Ben", Decimal(2)) in paid(second)


# 4. The rules sheet


def sheet(web, table: int) -> dict[str, tuple[str, bool]]:
    """{option key: (its sentence, marked changed)} from the rules sheet."""
    page = text(web.get(f"/t/{table}/rules"))
    found = re.findall(r'<li id="rule-(\w+)"( class="changed")?>(.*?)</li>', page)
    return {
        key: (plain(line.split('<span class="changed-mark">')[0]), bool(mark))
        for key, mark, line in found
    }


def test_the_rules_sheet_says_every_rule_in_a_plain_sentence(web):
    table = start_table(web)
    rules = sheet(web, table)
    assert list(rules) == option_keys()
    assert rules["deal_tonks"] == (
        "A dealt hand of 49 or 50 is a tonk: everyone pays you 2 chips.",
        False,
    )
    assert rules["caught_pays"][0] == (
        "If you drop and are caught, you pay 2 chips to each player whose total is lower than "
        "or equal to yours."
    )
    assert not any(changed for _, changed in rules.values())
    assert "Rules version 1." in text(web.get(f"/t/{table}/rules"))


def test_the_rules_sheet_marks_what_differs_from_the_preset(web):
    table = start_table(web)
    set_rules(web, table, {"caught_pays": 3, "stake": "0.25"})
    rules = sheet(web, table)
    assert rules["caught_pays"] == (
        "If you drop and are caught, you pay 0.75 chips to each player whose total is lower "
        "than or equal to yours.",
        True,
    )
    assert rules["stake"][1] is True
    assert [key for key, (_, changed) in rules.items() if changed] == ["stake", "caught_pays"]
    page = text(web.get(f"/t/{table}/rules"))
    assert "2 rules differ from it" in plain(page) and "Rules version 2." in page


# 5. Entering a hand

# Each outcome with the payout section 2 of the house-rules spec gives it, worked out by
# hand: (rules changed from classic, the hand, who pays whom, the net).
OUTCOMES = [
    pytest.param(
        {},
        {"kind": "deal_tonk", "totals": {"Ben": 50}},
        [("Anna", "Ben", 2), ("Carla", "Ben", 2)],  # the band 49-50 pays 2
        {"Anna": -2, "Ben": 4, "Carla": -2},
        id="deal_tonk",
    ),
    pytest.param(
        {},
        {"kind": "tonk_out", "player": "Carla"},
        [("Anna", "Carla", 2), ("Ben", "Carla", 2)],  # tonk_out_pays 2
        {"Anna": -2, "Ben": -2, "Carla": 4},
        id="tonk_out",
    ),
    pytest.param(
        {"tonk_out_six_pays": 3},
        {"kind": "tonk_out", "player": "Carla", "spread_six": True},
        [("Anna", "Carla", 3), ("Ben", "Carla", 3)],
        {"Anna": -3, "Ben": -3, "Carla": 6},
        id="tonk_out with six spread",
    ),
    pytest.param(
        {},
        {"kind": "out", "player": "Anna"},
        [("Ben", "Anna", 1), ("Carla", "Anna", 1)],  # out_pays 1
        {"Anna": 2, "Ben": -1, "Carla": -1},
        id="out",
    ),
    pytest.param(
        {},
        CAUGHT,
        [("Anna", "Ben", 2), ("Carla", "Ben", 1)],  # the spec's 001 example
        {"Anna": -2, "Ben": 3, "Carla": -1},
        id="drop caught",
    ),
    pytest.param(
        {},
        {"kind": "drop", "player": "Ben", "totals": {"Anna": 9, "Ben": 3, "Carla": 7}},
        [("Anna", "Ben", 1), ("Carla", "Ben", 1)],  # drop_win_pays 1
        {"Anna": -1, "Ben": 2, "Carla": -1},
        id="drop won",
    ),
    pytest.param(
        {"stake": Decimal("0.25")},
        {"kind": "stock_out", "totals": {"Anna": 9, "Ben": 12, "Carla": 3}},
        [("Anna", "Carla", Decimal("0.25")), ("Ben", "Carla", Decimal("0.25"))],
        {"Anna": Decimal("-0.25"), "Ben": Decimal("-0.25"), "Carla": Decimal("0.5")},
        id="stock_out",
    ),
    pytest.param(
        {"stock_out_tie": "last_draw"},
        {"kind": "stock_out", "totals": {"Anna": 3, "Ben": 12, "Carla": 3}, "last_draw": "Carla"},
        [("Anna", "Carla", 1), ("Ben", "Carla", 1)],  # Carla drew last: she wins alone
        {"Anna": -1, "Ben": -1, "Carla": 2},
        id="stock_out tie",
    ),
    pytest.param(
        {"double_double_pays": 4},
        {"kind": "double_double", "player": "Ben"},
        [("Anna", "Ben", 4), ("Carla", "Ben", 4)],
        {"Anna": -4, "Ben": 8, "Carla": -4},
        id="double_double",
    ),
]


@pytest.mark.parametrize(("rules", "outcome", "pays", "net"), OUTCOMES)
def test_each_outcome_previews_then_saves_what_the_spec_pays(web, rows, rules, outcome, pays, net):
    table = start_table(web)
    if rules:
        set_rules(web, table, rules)
    url = f"/t/{table}/hands/new/{outcome['kind']}"

    preview = preview_hand(web, table, outcome)
    page = text(preview)
    assert preview.status_code == 200
    assert paid(page) == pays
    assert re.fullmatch(r"[0-9a-f]{32}", web.fields(page)["previewed"])
    assert rows(Hand) == 0

    saved = web.resubmit(preview, url, {"save": "1"})
    assert saved.status_code == 303
    assert saved.headers["Location"] == f"/t/{table}"
    assert rows(Hand) == 1
    after = table_page(web, table)
    assert tally(after) == net
    assert "Hand 1 saved." in flashes(after)


def test_without_script_a_check_comes_back_at_its_answer(web):
    """A plain form post (no JavaScript) comes back as a whole page: the form's action ends
    in #answer, which is the payout checked with its Save, and nothing on a form still to
    fix (the page then opens at its top, where the questions are)."""
    table = start_table(web)
    form = text(web.get(f"/t/{table}/hands/new/out"))
    action = f'action="/t/{table}/hands/new/out#answer" hx-post="/t/{table}/hands/new/out"'
    assert action in form and 'id="answer"' not in form
    preview = text(preview_hand(web, table, {"kind": "out", "player": "Anna"}))
    (answer,) = re.findall(
        r'<section class="preview" id="answer"[^>]*>(.*?)</section>', preview, re.S
    )
    assert "Ben pays Anna" in plain(answer)
    refused = text(web.submit(f"/t/{table}/hands/new/out", {}))
    assert 'id="answer"' not in refused and errors(refused)


def test_saving_what_was_not_previewed_only_previews_again(web, rows):
    table = start_table(web)
    ids = player_ids(web, table)
    url = f"/t/{table}/hands/new/out"
    preview = preview_hand(web, table, {"kind": "out", "player": "Anna"})

    changed = web.resubmit(preview, url, {"player": ids["Ben"], "save": "1"})  # Anna's digest
    assert changed.status_code == 200 and rows(Hand) == 0
    assert paid(text(changed)) == [("Anna", "Ben", Decimal(1)), ("Carla", "Ben", Decimal(1))]

    missing = web.resubmit(changed, url, {"previewed": "", "save": "1"})
    assert missing.status_code == 200 and rows(Hand) == 0
    assert "Save hand" in text(missing)

    assert web.resubmit(missing, url, {"save": "1"}).status_code == 303
    assert rows(Hand) == 1
    assert tally(table_page(web, table)) == {"Anna": -1, "Ben": 2, "Carla": -1}


def test_a_save_whose_payout_moved_since_the_preview_saves_nothing_and_shows_it(web, rows):
    """Ben's out checked among three; Dan sits in before Save: Ben's out now pays 3, so
    Save stores nothing and shows the payout as it is now, which the next Save keeps."""
    table = start_table(web)
    url = f"/t/{table}/hands/new/out"
    preview = preview_hand(web, table, {"kind": "out", "player": "Ben"})
    assert paid(text(preview)) == [("Anna", "Ben", Decimal(1)), ("Carla", "Ben", Decimal(1))]
    sat = web.post(f"/t/{table}/players", {"action": "sit_in", "name": "Dan"})
    assert sat.status_code == 302
    moved = web.resubmit(preview, url, {"save": "1"})
    assert moved.status_code == 200 and rows(Hand) == 0
    assert "Nothing was saved: the payout is not the one checked" in plain(text(moved))
    assert paid(text(moved)) == [
        ("Anna", "Ben", Decimal(1)),
        ("Carla", "Ben", Decimal(1)),
        ("Dan", "Ben", Decimal(1)),
    ]
    assert web.resubmit(moved, url, {"save": "1"}).status_code == 303 and rows(Hand) == 1


def test_a_saved_form_sent_again_with_another_outcome_is_not_a_retry(web, rows):
    """The back button after a save, a change, Save: the form's one-time key already
    entered hand 1, so this is not a retry of it, and nothing is saved."""
    table = start_table(web)
    ids = player_ids(web, table)
    url = f"/t/{table}/hands/new/out"
    preview = preview_hand(web, table, {"kind": "out", "player": "Anna"})
    assert web.resubmit(preview, url, {"save": "1"}).status_code == 303
    changed = web.resubmit(preview, url, {"player": ids["Ben"]})  # previews Ben's out
    refused = web.resubmit(changed, url, {"save": "1"})
    assert refused.status_code == 200 and rows(Hand) == 1
    assert errors(text(refused)) == {
        "hand-error": "this entry was already saved as hand 1, with another outcome; to change "
        "it, edit hand 1"
    }
    assert web.resubmit(preview, url, {"save": "1"}).status_code == 303  # the retry itself
    assert rows(Hand) == 1 and tally(table_page(web, table)) == {"Anna": 2, "Ben": -1, "Carla": -1}


@pytest.mark.parametrize(
    ("rules", "outcome", "field", "words"),
    [
        (
            {},
            {"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Ben": 51, "Carla": 11}},
            "total of Ben",
            "Ben: a total of 51 cannot be; holding at most 5 cards",
        ),
        (
            {},
            {"kind": "deal_tonk", "totals": {"Ben": 48}},
            "total of Ben",
            "Ben: 48 is not a tonk here; tonk on the deal is 49 or 50",
        ),
        (
            {},
            {"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Ben": 4}},
            "total of Carla",
            "Carla's total is missing; a drop needs everyone's total",
        ),
        ({}, {"kind": "out"}, "player", "say who went out"),
        (
            {"tonk_out_needs_six": True},
            {"kind": "tonk_out", "player": "Anna"},
            "spread_six",
            "say whether Anna laid six cards as new spreads in the last turn",
        ),
        (
            {"stock_out_tie": "last_draw"},
            {"kind": "stock_out", "totals": {"Anna": 3, "Ben": 3, "Carla": 9}},
            "last_draw",
            "Anna and Ben tie for the lowest total (3)",
        ),
    ],
    ids=["drop total 51", "deal_tonk 48", "a total missing", "nobody out", "six?", "drew last?"],
)
def test_a_refused_hand_shows_why_beside_its_field_and_keeps_what_was_typed(
    web, rows, rules, outcome, field, words
):
    table = start_table(web)
    if rules:
        set_rules(web, table, rules)
    ids = player_ids(web, table)
    if field.startswith("total of "):  # a player's total box, named by the player's id
        field = f"total_{ids[field.removeprefix('total of ')]}"
    response = preview_hand(web, table, outcome)
    page = text(response)
    assert response.status_code == 200
    assert set(errors(page)) == {f"{field}-error"}, errors(page)
    assert error_beside(page, field).startswith(words)
    kept = web.fields(page)
    assert {key: kept[key] for key in hand_fields(ids, outcome)} == hand_fields(ids, outcome)
    assert "Save hand" not in page and kept["previewed"] == ""
    assert rows(Hand) == 0


def test_htmx_gets_the_hand_form_alone_and_is_sent_to_the_table_after_saving(web, rows):
    table = start_table(web)
    url = f"/t/{table}/hands/new/out"
    form = web.get(url, headers=HX)
    assert text(form).lstrip().startswith("<form") and "<html" not in text(form)
    assert "HX-Request" in form.headers["Vary"]

    preview = preview_hand(web, table, {"kind": "out", "player": "Anna"}, headers=HX)
    assert "<html" not in text(preview) and "Save hand" in text(preview)
    assert paid(text(preview)) == [("Ben", "Anna", Decimal(1)), ("Carla", "Anna", Decimal(1))]

    saved = web.resubmit(preview, url, {"save": "1"}, headers=HX)
    assert saved.status_code == 200
    assert saved.headers["HX-Redirect"] == f"/t/{table}"
    assert text(saved) == ""
    assert rows(Hand) == 1


def test_a_hand_entered_on_the_table_page_swaps_in_the_new_deal_and_tally(web, rows):
    table = start_table(web)
    buttons = re.findall(r'hx-get="([^"]+)" hx-target="#entry"', table_page(web, table))
    kinds = ["deal_tonk", "tonk_out", "out", "drop", "stock_out"]
    assert buttons == [f"/t/{table}/hands/new/{kind}" for kind in kinds]
    url = buttons[3]
    form = web.get(url, headers=HX)  # loaded into the table page by htmx
    assert web.fields(text(form))["inline"] == "1"
    drop = hand_fields(player_ids(web, table), CAUGHT)

    preview = web.resubmit(form, url, drop, headers=HX)
    assert "Save hand" in text(preview) and web.fields(text(preview))["inline"] == "1"
    saved = web.resubmit(preview, url, {"save": "1"}, headers=HX)

    body = text(saved)
    assert saved.status_code == 200 and "HX-Redirect" not in saved.headers
    assert "<html" not in body
    assert '<p class="flash" role="status">Hand 1 saved.</p>' in body
    assert re.search(
        r'<section class="deal card" id="deal" aria-label="The deal" hx-swap-oob="true"[^>]*>', body
    )
    assert re.search(r'<section id="tally" aria-label="Tally" hx-swap-oob="true"[^>]*>', body)
    assert deal(body) == ("Ben", "Carla")
    assert tally(body) == {"Anna": -2, "Ben": 3, "Carla": -1}
    assert rows(Hand) == 1
    assert flashes(table_page(web, table)) == []  # said once, in place of the form


def test_htmx_gets_the_tally_alone_but_a_history_restore_the_whole_page(web):
    table = start_table(web)
    partial = text(web.get(f"/t/{table}", headers=HX))
    assert partial.lstrip().startswith('<section id="tally"') and "<html" not in partial
    restore = text(web.get(f"/t/{table}", headers={**HX, "HX-History-Restore-Request": "true"}))
    assert "<html" in restore and "How did the hand end?" in restore


# 6. Fixing and voiding a hand


def test_a_hand_is_fixed_from_a_form_holding_what_was_entered(web, rows):
    table = start_table(web, first_dealer="2")
    enter_hand(web, table, CAUGHT)
    ids = player_ids(web, table)
    url = f"/t/{table}/hands/1/edit"

    page = text(web.get(url))
    assert "<h1>Fix hand 1</h1>" in page
    assert web.fields(page) == {
        "csrf_token": web.fields(page)["csrf_token"],
        "previewed": "",
        "entry_key": web.fields(page)["entry_key"],
        "version": "1",
        "player": ids["Anna"],
        **{f"total_{ids[name]}": str(total) for name, total in CAUGHT["totals"].items()},
        "dealer": ids["Carla"],
    }

    fixed = {**CAUGHT, "totals": {"Anna": 6, "Ben": 8, "Carla": 11}}  # now Anna's 6 is lowest
    preview = preview_hand(web, table, fixed, url)
    assert paid(text(preview)) == [("Ben", "Anna", 1), ("Carla", "Anna", 1)]
    assert web.resubmit(preview, url, {"save": "1"}).status_code == 303
    assert tally(table_page(web, table)) == {"Anna": 2, "Ben": -1, "Carla": -1}
    assert (rows(Hand), rows(HandChange)) == (1, 2)


def test_a_fixed_hand_is_settled_under_the_rules_it_was_played_with(web):
    table = start_table(web)
    enter_hand(web, table, CAUGHT)
    set_rules(web, table, {"caught_pays": 5})
    fixed = {**CAUGHT, "totals": {"Anna": 6, "Ben": 4, "Carla": 20}}
    enter_hand(web, table, fixed, url=f"/t/{table}/hands/1/edit")
    # Caught at caught_pays 2, as played (at 5 Anna would pay Ben 5): the 001 example's net.
    assert tally(table_page(web, table)) == {"Anna": -2, "Ben": 3, "Carla": -1}


def test_numbers_past_what_the_database_holds_are_no_page_not_a_crash(web):
    table = start_table(web)
    enter_hand(web, table, {"kind": "out", "player": "Ben"})
    huge = "1" + "0" * 22
    assert web.get(f"/t/{table}/hands/{huge}").status_code == 404
    assert web.get(f"/t/{table}/hands/{huge}/edit").status_code == 404
    assert web.get(f"/t/{huge}").status_code == 404
    assert web.get(f"/t/{table}/hands/?page={huge}").status_code == 404


def test_a_voided_hand_leaves_the_tally_but_stays_in_the_history(web, rows):
    table = start_table(web)
    first = {"kind": "out", "player": "Anna"}
    enter_hand(web, table, first)
    enter_hand(web, table, CAUGHT)
    enter_hand(web, table, {**CAUGHT, "player": "Carla"}, url=f"/t/{table}/hands/2/edit")

    void = {"version": "2"}  # the version the hand page shows, after its one edit
    response = web.post(f"/t/{table}/hands/2/void", void, page=f"/t/{table}/hands/2/void")
    assert response.status_code == 303 and response.headers["Location"] == f"/t/{table}?voided=2"

    page = table_page(web, table)
    assert tally(page) == {"Anna": 2, "Ben": -1, "Carla": -1}  # hand 1: Anna went out
    assert "Tally after 1 hand" in page
    lines = hand_lines(text(web.get(f"/t/{table}/hands/")))
    assert lines[2].startswith("hand void |") and lines[2].endswith("(void)")
    assert lines[1].startswith("hand |") and "(void)" not in lines[1]

    detail = text(web.get(f"/t/{table}/hands/2"))
    assert "<h1>Hand 2 (void)</h1>" in detail
    assert re.findall(r"</time>: (\w+)", detail) == ["entered", "edited", "voided"]
    assert "Void this hand" not in detail and "Fix this hand" not in detail
    assert web.get(f"/t/{table}/hands/2/edit").status_code == 404
    assert rows(Hand) == 2 and rows(Hand, Hand.void == True) == 1  # noqa: E712


def test_the_hand_page_shows_amounts_in_the_table_unit(web):
    table = start_table(web)
    enter_hand(web, table, {"kind": "out", "player": "Anna"})
    listed = payments(text(web.get(f"/t/{table}/hands/")))
    assert listed == [("Ben", "Anna", "1 chip"), ("Carla", "Anna", "1 chip")]
    assert payments(text(web.get(f"/t/{table}/hands/1"))) == listed


# 7. Players and seats


def test_a_renamed_player_keeps_their_tally_and_their_past_hands(web):
    table = start_table(web)
    enter_hand(web, table, CAUGHT)
    ids = player_ids(web, table)
    response = web.post(
        f"/t/{table}/players", {"action": "rename", "player": ids["Ben"], "name": "Bob"}
    )
    assert response.status_code == 302

    assert tally(table_page(web, table)) == {"Anna": -2, "Bob": 3, "Carla": -1}
    history = text(web.get(f"/t/{table}/hands/"))
    assert paid(history) == [("Anna", "Bob", Decimal(2)), ("Carla", "Bob", Decimal(1))]
    assert "Ben" not in plain(history)
    detail = text(web.get(f"/t/{table}/hands/1"))
    assert "Anna dropped on 6 and was caught." in plain(detail)
    assert paid(detail) == [("Anna", "Bob", Decimal(2)), ("Carla", "Bob", Decimal(1))]


def test_a_hands_history_shows_everyone_under_their_current_name(web):
    table = start_table(web)
    enter_hand(web, table, CAUGHT)
    ids = player_ids(web, table)
    web.post(f"/t/{table}/players", {"action": "rename", "player": ids["Ben"], "name": "Bob"})
    fixed = {**CAUGHT, "totals": {"Anna": 6, "Bob": 4, "Carla": 12}}
    enter_hand(web, table, fixed, url=f"/t/{table}/hands/1/edit")
    history = plain(text(web.get(f"/t/{table}/hands/1")).split('<ol class="changes">')[1])
    assert "Bob 4" in history and "Ben" not in history  # the entered and the edited lines


def test_a_rename_to_a_name_already_at_the_table_is_refused(web):
    table = start_table(web)
    ids = player_ids(web, table)
    response = web.post(
        f"/t/{table}/players", {"action": "rename", "player": ids["Ben"], "name": "anna"}
    )
    page = text(response)
    assert response.status_code == 200
    assert alert(page) == "'anna' is already at this table"
    assert f'<input id="name-{ids["Ben"]}" name="name" value="anna"' in page
    assert list(tally(table_page(web, table))) == ABC


def test_a_player_named_like_an_outcome_can_be_renamed(web):
    table = start_table(web, ["out", "Ben"])
    enter_hand(web, table, {"kind": "out", "player": "out"})
    ids = player_ids(web, table)
    web.post(f"/t/{table}/players", {"action": "rename", "player": ids["out"], "name": "Olly"})
    lines = hand_lines(text(web.get(f"/t/{table}/hands/")))
    assert lines[1] == "hand | #1 Out by discarding: Olly"
    assert web.get(f"/t/{table}/hands/1/edit").status_code == 200


def test_moving_a_player_changes_the_deal_order(web):
    table = start_table(web)  # Anna deals first
    ids = player_ids(web, table)
    players = f"/t/{table}/players"
    assert deal(table_page(web, table)) == ("Anna", "Ben")

    assert web.post(players, {"action": "up", "player": ids["Carla"]}).status_code == 302
    assert seats(text(web.get(players))) == ["Anna", "Carla", "Ben"]
    assert deal(table_page(web, table)) == ("Anna", "Carla")

    enter_hand(web, table, {"kind": "out", "player": "Ben"})  # dealt by Anna
    assert deal(table_page(web, table)) == ("Carla", "Ben")

    web.post(players, {"action": "down", "player": ids["Carla"]})
    web.post(players, {"action": "down", "player": ids["Carla"]})  # already last: no change
    assert seats(text(web.get(players))) == ["Anna", "Ben", "Carla"]
    assert deal(table_page(web, table)) == ("Ben", "Carla")


def test_a_player_who_leaves_stays_in_the_tally_and_the_settle_up(web):
    table = start_table(web)
    stock_out = {"kind": "stock_out", "totals": {"Anna": 9, "Ben": 12, "Carla": 3}}
    enter_hand(web, table, stock_out)
    ids = player_ids(web, table)
    players = f"/t/{table}/players"
    assert web.post(players, {"action": "leave", "player": ids["Carla"]}).status_code == 302

    page = table_page(web, table)
    assert tally(page) == {"Anna": -1, "Ben": -1, "Carla": 2}
    assert left_the_table(page) == ["Carla"]
    assert re.findall(
        r"<option[^>]*>(\w+)</option>", text(web.get(f"/t/{table}/hands/new/out"))
    ) == ["Anna", "Ben"]
    settle = text(web.get(f"/t/{table}/settle-up"))
    assert tally(settle) == {"Anna": -1, "Ben": -1, "Carla": 2}
    assert sorted(transfers(settle)) == [
        ("Anna", "Carla", Decimal(1)),
        ("Ben", "Carla", Decimal(1)),
    ]

    refused = web.post(players, {"action": "leave", "player": ids["Ben"]})
    assert refused.status_code == 200
    assert alert(text(refused)) == "Ben cannot leave: a table needs at least 2 players"
    assert left_the_table(table_page(web, table)) == ["Carla"]


def test_players_sit_in_up_to_six_and_a_returning_name_is_seated_again(web, rows):
    table = start_table(web)
    ids = player_ids(web, table)
    players = f"/t/{table}/players"
    web.post(players, {"action": "leave", "player": ids["Carla"]})
    for name in ("Dan", "Eve", "Fay"):
        assert web.post(players, {"action": "sit_in", "name": name}).status_code == 302
    assert web.post(players, {"action": "sit_in", "name": "carla"}).status_code == 302
    assert rows(Player) == 6 and rows(Player, Player.seated == False) == 0  # noqa: E712
    assert left_the_table(table_page(web, table)) == []

    refused = web.post(players, {"action": "sit_in", "name": "Gus"})
    page = text(refused)
    assert refused.status_code == 200
    assert alert(page) == "at most 6 players sit at a table"
    assert '<input id="new-name" name="name" maxlength="40" autocomplete="off" value="Gus">' in page
    assert rows(Player) == 6
    form = text(web.get(f"/t/{table}/hands/new/out"))
    assert re.findall(r"<option[^>]*>(\w+)</option>", form) == [
        "Anna",
        "Ben",
        "Carla",
        "Dan",
        "Eve",
        "Fay",
    ]


# 8. Settle-up and pages that are not there

ABCD = ["Anna", "Ben", "Carla", "Dan"]
NIGHT = [
    {"kind": "out", "player": "Anna"},
    {"kind": "stock_out", "totals": {"Anna": 9, "Ben": 12, "Carla": 20, "Dan": 3}},
]


def played_night(web) -> int:
    table = start_table(web, ABCD)
    for outcome in NIGHT:
        enter_hand(web, table, outcome)
    return table


def balances_after(page: str, moves) -> dict[str, Decimal]:
    """The balances of a settle-up page once every transfer is paid."""
    left = tally(page)
    for payer, payee, amount in moves:
        left[payer] += amount
        left[payee] -= amount
    return left


def test_fewest_payments_clear_the_night(web):
    table = played_night(web)
    page = text(web.get(f"/t/{table}/settle-up"))
    # Anna out: she gets 1 from each of three; Dan lowest at 3 gets 1 from each of three.
    assert tally(page) == {"Anna": 2, "Ben": -2, "Carla": -2, "Dan": 2}
    moves = transfers(page)
    assert len(moves) == 2  # two pairs cancel out: fewer than one payment per debtor and creditor
    assert all(amount > 0 for _, _, amount in moves)
    assert set(balances_after(page, moves).values()) == {0}


def test_with_a_banker_everyone_settles_with_that_player(web):
    table = played_night(web)
    page = text(web.get(f"/t/{table}/settle-up?mode=banker&to=Ben"))
    moves = transfers(page)
    assert len(moves) == 3 and all("Ben" in (payer, payee) for payer, payee, _ in moves)
    assert set(balances_after(page, moves).values()) == {0}
    assert "<option selected>Ben</option>" in page


def test_as_is_lists_the_balances_without_payments(web):
    table = played_night(web)
    page = text(web.get(f"/t/{table}/settle-up?mode=as_is"))
    assert transfers(page) == [] and "Nobody owes anybody" not in page
    assert tally(page) == {"Anna": 2, "Ben": -2, "Carla": -2, "Dan": 2}


@pytest.mark.parametrize(
    "path",
    [
        "/t/999",
        "/t/999/rules",
        "/t/999/settle-up",
        "/t/999/players",
        "/t/999/hands/",
        "/t/{t}/hands/1",
        "/t/{t}/hands/1/edit",
        "/t/{t}/hands/new/double_double",
        "/t/{t}/hands/new/knock",
    ],
)
def test_what_is_not_there_is_a_404_in_words(web, path):
    table = start_table(web)
    response = web.get(path.format(t=table))
    assert response.status_code == 404
    assert "<h1>Not here</h1>" in text(response)


def test_voiding_an_unknown_hand_is_a_404(web, rows):
    table = start_table(web)
    response = web.post(f"/t/{table}/hands/7/void", page=f"/t/{table}")
    assert response.status_code == 404 and rows(HandChange) == 0


def test_double_double_has_a_page_once_the_house_plays_it(web):
    table = start_table(web)
    assert "/hands/new/double_double" not in table_page(web, table)
    set_rules(web, table, {"double_double_pays": 4})
    assert "/hands/new/double_double" in table_page(web, table)
    assert web.get(f"/t/{table}/hands/new/double_double").status_code == 200


# 9. Points


def test_in_points_the_tally_shows_points_who_leads_and_hands_left(web):
    table = start_table(web)
    rules = {"scoring": "points", "points_target_hands": 3}
    set_rules(web, table, rules)
    hands = [
        {"kind": "out", "player": "Ben", "totals": {"Anna": 7, "Carla": 12}},
        {"kind": "stock_out", "totals": {"Anna": 2, "Ben": 20, "Carla": 5}},
    ]
    enter_hand(web, table, hands[0])
    page = table_page(web, table)
    assert tally(page) == {"Anna": 7, "Ben": 0, "Carla": 12}  # out_pays 1: points as held
    assert '<th scope="col" class="num">Points</th>' in page
    assert status(page).startswith("Points · Game 1 · Hand 2 of 3 · 1 chip · Deals: Ben")
    assert "Leading (lowest score): Ben." in plain(page)

    enter_hand(web, table, hands[1])
    page = table_page(web, table)
    # Anna lowest at 2 scores 0; Ben 20 and Carla 5 at stock_out_pays 1.
    assert tally(page) == {"Anna": 7, "Ben": 20, "Carla": 17}
    assert status(page).startswith("Points · Game 1 · Hand 3 of 3 · 1 chip ·")
    assert "Leading (lowest score): Anna." in plain(page)
    assert transfers(text(web.get(f"/t/{table}/settle-up"))) == []
