"""Words over HTTP: labels beside legal moves, a line per event, problem details,
in the caller's language (Accept-Language; English by default)."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

from engine import i18n
from engine.smuggler import GAME as SMUGGLER
from engine.speicherstadt.data import TRADERS
from service import ratelimit, words
from service.errors import STATUS
from tests.engine.smuggler.helpers import officers_to_choose
from tests.service.helpers import (
    auth,
    create,
    get_match,
    play_first_legal,
    post_move,
    post_random,
    stored_state,
    tokens,
)
from tests.typography import plain

ROOT = Path(__file__).resolve().parents[2]
FR = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}
FRENCH_BAD_ID = "Pas de partie à cet identifiant (un identifiant fait 20 caractères hexadécimaux)."


def test_labels_follow_the_legal_moves_index_by_index_and_the_language(client):
    created = create(client, game="medici", players=2, names={"1": "Bruno"})
    token = tokens(created)[0]
    english = get_match(client, created["id"], token)
    french = client.get(f"/v1/matches/{created['id']}", headers={**auth(token), **FR}).get_json()
    assert english["legal_moves"] == french["legal_moves"] == [{"type": "draw"}]
    assert english["move_labels"] == ["Draw another tile"] and french["move_labels"] == ["Piocher une tuile de plus"]
    assert [t["label"] for t in french["move_templates"]] == ["Fixer le prix du lot"]
    assert [t["label"] for t in english["move_templates"]] == ["Name a price for the lot"]

    answer = post_move(client, created["id"], token, {"type": "offer", "price": 5}, **FR).get_json()
    # An unnamed Medici seat is called by its house, as the board calls it, not "seat 0"
    assert plain([e["text"] for e in answer["events"]]) == ["Medici propose le lot pour 5 pièces"]
    log = client.get(f"/v1/matches/{created['id']}/events?after=0", headers=FR).get_json()
    opening = [plain(e["text"]) for e in log["entries"][0]["events"]]  # the set-up draws Medici's first tile
    assert opening[:2] == ["La manche 1 commence ; Medici pioche en premier", "Au tour de Medici"]
    assert opening[2].startswith("Medici pioche une tuile ")
    assert plain(log["entries"][1]["events"][0]["text"]) == "Medici propose le lot pour 5 pièces"
    bruno = client.get(f"/v1/matches/{created['id']}", headers=auth(tokens(created)[1])).get_json()
    # "Buy the lot" said no price; "for 5" said no unit
    assert bruno["move_labels"] == ["Buy the lot for 5 coins", "Decline the lot at 5 coins"]
    bruno_fr = client.get(f"/v1/matches/{created['id']}", headers={**auth(tokens(created)[1]), **FR}).get_json()
    assert plain(bruno_fr["move_labels"]) == ["Acheter le lot pour 5 pièces", "Refuser le lot à 5 pièces"]
    bought = post_move(client, created["id"], tokens(created)[1], bruno["legal_moves"][0]).get_json()
    assert bought["events"][0]["text"] == "Bruno bought the lot for 5 coins"


def test_problem_details_are_in_the_callers_language(client):
    missing = client.get("/v1/matches/nosuchmatch", headers=FR)
    assert missing.status_code == 404
    assert plain(missing.get_json()["detail"]) == FRENCH_BAD_ID
    assert client.get("/v1/matches/nosuchmatch").get_json()["detail"].startswith("No match")

    created = create(client, game="medici", players=2)
    late = post_move(client, created["id"], tokens(created)[1], {"type": "buy"}, **FR).get_json()
    assert late["code"] == "not_your_turn" and late["seat"] == 1
    assert plain(late["detail"]) == "Strozzi ne peut pas jouer maintenant : ce n'est pas son tour."
    catan = create(client, game="catan", players=3)  # a game without seat names: "seat N"
    first = get_match(client, catan["id"], tokens(catan)[0])["legal_moves"][0]
    late = post_move(client, catan["id"], tokens(catan)[1], first, **FR).get_json()
    assert plain(late["detail"]) == "Siège 1 ne peut pas jouer maintenant : ce n'est pas son tour."


def test_the_language_is_the_callers_first_choice_with_or_without_its_region(client):
    """A phone set to French with English as its fallback sends "fr-FR, en;q=0.9"; a British
    reader of French "en-GB, fr": each reads its first choice, as the web client's page does
    (js/i18n.js takes the first language whose primary tag it has). Both read the other before."""
    asked = {
        "fr-FR, en;q=0.9": FRENCH_BAD_ID,
        "fr-CA, en": FRENCH_BAD_ID,
        "en-GB, fr": "No match with this id (ids are 20 hexadecimal characters).",
        "en-AU, fr;q=0.5": "No match with this id (ids are 20 hexadecimal characters).",
        "de, fr-CH;q=0.8, en;q=0.5": FRENCH_BAD_ID,
        "fr;q=0, en-US": "No match with this id (ids are 20 hexadecimal characters).",
        "*, fr;q=0.5": "No match with this id (ids are 20 hexadecimal characters).",
    }
    for header, detail in asked.items():
        answer = client.get("/v1/matches/nosuchmatch", headers={"Accept-Language": header}).get_json()
        assert plain(answer["detail"]) == detail, header


def test_no_player_may_go_by_a_medici_house_that_is_not_theirs(client):
    """A player named "Strozzi" at Medici's seat would make the log say Strozzi for both seats."""
    refused = client.post("/v1/matches", json={"game": "medici", "players": 2, "names": {"0": "strozzi"}})
    assert refused.status_code == 422 and refused.get_json()["errors"] == {
        "names": {"0": ["Another seat of this match has that name."]}
    }
    created = create(client, game="medici", players=2, seats="one")
    joined = client.post(f"/v1/matches/{created['id']}/join", json={"name": "MEDICI"})
    assert joined.status_code == 422 and "name" in joined.get_json()["errors"]
    own = client.post(f"/v1/matches/{created['id']}/join", json={"name": "Strozzi", "seat": 1})
    assert own.status_code == 200, own.get_json()  # a seat's own house is its own name
    fine = client.post("/v1/matches", json={"game": "medici", "players": 2, "names": {"1": "STROZZI", "0": "Lorenzo"}})
    assert fine.status_code == 201, fine.get_json()


