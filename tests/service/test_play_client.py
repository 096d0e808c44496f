"""`portside play` (service/play.py) without a server: its imports, arguments and output.
The client against a real gunicorn is tested in tests/e2e/test_play.py."""

from __future__ import annotations

import ast
import io
import os
import random
import re
from pathlib import Path

import pytest

from engine.core import IllegalMove
from service import play, playmenu, playprompt, playresume, playscore, playsmuggler, playtext, playwords
from service.cli import main
from tests.typography import plain

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
    modules = imported_modules(ROOT / "service" / "play.py") | imported_modules(ROOT / "service" / "playprompt.py")
    engine = {m for m in modules if m == "engine" or m.startswith("engine.")}
    assert engine == {"engine.bots", "engine.core"}
    assert not {m for m in modules if m.startswith(".") or (m.startswith("service") and m != "service")}
    import engine.bots as bots  # engine.bots reaches the games only through the registry, for their bots

    assert {m for m in imported_modules(Path(bots.__file__)) if m.startswith("engine")} == {"engine.core", "engine"}


def test_the_terminal_tables_use_only_the_standard_library_and_the_terminals_words():
    import sys

    tables = ("playtext.py", "playlines.py", "playmenu.py", "playsmuggler.py", "playscore.py", "playresume.py")
    for path in tables:
        for name in imported_modules(ROOT / "service" / path):
            own = name == "service" or name.startswith("service.play")
            assert name.split(".")[0] in sys.stdlib_module_names or name == "__future__" or own, (path, name)
    # The words are gettext's, read with Babel as the server reads its own (engine/i18n.py).
    words = {
        n for n in imported_modules(ROOT / "service" / "playwords.py") if n.split(".")[0] not in sys.stdlib_module_names
    }
    assert words == {"engine"}, words


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
            "--undo",
        ]
    )
    args = seen["args"]
    assert (args.url, args.game, args.players, args.seed, args.wait) == ("http://x:1", "catan", 4, 7, 5.0)
    assert args.undo is True
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
    text = playscore.format_outcome(final, {0: "local:random", 1: "server:greedy"})
    lines = text.splitlines()
    assert lines[1].split() == ["seat", "who", "rank", "score", "bonuses", "harbours", "start"]
    assert lines[2].split() == ["0", "local:random", "2", "247", "80", "300"]
    assert lines[3].split() == ["1", "server:greedy", "1", "341", "10", "100", "300"]
    assert lines[-1] == "Winner: seat 1 (server:greedy)"


def test_a_match_that_ended_without_scores_says_why_where_the_table_would_be():
    """An aborted match, or one whose log reached the server's bound (outcome null), ended `portside
    play` with a TypeError and a traceback in place of its last line."""
    final = {"id": "m3", "game": "medici", "version": 2000, "outcome": None}
    too_long = playscore.format_outcome({**final, "ended": {"reason": "too_long", "seat": 0, "outcome": None}}, {})
    assert too_long.splitlines() == [
        "Match m3 (medici) finished at version 2000.",
        "No scores: the match reached the most log entries a match may hold.",
    ]
    aborted = playscore.format_outcome({**final, "ended": {"reason": "abort", "seat": 0, "outcome": None}}, {})
    assert aborted.splitlines()[-1] == "No scores: the match was aborted."


def test_at_80_columns_the_final_table_turns_a_row_per_category_rather_than_wrap():
    """At 80 columns a 3-seat Catan's final table (five categories) was 101 columns wide: the terminal
    cut `settlements` in two and each seat's row in two, the values under no heading. Too wide, the
    table has a row per category and a column per seat; too wide even so, each seat's kind is said above it."""
    breakdown = {"cities": 8, "largest army": 2, "longest road": 0, "settlements": 0, "victory point cards": 0}
    final = {
        "id": "m2",
        "game": "catan",
        "version": 339,
        "outcome": {
            "scores": [2, 10, 2],
            "ranks": [2, 1, 2],
            "winners": [1],
            "breakdown": [{**breakdown, "cities": 0, "settlements": 2}, breakdown, {**breakdown, "settlements": 2}],
        },
    }
    labels = {0: "human", 1: "server:greedy", 2: "server:random"}
    lines = playscore.format_outcome(final, labels, 80).splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    assert lines[1].split() == ["seat", "0", "1", "2"] and lines[2].split() == ["who", *labels.values()]
    assert lines[4].split() == ["score", "2", "10", "2"], lines
    assert "settlements 2 0 2" in [" ".join(line.split()) for line in lines], lines
    narrow = playscore.format_outcome(final, labels, 40).splitlines()  # each seat's kind said above the columns
    assert all(len(line) <= 40 for line in narrow), narrow
    assert narrow[2:4] == ["who: 0 human, 1 server:greedy,", "  2 server:random"], narrow
    assert narrow[4].split() == ["seat", "0", "1", "2"] and narrow[6].split() == ["score", "2", "10", "2"], narrow


def resource(game: str, players: int, seat: int = 0, seed: int = 4) -> dict:
    """What GET /v1/matches/{id} gives `seat` at the start of a match (built through the Game contract)."""
    from engine import registry

    g = registry.get(game)
    state = g.setup(players, g.load_options({}), seed)
    return {
        "game": game,
        "version": 0,
        "seat": seat,
        "view": g.view(state, seat),
        "legal_moves": g.legal_moves(state, seat),
        "move_templates": g.move_templates(state, seat),
    }


def test_the_prompt_shows_the_table_and_labelled_moves_and_says_what_is_wrong_with_bad_input():
    legal = [{"type": "pass"}]
    templates = [{"move": {"type": "offer"}, "params": {"price": {"kind": "integer", "min": 0, "max": 30}}}]
    mine = {
        "game": "nogame",
        "version": 3,
        "seat": 1,
        "view": {"coins": 3},
        "legal_moves": legal,
        "move_labels": ["Pass this turn"],
        "move_templates": templates,
    }
    out = io.StringIO()
    move = playprompt.choose_prompt(mine, stdin=io.StringIO("7\nx\n1\n99\nten\n12\n"), out=out)
    assert move == {"type": "offer", "price": 12}
    text = out.getvalue()
    assert "coins: 3" in text
    assert "[0] Pass this turn" in text and "[1] Offer (you choose price)" in text
    assert "'7' is not a move here: type a number from 0 to 1." in text
    assert "'x' is not a move here" in text
    assert "'99' is outside what this move allows" in text
    assert "'ten' cannot be read: type a whole number from 0 to 30." in text


def test_a_lone_move_is_asked_for_as_number_0_not_0_to_0():
    """Cornish Smuggler, nothing left but to pass: the prompt read "move number (0-0, q to stop)"."""
    mine = {"game": "nogame", "version": 3, "seat": 1, "view": {}, "legal_moves": [{"type": "pass"}]}
    out = io.StringIO()
    assert playprompt.choose_prompt({**mine, "move_labels": ["Pass"]}, stdin=io.StringIO("0\n"), out=out) == {
        "type": "pass"
    }
    assert "[0] Pass" in out.getvalue() and "move number (0, q to stop): " in out.getvalue()


