"""The moves in the terminal as a person chooses among them: numbered, labelled, a long list kept short.
The standard library only (and service/playtext.py's words): the terminal client stays a client."""

from __future__ import annotations

import json
import os
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from service.playlines import WIDTH, fit, move_text, words
from service.playwords import labelled, lang, t, term, tn

# Words a menu's shared start does not end with, by language: an article goes with its noun. French
# gives each noun its own (« le lougre », « la yole »): one family of moves read as two, « Prendre le …
# [0] lougre [1] cotre » then « Prendre … [2] la yole de pilote [3] le ketch ». English keeps `Take the …`.
ARTICLES = {"fr": frozenset({"le", "la", "les", "un", "une", "des", "du", "au", "aux"})}


@dataclass(frozen=True)
class Fill:
    """A template: its values are asked once it is chosen."""

    template: dict


@dataclass(frozen=True)
class Asked:
    """A template's value in a game's own words (service/playsmuggler.py): what it means, how to type it
    (in place of the kind's generic hint), and the names a player may type for its keys, folded (see
    fold): a landing asked for `irish_4=1,irish_5=1` while the table calls those goods Irish trader #4."""

    meaning: str
    how: str
    names: dict[str, str] = field(default_factory=dict)


def fold(typed: str) -> str:
    """A key's name as compared with what is typed: `Irish #4`, `irish 4` and `irish_4` are one, and « blé »
    and `ble` (a keyboard without accents)."""
    return "".join(c for c in unicodedata.normalize("NFKD", typed.lower()) if c.isalnum())


@dataclass(frozen=True)
class Section:
    """Moves of one kind (a type, or one value of a field) as one choice when the whole list would not
    fit the terminal's rows: a turn of the smuggling game lists up to 120 moves, 65 lines, and the top
    of the list and the table above it scrolled off a 40-row screen. Chosen, its moves are listed alone."""

    heading: str  # the moves' shared first words, `…` after them
    legal: tuple[dict, ...]
    labels: tuple[str, ...]


@dataclass(frozen=True)
class Group:
    """Many moves that differ in one value, listed as one choice whose value is typed after: their
    numbers beside the values (`[20] 35`) read as one another, and a player typed the spot for the move.
    Moves that differ in more (the robber's hex and whom it robs: 18 lines pushed the turn off an
    80x24 screen) are grouped by the value typed (the hex): its moves, if several, are listed when typed."""

    heading: str  # the moves' shared label, `…` where the value goes
    field: str
    moves: tuple[dict, ...]
    labels: tuple[str, ...] = ()  # the moves' labels, when a value may stand for several of them

    def values(self) -> list[str]:
        return list(dict.fromkeys(str(move[self.field]) for move in self.moves))

    def pick(self, typed: str) -> dict | Section | None:
        """The move whose value was typed (a number as a map writes it, `05`, is 5 too), or the Section of
        the moves that have it; None if none."""
        found = [n for n, move in enumerate(self.moves) if _typed_is(typed, move[self.field])]
        if len(found) < 2:
            return self.moves[found[0]] if found else None
        labels = tuple(self.labels[n] for n in found)
        heading = _word_start(os.path.commonprefix(list(labels))).rstrip()
        return Section(f"{heading} …", tuple(self.moves[n] for n in found), labels)


def _typed_is(typed: str, value: object) -> bool:
    return typed == str(value) or (type(value) is int and typed.isdigit() and int(typed) == value)


@dataclass
class Menu:
    """The choices as numbered (a move, a Group, a Section or a Fill) and the lines that list them."""

    choices: list[dict | Group | Section | Fill] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    def add_moves(self, start: str, moves: Sequence[dict], texts: Sequence[str], tail: str = "") -> None:
        """One move on its line, or moves whose texts begin with `start` (and end with `tail`, a clause
        said once after the `…`: `Hire Ann for 1 gold and …: gain 1 reputation; … [2] 1 influence  [3] …`)
        on one line, each by the rest."""
        n = len(self.choices)
        if start:
            rests = [text[len(start) : len(text) - len(tail)] for text in texts]
            ends = [f"[{n + k}] {rest}".replace(" ", "\xa0") for k, rest in enumerate(rests)]
            self.lines.append(f"  {start}…{tail + t('; ') + '…' if tail else ''} " + "  ".join(ends))
        else:
            self.lines.append(f"  [{n}] {texts[0]}")
        self.choices += moves

    def add_group(self, group: Group) -> None:
        which = t("(you choose which):")
        self.lines.append(f"  [{len(self.choices)}] {group.heading} {which} {' '.join(group.values())}")
        self.choices.append(group)

    def add_section(self, section: Section) -> None:
        many = tn("({n} move, listed when chosen)", "({n} moves, listed when chosen)", len(section.legal))
        self.lines.append(f"  [{len(self.choices)}] {section.heading} {many}")
        self.choices.append(section)

    def add_template(self, tmpl: dict) -> None:
        label = tmpl.get("label") or move_text(tmpl["move"])
        chosen = ", ".join(param_words(name, param) for name, param in tmpl["params"].items())
        self.lines.append(f"  [{len(self.choices)}] {label} " + t("(you choose {values})", values=chosen))
        self.choices.append(Fill(tmpl))


