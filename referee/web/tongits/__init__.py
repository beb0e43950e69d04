"""Tongits' own parts of a table's pages: its hand form, its referee tabs (the spread page
rules on melds and sapaw; the ask page also answers whether a player may call a draw, fight
one, or is burned), and its words glossed on each page that uses them."""

from referee.rules.tongits.wording import GLOSSES
from referee.web.pages.game_pages import GamePages, HandForm
from referee.web.tongits.hand_form import bonuses_paid, fill_tongits, tongits_form, tongits_outcome
from referee.web.tongits.referee import calls, meld

PAGES = GamePages(
    hand_form=HandForm(
        tongits_form,
        tongits_outcome,
        fill_tongits,
        "tongits/asks.html",
        lambda rules: {"bonuses": bonuses_paid(rules)},
    ),
    tabs=(
        ("counting.count", "Count a hand"),
        ("counting.spread", "Meld or lay off"),
        ("tables.ask", "Ask: draw, fight"),
    ),
    cards_page=meld,
    of_a_player=calls,
    glossary={
        "table": ("tong-its", "sapaw", "bahay", "fight", "fold", "bisaklat", "hitter"),
        "history": ("tong-its", "sunog", "fight", "fold", "bisaklat"),
        "hand": ("tong-its", "sunog", "fight", "fold", "bisaklat"),
        "hand_form": ("tong-its", "sapaw", "sunog", "fight", "fold", "bisaklat", "Secret"),
    },
    glosses=GLOSSES,
    seat_words="Tongits: 3, or 4 where the house plays four",
)
