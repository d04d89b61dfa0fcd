"""``tutor simulate`` does bounded work: a cap on rounds, games handed out lazily, Ctrl-C stops it all at once."""

from __future__ import annotations

import itertools
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

from tutor.cli.app import build_app
from tutor.cli.simulate import MAX_GAMES
from tutor.coach.simulation import Series, _parallel_results

ROOT = Path(__file__).resolve().parent.parent
BOUND = 120  # seconds a run may take before the test fails; the events waited for come much sooner
STOPPED_WITHIN = 30  # seconds for every process to end after Ctrl-C, on the busiest machine; the run would take hours


def test_more_rounds_than_the_cap_are_refused_with_a_clear_message():
    result = CliRunner().invoke(build_app(), ["simulate", "--games", "1000000000", "--json"])
    assert result.exit_code == 2
    [problem] = json.loads(result.stdout)["error"]["problems"]
    assert f"at most {MAX_GAMES:,} rounds" in problem and "--seed" in problem


def test_games_are_handed_to_the_workers_lazily():
    series = Series(("greedy", "greedy"), players=2, stock=2, seed=1)
    started = time.monotonic()
    played = _parallel_results(series, 10**12, workers=2)  # a job list this long would never be built
    first = list(itertools.islice(played, 3))
    played.close()
    assert len(first) == 3 and time.monotonic() - started < 60


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes from /proc (Linux)")
@pytest.mark.parametrize("workers, as_json", [(1, True), (2, True), (2, False)])
def test_ctrl_c_stops_every_process_at_once_and_sums_up_what_finished(workers, as_json, tmp_path):
    args = ["-m", "tutor", "simulate", "--games", str(MAX_GAMES), "--stock", "10", "--workers", str(workers),
            "--record", str(tmp_path)]
    child = pexpect.spawn(sys.executable, args + (["--json"] if as_json else []), encoding="utf-8", timeout=BOUND,
                          env=dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1"), dimensions=(40, 100))
    processes = _until(lambda: [child.pid, *_children(child.pid)],
                       lambda found: len(found) >= 1 + (workers if workers > 1 else 0))
    _until(lambda: any(tmp_path.glob("game-*.yaml")), bool)  # some rounds have finished
    interrupted = time.monotonic()
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    _until(lambda: not any(map(_running, processes)), bool, STOPPED_WITHIN)
    assert time.monotonic() - interrupted < STOPPED_WITHIN  # far less than the rest of the run would take
    assert child.exitstatus == 130 and "Traceback" not in child.before
    output = child.before
    if as_json:
        document = json.loads(output[output.index("{"):])
        assert document["interrupted"] is True and 0 <= document["games"] < MAX_GAMES
        assert sum(document["wins"].values()) + document["stalemates"] == document["games"]
    else:
        finished = re.search(r"Interrupted: (\d+) of 20000 rounds finished", output)
        assert finished, output


def _until(look, done, within: float = None):
    """What ``look`` finds once ``done`` holds for it, polled; the test fails if that takes past ``within`` seconds
    (``BOUND``): a generous bound for a loaded machine, never a fixed wait."""
    deadline = time.monotonic() + (BOUND if within is None else within)
    while not done(found := look()):
        assert time.monotonic() < deadline, f"still waiting: {found}"
        time.sleep(0.1)
    return found


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _running(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie waiting to be reaped."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _run_until_a_round_is_kept(args: list[str], folder: Path) -> subprocess.Popen:
    """``tutor simulate ARGS --json --record FOLDER`` started, once its first round is written."""
    run = subprocess.Popen([sys.executable, "-m", "tutor", "simulate", *args, "--json", "--record", str(folder)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env=dict(os.environ, PYTHONPATH=str(ROOT)))
    deadline = time.monotonic() + BOUND
    while not any(folder.glob("game-*.yaml")) and run.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    return run


def _ended_with_a_dead_worker(run: subprocess.Popen, folder: Path) -> dict:
    try:
        out, err = run.communicate(timeout=BOUND)
    finally:
        run.kill()  # a run that outlives the bound fails the test, never stalls the suite
    assert run.returncode == 2, err
    document = json.loads(out)
    assert document["interrupted"] and "worker process died" in document["error"]
    assert err.splitlines()[-1] == f"error: --workers: {document['error']}" and "Traceback" not in err
    assert len(list(folder.glob("game-*.yaml"))) == document["games"]  # every round finished was kept
    return document


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes from /proc (Linux)")
def test_a_worker_killed_mid_run_ends_it_with_the_rounds_finished(tmp_path):
    run = _run_until_a_round_is_kept(["--games", "400", "--stock", "10", "--workers", "2"], tmp_path)
    os.kill(_children(run.pid)[0], signal.SIGKILL)
    assert 1 <= _ended_with_a_dead_worker(run, tmp_path)["games"] < 400


def test_a_bot_that_ends_its_worker_process_ends_the_run(tmp_path):
    (tmp_path / "quitter.py").write_text(
        "import os\n\n\nclass Quitter:\n    def plan(self, view, rng):\n        os._exit(3)\n", encoding="utf-8")
    records = tmp_path / "records"
    run = _run_until_a_round_is_kept(["--games", "40", "--stock", "4", "--workers", "2", "--bots",
                                      f"{tmp_path / 'quitter.py'}:Quitter,greedy"], records)
    assert _ended_with_a_dead_worker(run, records)["games"] == 0
