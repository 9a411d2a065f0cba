"""Spark on a standalone cluster (a master and 2 workers on loopback) against DuckDB, same run.

Data: benchmarks/scaled_data.py (Adult-like), seed 0 as the original table and seed 1 as the
synthetic one, each with a row_id (the input order), as Parquet tables of the cluster's catalog.
Jobs, the same as benchmarks/engines_1m.py:

* mpUCCs, n_cols 1-3 over six columns (positions through --key row_id: Spark has no row order);
* kanon on four QIDs with income as the sensitive attribute;
* Mondrian strict, k = 10, on six QIDs, its output written as a table of the catalog.

Results must equal DuckDB's (asserted). Baseline: DuckDB in the same run; printed: seconds, the
ratio to DuckDB, the number of Spark jobs of each run (from the driver's REST API), the shuffle
bytes written, and for mpUCCs the jobs and shuffle bytes of each combination size's statement,
for Mondrian per level. Targets (issue #27): 10M rows mpUCCs under 5 minutes, Mondrian k = 10
under 10 minutes, jobs per run independent of the row count.

Usage: python benchmarks/spark_cluster.py [--rows 1000000,10000000] [--worker-memory 6g]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import duckdb

import privrisk_sql as pr

from engines_1m import _rows_with_id, load_duckdb, run_jobs

_SIZE = re.compile(r"SELECT syn_rid, (\d+), MIN\(packed_match\)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_port(port: int, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


class Cluster:
    """A standalone master and two 1-core workers, as processes of this benchmark."""

    def __init__(self, worker_memory: str, work: Path):
        import pyspark

        self.home = Path(pyspark.__file__).parent
        self.env = {
            **os.environ,
            "SPARK_HOME": str(self.home),
            "SPARK_LOG_DIR": str(work),
            "SPARK_LOCAL_IP": "127.0.0.1",
            "SPARK_WORKER_DIR": str(work / "workers"),
        }
        self.port = _free_port()
        self.url = f"spark://127.0.0.1:{self.port}"
        spark_class = str(self.home / "bin" / "spark-class")
        self.procs = [
            subprocess.Popen(
                [
                    spark_class,
                    "org.apache.spark.deploy.master.Master",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                    "--webui-port",
                    str(_free_port()),
                ],
                env=self.env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        ]
        _wait_port(self.port)
        for _ in range(2):
            self.procs.append(
                subprocess.Popen(
                    [
                        spark_class,
                        "org.apache.spark.deploy.worker.Worker",
                        self.url,
                        "--cores",
                        "1",
                        "--memory",
                        worker_memory,
                        "--host",
                        "127.0.0.1",
                        "--webui-port",
                        str(_free_port()),
                    ],
                    env=self.env,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )

    def stop(self) -> None:
        for p in reversed(self.procs):
            p.terminate()
            p.wait(timeout=30)


class JobMeter:
    """Spark jobs and shuffle bytes written per statement: each statement's jobs run in a job group
    of their own (set just before it, through Source.echo), read back from the driver's REST API."""

    def __init__(self, session):
        self.sc = session.sparkContext
        self.base = f"{self.sc.uiWebUrl}/api/v1/applications/{self.sc.applicationId}"
        self.sql: dict[str, str] = {}
        self._seen: set[str] = set()

    def before(self, sql: str) -> None:
        group = f"stmt{len(self.sql)}"
        self.sql[group] = sql
        self.sc.setJobGroup(group, sql[:80])

    def _get(self, what: str):
        with urllib.request.urlopen(f"{self.base}/{what}", timeout=30) as r:
            return json.load(r)

    def take(self) -> list[tuple[str, int, int]]:
        """(sql, jobs, shuffle bytes written) of the statements since the last call."""
        time.sleep(3)  # the listener bus reports finished jobs a moment later
        jobs = self._get("jobs")
        shuffle = {s["stageId"]: s.get("shuffleWriteBytes", 0) for s in self._get("stages")}
        out = []
        for group, sql in self.sql.items():
            if group in self._seen:
                continue
            mine = [j for j in jobs if j.get("jobGroup") == group]
            out.append((sql, len(mine), sum(shuffle.get(st, 0) for j in mine for st in j["stageIds"])))
            self._seen.add(group)
        return out