def test_a_refusal_names_a_seat_by_its_display_name_in_every_language(client):
    created = create(client, game="medici", players=2, names={"0": "Ana", "1": "Bruno"})
    late = post_move(client, created["id"], tokens(created)[1], {"type": "buy"})
    assert late.get_json()["detail"] == "Bruno is not to act now."
    late = post_move(client, created["id"], tokens(created)[1], {"type": "buy"}, **FR).get_json()
    assert plain(late["detail"]) == "Bruno ne peut pas jouer maintenant : ce n'est pas son tour."


def test_every_problem_code_has_words_in_every_language():
    for code in [*STATUS, "seat_left", "undo_refused", "abort_refused", "rematch_refused"]:
        for lang in i18n.LANGUAGES:
            general = words.PROBLEMS[code]
            assert i18n.translate(general, lang, words.catalogue(), strict=True)
            assert i18n.translate(words.title(code, "en"), lang, words.catalogue(), strict=True)


def test_a_problems_exact_detail_is_in_french_with_its_values(client):
    """Not only what the code means ("Ce siège n'est pas libre."): which seat, which version."""
    created = create(client, game="medici", players=2, seats="one")
    taken = client.post(f"/v1/matches/{created['id']}/join", json={"seat": 0}, headers=FR).get_json()
    assert plain((taken["title"], taken["detail"])) == ("Siège pris", "Le siège 0 n'est pas libre.")
    gone = client.get("/v1/matches/0123456789abcdef0123", headers=FR).get_json()
    assert gone["detail"] == "Pas de partie '0123456789abcdef0123' (elle a peut-être expiré)."
    token = tokens(created)[0]
    stale = post_move(client, created["id"], token, {"type": "offer", "price": 3}, **{**FR, "If-Match": '"5"'})
    assert stale.get_json()["detail"] == "La partie est à la version 1, pas 5."
    english = post_move(client, created["id"], token, {"type": "offer", "price": 3}, **{"If-Match": '"5"'})
    assert (english.get_json()["title"], english.get_json()["detail"]) == (
        "Stale version",
        "The match is at version 1, not 5.",
    )


