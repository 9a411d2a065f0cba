"""The benchmarks' data: ../shared/data/scale.py's Adult-like Parquet file of n rows, written once
into benchmarks/data/ and reused by every later run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCALE = HERE.parents[1] / "shared" / "data" / "scale.py"
DATA = HERE / "data"


def scaled(n: int, seed: int = 0) -> Path:
    """benchmarks/data/adult_<n>_s<seed>.parquet, made by scale.py if it is not there yet."""
    DATA.mkdir(exist_ok=True)
    path = DATA / f"adult_{n}_s{seed}.parquet"
    if not path.exists():
        subprocess.run([sys.executable, str(SCALE), str(n), str(path), "--seed", str(seed)], check=True,
                       stdout=subprocess.DEVNULL)
    return path
