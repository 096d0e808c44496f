"""Cornish Smuggler (game id `smuggler`): see README.md for the rules as implemented."""

from engine.smuggler.game import Smuggler

GAME = Smuggler()

__all__ = ["GAME"]
