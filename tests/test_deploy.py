"""The deployment files, checked as their tools would: hadolint on the Dockerfile, the
Compose specification's JSON schema on the compose file, the Kubernetes API schemas
(kubernetes-validate, strict) on the manifests, plus what each must say for Portside.
No Docker engine runs here, so nothing is built or started from them; the image's
entrypoint (`portside serve` from a non-editable install) is tested in tests/e2e/test_install.py."""

from __future__ import annotations

import runpy
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
BIN = Path(sys.executable).parent


def tool(name: str) -> str:
    path = BIN / name
    return str(path) if path.exists() else shutil.which(name) or name


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=120)


def gunicorn_settings() -> dict:
    return runpy.run_path(str(ROOT / "service" / "gunicorn_conf.py"))


def manifests() -> list[dict]:
    return [
        doc
        for path in sorted((DEPLOY / "kubernetes").glob("*.yaml"))
        for doc in yaml.safe_load_all(path.read_text())
        if doc
    ]


def by_kind(kind: str, name: str) -> dict:
    return next(d for d in manifests() if d["kind"] == kind and d["metadata"]["name"] == name)


def version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


# --- Dockerfile ------------------------------------------------------------------


def test_hadolint_finds_nothing_in_the_dockerfile():
    result = run(tool("hadolint"), "deploy/Dockerfile")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_image_runs_as_a_numeric_user_with_a_healthcheck_and_a_writable_data_dir():
    lines = [line.strip() for line in (DEPLOY / "Dockerfile").read_text().splitlines()]
    user = next(line for line in lines if line.startswith("USER "))
    assert user.split()[1].replace(":", "").isdigit() and not user.split()[1].startswith("0")
    assert any(line.startswith("HEALTHCHECK ") for line in lines)
    text = (DEPLOY / "Dockerfile").read_text()
    assert "PORTSIDE_DATA_DIR=/data" in text and "chown 10001:10001 /data" in text
    assert lines[-1] == 'CMD ["portside", "serve"]' and "HOST=0.0.0.0" in text


def test_the_build_context_holds_only_what_the_image_needs():
    rules = [r for r in (ROOT / ".dockerignore").read_text().splitlines() if r and not r.startswith("#")]
    assert rules[0] == "*"
    assert {r for r in rules if r.startswith("!")} == {"!pyproject.toml", "!README.md", "!engine/", "!service/"}


def test_the_procfile_listens_on_every_interface_on_the_platforms_port():
    assert (ROOT / "Procfile").read_text().strip() == "web: portside serve --host 0.0.0.0 --port $PORT"


# --- Compose -----------------------------------------------------------------------


def compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def test_the_compose_file_follows_the_compose_specification():
    result = run(tool("check-jsonschema"), "--builtin-schema", "vendor.compose-spec", "deploy/compose.yaml")
    assert result.returncode == 0, result.stdout + result.stderr


def test_compose_waits_for_a_healthy_redis_restarts_and_limits_every_service():
    services = compose()["services"]
    assert services["portside"]["depends_on"]["redis"]["condition"] == "service_healthy"
    for name, service in services.items():
        assert service.get("restart") in ("unless-stopped", "always", "no"), name
        if name != "redis-cluster-init":
            assert "healthcheck" in service, name
            assert service["deploy"]["resources"]["limits"]["memory"], name
    redis = " ".join(services["redis"]["command"])
    assert "--appendonly yes" in redis and "--maxmemory-policy noeviction" in redis


def test_compose_has_an_optional_cluster_profile():
    services = compose()["services"]
    cluster = {name for name, service in services.items() if "cluster" in service.get("profiles", [])}
    assert {"redis-node-1", "redis-node-2", "redis-node-3", "redis-cluster-init", "portside-cluster"} <= cluster
    assert services["portside-cluster"]["environment"]["REDIS_CLUSTER"] == "1"
    assert not [name for name in ("redis", "portside") if services[name].get("profiles")]


# --- Kubernetes --------------------------------------------------------------------


def test_the_manifests_pass_the_kubernetes_schemas_strictly():
    files = sorted(str(p.relative_to(ROOT)) for p in (DEPLOY / "kubernetes").glob("*.yaml"))
    result = run(tool("kubernetes-validate"), "--strict", *files)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("passed") == len(manifests())


def test_the_deployment_is_pinned_locked_down_probed_and_outlives_the_graceful_timeout():
    pod = by_kind("Deployment", "portside")["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    assert container["image"] == f"portside:{version()}"
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    assert container["securityContext"]["allowPrivilegeEscalation"] is False
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    # A pod stops being sent new connections only some seconds after it is told to stop: it serves on
    # through a preStop pause meanwhile (without one, an ingress answered 502 to what reached it then).
    pause = container["lifecycle"]["preStop"]["sleep"]["seconds"]
    assert pause >= 5 and pod["terminationGracePeriodSeconds"] > pause + gunicorn_settings()["graceful_timeout"]
    mounts = {m["mountPath"] for m in container["volumeMounts"]}
    assert "/tmp" in mounts  # gunicorn and the metrics directory write there; the rest is read-only


def test_the_service_is_autoscaled_and_never_all_evicted_at_once():
    assert by_kind("PodDisruptionBudget", "portside")["spec"]["minAvailable"] >= 1
    hpa = by_kind("HorizontalPodAutoscaler", "portside")["spec"]
    assert hpa["scaleTargetRef"]["name"] == "portside" and hpa["minReplicas"] >= 2


def test_redis_is_a_stateful_set_with_an_append_only_file_on_a_persistent_volume():
    redis = by_kind("StatefulSet", "redis")["spec"]
    args = " ".join(redis["template"]["spec"]["containers"][0]["args"])
    assert "--appendonly yes" in args and "--maxmemory-policy noeviction" in args
    assert redis["volumeClaimTemplates"][0]["spec"]["resources"]["requests"]["storage"]
    env = by_kind("Deployment", "portside")["spec"]["template"]["spec"]["containers"][0]["env"]
    assert {"name": "REDIS_URL", "value": "redis://redis-0.redis:6379/0"} in env
