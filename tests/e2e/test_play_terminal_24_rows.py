"""`portside play --human-prompt` on an 80x24 terminal (tmux), against a real gunicorn and Redis: at a
Catan decision the map and the question are on the one screen, and the robber's choices fit with them."""

from __future__ import annotations

import random
import re
import shlex
import sys

import pytest

from engine.bots import get_bot
from service import play
from tests.e2e.test_play_terminal import MAP_EDGE_ROW, PROMPT, first_choice, too_wide
from tests.e2e.test_play_terminal_french import FRENCH_PROMPT

pytestmark = pytest.mark.e2e

PORTSIDE = f"{shlex.quote(sys.executable)} -m service.cli"


def on_one_screen(screen: str, *patterns: str) -> None:
    """Each pattern on the screen, and the map's top and bottom rows of corners."""
    assert len(re.findall(MAP_EDGE_ROW, screen, re.M)) == 2, screen
    for pattern in patterns:
        assert re.search(pattern, screen, re.M), (pattern, screen)


def test_at_80x24_each_catan_decision_shows_the_whole_map_above_the_turn_the_hand_and_the_question(
    server_url, terminals
):
    """A review at 80x24: the 27-row map never fit; the prompt and the moves pushed it off the top and the
    player scrolled back at every turn. Now the 11-row map, the turn, the hand and the question share it."""
    term = terminals(
        f"{PORTSIDE} play --url {server_url} --game catan --players 4 --seat 0=human --seat 1=server:greedy"
        " --seat 2=server:random --seat 3=server:random --seed 3 --human-prompt --wait 5",
        columns=80,
        rows=24,
    )
    term.wait_for(PROMPT)
    on_one_screen(term.visible(), r"#\d+\* desert", r"^Catan · setup · turn of seat 0$")
    assert term.visible().rstrip().endswith("(one of those listed, q to stop):"), term.visible()
    for _ in range(4):  # settlement, road; the bots' six; settlement, road: the roll is next
        shown = len(term.screen())
        term.type(first_choice(term), "Enter")
        term.wait_for(PROMPT, after=shown)
    screen = term.visible()
    on_one_screen(screen, r"^Catan · [\w ]+ · turn of seat 0\b", r"^your hand: ")
    assert "[0] Roll the dice" in screen and re.search(r"S0[-=]", screen), screen  # its settlements, on the map
    term.type("q", "Enter")
    term.wait_for(r"EXIT=130")
    assert too_wide(term.screen(), 80) == [] and "Traceback" not in term.screen()


def seat_at_the_robber(server_url: str) -> tuple[str, int]:
    """A 4-seat French match (the others greedy server bots) whose seat 0 a local greedy bot plays until it
    is to move the robber with a hex by two seats to rob: the `--resume=ID --token=T` that picks it up, the hex."""
    client = play.Client(server_url, lang="fr")
    for seed in range(3, 40):
        created = client.create("catan", 4, seed, {}, {1: "greedy", 2: "greedy", 3: "greedy"})
        match_id, token = created["id"], created["seats"][0]["token"]
        bot, rng = get_bot("catan", "greedy"), random.Random(seed)
        for _ in range(300):
            mine = client.match(match_id, token)
            if mine["status"] != "active":
                break
            if 0 not in mine["to_act"]:
                client.events(match_id, mine["version"], 5)
                continue
            robbed = [move["hex"] for move in mine["legal_moves"] if move["type"] == "move_robber"]
            if robbed and any(robbed.count(h) > 1 for h in robbed):
                return f"--resume={match_id} --token={token}", next(h for h in robbed if robbed.count(h) > 1)
            if robbed:
                break  # no hex with two seats to rob: another match
            legal, templates = mine["legal_moves"], mine.get("move_templates", [])
            client.move(match_id, token, bot.choose(mine["view"], legal, rng, templates), at=mine)
    raise AssertionError("seat 0 never moved the robber to a hex by two seats")


def test_at_80x24_the_robbers_moves_are_one_choice_by_hex_then_whom_to_rob_in_french(server_url, terminals):
    """The robber's 18 moves (24 with a choice of seat to rob) took 22 rows and pushed the turn and the map
    off an 80x24 screen. Now they are one choice, the hex typed as the map numbers it; where two seats may
    be robbed, their two moves are listed, under the map, with the question."""
    resume, two = seat_at_the_robber(server_url)
    term = terminals(
        f"{PORTSIDE} play --url {server_url} {resume} --human-prompt --wait 5 --lang fr", columns=80, rows=24
    )
    term.wait_for(FRENCH_PROMPT)
    screen = term.visible()
    on_one_screen(screen, r"^Catan · déplacement du voleur · au tour du siège 0", r"^votre main")
    heading = r"\[0\] Déplacer le voleur sur l'hexagone … \(au choix\) : ((\d+ ?\s*)+)"
    hexes = re.search(heading, screen).group(1).split()
    assert len(hexes) == 18 and len(re.findall(r"\[\d+\]", screen)) == 1, screen
    assert re.search(r"\(une des valeurs listées, q pour\s+arrêter\) :$", screen.rstrip()), screen
    assert str(two) in hexes, hexes
    shown = len(term.screen())
    term.type(str(two), "Enter")
    term.wait_for(r"Entrée ou retour pour tous les coups,\s+q\s+pour\s+arrêter\) :\s*$", after=shown)
    screen = term.visible()
    on_one_screen(screen, rf"Déplacer le voleur sur l'hexagone {two} \(")
    assert re.search(r"\[0\] \d+\s+\[1\] \d+", screen), screen  # the seats to rob, by their numbers
    term.type("0", "Enter")
    term.wait_for(rf"Siège 0 déplace le voleur sur l'hexagone\s+{two}\b", after=shown)
    term.type("q", "Enter")
    term.wait_for(r"EXIT=130")
    assert too_wide(term.screen(), 80) == [] and "Traceback" not in term.screen()


