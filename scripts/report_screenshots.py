"""Make the report screenshots of docs/guides/reports.md: each command run with --html on the
bundled Adult pair (embedded DuckDB), then the page photographed by headless Chromium. One run
per metric of the registry (tests/test_docs.py keeps the two in step, and the page showing each).

Usage: python scripts/report_screenshots.py   (needs chromium on PATH; writes docs/img/report-*.png)
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = {
    "mpuccs": [
        "--ori",
        "fixtures/adult/ori.csv",
        "--syn",
        "fixtures/adult/syn.csv",
        "--columns",
        "age,sex,race,education",
        "--n-cols",
        "1,2,3",
        "--fail-above",
        "0.05",
        "--quiet",
    ],
    "kanon": [
        "--table",
        "fixtures/adult/ori.csv",
        "--qids",
        "age,sex,race",
        "--sensitive",
        "income,education",
        "--k",
        "5",
    ],
    "cavg": ["--table", "fixtures/adult/ori.csv", "--qids", "sex,race,education", "--k", "5"],
    "mondrian": [
        "--table",
        "fixtures/adult/ori.csv",
        "--qids",
        "age,sex,race,education_num",
        "--k",
        "10",
        "--output",
        "released",
    ],
    "risk": [
        "--table",
        "fixtures/adult/ori.csv",
        "--qids",
        "age,sex,race,education",
        "--population-size",
        "50000000",
    ],
}


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for command, args in RUNS.items():
            page = Path(tmp) / f"{command}.html"
            db = ["--db", str(Path(tmp) / "w.duckdb")] if command == "mondrian" else []
            run = subprocess.run(
                [sys.executable, "-m", "privrisk_sql.cli", command, *args, *db, "--html", str(page)],
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
            # exit 1 is a threshold's verdict (mpUCCs' --fail-above); anything else wrote no page
            if run.returncode not in (0, 1) or not page.exists():
                sys.exit(f"{command}: exit {run.returncode}, no page: {run.stderr.strip()}")
            shot = ROOT / "docs" / "img" / f"report-{command}.png"
            subprocess.run(
                [
                    "chromium",
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--window-size=1100,1500",
                    f"--user-data-dir={tmp}/profile",
                    f"--screenshot={shot}",
                    page.as_uri(),
                ],
                check=True,
                capture_output=True,
            )
            print(shot.relative_to(ROOT), shot.stat().st_size)


if __name__ == "__main__":
    main()
