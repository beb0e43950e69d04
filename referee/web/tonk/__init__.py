"""Tonk's own parts of a table's pages: its hand form, its referee tabs, its spread page."""

from referee.rules.limits import MAX_PLAYERS, MIN_PLAYERS
from referee.rules.tonk.house_rules import DEAL_TONK
from referee.web.lazy_words import lazy_gettext
from referee.web.pages.game_pages import GamePages, HandForm
from referee.web.tonk.hand_form import fill, hand_form, hand_outcome, presume
from referee.web.tonk.spread import spread

PAGES = GamePages(
    hand_form=HandForm(hand_form, hand_outcome, fill, "tonk/asks.html", presume=presume),
    tabs=(
        ("counting.count", lazy_gettext("Count a hand")),
        ("counting.spread", lazy_gettext("Spread or hit")),
        ("tables.ask", lazy_gettext("Ask")),
    ),
    cards_page=spread,
    rules_form_parts={DEAL_TONK: "tonk/bands.html"},
    seat_words=lazy_gettext("Tonk: %(low)s to %(high)s", low=MIN_PLAYERS, high=MAX_PLAYERS),
)
