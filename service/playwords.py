"""The words of `portside play` in the language of the person at the terminal (`--lang en|fr`, else
the locale the environment sets, else English).

English is written in the client (each text's gettext msgid); French comes from the service's
catalogue, service/locale/fr/LC_MESSAGES/messages.po, read with Babel by engine.i18n as the server
reads it. A text with a count has plural forms there (« 1 coup », « 2 coups »). A value of a view
that a table shows as a word (a phase, a terrain, a good) is a term: the catalogue's French, else the
French the game's own catalogue gives it (engine/<game>/locale: the words of its moves' labels).

One process plays one match in one language: `use` sets both, once, before anything is said.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from engine import i18n

LANGUAGES = i18n.LANGUAGES
DEFAULT = i18n.DEFAULT
TERMINAL = i18n.Catalogue(Path(__file__).resolve().parent)
ENGINE = Path(i18n.__file__).resolve().parent
# What the environment says, most binding first, as a C program's setlocale(LC_MESSAGES, "") reads it.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


class _Said:
    lang = DEFAULT
    game: i18n.Catalogue | None = None
    missing: set[str] = set()  # the texts and terms asked for that have no words in the language


_said = _Said()


def language(asked: str | None = None, environ: Mapping[str, str] = os.environ) -> str:
    """The language to speak: the one asked for (`fr`, `fr_FR.UTF-8`, `fr-CA`), else the locale of the
    environment (the first of LC_ALL, LC_MESSAGES, LANG that is set), English for any other."""
    tag = asked or next((environ[name] for name in LOCALE_VARIABLES if environ.get(name)), "")
    primary = tag.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return primary if primary in LANGUAGES else DEFAULT


def use(lang: str, game: str | None = None) -> None:
    """Speak `lang` from now on, with `game`'s own catalogue for its terms."""
    _said.lang = lang if lang in LANGUAGES else DEFAULT
    folder = ENGINE / game if game and game.isidentifier() else None
    _said.game = i18n.Catalogue(folder) if folder is not None and (folder / "locale").is_dir() else None


def lang() -> str:
    return _said.lang


def missing() -> set[str]:
    """What was asked for in another language than English and had no words in it (a test reads it)."""
    return _said.missing


def t(msgid: str, **values: object) -> str:
    """The text in the language, its placeholders filled: t("seat {seat}", seat=2) -> « siège 2 »."""
    said = TERMINAL.get(msgid, _said.lang)
    if said is None:
        _said.missing.add(msgid)
        said = msgid
    return i18n.typeset(_filled(said, values) if values else said, _said.lang)


def tn(msgid: str, plural: str, n: int, **values: object) -> str:
    """The text for a count `n` ({n} in it) in the form the language gives that count."""
    said = TERMINAL.get(msgid, _said.lang, count=n) if _said.lang != DEFAULT else None
    if said is None:
        if _said.lang != DEFAULT:
            _said.missing.add(msgid)
        said = msgid if n == 1 else plural
    return i18n.typeset(_filled(said, {"n": n, **values}), _said.lang)


def _filled(said: str, values: Mapping[str, object]) -> str:
    """A text's placeholders filled, « de » and « que » elided before a value's vowel in French
    (« navire 1 d'Ana »), as the server's sentences are (engine.i18n.elidable)."""
    if _said.lang == DEFAULT:
        return said.format(**values)
    marked = {name: i18n.elidable(v, _said.lang) if isinstance(v, str) else v for name, v in values.items()}
    return i18n.elided(said.format(**marked))


def labelled(label: object, value: object) -> str:
    """`label: value` as the language writes it (French: « prix : 35 »)."""
    return f"{label}{t(': ')}{value}"


def named(name: str) -> str:
    """A card's or a place's name as the reader's language says it: the catalogue's words where the
    name says what its thing is (« Lougre », « Vers le Nord »), else its game's (the words of its
    labels: « la forme irlandaise n° {n} »), else as printed (a person's, a town's)."""
    return _looked_up(name) or name


def term(value: object, msgid: str | None = None) -> str:
    """A value of a view as a word (`build_and_trade`: « construction et échanges »): the terminal's
    French for it (for `msgid` if given: a word that must read otherwise than the value's own msgid),
    else its game's, else its English words."""
    english = str(value).replace("_", " ")
    if _said.lang == DEFAULT:
        return english
    msgid = msgid or english
    said = _looked_up(msgid)
    if said is None:
        _said.missing.add(msgid)
    return english if said is None else said


def counted(counts: Mapping[str, int]) -> str:
    """Counts as the server's lines say them, each before its word in the form the count takes: `4 lumber,
    1 brick`, « 2 briques, 1 laine » (a table's `brick 2` read as a label and its value); none: « rien »."""
    said = [f"{n} {_term_counted(key, n)}" for key, n in counts.items() if n]
    return ", ".join(said) if said else t("none")


def _term_counted(value: str, n: int) -> str:
    english = value.replace("_", " ")
    catalogues = [c for c in (TERMINAL, _said.game) if c is not None]
    if _said.lang == DEFAULT:
        plurals = [c.english_plurals[english] for c in catalogues if english in c.english_plurals]
        return plurals[0] if plurals and n != 1 else english
    said = next((w for c in catalogues if (w := c.get(english, _said.lang, count=n)) is not None), None)
    return term(value) if said is None else said


def _looked_up(msgid: str) -> str | None:
    """The terminal's words for `msgid`, else its game's (None: neither has any)."""
    said = TERMINAL.get(msgid, _said.lang)
    if said is None and _said.game is not None:
        said = _said.game.get(msgid, _said.lang)
    return said