def test_the_prompt_names_each_value_it_asks_and_asks_again_for_a_trade_with_one_resource_on_both_sides():
    counts = {"kind": "counts", "max": {"brick": 2, "ore": 2}, "min_total": 1, "max_total": 2}
    template = {
        "move": {"type": "offer_trade"},
        "params": {"give": counts, "get": counts},
        "disjoint": [["give", "get"]],
    }
    mine = {"game": "nogame", "version": 1, "seat": 0, "view": {}, "legal_moves": [], "move_labels": []}
    out = io.StringIO()
    typed = "brick=1\nbrick=1\nbrick=1\nore=2\n"  # the only choice: its values asked at once
    move = playprompt.choose_prompt({**mine, "move_templates": [template]}, stdin=io.StringIO(typed), out=out)
    assert move == {"type": "offer_trade", "give": {"brick": 1}, "get": {"ore": 2}}
    text = out.getvalue()
    assert "give: counts (" in text and "get: counts (" in text
    assert "(name=count for any of brick, ore, such as brick=1,ore=1): " in text  # the template's own keys
    assert "give and get may not name the same key: choose again." in text


def test_with_others_to_act_too_an_empty_line_waits_for_them():
    mine = resource("medici", 2)
    out = io.StringIO()
    assert playprompt.choose_prompt(mine, stdin=io.StringIO("\n"), out=out, may_wait=True) is None
    assert "Enter to wait for the others" in out.getvalue()
    out = io.StringIO()
    move = playprompt.choose_prompt(mine, stdin=io.StringIO("\n0\n"), out=out)
    assert move == mine["legal_moves"][0] and "'' is not a move here" in out.getvalue()


def test_a_lone_move_asks_for_0_in_words_a_player_reads():
    """An empty line at a lone move's prompt was told « type a number from 0 to 0 »."""
    mine = {**resource("medici", 2), "legal_moves": [{"type": "draw"}], "move_templates": [], "move_labels": ["Draw"]}
    out = io.StringIO()
    assert playprompt.choose_prompt(mine, stdin=io.StringIO("\n0\n"), out=out) == {"type": "draw"}
    assert "'' is not a move here: type 0." in out.getvalue() and "0 to 0" not in out.getvalue()


def test_q_at_the_prompt_or_a_closed_stdin_stops_with_quit():
    mine = resource("medici", 2)
    for typed in ("q\n", ""):
        with pytest.raises(playprompt.Quit):
            playprompt.choose_prompt(mine, stdin=io.StringIO(typed), out=io.StringIO())


def test_the_medici_price_prompt_says_the_seats_money_beside_the_allowed_range():
    """It said « a whole number from 0 to 1000 » with 300 in hand; any price is allowed (credit), and why."""
    mine = resource("medici", 2)
    mine["view"]["players"][0]["money"] = 37
    out = io.StringIO()
    assert playprompt.choose_prompt(mine, stdin=io.StringIO("1\n40\n"), out=out) == {"type": "offer", "price": 40}
    said = " ".join(out.getvalue().split())  # as wrapped to the terminal's width
    assert "(you have 37; a buyer short of money borrows the rest) (type a whole number from 0 to 1000):" in said


def test_undo_at_the_prompt_is_offered_and_taken_only_while_the_seat_may_undo():
    mine = {**resource("medici", 2), "move_labels": ["Draw a tile"]}
    out = io.StringIO()
    assert playprompt.choose_prompt({**mine, "can_undo": True}, stdin=io.StringIO("undo\n"), out=out) is playprompt.UNDO
    assert "move number (0-1, undo takes back your last move, q to stop): " in out.getvalue()
    out = io.StringIO()
    assert playprompt.choose_prompt({**mine, "can_undo": False}, stdin=io.StringIO("undo\n0\n"), out=out) == {
        "type": "draw"
    }
    assert "undo takes back" not in out.getvalue() and "'undo' is not a move here" in out.getvalue()


def test_undo_is_taken_at_the_spot_asked_at_once_of_a_catan_set_up():
    """The set-up's road is asked as a spot at once (the only choice): undo goes there too."""
    mine = {**resource("catan", 3), "can_undo": True}
    out = io.StringIO()
    assert playprompt.choose_prompt(mine, stdin=io.StringIO("reprendre\nundo\n"), out=out) is playprompt.UNDO
    assert "(one of those listed, undo takes back your last move, q to stop): " in out.getvalue()
    assert "'reprendre' is not one of those listed" in out.getvalue()  # the French word in French only


@pytest.mark.parametrize(
    "game,players,expected",
    [
        ("medici", 2, ["Medici · round 1/3 · draw", "0 Medici (you)", "Harbour 1: dye +0, fur +0, spice +0"]),
        ("speicherstadt", 3, ["Speicherstadt · round 1 · demand", "pos  workers  price  card", "0 (you)"]),
        (
            "catan",
            3,
            [
                "Catan · setup · turn of seat 0",
                "seat  points  cards",
                "your hand: empty · development: none in hand · settlements: none; cities: none",
            ],
        ),
        (
            "smuggler",
            3,
            [
                "Cornish Smuggler · round 0 · setup",
                "customs track step 0/10 · discovery",  # three players: the track ends at step 10
                "officers: 1 ",  # numbered from 1, as moves and events name them
                "0 (you)",
                "your boat: not chosen yet",  # was "your boat: no boat"
            ],
        ),
    ],
)
def test_each_game_has_a_compact_table_and_moves_that_fit_a_terminal(game, players, expected):
    mine = resource(game, players)
    text = playtext.render(game, mine["view"], 0)
    for part in expected:
        assert part in text, (part, text)
    listed = playmenu.menu(mine["legal_moves"], [], mine["move_templates"])
    moves = listed.lines
    assert all(len(line) <= playtext.WIDTH + 2 for line in text.splitlines() + moves)
    map_lines = len(playtext.catan_board(mine["view"], mine["view"]["topology"])) if game == "catan" else 0
    assert len(text.splitlines() + moves) - map_lines <= 20  # a screen, not 14 KB of JSON
    numbers = [int(n) for line in moves for n in re.findall(r"\[(\d+)\]", line)]
    assert numbers == list(range(len(listed.choices)))


def test_the_catan_table_shows_the_standing_offer_and_proposals_from_the_views_trade():
    from engine import registry

    game, rng = registry.get("catan"), random.Random(3)
    state = game.setup(3, game.load_options({}), 3)
    for _ in range(5000):  # random play until an offer and a proposal stand at once
        table = game.view(state, None)["trade"]
        if table["offer"] and table["proposals"]:
            break
        assert game.outcome(state) is None, "the game ended before an offer and a proposal stood at once"
        random_step(game, state, rng)
    else:
        raise AssertionError("no offer and proposal on the table in random play")
    view = game.view(state, 1)
    offer, proposal = table["offer"], table["proposals"][0]
    lines = playtext.render("catan", view, 1).splitlines()
    seats = "seat " if len(offer["to"]) == 1 else "seats "  # « to seat 0, 2 » read as one seat's number
    assert f"offer from seat {offer['from']} to {seats}{playtext.summarize(offer['to'])}: gives " in "\n".join(lines)
    # Counts before their words, as the log says them: `gives 1 grain, asks for 2 ore` (was `gives grain 1, asks ore 2`)
    give, get = (", ".join(f"{n} {kind}" for kind, n in proposal[side].items() if n) for side in ("give", "get"))
    assert f"proposal from seat {proposal['from']}: gives {give}, asks for {get}" in lines, lines
    # The seat asked reads that its answer is awaited once: « waiting for the answers of seat 1 » said it again.
    others = [seat for seat in table["asked"] if seat != 1]
    waiting = [line for line in lines if line.startswith("waiting for the answers")]
    assert waiting == ([f"waiting for the answers of seat {playtext.summarize(others)}"] if others else []), lines
    assert (1 in table["asked"]) == lines[-1 - len(waiting)].startswith("you are asked to answer: "), lines


