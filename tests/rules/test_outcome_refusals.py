"""Every refusal of parse_outcome and check_outcome, literally: the message, its field, its player.

The field and player are where a form shows the message, so both are pinned with the words.
"""

import pytest

from referee.rules import Refusal
from referee.rules.tonk import parse_outcome, rules_from
from referee.scoring.tonk import settle

REFUSALS = (
    (
        None,
        "Anna",
        {"kind": "out", "player": "Anna"},
        "players: list the players' names in seating order",
        "players",
        None,
    ),
    (
        None,
        ["Anna"],
        {"kind": "out", "player": "Anna"},
        "players: a table has 2 to 6 players, not 1",
        "players",
        None,
    ),
    (
        None,
        ["Anna", "anna"],
        {"kind": "out", "player": "Anna"},
        "players: two players are called 'anna'; give each a name the table can tell apart",
        "players",
        "anna",
    ),
    (
        None,
        ["Anna", ""],
        {"kind": "out", "player": "Anna"},
        "players: every player needs a name",
        "players",
        None,
    ),
    (
        None,
        ["Anna", " Ben"],
        {"kind": "out", "player": "Anna"},
        "players: ' Ben' is not a usable name; use up to 40 letters, digits or spaces, with no "
        "space at either end",
        "players",
        " Ben",
    ),
    (
        None,
        ["Anna", "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"],
        {"kind": "out", "player": "Anna"},
        "players: 'BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB' is not a usable name; use up to 40 "
        "letters, digits or spaces, with no space at either end",
        "players",
        "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
    ),
    (
        None,
        ["Anna", "Be\nn"],
        {"kind": "out", "player": "Anna"},
        "players: 'Be\\nn' is not a usable name; use up to 40 letters, digits or spaces, with no "
        "space at either end",
        "players",
        "Be\nn",
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "out", "player": "Zedzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"},
        "player: 'Zedzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz' is not at this table (players: Anna, "
        "Ben and Carla)",
        "player",
        "Zedzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "stock_out", "last_draw": "Zed", "totals": {"Anna": 3, "Ben": 4, "Carla": 5}},
        "last_draw: 'Zed' is not at this table (players: Anna, Ben and Carla)",
        "last_draw",
        "Zed",
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "drop", "player": "Anna", "totals": {"Anna": 3, "Ben": 4, "Zed": 5}},
        "totals: 'Zed' is not at this table (players: Anna, Ben and Carla)",
        "totals",
        "Zed",
    ),
    (
        {"deal_tonks": []},
        ["Anna", "Ben", "Carla"],
        {"kind": "deal_tonk", "totals": {"Anna": 49}},
        "kind: tonk on the deal is not played at this table (house rule “Tonk on the deal” "
        "is empty)",
        "kind",
        None,
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "deal_tonk", "totals": {}},
        "totals: give the dealt total of each player who shows a tonk",
        "totals",
        None,
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "deal_tonk", "totals": {"Anna": 51}},
        "Anna: 51 cannot be dealt; 5 cards of a 52-card deck make 6 to 50",
        "totals",
        "Anna",
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "deal_tonk", "totals": {"Anna": 5}},
        "Anna: 5 cannot be dealt; 5 cards of a 52-card deck make 6 to 50",
        "totals",
        "Anna",
    ),
    (
        {"deck": "40"},
        ["Anna", "Ben", "Carla"],
        {"kind": "deal_tonk", "totals": {"Anna": 49}},
        "Anna: 49 cannot be dealt; 5 cards of a 40-card deck (no 8, 9 or 10) never make 49",
        "totals",
        "Anna",
    ),
    (
        {"deal_tonks": [{"max": 50, "min": 40, "pays": 2}], "deck": "40"},
        ["Anna", "Ben", "Carla"],
        {"kind": "deal_tonk", "totals": {"Anna": 48}},
        "Anna: 48 cannot be dealt; 5 cards of a 40-card deck (no 8, 9 or 10) never make 48",
        "totals",
        "Anna",
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "deal_tonk", "totals": {"Anna": 48}},
        "Anna: 48 is not a tonk here; tonk on the deal is 49 or 50 (house rule “Tonk on the deal”)",
        "totals",
        "Anna",
    ),
    (
        {"scoring": "points"},
        ["Anna", "Ben", "Carla"],
        {"kind": "deal_tonk", "totals": {"Anna": 30, "Ben": 20}},
        "totals: Carla's total is missing; a tonk on the deal in points mode needs everyone's"
        " total",
        "totals",
        "Carla",
    ),
    (
        {"scoring": "points"},
        ["Anna", "Ben", "Carla"],
        {"kind": "deal_tonk", "totals": {"Anna": 30, "Ben": 20, "Carla": 21}},
        "totals: nobody's dealt total is a tonk here; tonk on the deal is 49 or 50 (house rule "
        "“Tonk on the deal”)",
        "totals",
        None,
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "drop", "player": "Anna", "totals": {"Anna": 3, "Ben": 4}},
        "totals: Carla's total is missing; a drop needs everyone's total",
        "totals",
        "Carla",
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "stock_out", "totals": {"Anna": 3, "Ben": 4}},
        "totals: Carla's total is missing; a stock ran out needs everyone's total",
        "totals",
        "Carla",
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "drop", "player": "Anna", "totals": {"Anna": 0, "Ben": 4, "Carla": 5}},
        "Anna: a total of 0 cannot be; holding at most 5 cards, a player has 1 to 50 points (a "
        "player with no cards has gone out)",
        "totals",
        "Anna",
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "drop", "player": "Anna", "totals": {"Anna": 51, "Ben": 4, "Carla": 5}},
        "Anna: a total of 51 cannot be; holding at most 5 cards, a player has 1 to 50 points (a "
        "player with no cards has gone out)",
        "totals",
        "Anna",
    ),
    (
        {"drop_when": "any_time"},
        ["Anna", "Ben", "Carla"],
        {"kind": "drop", "player": "Anna", "totals": {"Anna": 61, "Ben": 4, "Carla": 5}},
        "Anna: a total of 61 cannot be; holding at most 6 cards, a player has 1 to 60 points (a "
        "player with no cards has gone out)",
        "totals",
        "Anna",
    ),
    (
        {"drop_when": "any_time"},
        ["Anna", "Ben", "Carla"],
        {"kind": "drop", "player": "Anna", "totals": {"Anna": 60, "Ben": 51, "Carla": 5}},
        "Ben: a total of 51 cannot be; holding at most 5 cards, a player has 1 to 50 points (a "
        "player with no cards has gone out)",
        "totals",
        "Ben",
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "out", "player": "Anna", "totals": {"Ben": 3}},
        "totals: an out by discarding is paid in stakes; totals are only asked in points mode"
        " (house rule “Scoring”)",
        "totals",
        None,
    ),
    (
        {"scoring": "points"},
        ["Anna", "Ben", "Carla"],
        {"kind": "out", "player": "Anna", "totals": {"Anna": 2, "Ben": 3, "Carla": 4}},
        "Anna: went out, so holds no cards; leave their total out or give 0",
        "totals",
        "Anna",
    ),
    (
        {"scoring": "points"},
        ["Anna", "Ben", "Carla"],
        {"kind": "out", "player": "Anna", "totals": {"Ben": 3}},
        "totals: Carla's total is missing; in points mode every player still holding cards scores "
        "their total (house rule “Scoring”)",
        "totals",
        "Carla",
    ),
    (
        {"scoring": "points"},
        ["Anna", "Ben", "Carla"],
        {"kind": "out", "player": "Anna", "totals": {"Ben": 3, "Carla": 51}},
        "Carla: a total of 51 cannot be; holding at most 5 cards, a player has 1 to 50 points (a "
        "player with no cards has gone out)",
        "totals",
        "Carla",
    ),
    (
        {"scoring": "points"},
        ["Anna", "Ben", "Carla"],
        {"kind": "double_double", "player": "Anna", "totals": {}},
        "totals: Ben's total is missing; in points mode every player still holding cards scores "
        "their total (house rule “Scoring”)",
        "totals",
        "Ben",
    ),
    (
        {"scoring": "points"},
        ["Anna", "Ben", "Carla"],
        {"kind": "double_double", "player": "Anna", "totals": {"Ben": 3}},
        "kind: double-double is not played at this table (house rule “Double-double pays” is not"
        " set)",
        "kind",
        None,
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "double_double", "player": "Anna"},
        "kind: double-double is not played at this table (house rule “Double-double pays” is not"
        " set)",
        "kind",
        None,
    ),
    (
        {"tonk_out_six_pays": 3},
        ["Anna", "Ben", "Carla"],
        {"kind": "tonk_out", "player": "Anna"},
        "spread_six: say whether Anna laid six cards as new spreads in the last turn; house rule "
        "tonk_out_six_pays depends on it",
        "spread_six",
        "Anna",
    ),
    (
        {"tonk_out_needs_six": True},
        ["Anna", "Ben", "Carla"],
        {"kind": "tonk_out", "player": "Anna"},
        "spread_six: say whether Anna laid six cards as new spreads in the last turn; house rule "
        "tonk_out_needs_six depends on it",
        "spread_six",
        "Anna",
    ),
    (
        {"stock_out_tie": "last_draw"},
        ["Anna", "Ben", "Carla"],
        {"kind": "stock_out", "totals": {"Anna": 3, "Ben": 3, "Carla": 5}},
        "last_draw: Anna and Ben tie for the lowest total (3); the house rule is that the "
        "one who drew the last stock card wins: say who did",
        "last_draw",
        None,
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        [],
        "outcome: say how the hand ended, as an object with a kind",
        "outcome",
        None,
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {
            "kind": "out",
            "player": "Anna",
            "who": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        },
        "outcome: there is no field 'who'; an outcome has kind, player, totals, spread_six, "
        "last_draw",
        "outcome",
        None,
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "out", "player": "Anna", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx": 1},
        "outcome: there is no field 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'; an outcome has "
        "kind, player, totals, spread_six, last_draw",
        "outcome",
        None,
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "tonk"},
        "kind: 'tonk' is not a way a hand ends; choose deal_tonk, tonk_out, double_double, out, "
        "drop, stock_out",
        "kind",
        None,
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
        "kind: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' is not a way a hand ends; choose "
        "deal_tonk, tonk_out, double_double, out, drop, stock_out",
        "kind",
        None,
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "drop", "player": "Anna", "totals": [1, 2]},
        "totals: give each player's total as name: points",
        "totals",
        None,
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {
            "kind": "drop",
            "player": "Anna",
            "totals": {"yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy": True},
        },
        "totals: yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy's total must be a whole number of points",
        "totals",
        "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy",
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "drop", "player": "Anna", "totals": {"Ben": 1.5}},
        "totals: Ben's total must be a whole number of points",
        "totals",
        "Ben",
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "drop", "player": 7},
        "player: give a player's name",
        "player",
        None,
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "stock_out", "last_draw": None, "totals": {}},
        "last_draw: give a player's name",
        "last_draw",
        None,
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "tonk_out", "player": "Anna", "spread_six": "yes"},
        "spread_six: answer true or false",
        "spread_six",
        None,
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "deal_tonk", "player": "Anna"},
        "player: a tonk on the deal has no single player; leave player out",
        "player",
        None,
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "stock_out", "player": "Anna"},
        "player: a stock ran out has no single player; leave player out",
        "player",
        None,
    ),
    (None, ["Anna", "Ben", "Carla"], {"kind": "drop"}, "player: say who dropped", "player", None),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "double_double"},
        "player: say who went out second",
        "player",
        None,
    ),
    (None, ["Anna", "Ben", "Carla"], {"kind": "out"}, "player: say who went out", "player", None),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "out", "last_draw": "Ben", "player": "Anna"},
        "last_draw: only asked when the stock ran out",
        "last_draw",
        None,
    ),
    (
        None,
        ["Anna", "Ben", "Carla"],
        {"kind": "out", "player": "Anna", "spread_six": True},
        "spread_six: only asked for a tonk out",
        "spread_six",
        None,
    ),
)


@pytest.mark.parametrize(("rules", "players", "outcome", "message", "field", "player"), REFUSALS)
def test_a_hand_that_cannot_be_is_refused_with_these_words_on_this_field(
    rules, players, outcome, message, field, player
):
    with pytest.raises(Refusal) as refused:
        settle(rules_from("classic", rules), players, parse_outcome(outcome))
    assert (refused.value.message, refused.value.field, refused.value.player) == (
        message,
        field,
        player,
    )
