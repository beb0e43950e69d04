"""Where the night stands: in points mode the lowest score leads (section 2.7)."""

from collections.abc import Mapping


def points_leaders(points: Mapping[str, int]) -> list[str]:
    """Who holds the lowest score (several on a tie); nobody before a point is scored."""
    if not points or not any(points.values()):
        return []
    low = min(points.values())
    return [name for name, score in points.items() if score == low]
