"""Move labels that name their amounts: what a move costs, what it earns and what it loses,
computed from the state the way the rules will (a sale's price by the shape's and the town's
size, a bribe's from the customs track, a hire's gold, honest work's wage), so that a player
can choose between buttons ("Sail to Gwithian for 1 influence", "Sell Irish trader #5 at
price row 2 for 1 influence: 12 gold, 1 reputation").

`priced` gives a move's label key and its amounts in three parts, `cost`, `gain` and `loss`
(each a list of (resource, amount)); a part a move type names but that comes to nothing here
adds `.no_<part>` to the key ("sell.no_cost" for the free top row), so texts.MOVES has one
template for each form a label can take. Each part is said in the label's language
(texts.AMOUNTS, texts.AND) and handed to engine.i18n as a proper name. A move without amounts
keeps its plain label.

An officer the poorest seat moves for the customs (`choose_officer`, `choose_path`) is said
from the customs step waiting for that choice (`customs_step`): where he stands, how far he
goes, where a single step takes him, and toward what ("Move officer 1 from Hayle to St Erth,
a step toward the sale at Marazion")."""

from __future__ import annotations

from engine.i18n import words_for
from engine.smuggler import texts
from engine.smuggler.actions import honest_pay, owned_goods, sale_price
from engine.smuggler.board import distances_from
from engine.smuggler.content import CHARACTERS, ROW_COST
from engine.smuggler.customs import next_spaces
from engine.smuggler.data import HIRE_PAY, PRICES_BY_PAY, REPUTATION_PRICE
from engine.smuggler.state import bribe_price, shape_size

PARTS = ("cost", "gain", "loss")
CUSTOMS = ("choose_officer", "choose_path")  # the customs' questions to the poorest seat
Amounts = list[tuple[str, int]]


def priced(state: dict, seat: int, move: dict) -> tuple[str, dict[str, Amounts]]:
    """The label key of a move and the amounts its label names, by part (none: its plain label).
    Raises KeyError (or another lookup error) for a move the state cannot price."""
    kind = move["type"]
    if kind in CUSTOMS:
        return customs_step(state, move)[0], {}
    if kind == "tipoff":  # "Play a Tip-off" or "Play no Tip-off" (it read "Play a Tip-off: yes / no")
        return ("tipoff" if move["play"] is True else "tipoff.declined"), {}
    if kind in PRICES_BY_PAY:  # the moves of the boat, goods, pawns, officers; the secret search
        return kind, {"cost": [(move["pay"], PRICES_BY_PAY[kind][move["pay"]])]}
    if kind == "honest_work":
        lost, wage = honest_pay(state, seat)
        goods = len(owned_goods(state, seat))  # every shape the seat owns is discarded (p.11 « défaussez »)
        return kind, {"gain": [("gold", wage)], "loss": [("reputation", lost), ("goods", goods)]}
    if kind == "land":
        return kind, {"cost": [("influence", 1 + move["hide"])]}
    if kind == "buy_goods":
        return kind, {"cost": [("influence", 1), ("gold", shape_size(state, move["shape"]))]}
    if kind == "sell":
        gold, reputation = sale_price(state, move["shape"], move["row"])
        cost = [(move["pay"], ROW_COST[move["row"]])] if ROW_COST[move["row"]] else []
        return kind, {"cost": cost, "gain": [("gold", gold), ("reputation", reputation)]}
    if kind == "buy_reputation":
        return kind, {"cost": [("gold", REPUTATION_PRICE)], "gain": [("reputation", 1)]}
    if kind == "hire":
        card = CHARACTERS[move["card"]]
        cost = [("gold", card["gold"]), (move["pay"], HIRE_PAY[move["pay"]])]
        return kind, {"cost": cost, "gain": [("reputation", card["reputation"])]}
    if kind == "keep_character":
        return kind, {"gain": [("reputation", CHARACTERS[move["card"]]["reputation"])]}
    if kind == "bribe":
        return kind, {"cost": list(bribe_price(state, move["officer"]).items())}
    if kind == "raid":
        return kind, {"cost": [("influence", 1)]}
    if kind == "raid_card" and move["card"] is None:
        return "raid_card.stop", {}
    if kind == "raid_card":
        reputation = min(state["reputation"][seat], CHARACTERS[move["card"]]["reputation"])
        return kind, {"loss": [("pawn", 1), ("reputation", reputation)]}  # card, pawn and reputation (p.11)
    if kind.startswith("motivate_"):
        return kind, {"cost": list(CHARACTERS[move["card"]]["ability"]["cost"].items())}
    if kind == "witch" and move.get("shape") is not None:
        return "witch.take", {"cost": list(CHARACTERS["r_witch"]["ability"]["cost"].items())}
    return kind, {}


