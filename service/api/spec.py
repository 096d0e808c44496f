"""The OpenAPI document's typed parts: each game's moves, events, view and outcome, and the
match resource as a `oneOf` discriminated by `game`, so a generated client knows which view,
which moves and which events it holds.

Built after the Blueprints are registered: flask-smorest has then written the generic `Match`
and `Event` components from service/api/schemas.py, which this replaces by the typed unions
(every reference to them, in the move answer and the log, follows).
"""

from __future__ import annotations

import copy
import json
from typing import Any

from apispec import APISpec
from flask_smorest import Api
from marshmallow import fields, validate

from engine import registry
from engine.core import Game, OutcomeSchema
from service.api import ACCEPT_LANGUAGE
from service.api.life_schemas import SERVICE_EVENTS

REQUEST_BODIES = ["CreateMatch", "Join"]
# The schemas with a game's options, each a oneOf of `<Game><Name>` by `game`: a generated client types
# `options` as that game's (a wrong option fails to compile). The server's check is the game's own.
WITH_OPTIONS = {
    "CreateMatch": "A match to create; `game` says which game's `options` it takes.",
    "LobbyEntry": "A listed match; `game` says which game's `options` it has.",
}

PARAM_KINDS: dict[str, dict[str, Any]] = {
    "integer": {
        "description": "An integer in [min, max].",
        "properties": {"min": {"type": "integer"}, "max": {"type": "integer"}},
    },
    "counts": {
        "description": "An object {key: count}, each count 0..max[key] (keys at 0 may be left out), "
        "the total in [min_total, max_total].",
        "properties": {
            "max": {"type": "object", "additionalProperties": {"type": "integer"}},
            "min_total": {"type": "integer"},
            "max_total": {"type": "integer"},
        },
    },
    "seats": {
        "description": "A sorted list of distinct seats from `of`, its length in [min, max].",
        "properties": {
            "of": {"type": "array", "items": {"type": "integer"}},
            "min": {"type": "integer"},
            "max": {"type": "integer"},
        },
    },
}


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def nullable(schema: dict) -> dict:
    return {"anyOf": [schema, {"type": "null"}]}


def prefix(game_id: str) -> str:
    return game_id.capitalize()


def document(api: Api) -> None:
    spec = api.spec
    base_match = copy.deepcopy(spec.components.schemas["Match"])
    base_replay = copy.deepcopy(spec.components.schemas["Replay"])
    base_replay_move = spec.components.schemas.pop("ReplayMove")
    for body in REQUEST_BODIES:
        _defaults_into_descriptions(spec.components.schemas[body])
    with_options = {name: _shared_parts(spec, name) for name in WITH_OPTIONS}
    _document_templates(spec)
    _document_static(api)
    matches, replays, moves, events = {}, {}, [], []
    by_options: dict[str, dict[str, dict]] = {name: {} for name in WITH_OPTIONS}
    for game_id in sorted(registry.GAMES):
        game = registry.get(game_id)
        moves.append(ref(_union(api, prefix(game.id), "Move", game.move_schema.members)))
        events.append(ref(_union(api, prefix(game.id), "Event", dict(game.event_schemas))))
        matches[game_id] = ref(_match(api, game, base_match))
        options = _options(api, game)
        replays[game_id] = ref(_replay(api, game, base_replay, base_replay_move, options))
        for name, base in with_options.items():
            own = _create_options(api, game, options) if name in REQUEST_BODIES else options
            by_options[name][game_id] = ref(_with_options(api, game, name, base, own))
    _by_game(spec, "Match", matches, "A match as the caller sees it; `game` says which game's view and moves it holds.")
    _by_game(spec, "Replay", replays, "A finished match's record; `game` says which game's moves it lists.")
    for name, members in by_options.items():
        _by_game(spec, name, members, WITH_OPTIONS[name])
    _replace(spec, "Move", {"description": "A move of the match's game; see each `<Game>Move`.", "anyOf": moves})
    events.append(ref(_union(api, "Match", "Event", SERVICE_EVENTS)))
    _replace(
        spec,
        "Event",
        {
            "description": "An event of the match's game (each `<Game>Event`) or of its life (`MatchEvent`).",
            "anyOf": events,
        },
    )
    spec.components.schemas.pop("PaginationMetadata", None)  # flask-smorest's; nothing here pages
    _object_lengths_as_properties(spec.components.schemas)
    _document_language(spec)
    _document_unknown_query(spec)
    _document_headers(spec)
    _optional_token_by_default(spec)
    _replace(
        spec,
        "PostedMove",
        {
            "description": "A listed legal move as is, or a move built from one of `move_templates`.",
            "anyOf": [ref("Move"), ref("FilledTemplate")],
        },
    )


