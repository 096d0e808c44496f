"""`portside play --human-prompt` as a person uses it: in a real terminal (tmux), against a
real gunicorn. The table and the numbered moves are shown, bad input gets a message, Ctrl-C
prints how to resume, and the printed command picks the seat up where it was."""

from __future__ import annotations

import json
import random
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

from engine.bots import get_bot
from engine.smuggler.content import CHARACTERS
from service import play

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.e2e


class Terminal:
    """One tmux server of our own (-L), one window running a command; read what the screen shows."""

    def __init__(self, command: str, columns: int = 160, rows: int = 60):
        if not shutil.which("tmux"):
            pytest.fail("no tmux: `make test` installs Debian's tmux package")
        self.socket = f"portside-test-{uuid.uuid4().hex[:8]}"
        # The shell keeps the pane open after the client exits, showing its exit status.
        shell = f"cd {shlex.quote(str(ROOT))} && {command}; echo EXIT=$?; sleep 60"
        self.tmux("new-session", "-d", "-x", str(columns), "-y", str(rows), shell)

    def tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=10)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def screen(self) -> str:
        """The screen and the lines above it, each line the terminal wrapped joined again (-J)."""
        return self.tmux("capture-pane", "-p", "-J", "-S", "-5000")

    def visible(self) -> str:
        """What the screen shows now, without the lines scrolled above it."""
        return self.tmux("capture-pane", "-p")

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
    first.wait_for(r"you have 300; a buyer short of money borrows the rest\) \(type a whole number from 0 to \d+\): ")
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
    assert re.search(r"^seat\s+gold\s+infl\s+rep\s+score\s+secrets$", screen, re.M), screen
    assert re.search(r"^0 \(you\)(\s+\d+){5}$", screen, re.M), screen
    assert re.search(r"^your boat: (not chosen yet|\S+ @)", screen, re.M), screen
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
    term.wait_for(PROMPT)
    screen = term.screen()
    assert "[0] Build a settlement on intersection … (you choose which): 0 1 2 3" in screen, screen  # 54 spots
    assert re.search(MAP_EDGE_ROW, screen, re.M), screen
    assert "S0/C0: seat 0's settlement/city" in screen and "harbours: " in screen
    for _ in range(4):  # settlement, road; the bots' six; settlement, road
        answer(term, first_choice(term))
    screen = term.screen()
    after_setup = screen[screen.rindex("--- seat 0, your move") :]
    assert "[0] Roll the dice" in after_setup, after_setup
    on_the_map = after_setup[after_setup.index("harbours: ") : after_setup.index("\nCatan · ")]
    assert re.search(MAP_EDGE_ROW, on_the_map, re.M), after_setup
    assert len(re.findall(r"(?<![#(\w])S0(?![\w)])", on_the_map)) == 2, after_setup  # two settlements
    assert "Traceback" not in screen
    term.type("q", "Enter")
    term.wait_for(r"EXIT=130")


def too_wide(screen: str, columns: int) -> list[str]:
    """The lines the terminal had to wrap, cutting a word or an argument in two (capture-pane -J
    joins them again, so such a line comes back longer than the terminal)."""
    return [line for line in screen.splitlines() if len(line.rstrip()) > columns]


def unwrapped(text: str) -> str:
    """The text with the client's own line breaks (and their indentation) undone."""
    return re.sub(r"\s*\n\s*", " ", text)


# Catan's map: a row of seven corners (the top one, or the bottom one), its paths between them (a road's seat too).
MAP_EDGE_ROW = r"^ +(?:\w\w[-=\d]{5,6}){6}\w\w$"
# The question last on screen: a move's number, or a spot asked for at once.
PROMPT = r"(move number \(0(-\d+)?(, Enter to wait for the others)?|\(one of those listed), q to stop\): \s*$"
SPOT_ASKED = "(one of those listed, q to stop): "


