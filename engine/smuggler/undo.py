"""Which Cornish Smuggler moves a seat may take back (engine.core.Game.undoable).

Set-up picks in the open, moving pieces on the board, buying reputation, bribing, the
warehouse moves, claiming abandoned goods, the end of the turn and the raid with its own
questions (which mob character goes, which shape comes back, which pawn is removed) draw no
chance and reveal nothing. Never: drawing characters or secrets, hiring (the next card is
revealed), selling (the others draw secrets), landing (opens the other seats' Tip-off
windows), playing a secret, or any move whose events show something drawn or revealed (the
round ending, for instance)."""

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
        "raid",
        "raid_card",
        "raid_shape",
        "remove_pawn",
        "stash",
        "unstash",
        "claim",
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
        "goods_claimed",
        "raid_started",
        "customs_raided",
        "raid_ended",
        "character_lost",
        "pawn_removed",
        "character_motivated",
        "passed",
        "turn_ended",  # the end of the turn is logged with it: undoable unless it ends the round
    }
)
