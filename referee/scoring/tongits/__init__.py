"""Tongits' settlement: one game by tongits.md section 2, and a night replayed in order."""
