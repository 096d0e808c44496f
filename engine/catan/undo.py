"""Which Catan moves a seat may take back (engine.core.Game.undoable).

Building, trading with the bank, drafting and answering offers, and ending
the turn draw no chance and reveal nothing. A roll, a development card
bought, a steal or a Monopoly (which shows the others' hands) never."""

MOVES = frozenset(
    {
        "build_road",
        "build_settlement",
        "build_city",
        "play_road_building",
        "play_year_of_plenty",
        "maritime_trade",
        "propose_trade",
        "offer_give",
        "offer_get",
        "cancel_offer",
        "accept_offer",
        "decline_offer",
        "end_turn",
    }
)
SAFE_EVENTS = frozenset(
    {
        "road_built",
        "settlement_built",
        "city_built",
        "development_played",
        "year_of_plenty",
        "maritime_trade",
        "offer_cancelled",
        "offer_answered",
        "turn_ended",
        "longest_road",
        "second_settlement_yield",
    }
)
