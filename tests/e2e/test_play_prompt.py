"""`portside play --human-prompt` without a server: the prompt read from a StringIO, the lines fit to
a width. The same behaviours as a person meets them in tmux: tests/e2e/test_play_terminal.py."""

from __future__ import annotations

import io
import re

import pytest

from engine.smuggler import GAME as SMUGGLER
from service import play, playmenu, playprompt, playresume, playtext
from tests.engine.smuggler import helpers

COUNTS = {"kind": "counts", "max": {"brick": 1, "wool": 2}, "min_total": 1, "max_total": 2}
TRADE = {"move": {"type": "offer_trade"}, "params": {"give": COUNTS}, "label": "Offer a trade"}
MINE = {
    "game": "nogame",
    "version": 4,
    "seat": 0,
    "view": {"coins": 3},
    "legal_moves": [{"type": "end_turn"}, {"type": "pass"}],
    "move_labels": ["End your turn", "Pass"],
    "move_templates": [TRADE],
}


@pytest.mark.parametrize("leave", ["", "back", "BACK"])
def test_a_template_is_left_for_the_moves_with_an_empty_line_or_back(leave):
    out = io.StringIO()
    move = playprompt.choose_prompt(MINE, stdin=io.StringIO(f"2\n{leave}\n1\n"), out=out)
    assert move == {"type": "pass"}
    text = out.getvalue()
    assert "an empty line or 'back' goes back to the moves" in text
    assert text.count("[2] Offer a trade") == 2  # the moves shown again after leaving the trade
    assert "outside what this move allows" not in text and "cannot be read" not in text


def test_q_at_a_template_value_stops_as_at_the_move_prompt():
    with pytest.raises(playprompt.Quit):
        playprompt.choose_prompt(MINE, stdin=io.StringIO("2\nq\nwool=1\n"), out=io.StringIO())


def test_a_value_out_of_range_is_answered_with_the_bounds_in_words():
    out = io.StringIO()
    move = playprompt.choose_prompt(MINE, stdin=io.StringIO("2\nlumber=5\nwool=3\nwool=2\n"), out=out)
    assert move == {"type": "offer_trade", "give": {"wool": 2}}
    text = out.getvalue()
    bounds = "brick: 0 to 1, wool: 0 to 2; 1 to 2 in all."
    # lumber is none of the cards this move counts: said unread, with the words to type
    assert "'lumber=5' cannot be read: type name=count for any of brick, wool, such as brick=1,wool=1." in text
    assert f"'wool=3' is outside what this move allows: {bounds}" in text
    assert '{"' not in text
    assert playprompt.bounds({"kind": "integer", "min": 0, "max": 30}) == "0 to 30"
    assert playprompt.bounds({"kind": "seats", "of": [1, 2], "min": 1, "max": 1}) == "1 of seats 1, 2"


def test_lines_are_fit_between_words_continuations_indented_and_nothing_lost():
    line = "for hire: " + "; ".join(f"Loveday Nance{n} (Chandler: 2 gold, reputation 1)" for n in range(6))
    for width in (40, 80, 100):
        fitted = playtext.fit([line], width)
        assert all(len(row) <= width for row in fitted) and len(fitted) > 1
        assert all(row.startswith("  ") and not row.startswith("   ") for row in fitted[1:])
        assert " ".join(row.strip() for row in fitted) == line
    moves = playtext.fit(["  [12] " + "Move the robber to hex 0 (8, lumber), stealing from seat 2 " * 2], 60)
    assert all(row.startswith(" " * 7) for row in moves[1:])  # under the move's text, past its number
    glued = playtext.fit(["size\xa01:\xa02+1\xa03+1 " * 12], 40)
    assert all(re.fullmatch(r"( *size 1: 2\+1 3\+1)+", row) for row in glued)  # \xa0 holds, prints as space


def test_moves_that_differ_in_a_short_end_share_a_line_and_others_do_not():
    legal = [{"type": "sail", "to": to, "pay": pay} for to in ("irish", "zennor") for pay in ("influence", "gold")]
    labels = [f"Sail to {to} for {cost}" for to in ("Irish trader", "Zennor") for cost in ("1 influence", "3 gold")]
    assert playmenu.numbered_moves(legal, labels, [], 80) == [
        "  Sail to Irish trader for … [0] 1 influence  [1] 3 gold",
        "  Sail to Zennor for … [2] 1 influence  [3] 3 gold",
    ]
    long = [f"Move the robber to hex {h} ({h + 2}, lumber), stealing from seat {h % 3}" for h in range(3)]
    moves = [{"type": "move_robber", "hex": h, "steal": h % 3} for h in range(3)]
    assert playmenu.numbered_moves(moves, long, [], 80) == [f"  [{n}] {text}" for n, text in enumerate(long)]


