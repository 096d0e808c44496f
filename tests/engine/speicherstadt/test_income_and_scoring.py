"""Phase 5, income, and the final scoring with its tie-break."""

from engine.core import Outcome
from engine.rng import Rng
from engine.speicherstadt import GAME

from .helpers import give, give_cubes, new_game, set_row


def income(state):
    events = []
    GAME._income(state, Rng(state["rng"]), events)
    return events


def test_income_1_coin_plus_1_without_a_purchase_plus_1_with_the_bank():
    state = new_game(4, start=2)
    set_row(state, [])
    give(state, 1, "bank")  # bought this round: 1 + 1
    give(state, 3, "office_a")  # bought nothing this round: 1 + 1
    state["seats"][0]["bought"] = True  # 1
    state["seats"][1]["bought"] = True
    events = income(state)
    paid = next(e.data["coins"] for e in events if e.type == "income")
    assert paid == [1, 2, 2, 2]
    assert [s["coins"] for s in state["seats"]] == [6, 7, 7, 7]
    state["seats"][1]["bought"] = False  # the bank owner who bought nothing: 1 + 1 + 1
    assert next(e.data["coins"] for e in income(state) if e.type == "income")[1] == 3
    assert all(not s["bought"] for s in state["seats"])


def test_the_start_coin_passes_to_the_left():
    state = new_game(3, start=2)
    set_row(state, [])
    income(state)
    assert state["start"] == 0 and GAME.to_act(state) == {0}
    income(state)
    assert state["start"] == 1 and GAME.to_act(state) == {1}


def finished(state):
    """End the game now (resolves the 4th fire)."""
    GAME._end_game(state, [])
    return GAME.outcome(state)


def test_final_scoring_every_category():
    state = new_game(4)
    set_row(state, [])
    me = state["seats"][0]
    give(
        state,
        0,
        "contract_a1",
        "contract_b3",
        "office_a",
        "office_b",
        "office_d1",
        "coffee_roaster",
        "tea_taster",
        "boatmen_church",
        "st_michaelis",
        "chamber_of_commerce",
        "port",
        "ship_b1",
        "ship_b2",
        "warehouse",
        "fireman_d5",
    )
    me["contracts"]["contract_a1"] = ["coffee", "tea"]  # complete: 5
    me["contracts"]["contract_b3"] = ["rubber", "tea", "coffee"]  # incomplete: 0
    for good in ("coffee", "tea", "rubber", "tea", "coffee"):
        state["bag"][good] -= 1
    give_cubes(state, 0, "warehouse", ["carpet", "carpet", "saffron"])
    me["coins"] = 6
    me["fire"] = 3
    outcome = finished(state)
    assert isinstance(outcome, Outcome)
    assert outcome.breakdown[0] == {
        "fires": 3 + 4,
        "contracts": 5,
        "offices": 9,
        "warehouse": 3,
        "traders": 2,
        "churches": 7,
        "chamber": 6,
        "port": 2,
    }
    assert outcome.scores[0] == 7 + 5 + 9 + 3 + 2 + 7 + 6 + 2
    assert outcome.winners == [0] and outcome.ranks[0] == 1
    assert outcome.breakdown[1]["fires"] == -4


def test_counting_offices_score_2_5_9_14():
    for count, vp in [(1, 2), (2, 5), (3, 9), (4, 14)]:
        state = new_game(4)
        set_row(state, [])
        give(state, 0, *["office_a", "office_b", "office_d1", "office_d2"][:count])
        assert finished(state).breakdown[0]["offices"] == vp


def test_a_tie_goes_to_the_most_coins_and_stays_shared_when_coins_tie_too():
    state = new_game(3)
    set_row(state, [])
    for me, coins in zip(state["seats"], [4, 6, 6]):
        me["coins"] = coins
    outcome = finished(state)  # no fireman anywhere: everyone 0
    assert outcome.scores == [0, 0, 0]
    assert outcome.winners == [1, 2] and outcome.ranks == [3, 1, 1]
    assert outcome.tiebreak == "most coins among tied scores"


def test_score_so_far_is_in_every_view():
    state = new_game(2)
    give(state, 1, "office_a", "coffee_roaster")
    view = GAME.view(state, 0)
    assert view["seats"][1]["score"] == 3
    assert view["seats"][1]["breakdown"]["offices"] == 2
