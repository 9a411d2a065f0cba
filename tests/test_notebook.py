"""In a real Jupyter kernel (ipykernel, driven by nbclient as a notebook front end drives it; it
listens on 127.0.0.1): a result shows its page, a run knows a person is watching, and progress is
drawn as a notebook shows it."""

from __future__ import annotations

import re

import nbclient
import nbformat

from backends import FIXTURES

ADULT = FIXTURES / "adult"


def _run(*cells: str) -> list[list[dict]]:
    """Each cell's outputs, after running the cells in order in a fresh python3 kernel."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3").execute()
    return [list(cell.outputs) for cell in notebook.cells]


def _stream(outputs: list[dict], name: str) -> str:
    return "".join(o["text"] for o in outputs if o["output_type"] == "stream" and o["name"] == name)


def _as_shown(text: str) -> list[str]:
    """The lines a notebook shows for stream text: a carriage return starts its line over."""
    return [line.rsplit("\r", 1)[-1] for line in text.split("\n") if line.rsplit("\r", 1)[-1].strip()]


def test_a_result_shows_its_page_and_a_run_knows_a_person_is_watching():
    cells = _run(
        f"import privrisk_sql as pr\nr = pr.kanon(None, {str(ADULT / 'ori.csv')!r}, ['age', 'sex', 'race'], k=5)\nr",
        "from privrisk_sql.progress import interactive\ninteractive()",
        f"pr.singling_out_rate(None, {str(ADULT / 'ori.csv')!r}, {str(ADULT / 'syn.csv')!r}, ['age', 'sex', 'race'])",
    )
    shown = next(o for o in cells[0] if o["output_type"] == "execute_result")["data"]
    assert "<svg" in shown["text/html"] and "k-anonymity" in shown["text/html"]
    assert "'k_anonymity': 1" in shown["text/plain"]
    assert _stream(cells[0], "stderr") == ""  # a short run draws no progress
    assert next(o for o in cells[1] if o["output_type"] == "execute_result")["data"]["text/plain"] == "True"
    # the dbt check's Python twin shows its rate and combinations as a table (it showed a repr)
    singled = next(o for o in cells[2] if o["output_type"] == "execute_result")["data"]["text/html"]
    assert "singling-out rate" in singled and "<table" in singled and "<th>age</th>" in singled


def test_progress_is_redrawn_in_place_in_a_notebook():
    """A notebook's stderr is no terminal, so each progress line was written as a new line, one
    every 10 s (a CI log's way): a notebook kept every one of them, where a terminal redraws one
    line. A notebook shows a carriage return as a terminal does: redrawn in place, as there."""
    cells = _run(
        "import time\nimport privrisk_sql as pr\nfrom privrisk_sql.progress import ProgressBar, StatusLine\n"
        "bar = ProgressBar(delay=0)\n"
        "for done in range(4):\n    bar(done, 4)\n    time.sleep(0.3)\n"
        "r = pr.mpuccs(None, "
        f"{str(ADULT / 'ori.csv')!r}, {str(ADULT / 'syn.csv')!r}, columns=['age', 'sex', 'race'], progress=bar)\n"
        "print(r.global_['total_combinations_checked'].iloc[0])",
        "status = StatusLine(delay=0)\nfor level in range(1, 4):\n    status(level, level * 10)\n    time.sleep(0.3)\n"
        "status.close()",
        "from privrisk_sql.progress import ElapsedLine\nwith ElapsedLine('kanon', delay=0):\n    time.sleep(0.7)",
    )
    bar_text, status_text = _stream(cells[0], "stderr"), _stream(cells[1], "stderr")
    elapsed_text = _stream(cells[2], "stderr")  # drawn by a thread of its own, in its cell
    assert elapsed_text.count("\r") >= 2 and len(_as_shown(elapsed_text)) == 1
    assert re.fullmatch(r"kanon: running, \ds elapsed *", _as_shown(elapsed_text)[0])
    assert _stream(cells[0], "stdout") == "7\n"
    assert bar_text.count("\r") >= 4 and _as_shown(bar_text) == [
        next(line for line in _as_shown(bar_text) if "7/7 combinations" in line)
    ]
    assert "[##############################] 7/7 combinations" in _as_shown(bar_text)[0]
    assert _as_shown(status_text) == [line for line in _as_shown(status_text) if "level 3, 30 cuts" in line]
    assert len(_as_shown(status_text)) == 1


def test_interrupting_the_kernel_stops_a_run_and_leaves_nothing(tmp_path):
    """The notebook's stop button (the kernel interrupted, SIGINT) during a Mondrian run: the cell
    ends with KeyboardInterrupt within seconds, the database file holds its input alone (no
    output, no staging table), and the kernel runs the next cell."""
    import time

    import duckdb
    from jupyter_client.manager import start_new_kernel

    db = tmp_path / "w.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute(
            "CREATE TABLE people AS SELECT i % 97 AS a, i % 89 AS b, i % 83 AS c, i % 79 AS d, "
            "(i * 7) % 61 AS e FROM range(3000000) r(i)"
        )
    manager, client = start_new_kernel(kernel_name="python3")
    try:

        def run(code: str, interrupt_after: float | None = None) -> tuple[list, float]:
            started, interrupted = time.monotonic(), None
            msg_id, outputs = client.execute(code), []
            while True:
                if interrupt_after is not None and interrupted is None and time.monotonic() - started > interrupt_after:
                    manager.interrupt_kernel()
                    interrupted = time.monotonic()
                try:
                    msg = client.get_iopub_msg(timeout=0.1)
                except Exception:  # queue.Empty: nothing yet
                    assert time.monotonic() - started < 120
                    continue
                if msg["parent_header"].get("msg_id") != msg_id:
                    continue
                if msg["msg_type"] == "error":
                    outputs.append(msg["content"]["ename"])
                elif msg["msg_type"] == "execute_result":
                    outputs.append(msg["content"]["data"]["text/plain"])
                elif msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                    return outputs, time.monotonic() - (interrupted or started)

        assert run("import privrisk_sql as pr")[0] == []
        outputs, after_interrupt = run(
            f"pr.mondrian({str(db)!r}, 'people', ['a', 'b', 'c', 'd', 'e'], k=5, output='released', progress=False)",
            interrupt_after=1.0,
        )
        assert outputs == ["KeyboardInterrupt"] and after_interrupt < 10
        assert run("1 + 1")[0] == ["2"]
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    with duckdb.connect(str(db), read_only=True) as con:
        assert [r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()] == ["people"]
