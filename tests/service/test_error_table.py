"""The README's error table lists every code the server can send, with its status."""

from __future__ import annotations

import re
from pathlib import Path

from service.errors import STATUS

README = Path(__file__).resolve().parents[2] / "README.md"


def documented() -> dict[str, int]:
    text = README.read_text()
    table = text[text.index("| status | code |") :].split("\n\n", 1)[0]
    found = {}
    for status, codes in re.findall(r"^\| (\d{3}) \| (.*) \|$", table, re.M):
        for code in re.findall(r"`([a-z_]+)`", codes):
            found[code] = int(status)
    return found


def test_every_code_the_server_sends_is_in_the_readme_with_its_status():
    assert documented() == STATUS


def rows(status: int) -> str:
    text = README.read_text()
    table = text[text.index("| status | code |") :].split("\n\n", 1)[0]
    return next(line for line in table.splitlines() if line.startswith(f"| {status} |"))


def test_the_table_says_which_authorization_is_401_and_which_403(client):
    """The table said a malformed bearer gives 401: any bearer is looked up, and one that holds no
    seat is 403, whatever it looks like; 401 is for no header where one is needed, or another scheme."""
    from tests.service.helpers import create

    match_id = create(client, game="medici", players=2)["id"]
    url = f"/v1/matches/{match_id}/resign"
    assert client.post(url, headers={"Authorization": "Bearer not a token"}).status_code == 403
    for headers in ({}, {"Authorization": "Basic YTpi"}, {"Authorization": "Bearer "}):
        answer = client.post(url, headers=headers)
        assert answer.status_code == 401 and answer.headers["WWW-Authenticate"], headers
    assert "Bearer not a token` is 403" in rows(403)
    assert "malformed bearer" not in rows(401) and "not `Bearer <something>`" in rows(401)
