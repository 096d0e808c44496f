"""Every rule of Medici vs Strozzi, one test (or a few) each, in the rulebook's order."""

from __future__ import annotations

import pytest
from marshmallow import ValidationError

from engine.medici import GAME, data
from engine.registry import GAMES
from tests.typography import plain

from .helpers import draw_tile, dumped, edited, fresh, refused, sell, set_lot, take, tile_id
from .helpers import invariants_and_views as invariants

DYE0, DYE1, DYE2, DYE3 = (tile_id("dye", v) for v in (0, 1, 2, 3))
FUR0, FUR1, FUR3 = tile_id("fur", 0), tile_id("fur", 1), tile_id("fur", 3)
SPICE1, SPICE2, SPICE3 = (tile_id("spice", v) for v in (1, 2, 3))
CLOTH0, CLOTH3, CLOTH4 = tile_id("cloth", 0), tile_id("cloth", 3), tile_id("cloth", 4)
GOLD_A, GOLD_B = tile_id("gold", 5, 0), tile_id("gold", 5, 1)
MEDICI, STROZZI = 0, 1
OFFER_TEMPLATE = [
    {"move": {"type": "offer"}, "params": {"price": {"kind": "integer", "min": 0, "max": data.MAX_PRICE}}}
]


def put_on_ship(state, seat, ship, harbour, tiles):
    """Hand-build a loaded ship (tiles taken out of the bag, or the lot then refilled)."""

    def loaded(table):
        for tile in tiles:
            take(table, tile)
        if table["phase"] == "draw" and not table["lot"]:
            table["lot"] = [table["bag"].pop()]
        table["ships"][seat][ship] = {"harbour": harbour, "tiles": list(tiles)}

    return edited(state, loaded)


def end_round_by_discard(state, drawer, tile):
    """Empty the bag down to `tile`, then sell it to the drawer who discards it: the round ends.
    Returns (state, the discard's events)."""
    assert dumped(state)["drawer"] == drawer

    def last_tile(table):
        take(table, tile)
        table["discards"].extend(table["bag"] + table["lot"])
        table["bag"], table["lot"] = [], [tile]

    state = edited(state, last_tile)
    GAME.apply(state, drawer, {"type": "offer", "price": 0})
    GAME.apply(state, 1 - drawer, {"type": "decline"})
    return state, GAME.apply(state, drawer, {"type": "discard"})


def with_markers(state, markers):
    return edited(state, lambda table: table.update(markers=list(markers)))


# --- set-up ---------------------------------------------------------------
def test_registered_with_its_title_and_two_seats():
    assert GAMES["medici"] is GAME
    assert GAME.title == "Medici vs Strozzi"
    assert (GAME.min_players, GAME.max_players) == (2, 2)


def test_setup_gives_300_each_26_tiles_in_the_bag_and_centred_markers():
    state = fresh()
    view = GAME.view(state, MEDICI)
    assert [p["money"] for p in view["players"]] == [300, 300]
    assert [p["name"] for p in view["players"]] == ["Medici", "Strozzi"]
    # 26 tiles in the bag; Medici's first draw is already on the table.
    assert view["bag"]["count"] == 25 and len(view["lot"]) == 1
    kinds = sorted((t["kind"], t["value"]) for t in view["bag"]["tiles"] + view["lot"])
    for good in ("dye", "fur", "spice", "cloth"):
        assert [v for k, v in kinds if k == good] == [0, 1, 2, 3, 4, 4]
    assert [v for k, v in kinds if k == "gold"] == [5, 5]
    assert len(view["markers"]) == 8 and all(m["position"] == 0 and m["side"] is None for m in view["markers"])
    assert [[s["capacity"] for s in p["ships"]] for p in view["players"]] == [[3, 4, 5], [3, 4, 5]]
    assert all(s["harbour"] is None and not s["tiles"] for p in view["players"] for s in p["ships"])
    assert view["bank"] == 1062 - 600
    invariants(GAME, state)