def metered(meter: JobMeter):
    """An after_job for engines_1m.run_jobs: the Spark jobs and shuffle bytes of each job."""

    def after_job(name: str, out: dict) -> None:
        rows = meter.take()
        out[f"{name}_jobs"] = sum(r[1] for r in rows)
        out[f"{name}_shuffle"] = sum(r[2] for r in rows)
        if name == "mpuccs":
            out["mpuccs_by_size"] = {int(m.group(1)): (r[1], r[2]) for r in rows if (m := _SIZE.search(r[0]))}
        if name == "mondrian":
            out["mondrian_levels"] = out["mondrian"][-1]

    return after_job


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", default="1000000,10000000")
    ap.add_argument("--worker-memory", default="6g")
    args = ap.parse_args()
    from pyspark.sql import SparkSession

    with tempfile.TemporaryDirectory(prefix="privrisk_cluster_") as tmp:
        work = Path(tmp)
        cluster = Cluster(args.worker_memory, work)
        try:
            started = time.perf_counter()
            session = (
                SparkSession.builder.master(cluster.url)
                .appName("privrisk_sql benchmark")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.executor.memory", args.worker_memory)
                .config("spark.sql.warehouse.dir", str(work / "warehouse"))
                .config("spark.ui.retainedJobs", "100000")
                .config("spark.ui.retainedStages", "100000")
                .config("spark.ui.showConsoleProgress", "false")
                .getOrCreate()
            )
            session.sparkContext.setLogLevel("ERROR")
            session.sql("SELECT COUNT(*) FROM range(1000000)").collect()  # executors up
            executors = session.sparkContext._jsc.sc().getExecutorMemoryStatus().size() - 1
            print(
                f"cluster {cluster.url}: session and first job in {time.perf_counter() - started:.1f} s, "
                f"{executors} executors",
                flush=True,
            )
            print(
                "rows,engine,mpuccs_s,kanon_s,mondrian_s,mpuccs_ratio,kanon_ratio,mondrian_ratio,"
                "mpuccs_jobs,kanon_jobs,mondrian_jobs,mondrian_levels,statements_per_level",
                flush=True,
            )
            for n in (int(x.replace("_", "")) for x in args.rows.split(",")):
                base = run_jobs(load_duckdb(n), "duckdb")
                for seed, name in ((0, "adult_ori"), (1, "adult_syn")):
                    path = work / f"{name}_{n}.parquet"
                    duckdb.sql(f"COPY ({_rows_with_id(n, seed)}) TO '{path}' (FORMAT parquet)")
                    session.sql(f"DROP TABLE IF EXISTS {name}")
                    session.sql(f"CREATE TABLE {name} USING parquet AS SELECT * FROM parquet.`{path}`")
                meter = JobMeter(session)
                src = pr.connect(session)
                src.echo = meter.before
                spark = run_jobs(src, "spark", metered(meter))
                for job in ("mpuccs", "kanon", "mondrian"):
                    assert spark[job] == base[job], (n, job, spark[job], base[job])
                for label, r in (("duckdb", base), ("spark", spark)):
                    jobs = (
                        f"{r['mpuccs_jobs']},{r['kanon_jobs']},{r['mondrian_jobs']},{r['mondrian_levels']}"
                        if "mpuccs_jobs" in r
                        else ",,,"
                    )
                    print(
                        f"{n},{label},{r['mpuccs_s']:.1f},{r['kanon_s']:.1f},{r['mondrian_s']:.1f},"
                        f"{r['mpuccs_s'] / base['mpuccs_s']:.1f},{r['kanon_s'] / base['kanon_s']:.1f},"
                        f"{r['mondrian_s'] / base['mondrian_s']:.1f},{jobs},{r['statements_per_level']:.1f}",
                        flush=True,
                    )
                for size, (jobs, shuffle) in sorted(spark["mpuccs_by_size"].items()):
                    print(f"{n}: mpUCCs size {size}: {jobs} jobs, {shuffle / 1e6:.1f} MB shuffled", flush=True)
                print(
                    f"{n}: mpUCCs {spark['mpuccs_jobs']} jobs, {spark['mpuccs_shuffle'] / 1e6:.1f} MB shuffled; "
                    f"kanon {spark['kanon_jobs']} jobs, {spark['kanon_shuffle'] / 1e6:.1f} MB; Mondrian "
                    f"{spark['mondrian_jobs'] / spark['mondrian_levels']:.1f} jobs and "
                    f"{spark['mondrian_shuffle'] / spark['mondrian_levels'] / 1e6:.1f} MB per level "
                    f"({spark['mondrian_levels']} levels)",
                    flush=True,
                )
                print(f"{n}: same mpUCCs, kanon and Mondrian results on DuckDB and Spark", flush=True)
            session.stop()
        finally:
            cluster.stop()


if __name__ == "__main__":
    main()
