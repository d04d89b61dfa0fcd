"""``tutor simulate --cluster``: the same series on a Dask cluster, and every way a cluster can fail, bounded in time.

The tests start their own local clusters (two worker processes); each command
runs with a timeout, so a hang fails the test instead of stalling the suite.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

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
ROOT = Path(__file__).resolve().parent.parent


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


def test_a_local_cluster_refuses_every_client_without_its_own_credentials():
    from distributed.security import Security

    from tutor.coach.cluster import client_for

    with client_for("local", 1) as client:
        assert client.submit(sum, [20, 22]).result(timeout=BOUND) == 42  # the run's own client works
        servers = [client.scheduler.address, *client.scheduler_info()["workers"]]
        assert all(server.startswith("tls://127.0.0.1:") for server in servers), servers
        for server in servers:
            for address, credentials in ((server.replace("tls://", "tcp://"), None),
                                         (server, Security.temporary())):  # unencrypted, or another key
                started = time.monotonic()
                with pytest.raises((OSError, TimeoutError)):
                    distributed.Client(address, timeout=5, security=credentials)
                assert time.monotonic() - started < BOUND


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _stopped_within_the_bound(address: str) -> dict:
    run = tutor("simulate", *SERIES, "--json", "--cluster", address, timeout=BOUND)
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr
    document = json.loads(run.stdout)
    assert document["games"] == 0 and document["interrupted"]
    assert run.stderr.splitlines()[-1] == f"error: --cluster: {document['error']}"
    return document


def test_a_web_server_in_place_of_a_scheduler_ends_the_run_within_the_bound():
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert "Serving HTTP" in server.stdout.readline()  # it listens
        document = _stopped_within_the_bound(f"tcp://127.0.0.1:{port}")
    finally:
        server.kill()
        server.wait()
    assert "within 10 s" in document["error"]


def test_a_listener_that_never_answers_ends_the_run_within_the_bound():
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)  # the connection is taken, and nothing is ever said on it
        document = _stopped_within_the_bound(f"tcp://127.0.0.1:{silent.getsockname()[1]}")
    assert "within 10 s" in document["error"]


def test_a_scheduler_frozen_before_the_run_ends_it_within_the_bound():
    port = _free_port()
    scheduler = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                  "--port", str(port), "--no-dashboard"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with distributed.Client(f"tcp://127.0.0.1:{port}", timeout=BOUND):
            pass  # it answers
        scheduler.send_signal(signal.SIGSTOP)
        document = _stopped_within_the_bound(f"tcp://127.0.0.1:{port}")
    finally:
        scheduler.kill()
        scheduler.wait()
    assert "within 10 s" in document["error"]


@pytest.mark.parametrize("scheme", ["ucx", "ws", "inproc"])
def test_an_address_of_a_kind_the_run_cannot_use_says_which_it_can(scheme):
    document = _stopped_within_the_bound(f"{scheme}://127.0.0.1:{_free_port()}")
    assert "tcp://HOST:PORT, tls://HOST:PORT" in document["error"] and "local" in document["error"]


def test_a_tls_address_without_credentials_says_where_to_give_them():
    document = _stopped_within_the_bound(f"tls://127.0.0.1:{_free_port()}")
    assert "distributed.comm.tls.ca-file" in document["error"]


def test_a_tls_scheduler_is_used_with_the_credentials_of_dask_s_configuration(tmp_path, played_here):
    from distributed.security import Security

    credentials = Security.temporary()
    for name, contents in (("ca.pem", credentials.tls_ca_file), ("cert.pem", credentials.tls_client_cert),
                           ("key.pem", credentials.tls_client_key)):
        (tmp_path / name).write_text(contents)
    configured = {"DASK_DISTRIBUTED__COMM__TLS__CA_FILE": str(tmp_path / "ca.pem"),
                  "DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT": str(tmp_path / "cert.pem"),
                  "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY": str(tmp_path / "key.pem")}
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address="127.0.0.1:0", security=credentials, silence_logs=50) as secured:
        run = subprocess.run([sys.executable, "-m", "tutor", "simulate", *SERIES, "--json", "--cluster",
                              secured.scheduler_address], capture_output=True, text=True, timeout=BOUND,
                             stdin=subprocess.DEVNULL, env={**os.environ, **configured})
    assert run.returncode == 0, run.stderr
    assert without_speed(json.loads(run.stdout)) == played_here


def test_a_bot_a_worker_cannot_load_ends_the_run_with_a_clear_error(cluster, tmp_path):
    (tmp_path / "bots").mkdir()
    shutil.copy(ROOT / "examples" / "stock_chaser.py", tmp_path / "bots" / "chaser.py")  # here, not where workers run
    run = subprocess.run([sys.executable, "-m", "tutor", "simulate", *SERIES[:4], "--bots",
                          "bots/chaser.py:StockChaser,greedy", "--json", "--cluster", cluster.scheduler_address],
                         capture_output=True, text=True, timeout=BOUND, stdin=subprocess.DEVNULL, cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 2, run.stderr
    [problem] = json.loads(run.stdout)["error"]["problems"]
    assert problem.startswith("bot 'bots/chaser.py:StockChaser': no file bots/chaser.py, on the cluster's worker at ")
    assert "importable on every worker" in problem and "Traceback" not in run.stderr


def _worker_processes(pid: int) -> list[int]:
    """The processes that the process ``pid`` spawned for Python (a local cluster's workers), read from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid and \
                    b"multiprocessing.spawn" in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def _alive(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _until(look, within: float = BOUND):
    deadline = time.monotonic() + within
    while not (found := look()):
        assert time.monotonic() < deadline, "the awaited event did not come"
        time.sleep(0.05)
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes from /proc (Linux)")
@pytest.mark.parametrize("moment", ["workers starting", "rounds played"])
def test_ctrl_c_to_a_local_cluster_run_prints_only_the_summary(tmp_path, moment):
    child = pexpect.spawn(sys.executable, ["-m", "tutor", "simulate", "--games", "100000", "--stock", "10", "--cluster",
                                           "local", "--workers", "2", "--json", "--record", str(tmp_path)],
                          encoding="utf-8", timeout=BOUND, env={**os.environ, "NO_COLOR": "1"},
                          preexec_fn=_interrupts_as_in_a_shell)
    if moment == "workers starting":  # a worker still importing is where a traceback of its own would come from
        workers = _until(lambda: _worker_processes(child.pid))
    else:
        _until(lambda: any(tmp_path.glob("game-*.yaml")))
        workers = _worker_processes(child.pid)
    child.sendintr()  # to the terminal's whole process group, workers included, as a Ctrl-C is
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    output = child.before
    document = json.loads(output[output.index("{"):])
    assert document["interrupted"] and document["games"] >= (moment == "rounds played")
    assert output[:output.index("{")].strip() in ("", "^C"), output  # no traceback, no warning: the summary alone
    _until(lambda: not any(map(_alive, workers)))
