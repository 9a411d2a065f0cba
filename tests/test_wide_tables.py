"""Wide tables in mpUCCs: combinations produced level by level, a stop honoured during planning,
the count said at once, and no 32-bit arithmetic on packed ids."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time

import pytest

import privrisk_sql as pr
from privrisk_sql.metrics.mpuccs import plan as mpuccs_plan

from backends import FIXTURES

HAND = FIXTURES / "handcheck"

# Runs the CLI in a child limited to 2 GiB of address space, and prints its exit code and peak RSS:
# its own (VmHWM), not ru_maxrss, which Linux carries across exec from the process that spawned
# it: the pytest process past 1 GiB failed this test with its own size (1,089,120 kB, twice).
_CHILD = """
import json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
from privrisk_sql.cli import main
code = main(sys.argv[1:])
peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(json.dumps({"code": code, "rss_kb": peak}))
"""


def _wide_csv(path, n_cols=40, n_rows=300, seed=0):
    rnd = random.Random(seed)
    lines = [",".join(f"c{i}" for i in range(n_cols))]
    lines += [",".join(str(rnd.randrange(5)) for _ in range(n_cols)) for _ in range(n_rows)]
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("stop", ["timeout", "sigint"])
def test_forty_columns_default_sizes_stop_in_time_in_bounded_memory(tmp_path, stop):
    ballast = bytearray(1100 << 20)  # this process past 1 GiB, as the whole suite's grows to be
    ballast[:: 1 << 12] = b"\x01" * len(range(0, len(ballast), 1 << 12))  # every page touched
    ori, syn = _wide_csv(tmp_path / "ori.csv"), _wide_csv(tmp_path / "syn.csv", seed=1)
    args = ["mpuccs", "--ori", str(ori), "--syn", str(syn), "--quiet"]
    if stop == "timeout":
        args += ["--timeout", "3"]
    started = time.monotonic()
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    if stop == "sigint":
        time.sleep(4)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
    try:
        out, err = child.communicate(timeout=40)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        pytest.fail("the run did not stop")
    ended = time.monotonic()
    assert child.returncode == 0, err  # the child script itself ended normally
    report = json.loads(out.strip().splitlines()[-1])
    assert report["code"] == 3, err
    if stop == "timeout":
        assert ended - started < 3 + 5  # interpreter start-up and DuckDB's import included
    else:
        assert ended - sent < 2
    assert report["rss_kb"] < 1024 * 1024  # under 1 GiB
    # The count, at once, with the hint.
    assert "1,099,511,627,775 combinations of 40 columns" in err
    assert "--n-cols" in err


@pytest.mark.filterwarnings("ignore:.*given as both ori and syn")  # on purpose here
def test_packed_match_passes_two_to_the_31(backend, monkeypatch):
    # combo id * radix > 2^31 with both factors below it: check orders shifted by 2^29, times
    # 5 original rows. 32-bit arithmetic overflows (DuckDB INTEGER, PostgreSQL integer).
    ori, syn = backend.load(HAND / "ori.csv"), backend.load(HAND / "syn.csv")
    expected = pr.mpuccs(backend.source(), ori, syn, key=backend.key).to_dict()
    shift = 2**29
    real = mpuccs_plan.check_order
    monkeypatch.setattr(mpuccs_plan, "check_order", lambda positions, sizes: real(positions, sizes) + shift)
    got = pr.mpuccs(backend.source(), ori, syn, key=backend.key).to_dict()
    assert shift * 5 > 2**31
    assert got["global"] == expected["global"]
    assert got["details"] == expected["details"]
    assert [t["check_order"] - shift for t in got["tree"]] == [t["check_order"] for t in expected["tree"]]


def test_levels_are_produced_lazily():
    # 60 columns: a whole level would be C(60, 30) = 1.2e17 combinations; taking three is instant.
    it = mpuccs_plan.level(60, 30, list(range(1, 61)))
    first = [next(it) for _ in range(3)]
    assert [c.positions[:2] for c in first] == [(0, 1)] * 3
    assert first[0].base == first[0].positions[:29]
    assert mpuccs_plan.count_combinations(60, range(1, 61)) == 2**60 - 1


def test_the_time_estimate_grows_with_combination_size():
    # 5 columns, sizes 1-5; sizes 2 and 3 took 2 s and 3 s a combination: size s takes s s.
    measured = [(1, 5.0), (2, 20.0), (3, 30.0)]
    assert mpuccs_plan.estimate_seconds(5, range(1, 6), measured) == 5 + 20 + 30 + 5 * 4 + 1 * 5
    # One level measured: every combination costs what that level's did.
    assert mpuccs_plan.estimate_seconds(4, [1, 2, 3, 4], [(1, 4.0)]) == 15.0
    # A cheaper later level (a statement's fixed costs over more combinations) does not make the
    # larger combinations cheaper: they cost what the dearest level did.
    assert mpuccs_plan.estimate_seconds(4, [1, 2, 3, 4], [(1, 4.0), (2, 3.0)]) == 4 + 3 + (4 + 1) * 1.0
    # Sizes that skip: the line runs through the sizes measured.
    assert mpuccs_plan.estimate_seconds(6, [1, 3, 5], [(1, 6.0), (3, 60.0)]) == 6 + 60 + 6 * 5


def test_a_large_run_estimates_its_time_from_its_first_three_levels(tmp_path, caplog):
    # The estimate after the first level alone took every combination to cost what one column's
    # did: on the bundled 15-column pair it said 34 s of a 105 s run.
    ori, syn = _wide_csv(tmp_path / "ori.csv", n_cols=14), _wide_csv(tmp_path / "syn.csv", n_cols=14, seed=1)

    class Enough(Exception):
        pass

    def progress(done, total):
        if done > 14 + 91 + 364:  # into the fourth level: the estimate is said by then
            raise Enough

    with caplog.at_level("WARNING", logger="privrisk_sql"), pytest.raises(Enough):
        pr.mpuccs(None, str(ori), str(syn), progress=progress)
    said = [r.getMessage() for r in caplog.records if "would take" in r.getMessage()]
    assert len(said) == 1, said
    assert "the first 469 combinations (sizes 1-3) took " in said[0]
    assert "all 16,383 would take about " in said[0]
    assert "or more" not in said[0]


def test_a_wide_run_estimates_its_time_before_a_large_level():
    # Where the next level is large itself (150 columns: 11,175 pairs), waiting for it would leave
    # the user without an estimate for minutes: the levels before it give it.
    from privrisk_sql.metrics.mpuccs.driver import _estimate_after

    assert _estimate_after(150, range(1, 151)) == 0
    assert _estimate_after(40, range(1, 41)) == 2  # C(40, 3) = 9,880 triples
    assert _estimate_after(14, range(1, 15)) == 2
    assert _estimate_after(30, [3]) == 0
    assert _estimate_after(30, [1, 2]) == 1
