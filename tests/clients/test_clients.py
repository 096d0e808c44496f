"""The official clients, proven: a Python client (openapi-python-client) and a TypeScript
client (openapi-typescript + openapi-fetch) generated from openapi/openapi.json at test time,
each playing a whole match of every game against a running gunicorn. The linters' verdicts
on the document are checked here too (tests/service/test_operations.py keeps it current).

The node tools come from tests/clients/node_modules (`make test` runs `npm ci` here)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine import registry
from tests.e2e.conftest import server_url  # noqa: F401  (the running gunicorn)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SPEC = ROOT / "openapi" / "openapi.json"
NODE_BIN = HERE / "node_modules" / ".bin"
BIN = Path(sys.executable).parent

pytestmark = pytest.mark.e2e


def run(cmd: list[str], timeout: float = 300, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)


def node_tool(name: str) -> str:
    tool = NODE_BIN / name
    if not tool.exists():
        pytest.fail(f"{tool} missing: `make test` runs `npm ci` in tests/clients")
    return str(tool)


def test_redocly_recommended_finds_nothing():
    done = run([node_tool("redocly"), "lint", "--config", "redocly.yaml", "--max-problems", "50", str(SPEC)], cwd=HERE)
    said = done.stdout + done.stderr
    # Redocly exits 0 and says "valid" with warnings too, then "You have N warnings".
    assert done.returncode == 0 and "Your API description is valid" in said, said
    assert not re.search(r"You have \d+ warnings?", said), said


def test_spectral_oas_finds_nothing():
    done = run([node_tool("spectral"), "lint", "-r", ".spectral.yaml", "--fail-severity", "warn", str(SPEC)], cwd=HERE)
    assert done.returncode == 0 and "No results" in done.stdout, done.stdout + done.stderr


@pytest.fixture(scope="module")
def python_client(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("python-client") / "portside_client"
    done = run(
        [
            str(BIN / "openapi-python-client"),
            "generate",
            "--path",
            str(SPEC),
            "--output-path",
            str(out),
            "--meta",
            "none",
        ]
    )
    assert done.returncode == 0 and (out / "api").is_dir(), done.stdout + done.stderr
    assert "Unable to" not in done.stdout, done.stdout
    return out.parent


@pytest.fixture(scope="module")
def typescript_client(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("typescript-client")
    for name in ("play.ts", "tsconfig.json"):
        shutil.copy(HERE / name, out / name)
    (out / "node_modules").symlink_to(HERE / "node_modules")
    done = run([node_tool("openapi-typescript"), str(SPEC), "-o", str(out / "schema.d.ts")])
    assert done.returncode == 0, done.stdout + done.stderr
    checked = run([node_tool("tsc"), "-p", str(out / "tsconfig.json")], cwd=out)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    return out


def players(game_id: str) -> int:
    return registry.get(game_id).min_players


def finished(result: subprocess.CompletedProcess, game_id: str) -> dict:
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["game"] == game_id and summary["moves"] > 0 and summary["winners"]
    return summary


def test_the_python_playthrough_needs_no_cast_of_the_generated_client(python_client, tmp_path):
    """mypy --strict over play_client.py against the generated package: every call and model
    (the lobby's status enum, a match that is not a Problem) is typed as the script uses it."""
    checked = run(
        [str(BIN / "mypy"), "--strict", "--no-incremental", "--cache-dir", str(tmp_path), str(HERE / "play_client.py")],
        env={**os.environ, "MYPYPATH": str(python_client)},
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


# One test per client, playing every game in turn: each client is generated (and the
# TypeScript checked) once, not once per xdist worker.
def test_the_generated_python_client_plays_a_whole_match_of_every_game(python_client, server_url):  # noqa: F811
    env = {**os.environ, "PYTHONPATH": str(python_client)}
    for game_id in sorted(registry.GAMES):
        args = [server_url, game_id, str(players(game_id)), "7"]
        finished(run([sys.executable, str(HERE / "play_client.py"), *args], env=env), game_id)


def test_the_generated_typescript_client_plays_a_whole_match_of_every_game(typescript_client, server_url):  # noqa: F811
    for game_id in sorted(registry.GAMES):
        args = [server_url, game_id, str(players(game_id))]
        finished(run([node_tool("tsx"), "play.ts", *args], cwd=typescript_client), game_id)


def test_the_readme_names_the_client_tools_versions_proven_here():
    """README "Typed clients": the versions tests/clients pins, and how to install them (openapi-typescript 7
    needs TypeScript 5), and how to read the stream live with the generated Python client."""
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Typed clients") :]
    pinned = json.loads((HERE / "package.json").read_text())["devDependencies"]
    for tool in ("openapi-typescript", "openapi-fetch", "typescript"):
        assert f"{'TypeScript' if tool == 'typescript' else tool} {pinned[tool]}" in section, tool
    assert "npm install openapi-typescript openapi-fetch typescript@5" in section
    version = run([str(BIN / "openapi-python-client"), "--version"]).stdout.split()[-1]
    assert f"openapi-python-client {version}" in section
    assert "get_httpx_client().stream(" in section and "LogEntry.from_dict" in section


def test_the_operations_a_spectator_calls_take_a_plain_client_and_the_readme_names_them():
    """openapi-python-client asks an AuthenticatedClient of every operation with a security entry of its own:
    a spectator's call needed a `type: ignore` (mypy --strict over play_client.py now proves there is none).
    "A token or none" is the document's own security, which those operations take by saying none."""
    doc = json.loads(SPEC.read_text())
    assert doc["security"] == [{}, {"seatToken": []}]
    operations = [
        (op["operationId"], op.get("security"))
        for item in doc["paths"].values()
        for method, op in item.items()
        if method != "parameters"
    ]
    optional = sorted(name for name, security in operations if security is None)
    assert not [name for name, security in operations if security and {} in security]  # each says its own
    readme = (ROOT / "README.md").read_text()
    said = readme[readme.index("issue #1372") :].split("\n\n")[0]
    assert optional and sorted(re.findall(r"`(\w+)`", said[said.index("Those operations:") :])) == optional
