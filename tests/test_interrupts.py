"""A Ctrl-C that lands in a clean-up callback (a weak reference's, as an object is freed) is not lost."""

from __future__ import annotations

import subprocess
import sys

import pytest

# A Ctrl-C landing while a weak reference's callback runs, then a prompt waiting for input that never comes.
PROGRAM = """
import sys, weakref
from tutor.cli.interrupts import keep_interrupts
if sys.argv[1] == "kept":
    keep_interrupts()
class Freed:
    pass
def clean_up(_):
    raise KeyboardInterrupt
try:
    freed = Freed()
    reference = weakref.ref(freed, clean_up)
    del freed
    input("move> ")
    print("lost")
except KeyboardInterrupt:
    print("interrupted")
"""


def run(way: str) -> subprocess.CompletedProcess:
    waiting = subprocess.Popen(["sleep", "5"], stdout=subprocess.PIPE)  # an input that stays open, then ends
    try:
        return subprocess.run([sys.executable, "-c", PROGRAM, way], stdin=waiting.stdout, capture_output=True,
                              text=True, timeout=30)
    finally:
        waiting.kill()
        waiting.wait()


def test_an_interrupt_swallowed_by_a_clean_up_callback_is_raised_again_where_the_command_takes_it():
    result = run("kept")
    assert result.stdout.endswith("interrupted\n"), result
    assert "Exception ignored" not in result.stderr and "Traceback" not in result.stderr


def test_without_it_python_prints_a_traceback_and_the_prompt_waits_on():
    result = run("default")
    assert "interrupted" not in result.stdout
    assert "Exception ignored in" in result.stderr and "KeyboardInterrupt" in result.stderr


def test_other_exceptions_of_clean_up_callbacks_are_reported_as_python_reports_them():
    program = ("import weakref\nfrom tutor.cli.interrupts import keep_interrupts\nkeep_interrupts()\n"
               "class Freed: pass\n"
               "def clean_up(_): raise ValueError('in a callback')\n"
               "freed = Freed(); reference = weakref.ref(freed, clean_up); del freed\nprint('went on')\n")
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=30)
    assert result.stdout == "went on\n"
    assert "ValueError: in a callback" in result.stderr


# The two ways a double Ctrl-C went wrong: the interrupt owed by the timer landing in the save that the second
# Ctrl-C started, and the timer firing once more after its interrupt had been raised ("Alarm clock", -14).
RACE = """
import signal, sys, time, weakref
from tutor.cli.interrupts import keep_interrupts, shielded
keep_interrupts()
class Freed:
    pass
def clean_up(_):
    raise KeyboardInterrupt
def swallowed():
    freed = Freed()
    reference = weakref.ref(freed, clean_up)
    del freed
try:
    swallowed()  # the first Ctrl-C, swallowed: owed, on the timer
    signal.raise_signal(signal.SIGINT)  # the second, at once, before the timer
except KeyboardInterrupt:
    with shielded():
        end = time.monotonic() + 0.2  # the save: long past the timer
        while time.monotonic() < end:
            pass
        if sys.argv[1] == "third":
            signal.raise_signal(signal.SIGINT)  # a third Ctrl-C while saving
        print("saved", flush=True)
signal.setitimer(signal.ITIMER_REAL, 0.001)  # a timer firing late, its interrupt raised already
time.sleep(0.2)
sys.exit(130)
"""


@pytest.mark.parametrize("presses", ["second", "third"])
def test_a_second_ctrl_c_and_a_late_timer_never_cut_the_save_short_nor_end_the_process(presses):
    result = subprocess.run([sys.executable, "-c", RACE, presses], capture_output=True, text=True, timeout=60)
    assert result.returncode == 130, result
    assert result.stdout == "saved\n"
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr
