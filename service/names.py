"""Display names of seats: what a name may be (service/lifecycle.py keeps them in a match)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from confusable_homoglyphs import confusables

from service.errors import ApiError

NAME_MAX = 32
_MARKUP = re.compile(r"[<>&\"'`\\()]")  # parentheses too: a client's "(you)" or "(bot)" beside a name
# Characters that show nothing: Hangul and Khitan fillers, the blank braille pattern, the combining
# grapheme joiner, a null notehead, variation selectors (Unicode's default-ignorables, with format
# characters, category Cf, caught below): "Se\ufe00at 1" reads as "Seat 1".
_INVISIBLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\ufe00-\ufe0d\uffa0"
    "\U00016fe4\U0001d159\U000e0100-\U000e01ef]"
)
# Joiners that words and emoji need (Persian "علی‌رضا", Sinhala, "👩‍💻", "❤️"): kept inside a name,
# left out when names are compared.
_JOINERS = frozenset("\u200c\u200d\ufe0e\ufe0f")
_MARKS_IN_A_ROW = re.compile(r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]{4,}")
# What the service calls a seat, in the compared form below; an "l" or an "o" after a space reads as a
# digit ("Seat I", "Seat O"; "Siegel" is a name).
_SEAT_LABEL = re.compile(r"(seat|sl[eè]ge)(\W*\d.*|\W+[\dlo]+(\W.*)?)")  # "siège" compares as "slège"
# Latin look-alikes (an "O" for a "0": the regex). An "I" reads as an "l", and case is aside, so an "i"
# compares as an "l" too: "Ivan" and "ivan" are one name ("Eli" and "Ell" as well, a rare price).
_LATIN_ALIKE = str.maketrans({"I": "l", "i": "l", "|": "l", "ı": "l"})
# Upright strokes of other scripts and of box drawing that read as an "l" and have no Latin homoglyph
# in Unicode's table: Arabic alef, Hebrew vav, Han and Hangzhou strokes, bars.
_STROKES = frozenset("\u0627\u05d5\u4e28\u3021\u2223\u2502\u2503\u2758\uff5c\u01c0")


def clean_name(raw: Any, field: str) -> str:
    """A display name: 1 to 32 printable characters with a visible letter or digit, no markup, not
    a seat's label ("Seat 1" would read as another seat in event texts); else a 422 naming the field.
    Runs of spaces become one (a page shows "Ana  B" as "Ana B")."""
    name = re.sub(" {2,}", " ", unicodedata.normalize("NFC", raw.strip())) if isinstance(raw, str) else ""
    shown = "".join(c for c in name if c not in _JOINERS)
    if (
        not 1 <= len(name) <= NAME_MAX
        or not shown.isprintable()
        or name[0] in _JOINERS
        or name[-1] in "\u200c\u200d"  # an emoji's presentation selector may end a name
        or _MARKUP.search(name)
        or _INVISIBLE.search(name)
        or _MARKS_IN_A_ROW.search(name)
        or any(unicodedata.category(c) == "Cf" for c in shown)
        or not any(unicodedata.category(c)[0] in "LN" for c in name)
        or unicodedata.category(name[0]).startswith("M")  # a mark with nothing to sit on
        or _SEAT_LABEL.fullmatch(same_name(name))
    ):
        raise ApiError(
            "validation_error",
            "A name is 1 to {most} printable characters with a letter or digit, without < > & ( ) quotes"
            " or backslashes, and not a seat's label.",
            values={"most": NAME_MAX},
            errors=nested_error(
                field,
                f"1 to {NAME_MAX} printable characters with a letter or digit, without < > & ( ) quotes or"
                " backslashes, not a seat's label.",
            ),
        )
    return name


def nested_error(field: str, message: str) -> dict:
    """A field's error in marshmallow's shape: "names.1" nests as {"names": {"1": [...]}}, as the
    schemas' own errors for the same field do (a flat "names.1" key was a second shape to read)."""
    head, _, rest = field.partition(".")
    return {head: nested_error(rest, message) if rest else [message]}


def same_name(name: str) -> str:
    """What two names must not share in one match, and what must not read as a seat's label:
    full-width or styled letters read as plain ones ("Ｓｅａｔ 1" is "seat 1"), any letter outside
    ASCII as the ASCII letter it looks like (Unicode's confusables: a Cyrillic "Ѕеаt 1" is "seat 1",
    a Cyrillic "А" in "Аna" is "a", a script "ɡ" in "Olɡa" is "g"), a digit of any script as its
    value, an upright stroke, an "I" or an "i" as an "l", joiners left out, runs of spaces as one, case
    aside. ("Seat I" and "Seat O" read as seats' labels: _SEAT_LABEL takes an "l" or an "o" for a digit.)"""
    plain = "".join(c for c in unicodedata.normalize("NFKC", name) if c not in _JOINERS)
    if not plain.isascii():
        alike = confusables.is_confusable(plain, greedy=True, preferred_aliases=[]) or []
        looks = {hit["character"]: _ascii(hit["homoglyphs"]) for hit in alike if not hit["character"].isascii()}
        plain = "".join(c if c.isascii() else looks.get(c) or _stroke_or_digit(c) or c for c in plain)
    return " ".join(plain.translate(_LATIN_ALIKE).casefold().split())


def _ascii(homoglyphs: list[dict]) -> str | None:
    return next((h["c"] for h in homoglyphs if len(h["c"]) == 1 and h["c"].isascii() and h["c"].isalnum()), None)


def _stroke_or_digit(c: str) -> str | None:
    if c in _STROKES:
        return "l"
    digit = unicodedata.digit(c, None)
    return None if digit is None else str(digit)


def check_unique(name: str, taken: list[str], field: str) -> None:
    """422 when another seat of the match already goes by this name."""
    if same_name(name) in {same_name(other) for other in taken}:
        raise name_taken(field)


def houses_of_others(seat_names: tuple[str, ...], seat: int | None) -> list[str]:
    """The names a game gives its seats (a game whose seats are houses), but `seat`'s own: a seat may go by its own."""
    return [n for s, n in enumerate(seat_names) if s != seat]


def name_taken(field: str) -> ApiError:
    return ApiError(
        "validation_error",
        "Another seat of this match has that name.",
        errors=nested_error(field, "Another seat of this match has that name."),
    )


def claim_field(name: str | None) -> str:
    """The match hash's field that a join claims with its seat, in one step, for the name it gives
    (service/claims.py): joins at the same moment with one name cannot both hold a seat, even for
    an instant, so none of them makes a free seat look taken. "" for a join without a name."""
    return "" if name is None else "name:" + same_name(name)
