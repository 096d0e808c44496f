"""Plays one match through the Python client that openapi-python-client generated from
openapi/openapi.json (importable as `portside_client`): seat 0 is ours, the other seats are
server bots. Every move posted is a `legal_moves` entry as the client parsed it, or a template
filled in; no cast, no dict built by hand for a listed move.

Usage: python play_client.py BASE_URL GAME PLAYERS SEED; prints one JSON line.
"""

from __future__ import annotations

import json
import random
import sys

import httpx
from portside_client import AuthenticatedClient, Client
from portside_client.api.events import get_events
from portside_client.api.games import get_catan_static, get_game_static, get_smuggler_static
from portside_client.api.life import abort_match, list_matches
from portside_client.api.matches import create_match, get_match, get_replay
from portside_client.api.moves import post_move
from portside_client.models import (
    CatanCreateMatch,
    CatanCreateOptions,
    CatanLobbyEntry,
    CatanOptionsMap,
    CatanOptionsTradeOrder,
    CatanReplay,
    CatanStatic,
    Created,
    CreateMatchBots,
    FilledTemplate,
    IntegerParam,
    ListMatchesGame,
    ListMatchesStatus,
    Lobby,
    LogEntry,
    LogEntryKind,
    MediciCreateMatch,
    MoveAnswer,
    MoveTemplate,
    NoStatic,
    Problem,
    ProblemCode,
    SeatsParam,
    SmugglerCreateMatch,
    SmugglerStatic,
    SpeicherstadtCreateMatch,
)

SEAT = 0
# createMatch's body is its game's own, its `options` typed as that game's (CatanCreateOptions).
NEW_MATCH: dict[
    str, type[CatanCreateMatch] | type[MediciCreateMatch] | type[SmugglerCreateMatch] | type[SpeicherstadtCreateMatch]
] = {
    "catan": CatanCreateMatch,
    "medici": MediciCreateMatch,
    "smuggler": SmugglerCreateMatch,
    "speicherstadt": SpeicherstadtCreateMatch,
}


def filled(template: MoveTemplate) -> FilledTemplate:
    """The template's move with each param at its smallest value, params of a `disjoint` group
    never using the same key."""
    assert template.label, template
    move = template.move.to_dict()
    apart = {name for group in (template.disjoint or []) for name in group}
    taken: set[str] = set()
    for name, param in template.params.additional_properties.items():
        if isinstance(param, IntegerParam):
            move[name] = param.min_
        elif isinstance(param, SeatsParam):
            move[name] = param.of[: max(param.min_, 1)]
        else:
            need, counts = param.min_total, {}
            for key, most in param.max_.additional_properties.items():
                take = 0 if name in apart and key in taken else min(most, need)
                if take:
                    counts[key], need = take, need - take
            if name in apart:
                taken.update(counts)
            move[name] = counts
    return FilledTemplate.from_dict(move)


def live_entries(client: Client, match_id: str) -> list[LogEntry]:
    """The stream read as it comes (get_stream.sync would buffer the whole body): each `data:` line
    is a log entry. Stops at the end of a finished match's stream."""
    entries = []
    with client.get_httpx_client().stream("GET", f"/v1/matches/{match_id}/stream") as response:
        event = None  # as README "Typed clients" reads it
        for line in response.iter_lines():
            if line.startswith("event: "):
                event = line.removeprefix("event: ")  # `end`, `resync`: not a log entry
            elif line.startswith("data: ") and event is None:
                entries.append(LogEntry.from_dict(json.loads(line.removeprefix("data: "))))
            elif not line:
                event = None  # a blank line ends a message
    return entries


def aborted(base_url: str, game: str, players: int) -> None:
    """A match its creator aborts: its replay has no outcome (the client raised a TypeError on it),
    and its stream, read live, gives the abort and ends."""
    body = NEW_MATCH[game].from_dict({"game": game, "players": players})
    created = create_match.sync(client=Client(base_url), body=body)
    assert isinstance(created, Created), created
    answer = abort_match.sync(created.id, client=AuthenticatedClient(base_url, token=created.seats[0].token))
    assert isinstance(answer, MoveAnswer) and answer.match.ended is not None, answer
    replay = get_replay.sync(created.id, client=Client(base_url), accept_language="fr")
    assert replay is not None and not isinstance(replay, Problem) and replay.outcome is None, replay
    if isinstance(replay, CatanReplay):  # its options typed as the catalogue says them (an untyped dict)
        assert replay.options.trade_order == CatanOptionsTradeOrder.COMBINED, replay.options
        offers: int = replay.options.max_offers  # every option said: an int, not `int | Unset`
        assert offers == 0, replay.options
    entries = live_entries(Client(base_url), created.id)
    opening = [LogEntryKind.OPENING] if created.version else []  # a game whose set-up showed something
    assert [entry.kind for entry in entries] == [*opening, LogEntryKind.ABORT] and entries[-1].events[0].text, entries


