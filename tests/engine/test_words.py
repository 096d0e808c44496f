"""Words: every legal move of random playouts has a label and every event a line,
in every language, with nothing missing (strict mode raises on any gap)."""

from __future__ import annotations

import ast
import random
import string
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine import i18n, registry
from engine.bots import RandomBot
from engine.core import IllegalMove
from tests.typography import plain

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
    assert plain(game.move_label(state, 0, move, "fr")) == "a_trade_move_from_the_future (give=wool)"
    with pytest.raises(i18n.MissingText):
        game.move_label(state, 0, move, "fr", strict=True)
    with pytest.raises(i18n.MissingText):
        game.event_text({"type": "no_such_event"}, "en", strict=True)


def test_seats_read_as_their_names_where_given():
    game = registry.get("catan")
    event = {"type": "stolen", "thief": 0, "victim": 2}
    assert game.event_text(event, "en", {0: "Ana"}) == "Ana stole a card from seat 2"
    assert plain(game.event_text(event, "fr", {2: "Zoé"})) == "Siège 0 vole une carte à Zoé"


def test_french_says_au_and_du_before_an_unnamed_seat():
    """« à » + « le siège 2 » is « au siège 2 », « de » + « le siège » « du siège »; a name keeps « à »."""
    catan, medici = registry.get("catan"), registry.get("medici")
    stolen = {"type": "stolen", "thief": 0, "victim": 2}
    assert plain(catan.event_text(stolen, "fr")) == "Siège 0 vole une carte au siège 2"
    assert plain(catan.event_text(stolen, "fr", {2: "Zoé"})) == "Siège 0 vole une carte à Zoé"
    accepted = {"type": "offer_accepted", "seat": 1, "partner": 0}
    assert plain(catan.event_text(accepted, "fr")) == "Siège 1 accepte l'offre du siège 0"
    turn = next(
        e for e in ({"type": t, "seat": 1} for t in medici_event_types()) if "Au tour" in medici.event_text(e, "fr")
    )
    assert plain(medici.event_text(turn, "fr")) == "Au tour du siège 1"


def test_french_elides_de_before_a_name_or_a_word_that_starts_with_a_vowel():
    """« Au tour de Ana » read as no French reader writes it: « de » before a vowel is « d' », for a
    seat's name (accented too) and a translated word (« cube d'épices »); before a consonant, an
    unnamed seat or a mute h it stays, and a name's own words are never touched."""
    catan, medici = registry.get("catan"), registry.get("medici")
    turn = {"type": "turn_started", "seat": 1}
    assert plain(medici.event_text(turn, "fr", {1: "Ana"})) == "Au tour d'Ana"
    assert plain(medici.event_text(turn, "fr", {1: "Émile"})) == "Au tour d'Émile"
    assert plain(medici.event_text(turn, "fr", {1: "Yves"})) == "Au tour d'Yves"
    assert plain(medici.event_text(turn, "fr", {1: "Hugo"})) == "Au tour de Hugo"
    assert plain(medici.event_text(turn, "fr", {1: "Bruno de Amberes"})) == "Au tour de Bruno de Amberes"
    assert plain(medici.event_text(turn, "fr")) == "Au tour du siège 1"
    assert medici.event_text(turn, "en", {1: "Ana"}) == "Ana's turn"
    accepted = {"type": "offer_accepted", "seat": 1, "partner": 0}
    assert plain(catan.event_text(accepted, "fr", {0: "Ulla", 1: "Odile"})) == "Odile accepte l'offre d'Ulla"
    assert (
        catan.move_label({}, 1, {"type": "accept_proposal", "seat": 0}, "fr", names={0: "Ana"})
        == "Accepter la proposition d'Ana"
    )
    marked = f"de {i18n.ELIDABLE}Ana, que {i18n.ELIDABLE}Ève, garde {i18n.ELIDABLE}Ida"
    assert plain(i18n.sentence(marked, "fr")) == "D'Ana, qu'Ève, garde Ida"


