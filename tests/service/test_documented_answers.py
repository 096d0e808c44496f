"""What the server answers is what the OpenAPI document says it answers: each status an operation
can give is declared on it with its headers, each problem's code is among that status's examples and
its members are `Problem`'s, and each body fits its declared schema (an integrator's generated Python
client crashed on an aborted match's replay, whose `outcome` is null)."""

from __future__ import annotations

import json
import re
import secrets
from pathlib import Path
from urllib.parse import urlsplit

import orjson
import pytest
import redis
from jsonschema import Draft202012Validator

from engine import registry
from service.app import create_app
from service.cli import openapi_document
from service.config import Config
from tests.service.helpers import auth, create, first_move, get_match, tokens

FAKE_ID = "0123456789abcdef0123"
COMMITTED = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
# Each game with static data has its own operation (`getCatanStatic`), typed as that game's.
STATIC_OF = {
    f"get{game_id.capitalize()}Static": f"/v1/games/{game_id}/static"
    for game_id, game in sorted(registry.GAMES.items())
    if game.static() is not None
}


@pytest.fixture(scope="module")
def doc() -> dict:
    return json.loads(openapi_document())


def validator(doc: dict, schema: dict) -> Draft202012Validator:
    return Draft202012Validator({**schema, "components": doc["components"]})


def schema_errors(doc: dict, schema: dict, value) -> list[str]:
    return [f"{e.json_path}: {e.message[:200]}" for e in validator(doc, schema).iter_errors(value)]


def operation(doc: dict, method: str, url: str) -> dict:
    path = urlsplit(url).path
    for template, item in doc["paths"].items():
        parts, asked = template.split("/"), path.split("/")
        if len(parts) == len(asked) and all(p.startswith("{") or p == a for p, a in zip(parts, asked)):
            if method.lower() in item:
                return item[method.lower()]
    raise AssertionError(f"{method} {path} is in no path of the document")


def resolved(doc: dict, node: dict) -> dict:
    """A `$ref` to one of the document's components, followed."""
    if "$ref" not in node:
        return node
    _, _, kind, name = node["$ref"].split("/")
    return doc["components"][kind][name]


def conforms(doc: dict, method: str, url: str, response) -> dict:
    """Assert the answer is one the document declares for the operation; returns that declaration."""
    op = operation(doc, method, url)
    status = response.status_code
    declared = op["responses"].get(str(status))
    assert declared is not None, f"{op['operationId']} answered {status}, undeclared: {response.get_data()[:300]!r}"
    headers = {name: resolved(doc, header) for name, header in declared.get("headers", {}).items()}
    for name, header in headers.items():
        if header.get("required"):
            assert name in response.headers, f"{op['operationId']} {status} without its {name}"
    for name in ("X-Request-ID", "Cache-Control", "Content-Language"):  # and what it sends of these, it declares
        assert name not in response.headers or name in headers, f"{op['operationId']} {status}: {name} undeclared"
    if status == 304:
        return declared
    content = declared["content"]
    if response.mimetype == "application/problem+json":
        problem = response.get_json()
        described = content["application/problem+json"]
        assert problem["code"] in described["examples"], (op["operationId"], status, problem)
        listed = doc["components"]["schemas"]["Problem"]["properties"]
        assert set(problem) <= set(listed) | engine_details(problem), (problem, "members not in Problem")
        assert not schema_errors(doc, described["schema"], problem)
    elif response.mimetype == "application/json":
        body = response.get_json()
        errors = schema_errors(doc, content["application/json"]["schema"], body)
        assert not errors, (op["operationId"], status, errors)
    return declared


def engine_details(problem: dict) -> set[str]:
    """An illegal_move carries the engine's own details of the rule broken (Problem says so)."""
    return set(problem) if problem["code"] == "illegal_move" else set()


# --- behaviour: each answer is declared ------------------------------------------------


@pytest.fixture
def medici(client) -> dict:
    created = create(client, game="medici", players=2, seed=4)
    return {"id": created["id"], "tokens": tokens(created)}


def test_an_aborted_matchs_replay_answers_a_null_outcome_that_the_document_allows(client, doc, medici):
    match_id, toks = medici["id"], medici["tokens"]
    aborted = client.post(f"/v1/matches/{match_id}/abort", headers=auth(toks[0]))
    conforms(doc, "POST", f"/v1/matches/{match_id}/abort", aborted)
    assert aborted.get_json()["match"]["ended"] == {"reason": "abort", "seat": 0, "outcome": None}
    replay = client.get(f"/v1/matches/{match_id}/replay")
    assert replay.status_code == 200 and replay.get_json()["outcome"] is None
    conforms(doc, "GET", f"/v1/matches/{match_id}/replay", replay)
    outcome = doc["components"]["schemas"]["MediciReplay"]["properties"]["outcome"]
    assert "abort" in outcome["description"]


def test_the_document_says_a_tiebreak_is_english_in_every_language(client, doc, medici):
    """`tiebreak` was "the tie rule used, in words", as every text in the caller's language is; a French
    answer gave `Seat 1 left the game.` (the clients put this key in their own words)."""
    answer = client.post(
        f"/v1/matches/{medici['id']}/resign", headers={**auth(medici["tokens"][1]), "Accept-Language": "fr"}
    )
    assert answer.get_json()["match"]["outcome"]["tiebreak"] == "Seat 1 left the game."
    described = doc["components"]["schemas"]["Outcome"]["properties"]["tiebreak"]["description"]
    assert "English phrase whatever the Accept-Language" in described and "Seat 1 left the game." in described


def test_a_resigned_matchs_ended_outcome_is_an_outcome(client, doc, medici):
    ended = doc["components"]["schemas"]["Ended"]["properties"]["outcome"]
    assert ended["anyOf"] == [{"$ref": "#/components/schemas/Outcome"}, {"type": "null"}]
    answer = client.post(f"/v1/matches/{medici['id']}/resign", headers=auth(medici["tokens"][1]))
    conforms(doc, "POST", f"/v1/matches/{medici['id']}/resign", answer)
    outcome = answer.get_json()["match"]["ended"]["outcome"]
    assert outcome["winners"] == [0] and not schema_errors(doc, ended, outcome)


