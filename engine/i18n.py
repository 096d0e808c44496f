"""Words for people: move labels and event lines in English and French.

English is written in the code (it is each message's gettext msgid); every
other language comes from a gettext catalogue read with Babel:
`<folder>/locale/<lang>/LC_MESSAGES/messages.po`. The .po files are read at
first use, so there is no compiled .mo to keep fresh.

Each game keeps its words in its own folder: `engine/<game>/texts.py`
defines

    MOVES  = {move type: "Buy the card for {price}", ...}   (labels)
    EVENTS = {event type: "{seat} bought {card}", ...}       (log lines)
    TEMPLATES = {move type: "Name a price"}   optional: labels of move_templates
    term(value) -> (msgid, suffix)   optional: how a raw value ("contract_a1")
                                      reads ("contract", " A1")
    fields(kind, data) -> dict        optional: derived placeholders

and `engine/<game>/locale/fr/LC_MESSAGES/messages.po` translates every
template and every term. Placeholders take the object's fields; seats
(`seat`, `victim`, ...) read as the seat's name or "seat N", text values as
terms, lists as "a, b", counts as "2 brick, 1 wool", an `Amount` as its count and
unit in the plural the count takes ("3 coins"), a `Phrase` (words with values of
their own: "Irish trader #3") translated whole.

The catalogue also translates every sentence with which the game's rules refuse
a move: `IllegalMove(code, "That contract has no free {good} symbol.",
good=good, contract=card)` keeps its template as the msgid, and `refusal` reads
it in another language with the details as placeholders, read as above. The
engine's own refusals (engine/core.py) are in engine/locale.

`strict=True` raises `MissingText` on any gap (no template for a type, a
term or template without a translation), so a test finds it; without it a
gap reads as a plain rendering of the object and the client still works.
"""

from __future__ import annotations

import gettext
import importlib
import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

LANGUAGES = ("en", "fr")
DEFAULT = "en"
SEAT_FIELDS = frozenset(
    {"seat", "victim", "thief", "partner", "winner", "next", "start", "to", "seats", "winners", "addressed", "asked"}
)
_FORMATTER = string.Formatter()


@lru_cache(maxsize=4096)  # bounded: a refusal's template is whatever message a game raised
def placeholders(template: str) -> frozenset[str]:
    """The named fields of a format string, parsed once per template (a move answer renders a dozen
    texts). ValueError for an unbalanced "{"."""
    return frozenset(name for _, name, _, _ in _FORMATTER.parse(template) if name)


class Amount(NamedTuple):
    """A count of one unit, said with the plural form the count takes: "1 coin", "3 coins",
    « 3 pièces ». A game's `fields` gives one where a bare number would read as a mere figure
    (« vend du café pour 3 »)."""

    n: int
    unit: str


class MissingText(LookupError):
    """A message without words in a language (strict mode only)."""


@dataclass(frozen=True)  # hashed by its words: a text naming it is rendered once (`_rendered`)
class Phrase:
    """Words translated whole around values of their own, each read as a text's placeholder is:
    `Phrase.of("Irish trader #{n}", n=3)` reads "Irish trader #3", « la forme irlandaise n° 3 »
    (a French name's article comes with it, so the name takes no fixed « le » in a template)."""

    msgid: str
    values: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, msgid: str, **values: Any) -> Phrase:
        return cls(msgid, tuple(values.items()))

    def __str__(self) -> str:
        """Its English, as a Name's text: "Irish trader #3"."""
        return self.msgid.format_map(dict(self.values))


