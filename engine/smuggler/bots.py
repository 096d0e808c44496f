"""Cornish Smuggler's bots (filled in below)."""

BOTS: dict[str, type] = {}