def test_harbour_tracks_are_the_decided_ones():
    view = GAME.view(fresh(), None)
    assert [h["goods"] for h in view["harbours"]] == [
        ["dye", "fur", "spice"],
        ["fur", "cloth", "dye"],
        ["spice", "cloth"],
    ]


def test_only_two_players_and_no_options():
    with pytest.raises(ValueError):
        GAME.setup(3, {}, 1)
    with pytest.raises(ValidationError):
        GAME.load_options({"variant": "x"})


def test_medici_opens_round_one():
    state = fresh()
    assert GAME.to_act(state) == {MEDICI}
    assert GAME.legal_moves(state, STROZZI) == []


# --- a turn: drawing ------------------------------------------------------
def test_a_turn_opens_with_the_first_tile_drawn_then_the_drawer_may_draw_or_name_a_price():
    state = fresh()
    assert len(dumped(state)["lot"]) == 1 and len(dumped(state)["bag"]) == 25
    assert GAME.legal_moves(state, MEDICI) == [{"type": "draw"}]
    assert GAME.move_templates(state, MEDICI) == OFFER_TEMPLATE


def test_draws_come_from_the_bag_at_random_and_are_shown_to_both():
    state = fresh(7)
    events = GAME.apply(state, MEDICI, {"type": "draw"})
    (drawn,) = events
    assert drawn.type == "tile_drawn" and drawn.to is None and drawn.data["seat"] == MEDICI
    tile = drawn.data["tile"]["id"]
    assert tile not in dumped(state)["bag"] and dumped(state)["lot"][1] == tile and len(dumped(state)["bag"]) == 24
    assert GAME.view(state, STROZZI)["lot"][1]["id"] == tile
    firsts = {dumped(fresh(seed))["lot"][0] for seed in range(40)}
    assert len(firsts) > 10  # chance, not a fixed order
    assert dumped(fresh(5)) == dumped(fresh(5))  # ... from the seed


def test_second_and_third_draw_are_optional_and_a_fourth_is_refused():
    state = fresh()
    GAME.apply(state, MEDICI, {"type": "draw"})
    assert GAME.legal_moves(state, MEDICI) == [{"type": "draw"}]
    assert GAME.move_templates(state, MEDICI) == OFFER_TEMPLATE
    GAME.apply(state, MEDICI, {"type": "draw"})
    assert len(dumped(state)["lot"]) == 3
    assert GAME.legal_moves(state, MEDICI) == []
    assert GAME.move_templates(state, MEDICI) == OFFER_TEMPLATE
    err = refused(state, MEDICI, {"type": "draw"})
    assert "more tiles than fit" in err.message


def test_never_more_tiles_than_fit_together_on_one_of_the_drawers_ships():
    state = fresh()
    # Medici's ships have 1, 2 and 1 places left: he may reveal at most 2 tiles.
    state = put_on_ship(state, MEDICI, 0, 0, [DYE0, DYE1])
    state = put_on_ship(state, MEDICI, 1, 1, [FUR0, FUR1])
    state = put_on_ship(state, MEDICI, 2, 2, [SPICE1, SPICE2, SPICE3, CLOTH0])
    assert GAME.view(state, MEDICI)["lot_limit"] == 2
    GAME.apply(state, MEDICI, {"type": "draw"})
    assert {"type": "draw"} not in GAME.legal_moves(state, MEDICI)
    refused(state, MEDICI, {"type": "draw"})
    # ... and the opponent's room does not matter for the limit.
    assert GAME.view(state, MEDICI)["lot_limit"] == 2