def test_the_catan_map_is_at_every_prompt_between_the_seats_and_the_turn_the_hand_and_the_moves():
    """At 80x24 the 27-row map never fit: printed when it changed, its top went off the screen, and left out
    when unchanged, the player scrolled back for it at every turn. The 11-row map is at every prompt,
    under the seats (the first to scroll off) and above the turn, the hand and the moves."""
    state, game = catan_in_play(0)
    mine = {"game": "catan", "version": 0, "seat": 0, "view": game.view(state, 0), "legal_moves": [{"type": "x"}]}
    shown: dict[str, str] = {}
    for typed in ("0\n", "0\n"):
        out = io.StringIO()
        assert playprompt.choose_prompt(mine, stdin=io.StringIO(typed), out=out, shown=shown) == {"type": "x"}
        said = out.getvalue()
        assert said.count("S0/C0: seat 0's settlement/city") == 1 and "as printed above" not in said, said
        top = re.search(r"^ +03-+00-+04-+01-+05-+02-+06$", said, re.M)
        order = [said.index(text) for text in ("\nseat  points", "harbours: ", "Catan · setup", "your hand: ")]
        assert top and order == sorted(order) and order[1] < top.start() < order[2], said
        assert len(said[top.start() : order[2]].splitlines()) == 11, said
        assert said.rstrip().endswith("move number (0, q to stop):"), said


def test_a_table_part_printed_anew_says_the_last_log_lines_again_under_it():
    """After a 7 the robber moved, the map was printed again and pushed 'rolled 7', 'moved the robber'
    and 'stole a card' off a 40-row screen (a reviewer at 80x40): the last log lines come again under a
    part of the table printed anew (Cornish Smuggler's characters, goods, prices); unchanged, the log
    stands just above, and is not repeated."""
    from engine import registry

    mine, static = resource("smuggler", 3), registry.get("smuggler").static()
    log = [f"v{n}    seat 1 server:greedy    line {n}" for n in range(9)]
    shown: dict[str, str] = {}
    screens = []
    for _ in range(2):
        out = io.StringIO()
        with pytest.raises(playprompt.Quit):
            playprompt.choose_prompt(mine, stdin=io.StringIO("q\n"), out=out, shown=shown, static=static, said=log)
        screens.append(out.getvalue())
    again = screens[0].split("(the log, again:)\n")[1].splitlines()
    assert again[:6] == log[-6:] and screens[0].index("your network: ") < screens[0].index("(the log, again:)")
    assert screens[0].index("(the log, again:)") < screens[0].index("Cornish Smuggler · round")  # the status last
    assert "(the log, again:)" not in screens[1]  # the parts unchanged: the log is just above


def test_a_line_or_two_printed_anew_leaves_the_log_where_it_was_read():
    """At Cornish Smuggler's set-up, a seat that had just taken a warehouse read 'v6 seat 0 takes the
    pub cellar', then, three rows lower, '(the log, again:)' and the same line: only the warehouses'
    line was printed anew, which pushes nothing off the screen. The log comes again under a map only."""
    from engine import registry

    game = registry.get("smuggler")
    state = game.setup(3, game.load_options({}), 4)
    mine = resource("smuggler", 3)
    shown: dict[str, str] = {}
    with pytest.raises(playprompt.Quit):  # the table is printed before the question
        playprompt.choose_prompt(mine, stdin=io.StringIO("q\n"), out=io.StringIO(), shown=shown, static=game.static())
    for _ in range(5):  # the boats, then two warehouses: seat 0 chooses one of those left
        seat = min(game.to_act(state))
        game.apply(state, seat, game.legal_moves(state, seat)[0])
    assert game.to_act(state) == {0}
    said = ["v5    seat 1 server:greedy    Seat 1 takes the hay barn"]
    out = io.StringIO()
    again = {**mine, "version": 5, "view": game.view(state, 0), "legal_moves": game.legal_moves(state, 0)}
    with pytest.raises(playprompt.Quit):
        playprompt.choose_prompt(again, stdin=io.StringIO("q\n"), out=out, shown=shown, static=game.static(), said=said)
    assert "as printed above" in out.getvalue() and "(the log, again:)" not in out.getvalue()


def test_a_call_for_proposals_is_on_the_table_with_what_a_seat_asked_may_answer():
    """A bot's call for proposals was only a log line: the table said 'waiting for the answers of seat 0'
    and not what was asked, nor by whom. It says so now, and the seat asked reads what it may answer."""
    from engine import registry

    game, rng = registry.get("catan"), random.Random(3)
    state = game.setup(3, game.load_options({}), 3)
    for _ in range(5000):  # random play until a call for proposals awaits answers
        table = game.view(state, None)["trade"]
        if table["asked"] and not table["offer"]:
            break
        assert game.outcome(state) is None, "the game ended before a call for proposals"
        random_step(game, state, rng)
    else:
        raise AssertionError("no call for proposals in random play")
    turn, asked = game.view(state, None)["turn"], table["asked"]
    lines = playtext.render("catan", game.view(state, asked[0]), asked[0]).splitlines()
    said = lines[lines.index(f"seat {turn} calls for proposals: the seats asked may each propose a trade") :]
    assert said[-2:] == [
        "you are asked to answer: propose a trade of your own, or decline",
        f"waiting for the answers of seat {playtext.summarize(asked[1:])}",  # the others': its own is above
    ], lines
    assert not any(
        line.startswith("you are asked") for line in playtext.render("catan", game.view(state, turn), turn).splitlines()
    )


def test_a_discard_after_a_7_says_how_many_cards_before_any_is_typed():
    """The prompt said 'Discard half your hand (you choose cards)' and the number only in the refusal
    of a wrong count; the template's counts say it: in the move and in the question."""
    from engine import registry

    game, rng = registry.get("catan"), random.Random(5)
    state = game.setup(3, game.load_options({}), 5)
    while game.view(state, None)["phase"] != "discard":
        assert game.outcome(state) is None, "the game ended without a discard"
        random_step(game, state, rng)
    seat = sorted(game.to_act(state))[0]
    owed = game.view(state, None)["players"][seat]["to_discard"]
    mine = {"game": "catan", "version": 40, "seat": seat, "view": game.view(state, seat), "legal_moves": []}
    templates = game.move_templates(state, seat)
    mine["move_templates"] = [{**t, "label": game.template_label(state, seat, t, "en")} for t in templates]
    hand = [name for name, count in mine["view"]["you"]["hand"].items() for _ in range(count)]
    cards = ",".join(f"{name}={hand[:owed].count(name)}" for name in dict.fromkeys(hand[:owed]))
    out = io.StringIO()
    move = playprompt.choose_prompt(mine, stdin=io.StringIO(cards + "\n"), out=out)
    assert move == {"type": "discard", "cards": {name: hand[:owed].count(name) for name in set(hand[:owed])}}
    text = out.getvalue()
    assert f"[0] Discard half your hand (you choose cards: {owed} in all)" in text, text
    assert re.search(rf"cards: counts \(name=count for any of [a-z, ]+, such as [a-z=1,]+; {owed} in all\): ", text), (
        text
    )


def random_step(game, state, rng: random.Random) -> None:
    """One random move of a seat to act (a listed move or a filled template; a refused fill is skipped)."""
    from engine.bots import RandomBot

    seat = rng.choice(sorted(game.to_act(state)))
    move = RandomBot().choose({}, game.legal_moves(state, seat), rng, game.move_templates(state, seat))
    try:
        game.apply(state, seat, move)
    except IllegalMove:
        pass


