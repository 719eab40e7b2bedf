"""``unlev check`` run as the program holds the cyclic collector until its first file is
checked, then freezes what it loaded and lets the collector run again
(``unlev/tools/collector.py``); a program calling ``main(argv)`` keeps its collector."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import textwrap

import pytest

from unlev.tools import collector

LEVEL = 'LEVEL: "{name}"\nROOM: "ordinary", random, random, random, random {{\n' \
        '  MONSTER: (\'d\', "jackal"), random\n}}\n'


@pytest.fixture
def collector_state():
    """The collector as the test found it, and the module's flag, put back after it."""
    was = gc.isenabled()
    yield
    collector._held = False
    (gc.enable if was else gc.disable)()


def test_hold_turns_the_collector_off_and_release_freezes_and_turns_it_on(collector_state):
    gc.enable()
    collector.hold()
    assert not gc.isenabled()
    made = [[] for _ in range(50)]      # objects the collector tracks, made while held
    frozen = gc.get_freeze_count()
    collector.release()
    assert gc.isenabled()
    assert gc.get_freeze_count() >= frozen + len(made)
    assert not any(gc.is_finalized(m) for m in made)
    collector.release()                 # once only: a second release changes nothing
    gc.disable()
    collector.release()
    assert not gc.isenabled()


def test_a_collector_its_program_turned_off_stays_off(collector_state):
    gc.disable()
    collector.hold()
    collector.release()
    assert not gc.isenabled()


def test_release_without_hold_leaves_the_collector_as_it_is(collector_state):
    gc.enable()
    frozen = gc.get_freeze_count()
    collector.release()
    assert gc.isenabled()
    # nothing frozen (a freeze would add every object made since the last one; another
    # thread of the process may free frozen objects meanwhile, so not ==)
    assert gc.get_freeze_count() <= frozen


# what the collector is while each file is checked, written by the check itself
PROBE = textwrap.dedent("""
    import gc, sys
    import unlev.tools.check as K
    real = K._check_one
    def probe(path, args):
        sys.__stderr__.write(f"PROBE {path.rsplit('/', 1)[-1]} {gc.isenabled()} "
                             f"{gc.get_freeze_count() > 0}\\n")
        return real(path, args)
    K._check_one = probe
    import unlev.cli as C
    sys.argv = ["unlev", *sys.argv[1:]]
    if sys.argv[1] == "in-process":
        sys.exit(C.main(sys.argv[2:]))
    sys.exit(C.main())
""")


def _probe(tmp_path, *argv):
    for name in ("a", "b", "c"):
        (tmp_path / f"{name}.des").write_text(LEVEL.format(name=name))
    script = tmp_path / "probe.py"
    script.write_text(PROBE)
    env = {k: v for k, v in os.environ.items() if k != "UNLEV_LIMITS"}
    p = subprocess.run([sys.executable, str(script), *argv, "--no-cache", "-j", "1",
                        str(tmp_path)], capture_output=True, text=True, env=env,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "3 passed, 0 failed"
    return [line.split()[1:] for line in p.stderr.splitlines() if line.startswith("PROBE")]


def test_the_program_holds_the_collector_for_its_first_file_only(tmp_path):
    assert _probe(tmp_path, "check") == [["a.des", "False", "False"],
                                         ["b.des", "True", "True"],
                                         ["c.des", "True", "True"]]


def test_main_called_with_its_arguments_keeps_the_collector(tmp_path):
    assert [row[1] for row in _probe(tmp_path, "in-process", "check")] == \
        ["True", "True", "True"]
