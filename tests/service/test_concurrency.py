import random
import threading

import orjson

from engine import registry
from engine.bots import RandomBot
from service.store import log_key
from tests.service.helpers import auth, create, tokens

MOVES = 200


def test_two_threads_racing_200_moves_lose_nothing_and_apply_nothing_twice(app, redis_client):
    client = app.test_client()
    # Catan: a random game runs far past 200 moves, and its discards let several seats act at once.
    created = create(client, game="catan", players=4, seed=99)
    match_id, toks = created["id"], tokens(created)
    accepted, refused, lock = [], [], threading.Lock()

    def racer(seed):
        mine, rng = app.test_client(), random.Random(seed)
        while True:
            with lock:
                if len(accepted) >= MOVES:
                    return
            spectator = mine.get(f"/v1/matches/{match_id}").get_json()
            if spectator["status"] == "finished":
                return
            seat = rng.choice(spectator["to_act"])
            view = mine.get(f"/v1/matches/{match_id}", headers=auth(toks[seat])).get_json()
            if not (view["legal_moves"] or view["move_templates"]):
                continue
            move = RandomBot().choose(view["view"], view["legal_moves"], rng, view["move_templates"])
            response = mine.post(f"/v1/matches/{match_id}/moves", json=move, headers=auth(toks[seat]))
            with lock:
                if response.status_code == 200:
                    accepted.append(response.get_json()["version"])
                else:
                    assert response.status_code in (409, 422), response.get_json()
                    refused.append(response.get_json()["code"])

    threads = [threading.Thread(target=racer, args=(n,)) for n in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert len(accepted) >= MOVES
    assert sorted(accepted) == list(range(1, len(accepted) + 1)), "every version once, none skipped"
    assert refused, "the threads never collided: this test raced nothing"

    # The stored state is exactly a serial replay of the logged moves.
    game = registry.get("catan")
    state = game.setup(4, game.load_options({}), 99)
    entries = redis_client.xrange(log_key(match_id))
    assert [int(i.split(b"-")[0]) for i, _ in entries] == list(range(1, len(accepted) + 1))
    for _, fields in entries:
        entry = orjson.loads(fields[b"e"])
        game.apply(state, entry["seat"], entry["move"])
    stored = orjson.loads(redis_client.hget(f"m:{{{match_id}}}", "state"))
    assert game.dump(state) == stored["game"]
