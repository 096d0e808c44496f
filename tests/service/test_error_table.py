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
