"""Tongits' own parts of a table's pages: its hand form, its referee tabs (the spread page
rules on melds and sapaw; the ask page also answers whether a player may call a draw, fight
one, or is burned), and its words: each opens its meaning where a form says it, and the
pages that list them gloss them."""

from referee.rules.tongits.wording import TERMS
from referee.web.lazy_words import lazy_gettext
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
        ("counting.count", lazy_gettext("Count a hand")),
        ("counting.spread", lazy_gettext("Meld or lay off")),
        ("tables.ask", lazy_gettext("Ask: draw, fight")),
    ),
    cards_page=meld,
    of_a_player=calls,
    terms=TERMS,
    glossary={
        "history": ("tong-its", "sunog", "fight", "fold", "bisaklat"),
        "hand": ("tong-its", "sunog", "fight", "fold", "bisaklat"),
        "rules": tuple(TERMS),
    },
    glossary_title=lazy_gettext("Tongits words:"),
    seat_words=lazy_gettext("Tongits: 3, or 4 where the house plays four"),
)
