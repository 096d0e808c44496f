"""A version's commit id: what tells a client that the match it holds is the one the server has.

A match's version is the number of its log's entries, and a Redis that lost its last writes (restarted
from an older snapshot, a replica promoted) reaches a lost number again with other moves. Every commit
draws a random id (`c` in the match's hash and in each of its log entries, service/store.py), which a
rewritten history cannot repeat. A version's tag is `<version>.<commit>`: the ETag (`"12.5f3a09c2be41"`),
and what If-Match, If-None-Match and `Last-Event-ID` are compared on; a log entry (an /events page's, a
stream message's `data:`) carries its `commit`, which `/events` and the stream take as `commit=` beside
`after=`. A stream message's `id:` stays the bare version (DESIGN.md). A bare version (`"12"`,
`Last-Event-ID: 12`) still holds to that number, as before commit ids: a client that builds its tags
from `version` is not told of a rewrite, one that echoes them is.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Collection

Held = tuple[int, str]  # a version and its commit id ("": any commit at that version)

COMMIT_PATTERN = r"[0-9a-f]{12}"  # what new_commit draws
TAG = re.compile(rf"(?:W/)?\"?([0-9]{{1,18}})(?:\.({COMMIT_PATTERN}))?\"?")
ID = re.compile(rf"([0-9]{{1,18}})(?:\.({COMMIT_PATTERN}))?")  # a Last-Event-ID, unquoted


# Commit ids need to differ, not to be secret: a generator of this module's own, seeded from the system
# at start and again in each forked worker, costs the move path a third of os.urandom's (a system call).
_ids = random.Random()
os.register_at_fork(after_in_child=_ids.seed)


def new_commit() -> str:
    """A commit id: 48 random bits, 12 hex digits."""
    return f"{_ids.getrandbits(48):012x}"


def tag(version: int, commit: str) -> str:
    """`<version>.<commit>`, or the bare version for a match or entry written before commit ids."""
    return f"{version}.{commit}" if commit else str(version)


def etag(version: int, commit: str) -> str:
    return f'"{tag(version, commit)}"'


def parse(text: str, pattern: re.Pattern = TAG) -> Held | None:
    """(version, commit) from an ETag or a Last-Event-ID, None if it is neither."""
    found = pattern.fullmatch(text)
    return None if found is None else (int(found.group(1)), found.group(2) or "")


def holds(held: Collection[Held], version: int, commit: str) -> bool:
    """Whether one of the held tags names this version (and this commit, when it names one)."""
    return (version, "") in held or (version, commit) in held  # two set look-ups: the move path


def same_entry(known: dict, found: dict) -> bool:
    """Whether a log entry read now is the one known at its version: the same commit, or (entries
    written before commit ids) the same content."""
    if "c" in known or "c" in found:
        return known.get("c") == found.get("c")
    return known == found


LOST = "The match is at version {version}, but by other moves than the ones you saw: storage lost them. Read it again."


def resync_page(after: int, version: int, commit: str) -> dict:
    """What /events answers (and a stream's `event: resync` carries) to a client whose version the server
    no longer has (ahead of it, or rewritten): the server's version and its commit; read the match again."""
    return {"after": after, "version": version, "commit": commit, "entries": [], "resync": True}
