"""Views: everything on the table, but never the deck order, the bag's draws or the RNG."""

import json

from engine.speicherstadt import GAME

from .helpers import dumped, give_cubes, new_game


def values(node):
    """Every string value in a JSON tree (keys excluded)."""
    if isinstance(node, dict):
        return [v for child in node.values() for v in values(child)]
    if isinstance(node, list):
        return [v for child in node for v in values(child)]
    return [node] if isinstance(node, str) else []


def flat(view):
    return json.dumps(view)


def test_views_show_cards_left_per_season_and_the_bag_count_per_colour_only():
    state = new_game(3, seed=4)
    for seat in (None, 0, 1, 2):
        view = GAME.view(state, seat)
        json.dumps(view)
        assert view["deck"] == {"A": 12 - 4, "B": 13, "C": 13, "D": 13, "E": 1}
        assert view["bag"] == {g: 9 for g in ("coffee", "tea", "saffron", "rubber", "carpet")}
        assert "rng" not in view and str(dumped(state)["rng"]) not in flat(view)
        assert not set(dumped(state)["deck"]) & set(values(view))  # no face-down card is named


def test_views_show_the_public_table_and_the_same_to_everyone():
    state = new_game(2, seed=9, start=1)
    state = give_cubes(state, 0, "warehouse", ["tea"])
    views = [GAME.view(state, seat) for seat in (None, 0, 1)]
    assert views[0]["phase"] == "demand" and views[0]["to_act"] == [1]
    assert views[0]["start_player"] == 1 and views[0]["round"] == 1
    assert [slot["card"] for slot in views[0]["row"]] == [s["card"] for s in dumped(state)["row"]]
    assert views[0]["seats"][0]["warehouse"] == ["tea"]
    for view in views[1:]:
        assert {k: v for k, v in view.items() if k != "you"} == {k: v for k, v in views[0].items() if k != "you"}
    assert views[2]["you"] == 1


def test_events_are_public_and_name_no_face_down_card():
    state = new_game(2, seed=3)
    while dumped(state)["phase"] == "demand":
        events = GAME.apply(state, dumped(state)["turn"], {"type": "place_worker", "card": 0})
    for event in events:
        assert event.to is None
        json.dumps(event.to_json())


def test_events_do_not_change_after_the_move_that_made_them():
    import random

    rng = random.Random(5)
    state = GAME.setup(3, {}, 5)
    logged = []
    while GAME.outcome(state) is None:
        seat = min(GAME.to_act(state))
        events = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
        logged += [(e, json.dumps(e.to_json())) for e in events]
    assert all(json.dumps(e.to_json()) == text for e, text in logged)
    assert any(e.type == "shipping_started" for e, _ in logged)


def containers(node, found=None):
    """Every list and dict in a JSON tree."""
    found = [] if found is None else found
    if isinstance(node, (list, dict)):
        found.append(node)
        for child in node.values() if isinstance(node, dict) else node:
            containers(child, found)
    return found


def test_dump_and_load_share_no_list_or_dict_with_their_input():
    import random

    rng = random.Random(2)
    state = GAME.setup(4, {}, 2)
    checked = 0
    while GAME.outcome(state) is None:
        if rng.random() < 0.1:
            for copy in (GAME.dump(state), GAME.load(GAME.dump(state))):
                assert copy == state and json.loads(json.dumps(copy)) == copy
                mine = {id(c) for c in containers(state)}
                assert not mine & {id(c) for c in containers(copy)}
                checked += 1
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    assert checked > 10