@pytest.mark.parametrize("lang, seat_word", [("en", "Seat"), ("fr", "Siège")])
def test_at_80x24_a_log_line_is_its_version_then_what_happened_on_one_row(server_url, terminals, lang, seat_word):
    """A review at 80x24: each log line started with 31 columns (`v12    siège 2 server:greedy   `), its seat
    said twice, so most took two rows and what the bots did since the player's turn went off the screen. Now
    the version leads the text, which names the seat: the bots' set-up moves take a row each, and the last
    of them, pushed off above the map, are said again above the moves."""
    term = terminals(
        f"{PORTSIDE} play --url {server_url} --game catan --players 4 --seat 0=human --seat 1=server:greedy"
        f" --seat 2=server:random --seat 3=server:random --seed 3 --human-prompt --wait 5 --lang {lang}",
        columns=80,
        rows=24,
    )
    prompt = PROMPT if lang == "en" else FRENCH_PROMPT
    term.wait_for(prompt)
    spot = re.search(r"\((?:you choose which|au choix)\) ?: (\d+)", term.screen()).group(1)
    for keys in (spot, "0"):  # a settlement and its road: the bots' twelve set-up moves follow
        shown = len(term.screen())
        term.type(keys, "Enter")
        term.wait_for(prompt, after=shown)
    lines = term.screen().splitlines()
    logged = {int(found.group(1)): n for n, line in enumerate(lines) if (found := re.match(r"v(\d+) ", line))}
    rows = []
    for version in range(3, 9):
        line, *more = lines[logged[version] : logged[version + 1] if version < 8 else logged[version] + 2]
        assert re.match(rf"v{version} +{seat_word} [1-3] \w", line) and "server:" not in line, line
        assert line.index(seat_word) <= 6, line  # the text, in the lead's place
        rows.append(1 + len([row for row in more if row.startswith(" ")]))
    assert rows == [1] * 6, rows  # a French road's line was 82 columns
    # What the bots did went off the screen above the map: its last lines are said again above the moves.
    screen = term.visible()
    last = max(logged)  # the bots' twelve set-up moves: seat 1's road is the last
    on_one_screen(screen, rf"^v{last} +{seat_word} 1 ", rf"^v{last - 1} +{seat_word} 1 ")
    assert screen.index(f"v{last - 1} ") > screen.index("#18"), screen  # under the map, over the moves
    term.type("q", "Enter")
    term.wait_for(r"EXIT=130")
    assert too_wide(term.screen(), 80) == [] and "Traceback" not in term.screen()


def seats_0_and_1_both_to_act(server_url: str) -> tuple[str, str]:
    """A 4-seat Catan match (seats 2 and 3 greedy server bots) whose seats 0 and 1 random bots play until both
    are to act (a trade offered to both, a discard after a 7): its id and seat 0's token."""
    client = play.Client(server_url)
    created = client.create("catan", 4, 5, {}, {2: "greedy", 3: "greedy"})
    match_id, tokens = created["id"], {seat["seat"]: seat["token"] for seat in created["seats"]}
    bot, rng = get_bot("catan", "random"), random.Random(5)
    for _ in range(2000):
        state = client.match(match_id)
        assert state["status"] == "active", state["status"]
        if {0, 1} <= set(state["to_act"]):
            return match_id, tokens[0]
        seat = state["to_act"][0]
        mine = client.match(match_id, tokens[seat])
        move = bot.choose(mine["view"], mine["legal_moves"], rng, mine.get("move_templates", []))
        client.move(match_id, tokens[seat], move, at=mine)
    raise AssertionError("seats 0 and 1 were never to act at once")


def test_a_seat_that_chose_to_wait_reads_whom_it_waits_for_not_itself(server_url, terminals):
    """Enter at a prompt that may wait for the others printed « waiting for seat 0 (human), 1 (person) »: the
    person at the terminal, seat 0, had just chosen to wait. The line names the others only."""
    match_id, token = seats_0_and_1_both_to_act(server_url)
    term = terminals(
        f"{PORTSIDE} play --url {server_url} --resume={match_id} --token={token} --human-prompt --wait 5",
        columns=80,
        rows=24,
    )
    term.wait_for(r"Enter to wait for the others, q to stop\): $")
    term.type("Enter")
    waiting = term.wait_for(r"(?m)^v\d+ +waiting for seat (.*)$").group(1)
    assert waiting.startswith("1 (person)") and "0 (" not in waiting, waiting
    term.type("C-c")  # the wait reads no line
    term.wait_for(r"EXIT=130")