def assert_replay_holds_the_games_moves(base_url: str, match_id: str, game: str) -> None:
    """Each move of the replay read as its own game's (a Speicherstadt `buy` was read as Medici's)."""
    replay = get_replay.sync(match_id, client=Client(base_url))
    assert replay is not None and not isinstance(replay, Problem) and replay.game == game, replay
    kinds = {type(entry.move).__name__ for entry in replay.moves}
    assert kinds and all(kind.startswith(game.capitalize() + "Move") for kind in kinds), kinds


def read_static(base_url: str, game: str) -> None:
    """The game's static data as the client types it, read with no cast (it was an untyped dict): a
    Catan node's neighbours, a Smuggler price and land link; the any-game operation parses each as its own."""
    client = Client(base_url)
    any_game = get_game_static.sync(game, client=client)
    if game == "catan":
        catan = get_catan_static.sync(client=client)
        assert isinstance(catan, CatanStatic) and isinstance(any_game, CatanStatic), (catan, any_game)
        nodes = catan.topology.nodes
        assert nodes[0].nodes and all(nodes[0].id in nodes[n].nodes for n in nodes[0].nodes), nodes[0]
    elif game == "smuggler":
        smuggler = get_smuggler_static.sync(client=client)
        assert isinstance(smuggler, SmugglerStatic) and isinstance(any_game, SmugglerStatic), (smuggler, any_game)
        gold, reputation = smuggler.prices["1"][0]
        assert gold > 0 and reputation >= 0, smuggler.prices
        assert all(space in smuggler.land for space in smuggler.land_links[0]), smuggler.land_links[0]
    else:
        assert isinstance(any_game, NoStatic), any_game


def play(base_url: str, game: str, players: int, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    read_static(base_url, game)
    aborted(base_url, game, players)
    bots = CreateMatchBots.from_dict({str(seat): "greedy" for seat in range(1, players)})
    new = NEW_MATCH[game].from_dict({"game": game, "players": players, "listed": True})
    new.bots = bots
    if isinstance(new, CatanCreateMatch):  # an option of its own, typed: the beginner's map
        new.options = CatanCreateOptions(map_=CatanOptionsMap.BEGINNER)
    created = create_match.sync(client=Client(base_url), body=new)
    assert isinstance(created, Created), created
    lobby = list_matches.sync(
        client=Client(base_url), game=ListMatchesGame(game), status=ListMatchesStatus.ACTIVE, limit=100
    )
    assert isinstance(lobby, Lobby) and created.id in [entry.id for entry in lobby.matches], lobby
    listed = next(entry for entry in lobby.matches if entry.id == created.id)
    if isinstance(listed, CatanLobbyEntry):  # its options typed as Catan's (an untyped dict)
        assert listed.options.map_ == CatanOptionsMap.BEGINNER, listed.options
    # A spectator: a plain Client sends no token and reads the public view (no cast: README "Typed clients").
    watched = get_match.sync(created.id, client=Client(base_url))
    assert watched is not None and getattr(watched, "seat", 0) is None and getattr(watched, "game", "") == game
    me = AuthenticatedClient(base_url, token=created.seats[SEAT].token, timeout=httpx.Timeout(30))
    posted = 0
    while True:
        match = get_match.sync(created.id, client=me)
        assert match is not None and not isinstance(match, Problem), match
        assert match.game == game and match.view is not None
        if match.status == "finished":
            assert match.outcome is not None, match
            assert_replay_holds_the_games_moves(base_url, created.id, game)
            return {"game": game, "moves": posted, "version": match.version, "winners": match.outcome.winners}
        if SEAT not in match.to_act:
            get_events.sync(created.id, client=me, after=match.version, wait=2)
            continue
        if posted == 0:  # our turn: nothing changes until we move, so the version we hold is current
            again = get_match.sync_detailed(created.id, client=me, if_none_match=f'"{match.version}"')
            assert again.status_code == 304 and again.parsed is None, again
        choices = len(match.legal_moves) + len(match.move_templates)
        pick = rng.randrange(choices)
        if pick < len(match.legal_moves):
            body = match.legal_moves[pick]
        else:
            body = filled(match.move_templates[pick - len(match.legal_moves)])
        answer = post_move.sync(created.id, client=me, body=body, if_match=f'"{match.version}"')
        if (
            isinstance(answer, Problem)
            and isinstance(body, FilledTemplate)
            and answer.code == ProblemCode.ILLEGAL_MOVE
            and answer.reason != "like_for_like"  # a template's `disjoint` keeps a trade's sides apart
        ):
            continue  # a filled template has the shape right; the rules may still refuse it: draw again
        assert answer is not None and hasattr(answer, "match"), (body, answer)
        posted += 1


if __name__ == "__main__":
    url, game_id, count, seed_text = sys.argv[1:5]
    print(json.dumps(play(url, game_id, int(count), int(seed_text))))