class Catalogue:
    """The translations of one folder, per language (English needs none).

    A message with plural forms (msgid_plural in the .po) reads in the form its count asks for,
    by the catalogue's Plural-Forms: French « 1 brique », « 2 briques »; its English stays the
    msgid ("2 brick": Catan's resources are counted so in English)."""

    def __init__(self, folder: Path):
        self.folder = folder

    @cached_property
    def catalogs(self) -> dict[str, Catalog]:
        out: dict[str, Catalog] = {}
        for lang in LANGUAGES:
            path = self.folder / "locale" / lang / "LC_MESSAGES" / "messages.po"
            if lang == DEFAULT or not path.exists():
                continue
            with path.open("rb") as po:
                out[lang] = read_po(po, locale=lang)
        return out

    @cached_property
    def messages(self) -> dict[str, dict[str, str]]:
        """Each message by its msgid; one with plural forms by its singular, in its first form."""
        out: dict[str, dict[str, str]] = {}
        for lang, catalog in self.catalogs.items():
            out[lang] = {}
            for m in catalog:
                msgid, said = m.id, m.string
                if isinstance(msgid, tuple) and isinstance(said, tuple) and said:
                    msgid, said = msgid[0], said[0]
                if isinstance(msgid, str) and msgid and isinstance(said, str) and said:
                    out[lang][msgid] = said
        return out

    @cached_property
    def english_plurals(self) -> dict[str, str]:
        """Each message's English plural, the catalogue's msgid_plural (gettext's own English)."""
        return {
            m.id[0]: m.id[1]
            for catalog in self.catalogs.values()
            for m in catalog
            if isinstance(m.id, tuple) and len(m.id) == 2
        }

    @cached_property
    def plurals(self) -> dict[str, tuple[Callable[[int], int], dict[str, tuple[str, ...]]]]:
        """Per language: which form a count takes, and the forms of each message that has them."""
        out: dict[str, tuple[Callable[[int], int], dict[str, tuple[str, ...]]]] = {}
        for lang, catalog in self.catalogs.items():
            forms = {
                m.id[0]: tuple(m.string)
                for m in catalog
                if isinstance(m.id, tuple) and isinstance(m.string, tuple) and all(m.string)
            }
            out[lang] = (gettext.c2py(catalog.plural_expr), forms)
        return out

    def get(self, msgid: str, lang: str, count: int | None = None) -> str | None:
        if lang == DEFAULT:
            return msgid
        if count is not None and lang in self.plurals:
            which, forms = self.plurals[lang]
            if msgid in forms:
                return forms[msgid][min(which(count), len(forms[msgid]) - 1)]
        return self.messages.get(lang, {}).get(msgid)


COMMON = Catalogue(Path(__file__).resolve().parent)


def translate(msgid: str, lang: str, *catalogues: Catalogue, strict: bool = False, count: int | None = None) -> str:
    """The msgid in `lang` from the first catalogue that has it (then the common one); with a
    count, in the plural form that count takes if the message has plural forms (in English: its
    msgid_plural for any count but 1, as gettext says English)."""
    if lang == DEFAULT:
        if count is not None and count != 1:
            return next((c.english_plurals[msgid] for c in (*catalogues, COMMON) if msgid in c.english_plurals), msgid)
        return msgid
    for catalogue in (*catalogues, COMMON):
        found = catalogue.get(msgid, lang, count)
        if found is not None:
            return found
    if strict:
        raise MissingText(f"no {lang} text for {msgid!r}")
    return msgid


def best_language(accept: Any) -> str:
    """The language to answer in, from a werkzeug LanguageAccept (or None): the caller's first
    choice, by quality then order, whose primary tag we have ("fr-FR, en;q=0.9" is French;
    werkzeug's best_match tries every exact tag before any primary one, so it answered English);
    "*" first is the default."""
    for tag, quality in sorted(accept or (), key=lambda item: -item[1]):
        primary = tag.lower().replace("_", "-").split("-")[0]
        if quality > 0 and (primary == "*" or primary in LANGUAGES):
            return DEFAULT if primary == "*" else primary
    return DEFAULT


def seat_name(seat: int, names: Mapping[int, str] | None, lang: str, strict: bool = False) -> str:
    if names and names.get(seat):
        return names[seat]
    return translate("seat {n}", lang, strict=strict).format(n=seat)


