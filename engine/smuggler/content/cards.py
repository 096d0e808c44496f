"""The four character decks and the secret cards.

A character: name, trade, deck, gold cost, reputation, mob mark, optional influence bonus
(received at each round's start), optional warehouse (grid, space), optional ability with its
motivation cost, optional cove it opens, optional `anywhere` placement.

Ability kinds (motivate: pay the cost, turn the card face down until the next round; free on
your turn, no action): `boat` move your boat one space; `goods` move one of your goods one
space inside your network; `officer` move an officer one space; `secret` draw a secret;
`witch` (the Witch of St Levan) take one goods shape from a boat entering the waters off
St Levan into your own hold, if it fits.
"""

from __future__ import annotations

from typing import Any

DECKS = ["religious", "commerce", "unskilled", "officials"]


def card(name: str, trade: str, gold: int, rep: int, **extra: Any) -> dict:
    return {"name": name, "trade": trade, "gold": gold, "reputation": rep, "mob": False, **extra}


# Decided, every card (names, trades, costs, reputation, abilities), but for the text's two:
# Allen Cutler, Mayor of St Just (2 gold, 3 reputation) and the Witch of St Levan (reputation 0),
# and the secrets characters find, which cost nothing (p.20: « (sans aucun coût) »).
CHARACTERS: dict[str, dict] = {
    # Religious
    "r_trewin": card("Parson Trewin", "Vicar of Madron", 3, 3, warehouse=("Church crypt", ["...", ".#."], "madron")),
    "r_morwenna": card("Sister Morwenna", "Almoner", 2, 2, ability={"kind": "secret", "cost": {}}),
    "r_hosking": card("Wesley Hosking", "Methodist preacher", 4, 4, influence=1),
    "r_witch": card("The Witch of St Levan", "Wise woman", 1, 0, ability={"kind": "witch", "cost": {"influence": 1}}),
    "r_pascoe": card("Sexton Pascoe", "Sexton of Breage", 1, 1, mob=True, warehouse=("Vestry", ["..", ".."], "breage")),
    "r_bolitho": card("Curate Bolitho", "Curate", 2, 2),
    "r_jory": card("Jory Bell", "Bell-ringer", 1, 1, mob=True),
    # Commerce
    "c_carter": card("John Carter", "King of Prussia Cove", 4, 3, cove="prussia_cove"),
    "c_rowe": card("Tamsin Rowe", "Innkeeper of Penzance", 3, 2, warehouse=("Inn cellar", ["...", "..."], "penzance")),
    "c_hawke": card("Matthew Hawke", "Marazion merchant", 5, 4, influence=1),
    "c_annie": card("Annie Tonkin", "Fishwife", 1, 1, mob=True),
    "c_peters": card("Silas Peters", "Shipwright of Porthleven", 3, 2, ability={"kind": "boat", "cost": {}}),
    "c_banker": card("Humphry Davy Snr", "Banker", 6, 5),
    "c_nance": card("Loveday Nance", "Chandler", 2, 1, influence=1),
    # Unskilled
    "u_jack": card("Tinner Jack", "Tinner", 1, 1, mob=True),
    "u_kitto": card("Ned Kitto", "Wrecker", 1, 0, mob=True, anywhere=True),
    "u_eddy": card("Eddy Jenkin", "Fisherman", 1, 1, mob=True, ability={"kind": "boat", "cost": {"gold": 1}}),
    "u_loveday": card("Loveday Roskilly", "Farmhand", 1, 1),
    "u_trebilcock": card("Sam Trebilcock", "Miner", 2, 1, mob=True),
    "u_harry": card("Harry Carter", "Carter", 2, 2, ability={"kind": "goods", "cost": {"gold": 1}}),
    "u_jenny": card("Jenny Ellis", "Bal maiden", 1, 1, mob=True),
    # Officials
    "o_cutler": card("Allen Cutler", "Mayor of St Just", 2, 3),
    "o_borlase": card("Justice Borlase", "Magistrate", 5, 5, ability={"kind": "officer", "cost": {"influence": 2}}),
    "o_harbour": card("Digory Rowe", "Harbourmaster of St Ives", 4, 3, influence=1),
    "o_tregear": card(
        "Constable Tregear", "Parish constable", 3, 2, ability={"kind": "officer", "cost": {"influence": 3}}
    ),
    "o_vivian": card("Clerk Vivian", "Excise clerk", 3, 2, ability={"kind": "secret", "cost": {}}),
    "o_squire": card(
        "Squire Godolphin", "Lord of the manor", 6, 5, warehouse=("Manor stables", ["...", "..."], "godolphin")
    ),
    "o_penrose": card("Coroner Penrose", "Coroner", 3, 3),
}
DECK_OF = {cid: DECKS[["r", "c", "u", "o"].index(cid[0])] for cid in CHARACTERS}

# Secrets: kind -> (count, title, when). One-shot; played cards leave the game. Decided: the
# kinds the text implies (a secret cove, moving an officer, stealing or turning a contact, a
# tip-off) and their counts.
SECRETS: dict[str, tuple[int, str, str]] = {
    "cove": (6, "Smugglers' path: a secret cove of your choice is open to you for the rest of the game", "your turn"),
    "decoy": (6, "False trail: move any customs officer one space", "your turn"),
    "informer": (4, "Informer: take one secret at random from another player", "your turn"),
    "turncoat": (4, "Turncoat: an officer bribed by another player is bribed by you instead", "your turn"),
    "favour": (6, "Favour owed: gain 2 influence", "your turn"),
    "tipoff": (4, "Tip-off: when another player lands goods, add 2 to the landing risk", "another's landing"),
}
SECRET_IDS: list[str] = [f"{kind}{n}" for kind, (count, _, _) in SECRETS.items() for n in range(1, count + 1)]


def secret_kind(secret_id: str) -> str:
    return secret_id.rstrip("0123456789")
