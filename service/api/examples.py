"""Examples for the OpenAPI document, taken from a real Speicherstadt match."""

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

MATCH = {
    "id": "b53bbd88623c3372d688",
    "game": "speicherstadt",
    "version": 0,
    "status": "active",
    "seat": 2,
    "to_act": [2],
    "view": {"round": 1, "phase": "demand", "row": ["…"], "seats": ["…"], "you": {"seat": 2}},
    "legal_moves": [{"type": "place_worker", "card": 0}, {"type": "place_worker", "card": 1}],
    "outcome": None,
    "players": 3,
    "seats": [{"seat": 0, "status": "taken"}, {"seat": 1, "status": "taken"}, {"seat": 2, "status": "taken"}],
    "seed_commitment": CREATED["seed_commitment"],
}

MOVE_ANSWER = {
    "version": 1,
    "events": [{"type": "worker_placed", "seat": 2, "position": 0, "card": "contract_a2", "space": 1}],
    "match": {**MATCH, "version": 1, "to_act": [0], "legal_moves": []},
}

LOG = {"after": 0, "version": 1, "entries": [{"version": 1, "seat": 2, "events": MOVE_ANSWER["events"]}]}

JOINED = {"id": "b53bbd88623c3372d688", "seat": 1, "token": TOKEN}