# French contracts « à le » and « de le »: an unnamed seat is « le siège 2 », so a text that says
# « à {victim} » reads « au siège 2 » for it, and « à Ana » for a named one; after another
# preposition the article stays: « avec le siège 2 », « par le siège 2 » (« avec siège 2 » lacked
# it). A list of seats after one of them repeats it before each: « au siège 0, à Ana ».
# `Words.value` marks where such a list starts (LIST) and each item after the first (ITEM);
# `sentence` reads the marks and drops them.
_PREPOSITIONS = ("à", "de", "avec", "contre", "par", "pour")
_FRENCH_ARTICLE = re.compile(rf"\b({'|'.join(_PREPOSITIONS)}) (siège \d)")
_CONTRACTED = {"à": "au", "de": "du", **{p: f"{p} le" for p in _PREPOSITIONS[2:]}}
LIST, ITEM = "\x1e", "\x1f"
# A French word with its article (a term translated « le Nord », « les îles de Scilly ») contracts
# with « à » and « de » before it as a seat's does: « vend … au Nord », « des îles de Scilly »
# (« à le Nord » is never French). `marked` marks such an article (ARTICLE); `sentence` reads
# the mark and drops it, so a template's own words (« de le faire ») are never touched.
ARTICLE = "\x1d"
_MARKED_ARTICLE = re.compile(rf"\b(à|de) {ARTICLE}(les?) ")
_CONTRACTED_ARTICLE = {("à", "le"): "au", ("à", "les"): "aux", ("de", "le"): "du", ("de", "les"): "des"}
# French elides « de » and « que » before a vowel: « au tour d'Ana », « qu'Émile » (a mute h is
# left alone: only a vowel, accented or not, counts). `elidable` marks a value put into a template
# (a seat's name, a term) that starts with one (ELIDABLE); `sentence` elides the word before the
# mark and drops it, so a template's own words and a name's inside are never touched.
ELIDABLE = "\x1c"
VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüÿæœ")
_ELIDED = re.compile(rf"\b(d|qu|lorsqu|puisqu)e {ELIDABLE}", re.IGNORECASE)


# French sets « : », « ; », « ! », « ? » apart with a space before, « » » and « « » with one inside,
# and a line must never break there (a phone showed « premier joueur », then « : Ana » on the next
# line); nor between a named thing and its short code (« contrat A3 », « pompier B2 », « ligne de
# prix 2 », « n° 3 »: a move button read « contrat » then « A3 »). Those spaces are no-break ones,
# U+00A0 rather than the narrow U+202F some typographers set before « ; ! ? »: one sign everywhere,
# which every font and terminal shows as one column, and text wrappers (textwrap, a browser's line
# breaking) never break at. The web client's t() (js/i18n.js) does the same.
NO_BREAK = "\xa0"
_FRENCH_NO_BREAK = re.compile(r" (?=[:;!?»])|(?<=«) |(?<=[^\W\d_]) (?=[A-Z]\d{1,2}(?!\w))|(?<=n°) (?=\d)")
# Nor between a thing and its number (« siège 2 », « manche 3 », « hexagone 10 »), nor between a
# count and what it counts (« 2 briques », « 12 pièces »); a thing's number before a verb stays
# free (« siège 2 | achète »). A phone showed « siège » at a line's end and « 2 » on the next.
_NUMBERED = re.compile(
    r"\b(siège|manche|tour|ligne|prix|position|hexagone|intersection|officier|chemin|port|navire|force)(s?) (?=\d)",
    re.IGNORECASE,
)
_COUNT = re.compile(r"(?<![\xa0\d])(\d+) (?!(?:et|ou|à)\b)(?=[^\W\d_])")


def typeset(text: str, lang: str) -> str:
    """A text with the spaces French never breaks at made no-break ones (see NO_BREAK); other
    languages as they are."""
    if lang != "fr":
        return text
    text = _NUMBERED.sub(rf"\1\2{NO_BREAK}", _FRENCH_NO_BREAK.sub(NO_BREAK, text))
    return _COUNT.sub(rf"\1{NO_BREAK}", text)


def sentence(text: str, lang: str) -> str:
    """A rendered text as shown: capitalised, French articles contracted before a seat's number,
    « de » and « que » elided before a value's vowel, French spaces held (`typeset`)."""
    if LIST in text:
        text = _each_with_its_preposition(text)
    if ARTICLE in text:
        text = _MARKED_ARTICLE.sub(lambda m: f"{_CONTRACTED_ARTICLE[m[1], m[2]]} ", text).replace(ARTICLE, "")
    if lang == "fr" and "siège" in text:
        text = _FRENCH_ARTICLE.sub(lambda m: f"{_CONTRACTED[m[1]]} {m[2]}", text)
    if ELIDABLE in text:
        text = elided(text)
    text = typeset(text, lang)
    return text[:1].upper() + text[1:]


def elided(text: str) -> str:
    """A text with its ELIDABLE marks read and dropped: « de », the mark, « Ana » is « d'Ana »."""
    return _ELIDED.sub(lambda m: f"{m[1]}'", text).replace(ELIDABLE, "")


def elidable(said: str, lang: str) -> str:
    """A value marked for `sentence` to elide the « de » or « que » before it, if it starts with a vowel."""
    return ELIDABLE + said if lang == "fr" and said[:1].lower() in VOWELS else said