def test_a_used_stream_ticket_is_401_with_www_authenticate(client, doc, medici):
    match_id = medici["id"]
    client.post(f"/v1/matches/{match_id}/abort", headers=auth(medici["tokens"][0]))  # a stream that ends
    ticket = client.post(f"/v1/matches/{match_id}/stream-ticket").get_json()["ticket"]
    url = f"/v1/matches/{match_id}/stream?ticket={ticket}"
    assert client.get(url).status_code == 200
    again = client.get(url)
    assert again.status_code == 401 and again.headers["WWW-Authenticate"] == 'Bearer realm="portside"'
    declared = conforms(doc, "GET", url, again)
    assert declared["headers"]["WWW-Authenticate"]["required"]


def test_a_moves_answer_sent_again_for_its_idempotency_key_says_its_language(client, doc):
    """The retry's answer is the first one, kept: it came without Content-Language, which the document
    says every answer carries, and a retry asking in another language could not tell it was French."""
    created = create(client, game="medici", players=2, seed=4)
    match_id, toks = created["id"], tokens(created)
    acting = get_match(client, match_id)["to_act"][0]
    move = first_move(get_match(client, match_id, toks[acting]))
    url = f"/v1/matches/{match_id}/moves"
    headers = {**auth(toks[acting]), "Idempotency-Key": "a-key-of-sixteen-characters"}
    first = client.post(url, json=move, headers={**headers, "Accept-Language": "fr"})
    again = client.post(url, json=move, headers={**headers, "Accept-Language": "en"})
    assert again.get_json() == first.get_json() and first.headers["Content-Language"] == "fr"
    assert again.headers.get("Content-Language") == "fr"
    conforms(doc, "POST", url, again)


def test_a_304_is_declared_with_the_headers_it_has(client, doc, medici):
    """getMatch declared its 304 with a required Content-Language that never came (werkzeug drops it
    from a 304): a client checking the declared headers found one missing."""
    url = f"/v1/matches/{medici['id']}"
    headers = {**auth(medici["tokens"][0]), "Accept-Language": "fr"}
    etag = client.get(url, headers=headers).headers["ETag"]
    again = client.get(url, headers={**headers, "If-None-Match": etag})
    assert again.status_code == 304
    conforms(doc, "GET", url, again)


def test_the_members_problems_carry_are_in_the_problem_schema(client, doc):
    """not_your_turn's `seat` was sent but not listed: a generated client dropped it."""
    created = create(client, game="medici", players=2, seed=4)
    match_id, toks = created["id"], tokens(created)
    acting = get_match(client, match_id)["to_act"][0]
    move = first_move(get_match(client, match_id, toks[acting]))
    url = f"/v1/matches/{match_id}/moves"
    refused = client.post(url, json=move, headers=auth(toks[1 - acting]))
    assert refused.status_code == 409 and refused.get_json()["seat"] == 1 - acting
    conforms(doc, "POST", url, refused)
    stale = client.post(url, json=move, headers={**auth(toks[acting]), "If-Match": '"7"'})
    assert stale.status_code == 409 and stale.get_json()["version"] == created["version"]
    conforms(doc, "POST", url, stale)
    join = f"/v1/matches/{create(client, seats='one', game='medici', players=2)['id']}/join"
    taken = client.post(join, json={"seat": 0})
    assert taken.status_code == 409 and taken.get_json()["open_seats"] == [1]
    conforms(doc, "POST", join, taken)
    listed = doc["components"]["schemas"]["Problem"]["properties"]
    assert {"seat", "version", "open_seats", "reason", "errors"} <= set(listed)


def examples_of(answer: dict) -> dict:
    return answer.get("content", {}).get("application/problem+json", {}).get("examples", {})


def operations(doc: dict) -> dict[str, tuple[str, str]]:
    """operationId -> (method, path template), for every /v1 operation."""
    return {
        op["operationId"]: (method.upper(), path)
        for path, item in doc["paths"].items()
        if path.startswith("/v1/")
        for method, op in item.items()
        if method != "parameters"
    }


def requests_for(live: str, finished: str, token: str) -> dict[str, tuple[str, str, dict, dict | None]]:
    """One request per /v1 operation: (method, url, headers, JSON body)."""
    seat = auth(token)
    return {
        "listGames": ("GET", "/v1/games", {}, None),
        "getGame": ("GET", "/v1/games/medici", {}, None),
        "getGameStatic": ("GET", "/v1/games/medici/static", {}, None),
        **{operation_id: ("GET", url, {}, None) for operation_id, url in STATIC_OF.items()},
        "listMatches": ("GET", "/v1/matches", {}, None),
        "createMatch": ("POST", "/v1/matches", {}, {"game": "medici", "players": 2}),
        "getMatch": ("GET", f"/v1/matches/{live}", seat, None),
        "joinMatch": ("POST", f"/v1/matches/{live}/join", {}, {}),
        "postMove": ("POST", f"/v1/matches/{live}/moves", seat, {"type": "pass"}),
        "getEvents": ("GET", f"/v1/matches/{live}/events", seat, None),
        "getStream": ("GET", f"/v1/matches/{finished}/stream", {}, None),
        "createStreamTicket": ("POST", f"/v1/matches/{live}/stream-ticket", seat, None),
        "getReplay": ("GET", f"/v1/matches/{finished}/replay", {}, None),
        "resignMatch": ("POST", f"/v1/matches/{live}/resign", seat, None),
        "abortMatch": ("POST", f"/v1/matches/{live}/abort", seat, None),
        "undoMove": ("POST", f"/v1/matches/{live}/undo", seat, None),
        "createRematch": ("POST", f"/v1/matches/{live}/rematch", seat, None),
    }


