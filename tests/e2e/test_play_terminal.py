"""`portside play --human-prompt` as a person uses it: in a real terminal (tmux), against a
real gunicorn. The table and the numbered moves are shown, bad input gets a message, Ctrl-C
prints how to resume, and the printed command picks the seat up where it was."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.e2e


class Terminal:
    """One tmux server of our own (-L), one window running a command; read what the screen shows."""

    def __init__(self, command: str):
        if not shutil.which("tmux"):
            pytest.fail("no tmux: `make test` installs Debian's tmux package")
        self.socket = f"portside-test-{uuid.uuid4().hex[:8]}"
        # The shell keeps the pane open after the client exits, showing its exit status.
        shell = f"cd {shlex.quote(str(ROOT))} && {command}; echo EXIT=$?; sleep 60"
        self.tmux("new-session", "-d", "-x", "160", "-y", "60", shell)

    def tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=10)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-J", "-S", "-400")

    def wait_for(self, pattern: str, after: int = 0, seconds: float = 30) -> re.Match:
        """Wait until the screen (from the `after`-th character of its text) matches; the match."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            found = re.search(pattern, self.screen()[after:])
            if found:
                return found
            time.sleep(0.1)
        raise AssertionError(f"{pattern!r} never showed; the screen:\n{self.screen()}")

    def type(self, *keys: str) -> None:
        self.tmux("send-keys", "--", *keys)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=10)


@pytest.fixture
def terminals():
    opened: list[Terminal] = []
    yield lambda command: opened.append(Terminal(command)) or opened[-1]
    for terminal in opened:
        terminal.close()


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.load(response)


def test_a_person_plays_from_the_terminal_stops_with_ctrl_c_and_resumes(server_url, terminals):
    portside = f"{shlex.quote(sys.executable)} -m service.cli"
    first = terminals(
        f"{portside} play --url {server_url} --game medici --players 2 --seat 0=human --seat 1=server:random"
        " --seed 8 --human-prompt --wait 5"
    )
    header = first.wait_for(r"Match (\S+): 2-player medici, seats: 0=human, 1=server:random")
    match_id = header.group(1)
    token = first.wait_for(r"seat 0 is yours, played here: token (pst_\S+)").group(1)

    # The table and the labelled moves, not the view's JSON.
    first.wait_for(r"move number \(0-1, q to stop\)")
    screen = first.screen()
    assert "Medici · round 1/3 · draw" in screen and "0 Medici (you)" in screen
    assert re.search(r"\[0\] \S", screen) and "(you choose price)" in screen
    assert '{"' not in screen

    # Bad input is answered, not silently asked again.
    first.type("seven", "Enter")
    first.wait_for(r"'seven' is not a move here: type a number from 0 to 1\.")
    first.type("1", "Enter")  # the offer: a template, asked for its price
    first.wait_for(r"integer \(a whole number from 0 to \d+\): ")
    first.type("-3", "Enter")
    first.wait_for(r"'-3' is outside what this move allows")
    first.type("0", "Enter")
    first.wait_for(r"seat 0, your move \(version [1-9]\d*\)")
    version_seen = get(f"{server_url}/v1/matches/{match_id}")["version"]
    assert version_seen >= 1

    # Ctrl-C at the prompt: no traceback, the match, the seat, its token and the command to go on.
    first.type("C-c")
    stopped = first.wait_for(r"Stopped\. Match (\S+) goes on without this terminal; to resume:")
    assert stopped.group(1) == match_id
    screen = first.screen()
    assert "Traceback" not in screen
    assert f"seat 0, token {token}" in screen
    command = re.search(r"portside play (--url \S+ --resume=\S+ --token=\S+ --human-prompt)", screen).group(1)
    assert command == f"--url {server_url} --resume={match_id} --token={token} --human-prompt"
    first.wait_for(r"EXIT=130")

    # The printed command continues the same seat at the same point.
    second = terminals(f"{portside} play {command} --wait 5")
    resumed = second.wait_for(r"seat 0, your move \(version (\d+)\)")
    assert int(resumed.group(1)) == get(f"{server_url}/v1/matches/{match_id}")["version"] >= version_seen
    second.type("q", "Enter")
    second.wait_for(r"Stopped\. Match \S+ goes on without this terminal")
    second.wait_for(r"EXIT=130")