def test_french_repeats_au_or_a_before_each_seat_of_a_list():
    """« offre … à siège 0, siège 2 » read as a web reviewer found it: each seat of a list after « à »
    takes its own « au » (unnamed) or « à » (named), after « pour » its own « pour le »; a list
    after no preposition is left as it is. The last two are joined by "and", « et » (a reviewer
    read "to seat 0, seat 2" as a list of labels, not a sentence)."""
    catan, speicherstadt = registry.get("catan"), registry.get("speicherstadt")
    offer = {"type": "offer_made", "seat": 1, "give": {"lumber": 1}, "get": {"grain": 1}, "addressed": [0, 2]}
    assert plain(catan.event_text(offer, "fr")) == "Siège 1 offre 1 bois contre 1 blé au siège 0 et au siège 2"
    assert plain(catan.event_text(offer, "fr", {2: "Zoé"})) == "Siège 1 offre 1 bois contre 1 blé au siège 0 et à Zoé"
    assert plain(catan.event_text(offer, "fr", {0: "Ana"})) == "Siège 1 offre 1 bois contre 1 blé à Ana et au siège 2"
    assert catan.event_text(offer, "en") == "Seat 1 offered 1 lumber for 1 grain to seat 0 and seat 2"
    to_three = {**offer, "addressed": [0, 2, 3]}
    assert (
        catan.event_text(to_three, "en", {2: "Zoé"}) == "Seat 1 offered 1 lumber for 1 grain to seat 0, Zoé and seat 3"
    )
    assert (
        plain(catan.event_text(to_three, "fr"))
        == "Siège 1 offre 1 bois contre 1 blé au siège 0, au siège 2 et au siège 3"
    )
    shipping = {"type": "shipping_started", "seats": [0, 2]}
    assert (
        plain(speicherstadt.event_text(shipping, "fr", strict=True))
        == "Le déchargement commence pour le siège 0 et pour le siège 2"
    )
    assert (
        plain(speicherstadt.event_text(shipping, "fr", {2: "Zoé"}))
        == "Le déchargement commence pour le siège 0 et pour Zoé"
    )
    over = {"type": "game_over", "winners": [0, 2], "scores": [3, 3], "ranks": [1, 1]}
    assert plain(speicherstadt.event_text(over, "fr")) == "Fin de la partie, victoire : siège 0 et siège 2"


def test_french_says_the_article_before_an_unnamed_seat_after_other_prepositions():
    """« échange 1 blé avec siège 2 » lacked its article: an unnamed seat is « le siège 2 » after
    « avec », « contre », « par » (as « à » and « de » contract it); a named one stays bare."""
    catan = registry.get("catan")
    traded = {"type": "traded", "seat": 0, "give": {"grain": 1}, "partner": 2, "get": {"wool": 1}}
    assert plain(catan.event_text(traded, "fr")) == "Siège 0 échange 1 blé avec le siège 2 contre 1 laine"
    assert plain(catan.event_text(traded, "fr", {2: "Zoé"})) == "Siège 0 échange 1 blé avec Zoé contre 1 laine"
    assert plain(catan.move_label({}, 0, {"type": "confirm_trade", "seat": 1}, "fr")) == "Échanger avec le siège 1"


def test_french_counts_say_the_plural_a_count_asks_for():
    """« Siège 1 défausse 2 brique, 3 laine »: counts read their term in the singular. A term with
    plural forms in its catalogue (msgid_plural) takes the form its count asks for (French: 0 and 1
    singular); English keeps its msgid ("2 brick"), and a term without plural forms is unchanged."""
    catan = registry.get("catan")
    discarded = {"type": "discarded", "seat": 1, "cards": {"brick": 2, "wool": 1, "lumber": 3, "ore": 4}}
    assert plain(catan.event_text(discarded, "fr")) == "Siège 1 défausse 2 briques, 1 laine, 3 bois, 4 minerais"
    assert catan.event_text(discarded, "en") == "Seat 1 discarded 2 brick, 1 wool, 3 lumber, 4 ore"
    stolen = {"type": "stolen_card", "thief": 0, "victim": 1, "resource": "wool"}
    assert (
        plain(catan.event_text(stolen, "fr")) == "Siège 0 vole une carte au siège 1 : laine"
    )  # no count: the singular
    words = i18n.words_for(catan)
    assert [words.word("brick", "fr", count=n) for n in (0, 1, 2)] == ["brique", "brique", "briques"]
    assert words.word("knight", "fr", count=2) == words.word("knight", "fr")  # no plural forms: as it is