def catan_in_play(moves: int) -> tuple[dict, dict]:
    """A seeded 4-player Catan after `moves` random moves tried: (its state, the game)."""
    from engine import registry

    game, rng = registry.get("catan"), random.Random(1)
    state = game.setup(4, game.load_options({}), 3)
    for _ in range(moves):
        random_step(game, state, rng)
    return state, game


MAP_SPOT = re.compile(r"(?<![#\w])(\d\d|[SC]\d)(?![\w])")  # an intersection: its number, or S/C and a seat


def roads_on(board: list[str]) -> list[str]:
    """The seats' numbers on the map's paths: `=1=` between corners, or a side's `1` between its ends (the
    sides of a row of hexes stand under every other corner of the shorter of the rows around them)."""
    seats = [seat for row in board[::2] for seat in re.findall(r"=(\d)=", row)]
    for above, row, below in zip(board[::2], board[1::2], board[2::2]):
        corners = min(([m.start() for m in MAP_SPOT.finditer(line)] for line in (above, below)), key=len)
        seats += [row[col] for col in corners[::2] if row[col].isdigit()]
    return seats


def map_rows(lines: list[str]) -> list[str]:
    """The map's rows among a table's lines: from its top row of corners to the turn's line."""
    top = next(n for n, line in enumerate(lines) if re.match(r" *(\d\d|[SC]\d)[-=]", line))
    return lines[top : next(n for n, line in enumerate(lines) if line.startswith("Catan · "))]


def test_the_catan_map_places_every_intersection_hex_building_and_road_of_the_view():
    """The map in 11 rows of 80 columns: each hex a box, its three top corners on one row (the paths between
    them a line), its `#id dice yield` between its sides, its three bottom corners on the next row."""
    state, game = catan_in_play(0)
    fresh = game.view(state, 0)
    board = map_rows(playtext.catan(fresh, 0))
    assert len(board) == 11 and all(len(row) < 80 for row in board), board
    assert sorted(int(n) for row in board[::2] for n in MAP_SPOT.findall(row)) == list(range(54))
    yields = {"forest": "lumber", "hills": "brick", "pasture": "wool", "fields": "grain", "mountains": "ore"}
    for hex_ in fresh["topology"]["hexes"]:
        h, (top, right, _, bottom, _, left) = hex_["id"], hex_["nodes"]
        number = fresh["board"]["numbers"][h]
        said = f"#{h}{'*' if fresh['board']['robber'] == h else ''}{f' {number}' if number else ''}"
        said += f" {yields.get(fresh['board']['terrain'][h], 'desert')}"
        row = next(n for n, line in enumerate(board) if re.search(rf"\| *{re.escape(said)} *\|", line))
        assert re.search(rf"\b{left:02d}-+{top:02d}-+{right:02d}\b", board[row - 1]), (h, board)
        assert re.search(rf"\b{bottom:02d}\b", board[row + 1]), (h, board)

    state, game = catan_in_play(400)  # set-up over, roads and buildings out
    view = game.view(state, 0)
    assert "topology" not in view  # after set-up the map needs the game's static data
    lines = playtext.render("catan", {**game.static(), **view}, 0, width=80).splitlines()
    board = map_rows(lines)
    spots = [spot for row in board[::2] for spot in MAP_SPOT.findall(row)]
    assert len(spots) == 54
    roads = roads_on(board)
    for seat in range(4):
        assert spots.count(f"S{seat}") == sum(1 for _, s in view["settlements"] if s == seat)
        assert spots.count(f"C{seat}") == sum(1 for _, s in view["cities"] if s == seat)
        assert roads.count(str(seat)) == sum(1 for _, s in view["roads"] if s == seat), (seat, board)
    robber = view["board"]["robber"]
    assert sum("*" in row for row in board) == 1 and any(f"#{robber}*" in row for row in board), board
    assert all(len(line) <= 80 for line in lines)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_labelled_moves_that_differ_in_one_value_are_one_choice_whose_value_is_typed(lang):
    """A player at the set-up typed the intersection from the map where the move's number was asked:
    `[20] 35` put a move number beside each spot. The 54 spots are one choice; the spot is what is typed."""
    state, game = catan_in_play(0)
    legal = game.legal_moves(state, 0)  # 54 settlement spots
    labels = [game.move_label(state, 0, move, lang) for move in legal]
    listed = playmenu.menu(legal, labels, [])
    heading = plain(labels[0]).replace(str(legal[0]["node"]), "…")
    assert "…" in heading and listed.lines[0].startswith(f"  [0] {heading} (you choose which): 0 1 2 3 ")
    assert len(listed.lines) <= 4 and len(re.findall(r"\[\d+\]", " ".join(listed.lines))) == 1
    (group,) = listed.choices
    assert [int(value) for value in group.values()] == [move["node"] for move in legal]
    assert group.pick("35") == {"type": "build_settlement", "node": 35}
    assert group.pick("05") == {"type": "build_settlement", "node": 5} and group.pick("54") is None

    roads = [{"type": "build_road", "edge": e} for e in range(8)]  # labels that differ in more than the path
    road_labels = [game.move_label(state, 0, move, lang) for move in roads]
    assert playmenu.numbered_moves(roads, road_labels, []) == [
        f"  [{n}] {plain(label)}" for n, label in enumerate(road_labels)
    ]


def test_at_the_set_up_the_spot_typed_is_where_the_settlement_goes():
    """The second settlement of the set-up, the others' spots taken: move numbers and spots no longer
    match, and the spot typed (as the map numbers it) is where the settlement goes."""
    from engine import registry

    game = registry.get("catan")
    state = game.setup(3, game.load_options({}), 3)
    while not (game.to_act(state) == {0} and game.view(state, 0)["setup"]["round"] == 2):
        seat = sorted(game.to_act(state))[0]
        game.apply(state, seat, game.legal_moves(state, seat)[0])
    mine = {"game": "catan", "version": 9, "seat": 0, "view": game.view(state, 0), "move_templates": []}
    mine["legal_moves"] = legal = game.legal_moves(state, 0)
    mine["move_labels"] = [game.move_label(state, 0, move) for move in legal]
    spot = legal[-1]["node"]
    assert len(legal) <= spot  # its move number is not the spot
    out = io.StringIO()
    move = playprompt.choose_prompt(mine, stdin=io.StringIO(f"99\n{spot}\n"), out=out)
    assert move == {"type": "build_settlement", "node": spot}
    text = out.getvalue()
    assert "Build a settlement on intersection … (one of those listed, q to stop): " in text
    assert "'99' is not one of those listed: type one of them." in text
    assert "move number" not in text  # the spot is the only thing to choose: asked at once


def test_a_road_reads_with_the_intersections_at_its_ends():
    state, game = catan_in_play(0)
    a, b = game.static()["topology"]["edges"][12]["nodes"]
    assert game.move_label(state, 0, {"type": "build_road", "edge": 12}) == (
        f"Build a road on path 12 (between intersections {a} and {b})"
    )
    # The log line leads with the intersections, which the terminal's map numbers (« sur le chemin 57
    # (entre les intersections 40 et 44) » took 79 columns before its version label).
    assert plain(game.event_text({"type": "road_built", "seat": 1, "edge": 12}, "fr")).endswith(
        f"construit une route entre les intersections {a} et {b} (chemin 12)"
    )


