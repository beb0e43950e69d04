"""Every refusal of tongits.md 2.10 and 2.2 to 2.5: the field, the player and the rule named.

Each row is a game that cannot be, the field and player the refusal must name, and the
words that say which rule refuses it.
"""

from decimal import Decimal

import pytest

from referee.games.request import settle_request
from referee.rules import Refusal
from tests.tongits_helpers import ABC, ABCD

DRAW = {"kind": "draw", "caller": "Ben"}
FOUGHT = {**DRAW, "fought": ["Anna"], "totals": {"Ben": 6, "Anna": 11}}
STOCK = {"kind": "stock_out", "totals": {"Anna": 4, "Ben": 9, "Carla": 5}}


def request(outcome, *, players=ABC, state=None, rules=None, preset=None):
    sent = {"game": "tongits", "players": players, "outcome": outcome}
    if state is not None:
        sent["state"] = state
    if rules is not None:
        sent["rules"] = rules
    if preset is not None:
        sent["preset"] = preset
    return sent


# fmt: off
CASES = [
    # 2.10: players
    ("two players", request(DRAW, players=["Anna", "Ben"]), "players", None,
     "players: Tongits is played by 3 (four only with house rule “Seats” at 4), not 2"),
    ("four without seats 4", request(DRAW, players=ABCD), "players", None,
     "players: Tongits is played by 3"),
    ("three with seats 4", request(DRAW, rules={"seats": 4}), "players", None,
     "players: Tongits is played by 4, not 3"),
    ("the same name twice", request(DRAW, players=["Anna", "Ben", "anna"]), "players", "anna",
     "players: two players are called 'anna'"),
    ("a blank name", request(DRAW, players=["Anna", "Ben", " "]), "players", None,
     "players: every player needs a name"),
    ("players not a list", request(DRAW, players="Anna, Ben"), "players", None,
     "players: list the players' names in the order of play"),
    # 2.10: names in the outcome and the state
    ("a stranger calls", request({**DRAW, "caller": "Zed"}), "caller", "Zed",
     "caller: 'Zed' is not at this table (players: Anna, Ben and Carla)"),
    ("a stranger is burned", request({**DRAW, "burned": ["Zed"]}), "burned", "Zed",
     "burned: 'Zed' is not at this table"),
    ("a stranger is concealed", request({**DRAW, "concealed": ["Zed"]}), "concealed", "Zed",
     "concealed: 'Zed' is not at this table"),
    ("a stranger fought", request({**DRAW, "fought": ["Zed"]}), "fought", "Zed",
     "fought: 'Zed' is not at this table"),
    ("a stranger's total", request({**STOCK, "totals": {**STOCK["totals"], "Zed": 3}}),
     "totals", "Zed", "totals: 'Zed' is not at this table"),
    ("a stranger's bonus", request({**DRAW, "bonuses": {"Zed": {"secret": 1}}}),
     "bonuses", "Zed", "bonuses: 'Zed' is not at this table"),
    ("a stranger took the last card", request({**STOCK, "last_card": "Zed"}),
     "last_card", "Zed", "last_card: 'Zed' is not at this table"),
    ("a stranger went tong-its", request({"kind": "tongits", "player": "Zed"}),
     "player", "Zed", "player: 'Zed' is not at this table"),
    ("a stranger in the pot", request(DRAW, state={"pot": {"Zed": 1}}), "state.pot", "Zed",
     "state.pot: 'Zed' is not at this table"),
    ("a stranger's streak", request(DRAW, state={"streak": {"player": "Zed", "wins": 1}}),
     "state.streak.player", "Zed", "state.streak.player: 'Zed' is not at this table"),
    ("a stranger dealt", request(DRAW, state={"dealer": "Zed"}), "state.dealer", "Zed",
     "state.dealer: 'Zed' is not at this table"),
    # 2.10: lists name a player once; burned or concealed, not both
    ("burned twice", request({**DRAW, "burned": ["Carla", "Carla"]}), "burned", "Carla",
     "burned: Carla is listed twice; name each player once"),
    ("concealed twice", request({**DRAW, "concealed": ["Anna", "Anna"]}), "concealed", "Anna",
     "concealed: Anna is listed twice"),
    ("fought twice", request({**FOUGHT, "fought": ["Anna", "Anna"]}), "fought", "Anna",
     "fought: Anna is listed twice"),
    ("burned and concealed", request({**DRAW, "burned": ["Anna"], "concealed": ["Anna"]}),
     "concealed", "Anna",
     "concealed: Anna is listed as burned and as concealed; a concealed player holds a Secret"),
    # 2.10: keys each kind defines
    ("a draw has no player", request({**DRAW, "player": "Ben"}), "outcome", None,
     "outcome: a draw has no field 'player'; it has kind, caller, fought, totals, "
     "sapaw_on_caller, burned, concealed, bonuses"),
    ("a tong-its has no totals", request({"kind": "tongits", "player": "Ben", "totals": {}}),
     "outcome", None, "outcome: a tong-its has no field 'totals'"),
    ("a stock-out has no caller", request({**STOCK, "caller": "Ben"}), "outcome", None,
     "outcome: a stock ran out has no field 'caller'"),
    ("Tonk's last_draw", request({**STOCK, "last_draw": "Ben"}), "outcome", None,
     "outcome: a stock ran out has no field 'last_draw'"),
    ("a state key", request(DRAW, state={"pot": {}, "jackpot": 3}), "state", None,
     "state: there is no field 'jackpot'; a state has pot, streak, dealer"),
    ("a request key", {**request(DRAW), "pot": {}}, "pot", None,
     "request: there is no field 'pot'; a request has game, preset, rules, players, state, "
     "outcome"),
    ("an unknown kind", request({"kind": "drop", "player": "Ben"}), "kind", None,
     "kind: 'drop' is not a way a game of Tongits ends; choose tongits, draw, stock_out, "
     "bisaklat"),
    ("no caller", request({"kind": "draw"}), "caller", None,
     "caller: say who called the draw, by name"),
    ("no tong-its player", request({"kind": "tongits"}), "player", None,
     "player: say who went tong-its, by name"),
    ("sapaw not a flag", request({**DRAW, "sapaw_on_caller": "no"}), "sapaw_on_caller", None,
     "sapaw_on_caller: answer true or false"),
    # 2.10: totals
    ("a fractional total", request({**STOCK, "totals": {**STOCK["totals"], "Ben": 9.5}}),
     "totals", "Ben", "totals: Ben's total must be a whole number of points"),
    ("a total as text", request({**STOCK, "totals": {**STOCK["totals"], "Ben": "9"}}),
     "totals", "Ben", "totals: Ben's total must be a whole number of points"),
    ("a negative total", request({**STOCK, "totals": {**STOCK["totals"], "Ben": -1}}),
     "totals", "Ben",
     "totals: Ben's total of -1 cannot be; holding at most 12 cards of at most 10 points, "
     "a player has 0 to 120"),
    ("121 without the last card", request({**STOCK, "totals": {**STOCK["totals"], "Ben": 121}}),
     "totals", "Ben", "totals: Ben's total of 121 cannot be"),
    ("131 with the last card",
     request({**STOCK, "totals": {**STOCK["totals"], "Ben": 131}, "last_card": "Ben"}),
     "totals", "Ben",
     "totals: Ben's total of 131 cannot be; holding at most 13 cards of at most 10 points, "
     "a player has 0 to 130"),
    ("111 at four seats",
     request({"kind": "stock_out", "totals": {"Anna": 4, "Ben": 111, "Carla": 5, "Dan": 6}},
             players=ABCD, rules={"seats": 4}),
     "totals", "Ben", "totals: Ben's total of 111 cannot be; holding at most 11 cards of at "
     "most 10 points, a player has 0 to 110"),
    ("the caller holds no extra card", request({**FOUGHT, "totals": {"Ben": 121, "Anna": 3}}),
     "totals", "Ben", "totals: Ben's total of 121 cannot be"),
    # 2.10: bonuses
    ("a fractional secret", request({**DRAW, "bonuses": {"Ben": {"secret": 0.5}}}),
     "bonuses.secret", "Ben",
     "bonuses.secret: Ben's secret count must be a whole number, 0 or more"),
    ("a negative ace count", request({**DRAW, "bonuses": {"Ben": {"aces": -1}}}),
     "bonuses.aces", "Ben", "bonuses.aces: Ben's aces count must be a whole number, 0 or more"),
    ("an unknown bonus", request({**DRAW, "bonuses": {"Ben": {"sagasa": 1}}}),
     "bonuses", "Ben", 'bonuses: give what each player held as name: {"secret": n'),
    ("four four-card melds", request({**DRAW, "bonuses": {"Ben": {"secret": 2, "escalera": 2}}}),
     "bonuses.secret", "Ben",
     "bonuses.secret: Ben cannot hold 4 Secrets and Escaleras; each takes four cards, so 3 at "
     "most"),
    ("five aces", request({**DRAW, "bonuses": {"Ben": {"aces": 5}}}), "bonuses.aces", "Ben",
     "bonuses.aces: Ben cannot hold 5 aces; the deck has 4"),
    ("five aces between two", request({**DRAW, "bonuses": {"Ben": {"aces": 3},
                                                           "Anna": {"aces": 2}}}),
     "bonuses.aces", None,
     "bonuses.aces: 5 aces are counted between the players; the deck has 4"),
    # 6.8: kings and jokers
    ("five kings", request({**DRAW, "bonuses": {"Ben": {"kings": 5}}}), "bonuses.kings", "Ben",
     "bonuses.kings: Ben cannot hold 5 kings; the deck has 4"),
    ("five kings between two", request({**DRAW, "bonuses": {"Ben": {"kings": 3},
                                                            "Anna": {"kings": 2}}}),
     "bonuses.kings", None,
     "bonuses.kings: 5 kings are counted between the players; the deck has 4"),
    ("a fractional king count", request({**DRAW, "bonuses": {"Ben": {"kings": 1.5}}}),
     "bonuses.kings", "Ben",
     "bonuses.kings: Ben's kings count must be a whole number, 0 or more"),
    ("a joker without Joker mode", request({**DRAW, "bonuses": {"Ben": {"jokers": 1}}}),
     "bonuses.jokers", "Ben",
     "bonuses.jokers: Ben cannot hold a joker; this table plays without jokers (house rule "
     "“Jokers”)"),
    ("three jokers", request({**DRAW, "bonuses": {"Ben": {"jokers": 3}}}, preset="joker"),
     "bonuses.jokers", "Ben", "bonuses.jokers: Ben cannot hold 3 jokers; the deck has 2"),
    ("three jokers between two",
     request({**DRAW, "bonuses": {"Ben": {"jokers": 2}, "Carla": {"jokers": 1}}},
             preset="joker"),
     "bonuses.jokers", None,
     "bonuses.jokers: 3 jokers are counted between the players; the deck has 2"),
    ("a fractional joker count",
     request({**DRAW, "bonuses": {"Ben": {"jokers": 0.5}}}, preset="joker"),
     "bonuses.jokers", "Ben",
     "bonuses.jokers: Ben's jokers count must be a whole number, 0 or more"),
    # 2.10: the state
    ("a negative share", request(DRAW, state={"pot": {"Anna": -1}}), "state.pot", "Anna",
     "state.pot: Anna's share of the pot must be an amount from 0 to 1,000,000,000,000, "
     "with at most 2 decimals"),
    ("a share with three decimals", request(DRAW, state={"pot": {"Anna": Decimal("0.125")}}),
     "state.pot", "Anna", "state.pot: Anna's share of the pot must be an amount"),
    ("a share as a float", request(DRAW, state={"pot": {"Anna": 0.5}}), "state.pot", "Anna",
     "state.pot: Anna's share of the pot must be an amount"),
    ("no wins", request(DRAW, state={"streak": {"player": "Ben", "wins": 0}}),
     "state.streak.wins", "Ben",
     "state.streak.wins: the games won in a row must be a whole number from 1 to 1,000 (the "
     "most games a night holds)"),
    ("more wins than a night holds",
     request(DRAW, state={"streak": {"player": "Ben", "wins": 1001}}), "state.streak.wins", "Ben",
     "state.streak.wins: the games won in a row must be a whole number from 1 to 1,000"),
    ("wins as a fraction", request(DRAW, state={"streak": {"player": "Ben", "wins": 1.5}}),
     "state.streak.wins", "Ben", "state.streak.wins: the games won in a row"),
    ("a streak without wins", request(DRAW, state={"streak": {"player": "Ben"}}),
     "state.streak", None, 'state.streak: give the streak as {"player": name, "wins": n}'),
    ("a dealer by number", request(DRAW, state={"dealer": 2}), "state.dealer", None,
     "state.dealer: give a player's name, or null"),
    ("a pot as a list", request(DRAW, state={"pot": [1, 1, 1]}), "state.pot", None,
     "state.pot: give each player's chips in the pot as name: amount"),
    ("a pot by seat number", request(DRAW, state={"pot": {1: 1}}), "state.pot", None,
     "state.pot: give each player's chips in the pot as name: amount"),
    ("a streak of nobody", request(DRAW, state={"streak": {"player": None, "wins": 1}}),
     "state.streak.player", None, "state.streak.player: say who is on the winning run"),
    ("a streak's player by number", request(DRAW, state={"streak": {"player": 1, "wins": 1}}),
     "state.streak.player", None, "state.streak.player: give a player's name, or null"),
    ("a streak as a list", request(DRAW, state={"streak": ["Ben", 2]}), "state.streak", None,
     'state.streak: give the streak as {"player": name, "wins": n}, or null before anyone '
     "has won"),
    ("a state as a list", request(DRAW, state=["pot"]), "state", None,
     "state: give what earlier games left as an object with pot, streak and dealer"),
    ("a state with more", request(DRAW, state={"pots": {}}), "state", None,
     "state: there is no field 'pots'; a state has pot, streak, dealer"),
    # 2.10: options
    ("a Tonk option", request(DRAW, rules={"caught_pays": 2}), "caught_pays", None,
     "rules: caught_pays is a house rule of Tonk, not of Tongits"),
    ("an unknown option", request(DRAW, rules={"antes": 1}), "antes", None,
     "rules: there is no house rule called 'antes'; did you mean ante?"),
    ("an option out of range", request(DRAW, rules={"burned_factor": 4}), "burned_factor", None,
     "House rule burned_factor: 4 is not allowed; allowed: 1, 2 or 3"),
    ("a Tonk preset", request(DRAW, preset="classic"), "preset", None,
     "preset: there is no preset 'classic'; choose tongits, three-hits, 1-3-5, joker"),
    # 2.2 tong-its
    ("a burned tong-its", request({"kind": "tongits", "player": "Ben", "burned": ["Ben"]}),
     "player", "Ben",
     "player: Ben went tong-its, laying out every card, so has exposed melds and cannot be "
     "burned"),
    ("a concealed tong-its",
     request({"kind": "tongits", "player": "Ben", "concealed": ["Ben"]}), "player", "Ben",
     "player: Ben went tong-its, laying out every card, so has exposed melds and cannot be "
     "concealed"),
    # 2.3 bisaklat
    ("a burned player at a bisaklat",
     request({"kind": "bisaklat", "player": "Ben", "burned": ["Carla"]}), "burned", "Carla",
     "burned: nobody is burned in a bisaklat; the game ends before anyone's first turn, so "
     "leave Carla out"),
    ("a concealed player at a bisaklat",
     request({"kind": "bisaklat", "player": "Ben", "concealed": ["Anna"]}), "concealed",
     "Anna", "concealed: nobody is concealed in a bisaklat"),
    # 2.4 draw
    ("a burned caller", request({**DRAW, "burned": ["Ben"]}), "caller", "Ben",
     "caller: Ben is burned and cannot call a draw; calling a draw needs an exposed meld"),
    ("a concealed caller", request({**DRAW, "concealed": ["Ben"]}), "caller", "Ben",
     "caller: Ben has no exposed meld (a Secret held in hand is not enough to call) and "
     "cannot call a draw; a concealed player may only fight"),
    ("sapaw on the caller", request({**DRAW, "sapaw_on_caller": True}), "sapaw_on_caller",
     "Ben",
     "sapaw_on_caller: an opponent laid off on Ben's meld since Ben's last turn, so Ben must "
     "wait for their next turn to call a draw (house rule “Sapaw blocks a draw”)"),
    ("the caller fights", request({**FOUGHT, "fought": ["Ben"]}), "fought", "Ben",
     "fought: Ben called the draw and does not fight it"),
    ("a burned fighter", request({**FOUGHT, "burned": ["Anna"]}), "fought", "Anna",
     "fought: Anna is burned and cannot fight; a burned player folds automatically"),
    ("the caller's total missing", request({**FOUGHT, "totals": {"Anna": 11}}), "totals", "Ben",
     "totals: Ben's total is missing; when anyone fights, the totals of the caller and of "
     "every fighter decide the draw"),
    ("a fighter's total missing", request({**FOUGHT, "totals": {"Ben": 6}}), "totals", "Anna",
     "totals: Anna's total is missing"),
    # 2.5 stock out
    ("a total missing", request({**STOCK, "totals": {"Anna": 4, "Ben": 9}}), "totals", "Carla",
     "totals: Carla's total is missing; when the stock runs out every player who is not "
     "burned counts their cards"),
    ("a shared lowest without the last card",
     request({**STOCK, "totals": {"Anna": 4, "Ben": 9, "Carla": 4}}), "last_card", None,
     "last_card: Anna and Carla tie for the lowest count (4); say who took the last card of "
     "the stock, since the tie goes to them, or else to the first tied player to their right"),
]
# fmt: on


