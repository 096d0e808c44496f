"""The person at the terminal: `portside play --human-prompt` shows the seat's table and its
numbered, labelled moves, reads a choice and a template's values, and says what is wrong with
input it cannot use. `q` (or a closed stdin) raises Quit, which play.py handles as Ctrl-C; `undo`,
while the seat's match says its undo would be taken (can_undo), returns UNDO for play.py to post."""

from __future__ import annotations

import os
import sys
from typing import Any, Callable, TextIO

from engine.core import fits, overlapping
from service import playmenu, playsmuggler, playtext, playwords

t, term, tn, labelled = (
    playwords.t,
    playwords.term,
    playwords.tn,
    playwords.labelled,
)  # the terminal's words in its language
NARROWEST, WIDEST = 40, 160  # a terminal's width is taken within these
DECISIONS = {"smuggler": playsmuggler.decision_parts}  # what a game's decisions need beside its table


def price_words(view: dict, tmpl: dict) -> dict[str, playmenu.Asked]:
    """A Medici price, with the seat's money: the prompt said « 0 to 1000 » beside 300 in hand, which read
    as a bound the table forgot. Every price up to the game's cap is allowed to every seat: a buyer short of
    money borrows from the bank (the rules' credit), so the range stays and the prompt says why."""
    price, you = tmpl["params"].get("price"), next((p for p in view["players"] if p["seat"] == view["seat"]), None)
    if tmpl["move"].get("type") != "offer" or not price or you is None:
        return {}
    return {
        "price": playmenu.Asked(
            t(
                "what the lot's buyer pays (you have {money}; a buyer short of money borrows the rest)",
                money=you["money"],
            ),
            t("a whole number from {min} to {max}", min=price["min"], max=price["max"]),
        )
    }


# What a game's template values mean, in its table's words: a template -> its params' Asked.
PARAMS: dict[str, Callable[[dict, dict], dict[str, playmenu.Asked]]] = {
    "smuggler": playsmuggler.template_words,
    "medici": price_words,
}
BACK = object()  # what ask_value returns when the person goes back to the moves
AGAIN = -1  # what ask_move returns for `map`: the whole table again
MAP = object()  # what a value's question returns for `map`: the whole table again, then the question
UNDO = object()  # what choose_prompt returns for `undo`: take back the seat's last move
TAKE_BACK = -2  # what ask_move returns for `undo`
ANSWER_ROOM = 6  # columns left after a question for the answer: a spot typed there went past 80 columns
SAID_AGAIN = 6  # log lines said again under a part of the table printed anew


class Quit(Exception):
    """The person at the prompt asked to stop (`q`): handled as Ctrl-C is."""


def choose_prompt(
    resource: dict,
    *,
    stdin: TextIO = sys.stdin,
    out: TextIO = sys.stderr,
    may_wait: bool = False,
    static: dict | None = None,
    shown: dict[str, str] | None = None,
    said: list[str] | None = None,
) -> Any:  # a move, None (wait for the others) or UNDO
    """Show the seat's table and its numbered, labelled moves; read a choice (and a template's values or
    a group's value, asked at once if it is the only choice: an empty line there goes back to the moves).
    `may_wait` (other seats are to act too, e.g. answering this seat's offer): an empty line returns None,
    to wait for their moves before choosing. `static`: the game's static data
    (GET /v1/games/{game}/static), which fills in what the view leaves out. `shown`: the parts of the
    table this terminal printed for the seat (see print_table), kept by the caller from prompt to prompt;
    `map` at the prompt prints them all again. `said`: the log lines printed since the last prompt.
    `undo` (while the resource's can_undo is true) returns UNDO."""
    legal, templates, undo = resource["legal_moves"], resource.get("move_templates", []), bool(resource.get("can_undo"))
    seat = resource["seat"]
    if only_end_turn(resource) and not may_wait:
        print(file=out)  # the line fit to the terminal: in French at 48 columns it broke inside « tour-ci »
        say("--- " + t("seat {seat}: nothing left to do this turn; it ends.", seat=seat), out)
        return legal[0]
    width, labels = terminal_width(out), resource.get("move_labels", [])
    view = {**(static or {}), **resource["view"]}
    print("\n--- " + t("seat {seat}, your move (version {version})", seat=seat, version=resource["version"]), file=out)
    said = list(said or [])  # print_table empties it once it says it again: not recalled above the moves too
    status = print_table(resource["game"], view, seat, out, shown, said=said)

    def table_again() -> int:
        """The status (whose turn, the seats, your cards) above a list printed anew: its rows."""
        return print_status(resource["game"], view, seat, out)

    def explain(tmpl: dict) -> dict[str, playmenu.Asked]:
        """A template's values in the game's words, if it has them."""
        return PARAMS[resource["game"]](view, tmpl) if resource["game"] in PARAMS else {}

    while True:
        listed = playmenu.menu(legal, labels, templates, width, room(out, status))
        if said:  # once, at the prompt's first list
            recall(said, status, scrolls_off(resource["game"], view, seat, width), len(listed.lines), out)
            said = None
        print(t("moves:"), file=out)
        print("\n".join(listed.lines), file=out)
        # The only thing to do is a choice that asks for a value: its number would be one more question.
        sole = len(listed.choices) == 1 and not isinstance(listed.choices[0], dict) and not may_wait
        chosen = 0 if sole else ask_move(len(listed.choices), may_wait, stdin, out, undo=undo)
        if chosen is None or chosen == TAKE_BACK:
            return None if chosen is None else UNDO
        if chosen == AGAIN:
            status = print_table(resource["game"], view, seat, out, shown, everything=True)
            continue
        move = take(listed.choices[chosen], stdin, out, sole, table_again, explain, undo)
        if move is MAP:
            status = print_table(resource["game"], view, seat, out, shown, everything=True)
        elif move is not None:
            return move
        elif isinstance(listed.choices[chosen], playmenu.Section):
            status = table_again()  # back from a section's moves: the whole list again under the status