def test_the_services_own_problem_texts_hold_french_spaces_as_the_games_refusals_do(client):
    """A game's refusal came with no-break spaces before « : » (engine.i18n.typeset), the service's own
    details and field errors with plain ones: a phone broke « voir errors. » from « La requête ne
    respecte pas son schéma », and a page put « : all, one. » alone at the start of a line."""
    created = create(client, game="medici", players=2)
    rule = post_move(client, created["id"], tokens(created)[1], {"type": "buy"}, **FR).get_json()
    assert rule["detail"] == "Strozzi ne peut pas jouer maintenant\xa0: ce n'est pas son tour."
    body = {"game": "medici", "players": 2, "seats": "some"}
    schema = client.post("/v1/matches", json=body, headers=FR).get_json()
    assert schema["detail"] == "La requête ne respecte pas son schéma\xa0; voir errors."
    assert schema["errors"] == {"seats": ["Doit être l'une de ces valeurs\xa0: all, one."]}
    aborted = create(client, game="medici", players=2)
    assert client.post(f"/v1/matches/{aborted['id']}/abort", headers=auth(tokens(aborted)[0])).status_code == 200
    rematch = client.post(f"/v1/matches/{aborted['id']}/rematch", headers={**auth(tokens(aborted)[0]), **FR})
    assert rematch.get_json()["detail"] == "Une partie annulée n'a jamais été jouée\xa0: créez-en une nouvelle."
    english = client.post("/v1/matches", json=body).get_json()
    assert english["detail"] == "The request does not match its schema; see errors."


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"{(\w+)[^}]*}", text))