def an_address() -> dict:
    return {"REMOTE_ADDR": f"10.77.{secrets.randbelow(250)}.{secrets.randbelow(250)}"}


def test_every_v1_operation_declares_the_429_the_limits_answer_with_retry_after(client, doc, redis_url, redis_client):
    live = create(client, game="medici", players=2, seed=4)
    finished = create(client, game="medici", players=2, seed=5)
    client.post(f"/v1/matches/{finished['id']}/abort", headers=auth(tokens(finished)[0]))
    limited = create_app(
        Config(redis_url=redis_url, log_level="WARNING", rate_limit_per_minute=1, read_limit_per_minute=1),
        redis_client,
    ).test_client()
    table = requests_for(live["id"], finished["id"], tokens(live)[1])
    assert set(table) == set(operations(doc))
    for operation_id, (method, url, headers, body) in table.items():
        address = an_address()
        answers = [limited.open(url, method=method, headers=headers, json=body, environ_base=address) for _ in "12"]
        assert answers[-1].status_code == 429, (operation_id, answers[-1].get_data()[:300])
        declared = conforms(doc, method, url, answers[-1])
        assert int(answers[-1].headers["Retry-After"]) >= 1
        assert "Retry-After" in declared["headers"], operation_id


def test_every_v1_operation_declares_the_503_of_storage_with_retry_after(doc, redis_url):
    """Every /v1 request is counted in Redis before it runs (service/limits.py, on by default): with
    Redis down each answers 503 storage_unavailable."""
    down = create_app(
        Config(redis_url=redis_url, log_level="WARNING", rate_limit_per_minute=1200),
        redis.Redis.from_url("redis://127.0.0.1:1", socket_connect_timeout=0.2),
    ).test_client()
    for operation_id, (method, url, headers, body) in requests_for(FAKE_ID, FAKE_ID, "pst_x").items():
        answer = down.open(url, method=method, headers=headers, json=body)
        assert answer.status_code == 503 and answer.get_json()["code"] == "storage_unavailable", operation_id
        declared = conforms(doc, method, url, answer)
        assert answer.headers["Retry-After"] and "Retry-After" in declared["headers"], operation_id


def test_accept_language_is_a_parameter_of_every_v1_operation(client, doc, medici):
    language = {"$ref": "#/components/parameters/AcceptLanguage"}
    assert doc["components"]["parameters"]["AcceptLanguage"]["in"] == "header"
    missing = [
        op["operationId"]
        for path, item in doc["paths"].items()
        for method, op in item.items()
        if path.startswith("/v1/") and method != "parameters" and language not in op.get("parameters", [])
    ]
    assert not missing
    match_id, toks = medici["id"], medici["tokens"]
    client.post(f"/v1/matches/{match_id}/resign", headers=auth(toks[1]))
    french = client.get(f"/v1/matches/{match_id}/events", headers={**auth(toks[0]), "Accept-Language": "fr"})
    english = client.get(f"/v1/matches/{match_id}/events", headers=auth(toks[0]))
    assert french.get_json()["entries"][0]["events"][0]["text"] != english.get_json()["entries"][0]["events"][0]["text"]


# --- the document itself ---------------------------------------------------------------


def test_every_event_schema_requires_its_text(doc):
    events = {name: s for name, s in doc["components"]["schemas"].items() if "Event_" in name}
    assert events
    assert not [name for name, schema in events.items() if "text" not in schema.get("required", [])]


def test_every_property_of_every_games_view_says_what_it_is(doc):
    """SmugglerView had 20 of its 22 properties bare (`first`, `active`, `ending`, `face_up`...): an
    integrator reading only the document had to guess which seat `first` or `active` names, or what
    an `ending` of `customs_track` means; the other games' views were as bare."""
    from engine import registry

    schemas = doc["components"]["schemas"]
    views = {g: f"{g.capitalize()}View" for g, game in registry.GAMES.items() if game.view_schema is not None}
    assert views and all(name in schemas for name in views.values())
    bare = {
        name: [prop for prop, said in schemas[name]["properties"].items() if not said.get("description", "").strip()]
        for name in views.values()
    }
    assert bare == {name: [] for name in views.values()}


def test_the_docs_name_each_games_member_of_a_union_by_game(doc):
    """Swagger UI listed the members of a match, a replay, a new match and a lobby entry as `#0 object`,
    `#1 object`...: each has its name as its title (the name generators give its type)."""
    for name in ("Match", "Replay", "CreateMatch", "LobbyEntry"):
        for target in doc["components"]["schemas"][name]["discriminator"]["mapping"].values():
            assert resolved(doc, {"$ref": target}).get("title") == target.rsplit("/", 1)[1], target


def test_a_request_fields_default_said_in_words_is_said_as_json(doc):
    """A request field's default, moved into its description, read `Default: False.` (Python's spelling)
    where a JSON body sends `false`."""
    said = [
        prop["description"]
        for schema in doc["components"]["schemas"].values()
        for prop in schema.get("properties", {}).values()
        if "Default: " in prop.get("description", "")
    ]
    assert said and not [text for text in said if re.search(r"Default: (False|True|None)\b", text)], said
    assert any(text.endswith("Default: false.") for text in said)


def test_every_property_of_every_schema_has_a_type(doc):
    """A property with no type is `unknown` to a generated client (openapi-typescript, @hey-api):
    SmugglerPlayer.setup_draw, a seat's own set-up cards or a count of another's, was one."""
    typed = ("type", "$ref", "anyOf", "oneOf", "allOf", "const", "enum")
    untyped = [
        f"{name}.{prop}"
        for name, schema in doc["components"]["schemas"].items()
        for prop, said in schema.get("properties", {}).items()
        if not any(key in said for key in typed)
    ]
    assert untyped == []