def test_a_smuggler_seat_shows_its_compact_table_in_the_terminal(server_url, terminals):
    """A second game in the real terminal: Cornish Smuggler's own table (not the generic
    dump), bad input answered, `q` stops with the resume line."""
    portside = f"{shlex.quote(sys.executable)} -m service.cli"
    term = terminals(
        f"{portside} play --url {server_url} --game smuggler --players 3 --seat 0=human"
        " --seat 1=server:random --seat 2=server:random --seed 5 --human-prompt --wait 5"
    )
    match_id = term.wait_for(r"Match (\S+): 3-player smuggler, seats: 0=human").group(1)
    last = int(term.wait_for(r"move number \(0-(\d+)(, Enter to wait for the others)?, q to stop\)").group(1))
    screen = term.screen()
    parts = ("Cornish Smuggler · round ", "customs track step ", "officers: 1 Penzance; 2 St Ives", "your network: ")
    for part in parts:
        assert part in screen, (part, screen)
    assert re.search(r"^seat\s+gold\s+infl\s+rep\s+score\s+secrets\s+hold", screen, re.M), screen
    assert re.search(r"^0 \(you\)\s+(\d+\s+){5}(no boat|\S+ @)", screen, re.M), screen
    assert '{"' not in screen and "Traceback" not in screen

    term.type(str(last + 1), "Enter")
    term.wait_for(rf"'{last + 1}' is not a move here: type a number from 0 to {last}\.")
    term.type("q", "Enter")
    stopped = term.wait_for(r"Stopped\. Match (\S+) goes on without this terminal; to resume:")
    assert stopped.group(1) == match_id
    term.wait_for(r"EXIT=130")


def test_a_catan_seat_sees_the_map_in_the_terminal_during_and_after_set_up(server_url, terminals):
    """The map of intersections, paths and hexes, drawn from the view's topology during set-up
    and from the game's static data after it (a view leaves the topology out then)."""
    portside = f"{shlex.quote(sys.executable)} -m service.cli"
    term = terminals(
        f"{portside} play --url {server_url} --game catan --players 4 --seat 0=human --seat 1=server:random"
        " --seat 2=server:random --seat 3=server:random --seed 11 --human-prompt --wait 5"
    )
    prompt = r"move number \(0-\d+(, Enter to wait for the others)?, q to stop\)"
    term.wait_for(prompt)
    screen = term.screen()
    assert "Build a settlement on intersection …:" in screen, screen  # 54 spots under one heading
    assert re.search(r"^\s+00\s+01\s+02$", screen, re.M), screen  # the map's top row
    assert "S0, C0: seat 0's settlement, city" in screen and "harbours: " in screen
    for _ in range(4):  # settlement, road; the bots' six; settlement, road
        shown = len(term.screen())
        term.type("0", "Enter")
        term.wait_for(prompt, after=shown)
    screen = term.screen()
    after_setup = screen[screen.rindex("--- seat 0, your move") :]
    assert "[0] Roll the dice" in after_setup, after_setup
    assert re.search(r"^\s+\S+\s+\S+\s+\S+$", after_setup.splitlines()[1]), after_setup  # the map's top row
    on_the_map = after_setup[: after_setup.index("S0, C0:")]  # the legend names seat 0 too
    assert len(re.findall(r"(?<![#(\w])S0(?![\w)])", on_the_map)) == 2, after_setup  # two settlements
    assert "Traceback" not in screen
    term.type("q", "Enter")
    term.wait_for(r"EXIT=130")