def test_the_resume_command_breaks_between_its_arguments_to_fit():
    player = play.Player(tokens={0: "pst_" + "a" * 43}, labels={0: "human"}, prompted={0})
    text = playresume.resume_text("http://127.0.0.1:8331", "e1deaca38352670b5b95", player, 80)
    assert all(len(line) <= 80 for line in text.splitlines())
    command = re.sub(r" \\\n\s+", " ", text).splitlines()[-1].strip()
    assert command == (
        f"portside play --url http://127.0.0.1:8331 --resume=e1deaca38352670b5b95 --token=pst_{'a' * 43} --human-prompt"
    )


def test_a_set_count_stays_on_one_line_with_its_in_all():
    """At 80 columns a discard's question broke between its number and 'in all' ('…; 5' / 'in all')."""
    cards = {"kind": "counts", "max": {"lumber": 3, "brick": 2, "wool": 2}, "min_total": 5, "max_total": 5}
    for width in range(40, 101):
        question = playtext.fit([f"cards: counts ({playprompt.hint_for(cards)}):"], width)
        assert question[-1].endswith(" 5 in all):") and not question[-1].startswith("  in all"), (width, question)
    template = {"move": {"type": "discard"}, "params": {"cards": cards}, "label": "Discard half your hand"}
    lines = playmenu.numbered_moves([], [], [template], 50)
    assert lines == ["  [0] Discard half your hand (you choose cards:", "      5 in all)"], lines


def test_a_seats_question_lists_the_seats_as_typed_not_as_a_python_list():
    """A Catan offer asked 'to: seats (seats among [1, 2] such as 1,2)', a Python list (a reviewer's find)."""
    hint = playprompt.hint_for({"kind": "seats", "of": [1, 3], "min": 1, "max": 2})
    assert hint == "seats among 1 3, comma-separated, such as 1,3"


PLACES = ("Hayle", "Lelant", "St Erth", "St Ives", "Zennor", "Madron")
COSTS = {"influence": "1 influence", "gold": "2 gold"}
PAWNS = [
    ({"type": "move_pawn", "from": a, "to": b, "pay": pay}, f"Move your pawn from {a} to {b} for {cost}")
    for a in PLACES[:4]
    for b in PLACES
    if a != b
    for pay, cost in COSTS.items()
]
OFFICERS = [
    ({"type": "move_officer", "officer": i, "to": b, "pay": pay}, f"Move officer {i + 1} to {b} for {cost}")
    for i in range(3)
    for b in PLACES[:4]
    for pay, cost in {"influence": "4 influence", "gold": "6 gold"}.items()
]
TURN = [*PAWNS, *OFFICERS, ({"type": "pass"}, "Pass for this round")]


def test_a_list_longer_than_the_screen_lists_its_biggest_kinds_as_one_choice_each():
    """A smuggling turn listed 60 to 120 moves, more lines than a 40-row screen under the table: the
    kinds of moves taking the most lines are one choice each until the list fits; the rest as before."""
    legal, labels = [move for move, _ in TURN], [label for _, label in TURN]
    whole = playmenu.menu(legal, labels, [], 80)
    assert len(whole.lines) == 33 and playmenu.menu(legal, labels, [], 80, rows=33).lines == whole.lines
    listed = playmenu.menu(legal, labels, [], 80, rows=30)
    assert listed.lines[:2] == [
        "  [0] Move your pawn from … (40 moves, listed when chosen)",
        "  Move officer 1 to Hayle for … [1] 4 influence  [2] 6 gold",
    ]
    assert len(listed.lines) == 14 and listed.lines[-1] == "  [25] Pass for this round"
    folded = playmenu.menu(legal, labels, [], 80, rows=5)
    assert folded.lines == [
        "  [0] Move your pawn from … (40 moves, listed when chosen)",
        "  [1] Move officer … (24 moves, listed when chosen)",
        "  [2] Pass for this round",
    ]
    pawns = folded.choices[0]
    assert isinstance(pawns, playmenu.Section) and list(pawns.legal) == legal[:40]
    # A kind that does not fit either comes in parts: a pawn's moves by the space it leaves.
    assert playmenu.menu(pawns.legal, pawns.labels, [], 80, rows=4).lines == [
        f"  [{n}] Move your pawn from {place} to … (10 moves, listed when chosen)" for n, place in enumerate(PLACES[:4])
    ]