STATIC_PATH = "/v1/games/{game_id}/static"
NO_STATIC = {"type": "object", "description": "A game without static data.", "maxProperties": 0}


def _document_static(api: Api) -> None:
    """Each game's static data as its `<Game>Static`: the templated path answers any game's (a oneOf
    with nothing to tell them apart by but their keys), and each game with static data has its own path
    and operation (`get<Game>Static`), which a generated client reads as that game's with no narrowing
    (OpenAPI matches a concrete path before a templated one; the server answers both with one route)."""
    template = api.spec._paths[STATIC_PATH]
    members = []
    for game_id in sorted(registry.GAMES):
        game = registry.get(game_id)
        if game.static_schema is None:
            continue
        name = f"{prefix(game_id)}Static"
        api.spec.components.schema(name, schema=game.static_schema)
        members.append(ref(name))
        api.spec._paths[STATIC_PATH.replace("{game_id}", game_id)] = _static_of(template["get"], game, name)
    api.spec.components.schema("NoStatic", component=NO_STATIC)
    answer = template["get"]["responses"]["200"]["content"]["application/json"]
    answer["schema"] = {"oneOf": [*members, ref("NoStatic")]}


def _static_of(operation: dict, game: Game, name: str) -> dict:
    """The templated operation for one game: its answer that game's static data, no game to get wrong."""
    own = copy.deepcopy(operation)
    own["operationId"] = f"get{prefix(game.id)}Static"
    own["summary"] = f"What is the same in every match of {game.title}, typed as its own."
    own["responses"]["200"]["content"]["application/json"]["schema"] = ref(name)
    own["responses"]["200"]["description"] = f"The static data of {game.title}."
    own["responses"].pop("404")  # the game is there
    own["description"] = "Fetch it once and cache it."
    return {"get": own}


OPTIONAL_TOKEN: list[dict[str, list[str]]] = [{}, {"seatToken": []}]


def _optional_token_by_default(spec: APISpec) -> None:
    """ "A token or none" (`[{}, {seatToken}]`: getMatch, getEvents, ...) as the document's own security, which
    those operations take by saying none of theirs; every other operation says its own. The same for OpenAPI,
    Swagger UI and openapi-typescript; openapi-python-client (0.29) reads only an operation's own, and types one
    with any as needing an AuthenticatedClient (its issue #1372), so a spectator's plain Client needed a cast."""
    spec.options["security"] = OPTIONAL_TOKEN
    for operations in spec._paths.values():
        for method, operation in operations.items():
            if method != "parameters" and operation.get("security") == OPTIONAL_TOKEN:
                del operation["security"]


def _document_language(spec: APISpec) -> None:
    """Every /v1 operation's words for people follow Accept-Language (a problem's `detail` at the
    least): one parameter component, named by each, so a generated client takes a language."""
    spec.components.parameter("AcceptLanguage", "header", component=copy.deepcopy(ACCEPT_LANGUAGE))
    for path, operations in spec._paths.items():
        if path.startswith("/v1/"):
            for method, operation in operations.items():
                if method != "parameters":  # the path's own (its `match_id`), not an operation
                    operation.setdefault("parameters", []).append(ref_to("parameters", "AcceptLanguage"))