def test_the_bag_emptying_in_the_middle_of_a_draw_stops_the_draw_then_the_lot_is_sold():
    state = fresh()
    state = set_lot(state, [DYE2])

    def only_dye3_left(table):
        table["discards"] = [t for t in table["bag"] if t != DYE3]
        table["bag"] = [DYE3]

    state = edited(state, only_dye3_left)
    GAME.apply(state, MEDICI, {"type": "draw"})  # the last tile: a third may not be drawn
    assert dumped(state)["lot"] == [DYE2, DYE3]
    assert GAME.legal_moves(state, MEDICI) == []
    assert GAME.move_templates(state, MEDICI) == OFFER_TEMPLATE
    err = refused(state, MEDICI, {"type": "draw"})
    assert "bag is empty" in err.message
    GAME.apply(state, MEDICI, {"type": "offer", "price": 3})
    GAME.apply(state, STROZZI, {"type": "buy"})
    events = GAME.apply(state, STROZZI, {"type": "load", "ship": 0, "harbour": 0})
    assert "round_scored" in [e.type for e in events] and dumped(state)["round"] == 2

    # The log says what each seat earned: "Round 1 is scored" alone left a player to work it out.
    scored = next(e for e in events if e.type == "round_scored").to_json()
    gains = [sum(part.values()) for part in scored["income"]]
    assert gains[STROZZI] > 0  # Strozzi's lot alone in harbour 1 won it
    assert gains == [0, 30]
    assert (
        GAME.event_text(scored, "en", strict=True) == "Round 1 is scored: seat 0 earns 0 coins, seat 1 earns 30 coins"
    )
    assert plain(GAME.event_text(scored, "fr", {1: "Ana"}, strict=True)) == (
        "Décompte de la manche 1 : siège 0 gagne 0 pièce, Ana gagne 30 pièces"
    )


# --- a turn: the price and the purchase -----------------------------------
def test_price_is_zero_or_more_an_integer_and_bounded():
    state = fresh()
    for bad in (-1, data.MAX_PRICE + 1, 2.5, "7", True, None):
        refused(state, MEDICI, {"type": "offer", "price": bad}, code="validation_error")
    refused(state, MEDICI, {"type": "offer"}, code="validation_error")
    refused(state, MEDICI, {"type": "offer", "price": 3, "extra": 1}, code="validation_error")
    GAME.apply(state, MEDICI, {"type": "offer", "price": data.MAX_PRICE})
    assert dumped(state)["price"] == data.MAX_PRICE


def test_price_zero_lets_the_opponent_take_the_tiles_free():
    state = fresh()
    state = sell(state, MEDICI, [GOLD_A], 0, buy=True)
    assert dumped(state)["cash"] == [300, 300] and dumped(state)["buyer"] == STROZZI
    GAME.apply(state, STROZZI, {"type": "load", "ship": 0, "harbour": 1})
    assert dumped(state)["ships"][STROZZI][0] == {"harbour": 1, "tiles": [GOLD_A]}


def test_only_the_opponent_answers_the_offer():
    state = fresh()
    GAME.apply(state, MEDICI, {"type": "offer", "price": 4})
    assert GAME.to_act(state) == {STROZZI}
    assert GAME.legal_moves(state, STROZZI) == [{"type": "buy"}, {"type": "decline"}]
    refused(state, MEDICI, {"type": "buy"}, code="not_your_turn")
    refused(state, STROZZI, {"type": "draw"})
    refused(state, STROZZI, {"type": "load", "ship": 0, "harbour": 0})


def test_opponent_buying_pays_the_bank_not_the_drawer():
    state = fresh()
    state = sell(state, MEDICI, [DYE2], 12, buy=True)
    assert dumped(state)["cash"] == [300, 288]
    assert dumped(state)["bank"] == 462 + 12
    assert GAME.to_act(state) == {STROZZI} and dumped(state)["phase"] == "place"


def test_declining_makes_the_drawer_buy_at_his_own_price():
    state = fresh()
    state = sell(state, MEDICI, [DYE2], 12, buy=False)
    assert dumped(state)["cash"] == [288, 300]
    assert dumped(state)["buyer"] == MEDICI and GAME.to_act(state) == {MEDICI}


