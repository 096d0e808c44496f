"""The shapes of Cornish Smuggler's moves (one schema per move type). Shape only; the rules
are in legal.py (what is allowed now) and actions.py / flow.py (what a move does)."""

from __future__ import annotations

from marshmallow import fields, validate

from engine.core import MoveSchema, MoveUnion
from engine.smuggler.board import BOAT_START_SPACES, LAND_SPACES, SEA_NEAR
from engine.smuggler.content import (
    BOATS,
    CHARACTERS,
    DECKS,
    OFFICERS_START,
    SECRET_IDS,
    START_WAREHOUSES,
    TRACK_NEW_OFFICER,
)

PAYS = ["influence", "gold"]
SEA_SPACES = sorted(SEA_NEAR)
OFFICER = fields.Integer(
    required=True, strict=True, validate=validate.Range(0, len(OFFICERS_START) + len(TRACK_NEW_OFFICER) - 1)
)


def one_of(values, **kw):
    return fields.String(required=True, validate=validate.OneOf(sorted(values)), **kw)


def schema(name: str, doc: str, **extra) -> type[MoveSchema]:
    body = {"type": fields.String(required=True, validate=validate.Equal(name)), "__doc__": doc, **extra}
    return type(f"{name.title().replace('_', '')}Move", (MoveSchema,), body)


def card():
    return one_of(CHARACTERS)


def shape():
    return fields.String(required=True, validate=validate.Length(1, 20))


def land():
    return one_of(LAND_SPACES)


MEMBERS = {
    # set-up and decisions asked of a seat inside another's action
    "choose_boat": schema("choose_boat", "Set-up: take one boat card.", boat=one_of(BOATS)),
    "choose_warehouse": schema(
        "choose_warehouse", "Set-up: take a START warehouse.", warehouse=one_of(START_WAREHOUSES)
    ),
    "draw_characters": schema(
        "draw_characters",
        "Set-up: draw two characters face down, from these decks.",
        decks=fields.List(one_of(DECKS), required=True, validate=validate.Length(2, 2)),
    ),
    "keep_character": schema("keep_character", "Set-up: keep one of the two drawn characters.", card=card()),
    "place_pawn": schema("place_pawn", "Place a network pawn.", space=land()),
    "place_boat": schema(
        "place_boat", "Set-up: put your boat on a sea or merchant space.", space=one_of(BOAT_START_SPACES)
    ),
    "choose_officer": schema("choose_officer", "The poorest player picks which near officer moves.", officer=OFFICER),
    "choose_path": schema(
        "choose_path",
        "The poorest player picks the next space of a moving officer, among those on a shortest path.",
        officer=OFFICER,
        space=land(),
    ),
    "place_officer": schema("place_officer", "The poorest player places a new officer.", space=land()),
    "remove_pawn": schema("remove_pawn", "A character was lost: remove one of your pawns.", space=land()),
    "tipoff": schema("tipoff", "Play a Tip-off against this landing, or not.", play=fields.Boolean(required=True)),
    "witch": schema(
        "witch", "The Witch of St Levan takes a shape (null: let the boat pass).", shape=fields.String(allow_none=True)
    ),
    "raid_card": schema(
        "raid_card",
        "Inside your raid: the mob character you lose for the next shape (null: end the raid).",
        card=one_of(CHARACTERS, allow_none=True),
    ),
    "raid_shape": schema(
        "raid_shape", "Inside your raid: the seized shape your mob character brings back.", shape=shape()
    ),
    # actions
    "move_boat": schema("move_boat", "Move your boat one sea space.", to=one_of(SEA_SPACES), pay=one_of(PAYS)),
    "move_goods": schema(
        "move_goods", "Move one goods shape one space in your network.", shape=shape(), to=land(), pay=one_of(PAYS)
    ),
    "move_pawn": schema(
        "move_pawn", "Move one network pawn one space.", to=land(), pay=one_of(PAYS), **{"from": land()}
    ),
    "move_both": schema(
        "move_both",
        "Move a goods shape and a pawn from its space one space.",
        shape=shape(),
        to=land(),
        pay=one_of(PAYS),
    ),
    "move_officer": schema(
        "move_officer", "Move a customs officer one space.", officer=OFFICER, to=land(), pay=one_of(PAYS)
    ),
    "honest_work": schema("honest_work", "Give up your goods and half your reputation for honest wages."),
    "land": schema(
        "land",
        "Land goods from your boat at this port or cove.",
        shapes=fields.Dict(keys=fields.String(), values=fields.Integer(strict=True), required=True),
        hide=fields.Integer(required=True, strict=True, validate=validate.Range(0, 1000)),
        stash=fields.Integer(required=True, strict=True, validate=validate.Range(0, 1)),
    ),
    "buy_goods": schema("buy_goods", "Buy a goods shape at your boat's merchant.", shape=shape()),
    "sell": schema(
        "sell",
        "Sell one goods shape in a town at one of the three prices.",
        shape=shape(),
        row=fields.Integer(required=True, strict=True, validate=validate.Range(0, 2)),
        pay=one_of(["none", "influence", "reputation"]),
    ),
    "buy_reputation": schema("buy_reputation", "Pay 4 gold for 1 reputation."),
    "discover_secret": schema("discover_secret", "Draw a secret.", pay=one_of(PAYS)),
    "hire": schema("hire", "Hire a face-up character.", card=card(), pay=one_of(["influence", "reputation"])),
    "bribe": schema("bribe", "Bribe an officer on a space with your pawn.", officer=OFFICER),
    "raid": schema("raid", "Raid the customs warehouse: 1 influence, then a mob character lost per shape recovered."),
    "pass": schema("pass", "No more actions this round."),
    # free on your turn
    "stash": schema(
        "stash", "Put goods into your warehouse here.", shape=shape(), warehouse=fields.String(required=True)
    ),
    "unstash": schema("unstash", "Take goods out of your warehouse.", shape=shape()),
    "claim": schema("claim", "Claim abandoned goods where your pawn stands.", shape=shape()),
    "end_turn": schema("end_turn", "After your action: make no more free moves, and let the turn pass."),
    "motivate_boat": schema(
        "motivate_boat", "A character moves your boat one space.", card=card(), to=one_of(SEA_SPACES)
    ),
    "motivate_goods": schema(
        "motivate_goods", "A character moves your goods one space.", card=card(), shape=shape(), to=land()
    ),
    "motivate_officer": schema(
        "motivate_officer", "A character moves an officer one space.", card=card(), officer=OFFICER, to=land()
    ),
    "motivate_secret": schema("motivate_secret", "A character finds you a secret.", card=card()),
    "play_cove": schema("play_cove", "Open a secret cove to you.", secret=one_of(SECRET_IDS), cove=land()),
    "play_decoy": schema(
        "play_decoy", "Move an officer one space.", secret=one_of(SECRET_IDS), officer=OFFICER, to=land()
    ),
    "play_informer": schema(
        "play_informer",
        "Take a random secret from a player.",
        secret=one_of(SECRET_IDS),
        seat=fields.Integer(required=True, strict=True, validate=validate.Range(0, 4)),
    ),
    "play_turncoat": schema(
        "play_turncoat", "An officer bribed by another is yours.", secret=one_of(SECRET_IDS), officer=OFFICER
    ),
    "play_favour": schema("play_favour", "Gain 2 influence.", secret=one_of(SECRET_IDS)),
}
MOVES = MoveUnion(MEMBERS)
