"""The active game tables are per thread (issue 32, the order-dependent failures):
``unlev lsp`` and ``unlev serve`` build levels on threads, and a 3.6 level being
made on one must not lend NetHack 3.6's tables to an UnNetHack file read on another."""

from __future__ import annotations

import threading

from unlev.stdlib import data, profiles


def test_tables_made_active_on_one_thread_stay_on_it():
    nh36 = data.Tables.of(profiles.resolve("nethack36").path)
    inside = threading.Event()
    leave = threading.Event()
    seen = {}

    def build_a_36_level():
        with data.tables_of(nh36):
            seen["there"] = data.active()
            inside.set()
            leave.wait(10)

    t = threading.Thread(target=build_a_36_level)
    t.start()
    try:
        assert inside.wait(10)
        # this thread still reads UnNetHack's tables: its own monsters are found
        assert data.active().is_unnethack
        assert data.lookup_monster("Cthulhu").ok            # UnNetHack's, not 3.6's
    finally:
        leave.set()
        t.join(10)
    assert seen["there"] == nh36
    assert data.active().is_unnethack