def customs_step(state: dict, move: dict) -> tuple[str, dict]:
    """The label key of an officer's move for the customs and what it names besides the move's
    fields, from the customs step waiting for the choice (flow.step_customs, first in the queue):
    where the officer stands (`from`), the steps he takes (`steps`: the points left, or fewer if he
    reaches the target first), the space a single step takes him to when only one lies on a
    shortest way (`to`), and the sale or landing he goes toward (`why`, `target`). Raises KeyError
    (or IndexError) when no customs step waits."""
    step = state["queue"][0]
    if step["do"] != "customs":
        raise KeyError(step["do"])
    here, target = state["officers"][move["officer"]]["space"], step["target"]
    steps = min(step["points"], distances_from(target)[here])
    said = {"from": here, "steps": steps, "why": step["why"], "target": target}
    if move["type"] == "choose_path":
        return ("choose_path.step" if steps == 1 else "choose_path.steps"), said
    if steps > 1:
        return "choose_officer.steps", said
    ways = next_spaces(state, move["officer"], target)
    if ways == [target]:
        return "choose_officer.step.there", said  # "to the sale at Marazion", not "to Marazion, a step toward …"
    if len(ways) == 1:
        return "choose_officer.step.to", {**said, "to": ways[0]}
    return "choose_officer.step", said  # the poorest seat is asked the way next


def customs_words(words, state: dict, move: dict, said: dict, lang: str, strict: bool, names) -> dict:
    """The fields of an officer's label for the customs (`said`: customs_step's): the officer, with
    his briber if any when the seat chooses which officer ("2 (bribed by seat 1)"), and what he goes
    toward ("the sale at Marazion", "the sale in the North"), in `lang`. A way's label says where
    first: its buttons differ only there."""
    said = dict(said)
    officer: object = move["officer"] + 1
    briber = state["officers"][move["officer"]]["bribed_by"]
    if briber is not None and move["type"] == "choose_officer":  # the way's buttons start with where they go
        seat = words.value("seat", briber, lang, names, strict)
        officer = words.word(texts.BRIBED, lang, strict).format(officer=officer, seat=seat)
    toward = words.word(texts.TOWARD[said.pop("why")], lang, strict).format(
        at=words.value("at", texts.ashore(said.pop("target")), lang, names, strict)
    )
    return {**said, "officer": texts.Name(str(officer)), "toward": texts.Name(toward)}


def label_key(key: str, parts: dict[str, Amounts]) -> str:
    """The key of the template that fits: `.no_<part>` for each part that comes to nothing."""
    return key + "".join(f".no_{name}" for name in PARTS if name in parts and not said(parts[name]))


def said(amounts: Amounts) -> Amounts:
    return [(resource, n) for resource, n in amounts if n]


def move_label(game, state: dict, seat: int, move: dict, lang: str, strict: bool, names=None) -> str:
    """The label in `lang`, its amounts said in that language (a gain as a list: "12 gold,
    1 reputation"; a cost or a loss as a sum: "3 gold and 2 reputation")."""
    words = words_for(game)

    def amounts(name: str, pairs: Amounts) -> texts.Name:
        phrases = [words.word(texts.AMOUNTS[resource][n != 1], lang, strict).format(n=n) for resource, n in pairs]
        if name == "gain" or len(phrases) == 1:
            return texts.Name(", ".join(phrases))
        both = words.word(texts.AND, lang, strict)
        return texts.Name(both.format(first=", ".join(phrases[:-1]), second=phrases[-1]))

    try:
        if move["type"] in CUSTOMS:  # the customs step read once, for the key and the words
            key, step = customs_step(state, move)
            parts: dict[str, Amounts] = {}
            named = customs_words(words, state, move, step, lang, strict, names)
        else:
            key, parts = priced(state, seat, move)
            named = {name: amounts(name, said(pairs)) for name, pairs in parts.items() if said(pairs)}
    except (KeyError, IndexError, TypeError):  # not a move of this state: its plain label (or a gap)
        return words.move_label(move, lang, names, strict=strict)
    return words.move_label({**move, "type": label_key(key, parts), **named}, lang, names, strict=strict)
