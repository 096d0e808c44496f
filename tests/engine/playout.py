"""Random playouts with invariants, shared by every game's tests.

`playout(game, players, seed)` plays one complete random game and, after
every move, checks what must hold for any game under the contract:

- some seat is to act until the game ends, and it has at least one legal move;
- the state round-trips through JSON (`dump` -> json -> `load` -> `dump`), and `adopt` of the
  parsed JSON is the same live state as `load` of it;
- views and events are JSON, and legal moves pass the game's own move_schema;
- views, listed moves, templates and a move's events share no list or dict with the state
  (a bot or client that edits what it was handed must not edit the match);
- a sample of the other listed legal moves apply (on a copy), and each
  template's default move either applies or is refused with a code;
- junk moves and out-of-turn moves raise IllegalMove and change nothing;
- near misses (a listed move with one field changed to a value another listed move uses, or an
  integer off by one) that are neither listed nor a template's are refused and change nothing:
  the listed moves are all the game accepts, so a client that trusts them misses no move and a
  client that forges one gets an error;
- the game's own invariants (`check(game, state)`), after every move.

At the end it replays the same moves from the same seed and demands the
very same dump (determinism).
"""

from __future__ import annotations

import json
import random

from marshmallow import ValidationError

from engine.core import IllegalMove, default_value, fill, matches_template, random_value

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


def choose(rng, legal, templates=(), policy=None, state=None):
    """A listed move, or a template filled at random. A policy, if any, sees only the listed
    ones; when it returns None the choice is uniform over the listed moves and the templates."""
    if policy and legal:
        move = policy(rng, legal, state)
        if move is not None:
            return move
    pick = rng.randrange(len(legal) + len(templates))
    if pick < len(legal):
        return legal[pick]
    return fill(templates[pick - len(legal)], lambda param: random_value(param, rng))


def play_one(game, state, seat, rng, legal, templates, policy=None):
    """Choose and apply a move; a filled-in template the rules refuse is chosen again."""
    for _ in range(50):
        move = choose(rng, legal, templates, policy, state)
        try:
            return move, game.apply(state, seat, move)
        except IllegalMove:
            if any(move is m for m in legal):
                raise
    raise AssertionError(f"seat {seat}: 50 filled-in templates refused in a row")


def playout(
    game,
    players,
    seed,
    options=None,
    *,
    check=None,
    policy=None,
    max_moves=20000,
    probe_every=1,
    sample_legal=2,
    extra_junk=(),
):
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
        legal, templates = game.legal_moves(state, seat), game.move_templates(state, seat)
        assert legal or templates, f"seat {seat} is to act but has no legal move"
        if step % probe_every == 0:
            _probe(game, state, seat, seats, legal, templates, rng, sample_legal, extra_junk)
        move, events = play_one(game, state, seat, rng, legal, templates, policy)
        json.dumps([e.to_json() for e in events])
        moves.append((seat, move))
        dumped = game.dump(state)
        text = json.dumps(dumped)
        copy = game.load(json.loads(text))
        assert game.dump(copy) == dumped, "dump/load does not round-trip"
        # What the service does with a dump it just parsed (no undo): the same live state as a load.
        assert game.adopt(json.loads(text)) == copy, "adopt differs from load"
        if check:
            check(game, state)
    else:
        raise AssertionError(f"no end after {max_moves} moves")
    assert not game.to_act(state), "seats still to act after the end"
    json.dumps(game.outcome(state).to_json())
    _assert_deterministic(game, players, seed, options, moves, state)
    return state, moves


def containers(value, found=None) -> dict[int, object]:
    """Every list and dict inside a JSON-like value, by id (kept alive by the value itself)."""
    found = {} if found is None else found
    if isinstance(value, (list, dict)):
        found[id(value)] = value
        for item in value.values() if isinstance(value, dict) else value:
            containers(item, found)
    return found


def assert_shares_nothing(state, handed, what):
    shared = containers(state).keys() & containers(handed).keys()
    assert not shared, f"{what} shares a list or dict with the state: editing it would edit the match"


def _probe(game, state, seat, seats, legal, templates, rng, sample_legal, extra_junk):
    for viewer in [None, *range(len(seats_all(game, state)))]:
        view = game.view(state, viewer)
        json.dumps(view)
        assert_shares_nothing(state, view, f"the view of {viewer}")
    assert_shares_nothing(state, [legal, templates], "the legal moves")
    for move in legal:
        game.move_schema.load(move)
    for move in rng.sample(legal, min(sample_legal, len(legal))):
        copy = roundtrip(game, state)
        events = game.apply(copy, seat, move)
        assert_shares_nothing(copy, [e.data for e in events], f"the events of {move}")
    for tmpl in templates:
        move = fill(tmpl, default_value)
        assert matches_template(tmpl, move), (tmpl, move)
        game.move_schema.load(move)
        try:
            game.apply(roundtrip(game, state), seat, move)
        except IllegalMove as err:
            assert err.code and err.message
    for junk in [*JUNK, *extra_junk]:
        assert_refused(game, state, seat, junk)
    # Their own generator: the playout's random moves stay what they were before this probe.
    for move in near_misses(game, legal, templates, random.Random(json.dumps(legal[:2]) + str(len(legal)))):
        assert_refused(game, state, seat, move)
    waiting = [s for s in seats_all(game, state) if s not in seats]
    if waiting:
        some = legal[0] if legal else fill(templates[0], default_value)
        assert_refused(game, state, rng.choice(waiting), some)
        assert game.legal_moves(state, waiting[0]) == []
        assert game.move_templates(state, waiting[0]) == []


def near_misses(game, legal, templates, rng, tries=6):
    """Moves one field away from a listed one that the listing does not offer (compared as the
    move schema loads them, so a field left at its default is no miss)."""
    listed = [game.move_schema.load(move) for move in legal]
    values: dict[str, list] = {}
    for move in legal:
        for key, value in move.items():
            values.setdefault(key, []).append(value)
    misses = []
    for _ in range(tries if legal else 0):
        move = dict(rng.choice(legal))
        key = rng.choice([k for k in move if k != "type"] or ["type"])
        move[key] = _other_value(move[key], values[key], rng)
        if any(matches_template(tmpl, move) for tmpl in templates):
            continue
        try:
            if game.move_schema.load(move) in listed:
                continue
        except ValidationError:
            pass
        misses.append(move)
    return misses


def _other_value(value, seen, rng):
    if isinstance(value, int) and not isinstance(value, bool) and rng.random() < 0.5:
        return value + rng.choice([-1, 1])
    return rng.choice(seen)


def seats_all(game, state):
    return range(game.players(state))


def _assert_deterministic(game, players, seed, options, moves, final):
    state = game.setup(players, game.load_options(options), seed)
    for seat, move in moves:
        game.apply(state, seat, move)
    assert game.dump(state) == game.dump(final), "same seed and moves gave another game"