def test_a_kind_chosen_lists_its_moves_alone_under_the_status_and_back_lists_all_again(monkeypatch):
    monkeypatch.setattr(playprompt, "room", lambda out, status: 12)  # the rows under the status
    mine = {**MINE, "legal_moves": [move for move, _ in TURN], "move_labels": [label for _, label in TURN]}
    mine["move_templates"] = []
    out = io.StringIO()
    move = playprompt.choose_prompt(mine, stdin=io.StringIO("1\nback\n1\n\n1\n3\n"), out=out)
    assert move == {"type": "move_officer", "officer": 0, "to": "Lelant", "pay": "gold"}
    text = out.getvalue()
    assert text.count("  [1] Move officer … (24 moves, listed when chosen)") == 3  # after back, after Enter
    section = text.split("moves: Move officer …\n")[1]
    assert section.startswith("  Move officer 1 to Hayle for … [0] 4 influence  [1] 6 gold\n"), section
    assert "move number (0-23, Enter or back for all the moves, q to stop): " in section
    assert text.count("coins: 3") == 6  # the status above each list: the first, the kind thrice, twice back


def landing(*goods: str) -> dict:
    """A smuggling seat at St Ives with `goods` aboard and its landing template (as the server sends it)."""
    merchants = {"irish": {"name": "Irish trader"}, "dutch": {"name": "Dutch merchantman"}}
    view = {
        "seat": 0,
        "players": [{"seat": 0, "boat": {"hold": "lugger", "space": "st_ives"}}],
        "customs": {"discovery": 7},
        "land": {"st_ives": {"name": "St Ives", "risk": 5}},
        "merchants": merchants,
        "shapes": {"l3": [[0, 0], [1, 0], [1, 1]], "keg": [[0, 0]]},
        "goods": {g: {"kind": "l3" if g.startswith("irish") else "keg", "where": "boat", "owner": 0} for g in goods},
    }
    shapes = {"kind": "counts", "max": dict.fromkeys(goods, 1), "min_total": 1, "max_total": len(goods)}
    params = {
        "shapes": shapes,
        "hide": {"kind": "integer", "min": 0, "max": 4},
        "stash": {"kind": "integer", "min": 0, "max": 1},
    }
    tmpl = {"move": {"type": "land"}, "params": params, "label": "Land goods from your boat for 1 influence"}
    return {
        **MINE,
        "game": "smuggler",
        "view": view,
        "legal_moves": [{"type": "pass"}],
        "move_labels": ["Pass"],
        "move_templates": [tmpl],
    }


def test_a_landing_asks_for_the_goods_by_the_tables_numbers_and_says_what_hide_and_stash_mean():
    """A player at 80x40 was asked `shapes: counts (key=n pairs of irish_4, irish_5, …)` while the table calls
    those goods Irish trader #4 and #5, and `hide`, `stash` as bare integers 0 to 4 and 0 to 1."""
    out = io.StringIO()
    move = playprompt.choose_prompt(landing("irish_4", "irish_5"), stdin=io.StringIO("1\n4,9\n4,5\n2\n0\n"), out=out)
    assert move == {"type": "land", "shapes": {"irish_4": 1, "irish_5": 1}, "hide": 2, "stash": 0}
    text = unwrapped(out.getvalue())
    assert "shapes: the goods to land (the others stay aboard): Irish trader #4 (l3 x./xx), Irish trader #5" in text
    assert "(type the numbers of those to land, such as 4 or 4,5, or all): " in text
    assert "'4,9' cannot be read: type the numbers of those to land, such as 4 or 4,5, or all." in text
    assert "its risk is St Ives's 5, +1 a square landed, -1 a point hidden, +2 if another seat plays a Tip-off;" in text
    assert "above discovery 7 (type a whole number from 0 to 4): " in text
    assert "stash: 1 puts the goods landed straight into your warehouses here" in text
    assert "0 leaves them on the beach (type 1 or 0): " in text
    assert "irish_4" not in text and "key=n" not in text
    # Two merchants' goods of one number: typed with the merchant's name, as the table writes it or short.
    for typed in ("Irish trader #4", "irish 4", "IRISH4", "irish_4"):
        again = playprompt.choose_prompt(
            landing("irish_4", "dutch_4"), stdin=io.StringIO(f"1\n{typed}\n0\n1\n"), out=out
        )
        assert again["shapes"] == {"irish_4": 1}, typed
    assert "such as irish 4 or irish 4,dutch 4, or all" in unwrapped(out.getvalue())
    every = playprompt.choose_prompt(landing("irish_4", "dutch_4"), stdin=io.StringIO("1\nall\n0\n1\n"), out=out)
    assert every["shapes"] == {"irish_4": 1, "dutch_4": 1}