def take(
    choice: dict | playmenu.Group | playmenu.Section | playmenu.Fill,
    stdin: TextIO,
    out: TextIO,
    sole: bool,
    table_again: Callable[[], int] = lambda: 0,
    explain: Callable[[dict], dict[str, playmenu.Asked]] = lambda tmpl: {},
    undo: bool = False,
) -> Any:
    """The move a choice stands for: itself, its group's by the value typed, one of its section's moves,
    or the template filled (its values said in the game's words by `explain`, if it has them); None to go
    back to the moves, MAP for `map`, UNDO for `undo` at a lone group's value (when `undo` may be typed)."""
    if isinstance(choice, playmenu.Group):
        picked = pick_value(choice, stdin, out, sole, undo and sole)
        return pick_in_section(picked, stdin, out, table_again) if isinstance(picked, playmenu.Section) else picked
    if isinstance(choice, playmenu.Section):
        return pick_in_section(choice, stdin, out, table_again)
    if isinstance(choice, playmenu.Fill):
        return fill_template(choice.template, stdin, out, sole, explain(choice.template))
    return choice


def pick_in_section(section: playmenu.Section, stdin: TextIO, out: TextIO, table_again: Callable[[], int]) -> Any:
    """One of a section's moves, listed alone under the status (in sections again if they do not fit
    either); None for an empty line or `back` (to all the moves), MAP for `map`."""
    while True:
        status = table_again()
        status += say(t("moves: {heading}", heading=section.heading), out) - 1
        listed = playmenu.menu(section.legal, section.labels, [], terminal_width(out), room(out, status))
        print("\n".join(listed.lines), file=out)
        chosen = ask_move(len(listed.choices), False, stdin, out, back=True)
        if chosen is None or chosen == AGAIN:
            return None if chosen is None else MAP
        move = take(listed.choices[chosen], stdin, out, False, table_again)
        if move is not None:
            return move


def print_table(
    game: str,
    view: dict,
    seat: int,
    out: TextIO,
    shown: dict[str, str] | None,
    everything: bool = False,
    said: list[str] | None = None,
) -> int:
    """The seat's table fit to the terminal: its named parts (a map) that changed since `shown` was
    printed (all with `everything`, or without `shown`), a line naming the others, then the status, last,
    so that at 40 rows whose turn it is, the hand and the moves stay on screen under a 25-row map. Parts
    printed taller than the log's last lines (a map) push the log above them off a 40-row screen: those
    lines (`said`) come again under them; a line or two printed anew leaves the log where it was read.
    The rows printed after the last part printed (which the moves' list leaves on screen)."""
    width, kept, printed = terminal_width(out), [], 0
    named = playtext.parts(game, view, seat) + DECISIONS.get(game, lambda view: [])(view)
    for name, lines in named:
        if not name or not lines:
            continue
        text = "\n".join(playtext.fit(lines, width, hang=2))
        if everything or shown is None or shown.get(name) != text:
            print(text, file=out)
            printed += text.count("\n") + 1
        else:
            kept.append(name)
        if shown is not None:
            shown[name] = text
    if said and printed > SAID_AGAIN:
        print(t("(the log, again:)"), *said[-SAID_AGAIN:], sep="\n", file=out)
        said.clear()  # said: choose_prompt does not recall it above the moves too
    rows = say(kept_above(kept, width), out) if kept else 0
    return rows + print_status(game, view, seat, out, named)