def param_words(name: str, param: dict) -> str:
    """A template's value as the menu names it, with its count when that is set (a 7's discard: `cards: 4 in
    all`; a player learnt how many only from the refusal of a wrong one)."""
    total = exact_total(param)
    return term(name) if total is None else labelled(term(name), in_all(total))


def in_all(total: int) -> str:
    return t("{n} in all", n=total).replace(" ", "\xa0")  # held on one line by fit


def exact_total(param: dict) -> int | None:
    """The number of cards (or the like) a counts param must add up to, if just one."""
    if param.get("kind") == "counts" and param.get("min_total") == param.get("max_total"):
        return param["max_total"]
    return None


def menu(
    legal: Sequence[dict], labels: Sequence[str], templates: Sequence[dict], width: int = WIDTH, rows: int | None = None
) -> Menu:
    """The moves as `[n] words`. Many moves of one type that differ in one field are one choice, its
    heading the label with `…` for the value, the values listed after (`… (you choose which): 0 1 3`),
    so a long list stays short; labelled ones only when their labels differ in that value alone. Moves
    that differ only in a short end (a payment) share a line: `Sail to Mousehole for … [4] 1 gold  [5] …`.
    Lines more than `rows` (the room on the screen, None: no limit): the kinds of moves that take the
    most lines are each one Section (`[3] Move your pawn from … (40 moves, listed when chosen)`) until
    the list fits."""
    built = _listed(legal, labels, templates, width, set())
    if rows is None or len(built.lines) <= rows:
        return built
    kinds = [(tuple(legal[n] for n in kind), _labels_of(labels, kind)) for kind in _kinds(legal)]
    sizes = [len(_listed(moves, names, [], width, set()).lines) for moves, names in kinds]
    # A kind whose moves take no more rows than its section's line would (two payments on a line that
    # breaks once) is left listed: folded, it saved nothing and asked for one more choice.
    section_rows = [len(_listed([], [], [], width, {0}, [kind]).lines) for kind in kinds]
    folded: set[int] = set()
    while len(built.lines) > rows:
        unfolded = [k for k in range(len(kinds)) if k not in folded and sizes[k] > section_rows[k]]
        if not unfolded:
            break
        folded.add(max(unfolded, key=lambda k: sizes[k]))
        built = _listed([], [], templates, width, folded, kinds)
    return built


def _listed(
    legal: Sequence[dict],
    labels: Sequence[str],
    templates: Sequence[dict],
    width: int,
    folded: set[int],
    kinds: Sequence[tuple[tuple[dict, ...], tuple[str, ...]]] = (),
) -> Menu:
    """The menu of `legal`, or of the moves of `kinds` in turn (each of those in `folded` as one Section)."""
    built = Menu()
    _add_moves(built, legal, labels)
    for k, (moves, names) in enumerate(kinds):
        if k not in folded:
            _add_moves(built, moves, names)
            continue
        texts = [move_text(move, names[n] if n < len(names) else None) for n, move in enumerate(moves)]
        heading = _word_start(os.path.commonprefix(texts)) or f"{move_text({'type': moves[0]['type']})}: "
        built.add_section(Section(f"{heading}…", moves, names))
    for tmpl in templates:
        built.add_template(tmpl)
    built.lines = fit(built.lines, width)
    return built


def _labels_of(labels: Sequence[str], kind: Sequence[int]) -> tuple[str, ...]:
    """The labels of the moves numbered `kind` (none if any of them has none)."""
    return tuple(labels[n] for n in kind) if all(n < len(labels) for n in kind) else ()


def _add_moves(built: Menu, legal: Sequence[dict], labels: Sequence[str]) -> None:
    texts = [move_text(move, labels[n] if n < len(labels) else None) for n, move in enumerate(legal)]
    i = 0
    while i < len(legal):
        run = _same_kind_run(legal, i)
        heading = _run_heading(legal, labels, i, run) if run > 6 else None
        staged = _staged(legal, labels, i, run) if run > 6 and heading is None else None
        if heading is not None:
            built.add_group(Group(heading, next(k for k in legal[i] if k != "type"), tuple(legal[i : i + run])))
        elif staged is not None:
            built.add_group(staged)
        else:
            start, run, tail = _shared_start(texts, i)
            built.add_moves(start, legal[i : i + run], texts[i : i + run], tail)
        i += run


