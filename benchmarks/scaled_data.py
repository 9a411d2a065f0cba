"""The benchmarks' data: Adult-like rows at any scale, made by the project's own generator.

Each row is a row of the bundled UCI Adult file (fixtures/adult/ori.csv, 32,561 rows) drawn with
replacement, its numbers jittered so that the data grows without becoming copies of few rows:

* age: +/- up to 2 years, kept in 17..90;
* fnlwgt: +/- up to 5 %, at least 1;
* hours_per_week: +/- up to 2 hours on about half the rows, kept in 1..99;
* capital_gain / capital_loss: non-zero values +/- up to 5 %, at most 99,999;
* text columns and education_num as drawn (NULLs kept).

DuckDB does the work (one COPY statement), so 10M rows take seconds. Every draw is a hash of the
row number and the seed: the same (n, seed) always gives the same file, on any machine.

    python benchmarks/scaled_data.py 1000000 [--seed 0]   # prints the path it wrote (or found)
"""

from __future__ import annotations

import argparse
from pathlib import Path

import duckdb

HERE = Path(__file__).resolve().parent
ADULT = HERE.parent / "fixtures" / "adult" / "ori.csv"
DATA = HERE / "data"
GENERATOR_VERSION = 1  # part of the file name: a change to the generator never reuses old files

# One uniform draw in [0, 1) per (row, seed, purpose): the hash of the three, scaled.
_U = "(hash(r.i, {seed}, {purpose}) % 1000000) / 1000000.0"


def _sql(n: int, seed: int, out: Path) -> str:
    def u(purpose: int) -> str:
        return _U.format(seed=int(seed), purpose=purpose)

    return f"""
    COPY (
      WITH adult AS (SELECT *, row_number() OVER () - 1 AS src FROM read_csv('{ADULT}')),
      draws AS (
        SELECT r.i, hash(r.i, {int(seed)}, 0) % (SELECT count(*) FROM adult) AS src,
               {u(1)} AS u_age, {u(2)} AS u_fnlwgt, {u(3)} AS u_hours, {u(4)} AS u_hours_on,
               {u(5)} AS u_gain, {u(6)} AS u_loss
        FROM range({int(n)}) r(i)
      )
      SELECT
        CAST(least(90, greatest(17, a.age + floor(d.u_age * 5) - 2)) AS INTEGER) AS age,
        a.workclass,
        CAST(greatest(1, round(a.fnlwgt * (0.95 + 0.1 * d.u_fnlwgt))) AS INTEGER) AS fnlwgt,
        a.education, CAST(a.education_num AS INTEGER) AS education_num, a.marital_status,
        a.occupation, a.relationship, a.race, a.sex,
        CAST(CASE WHEN a.capital_gain = 0 THEN 0
                  ELSE least(99999, round(a.capital_gain * (0.95 + 0.1 * d.u_gain))) END AS INTEGER)
          AS capital_gain,
        CAST(CASE WHEN a.capital_loss = 0 THEN 0
                  ELSE least(99999, round(a.capital_loss * (0.95 + 0.1 * d.u_loss))) END AS INTEGER)
          AS capital_loss,
        CAST(CASE WHEN d.u_hours_on < 0.5 THEN a.hours_per_week
                  ELSE least(99, greatest(1, a.hours_per_week + floor(d.u_hours * 5) - 2)) END
             AS INTEGER) AS hours_per_week,
        a.native_country, a.income
      FROM draws d JOIN adult a USING (src)
      ORDER BY d.i
    ) TO '{out}' (FORMAT parquet, COMPRESSION zstd)
    """


def scaled(n: int, seed: int = 0) -> Path:
    """benchmarks/data/adult_<n>_s<seed>_g<version>.parquet, made if it is not there yet."""
    DATA.mkdir(exist_ok=True)
    path = DATA / f"adult_{n}_s{seed}_g{GENERATOR_VERSION}.parquet"
    if not path.exists():
        tmp = path.with_suffix(".parquet.tmp")
        con = duckdb.connect()
        try:
            con.execute(_sql(n, seed, tmp))
        finally:
            con.close()
        tmp.replace(path)  # a killed run leaves a .tmp, never a short file under the real name
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=lambda s: int(s.replace("_", "")))
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    print(scaled(a.n, a.seed))


if __name__ == "__main__":
    main()