@pytest.mark.parametrize(
    ("sent", "field", "player", "words"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_refused_naming_the_field_the_player_and_the_rule(sent, field, player, words):
    with pytest.raises(Refusal) as refused:
        settle_request(sent)
    assert (refused.value.field, refused.value.player) == (field, player)
    assert refused.value.message.startswith(words)


def test_a_concealed_player_may_fight():
    """Not a refusal: 003 lets a player holding a Secret fight, though not call."""
    sent = request({**FOUGHT, "concealed": ["Anna"]})
    assert settle_request(sent).winners == ("Ben",)


def test_a_sapaw_does_not_block_the_caller_when_the_house_says_so():
    sent = request({**DRAW, "sapaw_on_caller": True}, rules={"sapaw_blocks_draw": False})
    assert settle_request(sent).result == "draw_won"


def test_the_totals_of_folded_and_burned_players_are_checked_then_ignored():
    """A folded player's total is checked (it can be) but never decides the draw."""
    sent = request({**FOUGHT, "totals": {"Ben": 6, "Anna": 11, "Carla": 0}})
    assert settle_request(sent).winners == ("Ben",)
    bad = request({**FOUGHT, "totals": {"Ben": 6, "Anna": 11, "Carla": 500}})
    with pytest.raises(Refusal) as refused:
        settle_request(bad)
    assert (refused.value.field, refused.value.player) == ("totals", "Carla")


def test_a_burned_players_total_at_a_stock_out_is_checked_then_ignored():
    sent = request({**STOCK, "totals": {"Anna": 4, "Ben": 9, "Carla": 1}, "burned": ["Carla"]})
    assert settle_request(sent).winners == ("Anna",)
    bad = request({**STOCK, "totals": {"Anna": 4, "Ben": 9, "Carla": -3}, "burned": ["Carla"]})
    with pytest.raises(Refusal) as refused:
        settle_request(bad)
    assert (refused.value.field, refused.value.player) == ("totals", "Carla")


def test_a_count_of_no_jokers_is_accepted_without_joker_mode():
    """6.8: a count of 0 says nothing, so a table without jokers takes it."""
    sent = request({**DRAW, "bonuses": {"Ben": {"jokers": 0, "kings": 4}}})
    assert settle_request(sent).winners == ("Ben",)