def test_the_smuggler_table_shows_each_seat_the_customs_and_who_decides():
    from engine import registry
    from engine.bots import RandomBot

    game, rng = registry.get("smuggler"), random.Random(2)
    state = game.setup(3, game.load_options({}), 2)
    while game.view(state, None)["phase"] == "setup":  # random play until the boats are out
        seat = sorted(game.to_act(state))[0]
        move = RandomBot().choose({}, game.legal_moves(state, seat), rng, game.move_templates(state, seat))
        try:
            game.apply(state, seat, move)
        except IllegalMove:
            continue
    view = game.view(state, 1)
    text = playtext.render("smuggler", view, 1)
    lines = text.splitlines()
    assert lines[0].startswith(f"Cornish Smuggler · round {view['round']} · ")
    assert f"active seat {view['active']} · to act: seat {playtext.summarize(view['to_act'])}" in lines[0]
    header = next(i for i, line in enumerate(lines) if line.startswith("seat "))
    assert lines[header].split() == ["seat", "gold", "infl", "rep", "score", "secrets"]
    me = view["players"][1]
    row = lines[header + 2].split()
    assert row == ["1", "(you)", *(str(me[k]) for k in ("gold", "influence", "reputation", "score", "secrets"))]
    assert lines[header + 5].startswith("your boat: ") and me["boat"]["hold"] in lines[header + 5]
    assert any(line.startswith("seat 0's characters: ") for line in lines)
    assert f"customs track step {view['customs']['track']}/{view['customs']['track_end']}" in text
    assert "generic" not in text and '{"' not in text
    assert playtext.RENDERERS["smuggler"] is playtext.smuggler


def test_the_smuggler_table_names_places_and_cards_from_the_static_data_and_shows_the_prices():
    from engine import registry
    from engine.bots import get_bot
    from engine.smuggler.texts import shape

    game, rng = registry.get("smuggler"), random.Random(2)
    state = game.setup(3, game.load_options({}), 5)
    for _ in range(400):  # greedy play into the second round, until goods lie ashore (warehouses, characters)
        public = game.view(state, None)
        if public["round"] >= 2 and any(g["where"] == "board" for g in public["goods"].values()):
            break
        seat = rng.choice(sorted(game.to_act(state)))
        view = game.view(state, seat)
        templates = game.move_templates(state, seat)
        game.apply(
            state, seat, get_bot("smuggler", "greedy").choose(view, game.legal_moves(state, seat), rng, templates)
        )
    assert game.view(state, None)["round"] >= 2
    seat = sorted(game.to_act(state))[0]
    view, static = game.view(state, seat), game.static()
    text = playtext.render("smuggler", {**static, **view}, seat)
    lines = text.splitlines()
    officers = next(line for line in lines if line.startswith("officers: "))
    for officer in view["officers"]:
        if officer["space"]:  # numbered as the moves name them ("Move officer 1 to …"), placed by name
            assert f"{officer['officer'] + 1} {static['land'][officer['space']]['name']}" in officers
    label = game.move_label(state, seat, {"type": "move_officer", "officer": 0, "to": "madron", "pay": "gold"})
    assert label.startswith("Move officer 1 ")
    for p in view["players"]:
        names = ", ".join(static["characters"][c]["name"] for c in p["characters"])
        assert f"seat {p['seat']}'s characters: {names}"[: playtext.WIDTH - 1] in text
    for cid in filter(None, view["face_up"].values()):
        assert static["characters"][cid]["name"] in text
    assert "sale prices (gold+reputation)" in text
    for size, rows in view["prices"].items():  # each size's gold+reputation by row, lines joined
        assert f"size {size}: " + " ".join(f"{gold}+{rep}" for gold, rep in rows) in " ".join(lines)
    ashore = {gid: g for gid, g in view["goods"].items() if g["where"] == "board"}
    assert ashore
    for gid, good in ashore.items():  # named as the moves' labels name them, with the kind
        named = f"{shape(gid)} ({good['kind']}"
        assert static["land"][good["space"]]["name"] in text and named in " ".join(lines)
    held = [w for w in view["warehouses"].values() if w["owner"] is not None and w["owner"] >= 0]
    assert held and "warehouses: " in text
    for p in view["players"]:  # every seat's network, not only the caller's
        whose = "your" if p["seat"] == seat else f"seat {p['seat']}'s"
        pawns = ", ".join(static["land"].get(s, static["sea"].get(s, {})).get("name", s) for s in p["pawns"])
        assert f"{whose} network: {pawns}" in " ".join(lines)
    for card in view["players"][seat].get("hand") or []:  # a secret by its name, not its card id
        kind = card["secret"].rstrip("0123456789")
        assert static["secrets"][kind]["text"].split(":")[0] in text and card["secret"] not in text
    assert all(len(line) <= playtext.WIDTH for line in lines)


def test_a_view_the_client_does_not_know_is_condensed_not_dumped():
    view = {"round": 2, "hands": {"ore": 3, "wool": 0}, "seats": [{"seat": 0, "coins": 4}, {"seat": 1, "coins": 6}]}
    lines = playtext.render("some_new_game", view, 0).splitlines()
    assert lines[:2] == ["round: 2", "hands: ore 3"]
    assert lines[-3:] == ["seat  coins", "0     4", "1     6"]


def test_moves_without_labels_read_as_words():
    assert playtext.move_text({"type": "build_road", "edge": 12}) == "Build road: edge 12"
    assert playtext.move_text({"type": "end_turn"}) == "End turn"
    assert playtext.move_text({"type": "end_turn"}, "End your turn") == "End your turn"
    assert playtext.event_text({"type": "dice_rolled", "seat": 1, "total": 7}) == "dice rolled (seat 1, total 7)"
    assert playtext.event_text({"type": "x", "text": "Seat 1 rolled 7."}) == "Seat 1 rolled 7."


def test_the_resume_text_names_the_match_each_seat_and_its_token():
    player = play.Player(tokens={0: "pst_a", 2: "pst_b"}, labels={0: "human", 2: "local:random"}, prompted={0})
    text = playresume.resume_text("http://h:1", "m1", player)
    assert "Match m1" in text
    assert "portside play --url http://h:1 --resume=m1 --token=pst_a --human-prompt" in text
    assert "portside play --url http://h:1 --resume=m1 --token=pst_b --bot random" in text


def test_at_48_columns_each_seats_token_is_whole_on_a_line_that_fits():
    """A token is 47 characters: indented under its seat's line it took 51 columns at 48, and the
    terminal broke it inside, where a copy of it could pick up the break."""
    from service.auth import new_token

    token = new_token()[0]
    player = play.Player(tokens={0: token}, labels={0: "human"}, prompted={0})
    yours = playwords.t("seat {seat} is yours, played here: token {token}", seat=0, token=token)
    said = playtext.fit(["  " + yours], 48)
    lines = [*said, *playresume.resume_text("http://h:1", "m1", player, 48).splitlines()]
    lines += playresume.person_lines("http://h:1", "m1", 0, token, 48)
    holding = [line for line in lines if token in line and "--token" not in line and "Bearer" not in line]
    assert len(holding) == 3 and all(line == token for line in holding), lines


def test_resume_needs_a_token():
    with pytest.raises(SystemExit, match="--resume needs the --token"):
        main(["play", "--resume=m1"])


def test_a_turn_with_nothing_left_but_ending_it_ends_without_asking():
    """A player's second round: Cornish Smuggler asks whoever holds a secret whether to end the turn
    (being asked must tell the table nothing), and the terminal asked 8 times for a lone "End your turn"."""
    mine = {**resource("medici", 2), "legal_moves": [{"type": "end_turn"}], "move_labels": ["End your turn"]}
    mine["move_templates"] = []
    out = io.StringIO()
    assert playprompt.choose_prompt(mine, stdin=io.StringIO(""), out=out) == {"type": "end_turn"}
    assert "nothing left to do this turn" in out.getvalue()
    other = {**mine, "legal_moves": [{"type": "end_turn"}, {"type": "stash", "shape": "irish_1", "warehouse": "w"}]}
    assert playprompt.choose_prompt(other, stdin=io.StringIO("1\n"), out=io.StringIO())["type"] == "stash"


