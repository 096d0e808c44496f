"""`undo` at the prompt (playprompt.UNDO): the seat's last move taken back, posted with the version
the prompt showed (If-Match), so a retry after a lost answer, or a move another seat made meanwhile,
takes nothing else back. The log line that follows says it ("Seat 0 took back their last move")."""

from __future__ import annotations

from typing import Any, Callable

from service import playwords

t = playwords.t


def take_back(client: Any, match_id: str, seat: int, token: str, version: int, say: Callable[[str], None]) -> None:
    """POST /undo for the seat; a refusal is said (the match changed first: the prompt comes again)."""
    from service.play import ApiError  # play imports this module

    headers = {"If-Match": f'"{version}"'}
    try:
        client.request("POST", f"/v1/matches/{match_id}/undo", {}, token=token, headers=headers)
    except ApiError as err:
        if err.code not in ("stale_version", "undo_refused"):
            raise
        say(t("seat {seat}: nothing taken back ({why})", seat=seat, why=err))