def _document_unknown_query(spec: APISpec) -> None:
    """Every /v1 operation answers 422 to a query parameter it does not declare (service/guards.py);
    an operation with no 422 of its own says it with that example."""
    from service.api import examples, problem_responses

    unknown = examples.invalid(examples.SCHEMA_MISMATCH, wait=["Unknown field."])
    answer = problem_responses("validation_error", details={"validation_error": unknown})["422"]
    answer["content"]["application/problem+json"]["schema"] = ref("Problem")
    for path, operations in spec._paths.items():
        if path.startswith("/v1/"):
            for method, operation in operations.items():
                if method != "parameters":
                    operation["responses"].setdefault("422", copy.deepcopy(answer))


REQUEST_ID = {
    "description": "The request's id, as its log line has it: the client's own `X-Request-ID` if it is "
    "1 to 128 letters, digits, `_`, `.` or `-`, else one the server made.",
    "required": True,
    "schema": {"type": "string", "maxLength": 128},
}
CONTENT_LANGUAGE = {
    "description": "The language of the answer's words for people: the best of `en` and `fr` for the "
    "request's `Accept-Language`, else `en`.",
    "required": True,
    "schema": {"type": "string", "enum": ["en", "fr"]},
}
NO_STORE = {
    "description": "`no-store`: the answer differs by seat and language (`Vary: Authorization, "
    "Accept-Language`), carries a secret, or is stale at the next join (the lobby); no cache may keep it.",
    "required": True,
    "schema": {"type": "string", "enum": ["no-store"]},
}


def _document_headers(spec: APISpec) -> None:
    """Every answer says its request's id; every problem and every /v1 answer but a 304 and a game's static
    data its language; every problem, the lobby, and every answer about a match but a move's own (a POST's
    answer is never kept: service/api/moves.py), says no cache may keep it."""
    spec.components.header("RequestId", REQUEST_ID)
    spec.components.header("NoStore", NO_STORE)
    spec.components.header("ContentLanguage", CONTENT_LANGUAGE)
    default = spec.components.responses["DEFAULT_ERROR"].setdefault("headers", {})
    default.update({"X-Request-ID": ref_to("headers", "RequestId"), "Cache-Control": ref_to("headers", "NoStore")})
    default["Content-Language"] = ref_to("headers", "ContentLanguage")
    for path, operations in spec._paths.items():
        for method, operation in operations.items():
            for status, response in operation["responses"].items() if method != "parameters" else ():
                if "$ref" in response:
                    continue
                headers = response.setdefault("headers", {})
                headers["X-Request-ID"] = ref_to("headers", "RequestId")
                if _has_words(path, status):
                    headers["Content-Language"] = ref_to("headers", "ContentLanguage")
                if _not_kept(path, method, status):
                    headers["Cache-Control"] = ref_to("headers", "NoStore")


def _has_words(path: str, status: str) -> bool:
    """A 304 has no body (nor, from werkzeug, a Content-Language); a game's static data is one for all,
    and the operational answers (/healthz, /readyz, /metrics) but their problems have no words."""
    if not status.startswith(("2", "3")):
        return True  # a problem
    return status != "304" and path.startswith("/v1/") and not path.endswith("/static")


def _not_kept(path: str, method: str, status: str) -> bool:
    if not status.startswith(("2", "3")):
        return True  # a problem
    if not path.startswith("/v1/"):
        return False
    if path == "/v1/matches":
        return True  # a creation hands out tokens; the lobby changes with every join and creation
    return path.startswith("/v1/matches/") and not (method == "post" and path.endswith("/moves"))


def ref_to(kind: str, name: str) -> dict:
    return {"$ref": f"#/components/{kind}/{name}"}


