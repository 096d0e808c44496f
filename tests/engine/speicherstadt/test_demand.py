"""Phase 2, demand: 3 workers each, one at a time clockwise from the start player."""

from engine.speicherstadt import GAME
from tests.typography import plain

from .helpers import check_invariants, dumped, new_game, play, refused


def test_start_player_first_then_clockwise_one_worker_at_a_time_three_each():
    state = new_game(3, start=1)
    order = []
    while dumped(state)["phase"] == "demand":
        (seat,) = GAME.to_act(state)
        order.append(seat)
        play(state, seat, "place_worker", card=len(order) % 4)
    assert order == [1, 2, 0] * 3
    assert dumped(state)["phase"] == "purchase"


def test_a_worker_goes_on_the_lowest_free_space_and_one_may_stack_several_on_a_card():
    state = new_game(3, start=0)
    play(state, 0, "place_worker", card=2)
    play(state, 1, "place_worker", card=2)
    play(state, 2, "place_worker", card=0)
    play(state, 0, "place_worker", card=2)
    table = dumped(state)
    assert table["row"][2]["workers"] == [0, 1, 0]  # lowest first
    assert table["row"][0]["workers"] == [2]
    assert table["seats"][0]["workers"] == 1
    view = GAME.view(state, None)
    assert view["row"][2]["workers"] == [0, 1, 0] and view["row"][2]["price"] == 3
    check_invariants(GAME, state)


def test_at_most_8_workers_on_one_card():
    state = new_game(5, start=0)
    for _ in range(8):
        play(state, dumped(state)["turn"], "place_worker", card=3)
    seat = dumped(state)["turn"]
    assert {"type": "place_worker", "card": 3} not in GAME.legal_moves(state, seat)
    assert len(GAME.legal_moves(state, seat)) == 5
    err = refused(state, seat, {"type": "place_worker", "card": 3})
    assert "8" in err.message


def test_placing_is_compulsory_and_only_on_a_card_of_the_row():
    state = new_game(2, start=0)
    legal = GAME.legal_moves(state, 0)
    assert legal == [{"type": "place_worker", "card": i} for i in range(3)]
    for move in ({"type": "done"}, {"type": "decline"}, {"type": "buy"}):
        refused(state, 0, move)
    refused(state, 0, {"type": "place_worker", "card": 3})  # 2 players: 3 cards only
    refused(state, 1, {"type": "place_worker", "card": 0}, code="not_your_turn")
    refused(state, 0, {"type": "place_worker", "card": -1}, code="validation_error")
    refused(state, 0, {"type": "place_worker", "card": "1"}, code="validation_error")
    refused(state, 0, {"type": "place_worker", "card": 1, "extra": 1}, code="validation_error")


def test_cards_may_receive_no_worker_at_all():
    state = new_game(2, start=0)
    for _ in range(6):
        play(state, dumped(state)["turn"], "place_worker", card=0)
    # cards 1 and 2 had no demand
    assert dumped(state)["phase"] == "purchase"
    # seat 0 (5 coins) cannot pay 6, so seat 1 is asked at 5
    assert GAME.view(state, 0)["offer"] == {"position": 0, "price": 5}
    assert GAME.to_act(state) == {1}


def test_positions_in_labels_and_lines_count_from_one_as_players_do():
    """The row's first card read "position 0" on buttons while the web page said "card 1"."""
    assert GAME.move_label({}, 0, {"type": "place_worker", "card": 0}, "en") == "Place a worker at position 1"
    assert plain(GAME.move_label({}, 0, {"type": "place_worker", "card": 3}, "fr")) == "Placer un ouvrier en position 4"
    revealed = {"type": "card_revealed", "card": "ship_b", "position": 2, "cubes": []}
    assert GAME.event_text(revealed, "en", strict=True).endswith("at position 3")


def test_a_fire_reads_as_a_sentence_in_both_languages():
    """'Fire! fire 4 breaks out' began a sentence in lower case after '!' (a walkthrough's find), and
    « Incendie : incendie 4 se déclare » lacked its article: the card says it, as a phrase."""
    fire = {"type": "fire", "card": "fire_4", "value": 4}
    assert GAME.event_text(fire, "en", strict=True) == "The fire 4 breaks out (strength 4)"
    assert plain(GAME.event_text(fire, "fr", strict=True)) == "L'incendie 4 se déclare (force 4)"