def test_a_replays_moves_are_its_games_own(client, doc):
    """A replay's moves were any game's `Move`: a generated client read a Speicherstadt `buy` as
    Medici's and a Smuggler `end_turn` as Catan's (the first game whose move of that name fits)."""
    from engine import registry

    schemas = doc["components"]["schemas"]
    replay = schemas["Replay"]
    assert replay["discriminator"]["propertyName"] == "game"
    for game_id in registry.GAMES:
        named = resolved(doc, {"$ref": replay["discriminator"]["mapping"][game_id]})
        assert named["properties"]["game"]["const"] == game_id
        move = resolved(doc, named["properties"]["moves"]["items"])["properties"]["move"]
        assert move == {"$ref": f"#/components/schemas/{game_id.capitalize()}Move"}
    created = create(client, game="speicherstadt", players=2, seed=4)
    client.post(f"/v1/matches/{created['id']}/resign", headers=auth(tokens(created)[1]))
    conforms(doc, "GET", f"/v1/matches/{created['id']}/replay", client.get(f"/v1/matches/{created['id']}/replay"))


def test_a_replays_options_are_its_games_options_as_the_catalogue_says_them(client, doc):
    """A Catan replay's `options` was any object: the generated Python client gave an untyped dict of
    `additional_properties` where the catalogue names `map`, `trade_order`, `max_offers`... Each
    game's replay now refers to its `<Game>Options`, the catalogue's schema of them."""
    schemas = doc["components"]["schemas"]
    for game_id in sorted(registry.GAMES):
        name = f"{game_id.capitalize()}Options"
        assert schemas[f"{game_id.capitalize()}Replay"]["properties"]["options"]["$ref"].endswith("/" + name)
        catalogue = client.get(f"/v1/games/{game_id}").get_json()["options"]
        assert schemas[name]["properties"].keys() == catalogue["properties"].keys(), game_id
        assert all(option["title"] for option in catalogue["properties"].values()), game_id  # for a form
    created = create(
        client, game="catan", players=3, seed=4, listed=True, options={"map": "beginner", "trade_order": "strict"}
    )
    lobby = client.get("/v1/matches?game=catan&limit=100")  # the lobby's entry says them too
    conforms(doc, "GET", "/v1/matches", lobby)
    listed = next(entry for entry in lobby.get_json()["matches"] if entry["id"] == created["id"])
    assert listed["options"]["trade_order"] == "strict"
    client.post(f"/v1/matches/{created['id']}/abort", headers=auth(tokens(created)[0]))
    url = f"/v1/matches/{created['id']}/replay"
    replay = client.get(url)
    conforms(doc, "GET", url, replay)
    assert replay.get_json()["options"]["trade_order"] == "strict"


def test_a_matchs_options_are_all_said_even_one_stored_before_an_option_existed(client, doc, redis_client):
    """A lobby entry's and a replay's options were all optional in the document (`X | Unset` in a generated
    Python client), though the server says every one: `<Game>Options` requires them now, and a match
    stored before an option existed (here: without `max_offers`) says it at its default, as it is played."""
    from service.store import match_key

    assert doc["components"]["schemas"]["CatanOptions"]["required"] == ["map", "max_offers", "numbers", "trade_order"]
    created = create(client, game="catan", players=3, seed=4, listed=True, options={"map": "beginner"})
    meta = orjson.loads(redis_client.hget(match_key(created["id"]), "meta"))
    del meta["options"]["max_offers"]
    redis_client.hset(match_key(created["id"]), "meta", orjson.dumps(meta))
    lobby = client.get("/v1/matches?game=catan&limit=100")
    conforms(doc, "GET", "/v1/matches", lobby)
    listed = next(entry for entry in lobby.get_json()["matches"] if entry["id"] == created["id"])
    assert listed["options"] == {"map": "beginner", "numbers": "spiral", "trade_order": "combined", "max_offers": 0}
    client.post(f"/v1/matches/{created['id']}/abort", headers=auth(tokens(created)[0]))
    url = f"/v1/matches/{created['id']}/replay"
    replay = client.get(url)
    conforms(doc, "GET", url, replay)
    assert replay.get_json()["options"] == listed["options"]


def test_every_operations_summary_is_one_line(doc):
    """Six operations had a whole paragraph as their summary (flask-smorest takes the docstring's
    first paragraph): /docs showed it on the operation's one line, its Markdown raw, and no description."""
    long = [
        op["operationId"]
        for path, item in doc["paths"].items()
        for method, op in item.items()
        if method != "parameters" and "\n" in op.get("summary", "")
    ]
    assert long == []
    raw = [
        op["operationId"]
        for item in doc["paths"].values()
        for method, op in item.items()
        if method != "parameters" and "`" in op.get("summary", "")
    ]
    assert raw == []  # Swagger UI shows a summary's Markdown as typed


def test_a_games_moves_is_a_reference_into_the_document_as_described(client, doc):
    """`moves` was described as the schema's name ("CatanMove") but is a `$ref` pointer to it."""
    described = doc["components"]["schemas"]["Game"]["properties"]["moves"]
    assert "#/components/schemas/<Game>Move" in described["description"]
    for game in client.get("/v1/games").get_json():
        assert resolved(doc, {"$ref": game["moves"]})["discriminator"]["propertyName"] == "type"


def test_a_created_matchs_id_example_looks_like_the_ids_handed_out(client, doc):
    """Created.id's example was `kq3J9x0b2F1mZs8T`, 16 mixed-case letters; ids are 20 lowercase hex digits."""
    example = doc["components"]["schemas"]["Created"]["properties"]["id"]["example"]
    real = create(client, game="medici", players=2)["id"]
    assert re.fullmatch("[0-9a-f]{20}", real) and re.fullmatch("[0-9a-f]{20}", example)


