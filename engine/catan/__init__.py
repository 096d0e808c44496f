"""Base Catan (3-4 players): see README.md."""

from engine.catan.game import Catan

GAME = Catan()

__all__ = ["GAME"]
