"""Every limit of a table, declared once: the core checks them, and the shell's forms,
documents and OpenAPI schema read them from here (the core imports nothing from the shell).

The house rules' own bounds (stake, bands, dealt totals) are declared with each option, in
`referee.rules.options` and each game's `house_rules`.
"""

# Players
MIN_PLAYERS = 2  # at a table, and in a hand
MAX_PLAYERS = 6  # seated at once, so in any hand
MAX_PLAYERS_IN_A_NIGHT = 12  # everyone who ever sat, those who left included
MAX_NAME_LENGTH = 40  # a player's name

# Tables and hands
TABLE_NAME_LENGTH = 60
MAX_NOTE_LENGTH = 300  # why a drop over a waiting rule was recorded
MAX_BY_LENGTH = 60  # who made a change, in a hand's history
MAX_ID = 2**31 - 1  # ids and hand numbers are 32-bit integers in the database
# How long the saved message's Undo voids the hand just saved (then: from its page in Hands)
UNDO_MINUTES = 2

# What a refusal repeats of what was sent (a name, a key, a value): at most this many
# characters, cut by `echoed` below, so a 100 KB value is never said back whole.
MAX_ECHOED = 40

# The API
MAX_REQUEST_BYTES = 256 * 1024  # a page's form or an API body (a table's file: MAX_IMPORT_BYTES)
MAX_ENTRY_KEY_LENGTH = 64  # an idempotency key, or the one-time key of a page's hand form
IDEMPOTENCY_KEY_PATTERN = rf"^[A-Za-z0-9_-]{{1,{MAX_ENTRY_KEY_LENGTH}}}$"

# A table's file (export and import): a long night is 300 hands, whose file weighs about
# 470 KB with one hand in five voided and restored; a night of MAX_HANDS hands about 1.6 MB
# (bench/import_lock.py). The largest file allowed holds SQLite's write lock (another
# table's hand waits) under a second even when every line of it must be written.
MAX_HANDS = 1_000
MAX_IMPORT_BYTES = 2 * 1024 * 1024
MAX_RULES_VERSIONS = 500
MAX_CHANGES_PER_HAND = 200
MAX_HAND_VERSION = 100_000
MAX_FILE_DEPTH = 16


def echoed(text: str, *, marked: bool = False) -> str:
    """Text that was sent, as a refusal says it back: its first MAX_ECHOED characters
    (ending in "..." when `marked`). Every refusal that repeats a name, a key or a value
    cuts it here, or through `referee.rules.shapes.shown`."""
    if len(text) <= MAX_ECHOED:
        return text
    return text[: MAX_ECHOED - 3] + "..." if marked else text[:MAX_ECHOED]


# Tongits (tongits.md): what a seat can hold, and what the pot can carry
TONGITS_SEATS = (3, 4)  # three players (003), four as a house rule
CARDS_BETWEEN_TURNS = {3: 12, 4: 11}  # the most a player holds between turns, by seats
MAX_CARD_POINTS = 10  # a ten, jack, queen or king
FOUR_CARD_MELDS_A_PLAYER = 3  # Secrets + Escaleras: four cards each, of at most 13 owned
ACES_IN_A_DECK = 4
KINGS_IN_A_DECK = 4
# Far above any night's pot (the highest stake times the highest ante, ten thousand games),
# and far below what exact cents could no longer hold.
MAX_POT_SHARE = 10**12
