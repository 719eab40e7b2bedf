"""Control flow: assignments, IF/CHANCE, SWITCH (with the des-file's fall-through),
LOOP, FOR, BREAK/EXIT and function calls as Lua statements.
"""

from __future__ import annotations

from unlev.lang import ast as A


class ControlMixin:
    """``x_*`` for the statements that steer the script rather than build."""

    def x_FunctionDef(self, s):
        pass    # written at the top of the level

    def x_Include(self, s):
        self.note(f"INCLUDE \"{s.path}\": its FUNCTIONs are written above")

    def x_FunctionCall(self, s):
        self.emit(f"{self.name(s.name)}({', '.join(self.ex(a) for a in s.args)})")

    def x_CoreFuncStmt(self, s):
        self.emit(f"local _ = {self.ex(s.call)}")

    def x_Assign(self, s):
        value = self.sel(s.value) if s.vtype == "selection" and not s.is_array else self.ex(s.value)
        if isinstance(s.value, A.Var) and s.value.is_array:
            value = f"{{ table.unpack({value}) }}"   # arrays are copied on assignment
        self.emit(f"{self.name(s.name)} = {value}")

    def x_Shuffle(self, s):
        self.emit(f"shuffle({self.name(s.var.name)})")

    def x_Exit(self, s):
        if not any(c in ("function", "room") for c in self.ctx):
            self.emit("do return end")
        else:
            self.note("EXIT inside a function or room: 3.7 has no way to end the level there")
            self.emit("nh.unlev_exit()")

    def x_Break(self, s):
        inner = self.ctx[-1] if self.ctx else "level"
        if inner in ("loop", "switch"):
            self.emit("break")
        elif inner == "room":
            self.emit("do return end")
        elif inner == "level":
            self.emit("do return end")
        else:
            self.note("BREAK in a function outside a loop ends the caller's loop in the "
                      "des-file; here it only returns from the function")
            self.emit("do return end")

    def x_If(self, s):
        self.emit(f"if {self.cond(s.cond)} then")
        self.block(s.then.statements)
        orelse = s.orelse
        while orelse is not None:
            if len(orelse.statements) == 1 and isinstance(orelse.statements[0], A.If) \
                    and orelse.statements[0].span.line == orelse.span.line:
                inner = orelse.statements[0]
                self.emit(f"elseif {self.cond(inner.cond)} then")
                self.block(inner.then.statements)
                orelse = inner.orelse
            else:
                self.emit("else")
                self.block(orelse.statements)
                orelse = None
        self.emit("end")

    def x_Chance(self, s):
        self.emit(f"if {self.cond(s.cond)} then")
        self.block([s.statement])
        self.emit("end")

    def x_Switch(self, s):
        var = self.fresh("case")
        if s.random:
            if isinstance(s.expr, A.Int):
                value = f"nh.rn2({s.expr.value})" if s.expr.value > 1 else "0"
            else:
                e = self.ex(s.expr)
                value = f"(({e}) > 1 and nh.rn2({e}) or 0)"
        else:
            value = self.ex(s.expr)
        self.emit(f"local {var} = {value}")
        arms = s.arms
        simple = all(arm.body and isinstance(arm.body[-1], A.Break)
                     and not any(isinstance(x, A.Break) for x in arm.body[:-1])
                     for arm in arms[:-1]) and \
            all(a.value is not None for a in arms[:-1])
        if simple and arms:
            for i, arm in enumerate(arms):
                body = arm.body[:-1] if arm.body and isinstance(arm.body[-1], A.Break) else arm.body
                if arm.value is None:
                    self.emit("else" if i else "do")
                else:
                    self.emit(f"{'if' if i == 0 else 'elseif'} {var} == {arm.value} then")
                self.ctx.append("switch-flat")
                self.block([b for b in body])
                self.ctx.pop()
            self.emit("end")
            return
        # cases fall through, as in the des-file: find the first arm, run from there
        values = [a.value for a in arms]
        start = self.fresh("from")
        known = ", ".join(f"[{v}] = {i + 1}" for i, v in enumerate(values) if v is not None
                          and v not in values[:i])
        default = next((i + 1 for i, v in enumerate(values) if v is None), "nil")
        self.emit(f"local {start} = ({{ {known} }})[{var}] or {default}")
        self.emit("repeat")
        self.depth += 1
        self.emit(f"if {start} == nil then break end")
        self.ctx.append("switch")
        for i, arm in enumerate(arms):
            self.emit(f"if {start} <= {i + 1} then")
            self.block(arm.body)
            self.emit("end")
        self.ctx.pop()
        self.depth -= 1
        self.emit("until true")

    def x_Loop(self, s):
        if isinstance(s.count, A.Int):
            count = str(max(s.count.value, 1))
        else:
            count = f"math.max({self.ex(s.count)}, 1)"
        self.emit(f"for _ = 1, {count} do")
        self.ctx.append("loop")
        self.block(s.body.statements)
        self.ctx.pop()
        self.emit("end")

    def x_For(self, s):
        v = self.name(s.var)
        if isinstance(s.start, A.Int) and isinstance(s.end, A.Int) and s.start.value != s.end.value:
            step = "" if s.end.value > s.start.value else ", -1"
            loopvar = self.fresh("i")
            self.emit(f"for {loopvar} = {s.start.value}, {s.end.value}{step} do")
            self.depth += 1
            self.emit(f"{v} = {loopvar}")
            self.depth -= 1
            self.ctx.append("loop")
            self.block(s.body.statements)
            self.ctx.pop()
            self.emit("end")
            return
        self.note("FOR with computed bounds: written as a while loop with the des-file's "
                  "semantics (at least once, inclusive, either direction)")
        last, step = self.fresh("last"), self.fresh("step")
        self.emit(f"{v} = {self.ex(s.start)}")
        self.emit(f"local {last} = {self.ex(s.end)}")
        self.emit(f"local {step} = ({last} > {v}) and 1 or (({last} < {v}) and -1 or 0)")
        self.emit("while true do")
        self.ctx.append("loop")
        self.block(s.body.statements)
        self.ctx.pop()
        self.depth += 1
        cur = self.fresh("cur")
        self.emit(f"local {cur} = {v}")
        self.emit(f"{v} = {cur} + {step}")
        self.emit(f"if {cur} == {last} then break end")
        self.depth -= 1
        self.emit("end")