def recall(said: list[str], status: int, off: int, listed: int, out: TextIO) -> None:
    """The log's last lines since the seat's last prompt, again above the moves, as many as the screen
    holds under the `status` rows of the table but the `off` first ones (which may scroll off) and the
    `listed` rows of moves: at 80x24 a Catan decision pushed them off, and with them what the bots had
    done since (a card stolen)."""
    size = _terminal_size(out)
    rows = [text.count("\n") + 1 for text in said]
    if size is None or not size.lines or 2 + status + listed + 2 + sum(rows) <= size.lines:
        return  # no terminal, or the log is still on screen above the prompt
    room, again = size.lines - (status - off) - listed - 2, 0
    while again < len(said) and rows[-1 - again] <= room:
        room -= rows[-1 - again]
        again += 1
    if again:
        print(*said[-again:], sep="\n", file=out)


def scrolls_off(game: str, view: dict, seat: int, width: int) -> int:
    """The rows of the table's status that may scroll off a short screen (playtext.SCROLLS_OFF)."""
    count = playtext.SCROLLS_OFF.get(game, lambda view: 0)(view)
    status = [line for name, lines in playtext.parts(game, view, seat) if not name for line in lines]
    return len(playtext.fit(status[:count], width, hang=2)) if count else 0


def kept_above(kept: list[str], width: int) -> str:
    """What says the parts `kept` are as printed above: each by name on one line, else (five parts of
    Cornish Smuggler's table took three of 24 rows in French) the rest of the table."""
    again = tn(
        "({parts}: as printed above; type map to print it again)",
        "({parts}: as printed above; type map to print them again)",
        len(kept),
        parts=", ".join(kept),
    )
    return again if len(again) <= width else t("(the rest of the table: as printed above; type map to print it again)")


def print_status(game: str, view: dict, seat: int, out: TextIO, named: list[playtext.Part] | None = None) -> int:
    """The table's unnamed part (whose turn, the seats, your cards) fit to the terminal; its rows."""
    if named is None:
        named = playtext.parts(game, view, seat) + DECISIONS.get(game, lambda view: [])(view)
    status = playtext.fit([line for name, lines in named if not name for line in lines], terminal_width(out), hang=2)
    if status:
        print("\n".join(status), file=out)
    return len(status)


def ask_move(
    count: int, may_wait: bool, stdin: TextIO, out: TextIO, back: bool = False, undo: bool = False
) -> int | None:
    """The number of the move chosen; None (`may_wait` only) for an empty line: wait for the others;
    (`back`: a section's moves) None for an empty line or `back`: all the moves again;
    AGAIN for `map`: the table again, its parts not printed for being unchanged too;
    TAKE_BACK for `undo` (`undo`: the seat's undo would be taken)."""
    wait = t(", Enter to wait for the others") if may_wait else t(", Enter or back for all the moves") if back else ""
    numbers = f"0-{count - 1}" if count > 1 else "0"
    while True:
        ask(t("move number ({numbers}{wait}{undo}, q to stop):", numbers=numbers, wait=wait, undo=undo_hint(undo)), out)
        line = readline(stdin)
        if stops(line):
            raise Quit
        if asks_map(line):
            return AGAIN
        if undo and asks_undo(line):
            return TAKE_BACK
        if (may_wait and not line) or (back and goes_back(line)):
            return None
        if line.isdigit() and int(line) < count:
            return int(line)
        if count == 1:  # « tapez un nombre de 0 à 0 » read as a riddle
            say("  " + t("{typed} is not a move here: type 0.", typed=repr(line)), out)
            continue
        say(
            "  " + t("{typed} is not a move here: type a number from 0 to {last}.", typed=repr(line), last=count - 1),
            out,
        )