def test_a_log_line_names_a_detailed_event_once():
    """A seat that sees the private detail of a public event read it twice ("Ana drew a secret; Ana
    drew a secret: favour owed"); other events, repeated ones included, all stay."""
    drew = [
        {"type": "secret_drawn", "text": "Ana drew a secret"},
        {"type": "x", "text": "Ana drew a secret: favour owed"},
    ]
    assert playtext.entry_text(drew) == "Ana drew a secret: favour owed"
    assert playtext.entry_text(drew[:1]) == "Ana drew a secret"  # a spectator's line
    bought = [{"type": "a", "text": "Ana bought a card"}, {"type": "b", "text": "Ana drew a knight"}]
    assert playtext.entry_text(bought) == "Ana bought a card. Ana drew a knight"  # sentences, each with its capital
    twice = [{"type": "a", "text": "Bob discarded"}, {"type": "a", "text": "Bob discarded"}]
    assert playtext.entry_text(twice) == "Bob discarded. Bob discarded"


def test_a_terminals_log_line_says_the_seat_and_its_kind_only_where_its_text_does_not():
    """At 80 columns `v12    seat 2 server:greedy   Seat 2 rolled 9` took 31 columns before saying what
    happened. The seat is said where the text does not say it first (by number, given name or house), the
    server's bot where it played a seat that is not its own (a person's, late)."""
    entry = {"version": 12, "seat": 2}
    assert playtext.terminal_head(entry, "Seat 2 rolled 9", ["seat 2"]) == "v12   "
    assert playtext.terminal_head(entry, "Seat 21 rolled 9", ["seat 2"]) == "v12   seat 2: "  # another seat
    assert playtext.terminal_head(entry, "Ana rolled 9", ["seat 2", "Ana"]) == "v12   "
    assert playtext.terminal_head(entry, "Officer 1 moved to Zennor", ["seat 2"]) == "v12   seat 2: "
    late = playtext.terminal_head(entry, "Seat 2 rolled 9", ["seat 2"], "server:random")
    assert late == "v12   (server:random): "
    assert playtext.terminal_head({"version": 1, "seat": None}, "Round 1 begins", []) == "v1    "
    medici = {"seats": [{"seat": 0, "name": None}], "view": {"players": [{"seat": 0, "name": "Medici"}]}}
    assert playtext.seat_names(medici) == {0: ["Medici"]}


def test_the_smuggler_table_says_in_full_the_cards_drawn_to_keep_one():
    """The terminal named the cards to keep only in its move labels, without what each brings."""
    from engine import registry

    game, rng = registry.get("smuggler"), random.Random(1)
    state = game.setup(3, game.load_options({}), 5)
    while not any(m["type"] == "keep_character" for m in game.legal_moves(state, sorted(game.to_act(state))[0])):
        seat = sorted(game.to_act(state))[0]
        game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    seat = sorted(game.to_act(state))[0]
    static = game.static()
    text = " ".join(playtext.render("smuggler", {**static, **game.view(state, seat)}, seat).splitlines())
    drawn = game.view(state, seat)["players"][seat]["setup_draw"]
    assert "drawn, to keep one: " + "; ".join(playtext.card_text(c, static["characters"]) for c in drawn) in text
    other = (seat + 1) % 3  # another seat's table keeps its draw to itself
    assert "drawn, to keep one" not in playtext.render("smuggler", {**static, **game.view(state, other)}, other)


def played(game_id: str, players: int, until, seed: int = 3, steps: int = 2000):
    """A match played by the shared uniform random bot (Catan's own `random` offers less) until `until(view)`
    holds for the spectator's view: (game, state)."""
    from engine import registry
    from engine.bots import RandomBot

    game, rng = registry.get(game_id), random.Random(seed)
    state = game.setup(players, game.load_options({}), seed)
    for _ in range(steps):
        if until(game.view(state, None)):
            return game, state
        seat = sorted(game.to_act(state))[0]
        legal, templates = game.legal_moves(state, seat), game.move_templates(state, seat)
        game.apply(state, seat, RandomBot().choose(game.view(state, seat), legal, rng, templates))
    raise AssertionError(f"{game_id}: never came to the state wanted")


def test_speicherstadt_counts_the_row_from_1_as_the_moves_and_the_log_do():
    """The table numbered the row from 0, the moves and the log from 1: `Place a worker at position 1`
    put the worker on the card the table showed at 0."""
    from engine import registry

    game = registry.get("speicherstadt")
    state = game.setup(3, game.load_options({}), 4)
    seat = sorted(game.to_act(state))[0]
    view = game.view(state, seat)
    lines = playtext.render("speicherstadt", view, seat).splitlines()
    for move in game.legal_moves(state, seat):
        place = re.fullmatch(r"Place a worker at position (\d+)", game.move_label(state, seat, move)).group(1)
        card = playtext.card_words(view["row"][move["card"]]["card"])
        assert any(re.match(rf"{place}\s.*\s{card}\b", line) for line in lines), (place, card, lines)
    game, state = played("speicherstadt", 3, lambda v: v["offer"] is not None)
    view = game.view(state, None)
    offer = view["offer"]
    card = playtext.card_words(view["row"][offer["position"]]["card"])
    said = f"on offer: {card} at position {offer['position'] + 1} for {offer['price']}"
    assert said in playtext.render("speicherstadt", view, None)


def test_speicherstadt_seats_say_their_contracts_goods_and_cards_within_80_columns():
    """Two contracts wrapped a seat's row at 80 columns and a third was cut at 40 characters (`contr…`);
    a contract's goods, no longer in the row once bought, were nowhere, nor a seat's traders."""
    game, state = played("speicherstadt", 3, lambda v: max(len(s["contracts"]) for s in v["seats"]) >= 3)
    view = game.view(state, None)
    lines = playtext.speicherstadt(view, None)
    fitted = playtext.fit(lines, 80)
    assert "…" not in "\n".join(lines)
    assert all(len(line) <= 80 for line in lines if "  " in line.strip()), lines  # no table row wraps
    said = re.sub(r"\s+", " ", " ".join(fitted))
    for s in view["seats"]:
        for c in s["contracts"]:
            goods = ", ".join(c["goods"])
            assert f"{playtext.card_words(c['card'])} ({goods} for {c['vp']}vp: {len(c['placed'])}/" in said, said
        for card in s["cards"]:
            assert playtext.card_words(card) in said


def test_medici_ships_a_seat_on_a_line_each_ship_whole_within_80_columns():
    """Six lines of ships left Medici's log 3 rows of 24; three ships with cargo in one row broke it at 80
    columns, a tile split over two lines, and a full ship's cell was cut at 40 characters (the harbour
    lost). The harbours' cargo values stand by their tracks: the higher wins the harbour."""
    game, state = played("medici", 2, lambda v: sum(len(s["tiles"]) for p in v["players"] for s in p["ships"]) >= 9)
    view = game.view(state, 0)
    lines = playtext.fit(playtext.medici(view, 0), 80)
    assert all(len(line) <= 80 for line in lines) and "…" not in "\n".join(lines), lines
    for p in view["players"]:  # a seat's ships on a line (two at 80 columns if full), each whole on a row
        assert sum(line.startswith(f"  {p['name']}'s ships: 1 [") for line in lines) == 1, lines
        for s in p["ships"]:
            cargo = ": " + ", ".join(f"{t['kind']} {t['value']}" for t in s["tiles"]) if s["tiles"] else ""
            at = f" in harbour {s['harbour'] + 1}" if s["harbour"] is not None else ""
            assert any(f"{s['ship'] + 1} [{len(s['tiles'])}/{s['capacity']}]{at}{cargo}" in line for line in lines)
    for h in view["harbours"]:
        assert any(line.endswith(f"· cargo Medici {h['totals'][0]}, Strozzi {h['totals'][1]}") for line in lines)