def test_create_match_and_a_lobby_entry_are_one_per_registered_game_with_its_options(doc):
    """`options` was any object in both: a generated client could not tell a game's options without the
    prose. Each is a oneOf by `game`, each member's `options` that game's (a new match's all optional)."""
    schemas = doc["components"]["schemas"]
    for name, options in (("CreateMatch", "{}CreateOptions"), ("LobbyEntry", "{}Options")):
        mapping = schemas[name]["discriminator"]["mapping"]
        assert sorted(mapping) == sorted(registry.GAMES), name
        for game_id, target in mapping.items():
            member = resolved(doc, {"$ref": target})
            assert member["properties"]["game"]["const"] == game_id
            assert member["properties"]["options"]["$ref"].endswith("/" + options.format(game_id.capitalize()))
    asked = schemas["CatanCreateOptions"]  # openapi-typescript types a property with a `default` as required
    assert "required" not in asked and not any("default" in option for option in asked["properties"].values())


def typed(doc: dict, schema: dict) -> bool:
    """An object whose every member lists its properties and takes no other (or is the empty object)."""
    members = [resolved(doc, member) for member in schema.get("oneOf", [schema])]
    return all(
        m.get("properties") and m.get("additionalProperties") is False or m.get("maxProperties") == 0 for m in members
    )


def test_each_games_static_data_is_typed_in_the_committed_document_as_the_server_sends_it(client):
    """The static answer was any object: a generated client read a Catan node's neighbours or a Smuggler
    price through a cast. Each game's own operation, and the any-game one, now say its shape."""
    committed = json.loads(COMMITTED.read_text())
    any_game = committed["paths"]["/v1/games/{game_id}/static"]["get"]["responses"]["200"]
    for game_id in sorted(registry.GAMES):
        url = f"/v1/games/{game_id}/static"
        answer = client.get(url)
        declared = conforms(committed, "GET", url, answer)
        for schema in (
            declared["content"]["application/json"]["schema"],
            any_game["content"]["application/json"]["schema"],
        ):
            assert typed(committed, schema), (game_id, schema)
            assert not schema_errors(committed, schema, answer.get_json()), game_id
    owned = {operation(committed, "GET", url)["operationId"]: url for url in STATIC_OF.values()}
    assert owned == STATIC_OF and set(STATIC_OF) == {"getCatanStatic", "getSmugglerStatic"}


def test_a_request_in_progress_409_declares_its_retry_after_and_a_304_its_etag(doc):
    move = doc["paths"]["/v1/matches/{match_id}/moves"]["post"]["responses"]
    assert "request_in_progress" in examples_of(move["409"]) and "Retry-After" in move["409"]["headers"]
    for path in ("/v1/matches/{match_id}", "/v1/games/{game_id}/static"):
        assert "ETag" in doc["paths"][path]["get"]["responses"]["304"]["headers"], path


def test_an_operation_that_answers_304_takes_the_if_none_match_that_asks_for_it(client, doc):
    """A game's static data said 304 "If-None-Match matched" but not If-None-Match: a generated Python
    client's get_catan_static had no argument to send it, and Swagger UI no field. Each such
    operation declares the header, and the server answers 304 to the ETag it gave."""
    for method, path in operations(doc).values():
        op = doc["paths"][path][method.lower()]
        if "304" not in op["responses"]:
            continue
        taken = {param["name"] for param in map(lambda p: resolved(doc, p), op.get("parameters", []))}
        assert "If-None-Match" in taken, op["operationId"]
    for url in ("/v1/games/medici/static", *STATIC_OF.values()):
        etag = client.get(url).headers["ETag"]
        assert client.get(url, headers={"If-None-Match": etag}).status_code == 304, url


# The 409 and 422 codes each operation can answer (service/matches.py, service/lifecycle.py, guards).
# An operation that takes If-Match and an Idempotency-Key, as a move does (service/api/life.py):
RETRIED = ("stale_version", "validation_error", "idempotency_key_reused", "request_in_progress")
REFUSALS = {
    "createMatch": {"validation_error", "idempotency_key_reused", "request_in_progress"},
    "joinMatch": {
        "match_finished",
        "seat_taken",
        "match_full",
        "conflict",
        "validation_error",
        "request_in_progress",
        "idempotency_key_reused",
    },
    "postMove": {
        "not_your_turn",
        "match_finished",
        "stale_version",
        "seat_left",
        "request_in_progress",
        "validation_error",
        "illegal_move",
        "idempotency_key_reused",
        "match_too_long",
    },
    "getEvents": {"validation_error"},
    "getStream": {"validation_error"},
    "listMatches": {"validation_error"},
    "getReplay": {"match_not_finished", "validation_error"},
    "createStreamTicket": {"validation_error"},
    "resignMatch": {"match_finished", "seat_left", "match_too_long", *RETRIED},
    "abortMatch": {"match_finished", "abort_refused", "match_too_long", *RETRIED},
    "undoMove": {"match_finished", "seat_left", "undo_refused", "match_too_long", *RETRIED},
    "createRematch": {"match_not_finished", "rematch_refused", "seat_taken", "conflict", "validation_error"},
    # Any /v1 operation: a query parameter it does not declare (service/guards.py).
    "getMatch": {"validation_error"},
    "listGames": {"validation_error"},
    "getGame": {"validation_error"},
    "getGameStatic": {"validation_error"},
    **{operation_id: {"validation_error"} for operation_id in STATIC_OF},
}


def test_each_operation_lists_only_the_409_and_422_codes_it_can_answer(doc):
    found = {}
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if path.startswith("/v1/") and method != "parameters":
                answers = op["responses"]
                found[op["operationId"]] = {c for s in ("409", "422") for c in examples_of(answers.get(s, {}))}
    assert found == REFUSALS


def test_a_match_routes_404_is_an_unknown_match_and_a_games_an_unknown_game(doc):
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if method == "parameters" or "404" not in op["responses"]:
                continue
            codes = set(examples_of(op["responses"]["404"]))
            assert codes == ({"unknown_match"} if path.startswith("/v1/matches/") else {"not_found"}), path


def test_every_example_is_valid_and_no_problem_detail_is_its_bare_code(doc):
    for item in doc["paths"].values():
        for method, op in item.items():
            if method == "parameters":
                continue
            for status, answer in op["responses"].items():
                for content in answer.get("content", {}).values():
                    shown = [content["example"]] if "example" in content else []
                    shown += [e["value"] for e in content.get("examples", {}).values()]
                    for value in shown:
                        errors = schema_errors(doc, content["schema"], value)
                        assert not errors, (op["operationId"], status, errors)
                        if isinstance(value, dict) and "code" in value:
                            assert value["detail"] != value["code"], (op["operationId"], value)


