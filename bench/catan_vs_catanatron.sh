#!/usr/bin/env bash
# Catan engine benchmark beside catanatron 3.2.1, installed in its own venv
# (bench/.venv-catanatron, git-ignored), never a dependency of the project.
# Usage: bench/catan_vs_catanatron.sh [--games N] [--seed S]
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=bench/.venv-catanatron
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import catanatron" 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q "catanatron==3.2.1"
fi
echo '*' > "$VENV/.gitignore"
exec .venv/bin/python bench/catan_vs_catanatron.py --catanatron-python "$VENV/bin/python" "$@"
