"""The referee's pages at a Tongits table: its house-rules form and sheet, counting a hand,
a meld (bahay) or a sapaw, may a player call a draw, fight, or are they burned, and the
section 5 answers, through the test client with CSRF on, as a phone uses them.

The rulings are tested for every option value in tests/rules; here, that the pages show
them in the table's words, cite the deciding rule by name, refuse bad input beside the
field, and that each page of one game stays out of the other's tables.
"""

import re

import pytest

from tests.test_pages import ABC, error_beside, errors, set_rules, start_table, text
from tests.test_pages import plain as untagged
from tests.test_referee_pages import HX, plain


def start_tongits(web, names=ABC) -> int:
    """A Tongits table from the start page (its first dealer Anna); the id of the table."""
    boxes = {f"player_{seat}": name for seat, name in enumerate(names)}
    start = {**boxes, "first_dealer": "0", "game": "tongits", "preset": "tongits"}
    response = web.submit("/", start)
    assert response.status_code == 302, errors(text(response))
    return int(re.fullmatch(r"/t/(\d+)", response.headers["Location"]).group(1))


def main(page: str) -> str:
    """The words of the page's main part: not its header (the nav is checked on its own),
    nor its footer (the language switch)."""
    return plain(page[page.index("<main>") : page.index("</main>")])


def sheet(web, table: int) -> str:
    return main(text(web.get(f"/t/{table}/rules")))


# The house rules: form and sheet


def test_the_rules_form_asks_the_tongits_options_grouped_as_the_spec_groups_them(web):
    table = start_tongits(web)
    page = text(web.get(f"/t/{table}/rules/edit?new=1"))
    legends = re.findall(r'<fieldset class="group">\s*<legend>(.*?)</legend>', page)
    assert [plain(legend) for legend in legends] == [
        "Table",
        "Pot and jackpot (“Two Hits”)",
        "What each ending pays",
        "Bonuses",
        "Draw, ties and turn order",
        "Dealing",
        "Table talk",
        "Joker mode",
    ]
    fields = web.fields(page)
    assert fields["fold_pays"] == "1" and fields["play_direction"] == "counterclockwise"
    assert fields["sapaw_blocks_draw"] == "true" and fields["preset"] == "tongits"
    assert "caught_pays" not in fields and "band_0_min" not in fields  # no Tonk option
    assert "4 players (dealer 12 cards, the others 11)" in plain(page)
    assert "The winner (the hitter)" in plain(page)
    # The presets to start again from are Tongits' own.
    presets = re.findall(r'<option value="([^"]+)"', page.split('id="load_preset"')[1])
    assert presets == ["tongits", "three-hits", "1-3-5", "joker"]


def test_changed_rules_are_saved_and_marked_on_the_sheet_in_sentences(web):
    table = start_tongits(web)
    set_rules(web, table, {"fold_pays": 3, "play_direction": "clockwise"})
    words = sheet(web, table)
    assert "Based on the tongits preset; 2 rules differ from it, marked changed ." in words
    assert (
        "At a draw, each player who folded (gave up, by choice or automatically when burned) "
        "pays the winner 3 chips. changed"
    ) in words
    assert (
        "Play goes clockwise: the player to your right is the player before you in turn. Ties "
        "at a draw and when the stock runs out go to the right. changed"
    ) in words
    assert "Going tong-its (every card melded or laid off): each other player pays the " in words
    assert words.count("changed") == 3  # the count line and the two rules


def test_a_wrong_box_is_refused_beside_it_by_the_rule_s_name_and_nothing_is_saved(web):
    table = start_tongits(web)
    changes = {"fold_pays": "11", "ante": "x", "stake": "0.001"}
    response = web.submit(f"/t/{table}/rules/edit", changes)
    page = text(response)
    assert response.status_code == 200
    assert error_beside(page, "fold_pays") == (
        "Folding pays: 11 is not allowed; allowed: a whole number from 1 to 10"
    )
    assert error_beside(page, "ante") == "Ante: type a whole number"
    assert error_beside(page, "stake") == (
        "Stake: 0.001 is not allowed; allowed: a number more than 0, at most 1,000,000, with "
        "at most 2 decimals"
    )
    assert web.fields(page)["fold_pays"] == "11" and web.fields(page)["stake"] == "0.001"
    assert "Rules version 1." in sheet(web, table)