def test_smuggler_boats_are_whole_and_no_seat_without_characters_is_listed():
    """The hold's cell was cut at 40 characters and wrapped its row; `seat N's characters:` stood
    empty before anyone kept one."""
    mine = resource("smuggler", 3)
    assert not re.search(r"characters: *$", playtext.render("smuggler", mine["view"], 0), re.M)
    game, state = played("smuggler", 3, lambda v: v["phase"] == "play")
    view = game.view(state, 0)
    loaded = [gid for gid, good in view["goods"].items() if good["where"] == "merchant"][:4]
    for gid in loaded:
        view["goods"][gid].update(where="boat", owner=0)
    lines = playtext.smuggler(view, 0)
    boat = next(line for line in lines if line.startswith("your boat: "))
    assert "…" not in boat and all(playtext.goods_name(gid, view) in boat for gid in loaded), boat
    assert all(len(line) <= 80 for line in lines if "  " in line.strip()), lines  # no table row wraps


def test_a_refused_request_says_what_was_wrong_not_only_that_it_was():
    """`--game medici --players 3` printed only `The match cannot be created as asked.`"""
    problem = {
        "detail": "The match cannot be created as asked.",
        "code": "validation_error",
        "errors": {"players": ["Medici vs Strozzi is for 2 players."]},
    }
    said = str(play.ApiError(422, problem))
    assert said == (
        "422 validation_error: The match cannot be created as asked. players: Medici vs Strozzi is for 2 players."
    )


def test_medici_says_the_lots_limit_as_a_number_of_tiles():
    """'lot: dye 2 (at most 1)' read as a tile's value over a limit; the limit counts tiles."""
    game, state = played("medici", 2, lambda v: len(v["lot"]) >= 1 and v["lot_limit"] is not None)
    view = game.view(state, 0)
    tiles = ", ".join(f"{t['kind']} {t['value']}" for t in view["lot"])
    assert f"lot (tiles: up to {view['lot_limit']}): {tiles} · bag" in playtext.medici(view, 0)[1]


def test_map_prints_the_table_again_at_a_question_asked_at_once():
    """A discard or a set-up spot, the only choice, is asked at once; the table said "type map to print
    it again", and `map` typed there was read as a value ("'map' cannot be read") (a reviewer's find)."""
    state, game = catan_in_play(0)
    view = game.view(state, 0)
    spots = [m for m in game.legal_moves(state, 0) if m["type"] == "build_settlement"]
    mine = {"game": "catan", "version": 0, "seat": 0, "view": view, "legal_moves": spots}
    shown: dict[str, str] = {}
    playprompt.choose_prompt(mine, stdin=io.StringIO(f"{spots[0]['node']}\n"), out=io.StringIO(), shown=shown)
    out = io.StringIO()
    typed = f"map\n{spots[1]['node']}\n"
    assert playprompt.choose_prompt(mine, stdin=io.StringIO(typed), out=out, shown=shown) == spots[1]
    said = out.getvalue()
    assert "is not one of those" not in said
    assert said.count("S0/C0: seat 0's settlement/city") == 2  # printed again on `map`
    cards = {"kind": "counts", "max": {"lumber": 3, "brick": 2}, "min_total": 2, "max_total": 2}
    discard = {"move": {"type": "discard"}, "params": {"cards": cards}, "label": "Discard half your hand"}
    out = io.StringIO()
    typed = "map\n\nlumber=2\n"  # `map`, then an empty line (nothing to go back to: asked again)
    chosen = playprompt.choose_prompt(
        {**mine, "legal_moves": [], "move_templates": [discard]}, stdin=io.StringIO(typed), out=out, shown=shown
    )
    assert chosen == {"type": "discard", "cards": {"lumber": 2}}
    assert "cannot be read" not in out.getvalue() and "goes back to the moves" not in out.getvalue()
    # It says why an empty line does not go back: a walkthrough pressed Enter, then typed 0 for a move
    # number, and offered Medici's lot for 0.
    assert "(the only move here: type its value; q stops)" in out.getvalue()


def test_a_problem_whose_errors_are_a_list_is_said_not_a_crash():
    """A proxy's 400 with `errors` as a list raised AttributeError in the client (a reviewer's find)."""
    assert str(play.ApiError(400, {"detail": "Bad request", "errors": ["a", "b"]})) == "400 : Bad request errors: a, b"


def test_the_warehouses_to_choose_from_say_where_each_will_stand():
    """A player at the set-up read the START warehouses' names (Pub cellar, Sea cave) as places on the
    map and asked where each one is: none has a place until goods are first stored in it."""
    game, state = played("smuggler", 2, lambda view: view.get("deciding") == "choose_warehouse", steps=50)
    (seat,) = game.to_act(state)
    view = {**game.static(), **game.view(state, seat)}
    (text,) = playsmuggler.choices(view)
    assert text.startswith(
        "warehouses to choose from (row by row: x a square, . none; each is where you first store goods in it,"
        " until it is empty again): "
    ), text
    boats = {**view, "deciding": "choose_boat", "players": [{**p, "boat": {"hold": None}} for p in view["players"]]}
    assert playsmuggler.choices(boats)[0].startswith("boats to choose from (row by row: x a square, . none): ")


def test_at_80x24_a_speicherstadt_offer_and_the_log_stay_on_screen_under_the_others_cards(monkeypatch):
    """At 80x24, by the last rounds the other seats' cards (four rows each) pushed the table's first line
    (what is on offer, at what price) and the others' moves off the screen at each prompt: they are printed
    again only when they change, above the status."""
    monkeypatch.setattr(playprompt, "_terminal_size", lambda stream: os.terminal_size((80, 24)))

    def late(view: dict) -> bool:
        others = [line for s in view["seats"][1:] for line in playtext.speicherstadt_holdings(s, 0)]
        return view["offer"] is not None and 0 in view["to_act"] and len(playtext.fit(others, 80, hang=2)) >= 6

    game, state = played("speicherstadt", 3, late)
    mine = {
        "game": "speicherstadt",
        "version": 40,
        "seat": 0,
        "view": game.view(state, 0),
        "legal_moves": game.legal_moves(state, 0),
        "move_labels": [game.move_label(state, 0, move) for move in game.legal_moves(state, 0)],
    }
    out, shown = io.StringIO(), {}
    playprompt.choose_prompt(mine, stdin=io.StringIO("0\n"), out=out, shown=shown)
    said = ["v41    seat 2 server:random   Seat 2 buys the ship B4 for 2 coins"]
    print("0", *said, sep="\n", file=out)  # the answer as the terminal echoes it, then the log
    playprompt.choose_prompt({**mine, "version": 42}, stdin=io.StringIO("0\n"), out=out, shown=shown, said=said)
    screen = out.getvalue().splitlines()[-24:]
    offer = re.compile(r"^on offer: .+ at position \d+ for \d+$")
    assert any(offer.match(line) for line in screen), "\n".join(screen)
    assert said[0] in screen and any(line.startswith("  [0] ") for line in screen), "\n".join(screen)
    assert any(line.startswith("(the others' cards: as printed above") for line in screen), "\n".join(screen)


