"""Examples for the OpenAPI document, taken from a real Speicherstadt match."""

from typing import Any

TOKEN = "pst_M3wrMTxabL8tnRJgTqQ6ABY9dyIN-a0xbZXW3bZPxSk"

CREATED = {
    "id": "b53bbd88623c3372d688",
    "game": "speicherstadt",
    "players": 3,
    "version": 0,
    "seed_commitment": "73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049",
    "seats": [{"seat": 0, "token": TOKEN}, {"seat": 1, "token": "pst_…"}, {"seat": 2, "token": "pst_…"}],
    "open_seats": [],
    "bots": [],
}


def _real_match() -> dict:
    """Seat 0's match resource at the start of a seeded 3-player Speicherstadt match: real, so it
    stays valid against the schema whatever the view grows."""
    from engine import registry

    game = registry.get("speicherstadt")
    state = game.setup(3, game.load_options({}), 2026)
    seat = min(game.to_act(state))
    return {
        "id": CREATED["id"],
        "game": game.id,
        "version": 0,
        "status": "active",
        "seat": seat,
        "to_act": sorted(game.to_act(state)),
        "view": game.view(state, seat),
        "legal_moves": (legal := game.legal_moves(state, seat)[:3]),
        "move_labels": [game.move_label(state, seat, move, "en") for move in legal],
        "move_templates": [
            {**t, "label": game.template_label(state, seat, t, "en")} for t in game.move_templates(state, seat)
        ],
        "outcome": None,
        "players": 3,
        "seats": [{"seat": s, "status": "taken", "name": name} for s, name in enumerate(["Ana", "Bruno", None])],
        "seed_commitment": CREATED["seed_commitment"],
        "clock": None,
        "undo": "never",
        "ended": None,
        "rematch": None,
    }


MATCH = _real_match()

MOVE_ANSWER = {
    "version": 1,
    "events": [{"type": "worker_placed", "seat": 0, "position": 0, "card": "contract_a2", "space": 1}],
    "match": {**MATCH, "version": 1, "to_act": [1], "legal_moves": []},
}

LOG = {"after": 0, "version": 1, "entries": [{"version": 1, "seat": 0, "events": MOVE_ANSWER["events"]}]}

JOINED = {"id": "b53bbd88623c3372d688", "seat": 1, "token": TOKEN}

# One problem per stable code, for the error responses' examples.
PROBLEM_DETAILS = {
    "bad_request": "The request cannot be read.",
    "malformed_json": "The body is not valid JSON.",
    "unauthorized": "This needs a seat token: 'Authorization: Bearer <token>'.",
    "forbidden": "This token does not hold a seat in this match.",
    "unknown_match": "No match 'b53bbd88623c3372d688' (it may have expired).",
    "not_found": "No game 'chess'; see GET /v1/games.",
    "method_not_allowed": "The method is not allowed for the requested URL.",
    "not_your_turn": "Seat 2 is not to act now.",
    "match_finished": "The game is over.",
    "stale_version": "Another move was applied first.",
    "seat_taken": "Seat 1 is not open.",
    "match_full": "Every seat of this match is taken.",
    "conflict": "The request conflicts with the match's state.",
    "match_not_finished": "The replay opens when the game is over.",
    "body_too_large": "The request body is too large.",
    "request_timeout": "The body did not arrive within 10 s.",
    "unsupported_media_type": "The body must be application/json.",
    "validation_error": "The request does not match its schema; see errors.",
    "illegal_move": "You cannot afford this card.",
    "idempotency_key_reused": "This Idempotency-Key was used for a different move; use a new key.",
    "rate_limited": "More than 1200 requests this minute.",
    "internal_error": "An unexpected error occurred; it has been logged.",
    "storage_unavailable": "Storage is unreachable; try again shortly.",
}
PROBLEM_EXTRAS: dict[str, dict[str, Any]] = {
    "stale_version": {"version": 12},
    "seat_taken": {"open_seats": [2]},
    "validation_error": {"errors": {"players": ["Speicherstadt takes 2 to 5 players."]}},
    "illegal_move": {"reason": "illegal_move"},
}


def problem(code: str, status: int) -> dict:
    return {
        "type": "https://portside.dev/problems/" + code,
        "title": code.replace("_", " ").capitalize(),
        "status": status,
        "detail": PROBLEM_DETAILS.get(code, code),
        "code": code,
        **PROBLEM_EXTRAS.get(code, {}),
    }
