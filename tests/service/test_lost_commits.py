"""A client that comes back after Redis lost its last writes (killed, restarted from an older
snapshot) and the match reached the client's version again with other moves (service/versions.py).

Waits open across the loss are in tests/service/test_stream.py (`-k redis_restart`)."""

from __future__ import annotations

import time

import orjson
import redis

from tests.service.helpers import get_match, play_first_legal, post_move, saved_at_3_then_played_to_5
from tests.service.test_stream import parse_sse


def test_a_client_back_after_redis_lost_its_version_is_told_to_read_the_match_again(tmp_path):
    """Redis, killed with SIGKILL, came back from its snapshot at version 3 and lost versions 4 and 5;
    the next moves (another price) wrote new versions 4 and 5. A phone that had read version 5 before
    the loss and came back then got 304 for its ETag, had its If-Match move applied over moves it never
    saw, and its /events and stream resumed after 5 as if nothing had changed (or waited for 6). Each now names the
    commit, and each is told: a new ETag (200), a resync page, `event: resync`, a 409."""
    from service.app import create_app
    from service.config import Config
    from tests.cluster import free_node_port, standalone_server

    port = free_node_port()
    server = standalone_server(port, tmp_path)
    app = create_app(
        Config(
            redis_url=f"redis://127.0.0.1:{port}", log_level="WARNING", rate_limit_per_minute=0, heartbeat_seconds=0.3
        )
    )
    client = app.test_client()
    try:
        match_id, toks = saved_at_3_then_played_to_5(client, redis.Redis(port=port).save)
        seen = client.get(f"/v1/matches/{match_id}")  # what the phone holds: version 5
        etag, commit = seen.headers["ETag"], seen.get_json()["commit"]
        page = client.get(f"/v1/matches/{match_id}/events?after=4").get_json()
        assert (page["version"], page["commit"], etag) == (5, commit, f'"5.{commit}"')
        assert page["entries"][-1]["commit"] == commit  # what a stream's client (its data:) resumes with

        server.kill()  # SIGKILL: no save at exit
        server.wait()
        server = standalone_server(port, tmp_path)  # loads the snapshot
        assert get_match(client, match_id)["version"] == 3
        # Seat 0 names another price than it had at version 4: the same moves would write the same log.
        assert post_move(client, match_id, toks[0], {"type": "offer", "price": 7}).status_code == 200
        assert play_first_legal(client, match_id, toks)["version"] == 5
        now = client.get(f"/v1/matches/{match_id}")
        assert now.get_json()["commit"] != commit

        again = client.get(f"/v1/matches/{match_id}", headers={"If-None-Match": etag})
        assert again.status_code == 200 and again.headers["ETag"] == now.headers["ETag"]  # was 304
        for wait in ("0", "5"):
            started = time.monotonic()
            page = client.get(f"/v1/matches/{match_id}/events?after=5&commit={commit}&wait={wait}").get_json()
            assert page == {"after": 5, "version": 5, "commit": now.get_json()["commit"], "entries": [], "resync": True}
            assert time.monotonic() - started < 2  # told at once, not after the wait
        for query, headers in ((f"?after=5&commit={commit}", {}), ("", {"Last-Event-ID": f"5.{commit}"})):
            streamed = b""
            response = client.get(f"/v1/matches/{match_id}/stream{query}", headers=headers, buffered=False)
            try:
                for chunk in response.response:
                    streamed += chunk
                    if len(parse_sse(streamed)) > 1 or b"keep-alive" in streamed:
                        break
            finally:
                response.close()
            told, *then = parse_sse(streamed)
            assert (told.get("event"), told["id"]) == ("resync", "5"), streamed  # was the entries after 5
            assert not then, streamed  # then it waits after 5 as the log is now (it said resync again and again)
            assert orjson.loads(told["data"])["commit"] == now.get_json()["commit"]

        mine = get_match(client, match_id, toks[now.get_json()["to_act"][0]])
        move, seat = mine["legal_moves"][0], mine["seat"]
        refused = post_move(client, match_id, toks[seat], move, **{"If-Match": etag})
        assert refused.status_code == 409 and refused.get_json()["code"] == "stale_version"  # was applied
        assert "other moves than the ones you saw" in refused.get_json()["detail"]
        assert post_move(client, match_id, toks[seat], move, **{"If-Match": now.headers["ETag"]}).status_code == 200
    finally:
        server.kill()
        server.wait()