def test_the_move_examples_are_one_real_answer(doc):
    post = doc["paths"]["/v1/matches/{match_id}/moves"]["post"]
    answer = post["responses"]["200"]["content"]["application/json"]["example"]
    before = doc["paths"]["/v1/matches/{match_id}"]["get"]["responses"]["200"]["content"]["application/json"]
    posted = post["requestBody"]["content"]["application/json"]["example"]
    assert posted in before["example"]["legal_moves"]
    for match in (before["example"], answer["match"]):
        assert len(match["legal_moves"]) == len(match["move_labels"])
        assert match["to_act"] == match["view"]["to_act"]
    assert answer["match"]["version"] == answer["version"] == before["example"]["version"] + 1
    assert answer["events"] and all(event["text"] for event in answer["events"])
    log = doc["paths"]["/v1/matches/{match_id}/events"]["get"]["responses"]["200"]["content"]["application/json"]
    opening, moved = log["example"]["entries"]  # the set-up's entry (version 1), then the move's
    assert (opening["version"], opening["seat"], opening["kind"]) == (1, None, "opening")
    assert moved["version"] == answer["version"] and moved["events"] == answer["events"]


def shown_example(content: dict):
    """The example Swagger UI's "Try it out" fills in: `example`, else the first of `examples`."""
    return content["example"] if "example" in content else next(iter(content["examples"].values()))["value"]


def test_the_request_examples_sent_in_turn_get_the_documented_answers(client, doc):
    """Swagger UI's Try it out, as an integrator used it: createMatch's example, Authorize with seat 0's
    token, postMove's example, getStream (Swagger UI showed only "string"), undoMove. The example made
    a match with a secret seed: two times in three another seat was to act (409 not_your_turn), and
    its texts said "Seat 0" where the answers shown said "Ana". Each answer is now the one shown, but
    for the match's id and tokens."""

    def read(op: dict, status: str = "200"):
        return op["responses"][status]["content"]["application/json"]["example"]

    create_op, match_op = doc["paths"]["/v1/matches"]["post"], doc["paths"]["/v1/matches/{match_id}"]
    move_op = doc["paths"]["/v1/matches/{match_id}/moves"]["post"]
    created = client.post("/v1/matches", json=shown_example(create_op["requestBody"]["content"]["application/json"]))
    assert created.status_code == 201, created.get_json()
    real, shown = created.get_json(), read(create_op, "201")
    match_id, token = real["id"], real["seats"][0]["token"]

    def as_shown(body: dict) -> dict:  # this match's id and commit ids (random) as the examples show them
        text = re.sub(r'"commit": "[0-9a-f]{12}"', '"commit": "5f3a09c2be41"', json.dumps(body))
        return json.loads(text.replace(match_id, shown["id"]))

    assert [seat["seat"] for seat in real.pop("seats")] == [seat["seat"] for seat in shown["seats"]]
    assert as_shown(real) == {key: value for key, value in shown.items() if key != "seats"}
    assert as_shown(get_match(client, match_id, token)) == read(match_op["get"])
    posted = shown_example(move_op["requestBody"]["content"]["application/json"])
    moved = client.post(f"/v1/matches/{match_id}/moves", json=posted, headers=auth(token))
    assert moved.status_code == 200 and as_shown(moved.get_json()) == read(move_op), moved.get_json()
    log = client.get(f"/v1/matches/{match_id}/events", headers=auth(token)).get_json()
    assert as_shown(log) == read(doc["paths"]["/v1/matches/{match_id}/events"]["get"])
    stream = doc["paths"]["/v1/matches/{match_id}/stream"]["get"]["responses"]["200"]
    assert "curl -N" in stream["description"]  # Try it out shows a live stream only once it ends
    shown_stream = stream["content"]["text/event-stream"]["example"].encode()
    live = client.get(f"/v1/matches/{match_id}/stream", headers=auth(token), buffered=False)
    sent = b""
    for chunk in live.response:  # the match goes on: read as much as the example shows, then hang up
        sent += chunk
        if len(sent) >= len(shown_stream):
            break
    live.close()
    sent = re.sub(rb'"commit":"[0-9a-f]{12}"', b'"commit":"5f3a09c2be41"', sent)
    assert sent.replace(match_id.encode(), shown["id"].encode()) == shown_stream
    undone = client.post(f"/v1/matches/{match_id}/undo", headers=auth(token))
    assert as_shown(undone.get_json()) == read(doc["paths"]["/v1/matches/{match_id}/undo"]["post"])


@pytest.mark.parametrize("game_id", sorted(registry.GAMES))
def test_each_games_match_shows_move_labels_of_its_own_moves(client, doc, game_id):
    """CatanMatch, MediciMatch and SmugglerMatch showed Speicherstadt's "Place a worker at position 1"
    as their `move_labels` example: each now shows what a new match of its game labels its first moves."""
    shown = doc["components"]["schemas"][f"{game_id.capitalize()}Match"]["properties"]["move_labels"]["example"]
    created = create(client, game=game_id, players=registry.get(game_id).min_players, seed=2026)
    acting = get_match(client, created["id"])["to_act"][0]
    assert get_match(client, created["id"], tokens(created)[acting])["move_labels"][: len(shown)] == shown


def test_the_document_says_the_limits_the_server_holds_a_cursor_and_a_name_to():
    """Schemathesis (an adversary's second round) sent letters as a cursor and an empty name, which
    the document allowed and the server refused."""
    import json
    from pathlib import Path

    spec = json.loads((Path(__file__).resolve().parents[2] / "openapi" / "openapi.json").read_text())
    cursor = next(p for p in spec["paths"]["/v1/matches"]["get"]["parameters"] if p.get("name") == "cursor")
    assert cursor["schema"]["pattern"] == "^[0-9]{1,20}$"
    name = spec["components"]["schemas"]["Join"]["properties"]["name"]
    assert (name["minLength"], name["maxLength"]) == (1, 32)