def _kinds(legal: Sequence[dict]) -> list[list[int]]:
    """The moves' numbers by kind, in the order each kind first comes: by type, or (all of one type) by
    the value of the first field whose values differ (a pawn's moves by the space it leaves)."""
    fields = dict.fromkeys(key for move in legal for key in move if key != "type")
    for name in ("type", *fields):
        values = [json.dumps(move.get(name), sort_keys=True) for move in legal]
        if len(set(values)) > 1:
            break
    kinds: dict[str, list[int]] = {}
    for n, value in enumerate(values):
        kinds.setdefault(value, []).append(n)
    return list(kinds.values())


def numbered_moves(
    legal: Sequence[dict], labels: Sequence[str], templates: Sequence[dict], width: int = WIDTH
) -> list[str]:
    """The lines of the moves' menu (see menu)."""
    return menu(legal, labels, templates, width).lines


def _shared_start(texts: Sequence[str], start: int) -> tuple[str, int, str]:
    """The words texts[start] and the next ones begin with, how many, and the clause they end with if
    they share one (`: gain 2 reputation` after a hire's two payments), if each one's rest is short."""
    shared = _word_start(os.path.commonprefix(list(texts[start : start + 2])))
    end = start + 1
    while shared and end < len(texts) and texts[end].startswith(shared):
        end += 1
    if end - start < 2:
        return "", 1, ""
    rests = [text[len(shared) :] for text in texts[start:end]]
    ending = os.path.commonprefix([rest[::-1] for rest in rests])[::-1]
    colon = ending.find("\xa0: ") if "\xa0: " in ending else ending.find(": ")  # French sets its colon apart
    tail = ending[colon:] if colon >= 0 and max(len(rest) for rest in rests) > 30 else ""
    cut = [rest[: len(rest) - len(tail)] for rest in rests]
    if not all(cut) or max(len(part) for part in cut) > 30:
        return "", 1, ""
    return shared, end - start, tail


def _word_start(common: str) -> str:
    """The whole words `common` begins with (with the space after them), but an article last (ARTICLES)."""
    start = re.split(r"(?<=\s)", common)[:-1]  # each whole word with its space, no-break (« siège\xa02 ») or not
    articles = ARTICLES.get(lang(), frozenset())
    while start and start[-1][:-1].lower() in articles:
        start.pop()
    return "".join(start)


def _run_heading(legal: Sequence[dict], labels: Sequence[str], start: int, run: int) -> str | None:
    """The heading of moves start..start+run: their shared label with the value as `…`, or
    (unlabelled) the type and the field; None if the labels differ in more than the value."""
    if len(legal[start]) != 2:
        return None  # moves that differ in more than one field: see _staged
    field = next(k for k in legal[start] if k != "type")
    if start + run > len(labels):
        return f"{move_text({'type': legal[start]['type']})}, {words(field)}"
    headings = set()
    for n in range(start, start + run):
        value = str(legal[n][field])
        if labels[n].count(value) != 1:
            return None
        headings.add(labels[n].replace(value, "…"))
    return headings.pop() if len(headings) == 1 else None


def _staged(legal: Sequence[dict], labels: Sequence[str], start: int, run: int) -> Group | None:
    """Moves start..start+run that differ in more than one field, as a Group by the numbered field whose
    values differ most, if many (the robber's hex, as the map numbers it), and their labels name it first
    after their shared words (`Move the robber to hex …`); None otherwise."""
    moves, named = legal[start : start + run], labels[start : start + run]
    fields = [k for k in moves[0] if k != "type" and all(type(move[k]) is int for move in moves)]
    if len(moves[0]) < 3 or not fields or len(named) < run:
        return None
    field = max(fields, key=lambda k: len({move[k] for move in moves}))
    others = [k for k in moves[0] if k not in ("type", field)]
    if len({move[field] for move in moves}) < 7 or all(len({repr(m[k]) for m in moves}) == 1 for k in others):
        return None  # a few values (a smuggler's two officers), or moves that differ in it alone
    shared = _word_start(os.path.commonprefix(list(named)))
    if not shared or not all(re.match(rf"{move[field]}\s", label[len(shared) :]) for move, label in zip(moves, named)):
        return None
    return Group(f"{shared}…", field, tuple(moves), tuple(named))


def _same_kind_run(legal: Sequence[dict], start: int) -> int:
    """How many moves from `start` have the same type and the same other fields (one or more)."""
    keys = set(legal[start])
    if len(keys) < 2:
        return 1
    end = start + 1
    while end < len(legal) and legal[end].get("type") == legal[start].get("type") and set(legal[end]) == keys:
        end += 1
    return end - start
