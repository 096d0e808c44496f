"""`portside play --human-prompt` in French, as a French player uses it: in a real terminal (tmux),
against a real gunicorn and Redis. The terminal's own words come from the service's catalogue; the
moves, the log and the refusals in the server's French (the client asks for it: Accept-Language)."""

from __future__ import annotations

import http.server
import random
import re
import shlex
import sys
import threading
import time

import pytest

from engine.bots import get_bot
from service import play
from tests.e2e.test_play_terminal import too_wide

pytestmark = pytest.mark.e2e

PORTSIDE = f"{shlex.quote(sys.executable)} -m service.cli"
FRENCH_PROMPT = r"(numéro du coup \(0(-\d+)?|\(une des valeurs listées),\s+q\s+pour\s+arrêter\) :\s*$"


def test_with_lang_fr_the_table_the_moves_the_log_and_the_resume_are_french(server_url, terminals):
    term = terminals(
        f"LANG=C.UTF-8 {PORTSIDE} play --url {server_url} --game medici --players 2 --seat 0=human"
        " --seat 1=server:random --seed 8 --human-prompt --wait 5 --lang fr",
        columns=100,
        rows=40,
    )
    # The seats in French (was « sièges : 0=human », the command line's words), a bot by its name as typed
    match_id = term.wait_for(r"Partie (\S+) : medici à 2 joueurs, sièges : 0 \(humain\), 1 \(server:random\)").group(1)
    term.wait_for(r"le siège 0 est à vous, joué ici : jeton pst_")
    term.wait_for(r"numéro du coup \(0-1, q pour arrêter\) :\s*$")
    screen = term.screen()
    assert re.search(r"^v1 +La manche 1 commence ; Medici pioche en premier", screen, re.M), screen
    assert "--- siège 0, à vous de jouer (version 1)" in screen, screen
    assert "Medici · manche 1/3 · tirage" in screen and "0 Medici (vous)" in screen, screen
    assert re.search(r"^siège +argent +crédit$", screen, re.M), screen
    assert "[0] Piocher une tuile de plus" in screen, screen  # the server's label, in French
    assert "[1] Fixer le prix du lot (vous choisissez : prix)" in screen, screen

    term.type("sept", "Enter")
    term.wait_for(r"'sept' n'est pas un coup possible ici : tapez un nombre de 0 à 1\.")
    term.type("1", "Enter")
    price = r"prix : ce que paie l'acheteur du lot \(vous avez 300 ;[\s\S]*\(tapez un nombre entier de 0 à \d+\) :"
    term.wait_for(price + r"\s*$")
    term.type("-3", "Enter")
    term.wait_for(r"'-3' sort de ce que ce coup permet : tapez un nombre entier de 0 à \d+\.")
    term.type("0", "Enter")
    # The log, in French, its text after the version: « Medici » says the seat (« v2 siège 0 humain » said it twice).
    assert not term.wait_for(r"(?m)^v2 +(.*)Medici propose le lot pour 0").group(1)
    term.wait_for(r"siège 0, à vous de jouer \(version [1-9]\d*\)")

    term.type("q", "Enter")
    term.wait_for(r"Arrêt\. La partie (\S+) continue sans ce terminal ; pour la reprendre :")
    term.wait_for(r"EXIT=130")
    screen = term.screen()
    assert "Traceback" not in screen and not re.search(r"\b(your move|move number|seat \d)\b", screen), screen
    # French holds « siège 0 », « : » with no-break spaces; the terminal says plain ones (copied, pasted, grepped)
    assert "\xa0" not in screen and "siège 0" in screen, screen
    pasted = re.sub(r" \\\n\s+", " ", screen)  # the command's lines, pasted, are one
    command = re.search(r"portside play (--url \S+ --resume=\S+ --token=\S+ --human-prompt --lang fr)", pasted)
    assert command and f"--resume={match_id}" in command.group(1), screen

    again = terminals(f"LANG=C.UTF-8 {PORTSIDE} play {command.group(1)} --wait 5", columns=100, rows=40)
    again.wait_for(r"siège 0, à vous de jouer \(version \d+\)")  # the language kept
    again.type("q", "Enter")
    again.wait_for(r"Arrêt\. La partie \S+ continue sans ce terminal")
    again.wait_for(r"EXIT=130")


