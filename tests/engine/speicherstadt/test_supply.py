"""Phase 1, supply: the row, ships' cubes, fires, and the last round."""

import pytest

from engine.speicherstadt import GAME
from engine.speicherstadt.data import CARDS

from .helpers import check_invariants, dumped, edited, give, new_game, play, refused, set_row, start_shipping


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_players_plus_one_cards_are_revealed_left_to_right(players):
    table = dumped(GAME.setup(players, {}, 2))
    assert len(table["row"]) == players + 1
    # the row is the top of the deck in order: winter cards, none of them fires
    assert all(CARDS[s["card"]]["season"] == "A" for s in table["row"])


def finish_round(state):
    """Everyone places on card 0 and declines everything; shipping skipped. Returns the state."""
    while dumped(state)["phase"] == "demand":
        play(state, dumped(state)["turn"], "place_worker", card=0)
    while dumped(state)["phase"] == "purchase":
        play(state, next(iter(GAME.to_act(state))), "decline")
    while dumped(state)["phase"] == "shipping":
        for seat in dumped(state)["shipping"]:
            state = market_cut_to_one(state, seat)
            play(state, seat, "done")
    return state


def market_cut_to_one(state, seat):
    def cut(data):
        del data["seats"][seat]["market"][1:]

    return edited(state, cut)


def next_round_with(state, top_cards):
    """Put these cards on top of the deck and play into the next supply: the last seat
    still shipping says `done`, income is paid, the next round reveals its row.
    Returns (state, events)."""

    def on_top(data):
        for card in top_cards:
            data["deck"].remove(card)
        data["deck"][:0] = list(top_cards)

    state = start_shipping(edited(state, on_top), [0])
    return state, play(state, 0, "done")


def fresh_between_rounds(players, seed=1):
    return set_row(new_game(players, seed=seed), [])


def discarded_but(state, keep):
    """Move every deck card but `keep` and the 4th fire to the discard pile."""

    def discard(data):
        for card in [c for c in data["deck"] if c not in keep and c != "fire_4"]:
            data["deck"].remove(card)
            data["discard"].append(card)

    return edited(state, discard)


def test_fire_highest_gain_lowest_lose_then_discarded_and_replaced():
    state = fresh_between_rounds(3)
    state = give(state, 0, "fireman_a2")  # 2
    state = give(state, 1, "fireman_a1")  # 1
    # seat 2 has no fireman: 0
    state, events = next_round_with(state, ["ship_b1", "fire_1", "contract_b1", "office_b", "ship_b2"])
    table = dumped(state)
    assert [s["fire"] for s in table["seats"]] == [1, 0, -1]
    assert "fire_1" in table["discard"]
    assert [s["card"] for s in table["row"]] == ["ship_b1", "contract_b1", "office_b", "ship_b2"]
    fire = next(e.data for e in events if e.type == "fire")
    assert fire["totals"] == [2, 1, 0] and fire["gained"] == [0] and fire["lost"] == [2]
    check_invariants(GAME, state)


def test_fire_ties_all_gain_or_all_lose():
    state = fresh_between_rounds(4)
    state = give(state, 0, "fireman_a2")
    state = give(state, 1, "fireman_b2")
    state = give(state, 2, "fireman_a1")
    state, _ = next_round_with(state, ["fire_2"])  # value 2: seats 0 and 1 gain, seat 3 alone loses
    assert [s["fire"] for s in dumped(state)["seats"]] == [2, 2, 0, -2]
    state = fresh_between_rounds(3)
    state = give(state, 0, "fireman_a2")
    state, _ = next_round_with(state, ["fire_1"])  # seats 1 and 2 both lowest
    assert [s["fire"] for s in dumped(state)["seats"]] == [1, -1, -1]


def test_fire_with_everybody_equal_gives_nobody_anything():
    state = fresh_between_rounds(3)
    for seat, card in enumerate(["fireman_a2", "fireman_b2", "fireman_c2"]):
        state = give(state, seat, card)
    state, _ = next_round_with(state, ["fire_3"])
    table = dumped(state)
    assert [s["fire"] for s in table["seats"]] == [0, 0, 0]
    assert table["fires"][-1]["gained"] == [] and table["fires"][-1]["lost"] == []


def test_last_round_begins_when_only_the_4th_fire_is_left_and_it_ends_the_game():
    state = fresh_between_rounds(2)
    state = give(state, 0, "fireman_d5")
    keep = ["office_d1", "st_michaelis", "ship_d1"]
    state = discarded_but(state, keep)
    state, _ = next_round_with(state, keep)
    table = dumped(state)
    assert table["deck"] == ["fire_4"]
    assert table["last_round"] is True and table["phase"] == "demand"
    coins = [s["coins"] for s in table["seats"]]
    state = finish_round(state)
    table = dumped(state)
    assert table["phase"] == "over"
    assert GAME.to_act(state) == set()
    assert table["fires"][-1]["card"] == "fire_4"
    assert [s["fire"] for s in table["seats"]] == [4, -4]
    # the last round's income was paid before the end (1 + 1, nobody bought)
    assert [s["coins"] for s in table["seats"]] == [c + 2 for c in coins]
    assert GAME.outcome(state).breakdown[0]["fires"] == 4
    assert GAME.legal_moves(state, 0) == [] and GAME.legal_moves(state, 1) == []
    err = refused(state, 0, {"type": "place_worker", "card": 0}, code="match_finished")
    assert err.message
    check_invariants(GAME, state)


def test_third_fire_just_above_the_fourth_ends_the_game_at_once():
    state = fresh_between_rounds(2)
    state = give(state, 1, "fireman_a1")
    state = discarded_but(state, ["fire_3"])
    assert dumped(state)["deck"] == ["fire_3", "fire_4"]
    state, events = next_round_with(state, [])
    assert [e.data["card"] for e in events if e.type == "fire"] == ["fire_3", "fire_4"]
    table = dumped(state)
    assert table["phase"] == "over" and table["row"] == []
    assert [s["fire"] for s in table["seats"]] == [-7, 7]
    assert GAME.outcome(state) is not None
    check_invariants(GAME, state)


def test_not_the_last_round_while_other_cards_remain():
    state = fresh_between_rounds(2)
    state, _ = next_round_with(state, [])
    assert dumped(state)["last_round"] is False and len(dumped(state)["deck"]) > 1


def test_each_revealed_ship_gets_3_cubes_from_the_bag():
    state = fresh_between_rounds(2)
    state, events = next_round_with(state, ["ship_b1", "contract_a1", "ship_b2"])
    table = dumped(state)
    row = table["row"]
    assert [s["card"] for s in row] == ["ship_b1", "contract_a1", "ship_b2"]
    assert [len(s["cubes"]) for s in row] == [3, 0, 3]
    assert sum(table["bag"].values()) == 45 - 6
    revealed = [e.data for e in events if e.type == "card_revealed"]
    assert [e["cubes"] for e in revealed] == [s["cubes"] for s in row]
    check_invariants(GAME, state)


def test_the_bag_gives_the_cubes_at_random_but_by_the_seed():
    draws = set()
    for seed in range(8):
        state = set_row(GAME.setup(2, {}, seed), [])
        state, _ = next_round_with(state, ["ship_b1", "ship_b2", "ship_b3"])
        draws.add(tuple(g for s in dumped(state)["row"] for g in s["cubes"]))
    assert len(draws) > 1
