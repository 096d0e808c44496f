from engine import registry


def test_catalogue_lists_every_registered_game_with_counts_options_and_bots(client):
    response = client.get("/v1/games")
    assert response.status_code == 200
    games = {g["id"]: g for g in response.get_json()}
    assert set(games) == set(registry.GAMES)
    for game_id, entry in games.items():
        game = registry.get(game_id)
        assert (entry["min_players"], entry["max_players"]) == (game.min_players, game.max_players)
        assert entry["options"]["type"] == "object"
        assert "random" in entry["bots"]


def test_every_option_has_a_title_and_a_description_in_each_language(client):
    """The lobby showed the options' names and descriptions in English on a French page."""
    from engine.i18n import words_for

    for lang in ("en", "fr"):
        for entry in client.get("/v1/games", headers={"Accept-Language": lang}).get_json():
            game = registry.get(entry["id"])
            for name, option in entry["options"]["properties"].items():
                field = game.options().fields[name].metadata
                assert option["title"] and option["description"], (entry["id"], name)
                said = [words_for(game).word(field[k], lang, strict=lang != "en") for k in ("title", "description")]
                assert [option["title"], option["description"]] == said, (entry["id"], name, lang)
                # A choice is said too: the French lobby offered « Plateau [variable] », « [spiral] ».
                if "enum" in option:
                    labels = {
                        v: words_for(game).word(field["x-labels"][v], lang, strict=lang != "en") for v in option["enum"]
                    }
                    assert option["x-labels"] == labels, (entry["id"], name, lang)
    french = client.get("/v1/games/catan", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert french.get_json()["options"]["properties"]["map"]["title"] == "Plateau"
    assert french.get_json()["options"]["properties"]["map"]["x-labels"] == {
        "beginner": "débutant",
        "variable": "variable",
    }
    assert "Accept-Language" in french.headers["Vary"]


def test_one_game_and_an_unknown_one(client):
    assert client.get("/v1/games/speicherstadt").get_json()["title"] == "Speicherstadt"
    missing = client.get("/v1/games/chess")
    assert missing.status_code == 404
    assert missing.content_type == "application/problem+json"


def test_health_ready_and_metrics(client):
    assert client.get("/healthz").get_json() == {"status": "ok"}
    assert client.get("/readyz").get_json() == {"status": "ready"}
    client.post("/v1/matches", json={"game": "speicherstadt", "players": 2})
    text = client.get("/metrics").get_data(as_text=True)
    assert "portside_requests_total" in text and "portside_matches_created_total" in text


def test_every_response_carries_a_request_id_and_echoes_a_given_one(client):
    assert len(client.get("/healthz").headers["X-Request-ID"]) >= 8
    assert client.get("/healthz", headers={"X-Request-ID": "abc-123"}).headers["X-Request-ID"] == "abc-123"
    assert client.get("/healthz", headers={"X-Request-ID": "x" * 500}).headers["X-Request-ID"] != "x" * 500
    # "letters, digits, _ . -" are ASCII ones: a proxy's or a log pipeline's id is never
    # another byte (the server echoed "é-1", "²" and "ª" as they came)
    for other in ("é-1", "²", "ª", "abcµ"):
        assert client.get("/healthz", headers={"X-Request-ID": other}).headers["X-Request-ID"] != other


def test_static_game_data_is_served_once_with_an_etag(client):
    for game_id, game in registry.GAMES.items():
        response = client.get(f"/v1/games/{game_id}/static")
        assert response.status_code == 200
        assert response.get_json() == (game.static() or {})
        assert "max-age" in response.headers["Cache-Control"]
        again = client.get(f"/v1/games/{game_id}/static", headers={"If-None-Match": response.headers["ETag"]})
        assert again.status_code == 304
    assert client.get("/v1/games/chess/static").status_code == 404


def test_a_fault_of_ours_is_500_internal_error_logged_with_its_request_id(client, monkeypatch):
    """The error table: 500 `internal_error` is "a fault of ours, logged with the request id", so a
    user's X-Request-ID finds its traceback in the log."""
    import io
    import json
    import logging

    from service import logs
    from service.api import games

    def broken(game_id: str) -> dict:
        raise RuntimeError("a bug in the catalogue")

    monkeypatch.setattr(games, "entry", broken)
    written = io.StringIO()
    handler = logging.StreamHandler(written)
    handler.setFormatter(logs.JsonFormatter())
    logging.getLogger("portside").addHandler(handler)
    try:
        answer = client.get("/v1/games/medici", headers={"X-Request-ID": "user-report-42"})
    finally:
        logging.getLogger("portside").removeHandler(handler)
    assert answer.status_code == 500 and answer.mimetype == "application/problem+json"
    assert answer.get_json()["code"] == "internal_error" and "a bug" not in answer.get_data(as_text=True)
    assert answer.headers["X-Request-ID"] == "user-report-42"
    logged = [json.loads(line) for line in written.getvalue().splitlines()]
    faults = [line for line in logged if "a bug in the catalogue" in line.get("exc", "")]
    assert [line["request_id"] for line in faults] == ["user-report-42"], logged
