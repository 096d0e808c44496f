"""Speicherstadt (Stefan Feld, eggertspiele 2010): see README.md in this folder."""

from engine.speicherstadt.game import Speicherstadt

GAME = Speicherstadt()

__all__ = ["GAME"]