def test_a_preset_loads_into_the_form_and_saves_as_the_table_s_preset(web):
    table = start_tongits(web)
    loaded = web.post(f"/t/{table}/rules/edit", {"load_preset": "1-3-5"})
    fields = web.fields(text(loaded))
    assert (fields["preset"], fields["fold_pays"], fields["fight_pays"]) == ("1-3-5", "3", "5")
    saved = web.resubmit(loaded, f"/t/{table}/rules/edit")
    assert saved.status_code == 302
    words = sheet(web, table)
    assert "Based on the 1-3-5 preset. Rules version 2." in words
    assert "changed" not in words
    assert "For each ace among the winner's cards" in words


# Counting a hand


def count(web, table: int, *cards: str) -> str:
    return text(web.get(f"/t/{table}/count", query_string={"card": list(cards)}))


def test_a_hand_is_counted_by_tongits_values_with_the_rules_that_decide_what_to_tap(web):
    table = start_tongits(web)
    page = count(web, table, "K♠", "Q♥", "A♦")
    words = main(page)
    assert "21 points: K♠ 10 + Q♥ 10 + A♦ 1." in words
    assert "Tap each card in the hand (52-card deck)." in words
    assert "Melds (bahay) kept in hand count nothing toward your total." in words
    assert re.search(r'value="K♠" checked', page) and not re.search(r'value="K♥" checked', page)


def test_the_count_follows_hand_melds_count(web):
    table = start_tongits(web)
    set_rules(web, table, {"hand_melds_count": True})
    words = main(count(web, table, "5♣"))
    assert "Melds (bahay) kept in hand count toward your total like any other cards." in words


def test_an_impossible_hand_is_refused_beside_the_cards(web):
    table = start_tongits(web)
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    fourteen = count(web, table, *[f"{rank}♠" for rank in ranks], "A♥")
    assert errors(fourteen) == {
        "cards-error": "14 cards are more than a hand holds here (12 between turns, one more "
        "after drawing; house rule “Seats”)"
    }
    assert errors(count(web, table, "Z♠")) == {
        "cards-error": "'Z♠' is not a card (rank then suit, like K♠)"
    }


# A meld, a sapaw


def meld(web, table: int, cards: list[str], sapaw: str = "", **kwargs) -> str:
    query = {"card": cards, "sapaw": sapaw, **kwargs.pop("query", {})}
    return text(web.get(f"/t/{table}/spread", query_string=query, **kwargs))


def test_the_spread_page_of_a_tongits_table_rules_on_melds_in_its_words(web):
    table = start_tongits(web)
    page = main(meld(web, table, ["Q♠", "Q♥", "Q♦"]))
    assert "Sapaw (laying a card off) is adding your card to a meld already face up" in page
    assert (
        "Yes. Q♠ Q♥ Q♦ is a meld (bahay): 3 of a kind. A rule of Tongits itself, the same at "
        "every table: no house rule changes it."
    ) in page
    run = main(meld(web, table, ["5♥", "6♥", "7♥"], "4♥"))
    assert "Yes. 4♥ may be laid off (sapaw) on 5♥ 6♥ 7♥: it makes the run 4♥ 5♥ 6♥ 7♥." in run


def test_a_fourth_card_on_one_s_own_three_of_a_kind_is_a_sagasa(web):
    table = start_tongits(web)
    own = main(meld(web, table, ["Q♠", "Q♥", "Q♦"], "Q♣", query={"whose": "own"}))
    assert (
        "Yes. Q♣ may be added to your Q♠ Q♥ Q♦: it makes four of a kind, a Sagasa (a four of "
        "a kind made by adding the fourth card to one's own three of a kind)."
    ) in own