def first_choice(term: Terminal) -> str:
    """What picks the first thing listed: move 0, or (a spot asked for at once) the first spot listed."""
    asked = unwrapped(term.screen().rsplit("moves:", 1)[1])
    if not asked.rstrip().endswith(SPOT_ASKED.rstrip()):
        return "0"
    return re.search(r"\(you choose which\): (\d+)", asked).group(1)


def answer(term: Terminal, keys: str) -> str:
    """Type keys and Enter; the screen once the next move prompt shows, from this answer on."""
    shown = len(term.screen())
    term.type(keys, "Enter")
    term.wait_for(PROMPT, after=shown)
    return term.screen()[shown:]


def catan_at_80_columns(server_url: str, terminals) -> Terminal:
    return at_80x40(server_url, terminals, "catan")


def at_80x40(server_url: str, terminals, game: str) -> Terminal:
    """A seat of `game` for a person at 80x40, against a greedy and a random server bot (seed 3)."""
    portside = f"{shlex.quote(sys.executable)} -m service.cli"
    return terminals(
        f"{portside} play --url {server_url} --game {game} --players 3 --seat 0=human --seat 1=server:greedy"
        " --seat 2=server:random --seed 3 --human-prompt --wait 5",
        columns=80,
        rows=40,
    )


def test_at_80_columns_no_line_of_catan_nor_of_the_resume_command_is_cut_by_the_terminal(server_url, terminals):
    """A player's review at 80 columns: the terminal cut the move grid, the legend, the harbours, the
    log and the resume command mid-word (the client wrapped at 100, the log not at all)."""
    term = catan_at_80_columns(server_url, terminals)
    match_id = term.wait_for(r"Match (\S+): 3-player catan").group(1)
    term.wait_for(PROMPT)
    first = term.screen()
    assert "Build a settlement on intersection … (you choose which):" in first and "harbours: " in first, first
    assert too_wide(first, 80) == [], too_wide(first, 80)
    for _ in range(5):  # set-up (settlement, road; the bots' four; settlement, road), then the roll
        answer(term, first_choice(term))
    term.type("C-c")
    term.wait_for(r"EXIT=130")
    screen = term.screen()
    assert too_wide(screen, 80) == [], too_wide(screen, 80)
    assert re.search(r"^v\d+ +Seat 1 built a settlement", screen, re.M), screen  # the log, wrapped too
    resume = screen[screen.index("to resume:") : screen.index("EXIT=130")]
    command = re.sub(r" \\\n\s+", " ", resume)  # the lines, pasted, are one command
    assert re.search(rf"portside play --url {server_url} --resume={match_id} --token=pst_\S+ --human-prompt", command)


def test_at_the_set_up_a_person_types_the_intersection_the_map_shows(server_url, terminals):
    """A player's walkthrough at 80x40: move numbers stood beside the spots (`[20] 35`) and the player
    typed the spot from the map. Now the spot is what is asked; the second settlement, the bots' spots
    taken (the listed spots no longer count from 0), goes where typed."""
    term = catan_at_80_columns(server_url, terminals)
    match_id = term.wait_for(r"Match (\S+): 3-player catan").group(1)
    term.wait_for(PROMPT)
    assert term.screen().rstrip().endswith(f"Build a settlement on intersection … {SPOT_ASKED.rstrip()}")
    for _ in range(2):  # the first settlement and its road
        answer(term, first_choice(term))
    asked = unwrapped(term.screen().rsplit("moves:", 1)[1])
    spots = re.search(r"\(you choose which\): ([\d ]+)", asked).group(1).split()
    spot = spots[-1]
    assert int(spot) >= len(spots), spots  # as a move number it would be out of range
    answer(term, spot)
    term.wait_for(rf"Seat 0 built a settlement on intersection {int(spot)}\b")
    settlements = get(f"{server_url}/v1/matches/{match_id}")["view"]["settlements"]
    assert [int(spot), 0] in settlements, settlements
    term.type("q", "Enter")
    term.wait_for(r"EXIT=130")


