"""End-of-game scoring (rulebook, "Fin de la partie" and each card's text).

`breakdown(player)` is also what the views show as "scores so far".
"""

from __future__ import annotations

from engine.core import Outcome, rank_by
from engine.speicherstadt.data import CARDS, OFFICE_VP, TRADER_VP

CATEGORIES = ("fires", "contracts", "offices", "warehouse", "traders", "churches", "chamber", "port")


def kinds(cards: list[str], kind: str) -> list[str]:
    return [card for card in cards if CARDS[card]["kind"] == kind]


def fireman_total(player: dict) -> int:
    return sum(CARDS[card]["value"] for card in kinds(player["cards"], "fireman"))


def contract_complete(card: str, placed: list[str]) -> bool:
    return len(placed) == len(CARDS[card]["goods"])


def breakdown(player: dict) -> dict[str, int]:
    cards = player["cards"]
    has = {CARDS[card]["kind"] for card in cards}
    return {
        "fires": player["fire"],
        "contracts": sum(
            CARDS[card]["vp"] for card, placed in player["contracts"].items() if contract_complete(card, placed)
        ),
        "offices": OFFICE_VP[len(kinds(cards, "office"))],
        "warehouse": len(player["warehouse"]),
        "traders": TRADER_VP * len(kinds(cards, "trader")),
        "churches": sum(CARDS[card]["vp"] for card in kinds(cards, "church")),
        "chamber": player["coins"] if "chamber" in has else 0,
        "port": len(kinds(cards, "ship")) if "port" in has else 0,
    }


def score(player: dict) -> int:
    return sum(breakdown(player).values())


def outcome(state: dict) -> Outcome | None:
    """Once the game is over: scores, ranks; ties go to the most coins, then stay shared."""
    if state["phase"] != "over":
        return None
    breakdown_ = [breakdown(me) for me in state["seats"]]
    scores = [sum(b.values()) for b in breakdown_]
    coins = [me["coins"] for me in state["seats"]]
    ranks, winners = rank_by(list(zip(scores, coins)))
    tied = len(set(scores)) < len(scores)
    return Outcome(scores, breakdown_, ranks, winners, "most coins among tied scores" if tied else "")