def test_the_ace_rule_decides_and_is_cited_with_a_link_to_it(web):
    table = start_tongits(web)
    page = meld(web, table, ["J♥", "Q♥", "K♥"], "A♥")
    assert (
        "No. A♥ may not be laid off on J♥ Q♥ K♥: the ace is only low in runs here (A-2-3), "
        "never Q-K-A (house rule “Ace low only”). The rule that decides: Ace low only (this "
        "table's house rules)."
    ) in main(page)
    assert f'<a href="/t/{table}/rules#rule-ace_low_only">Ace low only</a>' in page
    # Not a meld on the table at all: the ace rule still decides, and is still cited.
    not_a_meld = main(meld(web, table, ["Q♥", "K♥", "A♥"], "J♥"))
    assert not_a_meld.endswith(
        "The rule that decides: Ace low only (this table's house rules). Rule on it"
    )
    set_rules(web, table, {"ace_low_only": False})
    high = main(meld(web, table, ["J♥", "Q♥", "K♥"], "A♥"))
    assert (
        "Yes. A♥ may be laid off (sapaw) on J♥ Q♥ K♥: it makes the run J♥ Q♥ K♥ A♥; the ace "
        "is high here, after the King (house rule “Ace low only”)."
    ) in high


def test_an_impossible_card_to_lay_off_is_refused_beside_its_box_keeping_the_meld(web):
    table = start_tongits(web)
    page = meld(web, table, ["Q♠", "Q♥", "Q♦"], "Z♠")
    assert error_beside(page, "sapaw") == "'Z♠' is not a card (rank then suit, like K♠)"
    assert web.fields(page, 0)["card"] == ["Q♠", "Q♥", "Q♦"]
    assert "Tap the cards of the meld." not in main(page)


def test_after_each_tap_htmx_gets_only_the_meld_ruling(web):
    table = start_tongits(web)
    page = meld(web, table, ["2♣", "3♣", "4♣", "5♣"], headers={**HX, "HX-Target": "meld-result"})
    assert page.lstrip().startswith('<div id="meld-result"')
    assert plain(page).startswith(
        "Yes. 2♣ 3♣ 4♣ 5♣ is a meld (bahay): a run of 4 in a row of one suit, an Escalera (a "
        "straight flush of four cards or more)."
    )


# May a player call a draw, fight, or are they burned (on the ask page)


def ask(web, table: int, **facts: str) -> str:
    return text(web.get(f"/t/{table}/ask", query_string={"ask": "1", **facts}))


def player_value(page: str, name: str) -> str:
    return re.search(rf'name="player" value="(\d+)"> <span>{name}</span>', page).group(1)


def answered(page: str) -> str:
    """The question asked and the referee's answer, as the page shows them."""
    found = re.search(r'<div class="card result"[^>]*>(.*?)</div>', page, flags=re.S)
    return untagged(found.group(1)) if found else ""


def test_a_sapaw_since_the_last_turn_blocks_a_draw_citing_the_rule(web):
    table = start_tongits(web)
    ben = player_value(text(web.get(f"/t/{table}/ask")), "Ben")
    facts = {"player": ben, "question": "call", "exposed_meld": "yes", "sapaw": "yes"}
    page = ask(web, table, **facts)
    assert answered(page) == (
        "May Ben call a draw now? No: an opponent has laid off (sapaw) on one of your melds "
        "since your last turn, so you wait for your next turn to call a draw (house rule "
        "“Sapaw blocks a draw”). The rule that decides: Sapaw blocks a draw (this table's "
        "house rules)."
    )
    assert f'<a href="/t/{table}/rules#rule-sapaw_blocks_draw">' in page
    set_rules(web, table, {"sapaw_blocks_draw": False})
    assert answered(ask(web, table, **facts)).startswith(
        "May Ben call a draw now? Yes, at the start of your turn before you draw: you have an "
        "exposed meld, and being laid off (sapaw) on does not stop you calling at this table"
    )


