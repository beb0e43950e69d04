"""How a hand's outcome and settlement are stored: each player as their id, never a name.

A rename then changes one row (the player's) and the past follows by itself: the stored
JSON is written under ids (`stored`) and read under the players' names of now (`named`).
The same pair serves the writer (referee.store.commands), the readers (referee.store.hands, the
export) and migration 0004, which turned the names of old hands into ids. Ids are
written as text ("12"), as JSON object keys must be, so one relabelling serves both ways.
"""

from collections.abc import Mapping
from typing import Any

from referee import exact_json


def stored(document: Mapping[str, Any], ids: Mapping[str, int]) -> str:
    """An outcome or a settlement under names (`ids`: name -> player id), as stored."""
    return exact_json.dumps(_relabel(document, {name: str(i) for name, i in ids.items()}))


def named(text: str, names: Mapping[int, str]) -> dict[str, Any]:
    """A stored outcome or settlement with each player under their name (`names`: id -> name)."""
    return _relabel(exact_json.loads(text), {str(i): name for i, name in names.items()})


def _relabel(document: Mapping[str, Any], label: Mapping[str, str]) -> dict[str, Any]:
    """`document` with every player in it relabelled; other words (kind, why) untouched.
    A Tonk outcome names players in player, last_draw and totals; a Tongits one in player,
    caller, last_card, fought, burned, concealed, totals and bonuses; a settlement in
    winners, payments, net and points, and a Tongits one in its state too (pot, streak,
    dealer)."""
    out = dict(document)
    for key in ("player", "last_draw", "caller", "last_card", "dealer"):
        if out.get(key) is not None:
            out[key] = label[out[key]]
    for key in ("winners", "fought", "burned", "concealed"):
        if key in out:
            out[key] = [label[player] for player in out[key]]
    if "payments" in out:
        out["payments"] = [
            {**row, "from": label[row["from"]], "to": label[row["to"]]} for row in out["payments"]
        ]
    for key in ("totals", "net", "points", "bonuses", "pot"):
        if out.get(key) is not None:
            out[key] = {label[player]: value for player, value in out[key].items()}
    for key in ("state", "streak"):
        if out.get(key) is not None:
            out[key] = _relabel(out[key], label)
    return out