def dict_keys2properties(self, field: fields.Field, **_kwargs) -> dict:
    """apispec attribute function: a marshmallow `Dict` whose keys a `Regexp` or a `OneOf` checks
    says so as JSON Schema's `propertyNames` (apispec writes only the values). Python's
    end-of-string `\\Z` becomes ECMA's `$`, anchored at the start as `Regexp` matches."""
    if not isinstance(field, fields.Dict) or field.key_field is None:
        return {}
    for check in field.key_field.validators:
        if isinstance(check, validate.Regexp) and isinstance(check.regex.pattern, str):
            return {"propertyNames": {"pattern": "^" + check.regex.pattern.removesuffix("\\Z") + "$"}}
        if isinstance(check, validate.OneOf):
            return {"propertyNames": {"enum": list(check.choices)}}
    return {}


def _object_lengths_as_properties(node: Any) -> None:
    """apispec writes a `Length` on a marshmallow `Dict` as `minLength`/`maxLength`, which JSON
    Schema ignores on an object (an empty `{}` would pass): say it as the property counts."""
    if isinstance(node, dict):
        if node.get("type") == "object":
            for length, count in (("minLength", "minProperties"), ("maxLength", "maxProperties")):
                if length in node:
                    node[count] = node.pop(length)
        for value in node.values():
            _object_lengths_as_properties(value)
    elif isinstance(node, list):
        for value in node:
            _object_lengths_as_properties(value)


def _defaults_into_descriptions(component: dict) -> None:
    """A request field with a default is optional, but openapi-typescript (by default) types a
    property with a `default` as always present, so a client would have to send it: the
    default is said in words instead."""
    for prop in component["properties"].values():
        if "default" in prop:
            default = prop.pop("default")
            shown = json.dumps(default)  # as JSON says it: `false`, not Python's `False`
            said = prop.get("description", "").rstrip()
            said += "." if said and not said.endswith(".") else ""
            prop["description"] = f"{said} Default: {shown}.".strip()


def _replace(spec: APISpec, name: str, component: dict) -> None:
    spec.components.schemas.pop(name, None)
    spec.components.schema(name, component=component)


def _union(api: Api, owner: str, kind: str, members: dict[str, Any]) -> str:
    """`<Owner><Kind>`: a oneOf of the members by their `type`, each a component with `type` a const.
    Every event the service sends carries its `text` (service/matches.visible_events): required, though
    the engine's schemas (which also read events without it) leave it optional."""
    converter = api.ma_plugin.converter
    mapping = {}
    always = {"type", "text"} if kind == "Event" else {"type"}
    for type_name, member in sorted(members.items()):
        name = f"{owner}{kind}_{type_name}"
        body = converter.schema2jsonschema(member)
        body["properties"]["type"] = {"type": "string", "const": type_name}
        body["required"] = sorted(set(body.get("required", [])) | always)
        if member.__doc__ and not body.get("description"):
            body["description"] = member.__doc__.strip()
        api.spec.components.schema(name, component=body)
        mapping[type_name] = f"#/components/schemas/{name}"
    union = f"{owner}{kind}"
    if not mapping:  # a game that has not typed these yet: any object with a `type`
        text = {"text": {"type": "string"}} if kind == "Event" else {}
        untyped = {"type": "object", "properties": {"type": {"type": "string"}, **text}, "required": sorted(always)}
        api.spec.components.schema(union, component={**untyped, "additionalProperties": True})
        return union
    api.spec.components.schema(
        union,
        component={
            "oneOf": [{"$ref": target} for target in mapping.values()],
            "discriminator": {"propertyName": "type", "mapping": mapping},
        },
    )
    return union


