"""The benchmark scripts' cheapest modes run from a clone (they are not part of the suite's
claims; docs/ quotes their full runs). A script that cannot find its bundled data fails here."""

from __future__ import annotations

import subprocess
import sys

from backends import ROOT


def test_mondrian_vs_reference_compares_on_the_bundled_adult():
    # --rows '' --skip-10m: only the Adult comparison (their README's figures, ours in two orders)
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "mondrian_vs_reference.py"), "--rows", "",
                        "--skip-10m"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Adult 30162 rows, 8 QIDs, k=10" in r.stdout
    for mode in ("strict", "relaxed"):
        assert f"{mode}: their README" in r.stdout
    assert r.stdout.count("ours, the default ") == 2 and r.stdout.count("ours, first-appearance order ") == 2
