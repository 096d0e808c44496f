import hashlib
import random

from engine import registry
from tests.service.helpers import create, get_match, play_random, tokens


def test_replay_reveals_a_seed_that_matches_the_commitment_and_recomputes_the_game(client):
    created = create(client, game="speicherstadt", players=2)  # no seed: a secret one
    match_id, toks = created["id"], tokens(created)
    early = client.get(f"/v1/matches/{match_id}/replay")
    assert early.status_code == 409 and early.get_json()["code"] == "match_not_finished"
    play_random(client, match_id, toks, random.Random(7))
    replay = client.get(f"/v1/matches/{match_id}/replay").get_json()

    # Anyone can check: the seed hashes to the commitment published at creation ...
    assert hashlib.sha256(str(replay["seed"]).encode()).hexdigest() == created["seed_commitment"]
    # ... and replaying every move from it gives the very outcome the server announced.
    game = registry.get(replay["game"])
    state = game.setup(replay["players"], game.load_options(replay["options"]), replay["seed"])
    first = created["version"] + 1  # after the log's opening entry, if the game has one
    assert [m["version"] for m in replay["moves"]] == list(range(first, first + len(replay["moves"])))
    for move in replay["moves"]:
        game.apply(state, move["seat"], move["move"])
    # The outcome is the engine's, with the seats' display names beside it.
    assert replay["outcome"]["names"] == [None] * replay["players"]
    assert game.outcome(state).to_json() == {k: v for k, v in replay["outcome"].items() if k != "names"}
    assert get_match(client, match_id)["outcome"] == replay["outcome"]


def test_a_replay_reads_the_log_once_however_often_it_is_asked_for(client):
    """/replay is public after the end and read the whole log each time: a long match's replay
    asked for again and again cost the server that read each time. It is built once and kept."""
    from prometheus_client import REGISTRY

    def entries_read() -> float:
        return REGISTRY.get_sample_value("portside_log_entries_read_total") or 0.0

    created = create(client, game="medici", players=2, seed=5)
    play_random(client, created["id"], tokens(created), random.Random(3))
    before = entries_read()
    first = client.get(f"/v1/matches/{created['id']}/replay")
    built = entries_read()
    assert first.status_code == 200 and built - before >= len(first.get_json()["moves"]) > 10
    for _ in range(3):
        again = client.get(f"/v1/matches/{created['id']}/replay")
        assert again.status_code == 200 and again.get_data() == first.get_data()
    assert entries_read() == built


def test_a_replay_after_an_undo_lists_only_the_moves_that_stand(client):
    """README "Undo": `/replay` lists only the moves that stand, so replaying it from the seed still
    gives the outcome the server announced."""
    from tests.service.helpers import auth, play_first_legal

    created = create(client, game="speicherstadt", players=2, seed=4, undo="own_move")
    match_id, toks = created["id"], tokens(created)
    mover = get_match(client, match_id)["to_act"][0]
    taken_back = play_first_legal(client, match_id, toks)["version"]
    undo = client.post(f"/v1/matches/{match_id}/undo", headers=auth(toks[mover]))
    assert undo.status_code == 200, undo.get_json()
    play_random(client, match_id, toks, random.Random(5))
    replay = client.get(f"/v1/matches/{match_id}/replay").get_json()
    log = client.get(f"/v1/matches/{match_id}/events?after=0").get_json()["entries"]
    assert [e["undoes"] for e in log if e.get("kind") == "undo"] == [taken_back]
    assert taken_back not in [m["version"] for m in replay["moves"]]
    game = registry.get(replay["game"])
    state = game.setup(replay["players"], game.load_options(replay["options"]), replay["seed"])
    for move in replay["moves"]:
        game.apply(state, move["seat"], move["move"])
    assert game.outcome(state).to_json() == {k: v for k, v in replay["outcome"].items() if k != "names"}


def test_a_server_drawn_seed_is_63_random_bits(client):
    """README "Verifiable randomness": without `seed` the server draws a secret 63-bit one. A small
    one could be found from its published commitment by trying them all, and the dice foreseen."""
    from tests.service.helpers import auth

    seeds = []
    for _ in range(5):
        created = create(client, game="medici", players=2)
        assert client.post(f"/v1/matches/{created['id']}/resign", headers=auth(tokens(created)[0])).status_code == 200
        seeds.append(client.get(f"/v1/matches/{created['id']}/replay").get_json()["seed"])
    assert len(set(seeds)) == 5 and all(0 <= seed < 2**63 for seed in seeds)
    assert max(seed.bit_length() for seed in seeds) > 50  # five draws all under 2**50: odds of 2**-65
