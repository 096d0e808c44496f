"""Which Catan moves a seat may take back (engine.core.Game.undoable).

Building, trading with the bank, withdrawing an offer or a proposal, answering an offer, and ending
the turn draw no chance and reveal nothing; an offer or a call for proposals
shows the others a seat's wishes, so it stands. A roll, a development card
bought or played (the table has seen which card it was), a steal or a Monopoly
(which shows the others' hands) never. The free roads of a Road Building card
may be taken back one by one, as any road."""

MOVES = frozenset(
    {
        "build_road",
        "build_settlement",
        "build_city",
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
