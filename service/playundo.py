"""`undo` at the terminal: at the prompt (playprompt.UNDO), and while the seat waits for the others
after a move that passed the turn (wait_reading), as long as the match says the seat's undo would be
taken (can_undo). The undo is posted with the version last read (If-Match), so a move another seat
made meanwhile is not taken back, and with an Idempotency-Key, so a retry after a lost answer gets
the first answer. The log line that follows says it ("Seat 0 took back their last move")."""

from __future__ import annotations

import contextlib
import os
import select
import sys
import threading
import uuid
from typing import TYPE_CHECKING, Any, Callable, TextIO

from service import playprompt, playwords, versions

if TYPE_CHECKING:
    from service.play import Player, Session

t = playwords.t


def take_back(client: Any, match_id: str, seat: int, token: str, at: dict, say: Callable[[str], None]) -> None:
    """POST /undo for the seat; a refusal is said (the match changed first: the prompt comes again)."""
    from service.play import ApiError  # play imports this module

    if_match = versions.etag(at["version"], at.get("commit", ""))
    headers = {"If-Match": if_match, "Idempotency-Key": uuid.uuid4().hex}  # the client's retries keep it
    try:
        client.request("POST", f"/v1/matches/{match_id}/undo", {}, token=token, headers=headers)
    except ApiError as err:
        if err.code not in ("stale_version", "undo_refused"):
            raise
        say(t("seat {seat}: nothing taken back ({why})", seat=seat, why=err))


def undoable(client: Any, match_id: str, player: Player, state: dict, stdin: TextIO | None = None) -> dict[int, str]:
    """The seats played from this terminal whose last move would be taken back now (seat -> token),
    if the person can type at it (a script's input is kept for the prompts it was written for)."""
    stdin = stdin or sys.stdin
    if state.get("undo", "never") == "never" or not player.prompted or not stdin.isatty():
        return {}
    tokens = {seat: player.tokens[seat] for seat in sorted(player.prompted)}
    return {seat: token for seat, token in tokens.items() if client.match(match_id, token).get("can_undo")}


def wait_reading(session: Session, tokens: dict[int, str], stdin: TextIO | None = None) -> dict | None:
    """The log's next page (session.read_log's long-poll), while the lines typed meanwhile are read:
    `undo` takes the last move of the seats of `tokens` back (its log line ends the wait), `q` stops,
    an empty line does nothing."""
    stdin = stdin or sys.stdin
    return read_while(lambda: session.read_log(session.wait), stdin, lambda line: typed(session, tokens, line))


def typed(session: Session, tokens: dict[int, str], line: str) -> None:
    """A line typed while the others are to move."""
    if playprompt.stops(line):
        raise playprompt.Quit
    if playprompt.asks_undo(line):
        for seat, token in tokens.items():
            now = session.client.match(session.match_id, token)
            take_back(session.client, session.match_id, seat, token, now, session.say)
    elif line:
        session.say("  " + t("{typed}: the others are to move; undo takes back your last move.", typed=repr(line)))


def read_while(fetch: Callable[[], Any], stdin: TextIO, on_line: Callable[[str], None]) -> Any:
    """fetch()'s answer (a long-poll, in a thread of its own); each line typed at `stdin` meanwhile
    goes to on_line. A pipe wakes the wait the moment fetch returns."""
    wake, woken = os.pipe()
    answer: dict[str, Any] = {}

    def fetching() -> None:
        try:
            answer["value"] = fetch()
        except Exception as err:  # raised again in the waiting thread
            answer["error"] = err
        finally:
            with contextlib.suppress(OSError):  # the waiting thread stopped first (q, Ctrl-C)
                os.write(woken, b".")
            os.close(woken)

    threading.Thread(target=fetching, daemon=True).start()
    try:
        while wake not in select.select([stdin.fileno(), wake], [], [])[0]:
            on_line(playprompt.readline(stdin))
    finally:
        os.close(wake)
    if "error" in answer:
        raise answer["error"]
    return answer.get("value")