def marked(said: str, lang: str) -> str:
    """Translated words with their French article marked for `sentence` to contract (« le Nord »),
    or marked to elide the « de » before them (« d'épices »)."""
    return ARTICLE + said if lang == "fr" and said.startswith(("le ", "les ")) else elidable(said, lang)


def _each_with_its_preposition(text: str) -> str:
    """The marked lists of seats unmarked, each item after the first preceded by the preposition
    (« à », « de », « pour », ...) that precedes the list, if one does."""
    out: list[str] = []
    for n, part in enumerate(text.split(LIST)):
        first, *others = part.split(ITEM)
        before = out[-1] if out else ""
        governing = next((p for p in _PREPOSITIONS if n and before.endswith(f" {p} ")), None)
        out.append(first + "".join(f"{governing} {item}" if governing else item for item in others))
    return "".join(out)


class Words:
    """One game's words: its texts module and its catalogue."""

    def __init__(self, texts: ModuleType | None, folder: Path):
        self.texts = texts
        self.catalogue = Catalogue(folder)
        self.moves: Mapping[str, str] = getattr(texts, "MOVES", {})
        self.events: Mapping[str, str] = getattr(texts, "EVENTS", {})

    def move_label(
        self, move: Mapping, lang: str = DEFAULT, names: Mapping[int, str] | None = None, strict: bool = False
    ) -> str:
        return self._render(self.moves, "move", move, lang, names, strict)

    def template_label(self, tmpl: Mapping, lang: str = DEFAULT, strict: bool = False) -> str:
        """A label for a parametric move (before its values are chosen)."""
        move = tmpl["move"]
        own = getattr(self.texts, "TEMPLATES", {}).get(move.get("type"))
        if own is not None:
            return typeset(self.word(own, lang, strict), lang)
        return self._render(self.moves, "move", move, lang, None, strict)

    def event_text(
        self, event: Mapping, lang: str = DEFAULT, names: Mapping[int, str] | None = None, strict: bool = False
    ) -> str:
        return self._render(self.events, "event", event, lang, names, strict)

    def _render(self, templates, kind, obj, lang, names, strict) -> str:
        """A move's label or an event's line. One made of plain values is rendered once and kept
        (`_rendered`): an answer labels every legal move, and the same moves come back turn after
        turn; one holding a list or a dict (unhashable) is rendered each time."""
        # Each value with its type: 1, 1.0 and True are equal keys to Python, not the same text.
        fields = tuple((key, value.__class__, value) for key, value in obj.items())
        try:
            return _rendered(self, kind, fields, lang, tuple(names.items()) if names else (), strict)
        except TypeError:
            return self._render_now(templates, kind, obj, lang, names, strict)

    def _render_now(self, templates, kind, obj, lang, names, strict) -> str:
        type_ = obj.get("type")
        template = templates.get(type_) if isinstance(type_, str) else None
        if template is None:
            if strict:
                raise MissingText(f"no {kind} text for type {type_!r}")
            return self.gap(obj, lang)
        data = dict(obj)
        hook = getattr(self.texts, "fields", None)
        if hook is not None:
            data.update(hook(kind, obj))
        wanted = placeholders(template)
        try:
            values = {name: self.value(name, data[name], lang, names, strict) for name in wanted}
        except KeyError:
            if strict:
                raise MissingText(f"{kind} {type_!r} lacks a field its text needs: {template!r}") from None
            return self.gap(obj, lang)
        return sentence(self.word(template, lang, strict).format_map(values), lang)

    def gap(self, obj: Mapping, lang: str) -> str:
        """A plain rendering for an object without words: its type and fields."""
        rest = ", ".join(f"{k}={v}" for k, v in obj.items() if k != "type")
        return f"{obj.get('type', '?')}" + (f" ({rest})" if rest else "")

    def refusal(
        self,
        template: str,
        details: Mapping[str, Any],
        lang: str = DEFAULT,
        names: Mapping[int, str] | None = None,
        strict: bool = False,
    ) -> str | None:
        """The sentence of a refused move in `lang`: its template (the msgid) with its
        details as placeholders, each read as in event lines (a good as a term, a seat
        as its name). None when the catalogue has no such sentence or a placeholder has
        no value (strict: raises MissingText), so a caller can say something else."""
        try:
            wanted = placeholders(template)
        except ValueError:  # an English sentence written before templates: "{" unbalanced
            wanted = None
        if wanted is None or not wanted <= set(details):
            if strict:
                raise MissingText(f"refusal {template!r} lacks a value its text needs: {sorted(details)}")
            return None
        said = template if lang == DEFAULT else self.catalogue.get(template, lang) or COMMON.get(template, lang)
        if said is None:
            if strict:
                raise MissingText(f"no {lang} text for the refusal {template!r}")
            return None
        values = {name: self.value(name, details[name], lang, names, strict) for name in wanted}
        try:
            text = said.format_map(values)
        except (KeyError, ValueError, IndexError):  # a translation that names another placeholder
            if strict:
                raise MissingText(f"the {lang} text of {template!r} does not fit its values") from None
            return None
        return sentence(text, lang)

    def word(self, msgid: str, lang: str, strict: bool = False, count: int | None = None) -> str:
        return translate(msgid, lang, self.catalogue, strict=strict, count=count)

    def term(self, value: str, lang: str, strict: bool, count: int | None = None) -> str:
        """A value as a word: the game's `term` hook says it if it has one, else its `TERMS` table
        (value -> msgid), else the value with spaces for underscores."""
        hook = getattr(self.texts, "term", None)
        if hook:
            msgid, suffix = hook(value)
        else:
            msgid, suffix = getattr(self.texts, "TERMS", {}).get(value, value.replace("_", " ")), ""
        return marked(self.word(msgid, lang, strict, count) + suffix, lang)

    def phrase(self, phrase: Phrase, lang: str, names, strict: bool) -> str:
        values = {name: self.value(name, value, lang, names, strict) for name, value in phrase.values}
        return marked(self.word(phrase.msgid, lang, strict).format_map(values), lang)

    def value(self, name: str, value: Any, lang: str, names, strict: bool) -> str:
        if name in SEAT_FIELDS and (type(value) is int or value is None):
            return (
                elidable(seat_name(value, names, lang, strict), lang)
                if value is not None
                else self.word("nobody", lang, strict)
            )
        if isinstance(value, bool):
            return self.word("yes" if value else "no", lang, strict)
        if isinstance(value, str):
            return self.term(value, lang, strict)
        if isinstance(value, Phrase):
            return self.phrase(value, lang, names, strict)
        if isinstance(value, list):
            parts = [self.value(name, v, lang, names, strict) for v in value]
            if name in SEAT_FIELDS and len(parts) > 1:  # "to Ana, seat 1 and seat 2"
                last = f" {self.word('and', lang, strict)} "
                if lang == "fr":  # see sentence(): each seat after the first takes the list's preposition
                    return LIST + f", {ITEM}".join(parts[:-1]) + f"{last}{ITEM}" + parts[-1]
                return ", ".join(parts[:-1]) + last + parts[-1]
            return ", ".join(parts) if parts else self.word("nothing", lang, strict)
        if isinstance(value, Amount):
            return f"{value.n} {self.term(value.unit, lang, strict, count=value.n)}"
        if isinstance(value, dict):
            parts = [f"{n} {self.term(k, lang, strict, count=n)}" for k, n in value.items() if n]
            return ", ".join(parts) if parts else self.word("nothing", lang, strict)
        return str(value)