def test_a_concealed_player_may_fight_and_hears_what_each_choice_costs_here(web):
    table = start_tongits(web)
    set_rules(web, table, {"fold_pays": 3})
    carla = player_value(text(web.get(f"/t/{table}/ask")), "Carla")
    page = ask(web, table, player=carla, question="fight", exposed_meld="no", secret="yes",
               caller="no")  # fmt: skip
    assert answered(page) == (
        "May Carla fight the draw? Yes: you are concealed (no exposed meld, but a Secret in "
        "hand). Fight or fold: folding costs 3 chips, losing the fight costs 2 chips (house "
        "rules “Folding pays” and “Losing a fight pays”). The rules that decide: Folding pays, "
        "Losing a fight pays (this table's house rules)."
    )


def test_a_player_with_no_meld_and_no_secret_is_burned_by_the_game_s_own_rule(web):
    table = start_tongits(web)
    anna = player_value(text(web.get(f"/t/{table}/ask")), "Anna")
    page = ask(web, table, player=anna, question="burned", exposed_meld="no", secret="no")
    assert answered(page) == (
        "Is Anna burned? Yes: no exposed meld and no Secret in hand, so burned (sunog); laying "
        "off (sapaw) on others' melds does not save a player. A rule of Tongits itself, the "
        "same at every table: no house rule changes it."
    )


def test_missing_answers_are_marked_beside_their_question_keeping_what_was_tapped(web):
    table = start_tongits(web)
    page = ask(web, table, question="call", exposed_meld="no")
    assert errors(page) == {
        "player-error": "Choose who is asking: Anna, Ben or Carla.",
        "secret-error": "Choose yes or no: does this player hold a Secret in hand?",
    }
    assert error_beside(page, "player") and error_beside(page, "secret")
    fields = web.fields(page, 0)
    assert (fields["question"], fields["exposed_meld"]) == ("call", "no")
    assert answered(page) == ""
    ben = player_value(page, "Ben")
    nothing = ask(web, table, player=ben)
    assert errors(nothing) == {
        "question-error": "Choose a question: calling a draw, fighting one, or burned.",
        "exposed_meld-error": "Choose yes or no: does Ben have an exposed meld?",
    }


def test_a_caller_with_no_exposed_meld_is_refused_beside_the_caller_question(web):
    table = start_tongits(web)
    ben = player_value(text(web.get(f"/t/{table}/ask")), "Ben")
    page = ask(web, table, player=ben, question="fight", exposed_meld="no", secret="no",
               caller="yes")  # fmt: skip
    assert error_beside(page, "caller") == (
        "Ben: the caller of a draw has an exposed meld (calling needs one), and this player "
        "has none"
    )
    assert answered(page) == ""


def test_the_ask_page_answers_section_5_from_the_table_s_rules(web):
    table = start_tongits(web)
    set_rules(web, table, {"next_dealer": "rotate"})
    page = text(web.get(f"/t/{table}/ask"))
    answers = dict(
        (plain(q), plain(a))
        for q, a in re.findall(r"<dt>(.*?)</dt>\s*<dd>(.*?)</dd>", page, flags=re.S)
    )
    assert answers["How much does a card count?"] == (
        "The ace counts 1, 2 to 10 their face value, the jack, queen and king 10. Melds (bahay) "
        "kept in hand count nothing (house rules “Card values” and “Melds in hand count”)."
    )
    assert answers["Who deals next?"].startswith("The player after the dealer")
    assert "May I call a draw now?" in answers


# Joker mode (tongits.md 6.6): the counter, the meld page and the ask page

WITHOUT_JOKERS = (
    "a joker is not a card here: this table does not play Joker mode (house rule “Jokers”)"
)