@pytest.mark.parametrize("field", ["bots", "names"])
def test_the_document_says_which_seat_keys_and_names_the_server_takes(client, doc, field):
    """A seat key the document allows is one the server takes, and one it refuses the document
    refuses too (apispec wrote only the values: a generated client could send "01" or "seat 1")."""
    import re

    create_match = doc["components"]["schemas"][f"CreateMatch{field.capitalize()}"]  # each game's body refers to it
    pattern = create_match["propertyNames"]["pattern"]
    value = "random" if field == "bots" else "Ana"
    for key in ("0", "1", "01", "1 ", "a", "-1", "12"):
        body = {"game": "medici", "players": 2, field: {key: value}}
        documented = not schema_errors(doc, {"$ref": "#/components/schemas/CreateMatch"}, body)
        assert documented == bool(re.fullmatch(pattern.strip("^$"), key)), key
        status = client.post("/v1/matches", json=body).status_code
        if documented and key in ("0", "1"):
            assert status == 201, (key, status)
        else:
            assert status == 422, (key, status)  # "12" fits the pattern, not a two-seat match
    if field == "names":
        assert (
            create_match["additionalProperties"]["minLength"],
            create_match["additionalProperties"]["maxLength"],
        ) == (
            1,
            32,
        )


NO_FIELDS = ["abortMatch", "createRematch", "resignMatch", "undoMove", "createStreamTicket"]


def test_every_post_declares_the_body_it_takes_and_one_without_fields_takes_none_or_an_empty_object(doc):
    """Resign, abort, undo, rematch and a stream ticket refused a body with fields (422) that the
    document did not declare at all: an integrator could not tell whether to send one, nor a
    generated client send `{}`. Each declares an optional object with no properties, closed."""
    declared = {}
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if method in ("post", "put", "patch", "delete"):
                assert "requestBody" in op, f"{op['operationId']} ({method.upper()} {path}) declares no body"
                declared[op["operationId"]] = op["requestBody"]
    for operation_id in NO_FIELDS:
        body = declared[operation_id]
        assert body["required"] is False and body["description"], operation_id
        schema = body["content"]["application/json"]["schema"]
        assert resolved(doc, schema) == {"type": "object", "properties": {}, "additionalProperties": False}
        assert not schema_errors(doc, schema, {}) and schema_errors(doc, schema, {"seat": 0}), operation_id


@pytest.mark.parametrize("operation", ["resign", "stream-ticket"])
@pytest.mark.parametrize("sent", [{"json": {}}, {"data": b"", "content_type": "application/json"}, {}])
def test_a_post_without_fields_answers_as_declared_to_a_field_and_to_none(client, doc, operation, sent):
    created = create(client, game="medici", players=2, seed=4)
    url, token = f"/v1/matches/{created['id']}/{operation}", tokens(created)[0]
    refused = client.post(url, json={"seat": 1}, headers=auth(token))
    conforms(doc, "POST", url, refused)
    assert refused.status_code == 422 and refused.get_json()["errors"] == {"seat": ["Unknown field."]}
    answer = client.post(url, headers=auth(token), **sent)
    assert answer.status_code == 200, answer.get_json()
    conforms(doc, "POST", url, answer)


def test_every_v1_operations_success_is_declared_with_the_headers_it_sends(client, doc):
    """A script's life of a match, each success checked against its operation: the lobby's list came
    with `Cache-Control: no-store` that its 200 did not declare (a client checking the declared
    headers, or a cache layer generated from them, met a header the document never named)."""
    body = {"seats": "one", "listed": True, "undo": "own_move", "names": {"0": "Ana"}}
    created = client.post("/v1/matches", json={"game": "speicherstadt", "players": 2, **body})
    match_id, seen = created.get_json()["id"], {}

    def answer(method: str, url: str, token: str | None = None, headers: dict | None = None, **kw):
        response = client.open(url, method=method, headers={**auth(token), **(headers or {})}, **kw)
        assert response.status_code < 300, (method, url, response.get_data()[:300])
        conforms(doc, method, url, response)
        seen[operation(doc, method, url)["operationId"]] = True
        return response.get_json() if response.mimetype == "application/json" else None

    conforms(doc, "POST", "/v1/matches", created)
    seen["createMatch"] = True
    for url in ("/v1/games", "/v1/games/speicherstadt", "/v1/games/speicherstadt/static", "/v1/matches?status=open"):
        answer("GET", url)
    for url in STATIC_OF.values():
        answer("GET", url)
    toks = {0: tokens(created.get_json())[0], 1: answer("POST", f"/v1/matches/{match_id}/join", json={})["token"]}
    url = f"/v1/matches/{match_id}"
    acting = answer("GET", url)["to_act"][0]
    mine = answer("GET", url, toks[acting])
    version = answer("POST", f"{url}/moves", toks[acting], json=first_move(mine))["version"]
    answer("POST", f"{url}/undo", toks[acting], headers={"If-Match": f'"{version}"'})
    answer("GET", f"{url}/events?after=0", toks[acting])
    ticket = answer("POST", f"{url}/stream-ticket", toks[0])["ticket"]
    answer("POST", f"{url}/resign", toks[0])
    answer("GET", f"{url}/stream?ticket={ticket}")
    answer("GET", f"{url}/replay")
    answer("POST", f"{url}/rematch", toks[1])
    fresh = create(client, game="medici", players=2)
    answer("POST", f"/v1/matches/{fresh['id']}/abort", tokens(fresh)[0])
    assert set(seen) == set(operations(doc))


def header_schema(doc: dict, operation_id: str, name: str) -> dict:
    method, path = operations(doc)[operation_id]
    return next(p["schema"] for p in doc["paths"][path][method.lower()]["parameters"] if p.get("name") == name)