def medici_event_types() -> list[str]:
    return list(folder_module(registry.get("medici"), "texts").EVENTS)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_private_line_details_the_public_one_it_follows(lang):
    """The log's clients show a seat the detailed line only when it starts with the public one
    (service/playtext.entry_text, the web page's entryText): a steal's pair must read so."""
    catan = registry.get("catan")
    public = catan.event_text({"type": "stolen", "thief": 0, "victim": 2}, lang)
    private = catan.event_text({"type": "stolen_card", "thief": 0, "victim": 2, "resource": "grain"}, lang)
    assert private.startswith(public) and len(private) > len(public)


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
            # A message with plural forms (msgid_plural): each of its forms, by each of its English forms.
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            said = message.string if isinstance(message.string, tuple) else (message.string,)
            assert all(said) and not message.fuzzy, (path, message.id)
            assert all(_fields(text) == _fields(ids[0]) for text in (*ids, *said)), (path, message.id)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


# --- refusals: each an English template with a French sentence in its game's catalogue ---
#
# Found statically, so a refusal no playout happens to reach is checked too: every
# call of IllegalMove, or of a helper that hands its sentence on to IllegalMove
# (Speicherstadt's `illegal`, Medici's `require_phase`), must give a literal
# template (never an f-string) whose placeholders the call passes as details.

# The games whose refusals are all templates: every game (a new one joins once its are).
TRANSLATED_REFUSALS = ["catan", "medici", "smuggler", "speicherstadt"]


@dataclass
class Refusal:
    where: str  # path:line
    template: str | None  # None: not a literal string (an f-string, a computed sentence, ...)
    details: set[str] | None  # the keyword details given; None: unknown (a **splat)


def refusals(paths: list[Path], root: Path = ROOT) -> list[Refusal]:
    """Every refusal sentence these modules can raise, each with where it is written.

    A sentence is a literal, either literal of a conditional, a local variable set to
    one, or a module's dict of literals (a table of rule sentences by move type)."""
    trees = {path: ast.parse(path.read_text(), str(path)) for path in paths}
    functions = [node for tree in trees.values() for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]
    # A raiser: a callable and where its sentence is (position, keyword), plus the details it adds itself.
    raisers: dict[str, tuple[int, str, set[str] | None]] = {"IllegalMove": (1, "message", set())}
    changed = True
    while changed:  # helpers that hand a parameter on as the sentence, to a fixpoint
        changed = False
        for func in functions:
            for call in _calls(func, raisers):
                param = _forwarded(call, func, raisers)
                if param is not None and func.name not in raisers:
                    handed_on = func.args.kwarg.arg if func.args.kwarg else None  # **details passed through
                    raisers[func.name] = (_params(func).index(param), param, _details(call, raisers, handed_on))
                    changed = True
    found = []
    for path, tree in trees.items():
        tables = {
            target.id: node.value
            for node in tree.body
            if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Dict)
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(target, ast.Name)
        }
        scopes: list[ast.AST] = [tree, *(f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef))]
        seen: set[int] = set()
        for scope in reversed(scopes):  # innermost function first
            for call in _calls(scope, raisers):
                if id(call) in seen:
                    continue
                seen.add(id(call))
                if isinstance(scope, ast.FunctionDef) and _forwarded(call, scope, raisers) is not None:
                    continue
                templates = _templates(_sentence(call, raisers), scope, tables)
                where = f"{path.relative_to(root)}:{call.lineno}"
                details = _details(call, raisers)
                found += [Refusal(where, t, details) for t in templates or [None]]
    return found


def _params(func: ast.FunctionDef) -> list[str]:
    return [a.arg for a in func.args.posonlyargs + func.args.args]


def _forwarded(call: ast.Call, func: ast.FunctionDef, raisers: dict) -> str | None:
    """The parameter of `func` that this call raises as its sentence, if it is one."""
    sentence = _sentence(call, raisers)
    return sentence.id if isinstance(sentence, ast.Name) and sentence.id in _params(func) else None