def smuggler_seat_holding_cards():
    """A 3-seat match played by greedy bots (random ones seldom hire or discover) until seat 0, alone to
    act in the play phase, holds two characters and two secrets: (game, state, seat 0's view)."""
    from engine import registry
    from engine.bots import get_bot

    game, rng = registry.get("smuggler"), random.Random(3)
    state = game.setup(3, game.load_options({}), 3)
    for _ in range(3000):
        view = game.view(state, 0)
        you = view["players"][0]
        if (
            view["phase"] == "play"
            and sorted(game.to_act(state)) == [0]
            and len(you["characters"]) >= 2 <= you["secrets"]
        ):
            return game, state, view
        seat = sorted(game.to_act(state))[0]
        legal, templates = game.legal_moves(state, seat), game.move_templates(state, seat)
        game.apply(state, seat, get_bot("smuggler", "greedy").choose(game.view(state, seat), legal, rng, templates))
    raise AssertionError("seat 0 never held two characters and two secrets")


def prompted_twice(game, state, view: dict, count: int, said: list[str]) -> list[str]:
    """The last 24 rows after two prompts of seat 0 listing `count` of its moves, `said` between them."""
    legal = game.legal_moves(state, 0)[-count:]
    mine = {"game": game.id, "version": 40, "seat": 0, "view": view, "legal_moves": legal}
    mine["move_labels"] = [game.move_label(state, 0, move, playwords.lang()) for move in legal]
    out, shown, static = io.StringIO(), {}, game.static()
    playprompt.choose_prompt(mine, stdin=io.StringIO("0\n"), out=out, shown=shown, static=static)
    print("0", *said, sep="\n", file=out)  # the answer as the terminal echoes it, then the log
    playprompt.choose_prompt({**mine, "version": 42}, stdin=io.StringIO("0\n"), out=out, shown=shown, static=static)
    return out.getvalue().splitlines()[-24:]


def test_at_80x24_a_smuggler_turn_keeps_the_round_and_the_log_on_screen_naming_your_cards(monkeypatch):
    """At 80x24 each prompt said the seat's characters and secrets in full (ten rows by the second round)
    under the rest of the table, pushing the round, the customs and the others' moves off the screen:
    the status names them, and what they do is a part printed again only when it changes."""
    monkeypatch.setattr(playprompt, "_terminal_size", lambda stream: os.terminal_size((80, 24)))
    game, state, view = smuggler_seat_holding_cards()
    you = view["players"][0]
    said = ["v41    seat 2 server:random   Seat 2 passes"]
    screen = prompted_twice(game, state, view, 3, said)  # three moves: the list is not what is measured here
    assert said[0] in screen and any(line.startswith("Cornish Smuggler · round ") for line in screen), screen
    names = [playsmuggler.card_name(cid, game.static()["characters"]) for cid in you["characters"]]
    assert f"your characters: {', '.join(names)}" in screen, screen


def test_at_80x24_a_catan_seat_asked_to_answer_a_trade_reads_again_every_log_line_since_its_last_prompt(monkeypatch):
    """At 80x24 the offer, the proposals and the answer awaited filled the rows under the map, and the log's
    lines since the last prompt (the roll, who declined) came back one or none: after a decline the screen
    read as before it. While a trade is negotiated the map may scroll off above them instead."""
    monkeypatch.setattr(playprompt, "_terminal_size", lambda stream: os.terminal_size((80, 24)))

    def answering(view: dict) -> bool:
        return view["phase"] == "trade" and 0 in view["trade"]["asked"] and len(view["trade"]["proposals"]) >= 2

    game, state = played("catan", 4, answering)
    said = [
        "v141  Seat 1 rolled 8: 1 ore for seat 0, 2 grain for seat 3",
        "v142  Seat 1 asked seat 0, seat 2, seat 3 for proposals",
        "v143  Seat 0 proposed 1 ore for 1 lumber, 1 brick, 1 wool to seat 1",
        "v144  Seat 2 proposed 1 wool for 1 lumber, 1 brick, 1 ore to seat 1",
    ]
    legal = game.legal_moves(state, 0)
    mine = {"game": "catan", "version": 144, "seat": 0, "view": game.view(state, 0), "legal_moves": legal}
    mine["move_labels"] = [game.move_label(state, 0, move) for move in legal]
    out = io.StringIO()
    print(*said, sep="\n", file=out)  # the log as the terminal printed it, then the prompt that pushed it off
    playprompt.choose_prompt(mine, stdin=io.StringIO("0\n"), out=out, static=game.static(), said=said)
    screen = out.getvalue().splitlines()[-24:]
    assert screen[-len(said) - len(legal) - 2 : -len(legal) - 2] == said, "\n".join(screen)
    assert any(line.startswith("you are asked to answer: ") for line in screen), "\n".join(screen)
    assert any(line.startswith("your hand: ") for line in screen), "\n".join(screen)


def test_the_robbers_moves_are_one_choice_by_hex_and_a_hex_with_two_seats_to_rob_lists_both():
    """The robber's 18 moves (more with a choice of seat to rob), a line or two each, pushed the turn and
    the map off an 80x24 screen. They are one choice: the hex typed as the map numbers it, its moves
    listed when it has more than one."""
    from engine import registry

    game, rng = registry.get("catan"), random.Random(2)
    state = game.setup(4, game.load_options({}), 2)
    for _ in range(5000):  # random play until the robber may go where two seats can be robbed
        seat = min(game.to_act(state))
        hexes = [move["hex"] for move in game.legal_moves(state, seat) if move["type"] == "move_robber"]
        if any(hexes.count(h) > 1 for h in hexes):
            break
        random_step(game, state, rng)
    else:
        raise AssertionError("the robber never had a hex with two seats to rob")
    legal = game.legal_moves(state, seat)
    labels = [game.move_label(state, seat, move, "en") for move in legal]
    listed = playmenu.menu(legal, labels, [], 80)
    assert len(listed.lines) <= 2 and listed.lines[0].startswith("  [0] Move the robber to hex … (you choose which): ")
    two = next(h for h in hexes if hexes.count(h) > 1)
    one = next(h for h in hexes if hexes.count(h) == 1)
    mine = {"game": "catan", "version": 9, "seat": seat, "view": game.view(state, seat), "legal_moves": legal}
    mine["move_labels"] = labels
    out = io.StringIO()
    chosen = playprompt.choose_prompt(mine, stdin=io.StringIO(f"{two}\n1\n"), out=out, static=game.static())
    robbed = [move for move in legal if move["hex"] == two]
    assert chosen == robbed[1], out.getvalue()
    assert f"moves: Move the robber to hex {two} (" in out.getvalue() and "[1] " in out.getvalue().split("moves: ")[-1]
    chosen = playprompt.choose_prompt(mine, stdin=io.StringIO(f"{one}\n"), out=io.StringIO(), static=game.static())
    assert chosen == next(move for move in legal if move["hex"] == one)


def test_a_catan_seats_harbours_say_each_ratio_once():
    """A 3:1 harbour read « vos ports : bois 3:1, brique 3:1, laine 3:1, blé 3:1, minerai 3:1 », a row of
    80x24 to say one thing: each ratio is said once, with the resources it trades."""
    state, game = catan_in_play(0)
    view = game.view(state, 0)
    view["you"]["trade_ratios"] = {"lumber": 3, "brick": 3, "wool": 2, "grain": 3, "ore": 4}
    lines = playtext.catan(view, 0)
    assert "your harbours: 2:1 wool · 3:1 lumber, brick, grain" in lines, lines
