"""`pip install .` (not editable) then `portside serve`: what the image and a platform run.

The package is built and installed into a fresh virtual environment; the tests' own
environment lends it the third-party dependencies (a .pth line), so nothing is
downloaded. The server is started from a directory outside the checkout, so it can
only be the installed copy that serves."""

from __future__ import annotations

import os
import resource
import shutil
import signal
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from tests.e2e.conftest import free_port, wait_ready

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.e2e


def checkout_copy(into: Path) -> Path:
    """The tracked files only, as a fresh clone has them: a build/ folder left in the working tree
    by an earlier build would lend the wheel files the package data no longer names."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, listed.decode().split("\0")):
        (into / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, into / name)
    return into


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    source = checkout_copy(tmp_path_factory.mktemp("source"))
    env_dir = tmp_path_factory.mktemp("install") / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    site = next(env_dir.glob("lib/python*/site-packages"))
    (site / "zz_lend_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    python = env_dir / "bin" / "python"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return env_dir


def as_installed() -> dict[str, str]:
    """The environment without PYTHONPATH (the suite may run with the checkout on it): an install
    imports its own copy, as on a machine where only the package is."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def test_the_installed_package_is_not_the_checkout(installed, tmp_path):
    where = subprocess.run(
        [str(installed / "bin" / "python"), "-c", "import service; print(service.__file__)"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=as_installed(),
        check=True,
    ).stdout.strip()
    assert where.startswith(str(installed)), where


def listening_addresses(port: int) -> set[str]:
    """The IPv4 addresses a socket listens on at `port` (from /proc/net/tcp, state 0A)."""
    found = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        address, _, hex_port = local.partition(":")
        if state == "0A" and int(hex_port, 16) == port:
            found.add(".".join(str(int(address[i : i + 2], 16)) for i in (6, 4, 2, 0)))
    return found


def test_portside_serve_from_a_plain_install_answers(installed, tmp_path):
    """The Procfile's and the image's command, `portside serve --host 0.0.0.0 --port $PORT`, from an
    install: it answers, serves every file of the web client, and listens on every interface."""
    port = free_port()
    log = tmp_path / "serve.log"
    env = {
        **as_installed(),
        "PORTSIDE_DATA_DIR": str(tmp_path / "data"),
        "WEB_CONCURRENCY": "1",
        "LOG_LEVEL": "warning",
    }
    env.pop("REDIS_URL", None)  # the embedded Redis, as on a fresh machine
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [str(installed / "bin" / "portside"), "serve", "--host", "0.0.0.0", "--port", str(port)],
            cwd=tmp_path,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_ready(f"http://127.0.0.1:{port}", proc, log)
        import urllib.request

        assert listening_addresses(port) == {"0.0.0.0"}
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/games", timeout=5) as response:
            assert response.status == 200 and b"speicherstadt" in response.read()
        static = ROOT / "service" / "web" / "static" / "play"  # the web client, every file of it
        for path in sorted(p for p in static.rglob("*") if p.is_file() and p.name != "README.md"):
            url = f"http://127.0.0.1:{port}/play/{path.relative_to(static)}"
            with urllib.request.urlopen(url, timeout=5) as response:
                assert response.read() == path.read_bytes(), url
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=20)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_to_portside_serves_process_group_stops_every_process_quietly(tmp_path, sig):
    """A terminal's Ctrl-C (SIGINT), or a SIGTERM to the group, reaches every process of the group.
    Before: a worker ran gunicorn's quit twice and printed a SystemExit traceback (four runs of five);
    the embedded Redis, stopped under the workers, made their clock sweepers log tracebacks (three of
    three, SIGTERM) and its supervisor restart it. Redis now stops last, when the service exits."""
    temporary = tmp_path / "tmp"  # where the service makes its metrics folder
    temporary.mkdir()
    env = {**os.environ, "PORTSIDE_DATA_DIR": str(tmp_path / "data"), "WEB_CONCURRENCY": "2", "TMPDIR": str(temporary)}
    env.pop("REDIS_URL", None)
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    for attempt in range(2):
        port = free_port()
        log = tmp_path / f"serve-{attempt}.log"
        with log.open("wb") as out:
            proc = subprocess.Popen(
                [str(ROOT / ".venv" / "bin" / "portside"), "serve", "--port", str(port)],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        wait_ready(f"http://127.0.0.1:{port}", proc, log)
        os.killpg(proc.pid, sig)
        assert proc.wait(timeout=30) == 0
        text = log.read_text()
        assert "Traceback" not in text and "restarting it" not in text and "failed" not in text, text
        left = subprocess.run(["pgrep", "-f", str(tmp_path / "data")], capture_output=True, text=True).stdout
        assert not left.strip(), f"still running: {left}"
        assert not list(temporary.iterdir()), "a folder of the service's was left in the temporary directory"


def read_proc(pid: int, name: str) -> str:
    try:
        return (Path("/proc") / str(pid) / name).read_text()
    except OSError:
        return ""


def descendants(pid: int) -> list[int]:
    """Every process under `pid` (its children, theirs...), from /proc."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (stat := read_proc(int(entry.name), "stat")):
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = [], [pid]
    while frontier:
        children = [child for child, parent in parents.items() if parent in frontier]
        found += children
        frontier = children
    return found


def open_files_allowed(pid: int) -> int:
    line = next(line for line in read_proc(pid, "limits").splitlines() if line.startswith("Max open files"))
    return int(line.split()[3])


def test_make_serve_starts_on_the_port_asked_for_with_an_embedded_redis_in_var(tmp_path):
    """The Quick start's `PORT=8001 make serve`, from a folder holding the checkout's Makefile: the
    service on that port, its Redis embedded with the data in ./var/ (append-only file, the
    README's `REDIS_MAXMEMORY` default with `noeviction`), no gunicorn control socket in the home
    folder, and each process allowed as many open files as the hard limit lets (README "Scale":
    a waiting client holds a descriptor; the shell's soft limit is often 1024). The install step is
    `make test`'s (`-o` takes the venv as installed: the tests' venv is shared and must not be
    installed into)."""
    import redis

    from service import embedded

    shutil.copy2(ROOT / "Makefile", tmp_path / "Makefile")
    shutil.copy2(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / ".venv").symlink_to(ROOT / ".venv")
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    port = free_port()
    unset = (
        "REDIS_URL",
        "PORTSIDE_DATA_DIR",
        "REDIS_MAXMEMORY",
        "HOST",
        "BIND",
        "PROMETHEUS_MULTIPROC_DIR",
        "XDG_RUNTIME_DIR",
    )
    env = {k: v for k, v in os.environ.items() if k not in unset}
    env |= {"PORT": str(port), "HOME": str(tmp_path), "WEB_CONCURRENCY": "1", "LOG_LEVEL": "warning"}
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        command = ["make", "-o", ".venv/.installed", "serve"]
        proc = subprocess.Popen(
            command,
            cwd=tmp_path,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard)),
        )
    try:
        wait_ready(f"http://127.0.0.1:{port}", proc, log)
        data = tmp_path / "var"
        stored = redis.Redis(unix_socket_path=embedded.socket_path(str(data)), decode_responses=True)
        settings = {k: v for name in ("maxmemory*", "append*") for k, v in stored.config_get(name).items()}
        assert settings["maxmemory"] == str(512 * 1024 * 1024) and settings["maxmemory-policy"] == "noeviction"
        assert settings["appendonly"] == "yes" and settings["appendfsync"] == "everysec"
        assert stored.config_get("dir")["dir"] == str(data)
        assert not (tmp_path / ".gunicorn").exists()  # CONTROL_SOCKET unset: no control socket
        commands = {pid: read_proc(pid, "cmdline").split("\0") for pid in descendants(proc.pid)}
        served = [pid for pid, argv in commands.items() if "python" in argv[0] and "portside" in argv[1]]
        assert len(served) == 2 and all(open_files_allowed(pid) == hard for pid in served), commands
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=20)


def test_make_creates_the_venv_on_first_use_and_again_when_pyproject_changes(tmp_path):
    """The Quick start: "Both commands create .venv/ on first use (or when pyproject.toml changes)",
    and what `make test` installs. What make would run, asked with -n (nothing is installed: CI's
    `.ci/run` runs `make test` itself on a clean clone)."""

    # As typed in a shell: under `make test` (what CI runs) MAKELEVEL and MAKEFLAGS reach this make,
    # which then prints "Entering directory" lines around its commands.
    shell = {k: v for k, v in os.environ.items() if k not in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS")}

    def would_run(target: str) -> str:
        done = subprocess.run(
            ["make", "-n", target], cwd=tmp_path, env=shell, capture_output=True, text=True, check=True
        )
        return done.stdout

    shutil.copy2(ROOT / "Makefile", tmp_path / "Makefile")
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "tests" / "clients").mkdir(parents=True)
    (tmp_path / "tests" / "clients" / "package-lock.json").write_text("{}")
    for target in ("serve", "test"):
        assert "-m venv .venv" in would_run(target) and "pip install --quiet -e '.[dev]'" in would_run(target)
    testing = would_run("test")  # and what the tests need: Chromium and tmux from apt-get, the npm tools
    assert "apt-get install -y -qq chromium chromium-driver tmux" in testing and "npm ci" in testing
    assert testing.rstrip().endswith("pytest -n 3 -q")  # the whole suite, after lint and types
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / ".installed").touch()
    os.utime(tmp_path / "pyproject.toml", (0, 0))
    assert "pip install" not in would_run("serve")
    (tmp_path / "pyproject.toml").touch()  # changed after the install
    assert "pip install --quiet -e '.[dev]'" in would_run("serve")