def test_a_player_short_of_money_takes_unlimited_credit_which_is_recorded():
    state = fresh()

    def spent_295(table):
        table["cash"][STROZZI] = 5
        table["bank"] += 295  # as if Strozzi had already spent 295 on earlier lots
        table["ledger"][STROZZI]["purchases"] = 295

    state = edited(state, spent_295)
    state = draw_tile(state, MEDICI, DYE2)
    GAME.apply(state, MEDICI, {"type": "offer", "price": 900})
    events = GAME.apply(state, STROZZI, {"type": "buy"})
    assert events[-1].data["credit_taken"] == 895
    assert dumped(state)["cash"][STROZZI] == 0 and dumped(state)["credit"][STROZZI] == 895
    view = GAME.view(state, MEDICI)["players"][STROZZI]
    assert (view["money"], view["credit"], view["net"]) == (0, 895, -895)
    invariants(GAME, state)


# --- loading ---------------------------------------------------------------
def test_the_buyer_loads_the_whole_lot_onto_one_ship_and_assigns_it_a_harbour():
    state = fresh()
    state = sell(state, MEDICI, [DYE1, FUR1], 3, buy=True)
    legal = GAME.legal_moves(state, STROZZI)
    assert {"type": "discard"} in legal
    assert sorted((m["ship"], m["harbour"]) for m in legal if m["type"] == "load") == [
        (s, h) for s in range(3) for h in range(3)
    ]
    GAME.apply(state, STROZZI, {"type": "load", "ship": 2, "harbour": 1})
    assert dumped(state)["ships"][STROZZI][2] == {"harbour": 1, "tiles": [DYE1, FUR1]}
    assert DYE1 not in dumped(state)["lot"] and len(dumped(state)["lot"]) == 1  # Strozzi's next turn opened


def test_a_lot_does_not_go_on_a_ship_without_room_for_all_of_it():
    state = fresh()
    state = put_on_ship(state, STROZZI, 0, 0, [DYE0, DYE1])  # one place left on the 3-ship
    state = sell(state, MEDICI, [FUR1, SPICE1], 3, buy=True)
    assert all(m.get("ship") != 0 for m in GAME.legal_moves(state, STROZZI))
    err = refused(state, STROZZI, {"type": "load", "ship": 0, "harbour": 0})
    assert "not enough room" in err.message


def test_a_ship_stays_in_its_harbour_for_the_round():
    state = fresh()
    state = put_on_ship(state, STROZZI, 1, 2, [DYE0])
    state = sell(state, MEDICI, [FUR1], 3, buy=True)
    assert [m for m in GAME.legal_moves(state, STROZZI) if m.get("ship") == 1] == [
        {"type": "load", "ship": 1, "harbour": 2}
    ]
    err = refused(state, STROZZI, {"type": "load", "ship": 1, "harbour": 0})
    assert "stays in the harbour" in err.message
    assert GAME.refusal_text(err, "fr", strict=True) == (
        "Un navire reste toute la manche dans le port où il a reçu son premier chargement."
    )
    GAME.apply(state, STROZZI, {"type": "load", "ship": 1, "harbour": 2})
    assert dumped(state)["ships"][STROZZI][1] == {"harbour": 2, "tiles": [DYE0, FUR1]}


def test_a_players_ships_go_to_different_harbours_but_may_share_one_with_the_opponent():
    state = fresh()
    state = put_on_ship(state, STROZZI, 0, 1, [DYE0])
    state = put_on_ship(state, MEDICI, 0, 0, [DYE1])
    state = sell(state, MEDICI, [FUR1], 3, buy=True)
    loads = {(m["ship"], m["harbour"]) for m in GAME.legal_moves(state, STROZZI) if m["type"] == "load"}
    assert loads == {(0, 1), (1, 0), (1, 2), (2, 0), (2, 2)}
    err = refused(state, STROZZI, {"type": "load", "ship": 2, "harbour": 1})
    assert "different harbour" in err.message
    GAME.apply(state, STROZZI, {"type": "load", "ship": 2, "harbour": 0})  # Medici's ship is there: fine


