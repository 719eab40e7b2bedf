"""``unlev lua-test FILE``: run NetHack 3.7's own Lua test files (``test/test_sel.lua``,
``test/test_des.lua`` from a NetHack source tree) on unlev; the runner is
:func:`unlev.lua.testrun.run_lua_tests`.  Exit status 0 when every test passes,
1 when one fails, 2 when a file cannot be read."""

from __future__ import annotations

import sys


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "lua-test", help="run a NetHack 3.7 Lua test file (test/test_sel.lua...) on unlev",
        description="Run one of NetHack 3.7's Lua test files (test/test_sel.lua, "
                    "test/test_des.lua from a NetHack source tree) against unlev's "
                    "des/selection/nh APIs; each test_* function called by the file is "
                    "one test.  Exit status 0 when all pass.")
    p.add_argument("files", nargs="+", metavar="FILE", help="the Lua test file(s)")
    from unlev.tools.seed_options import LEVEL_SEED_HELP, level_seed
    p.add_argument("--seed", type=level_seed, default=1, metavar="N",
                   help=LEVEL_SEED_HELP.replace("default: a random one, printed so the run "
                                                "can be repeated", "default 1"))
    p.add_argument("-v", "--verbose", action="store_true", help="list every test")
    p.set_defaults(func=cmd_lua_test)


def cmd_lua_test(args) -> int:
    status = 0
    for path in args.files:
        try:
            from unlev.lua.testrun import run_lua_tests
            report = run_lua_tests(path, args.seed)
        except OSError as e:
            print(f"unlev lua-test: error: cannot read {path}: {e.strerror}", file=sys.stderr)
            return 2
        for r in report.results:
            if args.verbose or not r.passed:
                print(f"{'ok  ' if r.passed else 'FAIL'} {r.name}"
                      + ("" if r.passed else f": {r.message}"))
        if report.error:
            print(f"{report.error}", file=sys.stderr)
        print(f"{path}: {report.passed}/{len(report.results)} test functions pass")
        if report.error or report.passed != len(report.results) or not report.results:
            status = 1
    return status