def test_a_trade_says_its_bounds_in_words_and_an_empty_line_or_back_returns_to_the_moves(server_url, terminals):
    """A trade prompt could be left only with a valid fill or Ctrl-C (`q`, an empty line and `back`
    were refused), and a count out of range was answered with the param's JSON."""
    term = catan_at_80_columns(server_url, terminals)
    term.wait_for(PROMPT)
    for _ in range(12):  # set-up, the roll, the robber on a 7: whatever comes until a trade may be offered
        offer = re.search(r"\[(\d+)\] Offer a trade", term.screen().rsplit("moves:", 1)[1])
        if offer:
            break
        answer(term, first_choice(term))
    else:
        raise AssertionError(f"no trade offered; the screen:\n{term.screen()}")

    shown = len(term.screen())
    term.type(offer.group(1), "Enter")
    asked = term.wait_for(r"give: counts \(name=count for any of (\w+)", after=shown)
    key = asked.group(1)  # a card held: the hand is random
    term.type(f"{key}=99", "Enter")
    term.wait_for(r"in all\.\n", after=shown)  # the message may wrap at 80 columns, the hand being random
    said = re.search(rf"'{key}=99' is outside what this move allows: (.*? in all)\.", unwrapped(term.screen()[shown:]))
    assert said, term.screen()[shown:]
    said = said.group(1)
    assert re.fullmatch(r"(\w+: 0 to \d+, )*\w+: 0 to \d+; \d+( to \d+)? in all", said), said
    assert "an empty line or 'back' goes back to the moves" in term.screen()[shown:]
    back = answer(term, "")  # an empty line: the moves again, the trade among them
    assert re.search(rf"moves:\n(  .*\n)*  \[{offer.group(1)}\] Offer a trade", back), back
    shown = len(term.screen())
    term.type(offer.group(1), "Enter")
    term.wait_for(r"give: counts \(", after=shown)
    back = answer(term, "back")
    assert re.search(rf"moves:\n(  .*\n)*  \[{offer.group(1)}\] Offer a trade", back), back
    shown = len(term.screen())
    term.type(offer.group(1), "Enter")
    term.wait_for(r"give: counts \(", after=shown)
    term.type("q", "Enter")  # q stops there too, as at the move prompt
    term.wait_for(r"Stopped\. Match \S+ goes on without this terminal")
    term.wait_for(r"EXIT=130")
    assert '{"' not in term.screen() and "Traceback" not in term.screen()


def test_at_80_columns_a_smuggler_seat_sees_holds_merchants_goods_abilities_and_secrets(server_url, terminals):
    """What the web page shows and the terminal left out: each boat's hold, what each merchant has
    left, what a kept character can do and what a secret does; all within 80 columns."""
    term = at_80x40(server_url, terminals, "smuggler")
    term.wait_for(PROMPT)
    first = unwrapped(term.screen())
    assert "boats to choose from (row by row: x a square, . none): " in first, first
    assert "Lugger xxxx/xxxx/.xx. (10 squares); Cutter .xxx./xxxxx/.xxx. (11 squares)" in first, first
    assert "merchants' goods (each shape row by row: x a square, . none): Irish trader: #0 keg x, #1 i2 xx" in first
    assert "#3 l3 x./xx" in first and "Roscoff lugger: " in first
    assert "Take the … [0] Lugger [1] Cutter [2] Pilot gig" in re.sub(" +", " ", first), first  # a line, not ten

    table = ""
    for _ in range(12):  # set-up, choosing the first of everything, into the first round
        table = answer(term, "0")
        if " · play · " in table:
            break
    # In full where they are printed (when they change); the status under them names them.
    mine = [unwrapped(m.group(1)) for m in re.finditer(r"your characters: ([^\n]+(\n  [^\n]+)*)", term.screen())]
    assert any(re.match(r"[\w ]+ \([^:]+: \d+ gold, reputation \d+", said) for said in mine), mine
    # Which cards are for hire depends on the bots' picks (a random match id): each says its ability if it has one.
    hire = re.search(
        r"for hire: (.*?\)) (\(|goods ashore: |warehouses: |sale prices |Cornish Smuggler · )", unwrapped(table)
    )
    assert hire, table
    by_name = {card["name"]: card for card in CHARACTERS.values()}
    for entry in hire.group(1).rstrip(")").split("); "):
        card = by_name[entry.split(" (")[0]]
        assert bool(re.search(r"ability: \w[\w ]+ \(", entry)) == bool(card.get("ability")), entry
    secret = re.search(r"Discover a secret for 2 … \[(\d+)\] influence", unwrapped(table))
    assert secret, table
    shown = len(term.screen())
    term.type(secret.group(1), "Enter")
    term.wait_for(r"drew a secret", after=shown)
    later = unwrapped(term.wait_for(r"your secrets: ([^\n]+(\n  [^\n]+)*)", after=shown).group(1))
    assert re.match(r"[\w' -]+: \w[^;]* \(on (your turn|another's landing)\)$", later), later

    term.type("q", "Enter")
    term.wait_for(r"EXIT=130")
    screen = term.screen()
    assert too_wide(screen, 80) == [], too_wide(screen, 80)
    assert "Traceback" not in screen