def test_the_buyer_may_discard_the_lot_and_it_stays_out_until_the_round_ends():
    state = fresh()
    state = sell(state, MEDICI, [GOLD_A, GOLD_B], 9, buy=False)
    events = GAME.apply(state, MEDICI, {"type": "discard"})
    assert events[0].type == "lot_discarded"
    assert dumped(state)["discards"] == [GOLD_A, GOLD_B] and GOLD_A not in dumped(state)["bag"]
    assert dumped(state)["cash"][MEDICI] == 291  # the price is paid all the same
    assert all(not s["tiles"] for s in dumped(state)["ships"][MEDICI])


def test_a_buyer_whose_ships_cannot_take_the_lot_may_only_discard_it():
    state = fresh()
    state = put_on_ship(state, STROZZI, 0, 0, [DYE0, DYE1])
    state = put_on_ship(state, STROZZI, 1, 1, [FUR0, FUR1, FUR3])
    state = put_on_ship(state, STROZZI, 2, 2, [SPICE1, SPICE2, SPICE3, CLOTH0])
    state = sell(state, MEDICI, [DYE2, DYE3], 1, buy=True)  # Strozzi buys to deny Medici the tiles
    assert GAME.legal_moves(state, STROZZI) == [{"type": "discard"}]
    refused(state, STROZZI, {"type": "load", "ship": 2, "harbour": 2})
    GAME.apply(state, STROZZI, {"type": "discard"})


@pytest.mark.parametrize("buy", [True, False])
def test_the_buyer_draws_next(buy):
    state = fresh()
    state = sell(state, MEDICI, [DYE1], 2, buy=buy)
    buyer = STROZZI if buy else MEDICI
    events = GAME.apply(state, buyer, {"type": "load", "ship": 0, "harbour": 0})
    assert [e.type for e in events][-2:] == ["turn_started", "tile_drawn"]
    assert events[-2].data["seat"] == buyer
    assert dumped(state)["drawer"] == buyer and GAME.to_act(state) == {buyer}
    assert len(dumped(state)["lot"]) == 1 and {"type": "draw"} in GAME.legal_moves(state, buyer)


# --- end of a round ----------------------------------------------------------
def test_the_round_ends_when_one_players_three_ships_are_full():
    state = fresh()
    state = put_on_ship(state, STROZZI, 0, 0, [DYE0, DYE1, DYE2])
    state = put_on_ship(state, STROZZI, 1, 1, [FUR0, FUR1, FUR3, CLOTH0])
    state = put_on_ship(state, STROZZI, 2, 2, [SPICE1, SPICE2, SPICE3, CLOTH3])
    state = sell(state, MEDICI, [CLOTH4], 0, buy=True)
    assert len(dumped(state)["bag"]) > 0
    events = GAME.apply(state, STROZZI, {"type": "load", "ship": 2, "harbour": 2})
    assert "round_scored" in [e.type for e in events] and dumped(state)["round"] == 2


def test_the_round_goes_on_while_no_fleet_is_full_and_the_bag_has_tiles():
    state = fresh()
    state = put_on_ship(state, STROZZI, 0, 0, [DYE0, DYE1, DYE2])
    state = put_on_ship(state, STROZZI, 1, 1, [FUR0, FUR1, FUR3, CLOTH0])
    state = sell(state, MEDICI, [CLOTH4], 0, buy=True)
    GAME.apply(state, STROZZI, {"type": "load", "ship": 2, "harbour": 2})
    assert dumped(state)["round"] == 1 and dumped(state)["phase"] == "draw"


def test_the_round_ends_when_the_bag_is_empty():
    state = fresh()
    state, events = end_round_by_discard(state, MEDICI, DYE0)
    assert "round_scored" in [e.type for e in events] and dumped(state)["round"] == 2
    assert not dumped(state)["discards"] and len(dumped(state)["bag"]) == 25