def _templates(node: ast.expr | None, scope: ast.AST, tables: dict[str, ast.Dict]) -> list[str] | None:
    if isinstance(node, ast.Constant):
        return [node.value] if isinstance(node.value, str) else None
    if isinstance(node, ast.IfExp):
        body, orelse = _templates(node.body, scope, tables), _templates(node.orelse, scope, tables)
        return body + orelse if body is not None and orelse is not None else None
    if isinstance(node, ast.Name) and isinstance(scope, ast.FunctionDef):
        sets = [a.value for a in ast.walk(scope) if isinstance(a, ast.Assign) and _names(a.targets) == [node.id]]
        return _templates(sets[0], scope, tables) if len(sets) == 1 else None
    table = node.value if isinstance(node, ast.Subscript) else None
    default = None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        table, default = node.func.value, node.args[1] if len(node.args) == 2 else None
    if isinstance(table, ast.Name) and table.id in tables:
        values = [_templates(v, scope, tables) for v in tables[table.id].values]
        values.append(_templates(default, scope, tables) if default is not None else [])
        return None if any(v is None for v in values) else [t for v in values for t in v or []]
    return None


def _names(targets: list[ast.expr]) -> list[str]:
    return [t.id for t in targets if isinstance(t, ast.Name)]


def _name(call: ast.Call) -> str | None:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _calls(node: ast.AST, raisers: dict) -> list[ast.Call]:
    return [c for c in ast.walk(node) if isinstance(c, ast.Call) and _name(c) in raisers]


def _sentence(call: ast.Call, raisers: dict) -> ast.expr | None:
    position, keyword, _ = raisers[_name(call)]
    if len(call.args) > position and not any(isinstance(a, ast.Starred) for a in call.args[: position + 1]):
        return call.args[position]
    return next((k.value for k in call.keywords if k.arg == keyword), None)


def _details(call: ast.Call, raisers: dict, handed_on: str | None = None) -> set[str] | None:
    """The details a call gives by name; None when some come from a **mapping (unknown)."""
    own = raisers[_name(call)][2]
    splats = [k.value for k in call.keywords if k.arg is None]
    if own is None or any(not (isinstance(v, ast.Name) and v.id == handed_on) for v in splats):
        return None
    return own | {k.arg for k in call.keywords if k.arg is not None}


def _check_refusals(found: list[Refusal], catalogue: i18n.Catalogue) -> None:
    loose = [r.where for r in found if r.template is None]
    assert not loose, f"a refusal's sentence must be a literal template with its values as details: {loose}"
    for refusal in found:
        assert refusal.template is not None
        wanted = _fields(refusal.template)
        assert refusal.details is None or wanted <= refusal.details, (refusal.where, "a placeholder is not a detail")
        french = catalogue.get(refusal.template, "fr")
        assert french, f"{refusal.where}: no French for {refusal.template!r} in {catalogue.folder}/locale"
        assert _fields(french) == wanted, (refusal.where, refusal.template, french)


@pytest.mark.parametrize("game_id", TRANSLATED_REFUSALS)
def test_every_refusal_of_the_game_is_a_template_with_french_in_its_own_catalogue(game_id):
    found = refusals(sorted((ROOT / "engine" / game_id).glob("**/*.py")))
    assert len({r.template for r in found}) >= 5, found  # the walk does find them
    _check_refusals(found, i18n.words_for(registry.get(game_id)).catalogue)


def test_every_refusal_of_the_engine_itself_has_french_in_the_common_catalogue():
    found = refusals([ROOT / "engine" / "core.py"])
    assert {r.template for r in found} >= {"{seat} is not to act now.", "The game is over."}
    _check_refusals(found, i18n.COMMON)