def _match(api: Api, game: Game, base: dict) -> str:
    name = f"{prefix(game.id)}Match"
    body = _one_games(api, game, base)
    props = body["properties"]
    if game.view_schema is not None:
        view = f"{prefix(game.id)}View"
        if view not in api.spec.components.schemas:
            api.spec.components.schema(view, schema=game.view_schema)
        props["view"] = {**ref(view), "description": props["view"].get("description", "")}
    props["legal_moves"] = {**props["legal_moves"], "items": ref(f"{prefix(game.id)}Move")}
    props["move_labels"] = {**props["move_labels"], "example": _first_labels(game)}
    props["move_templates"] = {**props["move_templates"], "items": ref("MoveTemplate")}
    api.spec.components.schema(name, component=body)
    return name


def _first_labels(game: Game, seed: int = 2026) -> list[str]:
    """What a new match of the game (that seed, the fewest players) labels its first two moves: the
    example of its `move_labels` (one shared example showed Speicherstadt's labels in every game's)."""
    state, _ = game.open(game.min_players, game.load_options({}), seed)
    seat = sorted(game.to_act(state))[0]
    return [game.move_label(state, seat, move) for move in game.legal_moves(state, seat)[:2]]


def _one_games(api: Api, game: Game, base: dict) -> dict:
    """A copy of `base` (Match, Replay) for one game: its `game` that game's id, its outcome that game's."""
    body = copy.deepcopy(base)
    props = body["properties"]
    props["game"] = {"type": "string", "const": game.id}
    props["outcome"] = {**nullable(ref(_outcome(api, game))), "description": props["outcome"].get("description", "")}
    return body


def _by_game(spec: APISpec, name: str, members: dict[str, dict], description: str) -> None:
    """`name` as a oneOf of each game's own, discriminated by `game`: a generated client then reads a
    move named as another game's move is (a `buy`, an `end_turn`) as its own game's, not the first that fits."""
    mapping = {game_id: member["$ref"] for game_id, member in members.items()}
    for target in mapping.values():  # Swagger UI shows a member by its title, else as `object | object | ...`
        own = target.rsplit("/", 1)[1]
        spec.components.schemas[own]["title"] = own  # the name generators give it anyway
    oneof = list(members.values())
    _replace(
        spec,
        name,
        {"description": description, "oneOf": oneof, "discriminator": {"propertyName": "game", "mapping": mapping}},
    )


def _shared_parts(spec: APISpec, name: str) -> dict:
    """A copy of `name` whose enums and maps are components of their own (`CreateMatchBots`,
    `LobbyEntryStatus`): each game's copy refers to them, so a generated client has one type of each."""
    body = copy.deepcopy(spec.components.schemas[name])
    _parts_apart(spec, name, body, keep=frozenset({"game", "options"}))
    return body


def _parts_apart(spec: APISpec, name: str, body: dict, keep: frozenset[str] = frozenset()) -> None:
    """Each enum or map property of `body` (but those in `keep`) as the component `<name><Property>`,
    the property a reference to it with its own description and default."""
    for key, prop in body.get("properties", {}).items():
        if key not in keep and ("enum" in prop or prop.get("type") == "object"):
            part = f"{name}{''.join(word.capitalize() for word in key.split('_'))}"
            own = {word: prop.pop(word) for word in ("description", "default") if word in prop}
            spec.components.schema(part, component=prop)
            body["properties"][key] = {**ref(part), **own}


def _with_options(api: Api, game: Game, name: str, base: dict, options: str) -> str:
    """`<Game><name>`: a copy of `base` for one game, its `game` that game's id, its `options` that game's."""
    body = copy.deepcopy(base)
    props = body["properties"]
    said = {key: {"description": props[key]["description"]} if "description" in props[key] else {} for key in props}
    props["game"] = {"type": "string", "const": game.id, **said["game"]}
    props["options"] = {**ref(options), **said["options"]}
    if "description" in props["options"]:  # `<Game>Options` said of this game
        props["options"]["description"] = props["options"]["description"].replace("<Game>Options", options)
    own = f"{prefix(game.id)}{name}"
    api.spec.components.schema(own, component=body)
    return own


