"""Medici vs Strozzi (game id `medici`): see README.md for the rules as implemented."""

from engine.medici.game import Medici

GAME = Medici()

__all__ = ["GAME"]
