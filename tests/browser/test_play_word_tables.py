"""The web client's word tables for one game's data say every value the engine has, and no other:
smuggler-words.js keeps its own list of the characters' trades (each t() call takes a literal, so the
French dictionary can be checked), and nothing tied that list to the engine's cards."""

from __future__ import annotations

import re
from pathlib import Path

from engine.smuggler.content.cards import CHARACTERS, DECKS, SECRETS
from engine.smuggler.content.pieces import BOATS, START_WAREHOUSES
from engine.smuggler.texts import DESCRIBED, DESCRIBED_CARDS, GOODS, PLACES
from tests.typography import plain

BOARD = Path(__file__).resolve().parents[2] / "service/web/static/play/js/boards/smuggler-words.js"


def table_keys(source: str, name: str) -> set[str]:
    """The keys of `const NAME = { key: t(...), "a key": t(...), ... };` in a JS source."""
    body = re.search(rf"const {name} = \{{(.*?)\n?\}};", source, re.S)
    assert body, f"no table {name} in {BOARD.name}"
    return {m[0] or m[1] for m in re.findall(r'(?:"([^"]+)"|(\w+)):\s*t\(', body[1])}


def test_smugglers_word_tables_name_exactly_the_engines_trades_decks_and_secrets():
    source = BOARD.read_text()
    assert table_keys(source, "TRADE_WORDS") == {c["trade"] for c in CHARACTERS.values()}
    assert table_keys(source, "DECK_WORDS") == set(DECKS)
    assert table_keys(source, "SECRET_WORDS") == set(SECRETS) == table_keys(source, "SECRET_TEXT")
    # The places the engine translates (« au Nord ») are the ones the map names in the page's words (the
    # map's data spells them with plain spaces; the engine's texts hold « St » to its name).
    assert table_keys(source, "PLACE_WORDS") == {plain(PLACES[space]) for space in DESCRIBED}


def test_smugglers_word_tables_name_every_boat_warehouse_and_descriptive_card_the_engine_translates():
    """The names the server says in French (« le lougre », « la cave du pub », « la Sorcière de St
    Levan », « la forme irlandaise n° 3 ») are the ones the page says in French alone: a boat, a
    warehouse or a merchant's goods missing from a table showed its English on the French page."""
    source = BOARD.read_text()
    assert table_keys(source, "BOAT_WORDS") == {name for name, _ in BOATS.values()}
    character_houses = {card["warehouse"][0] for card in CHARACTERS.values() if "warehouse" in card}
    assert table_keys(source, "WAREHOUSE_WORDS") == {name for name, _ in START_WAREHOUSES.values()} | character_houses
    assert table_keys(source, "CARD_WORDS") == {CHARACTERS[cid]["name"] for cid in DESCRIBED_CARDS}
    goods = re.search(r"const GOODS_WORDS = \{(.*?)\n\};", source, re.S)
    assert goods, "no table GOODS_WORDS"
    assert dict(re.findall(r'(\w+): \(n\) => t\("([^"]+)", \{ n \}\)', goods[1])) == GOODS


def test_the_table_reader_sees_a_missing_or_extra_key():
    source = 'const T = {\n  "Wise woman": t("Wise woman"),\n  cove: t("x"),\n};'
    assert table_keys(source, "T") == {"Wise woman", "cove"}
