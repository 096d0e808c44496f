"""Game id -> game. Adding a game is one folder under engine/ and one line here."""

from engine.core import Game

GAMES: dict[str, Game] = {}


def _register(game: Game) -> None:
    GAMES[game.id] = game


def get(game_id: str) -> Game:
    """The game with that id; KeyError when there is none."""
    return GAMES[game_id]
from engine.medici import GAME as _medici; _register(_medici)  # noqa: E402
from engine.speicherstadt import GAME as _speicherstadt; _register(_speicherstadt)  # noqa: E402
from engine.catan import GAME as _catan; _register(_catan)  # noqa: E402