def test_after_a_round_tiles_return_ships_come_home_markers_stay_and_strozzi_opens():
    state = fresh()
    state = put_on_ship(state, MEDICI, 0, 0, [DYE1, DYE2])  # pushes dye in harbour 1 two steps to Medici
    state, events = end_round_by_discard(state, MEDICI, CLOTH0)
    assert dumped(state)["markers"][data.TRACKS.index((0, "dye"))] == -2
    assert sorted(dumped(state)["bag"] + dumped(state)["lot"]) == list(range(26)) and dumped(state)["discards"] == []
    assert len(dumped(state)["lot"]) == 1  # Strozzi's first tile of round 2
    assert all(s == {"harbour": None, "tiles": []} for fleet in dumped(state)["ships"] for s in fleet)
    assert [e.type for e in events][-3:] == ["round_started", "turn_started", "tile_drawn"]
    assert events[-3].data == {"round": 2, "seat": STROZZI}
    assert GAME.to_act(state) == {STROZZI}
    state, _ = end_round_by_discard(state, STROZZI, CLOTH0)
    assert dumped(state)["round"] == 3 and GAME.to_act(state) == {STROZZI}
    assert dumped(state)["markers"][data.TRACKS.index((0, "dye"))] == -2


# --- scoring ------------------------------------------------------------------
def test_harbour_with_the_higher_total_wins_20_and_a_tie_pays_nobody():
    state = fresh()
    state = put_on_ship(state, MEDICI, 0, 0, [GOLD_A])  # 5, gold moves no marker
    state = put_on_ship(state, STROZZI, 0, 0, [CLOTH4])  # 4, cloth has no track in harbour 1
    state = put_on_ship(state, MEDICI, 1, 1, [SPICE3])  # 3 vs 3: tie
    state = put_on_ship(state, STROZZI, 1, 1, [SPICE1, SPICE2])
    state = put_on_ship(state, STROZZI, 2, 2, [GOLD_B])  # 5 vs nothing
    state, events = end_round_by_discard(state, MEDICI, DYE3)
    scored = next(e for e in events if e.type == "round_scored").data
    assert [h["winner"] for h in scored["harbours"]] == [MEDICI, None, STROZZI]
    assert [h["totals"] for h in scored["harbours"]] == [[5, 4], [3, 3], [0, 5]]
    assert dumped(state)["ledger"][MEDICI]["harbours"] == 20 and dumped(state)["ledger"][STROZZI]["harbours"] == 20
    assert dumped(state)["markers"] == [0] * 8 and dumped(state)["cash"] == [320, 320]


def test_markers_move_one_step_per_matching_tile_and_two_for_a_zero():
    state = fresh()
    state = put_on_ship(state, MEDICI, 2, 0, [DYE0, DYE1, FUR3, CLOTH3, GOLD_A])  # harbour 1: dye, fur, spice
    state = put_on_ship(state, STROZZI, 2, 0, [FUR0, FUR1, SPICE1])
    state, _ = end_round_by_discard(state, MEDICI, DYE3)
    at = {track: dumped(state)["markers"][i] for i, track in enumerate(data.TRACKS)}
    assert at[(0, "dye")] == -3  # 0-value dye: 2 steps, dye 1: 1 step toward Medici
    assert at[(0, "fur")] == 2  # Medici 1 step, Strozzi 2 + 1 steps: net 2 toward Strozzi
    assert at[(0, "spice")] == 1
    # cloth has no track in harbour 1, gold none anywhere; other harbours' dye track is untouched
    assert at[(1, "dye")] == 0 and at[(1, "cloth")] == 0 and at[(2, "cloth")] == 0
    # Medici: dye marker (10) and harbour (value 13 vs 2: 20); Strozzi: fur and spice markers
    assert dumped(state)["cash"] == [300 + 20 + 10, 300 + 20]