def fill_template(
    tmpl: dict, stdin: TextIO, out: TextIO, sole: bool = False, asked: dict[str, playmenu.Asked] | None = None
) -> Any:
    """The template's move with a value typed for each param (`asked`: some in the game's words); None if
    the person goes back to the moves (unless the template is the only choice: then it is asked again),
    MAP for `map`."""
    print(only_move() if sole else go_back(), file=out)
    while True:
        move, typed = dict(tmpl["move"]), None
        for name, param in tmpl["params"].items():
            typed = move[name] = ask_value(name, param, stdin, out, (asked or {}).get(name))
            if typed is BACK or typed is MAP:
                break
        if typed is MAP or (typed is BACK and not sole):
            return None if typed is BACK else MAP
        if typed is BACK:
            continue  # the only choice: there is nothing to go back to
        if not overlapping(tmpl, move):
            return move
        groups = " / ".join(t(" and ").join(map(term, group)) for group in tmpl["disjoint"])
        say("  " + t("{groups} may not name the same key: choose again.", groups=groups), out)


def pick_value(group: playmenu.Group, stdin: TextIO, out: TextIO, sole: bool, undo: bool = False) -> Any:
    """The group's move whose value is typed (or the Section of its moves that have it); None for an empty
    line or `back` (unless the group is the only choice: then there is nothing to go back to); MAP for
    `map`; UNDO for `undo` if `undo`."""
    if not sole:
        print(go_back(), file=out)
    while True:
        ask(t("{heading} (one of those listed{undo}, q to stop):", heading=group.heading, undo=undo_hint(undo)), out)
        typed = readline(stdin)
        if stops(typed):
            raise Quit
        if undo and asks_undo(typed):
            return UNDO
        if goes_back(typed) and not sole:
            return None
        if asks_map(typed):
            return MAP
        move = group.pick(typed)
        if move is not None:
            return move
        say("  " + t("{typed} is not one of those listed: type one of them.", typed=repr(typed)), out)


def stops(typed: str) -> bool:
    """What a person types to stop, to see the table again (asks_map), to go back (goes_back): the
    English words, or the language's (« quitter », « carte », « retour »: its help lines show them)."""
    return typed.lower() in ("q", "quit", t("quit"))


def asks_map(typed: str) -> bool:
    return typed.lower() in ("map", t("map"))


def goes_back(typed: str) -> bool:
    return typed.lower() in ("", "back", t("back"))


def asks_undo(typed: str) -> bool:
    return typed.lower() in ("undo", t("undo"))


def undo_hint(undo: bool) -> str:
    """What the question says of `undo` while the seat may take its last move back."""
    return t(", undo takes back your last move") if undo else ""


def say(text: str, out: TextIO) -> int:
    """The text fit to the terminal; its rows."""
    lines = playtext.fit([text], terminal_width(out))
    print("\n".join(lines), file=out)
    return len(lines)


def ask(question: str, out: TextIO) -> None:
    """The question fit to the terminal, room left for the answer typed after its last line."""
    *lines, last = playtext.fit([question], terminal_width(out) - ANSWER_ROOM)
    print("".join(f"{line}\n" for line in lines) + f"{last} ", end="", file=out, flush=True)


def _terminal_size(stream: TextIO | None) -> os.terminal_size | None:
    """The size of the terminal `stream` writes to (asked each time: it may be resized); None if it is none."""
    try:
        return os.get_terminal_size(stream.fileno()) if stream is not None and stream.isatty() else None
    except (AttributeError, OSError, ValueError):
        return None


def is_terminal(stream: TextIO | None) -> bool:
    return _terminal_size(stream) is not None


def terminal_width(stream: TextIO | None, otherwise: int = playtext.WIDTH) -> int:
    """The columns of the terminal `stream` writes to, or `otherwise`."""
    size = _terminal_size(stream)
    return otherwise if size is None else max(NARROWEST, min(WIDEST, size.columns))


def room(out: TextIO, status: int) -> int | None:
    """The rows left for the moves' lines under `status` rows of the table, their heading and the question,
    at least a few (None: no terminal, no limit)."""
    size = _terminal_size(out)
    return max(8, size.lines - status - 2) if size is not None and size.lines else None


def only_end_turn(resource: dict) -> bool:
    """Nothing left to do but end the turn (Cornish Smuggler asks it of whoever holds a secret, so
    that being asked tells the table nothing): the clients end it without asking the player."""
    legal = resource["legal_moves"]
    return len(legal) == 1 and legal[0].get("type") == "end_turn" and not resource.get("move_templates")


def readline(stdin: TextIO) -> str:
    line = stdin.readline()
    if not line:
        raise Quit  # stdin closed: stop as if asked, with the resume line
    return line.strip()


