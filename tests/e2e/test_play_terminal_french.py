"""`portside play --human-prompt` in French, as a French player uses it: in a real terminal (tmux),
against a real gunicorn and Redis. The terminal's own words come from the service's catalogue; the
moves, the log and the refusals in the server's French (the client asks for it: Accept-Language)."""

from __future__ import annotations

import re
import shlex
import sys

import pytest

from tests.e2e.test_play_terminal import too_wide

pytestmark = pytest.mark.e2e

PORTSIDE = f"{shlex.quote(sys.executable)} -m service.cli"
FRENCH_PROMPT = r"(numéro du coup \(0-\d+|\(une des valeurs listées),\s+q\s+pour\s+arrêter\) :\s*$"


def test_with_lang_fr_the_table_the_moves_the_log_and_the_resume_are_french(server_url, terminals):
    term = terminals(
        f"LANG=C.UTF-8 {PORTSIDE} play --url {server_url} --game medici --players 2 --seat 0=human"
        " --seat 1=server:random --seed 8 --human-prompt --wait 5 --lang fr",
        columns=100,
        rows=40,
    )
    match_id = term.wait_for(r"Partie (\S+) : medici à 2 joueurs, sièges : 0=human, 1=server:random").group(1)
    term.wait_for(r"le siège 0 est à vous, joué ici : jeton pst_")
    term.wait_for(r"numéro du coup \(0-1, q pour arrêter\) :\s*$")
    screen = term.screen()
    assert "--- siège 0, à vous de jouer (version 0)" in screen, screen
    assert "Medici · manche 1/3 · tirage" in screen and "0 Medici (vous)" in screen, screen
    assert re.search(r"^siège +argent +crédit$", screen, re.M), screen
    assert "[0] Piocher une tuile de plus" in screen, screen  # the server's label, in French
    assert "[1] Fixer le prix du lot (vous choisissez : prix)" in screen, screen

    term.type("sept", "Enter")
    term.wait_for(r"'sept' n'est pas un coup possible ici : tapez un nombre de 0 à 1\.")
    term.type("1", "Enter")
    term.wait_for(r"prix : nombre \(un nombre entier de 0 à \d+\) :\s*$")
    term.type("-3", "Enter")
    term.wait_for(r"'-3' sort de ce que ce coup permet : 0 à \d+\.")
    term.type("0", "Enter")
    term.wait_for(r"v1 +siège 0 human +Medici propose le lot pour 0")  # the log, in the server's French
    term.wait_for(r"siège 0, à vous de jouer \(version [1-9]\d*\)")

    term.type("q", "Enter")
    term.wait_for(r"Arrêt\. La partie (\S+) continue sans ce terminal ; pour la reprendre :")
    term.wait_for(r"EXIT=130")
    screen = term.screen()
    assert "Traceback" not in screen and not re.search(r"\b(your move|move number|seat \d)\b", screen), screen
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
    assert "C0, V0 : colonie, ville du siège 0" in screen and "ports : " in screen, screen
    assert re.search(r"^Catan · mise en place · au tour du siège 0 · voleur sur l'hexagone \d+", screen, re.M)
    assert "[0] Construire une colonie sur l'intersection … (au choix) : " in screen, screen
    assert re.search(r"… \(une des valeurs listées, q pour\s+arrêter\) :\s*$", screen), screen
    spot = re.search(r"\(au choix\) : (\d+)", screen).group(1)
    shown = len(term.screen())
    term.type(spot, "Enter")
    term.wait_for(rf"Siège 0 construit une colonie sur l'intersection\s+{spot}\b", after=shown)
    term.wait_for(r"colonies : " + spot, after=shown)  # the status, under the moves' question
    term.type("q", "Enter")
    term.wait_for(r"EXIT=130")
    screen = term.screen()
    assert too_wide(screen, 80) == [], too_wide(screen, 80)
    assert "Traceback" not in screen and "--lang fr" in screen, screen
