"""Cornish Smuggler's words: a label per move type, a line per event (English here,
French in locale/fr/LC_MESSAGES/messages.po). See engine/i18n.py.

A label names what its move costs, earns and loses (`{cost}`, `{gain}`, `{loss}`: amounts
the game computes from the state and says with AMOUNTS and AND, labels.py); a move type
whose part can come to nothing has a template without it too, keyed `<type>.no_<part>`.
An officer moved for the customs has a template for each way his move is said
(`choose_officer.step.there`: one step, onto the sale or landing; `.step.to`: one step, to the one
space on a shortest way; `.step`: one step of
several ways; `.steps`: more), naming the step's sale or landing (TOWARD) and his briber (BRIBED).

A name is said in the reader's language unless it is a person's or a town's (decided, as the
French rules do: « Allen Cutler, le Maire de St Just », a title translated and a name kept; the
table in README.md "Names in French"). People (Allen Cutler, Parson Trewin), towns, villages,
coves and Mount's Bay are `Name`s, the same in every language; every name that says what its thing is, with
no person's name in it, is words in the catalogue, said as a sentence says it, article first:
the places DESCRIBED ("To the North" on the map, "the North" in a sentence, « le Nord »; "Off Cape
Cornwall", "the waters off Cape Cornwall", « le large du cap Cornwall »; the merchants, "the Irish
trader", « le marchand irlandais »), the Witch of St Levan (« la Sorcière de St Levan »), the
boats ("the Lugger", « le lougre »), the warehouses ("the Pub cellar", « la cave du pub »; a
character's with its owner, "the Inn cellar (Tamsin Rowe)", « la cave de l'auberge (Tamsin
Rowe) ») and the goods, by merchant and number ("Irish trader #3", « la forme irlandaise n° 3 »).
So the words before them read "Sail to the waters off Cape Cornwall", « vend … au Nord »,
« Prendre le lougre », « Mettre … dans les écuries du manoir (Squire Godolphin) » (engine/i18n.py
contracts the French article). A title form (« Vers le Nord ») would read « vers Vers le Nord »:
the web page, which names these alone, has those (service/web/static/play/js/fr-smuggler.js).
Amounts, decks, secret kinds and the game's endings are translated words too.

A boat is put "in" a sea area and "at" a merchant (`afloat`), each said whole: French puts it
« au large du cap Cornwall » but « dans la baie de St Ives » (it read « à la baie de St Ives »,
"at the waters off Cape Cornwall"). A thing on land is "at" a town (`ashore`, the `{at}` of a
text with a `space`), but "in the North" and "on the Isles of Scilly" (it read "Place a network
pawn at the North"); French says each with « à »: « au Nord », « aux îles de Scilly »."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.i18n import Phrase
from engine.smuggler.content import BOATS, CHARACTERS, LAND, MERCHANTS, SEA, START_WAREHOUSES, secret_kind

MOVES = {
    "choose_boat": "Take {boat}",
    "choose_warehouse": "Take {warehouse}",
    "draw_characters": "Draw characters from the decks: {decks}",
    "keep_character": "Keep {card}: gain {gain}",
    "keep_character.no_gain": "Keep {card}",
    "place_pawn": "Place a network pawn {at}",
    "place_boat": "Put your boat {afloat}",
    "choose_officer": "Move officer {officer}",
    "choose_officer.step.there": "Move officer {officer} from {from} to {toward}",
    "choose_officer.step.to": "Move officer {officer} from {from} to {to}, a step toward {toward}",
    "choose_officer.step": "Move officer {officer} from {from} a step toward {toward}",
    "choose_officer.steps": "Move officer {officer} from {from} {steps} steps toward {toward}",
    "choose_path": "Send officer {officer} through {space}",
    "choose_path.step": "Send officer {officer} to {space}, from {from}, a step toward {toward}",
    "choose_path.steps": "Send officer {officer} through {space}, from {from}, {steps} steps toward {toward}",
    "place_officer": "Place the new officer {at}",
    "remove_pawn": "Remove your pawn {at}",
    "tipoff": "Play a Tip-off",
    "tipoff.declined": "Play no Tip-off",
    "witch": "The Witch of St\xa0Levan: {shape}",
    "witch.take": "The Witch of St\xa0Levan: take {shape} for {cost}",
    "move_boat": "Sail to {to} for {cost}",
    "move_goods": "Move {shape} to {to} for {cost}",
    "move_pawn": "Move your pawn from {from} to {to} for {cost}",
    "move_both": "Move {shape} with your pawn to {to} for {cost}",
    "move_officer": "Move officer {officer} to {to} for {cost}",
    "honest_work": "Do honest work: earn {gain}, lose {loss}",
    "honest_work.no_gain": "Do honest work: lose {loss}",
    "honest_work.no_loss": "Do honest work: earn {gain}",
    "honest_work.no_gain.no_loss": "Do honest work",
    "land": "Land {shapes} for {cost}, hiding {hide}, {where}",
    "buy_goods": "Buy {shape} for {cost}",
    "sell": "Sell {shape} at price row {row} for {cost}: {gain}",
    "sell.no_cost": "Sell {shape} at price row {row}: {gain}",
    "buy_reputation": "Buy {gain} for {cost}",
    "discover_secret": "Discover a secret for {cost}",
    "hire": "Hire {card} for {cost}: gain {gain}",
    "hire.no_gain": "Hire {card} for {cost}",
    "bribe": "Bribe officer {officer} for {cost}",
    "raid": "Raid the customs warehouse for {cost}",
    "raid_card": "Send {card} for a shape: lose {card}, {loss}",
    "raid_card.stop": "End the raid",
    "raid_shape": "Bring back {shape}",
    "pass": "Pass for this round",
    "stash": "Put {shape} in {warehouse}",
    "unstash": "Take {shape} out of your warehouse",
    "claim": "Claim the abandoned {shape}",
    "end_turn": "End your turn",
    "motivate_boat": "{card} sails your boat to {to} for {cost}",
    "motivate_boat.no_cost": "{card} sails your boat to {to}",
    "motivate_goods": "{card} moves {shape} to {to} for {cost}",
    "motivate_goods.no_cost": "{card} moves {shape} to {to}",
    "motivate_officer": "{card} moves officer {officer} to {to} for {cost}",
    "motivate_officer.no_cost": "{card} moves officer {officer} to {to}",
    "motivate_secret": "{card} finds you a secret for {cost}",
    "motivate_secret.no_cost": "{card} finds you a secret",
    "play_cove": "Play a secret cove: open {cove}",
    "play_decoy": "Play a false trail: officer {officer} to {to}",
    "play_informer": "Play an informer against {seat}",
    "play_turncoat": "Play a turncoat on officer {officer}",
    "play_favour": "Play a favour owed: gain 2 influence",
}

TEMPLATES = {"land": "Land goods from your boat for 1 influence, +1 per point hidden"}

# An amount of a resource in a label, singular and plural (French: "1 pièce d'or", "3 pièces d'or"), and two
# amounts of a cost together.
AMOUNTS = {
    "gold": ("1 gold", "{n} gold"),
    "influence": ("1 influence", "{n} influence"),
    "reputation": ("1 reputation", "{n} reputation"),
    "goods": ("1 shape of goods", "{n} shapes of goods"),
    "pawn": ("1 network pawn", "{n} network pawns"),
}
AND = "{first} and {second}"
# What the customs move toward (the `why` of their step), and an officer someone bribed, in an officer's
# label for the customs (labels.customs_words).
TOWARD = {"sale": "the sale {at}", "landing": "the landing {at}"}
BRIBED = "{officer} (bribed by {seat})"

EVENTS = {
    "game_started": "The smuggling begins",
    "round_started": "Round {round} begins; {start} plays first",
    "round_ended": "Round {round} is over",
    "game_over": "Game over: {reason}",
    "end_triggered": "The game ends with this round: {reason}",
    "boat_chosen": "{seat} took {boat}",
    "warehouse_chosen": "{seat} took {warehouse}",
    "characters_drawn": "{seat} drew characters from {decks}",
    "characters_drawn_privately": "{seat} drew {cards}",
    "character_kept": "{seat} kept {card}",
    "pawn_placed": "{seat} placed a network pawn {at}",
    "boat_placed": "{seat} put the boat {afloat}",
    "boat_moved": "{seat} sailed to {space}",
    "goods_moved": "{seat} moved {shape} to {space}",
    "pawn_moved": "{seat} moved a pawn from {left} to {space}",
    "pawn_removed": "{seat} removed the pawn {at}",
    "honest_work": "{seat} did honest work for {wage} gold",
    "goods_landed": "{seat} landed {shapes} {at}",
    "goods_stored": "{seat} put {shape} in {warehouse}",
    "goods_taken_out": "{seat} took {shape} out of a warehouse",
    "goods_bought": "{seat} bought {shape}",
    "goods_sold": "{seat} sold {shape} {at} for {gold} gold and {reputation} reputation",
    "goods_seized": "The customs seized {shape} {at}",
    "customs_track": "The customs track moves to step {step}",
    "reputation_bought": "{seat} bought 1 reputation",
    "character_hired": "{seat} hired {card}",
    "character_lost": "{seat} lost {card}",
    "character_motivated": "{seat} motivated {card}",
    "character_revealed": "{card} is revealed on the {deck} deck",
    "character_discarded": "{card} is discarded",
    "officer_bribed": "{seat} bribed officer {officer}",
    "officer_moved": "Officer {officer} moved to {space}",
    "officer_chosen": "{seat} chose officer {officer} to move toward {target}",
    "path_chosen": "{seat} sent officer {officer} through {space} toward {target}",
    "officer_placed": "{seat} placed officer {officer} {at}",
    "raid_started": "{seat} raided the customs warehouse",
    "customs_raided": "{seat} recovered {shape} from the customs warehouse with {card}",
    "raid_ended": "{seat} ended the raid (shapes recovered: {recovered})",
    "goods_claimed": "{seat} claimed {shape} {at}, abandoned by {victim}",
    "landing_risk": "The landing of {seat} {at} has risk {risk}: customs move {moves}",
    "passed": "{seat} passed",
    "turn_ended": "{seat} ended the turn",
    "influence_received": "{seat} received {amount} influence",
    "secret_drawn": "{seat} drew a secret",
    "secret_drawn_privately": "{seat} drew a secret: {secret}",
    "secret_played": "{seat} played a secret: {secret}",
    "secret_stolen": "{seat} took a secret from {victim}",
    "secret_stolen_privately": "{seat} took a secret from {victim}: {secret}",
    "tipoff_declined": "{seat} played no Tip-off",
    "witch_declined": "{seat} let the boat pass the Witch",
    "witch_took": "{seat} took {shape} from {victim} with the Witch",
}


@dataclass(frozen=True)  # equal and hashed by its text: labels naming it are rendered once (engine.i18n)
class Name:
    """A proper name shown as it is in every language (engine.i18n renders it with str())."""

    text: str

    def __str__(self) -> str:
        return self.text


def held(name: str) -> str:
    """A name with "St" held to the word it abbreviates by a no-break space, in every language: a French
    move label broke « la baie de St | Ives » at a narrow screen's edge. The map's data keeps plain spaces
    (the web client's words look its names up by them)."""
    return _SAINT.sub("St\xa0", name)


_SAINT = re.compile(r"\bSt (?=[A-Z])")
PLACES = {
    **{sid: held(info[0]) for sid, info in LAND.items()},
    **{sid: held(info[0]) for sid, info in SEA.items()},
    **{sid: held(info[0]) for sid, info in MERCHANTS.items()},
}
PLACE_FIELDS = ("space", "to", "from", "left", "cove", "target")
# Places whose English says what they are, not a name, in the words a sentence says them with
# ("Sail to the waters off Cape Cornwall", "Move your pawn to the North": the map's titles read
# "Sail to Off Cape Cornwall", "to To the North"; "Sail to Irish trader"): a word each, translated
# (its msgid this English); every other place, Mount's Bay among them, is a Name.
DESCRIBED = {
    "north": "the North",
    "scilly": "the Isles of Scilly",
    "sea_north": "the waters off the North Coast",
    "sea_cape": "the waters off Cape Cornwall",
    "off_st_levan": "the waters off St\xa0Levan",
    "off_porthleven": "the waters off Porthleven",
    "mounts_bay_west": "Mount's Bay (west)",
    "st_ives_bay": "St\xa0Ives Bay",
    "scilly_sound": "Scilly Sound",
    "irish": "the Irish trader",
    "dutch": "the Dutch merchantman",
    "roscoff": "the Roscoff lugger",
}
# The characters whose card names no person, only what she is: said in words, article first.
DESCRIBED_CARDS = {"r_witch": "the Witch of St\xa0Levan"}
# The goods, by their merchant and number (a msgid each: « la forme irlandaise n° 3 »).
GOODS = {"irish": "Irish trader #{n}", "dutch": "Dutch merchantman #{n}", "roscoff": "Roscoff lugger #{n}"}


def place(space: str) -> Name | str:
    """A place as a Name, or as words to translate when DESCRIBED."""
    return DESCRIBED[space] if space in DESCRIBED else Name(PLACES.get(space, space))


def afloat(space: str) -> str:
    """Where a boat is put, by the kind of place: "in" a sea area, "at" a merchant; translated whole
    (« au large du cap Cornwall », « dans la baie de St Ives », « auprès du marchand irlandais »)."""
    return f"{'at' if space in MERCHANTS else 'in'} {place(space)}"


# The land places a sentence does not put a thing "at" (`ashore`), each said whole.
ASHORE = {"north": "in the North", "scilly": "on the Isles of Scilly"}


def ashore(space: str) -> Phrase | str:
    """Where a thing is on land, by the place: "at Penzance", "in the North", "on the Isles of
    Scilly" (« à Penzance », « au Nord », « aux îles de Scilly »); at sea, as a boat is put."""
    if space in SEA or space in MERCHANTS:
        return afloat(space)
    return ASHORE.get(space) or Phrase.of("at {space}", space=place(space))


def shape(sid: str) -> Phrase | Name:
    """A goods shape reads as its merchant and number: `roscoff_3` is "Roscoff lugger #3"."""
    merchant, _, number = sid.rpartition("_")
    return Phrase.of(GOODS[merchant], n=int(number)) if merchant in GOODS and number.isdigit() else Name(sid)


def character(cid: str) -> Name | str:
    if cid in DESCRIBED_CARDS:
        return DESCRIBED_CARDS[cid]
    return Name(CHARACTERS[cid]["name"] if cid in CHARACTERS else cid)


def boat(bid: str) -> Name | str:
    """A boat by its card's name, in words: "the Lugger", « le lougre »."""
    return f"the {BOATS[bid][0]}" if bid in BOATS else Name(bid)


def warehouse(wid: str) -> Phrase | Name | str:
    """A warehouse by its card's name, in words: "the Pub cellar"; a character's with its owner, as
    the web page shows it: "the Inn cellar (Tamsin Rowe)" (it read "Tamsin Rowe's warehouse",
    English in a French text too: « dans l'entrepôt Tamsin Rowe's warehouse »)."""
    if wid in START_WAREHOUSES:
        return f"the {START_WAREHOUSES[wid][0]}"
    cid = wid.removeprefix("w_")
    own = CHARACTERS.get(cid, {}).get("warehouse")
    return Phrase.of(f"the {own[0]} ({{owner}})", owner=character(cid)) if own else Name(wid)


# Secret kinds and endings read as words, their catalogue msgids (engine.i18n Words.term reads this table).
TERMS = {
    "cove": "secret cove",
    "decoy": "false trail",
    "favour": "favour owed",
    "tipoff": "Tip-off",
    "customs_track": "the customs track reached its end",
    "last_goods": "the last goods were bought",
    "round_limit": "the last round was played",
}


def fields(kind: str, data: dict) -> dict:
    """Ids read as names; officers and price rows count from 1; a secret reads as its kind; a landing
    says where its goods go (`where`)."""
    out: dict = {}
    for name in PLACE_FIELDS:
        if isinstance(data.get(name), str):
            out[name] = place(data[name])
    if isinstance(data.get("space"), str):
        out["at"] = ashore(data["space"])
    if isinstance(data.get("shape"), str):
        out["shape"] = shape(data["shape"])
    elif "shape" in data:
        out["shape"] = "let the boat pass"
    if isinstance(data.get("shapes"), dict):
        out["shapes"] = [shape(sid) for sid, chosen in data["shapes"].items() if chosen]
    elif isinstance(data.get("shapes"), list):
        out["shapes"] = [shape(sid) for sid in data["shapes"]]
    for name in ("card",):
        if isinstance(data.get(name), str):
            out[name] = character(data[name])
    if isinstance(data.get("cards"), list):
        out["cards"] = [character(cid) for cid in data["cards"]]
    if isinstance(data.get("boat"), str):
        out["boat"] = boat(data["boat"])
    if data.get("type") in ("place_boat", "boat_placed") and isinstance(data.get("space"), str):
        out["afloat"] = afloat(data["space"])
    if isinstance(data.get("warehouse"), str):
        out["warehouse"] = warehouse(data["warehouse"])
    if isinstance(data.get("secret"), str):
        out["secret"] = secret_kind(data["secret"])
    if type(data.get("first")) is int:
        out["start"] = data["first"]  # a seat field, so it reads as the seat's name
    for name in ("officer", "row"):
        if type(data.get(name)) is int:
            out[name] = data[name] + 1
    if kind == "move" and data.get("type") == "land" and type(data.get("stash")) is int:
        out["where"] = "into your warehouses" if data["stash"] else "onto the beach"  # the listed landing stashes
    return out