def test_markers_pay_10_each_plus_the_printed_bonus_and_stop_at_the_end():
    state = fresh()
    state = with_markers(state, [-3, -4, -5, 5, 6, 0, 2, -6])
    state = put_on_ship(state, STROZZI, 1, 1, [CLOTH0, CLOTH3, FUR0])  # harbour 2: cloth +3, fur +2
    state, _ = end_round_by_discard(state, MEDICI, DYE3)
    at = dict(zip(data.TRACKS, dumped(state)["markers"]))
    assert at[(1, "fur")] == 6 and at[(1, "cloth")] == 6  # 5+2 and 6+3 stop at the end
    # Medici: -3 (10), -4 (10+10), -5 (10+10), -6 (10+20); no harbour (Strozzi wins harbour 2).
    # Strozzi: fur 6 (10+20), cloth 6 (10+20), spice 2 (10), and harbour 2 (20).
    # The centred dye marker of harbour 2 pays nobody.
    assert dumped(state)["ledger"][MEDICI] == {"purchases": 0, "harbours": 0, "monopolies": 40, "bonuses": 40}
    assert dumped(state)["ledger"][STROZZI] == {"purchases": 0, "harbours": 20, "monopolies": 30, "bonuses": 40}


def test_opposite_pushes_cancel_before_the_marker_stops_at_the_end():
    state = fresh()
    markers = [0] * len(data.TRACKS)
    markers[data.TRACKS.index((2, "spice"))] = 5
    state = with_markers(state, markers)
    state = put_on_ship(state, STROZZI, 0, 2, [tile_id("spice", 4, 0), tile_id("spice", 4, 1), SPICE3])  # +3
    state = put_on_ship(state, MEDICI, 0, 2, [SPICE1, SPICE2])  # -2
    state, _ = end_round_by_discard(state, MEDICI, DYE3)
    assert dumped(state)["markers"][data.TRACKS.index((2, "spice"))] == 6  # 5 + 3 - 2, within the track


# --- the rulebook's examples ----------------------------------------------------
def test_example_medici_draws_two_offers_7_strozzi_declines_medici_pays_and_loads():
    state = fresh(2026)
    GAME.apply(state, MEDICI, {"type": "draw"})  # the first tile was drawn as the turn opened
    drawn = list(dumped(state)["lot"])
    GAME.apply(state, MEDICI, {"type": "offer", "price": 7})
    events = GAME.apply(state, STROZZI, {"type": "decline"})
    assert [e.type for e in events] == ["offer_declined", "lot_bought"]
    assert events[1].data == {"seat": MEDICI, "price": 7, "credit_taken": 0, "forced": True}
    assert dumped(state)["cash"] == [293, 300] and dumped(state)["bank"] == 462 + 7
    GAME.apply(state, MEDICI, {"type": "load", "ship": 1, "harbour": 2})
    assert dumped(state)["ships"][MEDICI][1] == {"harbour": 2, "tiles": drawn}
    assert GAME.to_act(state) == {MEDICI}  # he bought, he draws next
    invariants(GAME, state)


def test_example_scoring_two_harbours_and_four_markers_against_three_markers_with_a_20_bonus():
    state = fresh()
    # Harbours: Medici wins 1 and 3, the middle one is tied; no cargo moves a marker
    # (gold, and goods the harbour has no track for).
    state = put_on_ship(state, MEDICI, 0, 0, [CLOTH3, tile_id("cloth", 4, 0)])  # 7
    state = put_on_ship(state, STROZZI, 0, 0, [GOLD_A])  # 5
    state = put_on_ship(state, MEDICI, 1, 1, [SPICE3])  # 3
    state = put_on_ship(state, STROZZI, 1, 1, [SPICE1, SPICE2])  # 3
    state = put_on_ship(state, MEDICI, 2, 2, [tile_id("dye", 4, 0), tile_id("fur", 4, 0)])  # 8
    state = put_on_ship(state, STROZZI, 2, 2, [GOLD_B])  # 5
    # Four markers on Medici's side, three on Strozzi's (one on the +20 step), one centred.
    state = with_markers(state, [-1, -2, -3, -1, 6, 1, 2, 0])
    state, events = end_round_by_discard(state, MEDICI, DYE0)
    scored = next(e for e in events if e.type == "round_scored").data
    assert [h["winner"] for h in scored["harbours"]] == [MEDICI, None, MEDICI]
    assert scored["income"][MEDICI] == {"harbours": 40, "monopolies": 40, "bonuses": 0}
    assert scored["income"][STROZZI] == {"harbours": 0, "monopolies": 30, "bonuses": 20}
    assert dumped(state)["cash"] == [300 + 80, 300 + 50]


