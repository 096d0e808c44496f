"""Game id -> game. Adding a game is one folder under engine/ and one line in GAMES."""

from engine.catan import GAME as CATAN
from engine.core import Game
from engine.medici import GAME as MEDICI
from engine.smuggler import GAME as SMUGGLER
from engine.speicherstadt import GAME as SPEICHERSTADT

GAMES: dict[str, Game] = {game.id: game for game in (MEDICI, SPEICHERSTADT, CATAN, SMUGGLER)}


def get(game_id: str) -> Game:
    """The game with that id; KeyError when there is none."""
    return GAMES[game_id]
