"""`portside play` (service/play.py) without a server: its imports, arguments and output.
The client against a real gunicorn is tested in tests/e2e/test_play.py."""

from __future__ import annotations

import ast
import io
import random
from pathlib import Path

import pytest

from service import play
from service.cli import main

ROOT = Path(__file__).resolve().parents[2]


def imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            found.add("." * node.level + (node.module or ""))
    return found


def test_the_client_imports_nothing_from_the_engine_but_its_bots_and_the_contract():
    modules = imported_modules(ROOT / "service" / "play.py")
    engine = {m for m in modules if m == "engine" or m.startswith("engine.")}
    assert engine == {"engine.bots", "engine.core"}
    assert not {m for m in modules if m.startswith(".") or (m.startswith("service") and m != "service")}
    import engine.bots as bots  # engine.bots reaches the games only through the registry, for their bots

    assert {m for m in imported_modules(Path(bots.__file__)) if m.startswith("engine")} == {"engine.core", "engine"}


def test_the_examples_use_only_the_standard_library():
    import sys

    for name in imported_modules(ROOT / "examples" / "play_match.py"):
        assert name.split(".")[0] in sys.stdlib_module_names, name


@pytest.mark.parametrize(
    "spec,seat,kind,bot",
    [
        ("0=random", 0, "local", "random"),
        ("3=local:greedy", 3, "local", "greedy"),
        ("1=server:greedy", 1, "server", "greedy"),
        ("2=human", 2, "human", ""),
    ],
)
def test_seat_specs(spec, seat, kind, bot):
    assert play.parse_seat(spec) == (seat, play.SeatPlan(kind, bot))


@pytest.mark.parametrize("spec", ["random", "x=random", "1=", "=human"])
def test_bad_seat_specs_are_refused_with_the_expected_form(spec):
    with pytest.raises(Exception, match="SEAT=KIND"):
        play.parse_seat(spec)


def test_the_play_subcommand_parses_its_options(monkeypatch):
    seen = {}
    monkeypatch.setattr(play, "main", lambda args: seen.setdefault("args", args) and 0)
    main(
        [
            "play",
            "--url",
            "http://x:1",
            "--game",
            "catan",
            "--players",
            "4",
            "--seat",
            "0=random",
            "--seat",
            "1=server:random",
            "--seat",
            "2=human",
            "--seed",
            "7",
            "--wait",
            "5",
        ]
    )
    args = seen["args"]
    assert (args.url, args.game, args.players, args.seed, args.wait) == ("http://x:1", "catan", 4, 7, 5.0)
    assert args.seat == [
        (0, play.SeatPlan("local", "random")),
        (1, play.SeatPlan("server", "random")),
        (2, play.SeatPlan("human")),
    ]


def test_the_final_table_shows_scores_every_category_and_the_winners():
    final = {
        "id": "m1",
        "game": "medici",
        "version": 170,
        "outcome": {
            "scores": [247, 341],
            "ranks": [2, 1],
            "winners": [1],
            "tiebreak": "",
            "breakdown": [{"start": 300, "harbours": 80}, {"start": 300, "harbours": 100, "bonuses": 10}],
        },
    }
    text = play.format_outcome(final, {0: "local:random", 1: "server:greedy"})
    lines = text.splitlines()
    assert lines[1].split() == ["seat", "who", "rank", "score", "bonuses", "harbours", "start"]
    assert lines[2].split() == ["0", "local:random", "2", "247", "80", "300"]
    assert lines[3].split() == ["1", "server:greedy", "1", "341", "10", "100", "300"]
    assert lines[-1] == "Winner: seat 1 (server:greedy)"


def test_the_prompt_lists_the_legal_moves_and_asks_for_a_number_in_a_range():
    legal = [{"type": "pass"}]
    templates = [{"move": {"type": "offer"}, "params": {"price": {"kind": "integer", "min": 0, "max": 30}}}]
    out = io.StringIO()
    move = play.choose_prompt(
        {"coins": 3}, legal, random.Random(), templates, seat=1, stdin=io.StringIO("7\nx\n1\n99\n12\n"), out=out
    )
    assert move == {"type": "offer", "price": 12}
    assert '[1] {"type": "offer"} with {"price": {"kind": "integer", "min": 0, "max": 30}}' in out.getvalue()
