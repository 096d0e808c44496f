"""Random playouts with invariants, shared by every game's tests.

`playout(game, players, seed)` plays one complete random game and, after
every move, checks what must hold for any game under the contract:

- some seat is to act until the game ends, and it has at least one legal move;
- the state round-trips through JSON (`dump` -> json -> `load` -> `dump`);
- views and events are JSON, and legal moves pass the game's own move_schema;
- a sample of the other listed legal moves apply (on a copy);
- junk moves and out-of-turn moves raise IllegalMove and change nothing;
- the game's own invariants (`check(game, state)`), after every move.

At the end it replays the same moves from the same seed and demands the
very same dump (determinism).
"""

from __future__ import annotations

import json
import random

from engine.core import IllegalMove, instantiate

JUNK = [
    {"type": "no_such_move"},
    {},
    {"type": 7},
    ["not", "an", "object"],
    "done",
]


def roundtrip(game, state):
    return game.load(json.loads(json.dumps(game.dump(state))))


def assert_refused(game, state, seat, move, code=None) -> IllegalMove:
    """The move raises IllegalMove (with `code`, when given) and changes nothing."""
    before = game.dump(state)
    try:
        game.apply(state, seat, move)
    except IllegalMove as err:
        assert err.code and err.message
        assert code is None or err.code == code, (err.code, err.message)
        assert game.dump(state) == before, f"refused move {move!r} changed the state"
        return err
    raise AssertionError(f"seat {seat} could play {move!r}")


def choose(rng, legal, policy=None, state=None):
    move = policy(rng, legal, state) if policy else rng.choice(legal)
    return instantiate(move, rng.randint)


def playout(game, players, seed, options=None, *, check=None, policy=None,
            max_moves=20000, probe_every=1, sample_legal=2, extra_junk=()):
    """Play one full random game with every check; returns (state, moves)."""
    rng = random.Random(seed)
    state = game.setup(players, game.load_options(options), seed)
    moves = []
    if check:
        check(game, state)
    for step in range(max_moves):
        if game.outcome(state) is not None:
            break
        seats = sorted(game.to_act(state))
        assert seats, "nobody is to act but the game is not over"
        seat = rng.choice(seats)
        legal = game.legal_moves(state, seat)
        assert legal, f"seat {seat} is to act but has no legal move"
        move = choose(rng, legal, policy, state)
        if step % probe_every == 0:
            _probe(game, state, seat, seats, legal, rng, sample_legal, extra_junk)
        events = game.apply(state, seat, move)
        json.dumps([e.to_json() for e in events])
        moves.append((seat, move))
        copy = roundtrip(game, state)
        assert game.dump(copy) == game.dump(state), "dump/load does not round-trip"
        if check:
            check(game, state)
    else:
        raise AssertionError(f"no end after {max_moves} moves")
    assert not game.to_act(state), "seats still to act after the end"
    json.dumps(game.outcome(state).to_json())
    _assert_deterministic(game, players, seed, options, moves, state)
    return state, moves


def _probe(game, state, seat, seats, legal, rng, sample_legal, extra_junk):
    for viewer in [None, *range(len(seats_all(game, state)))]:
        json.dumps(game.view(state, viewer))
    for move in legal:
        game.move_schema.load(instantiate(move, lambda lo, hi: lo))
    for move in rng.sample(legal, min(sample_legal, len(legal))):
        copy = roundtrip(game, state)
        game.apply(copy, seat, instantiate(move, rng.randint))
    for junk in [*JUNK, *extra_junk]:
        assert_refused(game, state, seat, junk)
    waiting = [s for s in seats_all(game, state) if s not in seats]
    if waiting:
        assert_refused(game, state, rng.choice(waiting), instantiate(legal[0], rng.randint))
        assert game.legal_moves(state, waiting[0]) == []


def seats_all(game, state):
    return range(game.players(state))


def _assert_deterministic(game, players, seed, options, moves, final):
    state = game.setup(players, game.load_options(options), seed)
    for seat, move in moves:
        game.apply(state, seat, move)
    assert game.dump(state) == game.dump(final), "same seed and moves gave another game"
