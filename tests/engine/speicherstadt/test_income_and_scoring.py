"""Phase 5, income, and the final scoring with its tie-break."""

from engine.core import Outcome
from engine.speicherstadt import GAME

from .helpers import dumped, edited, give, give_cubes, new_game, play, set_row, start_shipping


def income(state):
    """Run phase 5 through play: the last seat still shipping says `done`. Returns (state, events)."""
    state = start_shipping(state, [0])
    return state, play(state, 0, "done")


def bought(state, *seats):
    """Mark these seats as having bought a card this round (and the others as not)."""

    def mark(data):
        for seat, me in enumerate(data["seats"]):
            me["bought"] = seat in seats

    return edited(state, mark)


def test_income_1_coin_plus_1_without_a_purchase_plus_1_with_the_bank():
    state = new_game(4, start=2)
    state = set_row(state, [])
    state = give(state, 1, "bank")  # bought this round: 1 + 1
    state = give(state, 3, "office_a")  # bought nothing this round: 1 + 1
    state = bought(state, 0, 1)  # seat 0: 1
    state, events = income(state)
    paid = next(e.data["coins"] for e in events if e.type == "income")
    assert paid == [1, 2, 2, 2]
    assert [s["coins"] for s in dumped(state)["seats"]] == [6, 7, 7, 7]
    state = bought(state)  # the bank owner who bought nothing: 1 + 1 + 1
    state, events = income(state)
    assert next(e.data["coins"] for e in events if e.type == "income")[1] == 3
    assert all(not s["bought"] for s in dumped(state)["seats"])


def test_the_start_coin_passes_to_the_left():
    state = new_game(3, start=2)
    state = set_row(state, [])
    state, _ = income(state)
    assert dumped(state)["start"] == 0 and GAME.to_act(state) == {0}
    state, _ = income(state)
    assert dumped(state)["start"] == 1 and GAME.to_act(state) == {1}


def finished(state):
    """Play to the end: the last round's shipping ends (income paid: 1 + 1 to a seat
    that bought nothing), then the 4th fire is resolved and the game scored."""
    state = edited(start_shipping(state, [0]), lambda data: data.update(last_round=True))
    play(state, 0, "done")
    return GAME.outcome(state)


def test_final_scoring_every_category():
    state = new_game(4)
    state = set_row(state, [])
    state = give(
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

    def earlier_rounds(data):
        me = data["seats"][0]
        me["contracts"]["contract_a1"] = ["coffee", "tea"]  # complete: 5
        me["contracts"]["contract_b3"] = ["rubber", "tea", "coffee"]  # incomplete: 0
        for good in ("coffee", "tea", "rubber", "tea", "coffee"):
            data["bag"][good] -= 1
        me["coins"] = 4  # + 2 income in the last round: 6 at the end
        me["fire"] = 3

    state = edited(state, earlier_rounds)
    state = give_cubes(state, 0, "warehouse", ["carpet", "carpet", "saffron"])
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
        state = set_row(state, [])
        state = give(state, 0, *["office_a", "office_b", "office_d1", "office_d2"][:count])
        assert finished(state).breakdown[0]["offices"] == vp


def test_a_tie_goes_to_the_most_coins_and_stays_shared_when_coins_tie_too():
    state = new_game(3)
    state = set_row(state, [])

    def coins(data):
        for me, coins in zip(data["seats"], [4, 6, 6]):
            me["coins"] = coins  # each + 2 income in the last round

    outcome = finished(edited(state, coins))  # no fireman anywhere: everyone 0
    assert outcome.scores == [0, 0, 0]
    assert outcome.winners == [1, 2] and outcome.ranks == [3, 1, 1]
    assert outcome.tiebreak == "most coins among tied scores"


def test_score_so_far_is_in_every_view():
    state = new_game(2)
    state = give(state, 1, "office_a", "coffee_roaster")
    view = GAME.view(state, 0)
    assert view["seats"][1]["score"] == 3
    assert view["seats"][1]["breakdown"]["offices"] == 2
