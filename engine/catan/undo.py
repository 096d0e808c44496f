"""Which Catan moves a seat may take back (engine.core.Game.undoable).

Building, trading with the bank, withdrawing an offer or a proposal, answering an offer, and ending
the turn draw no chance and reveal nothing; an offer or a call for proposals
shows the others a seat's wishes, so it stands. A roll, a development card
bought, a steal or a Monopoly (which shows the others' hands) never."""

MOVES = frozenset(
    {
        "build_road",
        "build_settlement",
        "build_city",
        "play_road_building",
        "play_year_of_plenty",
        "maritime_trade",
        "withdraw_offer",
        "withdraw_proposal",
        "accept_offer",
        "decline_trade",
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
        "offer_withdrawn",
        "proposal_withdrawn",
        "offer_accepted",
        "trade_declined",
        "turn_ended",
        "longest_road",
        "second_settlement_yield",
    }
)
