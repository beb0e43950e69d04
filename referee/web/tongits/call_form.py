"""The Tongits referee's questions of a player: may they call a draw, fight one, are they
burned (GET forms: asking changes nothing)."""

from collections.abc import Sequence
from typing import Any

from flask_wtf import FlaskForm
from wtforms import RadioField

from referee.store.models import Player
from referee.web.forms import select_choices
from referee.web.lazy_words import lazy_gettext

YES_NO = select_choices([("yes", lazy_gettext("Yes")), ("no", lazy_gettext("No"))])
# Each question as the answer repeats it, of the player asking: "%(player)s" is their name.
CALL_QUESTIONS = {
    "call": lazy_gettext("May %(player)s call a draw now?"),
    "fight": lazy_gettext("May %(player)s fight the draw?"),
    "burned": lazy_gettext("Is %(player)s burned?"),
}


class CallForm(FlaskForm):
    """Who asks, which question, and the facts of their cards as yes or no: what the
    rulings on calling, fighting and being burned take (referee.rules.tongits.rulings).
    Sent by GET, as the other referee pickers are: it changes nothing, so no CSRF token."""

    class Meta:
        csrf = False

    player = RadioField(lazy_gettext("Who is asking?"))
    question = RadioField(
        lazy_gettext("The question"),
        choices=select_choices(
            [
                (
                    "call",
                    lazy_gettext(
                        "May they call a draw now? (at the start of their turn, before drawing)"
                    ),
                ),
                ("fight", lazy_gettext("May they fight a draw someone called, or must they fold?")),
                ("burned", lazy_gettext("Are they burned, now that the game is over?")),
            ]
        ),
    )
    exposed_meld = RadioField(
        lazy_gettext(
            "Do they have an exposed meld? (Cards they laid off on others' melds do not count.)"
        ),
        choices=YES_NO,
    )
    secret = RadioField(lazy_gettext("Do they hold a Secret in hand?"), choices=YES_NO)
    sapaw = RadioField(
        lazy_gettext(
            "Has an opponent laid off (sapaw) on one of their melds since their last turn?"
        ),
        choices=YES_NO,
    )
    caller = RadioField(lazy_gettext("Did they call this draw themselves?"), choices=YES_NO)

    def __init__(self, players: Sequence[Player], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.player.choices = select_choices([(str(p.id), p.name) for p in players])
