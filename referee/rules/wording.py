"""House rules put in the words players use at the table."""

from collections.abc import Sequence

from referee.rules.house_rules import Band


def band_in_words(band: Band) -> str:
    """'49 or 50', '15 or less', '21', '30 to 40'."""
    if band.min == band.max:
        return str(band.min)
    if band.min + 1 == band.max:
        return f"{band.min} or {band.max}"
    if band.min == 0:
        return f"{band.max} or less"
    return f"{band.min} to {band.max}"


def bands_in_words(bands: Sequence[Band]) -> str:
    """All tonk bands of a table, with what each pays when they differ."""
    if not bands:
        return "not played"
    same_pay = len({band.pays for band in bands}) == 1
    parts = [
        band_in_words(band) if same_pay else f"{band_in_words(band)} (pays {band.pays})"
        for band in bands
    ]
    return " or ".join(parts)


def names_in_words(names: Sequence[str]) -> str:
    """'Anna', 'Anna and Ben', 'Anna, Ben and Carla'."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
