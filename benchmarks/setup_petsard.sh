#!/usr/bin/env bash
# PETsARD 1.7.0 in its own venv (never a dependency of privrisk_sql). Its wheel declares no
# dependencies but imports them all; torch 2.13.0 CPU comes from the machine's local file.
# Usage: bash benchmarks/setup_petsard.sh [VENV_DIR]   (default benchmarks/.venv-petsard)
set -euo pipefail
venv=${1:-"$(dirname "$0")/.venv-petsard"}
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import petsard" 2>/dev/null; then
  echo "$venv"; exit 0
fi
python3 -m venv "$venv"
"$venv/bin/pip" install -q torch==2.13.0
"$venv/bin/pip" install -q petsard==1.7.0 'pandas<3' numpy tqdm pyyaml sdv sdmetrics xgboost anonymeter
"$venv/bin/python" -c "import petsard" >/dev/null
echo "$venv"
