"""The one error the referee raises: a refusal a player at the table can read."""


class Refusal(ValueError):
    """A request that breaks a house rule or cannot be, explained in plain words.

    `field` and `player` say where the problem is, so a form can show the message
    next to the field it concerns instead of at the top of the page.
    """

    def __init__(self, message: str, *, field: str | None = None, player: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.player = player
