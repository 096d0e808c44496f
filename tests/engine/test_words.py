"""Words: every legal move of random playouts has a label and every event a line,
in every language, with nothing missing (strict mode raises on any gap)."""

from __future__ import annotations

import random
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine import i18n, registry
from engine.bots import RandomBot
from engine.core import IllegalMove

ROOT = Path(__file__).resolve().parents[2]


def folder_module(game, name: str):
    return i18n.companion(type(game).__module__.rpartition(".")[0], name)


@pytest.mark.parametrize("game_id", sorted(registry.GAMES))
def test_every_move_and_event_of_random_playouts_has_words_in_every_language(game_id):
    game = registry.get(game_id)
    assert folder_module(game, "texts") is not None, f"engine/{game_id}/texts.py is missing: the game has no words"
    labelled = set()
    for players in range(game.min_players, game.max_players + 1):
        state = game.setup(players, game.load_options({}), seed=players)
        rng = random.Random(players)
        for _ in range(3000):
            if game.outcome(state) is not None:
                break
            seat = sorted(game.to_act(state))[0]
            legal, templates = game.legal_moves(state, seat), game.move_templates(state, seat)
            for lang in i18n.LANGUAGES:
                labels = [game.move_label(state, seat, move, lang, strict=True) for move in legal]
                labels += [game.template_label(state, seat, t, lang, strict=True) for t in templates]
                assert all(label.strip() for label in labels)
            move = RandomBot().choose({}, legal, rng, templates)
            try:
                events = game.apply(state, seat, move)
            except IllegalMove:
                continue  # a filled-in template the rules refuse: choose again
            labelled.add(move["type"])
            for ev in events:
                texts = {lang: game.event_text(ev.to_json(), lang, strict=True) for lang in i18n.LANGUAGES}
                assert all(texts.values()) and texts["en"] != texts["fr"] or not any(c.isalpha() for c in texts["en"])
    assert labelled, game_id


def test_a_move_type_without_words_reads_as_a_gap_and_strict_mode_reports_it():
    game = registry.get("catan")
    state = game.setup(3, game.load_options({}), seed=1)
    move = {"type": "a_trade_move_from_the_future", "give": "wool"}
    assert game.move_label(state, 0, move, "fr") == "a_trade_move_from_the_future (give=wool)"
    with pytest.raises(i18n.MissingText):
        game.move_label(state, 0, move, "fr", strict=True)
    with pytest.raises(i18n.MissingText):
        game.event_text({"type": "no_such_event"}, "en", strict=True)


def test_seats_read_as_their_names_where_given():
    game = registry.get("catan")
    event = {"type": "stolen", "thief": 0, "victim": 2}
    assert game.event_text(event, "en", {0: "Ana"}) == "Ana stole a card from seat 2"
    assert game.event_text(event, "fr", {2: "Zoé"}) == "Siège 0 vole une carte à Zoé"


def _catalogues() -> list[Path]:
    return sorted(p for top in ("engine", "service") for p in (ROOT / top).glob("**/locale/*/LC_MESSAGES/messages.po"))


def test_each_catalogue_translates_with_the_same_placeholders_and_nothing_fuzzy():
    found = _catalogues()
    assert {p.relative_to(ROOT).parts[0] for p in found} == {"engine", "service"}
    for path in found:
        with path.open("rb") as po:
            catalog = read_po(po)
        for message in catalog:
            if not message.id:
                continue
            assert message.string and not message.fuzzy, (path, message.id)
            assert _fields(message.id) == _fields(message.string), (path, message.id)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}
