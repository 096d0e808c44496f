"""Which Medici moves a seat may take back (engine.core.Game.undoable).

A price, an answer, a loading or a discard reveals nothing; a draw, or any
move whose events show a tile drawn (the next turn opening), never."""

MOVES = frozenset({"offer", "buy", "decline", "load", "discard"})
SAFE_EVENTS = frozenset({"price_offered", "lot_bought", "offer_declined", "lot_loaded", "lot_discarded"})
