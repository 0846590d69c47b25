"""Ctrl-C during a long call: it raises KeyboardInterrupt at once, with its work stopped.

Each test starts a Python process that begins a call that would run for minutes or hours,
sends it SIGINT once the call is under way, and checks that the process raises
KeyboardInterrupt within two seconds and that no thread goes on working afterwards.
"""

import signal
import subprocess
import sys
import textwrap
import threading
import time
from typing import IO, List

import pytest

import fichas

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a POSIX signal")

# A decision with several choices in each game, for the bots to think about.
SETUP = """
import time
import fichas

def deciding(variant):
    g = fichas.Game(variant, seed=1)
    while g.to_act is None or len(g.legal_actions()) < 3:
        if g.to_act is None:
            g.roll()
        else:
            g.apply(g.legal_actions()[0])
    return g
"""

# Runs the call; on KeyboardInterrupt, reports how much processor time the process spent in
# the next 0.3 s (threads left working would spend most of it), then raises it on.
PROGRAM = """
{setup}
{prepare}
print("ready", flush=True)
try:
    {call}
except KeyboardInterrupt:
    print("interrupted", flush=True)
    spent = time.process_time()
    time.sleep(0.3)
    print("idle", time.process_time() - spent, flush=True)
    raise
print("finished", flush=True)
"""


def read_line(stream: IO[str], seconds: float) -> str:
    """The next line a process writes, or "" if none comes within `seconds`."""
    line: List[str] = []
    reader = threading.Thread(target=lambda: line.append(stream.readline()), daemon=True)
    reader.start()
    reader.join(seconds)
    return line[0] if line else ""


def interrupt(call: str, prepare: str = "") -> None:
    program = PROGRAM.format(setup=SETUP, prepare=textwrap.dedent(prepare), call=call)
    process = subprocess.Popen(
        [sys.executable, "-c", program], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        assert read_line(process.stdout, 30) == "ready\n"
        time.sleep(0.3)  # the call is under way
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        line = read_line(process.stdout, 5)
        waited = time.monotonic() - sent
        assert line == "interrupted\n", f"no KeyboardInterrupt {waited:.1f} s after Ctrl-C"
        out, err = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert waited < 2.0, f"KeyboardInterrupt came {waited:.2f} s after Ctrl-C"
    assert err.rstrip().endswith("KeyboardInterrupt"), err
    assert process.returncode != 0
    idle = float(out.split("idle ")[1].split()[0])
    assert idle < 0.15, f"the process spent {idle:.2f} s of processor time after the interrupt"


def test_ctrl_c_stops_a_batch_in_rust() -> None:
    interrupt("fichas.simulate('parchis', games=10_000_000, seed=1, policy='hard')")


def test_ctrl_c_stops_a_batch_in_rust_with_a_progress_display() -> None:
    interrupt("fichas.simulate('poleana', games=50_000_000, seed=1, progress=True)")


def test_ctrl_c_stops_a_batch_with_a_python_policy() -> None:
    interrupt("fichas.simulate('poleana', games=10_000_000, policy=[lambda view, actions: actions[0], 'greedy'])")


def test_ctrl_c_stops_a_long_search_in_a_batch_with_a_python_policy() -> None:
    bot = "fichas.Bot('search', iterations=200_000_000)"
    interrupt(f"fichas.simulate('cartas', games=10, policy=[lambda view, actions: actions[0], {bot}])")


def test_ctrl_c_stops_a_long_cartas_search() -> None:
    interrupt("fichas.Bot('search', iterations=200_000_000).choose(g)", prepare="g = deciding('cartas')")


def test_ctrl_c_stops_a_long_dice_search() -> None:
    bot = "fichas.Bot('search', nodes=999_999_999, depth=255)"
    interrupt(f"{bot}.choose(g.view(g.to_act))", prepare="g = deciding('parchis:pairs')")


def test_ctrl_c_stops_a_long_hint() -> None:
    interrupt("g.suggest('search:iterations=999999999')", prepare="g = deciding('cartas')")


def test_an_exception_from_progress_stops_the_workers() -> None:
    def enough(done: int) -> None:
        raise RuntimeError("enough")

    started = time.monotonic()
    with pytest.raises(RuntimeError, match="enough"):
        fichas._fichas.simulate("parchis", 10_000_000, 1, 2, "hard", enough)
    assert time.monotonic() - started < 2.0
    # No worker goes on with the batch.
    spent = time.process_time()
    time.sleep(0.3)
    assert time.process_time() - spent < 0.15
