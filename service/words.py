"""The service's own words: the language of a request, the lines of the log
entries a match's life adds (timeouts, resign, undo, ...), and problem
details in the caller's language.

English is written here (the gettext msgid); French is in
service/locale/fr/LC_MESSAGES/messages.po, read through engine.i18n. A move the
rules refuse reads in the words of its game (the game's catalogue), never here.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from flask import g, has_request_context, request

from engine import i18n
from engine.core import Event, Game, IllegalMove

# Lines of the events the service itself writes into a match's log.
EVENTS = {
    "timed_out": "{seat} ran out of time; the random bot played for them",
    "left": "{seat} left the game; the random bot plays the seat from now on",
    "forfeited": "{seat} ran out of time and forfeits",
    "resigned": "{seat} resigned",
    "match_ended": "The match is over: {winners} won",
    "match_aborted": "{seat} aborted the match",
    "move_undone": "{seat} took back their last move",
    "rematch": "Rematch: match {match}",
    "joined": "{seat} joined the match",
    "match_too_long": "The match reached {entries} log entries, the most a match may hold, and ended without scores",
}

# What each problem code means, for a caller whose language the exact detail has no translation in.
PROBLEMS = {
    "bad_request": "The request is not valid.",
    "malformed_json": "The body is not valid JSON.",
    "unauthorized": "A seat token is needed: Authorization: Bearer <token>.",
    "forbidden": "This token may not do that.",
    "unknown_match": "There is no such match (it may have expired).",
    "not_found": "There is nothing at this address.",
    "method_not_allowed": "This method is not allowed here.",
    "not_your_turn": "It is not your turn.",
    "match_finished": "The game is over.",
    "stale_version": "The match has changed; fetch it and try again.",
    "seat_taken": "That seat is not open.",
    "match_full": "Every seat of this match is taken.",
    "conflict": "The request conflicts with the match as it stands.",
    "match_not_finished": "This opens when the game is over.",
    "body_too_large": "The request body is too large.",
    "request_timeout": "The request did not arrive in time.",
    "not_implemented": "The server does not support this.",
    "unsupported_media_type": "Send the body as application/json.",
    "validation_error": "The request does not match its schema; see errors.",
    "illegal_move": "The rules do not allow this move; see reason.",
    "idempotency_key_reused": "This Idempotency-Key was used for a different request; use a new key.",
    "rate_limited": "Too many requests; wait and try again.",
    "internal_error": "An unexpected error occurred; it has been logged.",
    "storage_unavailable": "Storage is unreachable; try again shortly.",
    "headers_too_large": "The request headers are too large.",
    "request_in_progress": "The same request is still being answered; retry shortly.",
    "request_line_too_long": "The request line is too long.",
    "storage_full": "Storage is full; try again later.",
    "seat_left": "This seat has left the game.",
    "undo_refused": "This move cannot be taken back.",
    "abort_refused": "Only the creator may abort, and only before anyone has moved.",
    "rematch_refused": "There is no seat for this token in the rematch.",
    "match_too_long": "This match reached the most log entries a match may hold: it has ended, without scores.",
}

# The messages of field errors (a problem's `errors`): marshmallow's and our schemas', with their
# values as placeholders, so that a French caller reads "Doit être supérieur ou égal à 1 …".
FIELD_MESSAGES = (
    "Missing data for required field.",
    "Field may not be null.",
    "Invalid value.",
    "Unknown field.",
    "Given more than once.",
    "Invalid input type.",
    "Invalid type.",
    "Not a valid integer.",
    "Not a valid number.",
    "Number too large.",
    "Special numeric values (nan or infinity) are not permitted.",
    "Not a valid string.",
    "Not a valid utf-8 string.",
    "Not a valid boolean.",
    "Not a valid mapping type.",
    "Not a valid list.",
    "Must be greater than or equal to {min} and less than or equal to {max}.",
    "Must be greater than or equal to {min}.",
    "Must be less than or equal to {max}.",
    "Must be one of: {choices}.",
    "Must be equal to {other}.",
    "Length must be between {min} and {max}.",
    "Shorter than minimum length {min}.",
    "Longer than maximum length {max}.",
    "Length must be {equal}.",
    "String does not match expected pattern.",
    "Not a whole number: ASCII digits only, 0 or more.",
    "Not a number of seconds: ASCII digits, with an optional decimal part.",
    "A seat number, as 0, 1, 2 (no leading zero).",
    "1 to {max} printable characters with a letter or digit, without < > & ( ) quotes or backslashes,"
    " not a seat's label.",
    "A move is a JSON object.",
    "Not a version.",
    "Not an event id: a version, or a version, a dot and its commit id.",
    "At most {most} versions.",
    "{shortest} to 200 visible ASCII characters.",
    "Not the `next` of a previous page.",
    "{game} takes {min} to {max} players.",
    "{game} is for {count} players.",
    "No such seat.",
    "Only with seats 'all', or when every other seat is a bot.",
    "The body is nested more than {depth} levels deep.",
    "A number is beyond ±{limit}.",
    "Another seat of this match has that name.",
    "The counts add up to {min} to {max}.",
)


def _pattern(template: str) -> re.Pattern:
    parts = string.Formatter().parse(template)
    return re.compile("".join(re.escape(text) + (f"(?P<{name}>.+?)" if name else "") for text, name, _, _ in parts))


_FIELD_PATTERNS = [(_pattern(template), template) for template in FIELD_MESSAGES]

_WORDS = i18n.Words(ModuleType("service_words"), Path(__file__).resolve().parent)
_WORDS.events = EVENTS


def catalogue() -> i18n.Catalogue:
    """The service's own catalogue (service/locale)."""
    return _WORDS.catalogue