def _replay(api: Api, game: Game, base: dict, base_move: dict, options: str) -> str:
    move = f"{prefix(game.id)}ReplayMove"
    body = copy.deepcopy(base_move)
    body["properties"]["move"] = ref(f"{prefix(game.id)}Move")
    api.spec.components.schema(move, component=body)
    name = f"{prefix(game.id)}Replay"
    body = _one_games(api, game, base)
    body["properties"]["moves"] = {**body["properties"]["moves"], "items": ref(move)}
    body["properties"]["options"] = ref(options)
    api.spec.components.schema(name, component=body)
    return name


def _options(api: Api, game: Game) -> str:
    """`<Game>Options`: the game's options as the catalogue's `options` says them (a replay's were any
    object, a generated client's an untyped dict). Without the catalogue's titles, which a generator
    names its types after (`CatanOptionsTradingAndBuilding` for `trade_order`)."""
    name = f"{prefix(game.id)}Options"
    body = api.ma_plugin.converter.schema2jsonschema(game.options)
    for option in body.get("properties", {}).values():
        option.pop("title", None)
    _parts_apart(api.spec, name, body)  # one `CatanOptionsMap` for a match's options and a new match's
    if body.get("properties"):  # a match's options are all said (service/lobby.py `options`): no `X | Unset`
        body["required"] = sorted(body["properties"])
    api.spec.components.schema(name, component=body)
    return name


def _create_options(api: Api, game: Game, options: str) -> str:
    """`<Game>CreateOptions`: the options a new match may set, each one left out its default. The
    defaults are said in words, as in every request body: openapi-typescript types a property with a
    `default` as always there, and a match would then have to be created with every option given."""
    name = f"{prefix(game.id)}CreateOptions"
    body = copy.deepcopy(api.spec.components.schemas[options])
    body.pop("required", None)
    _defaults_into_descriptions(body)
    body["description"] = f"The options of a new match of {game.title}: any left out takes its default."
    api.spec.components.schema(name, component=body)
    return name


def _outcome(api: Api, game: Game) -> str:
    if game.outcome_schema is OutcomeSchema:
        return "Outcome"
    name = f"{prefix(game.id)}Outcome"
    if name not in api.spec.components.schemas:
        api.spec.components.schema(name, schema=game.outcome_schema)
    return name


def _document_templates(spec: APISpec) -> None:
    params = {}
    for kind, shape in PARAM_KINDS.items():
        name = f"{kind.capitalize()}Param"
        spec.components.schema(
            name,
            component={
                "type": "object",
                "description": shape["description"],
                "properties": {"kind": {"type": "string", "const": kind}, **shape["properties"]},
                "required": ["kind", *shape["properties"]],
            },
        )
        params[kind] = f"#/components/schemas/{name}"
    spec.components.schema(
        "MoveParam",
        component={
            "oneOf": [{"$ref": target} for target in params.values()],
            "discriminator": {"propertyName": "kind", "mapping": params},
        },
    )
    spec.components.schema(
        "MoveTemplate",
        component={
            "type": "object",
            "description": "A move with parameters: POST `move` with a value for each of `params`.",
            "properties": {
                "move": {
                    **ref("FilledTemplate"),
                    "description": "The fixed fields (at least `type`).",
                },
                "params": {"type": "object", "additionalProperties": ref("MoveParam")},
                "label": {"type": "string", "description": "The move in words, in the Accept-Language language."},
                "disjoint": {
                    "type": "array",
                    "items": {"type": "array", "items": {"type": "string"}},
                    "description": "Groups of `counts` params that never give one key a count in two of them "
                    "(a trade's two sides); absent when there is none.",
                },
            },
            "required": ["move", "params", "label"],
        },
    )
    spec.components.schema(
        "FilledTemplate",
        component={
            "type": "object",
            "description": "A template's `move` with a value for each of its params.",
            "properties": {"type": {"type": "string"}},
            "required": ["type"],
            "additionalProperties": True,
        },
    )