@pytest.mark.parametrize(
    ("operation_id", "name", "values"),
    [
        ("postMove", "Idempotency-Key", ["", "a key", "clé-de-seize-caractères", "k", "x" * 200, "x" * 201]),
        ("joinMatch", "Idempotency-Key", ["", "a key of sixteen+", "0123456789abcdeé", "0123456789abcdef"]),
        ("createMatch", "Idempotency-Key", ["", "a key of sixteen+", "0123456789abcdeé", "0123456789abcdef"]),
        ("postMove", "If-Match", ['"0"', "0", 'W/"0"', "*", "abc", '"0", "1"', '""']),
        ("undoMove", "If-Match", ['"0"', "abc"]),
    ],
)
def test_a_header_the_document_allows_is_one_the_server_takes(client, doc, operation_id, name, values):
    """The document said only `string` (and a length) where the server wants visible ASCII keys and a
    version: a generated client sent `a key` or `If-Match: abc`, valid by the document, and got a 422."""
    schema = header_schema(doc, operation_id, name)
    for value in values:
        created = create(client, game="medici", players=2, seats="one", undo="own_move")
        method, path = operations(doc)[operation_id]
        url = path.replace("{match_id}", created["id"])
        token = {} if operation_id == "joinMatch" else auth(tokens(created)[0])
        body = (
            {"type": "draw"}
            if operation_id == "postMove"
            else {"game": "medici", "players": 2}
            if operation_id == "createMatch"
            else {}
        )
        answer = client.open(url, method=method, json=body, headers={**token, name: value})
        refused = answer.status_code == 422 and name in answer.get_json().get("errors", {})
        assert refused == bool(schema_errors(doc, schema, value)), (operation_id, name, value, answer.get_json())


def test_a_catan_trade_names_the_resources_the_server_takes(client, doc):
    """A trade's `give` and `get` were any object of counts in the document: `{"gold": 1}` passed it and
    the server answered 422 "Must be one of: lumber, brick, wool, grain, ore."."""
    created = create(client, game="catan", players=3, seed=4)
    url = f"/v1/matches/{created['id']}/moves"
    offer = {"$ref": "#/components/schemas/CatanMove_offer_trade"}
    for give in ({"gold": 1}, {"Brick": 1}, {"brick": 1}):
        move = {"type": "offer_trade", "give": give, "get": {"ore": 1}, "to": [1]}
        answer = client.post(url, json=move, headers=auth(tokens(created)[0]))
        refused = answer.status_code == 422 and "give" in answer.get_json().get("errors", {})
        assert refused == bool(schema_errors(doc, offer, move)), (give, answer.get_json())


def test_a_moves_body_is_described_as_a_listed_move_or_a_filled_template(doc):
    """postMove's body said "One move, exactly as listed in `legal_moves`." while its schema, PostedMove,
    takes a filled `move_templates` entry too: a Medici price, a Catan trade is never listed."""
    body = doc["paths"]["/v1/matches/{match_id}/moves"]["post"]["requestBody"]
    assert body["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/PostedMove"}
    assert "`legal_moves`" in body["description"] and "`move_templates`" in body["description"]


def test_the_lobby_says_a_short_or_empty_page_is_not_its_end(doc):
    """A filtered lobby page looks at 200 listed matches at most: behind 200 newer matches of another
    game it came back `{"matches": [], "next": "1795744333225884"}`, while the document said only
    "null: no more"; a script paging until an empty page stopped before the match it looked for."""
    lobby = doc["paths"]["/v1/matches"]["get"]
    assert "even none" in lobby["description"] and "until `next` is null" in lobby["description"]
    assert "even empty" in doc["components"]["schemas"]["Lobby"]["properties"]["next"]["description"]


def test_the_operational_answers_declare_the_headers_they_send(client, doc, redis_url):
    """/healthz, /readyz and /metrics sent X-Request-ID that only the /v1 answers declared, while the
    README says every answer carries it, declared on each response of the document."""
    for path in ("/healthz", "/readyz", "/metrics"):
        conforms(doc, "GET", path, client.get(path))
    down = create_app(
        Config(redis_url=redis_url, log_level="WARNING", metrics_token="a-metrics-token"),
        redis.Redis.from_url("redis://127.0.0.1:1", socket_connect_timeout=0.2),
    ).test_client()
    for path in ("/readyz", "/metrics"):
        answer = down.get(path)
        assert answer.status_code in (401, 503), (path, answer.status_code)
        conforms(doc, "GET", path, answer)


def test_every_game_id_the_server_answers_is_the_games_enum(doc):
    """Created.game and LobbyEntry.game were any string: a TypeScript bot creating a match of a lobby
    entry's game (`body: {game: entry.game}`) did not compile without a cast or a guard."""
    from engine import registry

    games = sorted(registry.GAMES)
    for name, schema in doc["components"]["schemas"].items():
        game = schema.get("properties", {}).get("game")
        if game is not None:
            one_game = [game["const"]] if "const" in game else game.get("enum", [])
            assert game.get("enum") == games or (len(one_game) == 1 and one_game[0] in games), (name, game)


def test_the_readmes_api_table_names_every_operation(doc):
    """README "The API" had no row for a game's static data (`GET /v1/games/{id}/static`): an integrator
    reading the table did not know the board's geometry could be fetched once, and revalidated."""
    readme = (COMMITTED.parents[1] / "README.md").read_text()
    table = readme[readme.index("## The API") :].split("\n\n")[2]
    rows = [row for row in table.splitlines() if row.startswith("| `")]
    named = set(STATIC_OF)  # each game's own: the templated path's row names them
    for operation_id, (method, path) in operations(doc).items():
        said = method + " " + re.sub(r"{\w+}", "{id}", path)
        parent, _, last = said.rpartition("/")
        if any(said in row or (parent in row and f"`{last}`" in row) for row in rows):
            named.add(operation_id)
    assert named == set(operations(doc)), set(operations(doc)) - named
