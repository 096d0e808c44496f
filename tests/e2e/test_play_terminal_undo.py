"""`undo` at the prompt of `portside play --human-prompt`, as a person uses it: in a real terminal
(tmux), against a real gunicorn and Redis, on a match created with undo on: by the API (as the web
client's lobby creates one) and joined from the terminal with its seat's token, or by the terminal
client itself (`--undo`)."""

from __future__ import annotations

import json
import re
import shlex
import sys
import urllib.request

import pytest

from tests.e2e.test_play_terminal import get, unwrapped

pytestmark = pytest.mark.e2e

PORTSIDE = f"{shlex.quote(sys.executable)} -m service.cli"
HINT = {"en": ", undo takes back your last move", "fr": ", tapez reprendre pour reprendre votre dernier coup"}
ASKED = {  # a move's number, or a spot asked at once (the set-up's settlement)
    "en": r"(?:move number \(0(?:-\d+)?|\(one of those listed)({hint})?, q to stop\): \s*$",
    "fr": r"(?:numéro du coup \(0(?:-\d+)?|\(une des valeurs listées)({hint})?, q pour arrêter\) : \s*$",
}
TYPED = {"en": "undo", "fr": "reprendre"}
SAID = {"en": "Seat 0 took back their last move", "fr": "Siège 0 reprend son dernier coup"}


def created_with_undo(server_url: str) -> tuple[str, str]:
    """A Catan match with undo on, seats 1 and 2 the server's bots: its id and seat 0's token."""
    body = {"game": "catan", "players": 3, "seed": 3, "undo": "own_move", "bots": {"1": "greedy", "2": "random"}}
    req = urllib.request.Request(
        f"{server_url}/v1/matches", json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(req, timeout=10) as response:
        match = json.load(response)
    return match["id"], match["seats"][0]["token"]


def asked(term, lang: str, after: int = 0) -> re.Match:
    """The question asked last; its group 1: the undo it offers, if any."""
    return term.wait_for(ASKED[lang].format(hint=re.escape(HINT[lang])), after=after)


def joined(server_url: str, terminals, lang: str) -> tuple[object, str]:
    match_id, token = created_with_undo(server_url)
    command = f"PORTSIDE_TOKEN={token} {PORTSIDE} play --url {server_url} --join={match_id} --human-prompt --wait 5"
    return terminals(f"{command} --lang {lang}", columns=100, rows=40), match_id


def created_here(server_url: str, terminals, lang: str) -> tuple[object, str]:
    seats = "--seat 0=human --seat 1=server:greedy --seat 2=server:random"
    command = f"{PORTSIDE} play --url {server_url} --game catan --players 3 {seats} --seed 3 --human-prompt --undo"
    term = terminals(f"{command} --wait 5 --lang {lang}", columns=100, rows=40)
    return term, term.wait_for(r"(?:Match|Partie) (\S+) :?").group(1)


@pytest.mark.parametrize("lang,opened", [("en", joined), ("fr", created_here)])
def test_undo_at_the_prompt_takes_the_settlement_back_and_asks_for_it_again(server_url, terminals, lang, opened):
    term, match_id = opened(server_url, terminals, lang)
    first = asked(term, lang)
    assert first.group(1) is None, "undo offered before any move"
    spot = re.search(r"\) ?: (\d+)", unwrapped(term.screen().rsplit("[0]", 1)[1])).group(1)  # the first listed
    term.type(spot, "Enter")

    shown = len(term.screen())
    road = asked(term, lang, shown)  # the road next to it, a move number
    assert road.group(1), f"the road's question offers no undo:\n{term.screen()[shown:]}"
    assert get(f"{server_url}/v1/matches/{match_id}")["view"]["settlements"], "no settlement built"

    shown = len(term.screen())
    term.type(TYPED[lang], "Enter")
    term.wait_for(re.escape(SAID[lang]), after=shown)
    again = asked(term, lang, shown)
    assert again.group(1) is None, "nothing left to take back, yet undo is offered"
    assert get(f"{server_url}/v1/matches/{match_id}")["view"]["settlements"] == []
    term.type("q", "Enter")
    term.wait_for(r"EXIT=130")
