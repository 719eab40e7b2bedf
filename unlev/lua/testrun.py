"""NetHack 3.7's own Lua test files run against unlev (``unlev lua-test FILE``, whose
command is :mod:`unlev.tools.lua_test`).

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