def go_back() -> str:
    return "  " + t("(an empty line or 'back' goes back to the moves, q stops)")


def only_move() -> str:
    return "  " + t("(the only move here: type its value; q stops)")  # an empty line there just asks again


def hint_for(param: dict) -> str:
    """What to type for a template value, with the param's own keys (a counts param: its keys in words, and
    the count when it is set; a seats param: the seats as typed, not a Python list `[1, 2]`)."""
    if param["kind"] == "integer":
        return t("a whole number from {min} to {max}", min=param["min"], max=param["max"])
    if param["kind"] == "seats":
        seats = [str(seat) for seat in param.get("of", [])]
        return t(
            "seats among {seats}, comma-separated, such as {example}",
            seats=" ".join(seats),
            example=",".join(seats[:2]),
        )
    keys = [term(key) for key in param.get("max", {})]
    hint = t(
        "name=count for any of {keys}, such as {example}",
        keys=", ".join(keys),
        example=",".join(f"{k}=1" for k in keys[:2]),
    )
    total = playmenu.exact_total(param)
    return hint if total is None else hint + t("; ") + playmenu.in_all(total)


def bounds(param: dict) -> str:
    """What a param allows, in words: `lumber: 0 to 2, ore: 0 to 1; 1 to 2 in all`."""
    if param["kind"] == "integer":
        return span(param["min"], param["max"])
    if param["kind"] == "seats":
        return t(
            "{span} of seats {seats}", span=span(param["min"], param["max"]), seats=", ".join(map(str, param["of"]))
        )
    each = ", ".join(labelled(term(key), span(0, most)) for key, most in param["max"].items())
    return t("{each}; {span} in all", each=each, span=span(param["min_total"], param["max_total"]))


def span(low: int, high: int) -> str:
    return str(low) if low == high else t("{low} to {high}", low=low, high=high)


def ask_value(name: str, param: dict, stdin: TextIO, out: TextIO, asked: playmenu.Asked | None = None) -> Any:
    """Read the template value `name`: an integer, `key=n,key=n` counts (keys of at most 1 alone, `all`
    for each), or `1,2` seats; say what is wrong. `asked`: what it means and how to type it in the game's
    words, and the names its keys may be typed by. BACK for an empty line or `back`; `q` stops."""
    hint = asked.how if asked else hint_for(param)
    if asked:
        question = t("{name}: {meaning} (type {hint})", name=term(name), meaning=asked.meaning, hint=hint)
    else:
        question = labelled(term(name), f"{term(param['kind'])} ({hint})")
    keys = param["max"] if param["kind"] == "counts" else {}
    names = asked.names if asked else {playmenu.fold(term(key)): key for key in keys}
    while True:
        ask(question + t(":"), out)
        raw = readline(stdin)
        if goes_back(raw):
            return BACK
        if stops(raw):
            raise Quit
        if asks_map(raw):
            return MAP
        try:
            value = parse_value(param["kind"], raw, param, names)
        except ValueError:
            say("  " + t("{typed} cannot be read: type {hint}.", typed=repr(raw), hint=hint), out)
            continue
        if fits(param, value):
            return value
        allowed = t("type {hint}", hint=hint) if asked else bounds(param)
        say("  " + t("{typed} is outside what this move allows: {allowed}.", typed=repr(raw), allowed=allowed), out)


def parse_value(kind: str, raw: str, param: dict | None = None, names: dict[str, str] | None = None) -> Any:
    """The value typed; counts of keys that are at most 1 each (goods to land) may name the keys alone,
    or `all`; a key may be typed by one of its `names` (see playmenu.Asked)."""
    if kind == "integer":
        return int(raw)
    parts = [part.strip() for part in raw.split(",") if part.strip()]
    if kind == "seats":
        return sorted({int(part) for part in parts})
    most = (param or {}).get("max") or {}
    ones = bool(most) and set(most.values()) == {1}
    if ones and raw.lower() in ("all", t("all")):
        return dict.fromkeys(most, 1)
    pairs = [part.split("=") if "=" in part or not ones else [part, "1"] for part in parts]
    if any(len(pair) != 2 for pair in pairs):
        raise ValueError(raw)
    counts = {(names or {}).get(playmenu.fold(key), key.strip()): int(n) for key, n in pairs}
    if most and set(counts) - set(most):
        raise ValueError(raw)  # a key not among those listed: « ble » was said outside the bounds
    return counts