@lru_cache(maxsize=8192)  # texts of plain values: a few hundred kinds of moves and events per game
def _rendered(words: Words, kind: str, fields: tuple, lang: str, names: tuple, strict: bool) -> str:
    templates = words.moves if kind == "move" else words.events
    obj = {key: value for key, _, value in fields}
    return words._render_now(templates, kind, obj, lang, dict(names), strict)


_WORDS: dict[str, Words] = {}
_PLAIN = Words(None, COMMON.folder)


def plain_refusal(template: str, details: Mapping[str, Any]) -> str:
    """A refusal's English sentence without any game's words (IllegalMove's message): the
    template as is when its details do not fill it (a sentence written before templates)."""
    return _PLAIN.refusal(template, details) or template


def words_for(game: Any) -> Words:
    """The words of a game, from the `texts` module and `locale/` of its folder (found by name)."""
    package = type(game).__module__.rpartition(".")[0]
    if package not in _WORDS:
        _WORDS[package] = Words(
            companion(package, "texts"), Path(importlib.import_module(package).__file__ or "").parent
        )
    return _WORDS[package]


def companion(package: str, name: str) -> ModuleType | None:
    """A game folder's optional module (`texts`, `undo`), or None when it has none."""
    try:
        return importlib.import_module(f"{package}.{name}")
    except ModuleNotFoundError as err:
        if err.name != f"{package}.{name}":
            raise
        return None