def test_a_french_locale_plays_catan_in_french_at_80x40_within_the_width(server_url, terminals):
    """No --lang: the locale says French, as a terminal user expects. The map's legend and marks, the
    status, the hand, the spots asked for: all French, no line wider than the terminal."""
    term = terminals(
        f"LC_ALL= LC_MESSAGES= LANG=fr_FR.UTF-8 {PORTSIDE} play --url {server_url} --game catan --players 3"
        " --seat 0=human --seat 1=server:greedy --seat 2=server:random --seed 3 --human-prompt --wait 5",
        columns=80,
        rows=40,
    )
    term.wait_for(FRENCH_PROMPT)
    screen = term.screen()
    assert "C0/V0 : colonie/ville du siège 0" in screen and "ports : " in screen, screen
    assert re.search(r"^Catan · mise en place · au tour du siège 0$", screen, re.M) and re.search(
        r"#\d+\* désert", screen
    )
    assert "[0] Construire une colonie sur l'intersection … (au choix) : " in screen, screen
    assert re.search(r"… \(une des valeurs listées, q\s+pour\s+arrêter\) :\s*$", screen), screen
    spot = re.search(r"\(au choix\) : (\d+)", screen).group(1)
    shown = len(term.screen())
    term.type(spot, "Enter")
    term.wait_for(rf"Siège 0 construit une colonie\s+sur\s+l'intersection\s+{spot}\b", after=shown)
    term.wait_for(r"colonies : " + spot, after=shown)  # the status, under the moves' question
    term.type("q", "Enter")
    term.wait_for(r"EXIT=130")
    screen = term.screen()
    assert too_wide(screen, 80) == [], too_wide(screen, 80)
    assert "Traceback" not in screen and "--lang fr" in screen, screen


def answer(term, keys: str) -> str:
    """Type keys and Enter; the screen once the next move prompt shows, from this answer on."""
    shown = len(term.screen())
    term.type(keys, "Enter")
    term.wait_for(FRENCH_PROMPT, after=shown)
    return term.screen()[shown:]


def flat(text: str) -> str:
    """The text with the client's own line breaks (and their indentation) undone, one space between words."""
    return re.sub(r" +", " ", re.sub(r"\n +", " ", text))


