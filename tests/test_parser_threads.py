"""Two threads parse at once (the language server's preview thread beside its main
loop, ``unlev serve``'s page): PLY's parser object is shared per dialect and the
grammar's actions find their DesParser through it, so parses must not interleave."""

import threading

from unlev.lang.diagnostics import DesError
from unlev.lang.frontend import compile_text

GOOD = "\n".join(['MAZE: "t", \' \'', "GEOMETRY:center,center", "MAP", "---", "|.|",
                  "---", "ENDMAP"] + ["$v_%s = %d" % ("".join(chr(97 + int(c)) for c in str(i)), i)
                                   for i in range(300)]) + "\n"
BAD = GOOD + "OBJECT: (\n"


def test_concurrent_parses_each_get_their_own_result():
    failures = []

    def work(text, want_error):
        for _ in range(15):
            try:
                compile_text(text, "t.des")
                got_error = False
            except DesError:
                got_error = True
            except Exception as e:                  # noqa: BLE001 -- the defect
                failures.append(repr(e))
                return
            if got_error != want_error:
                failures.append(f"wrong outcome for {'BAD' if want_error else 'GOOD'}")

    threads = [threading.Thread(target=work, args=(GOOD, False)),
               threading.Thread(target=work, args=(BAD, True)),
               threading.Thread(target=work, args=(GOOD, False))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


def test_a_child_forked_during_anothers_parse_can_parse():
    """A process forked while a thread of its parent held the parse lock (``check -j``
    forked its workers until they came from a fork server) inherited a lock nobody
    would release and hung for ever; the lock is still made safe for any fork."""
    import os
    import signal
    import time

    import pytest
    from unlev.lang import parser as P

    if not hasattr(os, "fork"):
        pytest.skip("no fork on this platform")
    held, release = threading.Event(), threading.Event()

    def holder():
        with P._PARSING:
            held.set()
            release.wait(30)

    t = threading.Thread(target=holder)
    t.start()
    held.wait(10)
    pid = os.fork()
    if pid == 0:                                    # the child: parse, then leave at once
        try:
            compile_text(GOOD, "t.des")
            os._exit(0)
        except BaseException:                       # noqa: BLE001 -- any failure is the outcome
            os._exit(3)
    release.set()
    t.join()
    deadline = time.monotonic() + 30
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail("the forked child's parse waited for a lock its parent's thread held")
        time.sleep(0.05)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
