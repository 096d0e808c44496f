"""Which Cornish Smuggler moves a seat may take back (engine.core.Game.undoable).

Set-up picks in the open, moving pieces on the board, buying reputation, bribing and the
warehouse moves draw no chance and reveal nothing. Never: drawing characters or secrets,
hiring (the next card is revealed), selling (the others draw secrets), landing (opens the
other seats' Tip-off windows), playing a secret, or any move whose events
show something drawn or revealed (the round ending, for instance)."""

MOVES = frozenset(
    {
        "choose_boat",
        "choose_warehouse",
        "place_pawn",
        "place_boat",
        "move_boat",
        "move_goods",
        "move_pawn",
        "move_both",
        "move_officer",
        "buy_reputation",
        "bribe",
        "stash",
        "unstash",
        "end_turn",
        "motivate_boat",
        "motivate_goods",
        "motivate_officer",
        "pass",
    }
)
SAFE_EVENTS = frozenset(
    {
        "boat_chosen",
        "warehouse_chosen",
        "pawn_placed",
        "boat_placed",
        "boat_moved",
        "goods_moved",
        "pawn_moved",
        "officer_moved",
        "goods_seized",
        "reputation_bought",
        "officer_bribed",
        "goods_stored",
        "goods_taken_out",
        "character_motivated",
        "passed",
    }
)
