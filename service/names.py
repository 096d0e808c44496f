"""Display names of seats: what a name may be (service/lifecycle.py keeps them in a match)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from service.errors import ApiError

NAME_MAX = 32
_MARKUP = re.compile(r"[<>&\"'`\\]")
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")  # Hangul fillers: letters that show nothing
_SEAT_LABEL = re.compile(r"(seat|siège|siege)\W*\d+.*")  # what the service calls a seat, casefolded


def clean_name(raw: Any, field: str) -> str:
    """A display name: 1 to 32 printable characters with a visible letter or digit, no markup, not
    a seat's label ("Seat 1" would read as another seat in event texts); else a 422 naming the field."""
    name = unicodedata.normalize("NFC", raw.strip()) if isinstance(raw, str) else ""
    if (
        not 1 <= len(name) <= NAME_MAX
        or not name.isprintable()
        or _MARKUP.search(name)
        or not any(unicodedata.category(c)[0] in "LN" and c not in _BLANK_LETTERS for c in name)
        or unicodedata.category(name[0]).startswith("M")  # a mark with nothing to sit on
        or _SEAT_LABEL.fullmatch(same_name(name))
    ):
        raise ApiError(
            "validation_error",
            f"A name is 1 to {NAME_MAX} printable characters with a letter or digit, without < > & quotes"
            " or backslashes, and not a seat's label.",
            errors={
                field: [
                    f"1 to {NAME_MAX} printable characters with a letter or digit, without < > & quotes or"
                    " backslashes, not a seat's label."
                ]
            },
        )
    return name


def same_name(name: str) -> str:
    """What two names must not share in one match: full-width or styled letters read as plain ones
    ("Ｓｅａｔ 1" is "seat 1"), case aside. Letters of other scripts that look alike (a Cyrillic "е")
    are not caught: that would take Unicode's confusables tables."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_unique(name: str, taken: list[str], field: str) -> None:
    """422 when another seat of the match already goes by this name."""
    if same_name(name) in {same_name(other) for other in taken}:
        raise ApiError(
            "validation_error",
            "Another seat of this match has that name.",
            errors={field: ["Another seat of this match has that name."]},
        )
