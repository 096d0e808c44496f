"""OpenAPI examples of a match's life (lobby, resign, undo, rematch)."""

from service.api.examples import MATCH, TOKEN

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
            "version": 0,
        }
    ],
    "next": "1795330000123456",
}

RESIGNED = {
    "version": 7,
    "events": [
        {"type": "resigned", "seat": 1, "text": "Bruno resigned"},
        {"type": "match_ended", "winners": [0], "text": "The match is over: Ana won"},
    ],
    "match": {**MATCH, "version": 7, "status": "finished", "to_act": [], "legal_moves": [], "move_labels": []},
}

UNDONE = {
    "version": 5,
    "events": [{"type": "move_undone", "seat": 2, "version": 4, "text": "Seat 2 took back their last move"}],
    "match": {**MATCH, "version": 5, "move_labels": ["Place a worker at position 0", "Place a worker at position 1"]},
}

REMATCH = {"id": "9a7e51c0b2d84f6a1e3c", "seat": 0, "token": TOKEN}
