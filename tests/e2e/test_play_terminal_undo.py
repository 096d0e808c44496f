"""`undo` at the prompt of `portside play --human-prompt`, as a person uses it: in a real terminal
(tmux), against a real gunicorn and Redis, on a match created with undo on: by the API (as the web
client's lobby creates one) and joined from the terminal with its seat's token, or by the terminal
client itself (`--undo`)."""

from __future__ import annotations

import json
import re
import shlex
import sys
import time
import urllib.request

import pytest

from tests.e2e.test_play_terminal import get, too_wide, unwrapped

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
    """The question asked last, broken between words or not (at 80 columns it is); its group 1: the
    undo it offers, if any."""
    hint = r"\s+".join(map(re.escape, HINT[lang].split(" ")))
    return term.wait_for(ASKED[lang].replace(" ", r"\s+").format(hint=hint), after=after)


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
    shown = len(term.screen())  # before typing: the answer may come before a read after it
    term.type(spot, "Enter")
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


WAITING_HINT = {
    "en": r"\(undo \+ Enter takes back your last move, while no one else has moved\)",
    "fr": r"\(reprendre \+ Entrée : reprend votre dernier coup tant que personne n'a joué\)",
}

WAITING_FOR = {"en": r"waiting for seat 1 \(person\)", "fr": r"en attente du siège 1 \(joueur\)"}


def post(url: str, body: dict, token: str, version: int) -> dict:
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}", "If-Match": f'"{version}"'}
    req = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(req, timeout=10) as response:
        return json.load(response)


def build_at_the_first_spot(term, lang: str) -> None:
    """Seat 0's set-up: its settlement at the first spot listed, then the first road listed."""
    spot = re.search(r"\) ?: (\d+)", unwrapped(term.screen().rsplit("[0]", 1)[1])).group(1)
    shown = len(term.screen())
    term.type(spot, "Enter")
    asked(term, lang, shown)
    term.type("0", "Enter")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_undo_while_waiting_for_the_next_seat_takes_the_road_back_and_their_move_still_wakes_the_wait(
    server_url, terminals, lang
):
    """Seat 0's road passes the turn to seat 1, a person elsewhere: while seat 1 has not moved, the
    terminal says `undo` takes the road back, an empty line changes nothing, `undo` asks for the road
    again; seat 1's move wakes the wait at once (its long-poll is 20 s)."""
    body = {"game": "catan", "players": 3, "seed": 3, "undo": "own_move", "bots": {"2": "random"}}
    req = urllib.request.Request(
        f"{server_url}/v1/matches", json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(req, timeout=10) as response:
        match = json.load(response)
    match_id, tokens = match["id"], {s["seat"]: s["token"] for s in match["seats"]}
    url = f"{server_url}/v1/matches/{match_id}"
    command = f"PORTSIDE_TOKEN={tokens[0]} {PORTSIDE} play --url {server_url} --join={match_id} --human-prompt"
    term = terminals(f"{command} --wait 20 --lang {lang}", columns=80, rows=24)
    asked(term, lang)
    shown = len(term.screen())
    build_at_the_first_spot(term, lang)
    term.wait_for(WAITING_HINT[lang], after=shown)
    assert re.search(WAITING_FOR[lang], term.screen()[shown:]), term.screen()[shown:]  # the kind in its words
    waited_at = get(url)["version"]
    assert get(url)["to_act"] == [1]

    shown = len(term.screen())
    term.type("Enter")  # nothing typed: nothing happens
    time.sleep(1)
    assert get(url)["version"] == waited_at and term.screen()[shown:].strip() == ""

    term.type(TYPED[lang], "Enter")
    term.wait_for(re.escape(SAID[lang]), after=shown)
    road = asked(term, lang, shown)  # the road asked again; the settlement may still be taken back
    assert road.group(1), f"the road's question offers no undo:\n{term.screen()[shown:]}"
    assert get(url)["to_act"] == [0] and len(get(url)["view"]["roads"]) == 0

    shown = len(term.screen())
    term.type("0", "Enter")
    term.wait_for(WAITING_HINT[lang], after=shown)
    mine = get_as(url, tokens[1])
    started = time.monotonic()
    post(f"{url}/moves", mine["legal_moves"][0], tokens[1], mine["version"])
    term.wait_for(rf"v{mine['version'] + 1}\b", after=shown, seconds=20)
    assert time.monotonic() - started < 5, "the wait slept through seat 1's move"
    assert too_wide(term.screen(), 80) == [] and "Traceback" not in term.screen(), too_wide(term.screen(), 80)


def get_as(url: str, token: str) -> dict:
    req = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=10) as response:
        return json.load(response)
