#!/usr/bin/env bash
# SDC4Society's k_anonymization (its ClassicMondrian) in its own venv, from a checkout of
# github.com/SDC4Society/k_anonymization (never a dependency of privrisk_sql; not on PyPI). Its
# version comes from git (setuptools-scm): an exported tree has none, so it is given as 0.0.0.
# Usage: bash benchmarks/setup_sdc4society.sh CHECKOUT [VENV_DIR]   (default benchmarks/.venv-sdc4society)
set -euo pipefail
checkout=$1
venv=${2:-"$(dirname "$0")/.venv-sdc4society"}
probe="from k_anonymization.algorithms.local_recoding.mondrian import ClassicMondrian"
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "$probe" 2>/dev/null; then
  echo "$venv"; exit 0
fi
python3 -m venv "$venv"
SETUPTOOLS_SCM_PRETEND_VERSION=0.0.0 "$venv/bin/pip" install -q 'pandas<3' numpy "$checkout"
"$venv/bin/python" -c "$probe"
echo "$venv"
