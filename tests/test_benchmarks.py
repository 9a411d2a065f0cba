"""The benchmark scripts' cheapest modes run from a clone (they are not part of the suite's
claims; docs/ quotes their full runs). A script that cannot find its bundled data fails here."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from backends import ROOT


def test_mondrian_vs_reference_compares_on_the_bundled_adult():
    # --rows '' --skip-10m: only the Adult comparison (their README's figures, ours in two orders)
    r = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "mondrian_vs_reference.py"), "--rows", "", "--skip-10m"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Adult 30162 rows, 8 QIDs, k=10" in r.stdout
    for mode in ("strict", "relaxed"):
        assert f"{mode}: their README" in r.stdout
    assert r.stdout.count("ours, the default ") == 2 and r.stdout.count("ours, first-appearance order ") == 2


def test_mondrian_vs_reference_jobs_agree_on_partitions_and_gcp(tmp_path, monkeypatch):
    """The benchmark's in-memory job builds the same partitions and GCP as ours (it asserts both);
    its GCP once measured text columns as ranges after ours had made them categories."""
    import importlib.util

    import duckdb

    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location(
        "mondrian_vs_reference", ROOT / "benchmarks" / "mondrian_vs_reference.py"
    )
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    path = tmp_path / "adult_3000.parquet"
    with duckdb.connect() as con:
        con.execute(
            "COPY (SELECT * FROM read_csv(?) LIMIT 3000) TO '" + str(path) + "' (FORMAT parquet)", [str(bench.ADULT)]
        )
    monkeypatch.setattr(bench, "scaled", lambda n, seed=0: path)
    rows = bench.compare([3000], [10])
    assert len(rows) == len(bench.QID_SETS)
    assert all(r["gcp"] == pytest.approx(r["reference_gcp"], abs=1e-9) and r["partitions"] > 1 for r in rows)


def test_mondrian_hierarchy_scale_runs_small():
    # its own checks: the two ways of loading a tree give the same ancestor table, and a tree
    # whose values the table mostly lacks sends few nodes; its work folder is gone after (every
    # run of the suite left one in /tmp)
    folders = set(Path(tempfile.gettempdir()).glob("privrisk_bench_*"))
    r = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "mondrian_hierarchy_scale.py"),
            "--rows",
            "4000",
            "--leaves",
            "2000",
            "--repeats",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert "a tree of 2,000 postcodes (2,224 nodes, 12,000 value-depth rows)" in r.stdout
    assert set(Path(tempfile.gettempdir()).glob("privrisk_bench_*")) <= folders
    assert "x faster" in r.stdout and "the tree costs" in r.stdout


def test_mpuccs_two_connections_runs_small():
    # its own check: the statements split over two connections answer as they do on one
    r = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "mpuccs_two_connections.py"), "--pairs", "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    assert "the same rows from every query, both ways" in r.stdout and "two / one, pair by pair" in r.stdout


def test_sqlite_mpuccs_runs_small():
    # its own check: the previous coded-rows shape and SQLite's give the same result
    r = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "sqlite_mpuccs.py"), "--rows", "1000", "--repeat", "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    assert r.stdout.splitlines()[-1].endswith("yes"), r.stdout


def test_mariadb_rank_map_runs_small():
    # its own check: the TEXT map and the shipped one code every row
    from conftest import require_server

    from backends import server_url

    require_server("mysql")
    r = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "mariadb_rank_map.py"),
            "--db",
            server_url("mysql"),
            "--rows",
            "2000",
            "--values",
            "500",
            "--repeats",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert "2,000 rows, 500 postcodes" in r.stdout and "x faster" in r.stdout


def test_wide_1m_memory_runs_small():
    """benchmarks/wide_1m_memory.py at 20k rows: every command runs on the 30-column table, the
    bounded ones under their --db URL's memory_limit, and each line is a peak RSS and a ratio."""
    r = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "wide_1m_memory.py"), "--rows", "20000"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    lines = [line for line in r.stdout.splitlines() if "peak RSS" in line]
    assert len(lines) == 8  # the copy floor and seven commands
    assert all(line.endswith("ok") for line in lines[1:]), r.stdout


def test_mondrian_release_files_runs_small():
    """benchmarks/mondrian_release_files.py at 20k rows: the three jobs run, every output holds
    every row (asserted by the script), and each file job has its ratio to the table."""
    r = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "mondrian_release_files.py"), "--rows", "20000", "--rounds", "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    ratios = [line for line in r.stdout.splitlines() if line.startswith("release.") and "peak RSS" in line]
    assert len(ratios) == 2, r.stdout