def request_lang() -> str:
    """The caller's language from Accept-Language (English outside a request or without one),
    worked out once per request."""
    if not has_request_context():
        return i18n.DEFAULT
    here = g._get_current_object()  # one lookup through Flask's proxy (this is a move's path)
    lang = getattr(here, "lang", None)
    if lang is None:
        asked = request.environ.get("HTTP_ACCEPT_LANGUAGE")
        lang = here.lang = i18n.best_language(request.accept_languages) if asked else i18n.DEFAULT
    return lang


def answered_in(lang: str) -> None:
    """The answer's words are in `lang`, whatever the request asked (an answer kept and sent again)."""
    g.lang = lang


def display_names(game: Game, given: Mapping[int, str]) -> dict[int, str]:
    """What texts call each seat: the name given to it, else the game's name for it (a house, for
    a game whose seats are houses), else nothing here ("seat N")."""
    return {**dict(enumerate(game.seat_names)), **given}


def texts(game: Game, event: Mapping, names: Mapping[int, str]) -> dict[str, str]:
    """An event's line in every language: the game's words, or the service's for its own events."""
    if event.get("type") in EVENTS:
        return {lang: _WORDS.event_text(event, lang, names) for lang in i18n.LANGUAGES}
    return {lang: game.event_text(event, lang, names) for lang in i18n.LANGUAGES}


def logged(game: Game, events: Iterable[Event], names: Mapping[int, str]) -> list[dict]:
    """Events as a log entry keeps them: with their lines in every language and who may see each."""
    kept = []
    for e in events:
        data = e.to_json()
        kept.append({**data, "texts": texts(game, data, names), "to": None if e.to is None else sorted(e.to)})
    return kept


def service_text(event: Mapping, lang: str, strict: bool = False) -> str:
    return _WORDS.event_text(event, lang, None, strict)


def refusal(game: Game, err: IllegalMove, names: Mapping[int, str] | None = None) -> Callable[[str], str | None]:
    """How a move the game refused reads in a language: the rule's sentence from the
    game's own catalogue (its template the msgid, its details the values, a seat by its
    display name in `names`), or None."""
    return lambda lang: game.refusal_text(err, lang, names)


def title(code: str, lang: str | None = None) -> str:
    """A problem's title: its code in words ("Seat taken"), in the caller's language (RFC 9457
    lets a title change with the language alone)."""
    english, lang = code.replace("_", " ").capitalize(), lang or request_lang()
    return i18n.typeset(_WORDS.catalogue.get(english, lang) or english, lang)


def filled(template: str, values: Mapping[str, object]) -> Callable[[str], str | None]:
    """A problem detail's template, said in a language with its values (None: no words for it)."""

    def say(lang: str) -> str | None:
        words = _WORDS.catalogue.get(template, lang)
        return words.format_map(values) if words is not None else None

    return say


def detail(code: str, english: str, lang: str | None = None, say: Callable[[str], str | None] | None = None) -> str:
    """A problem's detail in the caller's language, set as the engine sets its texts (French spaces held:
    i18n.typeset): what its raiser says in that language (a game's refusal, see `refusal`), else the
    English as given, or in another language the exact sentence if the service's catalogue has it, else
    what the code means."""
    lang = lang or request_lang()
    return i18n.typeset(_detail(code, english, lang, say), lang)


def _detail(code: str, english: str, lang: str, say: Callable[[str], str | None] | None) -> str:
    said = say(lang) if say is not None else None
    if said is not None:
        return said
    if lang == i18n.DEFAULT:
        return english
    exact = _WORDS.catalogue.get(english, lang)
    if exact is not None:
        return exact
    general = PROBLEMS.get(code)
    return _WORDS.catalogue.get(general, lang) or english if general else english


def field_errors(messages: Any, lang: str | None = None) -> Any:
    """A problem's field `errors` (nested by field, lists of messages) in the caller's language:
    each message the service's catalogue translates, with its values kept; any other as it is."""
    lang = lang or request_lang()
    if lang == i18n.DEFAULT:
        return messages
    if isinstance(messages, dict):
        return {key: field_errors(value, lang) for key, value in messages.items()}
    if isinstance(messages, list):
        return [field_errors(value, lang) for value in messages]
    if isinstance(messages, str):
        for pattern, template in _FIELD_PATTERNS:
            found = pattern.fullmatch(messages)
            said = _WORDS.catalogue.get(template, lang) if found is not None else None
            if found is not None and said is not None:
                return i18n.typeset(said.format_map(found.groupdict()), lang)
    return messages