def wait_said(term, pattern: str, after: int = 0, seconds: float = 30) -> re.Match:
    """Wait until the screen from its `after`-th character, its lines joined (flat), matches `pattern`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = re.search(pattern, flat(term.screen()[after:]))
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"{pattern!r} never showed; the screen:\n{term.screen()}")


def play_until_a_landing(server_url: str, match_id: str, token: str) -> None:
    """Seat 0 played by a local greedy bot over HTTP until its moves offer to land goods."""
    client = play.Client(server_url)
    bot, rng = get_bot("smuggler", "greedy"), random.Random(3)
    for _ in range(600):
        mine = client.match(match_id, token)
        assert mine["status"] == "active", mine["status"]
        legal, templates = mine["legal_moves"], mine.get("move_templates", [])
        if 0 not in mine["to_act"] or not (legal or templates):
            client.events(match_id, mine["version"], 5)
            continue
        if any(tmpl["move"]["type"] == "land" for tmpl in templates):
            return
        try:
            client.move(match_id, token, bot.choose(mine["view"], legal, rng, templates), at=mine)
        except play.ApiError as err:
            if err.code not in ("stale_version", "not_your_turn"):
                raise
    raise AssertionError(f"seat 0 of match {match_id} was never offered a landing")


def test_a_french_smuggler_match_from_its_set_up_to_a_landing(server_url, terminals):
    """The landing in French was checked in-process only. In tmux: the set-up (boats, merchants' goods,
    one family of moves on one line), then, the seat having sailed with goods to its network, the
    landing asked in French, the log saying it, `carte` and `quitter` as the help lines say."""
    command = f"LANG=C.UTF-8 {PORTSIDE} play --url {server_url} --wait 5 --lang fr --human-prompt"
    term = terminals(
        f"{command} --game smuggler --players 2 --seat 0=human --seat 1=server:greedy --seed 3", columns=100, rows=50
    )
    match_id = term.wait_for(r"Partie (\S+) : smuggler à 2 joueurs").group(1)
    token = term.wait_for(r"le siège 0 est à vous, joué ici : jeton (pst_\S+)").group(1)
    term.wait_for(FRENCH_PROMPT)
    first = flat(term.screen())
    assert "bateaux au choix (ligne par ligne : x un carré, . rien) : Lougre xxxx/xxxx/.xx. (10 carrés)" in first
    assert "Prendre … [0] le lougre [1] le cotre [2] la yole de pilote [3] le ketch" in first, first
    assert "Marchand irlandais : n° 0 tonnelet x, n° 1 i2 xx, n° 2 i2 xx, n° 3 l3 x./xx" in first, first
    for _ in range(12):  # the set-up, choosing the first of everything, into the first round
        if " · jeu · " in answer(term, "0"):
            break
    screen = term.screen()
    assert re.search(r"^Cornish Smuggler · tour 1 · jeu · siège actif 0", screen, re.M), screen
    term.type("quitter", "Enter")
    term.wait_for(r"Arrêt\. La partie \S+ continue sans ce terminal")
    term.wait_for(r"EXIT=130")

    play_until_a_landing(server_url, match_id, token)
    again = terminals(f"{command} --resume={match_id} --token={token}", columns=100, rows=50)
    again.wait_for(FRENCH_PROMPT)
    listed = flat(again.screen())
    land = re.search(
        r"\[(\d+)\] Débarquer des marchandises de votre bateau pour 1 influence, \+1 par point caché", listed
    )
    assert land, listed
    shown = len(again.screen())
    again.type(land.group(1), "Enter")
    asked = wait_said(
        again,
        r"marchandises : les marchandises à débarquer \(les autres restent à bord\) : (.+) \(tapez ([^()]+)\) :\s*$",
        shown,
    )
    names = re.findall(r"(la forme (?:irlandaise|hollandaise|de Roscoff) n° \d+) \([a-z0-9]+ [x./]+\)", asked.group(1))
    assert names and "keg" not in asked.group(0) and "irish" not in asked.group(0), asked.group(0)
    again.type("tout", "Enter")
    hide = wait_said(
        again,
        r"points à cacher : influence à dépenser pour cacher le débarquement, en plus du 1 qu'il coûte : son risque"
        r" est de \d+ \(([^)]+)\), .* \(tapez un nombre entier de 0 à \d+\) :\s*$",
        shown,
    )
    again.type("0", "Enter")
    wait_said(
        again,
        r"dans votre entrepôt : 1 met les marchandises débarquées directement .* \(tapez (1 ou 0|0)\) :\s*$",
        shown,
    )
    again.type("0", "Enter")
    said = wait_said(again, rf"Siège 0 débarque (.+?) à {re.escape(hide.group(1))}\b", shown).group(0)
    assert all(name in said for name in names), (names, said)
    again.wait_for(FRENCH_PROMPT, shown)

    shown = len(again.screen())
    again.type("carte", "Enter")  # the whole table again, the parts left unprinted too
    reprinted = flat(again.wait_for(FRENCH_PROMPT, shown).string)
    assert "prix de vente (or+réputation) par ligne 1, 2, 3" in reprinted and "votre réseau : " in reprinted
    again.type("quitter", "Enter")
    again.wait_for(r"Arrêt\. La partie \S+ continue sans ce terminal")
    again.wait_for(r"EXIT=130")
    screen = again.screen()
    assert "Traceback" not in screen and not re.search(r"\b(your move|move number|seat \d|keg)\b", screen), screen
    assert too_wide(screen, 100) == [], too_wide(screen, 100)


def test_a_server_gone_at_the_prompt_says_so_in_french_and_how_to_go_on_once_it_is_back(server_url, terminals):
    """The server went away while a French player chose a move: the terminal printed `portside play: 0
    unreachable: <urlopen error [Errno 111] Connection refused>` and nothing else, not even the command
    that goes on with the match. Now it says the server does not answer and prints that command, as Ctrl-C
    does; run once the server is back, it picks the match up at the same prompt. (The server is reached
    through a proxy, stopped and started again on its port: a gunicorn takes seconds to start.)"""
    from tests.e2e.test_play_lost_answer import LosingProxy

    handler = type("Passing", (LosingProxy,), {"upstream": server_url, "lose": "", "lost": []})

    def serving(port: int = 0) -> http.server.ThreadingHTTPServer:
        proxy = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
        threading.Thread(target=proxy.serve_forever, daemon=True).start()
        return proxy

    proxy = serving()
    port = proxy.server_address[1]
    url = f"http://127.0.0.1:{port}"
    term = terminals(
        f"{PORTSIDE} play --url {url} --game medici --players 2 --seat 0=human --seat 1=server:random"
        " --seed 8 --human-prompt --wait 5 --lang fr",
        columns=80,
        rows=24,
    )
    term.wait_for(FRENCH_PROMPT)
    proxy.shutdown(), proxy.server_close()
    term.type("0", "Enter")
    term.wait_for(r"EXIT=1\b")
    said = flat(re.sub(r" \\\n\s+", " ", term.screen()))  # the command's lines, pasted, are one
    assert f"portside play: le serveur {url} ne répond pas (" in said, said
    command = re.search(r"portside play (--url \S+ --resume=\S+ --token=\S+ --human-prompt --lang fr)", said)
    assert command and "urlopen" not in said and too_wide(term.screen(), 80) == [], said
    proxy = serving(port)
    try:
        again = terminals(f"{PORTSIDE} play {command.group(1)} --wait 5", columns=80, rows=24)
        again.wait_for(r"siège 0, à vous de jouer \(version 1\)")
        again.wait_for(FRENCH_PROMPT)
        again.type("q", "Enter")
        again.wait_for(r"EXIT=130")
    finally:
        proxy.shutdown(), proxy.server_close()
