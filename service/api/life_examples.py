"""OpenAPI examples of a match's life (lobby, resign, abort, undo, rematch)."""

from service.api.examples import ABORTED, LIFE_DETAILS, LOBBY_DETAILS, RESIGNED, TOKEN, UNDONE

__all__ = ["ABORTED", "LIFE_DETAILS", "LOBBY", "LOBBY_DETAILS", "REMATCH", "REMATCH_DETAILS", "RESIGNED", "UNDONE"]

LOBBY = {
    "matches": [
        {
            "id": "4f0c2b9e7d1a3c5e8b20",
            "game": "medici",
            "players": 2,
            "status": "open",
            "seats": [{"seat": 0, "status": "taken", "name": "Ana"}, {"seat": 1, "status": "open", "name": None}],
            "options": {},
            "clock": {"seconds": 120, "on_timeout": "bot"},
            "undo": "own_move",
            "created": 1795330000,
            "version": 1,
        }
    ],
    "next": "1795330000123456",
}

REMATCH = {"id": "9a7e51c0b2d84f6a1e3c", "seat": 0, "token": TOKEN}

# What a rematch says where a move would say otherwise.
REMATCH_DETAILS: dict[str, str | dict] = {
    "match_not_finished": "A rematch opens when the game is over.",
    "seat_taken": {"detail": "Seat 0 of the rematch is already claimed."},
    "conflict": "The rematch is being created; try again.",
}
