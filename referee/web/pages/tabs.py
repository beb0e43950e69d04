"""The referee's tabs on a table's pages: each game links its own pickers.

Every page with a table shows them (base.html), including pages rendered outside
`views.render`, so they are a template global asked of the table, not a view's context.
"""

from flask import Flask

from referee.store.models import GameTable

# (endpoint, words) by game, each game's own words. A game not listed shows the common two.
COUNT = ("counting.count", "Count a hand")
ASK = ("tables.ask", "Ask")
REFEREE_TABS = {
    "tonk": [COUNT, ("counting.spread", "Spread or hit"), ASK],
    # The spread page of a Tongits table rules on melds and sapaw; its ask page also
    # answers whether a player may call a draw, fight one, or is burned.
    "tongits": [COUNT, ("counting.spread", "Meld or lay off"), ("tables.ask", "Ask: draw, fight")],
}


def referee_tabs(table: GameTable) -> list[tuple[str, str]]:
    """The referee's tabs of `table`'s game, in the order the nav shows them."""
    return REFEREE_TABS.get(table.game, [COUNT, ASK])


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(referee_tabs=referee_tabs)