def unwrapped(text: str) -> str:
    """The text with the client's own line breaks (and their indentation) undone."""
    return re.sub(r"\n +", " ", text)


def asked(state: dict, seat: int) -> dict:
    """What GET /v1/matches/{id} gives the seat (English labels)."""
    legal = SMUGGLER.legal_moves(state, seat)
    labels = [SMUGGLER.move_label(state, seat, move) for move in legal]
    view = SMUGGLER.view(state, seat)
    return {"game": "smuggler", "version": 9, "seat": seat, "view": view, "legal_moves": legal, "move_labels": labels}


def test_the_customs_questions_show_the_engines_labels():
    """The terminal rebuilt an officer's label from the log's last 50 events (`Move officer 1 from Marazion
    to Ludgvan, a step toward the sale at Hayle`), words the web page and French never had; the engine says
    it now, from the customs step itself, and the terminal shows its label as it comes."""
    state, static = helpers.officers_to_choose(), SMUGGLER.static()
    out = io.StringIO()
    move = playprompt.choose_prompt(asked(state, 1), stdin=io.StringIO("1\n"), out=out, static=static)
    assert move == {"type": "choose_officer", "officer": 1}
    listed = out.getvalue().split("moves:\n")[1].splitlines()[:2]
    assert listed == [
        "  [0] Move officer 1 from Hayle to St Erth, a step toward the sale at Marazion",
        "  [1] Move officer 2 (bribed by seat 2) from Zennor a step toward the sale at Marazion",
    ], listed
    helpers.play(state, 1, move)
    out = io.StringIO()
    move = playprompt.choose_prompt(asked(state, 1), stdin=io.StringIO("1\n"), out=out, static=static)
    assert move == {"type": "choose_path", "officer": 1, "space": "st_ives"}
    listed = out.getvalue().split("moves:\n")[1].splitlines()[:2]
    assert listed == [
        "  [0] Send officer 2 to Madron, from Zennor, a step toward the sale at Marazion",
        "  [1] Send officer 2 to St Ives, from Zennor, a step toward the sale at Marazion",
    ], listed


def test_a_hires_two_payments_share_a_line_and_its_gain_is_said_once():
    """A hire that gives reputation listed its payments as two full lines (`… 1 influence: gain 2
    reputation`, `… 2 reputation: gain 2 reputation`), where the Witch's (no gain) shared one."""
    cards = {"c_annie": ("Annie Tonkin", 1, 2), "r_witch": ("the Witch of St Levan", 1, 0)}
    legal, labels = [], []
    for card, (name, gold, gain) in cards.items():
        for pay, cost in (("influence", "1 influence"), ("reputation", "2 reputation")):
            legal.append({"type": "hire", "card": card, "pay": pay})
            labels.append(f"Hire {name} for {gold} gold and {cost}" + (f": gain {gain} reputation" if gain else ""))
    assert playmenu.numbered_moves(legal, labels, [], 100) == [
        "  Hire Annie Tonkin for 1 gold and …: gain 2 reputation; … [0] 1 influence  [1] 2 reputation",
        "  Hire the Witch of St Levan for 1 gold and … [2] 1 influence  [3] 2 reputation",
    ]
    assert playmenu.numbered_moves(legal[:2], labels[:2], [], 80) == [
        "  Hire Annie Tonkin for 1 gold and …: gain 2 reputation; … [0] 1 influence",
        "    [1] 2 reputation",
    ]
