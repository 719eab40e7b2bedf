"""``unlev lua-test FILE``: NetHack 3.7's own Lua test files run against unlev.

Why: NetHack's ``test/test_sel.lua`` and ``test/test_des.lua`` are the game's
statement of what ``selection`` and ``des`` do; running them on unlev's APIs is the
check that unlev's 3.7 is the game's.  The game runs them inside a level being made
(after ``nh.debug_flags``); so does this: one session on a fresh level, with
``des.reset_level`` starting a new one, as sp_lev.c's ``lspo_reset_level`` does.

The file's ``test_*`` functions are counted as the test harness of a unit-test
runner would: each call of a ``test_*`` function made from outside any other
``test_*`` function is one test, run under ``pcall``; an error fails that test and
the file goes on with the next.  A helper named ``test_*`` that a test calls (such
as ``test_sel_logical_selab``) is part of its caller, so its errors fail the caller.
Nothing else in the file is changed.
"""

from __future__ import annotations

import dataclasses
import sys
from typing import List, Optional

_WRAP_LUA = r"""
local env, record = ...
local depth = 0
setmetatable(env, { __newindex = function(t, k, v)
  if type(k) == "string" and k:match("^test_") and type(v) == "function" then
    local f = v
    v = function(...)
      if depth > 0 then return f(...) end
      depth = depth + 1
      local ok, err = pcall(f, ...)
      depth = depth - 1
      record(k, ok, ok and "" or tostring(err))
    end
  end
  rawset(t, k, v)
end })
"""


@dataclasses.dataclass
class TestResult:
    name: str
    passed: bool
    message: str = ""


@dataclasses.dataclass
class TestReport:
    path: str
    results: List[TestResult]
    error: Optional[str] = None      # an error outside any test function

    @property
    def passed(self) -> int:
        return sum(r.passed for r in self.results)


def run_lua_tests(path: str, seed: int = 1, text: Optional[str] = None) -> TestReport:
    """Run a 3.7 Lua test file; the results of its ``test_*`` functions in call order."""
    from unlev.lang.diagnostics import DesError
    from .runtime import new_session
    if text is None:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
    session = new_session(path, seed, name="testlev")
    results: List[TestResult] = []

    def record(name, ok, message):
        msg = str(message).split("\nstack traceback:")[0].strip()
        results.append(TestResult(str(name), bool(ok), msg))

    session.lua.execute(_WRAP_LUA, session.env, record)
    error = None
    try:
        session.run(text)
    except DesError as e:
        error = str(e.diagnostics[0]) if e.diagnostics else str(e)
    return TestReport(path, results, error)


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "lua-test", help="run a NetHack 3.7 Lua test file (test/test_sel.lua...) on unlev",
        description="Run one of NetHack 3.7's Lua test files (test/test_sel.lua, "
                    "test/test_des.lua from a NetHack source tree) against unlev's "
                    "des/selection/nh APIs; each test_* function called by the file is "
                    "one test.  Exit status 0 when all pass.")
    p.add_argument("files", nargs="+", metavar="FILE", help="the Lua test file(s)")
    p.add_argument("--seed", type=int, default=1, help="the random seed (default 1)")
    p.add_argument("-v", "--verbose", action="store_true", help="list every test")
    p.set_defaults(func=cmd_lua_test)


def cmd_lua_test(args) -> int:
    status = 0
    for path in args.files:
        try:
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
