"""Which Speicherstadt moves a seat may take back (engine.core.Game.undoable).

Placing a worker and every shipping move draw no chance and reveal nothing;
a purchase may set off the next card (a fire, a revealed row), so it stays."""

MOVES = frozenset(
    {"place_worker", "deliver", "sell", "store", "to_market", "market_sell", "convert", "done", "decline"}
)
SAFE_EVENTS = frozenset(
    {
        "worker_placed",
        "cube_delivered",
        "cube_sold",
        "cube_stored",
        "cube_to_market",
        "market_sold",
        "market_converted",
        "shipping_done",
        "purchase_declined",
    }
)