def all_moves_visible(screen: str) -> bool:
    """The last list of moves whole on the screen, each number from 0, and the prompt after it."""
    if "moves:" not in screen:
        return False
    listed = screen.rsplit("moves:", 1)[1]
    numbers = [int(n) for n in re.findall(r"\[(\d+)\]", listed)]
    asked = re.search(r"q to stop\):\s*$", listed)  # the screen as shown keeps no trailing space
    return bool(numbers) and numbers == list(range(len(numbers))) and bool(asked)


def test_at_80x40_a_catan_turn_keeps_the_log_whose_turn_the_hand_and_the_moves_on_screen(server_url, terminals):
    """A player's walkthrough at 80x40: the 25-row map, printed at every prompt, scrolled the table and
    what the bots had just done off the screen. The map in 11 rows is at every prompt, and what just
    happened stays above it; `map` prints the table again."""
    term = catan_at_80_columns(server_url, terminals)
    term.wait_for(PROMPT)
    screen = term.visible()
    assert re.search(MAP_EDGE_ROW, screen, re.M) and screen.rstrip().endswith(SPOT_ASKED.rstrip()), screen
    for _ in range(4):  # settlement, road; the bots' four; settlement, road: the roll is next
        answer(term, first_choice(term))
    assert "[0] Roll the dice" in term.screen().rsplit("moves:", 1)[1]
    answer(term, "0")
    screen = term.visible()
    assert re.search(r"^v\d+ +Seat 0 rolled \d+", screen, re.M), screen  # what just happened
    assert re.search(MAP_EDGE_ROW, screen, re.M) and "as printed above" not in screen, screen
    assert re.search(r"^Catan · \w+ · turn of seat 0 · dice \d, \d", screen, re.M), screen
    assert re.search(r"^your hand: \S", screen, re.M) and all_moves_visible(screen), screen

    answer(term, "map")
    screen = term.visible()
    assert "#18 " in screen and "S0/C0: seat 0's settlement/city" in screen, screen
    assert "as printed above" not in screen and all_moves_visible(screen), screen
    term.type("q", "Enter")
    term.wait_for(r"EXIT=130")


def test_at_80x40_a_smuggler_turn_keeps_whose_turn_the_seats_and_the_moves_on_screen(server_url, terminals):
    """A turn's table (some 35 lines) and its moves (25) scrolled the round, the seats' gold, influence
    and reputation off a 40-row screen. The status comes last, next to the moves; the characters, goods,
    prices and networks above it are printed again only when they change."""
    term = at_80x40(server_url, terminals, "smuggler")
    term.wait_for(PROMPT)
    for _ in range(12):  # set-up, choosing the first of everything, into the first round
        if " · play · " in answer(term, "0"):
            break
    screen = term.visible()
    assert re.search(r"^Cornish Smuggler · round 1 · play · active seat 0", screen, re.M), screen
    assert re.search(r"^0 \(you\)(\s+\d+){5}$", screen, re.M), screen  # gold, influence, reputation…
    assert re.search(r"^your boat: \S+ @", screen, re.M), screen
    assert re.search(r"^your characters: \S", screen, re.M) and all_moves_visible(screen), screen
    term.type("q", "Enter")
    term.wait_for(r"EXIT=130")


