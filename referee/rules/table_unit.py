"""One unit per table: a night's tally and settle-up add every hand up, so the unit its
amounts are counted in is chosen before the first hand and kept after it (the stake may
change, for the hands to come). Checked by the one door that changes rules and by the
import of a table's file, with the same words."""

from referee.rules.refusal import Refusal
from referee.rules.said import said


def check_unit_kept(unit_played: str, unit_asked: str, *, field: str = "unit") -> None:
    """Refuse `unit_asked` at a table whose hands were counted in `unit_played`, saying
    how to play in the other unit."""
    if unit_asked == unit_played:
        return
    raise Refusal(
        said(
            "{field}: the unit stays {unit_played}: this table has counted in {unit_played} "
            "since its first hand, and its tally adds every hand up (the stake can still "
            "change, for the hands to come). To play in {unit_asked}, start a new table from "
            "the home page and set its unit to {unit_asked} before its first hand.",
            field=field,
            unit_played=unit_played,
            unit_asked=unit_asked,
        ),
        field=field,
    )