def test_every_problem_detail_the_service_writes_has_words_in_every_language():
    """Each detail is a literal (a template with `values=`, never an f-string, whose values no
    catalogue could hold), and the service's catalogue says it in every language."""
    details = list(ratelimit.LIMITED.values())
    for path in sorted((ROOT / "service").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("ApiError", "problem"):
                detail = node.args[1] if node.func.id == "ApiError" else node.args[2]  # type: ignore[attr-defined]
                assert not isinstance(detail, ast.JoinedStr), f"{path}:{node.lineno}: an f-string detail"
                if isinstance(detail, ast.Constant):
                    details.append(detail.value)
    assert len(details) > 40
    for english in details:
        for lang in i18n.LANGUAGES:
            said = i18n.translate(english, lang, words.catalogue(), strict=True)
            assert _placeholders(said) == _placeholders(english), (english, said)


def test_every_field_message_has_words_in_every_language():
    for message in words.FIELD_MESSAGES:
        for lang in i18n.LANGUAGES:
            said = i18n.translate(message, lang, words.catalogue(), strict=True)
            assert set(re.findall(r"{(\w+)}", said)) == set(re.findall(r"{(\w+)}", message)), (message, said)


def test_field_errors_are_in_the_callers_language_with_their_values(client):
    body = {"game": "medici", "players": 99, "seats": "some", "colour": "red"}
    english = client.post("/v1/matches", json=body).get_json()
    french = client.post("/v1/matches", json=body, headers=FR).get_json()
    assert english["code"] == french["code"] == "validation_error"
    assert english["errors"]["players"] == ["Must be greater than or equal to 1 and less than or equal to 16."]
    assert french["errors"] == {
        "players": ["Doit être supérieur ou égal à 1 et inférieur ou égal à 16."],
        "seats": ["Doit être l'une de ces valeurs\xa0: all, one."],
        "colour": ["Champ inconnu."],
    }
    too_few = client.post("/v1/matches", json={"game": "catan", "players": 2, "bots": {"7": "random"}}, headers=FR)
    assert plain(too_few.get_json()["errors"]) == {
        "players": ["Catan se joue de 3 à 4 joueurs."],
        "bots": {"7": ["Ce siège n'existe pas."]},
    }
    created = create(client, game="catan", players=3)
    move = {"type": "build_road", "edge": "twelve"}
    french = post_move(client, created["id"], tokens(created)[0], move, **FR).get_json()
    assert french["errors"] == {"edge": ["Ce n'est pas un entier valide."]}


def test_a_game_for_one_player_count_says_that_count(client):
    """Three players for Medici vs Strozzi read "takes 2 to 2 players", « se joue de 2 à 2 joueurs »."""
    body = {"game": "medici", "players": 3}
    english = client.post("/v1/matches", json=body).get_json()
    french = client.post("/v1/matches", json=body, headers=FR).get_json()
    assert english["errors"] == {"players": ["Medici vs Strozzi is for 2 players."]}
    assert plain(french["errors"]) == {"players": ["Medici vs Strozzi se joue à 2 joueurs."]}


def test_a_refused_move_reads_as_the_rule_in_the_callers_language(client):
    created = create(client, game="medici", players=2)
    drawer = tokens(created)[0]
    english = post_move(client, created["id"], drawer, {"type": "buy"}).get_json()
    french = post_move(client, created["id"], drawer, {"type": "buy"}, **FR).get_json()
    assert english["code"] == french["code"] == "illegal_move" and french["reason"] == "illegal_move"
    assert english["detail"] == "There is no offer to answer."
    assert french["detail"] == "Il n'y a aucune offre à laquelle répondre."


# How Speicherstadt's goods read in French (its catalogue); who buys each is the game's data.
GOODS_FR = {"coffee": "café", "tea": "thé", "saffron": "safran", "rubber": "caoutchouc", "carpet": "tapis"}


def test_a_refusals_values_are_filled_in_and_its_words_translated(client):
    """Speicherstadt's "You own no trader who buys {good}.": the good is a detail, and reads in French."""
    created = create(client, game="speicherstadt", players=2, seed=7)
    toks, rng = tokens(created), random.Random(7)
    for _ in range(400):
        match = get_match(client, created["id"])
        if match["view"]["phase"] == "shipping":
            break
        seat = rng.choice(match["to_act"])
        _, answer = post_random(client, created["id"], toks[seat], get_match(client, created["id"], toks[seat]), rng)
        assert answer.status_code == 200, answer.get_json()
    else:
        raise AssertionError("no shipping phase")
    seat = match["to_act"][0]
    owned = {TRADERS.get(card) for card in match["view"]["seats"][seat]["cards"]}
    good = next(g for g in GOODS_FR if g not in owned)
    move = {"type": "sell", "from": "ship", "good": good}
    before = get_match(client, created["id"])["version"]

    english = post_move(client, created["id"], toks[seat], move).get_json()
    french = post_move(client, created["id"], toks[seat], move, **FR).get_json()
    assert english["code"] == french["code"] == "illegal_move" and english["good"] == french["good"] == good
    assert english["detail"] == f"You own no trader who buys {good}."
    assert french["detail"] == f"Vous ne possédez aucun négociant en {GOODS_FR[good]}."
    assert get_match(client, created["id"])["version"] == before


# How Catan's resources read in French (its catalogue, as the French rule text names them).
RESOURCES_FR = {"lumber": "bois", "brick": "brique", "wool": "laine", "grain": "blé", "ore": "minerai"}


def test_a_catan_refusal_says_the_ratio_and_the_resource_in_french(client):
    """Catan's "You need {ratio} {give} for this trade.": a bank trade the hand cannot pay."""
    created = create(client, game="catan", players=3, seed=3)
    toks = tokens(created)
    for _ in range(40):  # the set-up, then the first roll (and a 7's discards and robber)
        if get_match(client, created["id"])["view"]["phase"] == "main":
            break
        play_first_legal(client, created["id"], toks)
    else:
        raise AssertionError("no main phase")
    seat = get_match(client, created["id"])["view"]["turn"]
    you = get_match(client, created["id"], toks[seat])["view"]["you"]
    give = next(r for r in RESOURCES_FR if you["hand"][r] < you["trade_ratios"][r])
    move = {"type": "maritime_trade", "give": give, "get": next(r for r in RESOURCES_FR if r != give)}
    before = get_match(client, created["id"])["version"]

    english = post_move(client, created["id"], toks[seat], move).get_json()
    french = post_move(client, created["id"], toks[seat], move, **FR).get_json()
    ratio = you["trade_ratios"][give]
    assert english["code"] == french["code"] == "illegal_move" and french["reason"] == "cannot_afford"
    assert english["ratio"] == french["ratio"] == ratio and english["give"] == french["give"] == give
    assert english["detail"] == f"You need {ratio} {give} for this trade."
    assert plain(french["detail"]) == f"Il vous faut {ratio} cartes de {RESOURCES_FR[give]} pour cet échange."
    assert get_match(client, created["id"])["version"] == before


def test_a_label_names_a_seat_by_its_display_name():
    """Labels said "Trade with seat 1" beside event texts that said "Bruno" (an integrator's run)."""
    from engine import registry

    game = registry.get("catan")
    state = game.setup(3, game.load_options({}), 3)
    move = {"type": "confirm_trade", "seat": 1}
    assert game.move_label(state, 0, move, names={1: "Bruno"}) == "Trade with Bruno"
    assert game.move_label(state, 0, move, "fr", names={1: "Bruno"}).endswith("Bruno")
    assert game.move_label(state, 0, move) == "Trade with seat 1"
    smuggler = registry.get("smuggler")
    informer = {"type": "play_informer", "secret": "informer1", "seat": 2}
    assert "Cleo" in smuggler.move_label(
        smuggler.setup(3, smuggler.load_options({}), 3), 0, informer, names={2: "Cleo"}
    )


def test_a_counts_total_out_of_its_range_reads_as_plain_french():
    """« Les nombres font en tout de 1 à 3. » read as a riddle (Cornish Smuggler's landing)."""
    said = i18n.translate("The counts add up to {min} to {max}.", "fr", words.catalogue())
    assert said.format(min=1, max=3) == "Le total doit être compris entre 1 et 3."


def test_the_services_own_events_call_a_medici_seat_by_its_house_too(client):
    """The game's events said "Strozzi bought the lot" while the service's said "seat 1 resigned"."""
    created = create(client, game="medici", players=2)
    assert client.post(f"/v1/matches/{created['id']}/resign", headers=auth(tokens(created)[1])).status_code == 200
    log = client.get(f"/v1/matches/{created['id']}/events?after={created['version']}", headers=FR).get_json()
    texts = [plain(e["text"]) for entry in log["entries"] for e in entry["events"]]
    assert texts == ["Strozzi abandonne", "La partie est terminée, victoire : Medici"], texts


def test_an_officer_for_the_customs_is_labelled_in_the_callers_language_with_the_seats_names(client, redis_client):
    """The words of the customs' questions were the terminal client's own, rebuilt from the log in English:
    the web page and API callers read `Move officer 2`. The match's state edited to a sale's question."""
    created = create(client, game="smuggler", players=3, names={"2": "Ana"})
    with stored_state(redis_client, created["id"]) as raw:
        raw["game"] = SMUGGLER.dump(officers_to_choose())
    seat = auth(tokens(created)[1])
    english = client.get(f"/v1/matches/{created['id']}", headers=seat).get_json()
    french = client.get(f"/v1/matches/{created['id']}", headers={**seat, **FR}).get_json()
    assert [move["officer"] for move in english["legal_moves"] if move["type"] == "choose_officer"] == [0, 1]
    assert plain(english["move_labels"]) == [
        "Move officer 1 from Hayle to St Erth, a step toward the sale at Marazion",
        "Move officer 2 (bribed by Ana) from Zennor a step toward the sale at Marazion",
    ]
    assert plain(french["move_labels"]) == [
        "Déplacer l'officier 1 de Hayle à St Erth, d'une case vers la vente à Marazion",
        "Déplacer l'officier 2 (soudoyé par Ana) d'une case depuis Zennor vers la vente à Marazion",
    ]


def test_an_answer_in_words_says_its_language_in_content_language(client):
    created = create(client, game="medici", players=2)
    token = tokens(created)[0]
    path = f"/v1/matches/{created['id']}"
    assert client.get(path, headers={**auth(token), **FR}).headers["Content-Language"] == "fr"
    assert client.get(path, headers=auth(token)).headers["Content-Language"] == "en"
    refused = post_move(client, created["id"], tokens(created)[1], {"type": "buy"}, **FR)
    assert refused.status_code == 409 and refused.headers["Content-Language"] == "fr"
    assert client.get(f"{path}/events?after=0", headers=FR).headers["Content-Language"] == "fr"
    stream = client.get(f"{path}/stream?after=0", headers={**auth(token), **FR}, buffered=False)
    assert stream.headers["Content-Language"] == "fr"
    stream.close()
    assert client.get("/v1/matches/nosuchmatch", headers=FR).headers["Content-Language"] == "fr"
    for no_words in ("/healthz", "/v1/games/catan/static", "/v1/openapi.json"):
        assert "Content-Language" not in client.get(no_words, headers=FR).headers, no_words