def test_the_refusal_walk_finds_forwarded_sentences_tables_f_strings_and_missing_details(tmp_path):
    rules = tmp_path / "rules.py"
    rules.write_text(
        "WHY = {'buy': 'Buying is over.', 'sell': 'Selling is over.'}\n"
        "def refuse(state, why, code='illegal_move', **details):\n"
        "    return IllegalMove(code, why, phase=state['phase'], **details)\n"
        "def phase(state, why):\n"
        "    raise IllegalMove('illegal_move', why, phase=state['phase'])\n"
        "def play(state, good, move):\n"
        "    phase(state, 'Not now.' if good else 'Not ever.')\n"
        "    raise refuse(state, f'No {good} here.', good=good)\n"
        "def sell(state, good, move):\n"
        "    words = WHY.get(move['type'], 'Not that.')\n"
        "    raise IllegalMove('illegal_move', words)\n"
        "    raise IllegalMove('illegal_move', 'No {good} trader.')\n"
    )
    found = [(r.where.rpartition(":")[2], r.template, r.details) for r in refusals([rules], tmp_path)]
    assert sorted(found, key=lambda r: (r[0], r[1] or "")) == [
        ("11", "Buying is over.", set()),
        ("11", "Not that.", set()),
        ("11", "Selling is over.", set()),
        ("12", "No {good} trader.", set()),
        ("7", "Not ever.", {"phase"}),
        ("7", "Not now.", {"phase"}),
        ("8", None, {"phase", "good"}),
    ]
    with pytest.raises(AssertionError, match="literal template"):
        _check_refusals(refusals([rules], tmp_path), i18n.COMMON)
    with pytest.raises(AssertionError, match="placeholder is not a detail"):
        _check_refusals([Refusal("rules.py:12", "No {good} trader.", set())], i18n.COMMON)
    with pytest.raises(AssertionError, match="no French"):
        _check_refusals([Refusal("rules.py:11", "Not that.", set())], i18n.COMMON)


@pytest.mark.parametrize(
    ("template", "details", "french"),
    [
        ("{seat} is not to act now.", {"seat": 2}, "Siège 2 ne peut pas jouer maintenant : ce n'est pas son tour."),
        ("That contract has no free {good} symbol.", {"good": "tea", "contract": "contract_a1"}, None),
        ("No such sentence in any catalogue.", {}, None),
        ("A sentence from before templates: {'wool': 1}", {}, None),
    ],
)
def test_a_refusal_reads_in_french_through_its_game_or_says_it_cannot(template, details, french):
    game = registry.get("medici")  # Speicherstadt's sentence is not Medici's
    err = IllegalMove("illegal_move", template, **details)
    assert plain(game.refusal_text(err, "fr")) == french
    assert game.refusal_text(err, "en") in (err.message, None)
    if french is None:
        with pytest.raises(i18n.MissingText):
            game.refusal_text(err, "fr", strict=True)


def test_a_text_kept_once_rendered_is_the_text_of_equal_fields_of_the_same_type_only():
    """Texts of plain values are kept once rendered (engine.i18n._rendered): 1, 1.0 and True are
    one key to Python, and were one text (a review found seat False read as seat 0's name)."""
    words = i18n.words_for(registry.get("medici"))
    names = {0: "Ana"}
    ana = words.event_text({"type": "lot_discarded", "seat": 0}, "en", names)
    nobody = words.event_text({"type": "lot_discarded", "seat": False}, "en", names)
    assert "Ana" in ana and "Ana" not in nobody
    assert words.event_text({"type": "lot_discarded", "seat": 0}, "en", names) == ana  # kept, and the same


def test_smuggler_labels_are_kept_too():
    """Its labels name places with texts.Name objects, which were new keys every time: no label was
    ever found again, and each answer pushed a dozen dead ones into the bounded cache."""
    game, rng = registry.get("smuggler"), random.Random(1)
    state = game.setup(3, game.load_options({}), 5)
    while True:  # on to moves whose labels name places and people (past the set-up's cards)
        seat = sorted(game.to_act(state))[0]
        legal = game.legal_moves(state, seat)
        if any(move["type"] in ("move_boat", "move_pawn", "hire") for move in legal):
            break
        game.apply(state, seat, rng.choice(legal))
    first = [game.move_label(state, seat, move, "en") for move in legal]
    before = i18n._rendered.cache_info()
    assert [game.move_label(state, seat, move, "en") for move in legal] == first
    after = i18n._rendered.cache_info()
    assert after.hits - before.hits == len(legal) and after.misses == before.misses


def test_french_names_one_winner_or_several_without_a_verb_to_agree():
    """« Fin de la partie : siège 0, siège 1 gagne »: the verb agreed with one winner only; the
    winners now follow « victoire : », right for one or several (a reviewer's find)."""
    for game_id in ("medici", "speicherstadt"):
        game = registry.get(game_id)
        over = {"type": "game_over", "winners": [0, 1], "scores": [3, 3], "ranks": [1, 1]}
        assert plain(game.event_text(over, "fr")) == "Fin de la partie, victoire : siège 0 et siège 1", game_id
        assert plain(game.event_text({**over, "winners": [1]}, "fr", {1: "Ana"})) == "Fin de la partie, victoire : Ana"
