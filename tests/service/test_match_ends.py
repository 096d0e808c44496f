"""However a match ends, every key it holds in Redis goes with it after FINISHED_MATCH_TTL, and
/metrics counts the ending by how it came. A match ended at its log's bound (`too_long`) kept up to 32
keyed answers (`m:{id}:idem`) and its claims for the idle TTL, days after the match had gone; and no
metric told an operator that a match had reached the bound."""

from __future__ import annotations

import random
import re
import uuid

import pytest

from service.app import create_app
from service.config import Config
from tests.service.helpers import auth, first_move, get_match, play_random, post_move, tokens
from tests.service.test_clocks import _expire
from tests.service.test_log_bound import loop_until_refused

ENDINGS = ["too_long", "resign", "abort", "timeout", "rules"]


def serving(redis_url, redis_client, ending: str):
    bound = 41 if ending == "too_long" else 20_000
    config = Config(redis_url=redis_url, log_level="WARNING", rate_limit_per_minute=0, match_log_entries=bound)
    return config, create_app(config, redis_client).test_client()


def keyed() -> dict:
    return {"Idempotency-Key": str(uuid.uuid4())}


def play_to_its_end(client, redis_client, ending: str) -> str:
    """A match created and played with Idempotency-Keys (its claims and kept answers), then ended
    `ending`'s way by a request without one. Its id."""
    body = {"game": "medici", "players": 2, "undo": "own_move"}
    if ending == "timeout":
        body["clock"] = {"seconds": 30, "on_timeout": "forfeit"}
    answer = client.post("/v1/matches", json=body, headers=keyed())
    assert answer.status_code == 201, answer.get_json()
    created = answer.get_json()
    match_id, toks = created["id"], tokens(created)
    seat = get_match(client, match_id)["to_act"][0]
    offer = {"type": "offer", "price": 3}  # what loop_until_refused offers and takes back
    if ending != "abort":  # an abort comes before any move
        move = offer if ending == "too_long" else first_move(get_match(client, match_id, toks[seat]))
        moved = post_move(client, match_id, toks[seat], move, **keyed())
        assert moved.status_code == 200, moved.get_json()
    if ending == "too_long":
        assert client.post(f"/v1/matches/{match_id}/undo", headers={**auth(toks[seat]), **keyed()}).status_code == 200
        assert loop_until_refused(client, match_id, toks[seat], 100).get_json()["code"] == "match_too_long"
    elif ending in ("resign", "abort"):
        assert client.post(f"/v1/matches/{match_id}/{ending}", headers=auth(toks[0])).status_code == 200
    elif ending == "timeout":
        _expire(redis_client, match_id, get_match(client, match_id)["to_act"][0])
    else:
        play_random(client, match_id, toks, random.Random(7))
    match = get_match(client, match_id)
    assert (match["status"], (match.get("ended") or {}).get("reason", "rules")) == ("finished", ending)
    return match_id


@pytest.mark.parametrize("ending", ENDINGS)
def test_every_key_of_an_ended_match_expires_with_it(redis_url, redis_client, ending):
    config, client = serving(redis_url, redis_client, ending)
    match_id = play_to_its_end(client, redis_client, ending)
    keys = {key.decode(): redis_client.ttl(key) for key in redis_client.scan_iter(match=f"m:{{{match_id}}}*")}
    kept = {f"m:{{{match_id}}}{part}" for part in ("", ":log", ":claims")}
    if ending != "abort":
        kept |= {f"m:{{{match_id}}}:idem", f"m:{{{match_id}}}:idem:order"}
    assert kept <= set(keys), keys
    assert all(0 < seconds <= config.finished_ttl for seconds in keys.values()), keys


def ended_count(client, reason: str) -> float:
    text = client.get("/metrics").get_data(as_text=True)
    found = re.search(rf'^portside_matches_ended_total\{{game="medici",reason="{reason}"\}} (\S+)$', text, re.M)
    return float(found.group(1)) if found else 0.0


@pytest.mark.parametrize("ending", ENDINGS)
def test_metrics_count_each_match_ended_by_how(redis_url, redis_client, ending):
    """An operator alerts on `portside_matches_ended_total{reason="too_long"}`: real play stays far below
    the bound, so a match that reaches it is a client looping (or a bound set too low)."""
    _, client = serving(redis_url, redis_client, ending)
    before = ended_count(client, ending)
    match_id = play_to_its_end(client, redis_client, ending)
    assert ended_count(client, ending) == before + 1
    client.get(f"/v1/matches/{match_id}")  # read again, the ended match is not counted again
    client.post(f"/v1/matches/{match_id}/rematch", headers={})
    assert ended_count(client, ending) == before + 1
