"""The service's own words: the language of a request, the lines of the log
entries a match's life adds (timeouts, resign, undo, ...), and problem
details in the caller's language.

English is written here (the gettext msgid); French is in
service/locale/fr/LC_MESSAGES/messages.po, read through engine.i18n. A move the
rules refuse reads in the words of its game (the game's catalogue), never here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType

from flask import g, has_request_context, request

from engine import i18n
from engine.core import Game, IllegalMove

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
}

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
    if "lang" not in g:
        asked = request.environ.get("HTTP_ACCEPT_LANGUAGE")
        g.lang = i18n.best_language(request.accept_languages) if asked else i18n.DEFAULT
    return g.lang


def texts(game: Game, event: Mapping, names: Mapping[int, str]) -> dict[str, str]:
    """An event's line in every language: the game's words, or the service's for its own events."""
    if event.get("type") in EVENTS:
        return {lang: _WORDS.event_text(event, lang, names) for lang in i18n.LANGUAGES}
    return {lang: game.event_text(event, lang, names) for lang in i18n.LANGUAGES}


def service_text(event: Mapping, lang: str, strict: bool = False) -> str:
    return _WORDS.event_text(event, lang, None, strict)


def refusal(game: Game, err: IllegalMove, names: Mapping[int, str] | None = None) -> Callable[[str], str | None]:
    """How a move the game refused reads in a language: the rule's sentence from the
    game's own catalogue (its template the msgid, its details the values, a seat by its
    display name in `names`), or None."""
    return lambda lang: game.refusal_text(err, lang, names)


def detail(code: str, english: str, lang: str | None = None, say: Callable[[str], str | None] | None = None) -> str:
    """A problem's detail in the caller's language: what its raiser says in that language (a
    game's refusal, see `refusal`), else the English as given, or in another language the
    exact sentence if the service's catalogue has it, else what the code means."""
    lang = lang or request_lang()
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