# --- end of the game -------------------------------------------------------------
def play_to_round_three(state):
    state, _ = end_round_by_discard(state, dumped(state)["drawer"], DYE0)
    state, _ = end_round_by_discard(state, dumped(state)["drawer"], DYE0)
    assert dumped(state)["round"] == 3
    return state


def test_after_round_three_credit_is_repaid_and_most_money_wins():
    state = fresh()
    state = play_to_round_three(state)

    def in_debt(table):
        table["cash"] = [40, 100]
        table["credit"] = [100, 30]
        table["bank"] = data.BOX_MONEY - 140 + 130

    state = edited(state, in_debt)
    state, events = end_round_by_discard(state, STROZZI, DYE0)
    assert [e.type for e in events][-2:] == ["credit_repaid", "game_over"]
    # Medici repays 40 and stays 60 in debt; Strozzi repays 30 of his 100.
    assert dumped(state)["cash"] == [0, 70] and dumped(state)["credit"] == [60, 0]
    outcome = GAME.outcome(state)
    assert outcome.scores == [-60, 70] and outcome.winners == [STROZZI] and outcome.ranks == [2, 1]
    assert GAME.to_act(state) == set() and GAME.legal_moves(state, STROZZI) == []
    refused(state, STROZZI, {"type": "draw"}, code="match_finished")
    view = GAME.view(state, None)
    assert view["phase"] == "over" and view["outcome"]["winners"] == [STROZZI]


def test_a_tie_in_money_is_a_shared_win():
    state = fresh()
    state = play_to_round_three(state)
    state, _ = end_round_by_discard(state, STROZZI, DYE0)
    outcome = GAME.outcome(state)
    assert outcome.scores == [300, 300] and outcome.winners == [MEDICI, STROZZI] and outcome.ranks == [1, 1]


def test_the_outcome_breakdown_adds_up_to_the_score():
    state = fresh()
    state = sell(state, MEDICI, [DYE1, DYE2], 17, buy=True)
    GAME.apply(state, STROZZI, {"type": "load", "ship": 0, "harbour": 0})
    state = play_to_round_three(state)
    state, _ = end_round_by_discard(state, STROZZI, DYE0)
    outcome = GAME.outcome(state)
    for seat in (MEDICI, STROZZI):
        assert sum(outcome.breakdown[seat].values()) == outcome.scores[seat]
    assert outcome.breakdown[STROZZI]["purchases"] == -17
    assert outcome.breakdown[STROZZI]["harbours"] == 20
    assert outcome.breakdown[STROZZI]["monopolies"] == 10 * 3  # dye marker, three rounds


def test_moves_out_of_turn_and_of_phase_are_refused_without_change():
    state = fresh()
    refused(state, STROZZI, {"type": "draw"}, code="not_your_turn")
    for move in ({"type": "buy"}, {"type": "decline"}, {"type": "discard"}, {"type": "load", "ship": 0, "harbour": 0}):
        refused(state, MEDICI, move)
    for junk in (
        {"type": "load", "ship": 3, "harbour": 0},
        {"type": "load", "ship": 0, "harbour": -1},
        {"type": "draw", "n": 2},
        {"type": "Draw"},
        None,
        [],
        {"type": "buy", "price": 1},
    ):
        refused(state, MEDICI, junk, code="validation_error")
    GAME.apply(state, MEDICI, {"type": "offer", "price": 1})
    refused(state, MEDICI, {"type": "offer", "price": 2}, code="not_your_turn")
    refused(state, STROZZI, {"type": "offer", "price": 2})
