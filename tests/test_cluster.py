"""``tutor simulate --cluster``: the same series on a Dask cluster, and every way a cluster can fail, bounded in time.

The tests start their own local clusters (two worker processes); each command
runs with a timeout, so a hang fails the test instead of stalling the suite.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time

import distributed
import pexpect
import pytest
from typer.testing import CliRunner

from tutor.cli.app import build_app
from tutor.coach.cluster import INSTALL_HINT
from tutor.coach.simulation import Series, run_series

from terminal import exit_status

SERIES = ("--games", "12", "--stock", "4", "--bots", "strong,greedy", "--seed", "5")
BOUND = 120  # seconds any one command may take before the test fails


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0",
                                  silence_logs=50) as running:
        yield running


def tutor(*args: str, timeout: float = BOUND) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL)


def without_speed(document: dict) -> dict:
    return {key: value for key, value in document.items() if key != "games_per_second"}


@pytest.fixture(scope="module")
def played_here() -> dict:
    """The series played in this process, without a cluster."""
    series = Series(("strong", "greedy"), 2, 4, 5)
    return without_speed(run_series(series, 12).to_json())


def test_a_series_on_a_running_scheduler_gives_the_results_of_a_local_run(cluster, played_here):
    run = tutor("simulate", *SERIES, "--json", "--cluster", cluster.scheduler_address)
    assert run.returncode == 0, run.stderr
    assert without_speed(json.loads(run.stdout)) == played_here


def test_a_local_cluster_started_for_the_run_gives_the_same_results(played_here):
    run = tutor("simulate", *SERIES, "--json", "--cluster", "local", "--workers", "2")
    assert run.returncode == 0, run.stderr
    assert without_speed(json.loads(run.stdout)) == played_here


def test_a_scheduler_that_cannot_be_reached_ends_the_run_with_a_clear_error():
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{probe.getsockname()[1]}"
    run = tutor("simulate", *SERIES, "--json", "--cluster", address, timeout=60)
    assert run.returncode == 2
    assert run.stderr.splitlines()[-1].startswith(f"error: --cluster: no scheduler answers at {address}")
    document = json.loads(run.stdout)
    assert document["games"] == 0 and document["interrupted"] and address in document["error"]
    assert "Traceback" not in run.stderr


def test_workers_dying_mid_run_end_it_with_the_games_finished_so_far(tmp_path):
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0",
                                  silence_logs=50) as doomed:
        command = [sys.executable, "-m", "tutor", "simulate", "--games", "400", "--stock", "4", "--bots",
                   "greedy,random", "--json", "--cluster", doomed.scheduler_address, "--record", str(tmp_path)]
        run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            deadline = time.monotonic() + BOUND
            while not any(tmp_path.iterdir()) and time.monotonic() < deadline and run.poll() is None:
                time.sleep(0.1)
            doomed.scale(0)  # every worker goes
            out, err = run.communicate(timeout=BOUND)
        finally:
            run.kill()  # a run that outlives the bound fails the test, never stalls the suite
    assert run.returncode == 2, err
    document = json.loads(out)
    assert 1 <= document["games"] < 400 and document["interrupted"]
    assert "no workers" in document["error"] and "no workers" in err.splitlines()[-1]
    assert len(list(tmp_path.iterdir())) == document["games"]  # every game finished was kept
    assert "Traceback" not in err


def test_ctrl_c_stops_a_cluster_run_with_a_summary(cluster):
    child = pexpect.spawn(sys.executable, ["-m", "tutor", "simulate", "--games", "2000", "--stock", "6",
                                           "--bots", "greedy,random", "--cluster", cluster.scheduler_address],
                          encoding="utf-8", timeout=BOUND, dimensions=(30, 120),
                          env={**os.environ, "NO_COLOR": "1"}, preexec_fn=_interrupts_as_in_a_shell)
    child.expect(r"[1-9]\d*/2000")  # some games have finished
    child.sendintr()
    child.expect(r"Interrupted: (\d+) of 2000 rounds finished")
    assert 0 < int(child.match[1]) < 2000
    assert exit_status(child) == 130


def _interrupts_as_in_a_shell() -> None:
    """Ctrl-C interrupts, as in a terminal, even if the test runner was started with interrupts ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_without_the_extra_a_cluster_run_says_in_one_line_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    result = CliRunner().invoke(build_app(), ["simulate", *SERIES, "--cluster", "local"])
    assert result.exit_code == 2
    assert result.stderr == f"error: --cluster: {INSTALL_HINT}\n"
