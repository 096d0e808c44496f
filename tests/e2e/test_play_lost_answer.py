"""`portside play` over a network that loses an answer: the client sends the request again (a
restarting server, a dropped connection), and with its Idempotency-Key the server answers the copy
with the first answer instead of applying it twice or refusing it as stale."""

from __future__ import annotations

import http.server
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from service import play, playundo

pytestmark = pytest.mark.e2e


class LosingProxy(http.server.BaseHTTPRequestHandler):
    """Forwards every request to `upstream`; the first one whose path ends with `lose` reaches the
    server, but its answer is dropped (the connection closes with nothing sent back)."""

    upstream = ""
    lose = ""
    lost: list[str] = []

    def do_GET(self) -> None:
        self.forward()

    def do_POST(self) -> None:
        self.forward()

    def forward(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0)) or None
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "content-length")}
        request = urllib.request.Request(self.upstream + self.path, body, headers, method=self.command)
        try:
            with urllib.request.urlopen(request) as answer:
                status, answer_headers, data = answer.status, answer.headers, answer.read()
        except urllib.error.HTTPError as err:
            status, answer_headers, data = err.code, err.headers, err.read()
        if self.lose and self.path.endswith(self.lose) and self.path not in self.lost:
            self.lost.append(self.path)
            self.close_connection = True
            return  # applied upstream; the client hears nothing
        self.send_response(status)
        for name in ("Content-Type", "Content-Language", "ETag"):
            if answer_headers.get(name):
                self.send_header(name, answer_headers[name])
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def losing_proxy(server_url) -> Iterator[type[LosingProxy]]:
    handler = type("Losing", (LosingProxy,), {"upstream": server_url, "lose": "", "lost": []})
    proxy = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    handler.url = f"http://127.0.0.1:{proxy.server_address[1]}"
    try:
        yield handler
    finally:
        proxy.shutdown()
        proxy.server_close()


def test_an_undo_whose_answer_was_lost_is_taken_once_and_not_said_refused(losing_proxy):
    client = play.Client(losing_proxy.url)
    body = {"game": "medici", "players": 2, "seed": 3, "undo": "own_move"}
    match = client.request("POST", "/v1/matches", body)
    match_id, token = match["id"], match["seats"][0]["token"]
    moves = f"/v1/matches/{match_id}/moves"
    client.request("POST", moves, {"type": "draw"}, token=token)
    offered = client.request("POST", moves, {"type": "offer", "price": 4}, token=token)["match"]

    said: list[str] = []
    losing_proxy.lose = "/undo"
    playundo.take_back(client, match_id, 0, token, offered, said.append)

    assert losing_proxy.lost, "the proxy lost no answer: the test tried nothing"
    assert said == [], said  # before: "seat 0: nothing taken back (409 stale_version ...)", though it was
    log = client.request("GET", f"/v1/matches/{match_id}/events?after=0", token=token)["entries"]
    assert [entry.get("kind", "move") for entry in log if entry["seat"] == 0] == ["move", "move", "undo"]
