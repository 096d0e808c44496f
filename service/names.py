"""Display names of seats: what a name may be (service/lifecycle.py keeps them in a match)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from confusable_homoglyphs import confusables

from service.errors import ApiError

NAME_MAX = 32
_MARKUP = re.compile(r"[<>&\"'`\\()]")  # parentheses too: a client's "(you)" or "(bot)" beside a name
# Characters that show nothing: Hangul fillers, the blank braille pattern, the combining grapheme
# joiner, Mongolian and other variation selectors (Unicode's default-ignorables, with format
# characters, category Cf, caught below): "Se\ufe00at 1" reads as "Seat 1".
_INVISIBLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]"
)
# What the service calls a seat, in the compared form below; an "l" or an "o" reads as a digit.
_SEAT_LABEL = re.compile(r"(seat|siège|siege)\W*(\d.*|[\dlo]+(\W.*)?)")
_LATIN_ALIKE = str.maketrans({"I": "l", "|": "l", "ı": "i"})  # Latin look-alikes (an "O" for a "0": the regex)


def clean_name(raw: Any, field: str) -> str:
    """A display name: 1 to 32 printable characters with a visible letter or digit, no markup, not
    a seat's label ("Seat 1" would read as another seat in event texts); else a 422 naming the field.
    Runs of spaces become one (a page shows "Ana  B" as "Ana B")."""
    name = re.sub(" {2,}", " ", unicodedata.normalize("NFC", raw.strip())) if isinstance(raw, str) else ""
    if (
        not 1 <= len(name) <= NAME_MAX
        or not name.isprintable()
        or _MARKUP.search(name)
        or _INVISIBLE.search(name)
        or any(unicodedata.category(c) == "Cf" for c in name)
        or not any(unicodedata.category(c)[0] in "LN" for c in name)
        or unicodedata.category(name[0]).startswith("M")  # a mark with nothing to sit on
        or _SEAT_LABEL.fullmatch(same_name(name))
    ):
        raise ApiError(
            "validation_error",
            f"A name is 1 to {NAME_MAX} printable characters with a letter or digit, without < > & ( ) quotes"
            " or backslashes, and not a seat's label.",
            errors={
                field: [
                    f"1 to {NAME_MAX} printable characters with a letter or digit, without < > & ( ) quotes or"
                    " backslashes, not a seat's label."
                ]
            },
        )
    return name


def same_name(name: str) -> str:
    """What two names must not share in one match, and what must not read as a seat's label:
    full-width or styled letters read as plain ones ("Ｓｅａｔ 1" is "seat 1"), letters of other
    scripts as the Latin letters they look like (Unicode's confusables: a Cyrillic "Ѕеаt 1" is
    "seat 1", a Cyrillic "А" in "Аna" is "a"), an "I" as an "l", runs of spaces as one, case aside.
    ("Seat I" and "Seat O" read as seats' labels: _SEAT_LABEL takes an "l" or an "o" for a digit.)"""
    plain = unicodedata.normalize("NFKC", name)
    if not plain.isascii():
        alike = confusables.is_confusable(plain, greedy=True, preferred_aliases=["latin"]) or []
        latin = {hit["character"]: _latin(hit["homoglyphs"]) for hit in alike if hit["alias"] != "COMMON"}
        plain = "".join(latin.get(c) or c for c in plain)
    return " ".join(plain.translate(_LATIN_ALIKE).casefold().split())


def _latin(homoglyphs: list[dict]) -> str | None:
    return next((h["c"] for h in homoglyphs if h["n"].startswith("LATIN ")), None)


def check_unique(name: str, taken: list[str], field: str) -> None:
    """422 when another seat of the match already goes by this name."""
    if same_name(name) in {same_name(other) for other in taken}:
        raise ApiError(
            "validation_error",
            "Another seat of this match has that name.",
            errors={field: ["Another seat of this match has that name."]},
        )