def joker_boxes(page: str) -> list[bool]:
    """Whether each Joker box of the picker is ticked, in the order shown."""
    return [bool(checked) for checked in re.findall(r'value="Joker"( checked)?>', page)]


@pytest.mark.parametrize(
    ("points", "total", "words"),
    [
        (0, 10, "10 points: K♠ 10 + Joker 0 (house rule “A joker in hand counts”)."),
        (3, 13, "13 points: K♠ 10 + Joker 3 (house rule “A joker in hand counts”)."),
    ],
)
def test_the_counter_has_the_two_jokers_counting_joker_points(web, points, total, words):
    table = start_tongits(web)
    set_rules(web, table, {"jokers": 2, "joker_points": points})
    page = count(web, table, "K♠", "Joker")
    assert words in main(page)
    assert "Tap each card in the hand (54-card deck: the 52 and 2 jokers, shown as Joker)." in (
        main(page)
    )
    assert joker_boxes(page) == [True, False]
    both = count(web, table, "Joker", "jk")  # typed in any case, JK or Joker
    assert f"{2 * points} points: Joker {points} + Joker {points}" in main(both)
    assert joker_boxes(both) == [True, True]
    assert errors(count(web, table, "Joker", "Joker", "Joker")) == {
        "cards-error": "3 jokers, and the deck has only 2 (house rule “Jokers”)"
    }


def test_without_joker_mode_the_counter_has_no_joker_and_refuses_one(web):
    table = start_tongits(web)
    page = count(web, table, "K♠")
    assert joker_boxes(page) == []
    assert "Tap each card in the hand (52-card deck)." in main(page)
    assert "The deck has 52 cards, without jokers." in main(page)
    assert errors(count(web, table, "K♠", "Joker")) == {"cards-error": WITHOUT_JOKERS}


def test_the_meld_page_names_the_card_each_joker_stands_for(web):
    table = start_tongits(web)
    set_rules(web, table, {"jokers": 2})
    page = meld(web, table, ["5♥", "Joker", "7♥", "8♥"])
    assert (
        "Yes. 5♥ Joker 7♥ 8♥ is a meld (bahay): a run of 4 in a row of one suit, an Escalera (a "
        "straight flush of four cards or more); the joker stands for the 6♥."
    ) in main(page)
    assert "A joker (the last two boxes, marked Joker) stands for any one card" in main(page)
    # One choice lays off a joker, whichever of the two it is.
    assert page.count('<option value="Joker"') == 1
    four = main(meld(web, table, ["Q♠", "Q♥", "Q♦", "Joker"]))
    assert (
        "Yes. Q♠ Q♥ Q♦ Joker is a meld (bahay): 4 of a kind with a joker, an ordinary meld, not "
        "a Secret (a four of a kind laid down all at once or kept in hand); the joker stands "
        "for the Q♣."
    ) in four
    laid = main(meld(web, table, ["5♥", "6♥", "7♥"], "Joker"))
    assert (
        "Yes. Joker may be laid off (sapaw) on 5♥ 6♥ 7♥: it makes the run 5♥ 6♥ 7♥ Joker; the "
        "joker stands for the 8♥ (or, laid at the low end, for the 4♥)."
    ) in laid


def test_without_joker_mode_the_meld_page_refuses_a_joker_beside_its_box(web):
    table = start_tongits(web)
    page = meld(web, table, ["5♥", "6♥", "7♥"], "Joker")
    assert error_beside(page, "sapaw") == WITHOUT_JOKERS
    assert errors(meld(web, table, ["5♥", "6♥", "Joker"])) == {"cards-error": WITHOUT_JOKERS}
    assert '<option value="Joker"' not in page


def ask_answers(web, table: int) -> dict[str, str]:
    page = text(web.get(f"/t/{table}/ask"))
    return dict(
        (plain(q), plain(a))
        for q, a in re.findall(r"<dt>(.*?)</dt>\s*<dd>(.*?)</dd>", page, flags=re.S)
    )