def smuggler_turn_of_many_moves(server_url: str, least: int) -> str:
    """A 2-seat match (seat 1 a greedy server bot) whose seat 0 a local greedy bot plays until its turn
    lists at least `least` moves: the `--resume=ID --token=T` that picks the seat up there."""
    client = play.Client(server_url)
    created = client.create("smuggler", 2, 3, {}, {1: "greedy"})
    match_id, token = created["id"], created["seats"][0]["token"]
    bot, rng = get_bot("smuggler", "greedy"), random.Random(3)
    for _ in range(400):
        mine = client.match(match_id, token)
        assert mine["status"] == "active", mine["status"]
        if 0 not in mine["to_act"]:
            client.events(match_id, mine["version"], 5)
            continue
        legal, templates = mine["legal_moves"], mine.get("move_templates", [])
        if len(legal) >= least and mine["view"].get("deciding") is None:
            return f"--resume={match_id} --token={token}"
        client.move(match_id, token, bot.choose(mine["view"], legal, rng, templates), at=mine)
    raise AssertionError(f"no turn of {least} moves")


def test_at_80x40_a_smuggler_turn_of_60_moves_keeps_the_table_and_the_whole_list_on_screen(server_url, terminals):
    """A player's walkthrough at 80x40: a turn with a few pawns, an officer or two and goods ashore listed
    60 to 120 moves (30 to 65 lines); the top of the list and the table above it scrolled off, and the
    player chose among moves he could not see. The kinds of moves that take the most lines are one
    choice each (`Move your pawn from … (12 moves, listed when chosen)`): chosen, they are listed alone
    under the table, numbered from 0; an empty line or `back` lists all the moves again."""
    resume = smuggler_turn_of_many_moves(server_url, 60)
    portside = f"{shlex.quote(sys.executable)} -m service.cli"
    term = terminals(f"{portside} play --url {server_url} {resume} --human-prompt --wait 5", columns=80, rows=40)
    term.wait_for(PROMPT)
    screen = term.visible()
    assert re.search(r"^Cornish Smuggler · round \d+ · play · active seat 0", screen, re.M), screen
    assert re.search(r"^0 \(you\)(\s+\d+){5}$", screen, re.M) and all_moves_visible(screen), screen
    # The kind listed as one choice: pawns, officers, goods, which depends on the rows the table leaves.
    section = re.search(r"\[(\d+)\] ([^\[\n]+?) … \((\d+) moves, listed when chosen\)", screen)
    assert section, screen
    number, heading = section.group(1), section.group(2)

    shown = len(term.screen())
    term.type(number, "Enter")
    term.wait_for(rf"moves: {re.escape(heading)} …\n(.*\n)*move number \(0-\d+, Enter or back for all the moves", shown)
    screen = term.visible()
    assert re.search(r"^Cornish Smuggler · round \d+ · play · active seat 0", screen, re.M), screen
    listed = screen.rsplit(f"moves: {heading} …", 1)[1]
    assert all_moves_visible(screen) and len(re.findall(r"\[\d+\]", listed)) == int(section.group(3)), screen
    lines = [line for line in listed.splitlines() if line.strip()][:-1]  # the question last
    assert all(line.startswith((f"  {heading}", "    [")) for line in lines), listed

    back = answer(term, "back")
    assert f"[{number}] {heading} … (" in back and all_moves_visible(term.visible()), back
    shown = len(term.screen())
    term.type(number, "Enter")
    term.wait_for(r"Enter or back for all the moves, q to stop\): $", shown)
    term.type("0", "Enter")
    term.wait_for(r"v\d+ +(Seat 0 |seat 0: )\S", shown)  # the move chosen, in the log (« Officer 1 moved »: whose)
    term.type("q", "Enter")
    term.wait_for(r"EXIT=130")
    assert too_wide(term.screen(), 80) == [] and "Traceback" not in term.screen()
