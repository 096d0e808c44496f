"""Set-up (rulebook, "Mise en place"): coins, market halls, the deck, removals, start player."""

import pytest
from marshmallow import ValidationError

from engine.registry import get
from engine.speicherstadt import GAME
from engine.speicherstadt.data import CARDS

from .helpers import check_invariants, dumped


def seasons(cards):
    return [CARDS[c]["season"] for c in cards]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_player_starts_with_5_coins_3_workers_and_an_empty_market_hall(players):
    state = GAME.setup(players, {}, 7)
    for me in dumped(state)["seats"]:
        assert me["coins"] == 5
        assert me["workers"] == 3
        assert me["market"] == [] and me["cards"] == [] and me["fire"] == 0
    check_invariants(GAME, state)


@pytest.mark.parametrize(
    "players,removed",
    [
        (2, {"port", "fireman_d3"}),
        (3, {"boatmen_church", "fireman_d3"}),
        (4, set()),
        (5, {"boatmen_church", "fireman_d3"}),
    ],
)
def test_autumn_cards_are_removed_by_player_count(players, removed):
    table = dumped(GAME.setup(players, {}, 3))
    assert set(table["removed"]) == removed
    in_play = table["deck"] + [slot["card"] for slot in table["row"]] + table["discard"]
    assert not removed & set(in_play)
    assert len(in_play) == 54 - len(removed)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_deck_is_winter_then_spring_summer_autumn_and_the_4th_fire_last(players):
    table = dumped(GAME.setup(players, {}, 11))
    order = seasons([slot["card"] for slot in table["row"]] + table["deck"])
    assert order == sorted(order)  # A..A B..B C..C D..D E
    assert table["deck"][-1] == "fire_4"


def test_each_season_is_shuffled_separately():
    decks = {tuple(dumped(GAME.setup(4, {}, seed))["deck"][:8]) for seed in range(10)}
    assert len(decks) > 1
    for seed in range(10):
        table = dumped(GAME.setup(4, {}, seed))
        top = [slot["card"] for slot in table["row"]] + table["deck"]
        assert set(top[:12]) == {c for c, info in CARDS.items() if info["season"] == "A"}


def test_the_start_player_is_drawn_and_starts_the_demand():
    starts = {dumped(GAME.setup(4, {}, seed))["start"] for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    state = GAME.setup(4, {}, 5)
    assert GAME.to_act(state) == {dumped(state)["start"]}


def test_all_45_cubes_start_in_the_bag_and_the_supply_is_empty():
    table = dumped(GAME.setup(3, {}, 1))
    assert sum(table["bag"].values()) == 45
    assert set(table["bag"].values()) == {9}
    assert sum(table["supply"].values()) == 0


def test_registered_with_catalogue_entry_and_no_options():
    game = get("speicherstadt")
    assert game is GAME
    assert game.catalogue() == {"id": "speicherstadt", "title": "Speicherstadt", "min_players": 2, "max_players": 5}
    assert game.load_options({}) == {}
    with pytest.raises(ValidationError):
        game.load_options({"variant": "x"})
    with pytest.raises(ValueError):
        game.setup(6, {}, 1)


def test_the_same_seed_gives_the_same_game_and_another_seed_another():
    assert GAME.dump(GAME.setup(3, {}, 42)) == GAME.dump(GAME.setup(3, {}, 42))
    assert GAME.dump(GAME.setup(3, {}, 42)) != GAME.dump(GAME.setup(3, {}, 43))