def test_the_ask_page_answers_the_version_2_questions_from_the_table_s_rules(web):
    table = start_tongits(web)
    answers = ask_answers(web, table)
    assert answers["Does my joker count?"] == (
        "There are no jokers at this table: it does not play Joker mode, so the deck has its 52 "
        "cards and a joker is not a card here (house rule “Jokers”)."
    )
    assert answers["Who pays whom at a draw here?"].startswith(
        "Every loser pays the winner. Who folded pays 1 chip, or 2 chips when burned (sunog); "
        "who fought and lost pays 2 chips, and so does the caller when a fighter wins. Nobody "
        "pays for points"
    )
    assert answers["What does a run pay?"] == (
        "The pot (every ante in it since it was last taken) goes to a player who wins 2 games "
        "in a row, and again on every further win of that run. Winning again pays no run bonus "
        "here (house rules “Wins in a row to take the pot” and “Every win of a run pays”)."
    )
    set_rules(
        web,
        table,
        {
            "jokers": 2,
            "joker_points": 5,
            "draw_pays": "caller",
            "point_pays": 1,
            "point_pays_on": "total",
            "jackpot_wins": 1,
            "run_bonus": 2,
        },
    )
    answers = ask_answers(web, table)
    assert answers["Does my joker count?"] == (
        "Yes: a joker left in your hand counts 5 points toward your total. In a meld it stands "
        "for any one card the meld needs; it never counts as a king or an ace. Holding a joker "
        "earns no bonus here (house rules “Jokers”, “A joker in hand counts” and “Joker "
        "bonus”)."
    )
    assert answers["Who pays whom at a draw here?"].startswith(
        "Every payment runs between the caller and one other player. Who folded pays the caller "
        "1 chip, or 2 chips when burned (sunog);"
    )
    assert (
        "The loser of each pair also pays the other 1 chip for each point of their own total; "
        "who folded pays no points"
    ) in answers["Who pays whom at a draw here?"]
    assert answers["What does a run pay?"] == (
        "Every win takes the pot (every ante in it since it was last taken), whether or not it "
        "is a run. From the second win in a row on, each loser also pays the winner 2 chips on "
        "every win (house rules “Wins in a row to take the pot” and “Every win of a run pays”)."
    )


# Navigation, and each game's pages at the other's tables


def referee_tabs(page: str) -> list[str]:
    nav = re.search(r'<nav aria-label="Referee"[^>]*>(.*?)</nav>', page, flags=re.S).group(1)
    return [plain(link) for link in re.findall(r"<a [^>]*>(.*?)</a>", nav)]


def test_each_game_s_table_shows_its_own_referee_tabs(web):
    tongits, tonk = start_tongits(web), start_table(web)
    assert referee_tabs(text(web.get(f"/t/{tongits}/rules"))) == [
        "Count a hand",
        "Meld or lay off",
        "Ask: draw, fight",
    ]
    assert referee_tabs(text(web.get(f"/t/{tonk}/rules"))) == [
        "Count a hand",
        "Spread or hit",
        "Ask",
    ]
    # The Tonk table's spread page is still Tonk's.
    assert "Is it a spread? May it be hit?" in text(web.get(f"/t/{tonk}/spread"))


def test_the_tonk_turn_panel_is_not_found_at_a_tongits_table(web):
    table = start_tongits(web)
    tapped = web.post(
        f"/t/{table}/turns/", {"mark": "next", "seen": "0"}, page=f"/t/{table}/rules/edit"
    )
    assert tapped.status_code == 404


@pytest.mark.parametrize("path", ["/rules", "/rules/edit", "/ask", "/count", "/spread"])
def test_every_referee_page_of_a_tongits_table_opens_for_its_scorekeeper(web, path):
    table = start_tongits(web)
    assert web.get(f"/t/{table}{path}").status_code == 200
