"""The tree-walking evaluator: runs a parsed des-file against a LevelBuilder.

Semantics follow UnNetHack's opcode interpreter (``src/spo_lev.c``) where the language
is concerned: C integer arithmetic with its guards (``/`` and ``%`` by a number below 1
give 0), array indices taken modulo the length, LOOP and FOR bodies that always run at
least once, ``rnd(N)`` meaning 0..N-1, a constant ``SWITCH [N]`` meaning ``rn2(N)``,
the shuffled ``align`` register, and a cap on the work a script may do.

Scopes are those of the reference: a level is one frame; a FUNCTION call gets a fresh
frame that sees only its parameters and its own variables, gone when it returns;
FOR and every block share their frame.

Where the loader contradicts the documentation, the documented meaning is the default
and the ``eval`` section of :class:`~unlev.stdlib.compat.Compat` (on with ``Compat.game()``) turns on
the game's behaviour; the selection algebra's own deviations live in ``Compat``.
"""

from __future__ import annotations

from typing import Callable, Dict, List, Optional

from . import ast as A
from .expressions import ExpressionEvaluator
from .level_builder import LevelBuilder
from .diagnostics import DesError, Span
from .limits import DEFAULT as DEFAULT_LIMITS, Limits, steps_hint, steps_message
from .extensions import ExtensionStmt, ExtState
from .values import Coord, MapCharValue
from ..stdlib.builtins import RunContext
from ..stdlib.rng import RNG
from ..stdlib.compat import Compat
from ..stdlib.terrain import map_char_to_type

DEFAULT_STEP_LIMIT = 1_000_000     # the default of unlev.lang.limits.Limits.steps
AM_CHAOTIC, AM_NEUTRAL, AM_LAWFUL = 1, 2, 4


class BreakSignal(Exception):
    pass


class ExitSignal(Exception):
    pass


class Frame:
    """The variables of one execution frame (a level, or one FUNCTION call)."""

    def __init__(self) -> None:
        self.values: Dict[str, object] = {}

    def get(self, name: str, span: Span):
        try:
            return self.values[name]
        except KeyError:
            raise DesError(f"Variable '{name}' not defined.", span) from None

    def set(self, name: str, value) -> None:
        self.values[name] = value


class Evaluator(ExpressionEvaluator):
    """Runs levels. One Evaluator per run: it holds the RNG and the align register."""

    def __init__(self, builder: LevelBuilder, rng: Optional[RNG] = None,
                 context: Optional[RunContext] = None, compat: Compat = Compat(),
                 step_limit: Optional[int] = None,
                 warn: Optional[Callable[[str, Span], None]] = None,
                 limits: Limits = DEFAULT_LIMITS) -> None:
        self.builder = builder
        self.limits = limits        # the run's (Settings.limits): dice, strings, arrays...
        self.rng = rng or RNG(0)
        self.ctx = context or RunContext()
        self.compat = Compat.of(compat)     # its .eval section is the interpreter's
        # None: the steps of the run's limits (UNLEV_LIMITS, through Settings)
        self.step_limit = limits.steps if step_limit is None else step_limit
        # a statement that does much work (SPILL, a quantity, WALLIFY...) is stopped by
        # the builder as soon as its own work passes the limit, not after it is done
        builder.limit_work(self.step_limit)
        self.warn = warn or (lambda msg, span: None)
        self.ralign = [AM_CHAOTIC, AM_NEUTRAL, AM_LAWFUL]
        self.functions: Dict[str, A.FunctionDef] = {}
        self.frame = Frame()
        self.steps = 0
        self._exec_cache: Dict[type, Callable] = {}
        self._eval_cache: Dict[type, Callable] = {}

    # ================================================================== entry points
    def collect_functions(self, nodes: List[A.Node]) -> None:
        for n in nodes:
            if isinstance(n, A.FunctionDef):
                self.functions.setdefault(n.name, n)
            elif isinstance(n, A.Include) and getattr(n, "tree", None) is not None:
                self.collect_functions(n.tree.header)

    @staticmethod
    def nested_functions(level: A.Level) -> List[A.FunctionDef]:
        """FUNCTIONs defined anywhere in a level's statements, in source order (cached).

        lev_comp defines a function when it compiles it, so one defined inside an IF not
        taken, a LOOP or a failed ROOM still exists for every call after it."""
        found = level.functions
        if found is None:
            found = []
            _find_functions(level.body.statements, found)
            level.functions = found
        return found

    def run_level(self, level: A.Level, header: List[A.Node] = ()) -> None:
        """Run one LEVEL: fresh variables, the align register shuffled as the game does."""
        self.collect_functions(list(header))
        self.collect_functions(self.nested_functions(level))
        self.frame = Frame()
        self.steps = 0
        self.shuffle_alignments()
        self.builder.start_level(name=level.name, flags=[name for name, b in level.flags
                                                        if not isinstance(b, str)],
                           span=level.span)
        for name, b in level.flags:
            if isinstance(b, str):      # a profile's flag (unlev.lang.extensions)
                self.builder.extension(kind="flag", name=name, args={}, span=level.span)
        for name in level.ext_syntax:
            self.builder.extension(kind="syntax", name=name, args={}, span=level.span)
        try:
            self.exec_block(level.body.statements)
        except ExitSignal:
            pass
        except BreakSignal:
            pass
        self.builder.end_level()

    def shuffle_alignments(self) -> None:
        r = self.ralign
        i = self.rng.rn2(3)
        r[2], r[i] = r[i], r[2]
        if self.rng.rn2(2):
            r[0], r[1] = r[1], r[0]

    # ================================================================== statements
    def exec_block(self, statements: List[A.Node]) -> None:
        for s in statements:
            self.execute(s)

    def _tick(self, node: A.Node) -> None:
        """Count one round of a LOOP/FOR against the limit (statements count in execute)."""
        self.steps += 1
        if self.steps > self.step_limit:
            self._over_limit(node)

    def charge(self, work: int, node: A.Node) -> None:
        self.steps += work
        if self.steps > self.step_limit:
            self._over_limit(node)

    def _over_limit(self, node: A.Node) -> None:
        raise DesError(steps_message(self.step_limit), node.span, steps_hint(self.step_limit))

    def execute(self, node: A.Node) -> None:
        self.steps += 1
        if self.steps > self.step_limit:
            self._over_limit(node)
        fn = self._exec_cache.get(type(node))
        if fn is None:
            fn = getattr(self, "x_" + type(node).__name__)
            self._exec_cache[type(node)] = fn
        try:
            fn(node)
            work = self.builder.work_done()
            if work:
                self.charge(work, node)
        except DesError as e:
            # the builder's errors know what went wrong, the statement knows where
            first = e.diagnostics[0] if e.diagnostics else None
            if first is not None and (first.span is None or not first.span.line):
                first.span = node.span
                e.span = node.span
            raise

    # -- definitions, functions -------------------------------------------------------
    def x_Include(self, n: A.Include) -> None:
        tree = getattr(n, "tree", None)
        if tree is not None:
            self.collect_functions(tree.header)

    def x_FunctionDef(self, n: A.FunctionDef) -> None:
        self.functions.setdefault(n.name, n)

    def x_FunctionCall(self, n: A.FunctionCall) -> None:
        f = self.functions.get(n.name)
        if f is None:
            raise DesError(f"Function '{n.name}' not defined.", n.span)
        args = [self.eval(a) for a in n.args]
        callee = Frame()
        for (pname, _ptype), value in zip(f.params, args):
            callee.set(pname, value)
        saved = self.frame
        self.frame = callee
        try:
            self.exec_block(f.body.statements)
        finally:
            self.frame = saved

    def x_CoreFuncStmt(self, n: A.CoreFuncStmt) -> None:
        self.eval(n.call)

    def x_Assign(self, n: A.Assign) -> None:
        value = self.eval(n.value)
        if isinstance(n.value, A.Var) and n.value.is_array:
            value = list(value)  # arrays are copied on assignment
        self.frame.set(n.name, value)

    def x_Shuffle(self, n: A.Shuffle) -> None:
        arr = self.frame.get(n.var.name, n.var.span)
        for i in range(len(arr) - 1, 0, -1):
            j = self.rng.rn2(i + 1)
            if j != i:
                arr[i], arr[j] = arr[j], arr[i]

    # -- flow control -------------------------------------------------------------------
    def x_Exit(self, n: A.Exit) -> None:
        raise ExitSignal()

    def x_Break(self, n: A.Break) -> None:
        raise BreakSignal()

    def condition(self, c: A.Node) -> bool:
        if isinstance(c, A.CondPercent):
            return c.percent > self.rng.rn2(100)
        if isinstance(c, A.CondTruth):
            return self.eval(c.expr) != 0
        a, b = self.eval(c.left), self.eval(c.right)
        return {"==": a == b, "!=": a != b, "<": a < b, ">": a > b, "<=": a <= b,
                ">=": a >= b}[c.op]

    def x_If(self, n: A.If) -> None:
        if self.condition(n.cond):
            self.exec_block(n.then.statements)
        elif n.orelse is not None:
            self.exec_block(n.orelse.statements)

    def x_Chance(self, n: A.Chance) -> None:
        if self.condition(n.cond):
            self.execute(n.statement)

    def x_Switch(self, n: A.Switch) -> None:
        value = self.eval(n.expr)
        if n.random:
            value = self.rng.rn2(value) if value > 1 else 0
        start = next((i for i, arm in enumerate(n.arms) if arm.value is not None and arm.value == value), None)
        if start is None:
            start = next((i for i, arm in enumerate(n.arms) if arm.value is None), None)
        if start is None:
            return
        try:
            for arm in n.arms[start:]:   # cases fall through, as in C
                self.exec_block(arm.body)
        except BreakSignal:
            pass

    def x_Loop(self, n: A.Loop) -> None:
        count = self.eval(n.count)
        try:
            while True:  # the body runs at least once; the count is read once
                count -= 1
                self.exec_block(n.body.statements)
                self._tick(n)  # an empty body must not spin past the limit
                if not count > 0:
                    break
        except BreakSignal:
            pass

    def x_For(self, n: A.For) -> None:
        # lev_comp keeps the bounds in two hidden variables of the frame, "<var> end" and
        # "<var> step", and re-reads them after every round: a nested FOR over the same
        # variable overwrites the outer loop's bounds, exactly as in the game.
        start = self.eval(n.start)
        end = self.eval(n.end)
        end_name, step_name = n.var + " end", n.var + " step"
        frame = self.frame
        frame.set(end_name, end)
        frame.set(n.var, start)
        frame.set(step_name, (end > start) - (end < start))
        values = frame.values
        try:
            while True:  # inclusive both ways; at least once; the body may change the variable
                self.exec_block(n.body.statements)
                self._tick(n)
                # compare first, then step: the variable ends as end + step
                current = frame.get(n.var, n.span)
                values[n.var] = current + values[step_name]
                if current == values[end_name]:
                    break
        except BreakSignal:
            pass

    # -- rooms and blocks with contents -------------------------------------------------------
    def _contents(self, block: Optional[A.Block]) -> None:
        if block is None:
            return
        try:
            self.exec_block(block.statements)
        except BreakSignal:
            pass

    def x_Room(self, n: A.Room) -> None:
        ok = self.builder.begin_room(
            span=n.span, subroom=n.subroom, rtype=n.rtype, chance=n.chance, light=n.light,
            pos=n.pos, align=n.align, size=n.size, filled=n.flags.filled,
            irregular=n.flags.irregular, joined=n.flags.joined)
        if ok:
            self._contents(n.body)
        self.builder.end_room()

    def x_RegionStmt(self, n: A.RegionStmt) -> None:
        self.builder.begin_region(
            span=n.span, region=self.eval(n.region), light=n.light, rtype=n.rtype,
            filled=n.flags.filled, irregular=n.flags.irregular, joined=n.flags.joined,
            has_contents=n.body is not None)
        self._contents(n.body)
        self.builder.end_region()

    def x_Monster(self, n: A.Monster) -> None:
        monster, coord, attrs = self.eval(n.spec), self.eval(n.coord), self.attrs(n.attrs)
        ext = _ext_attrs(attrs)
        self.builder.begin_monster(monster=monster, coord=coord, attrs=attrs,
                                   has_inventory=n.inventory is not None, span=n.span)
        for word, value in ext:
            self.builder.extension(kind="monster", name=word,
                                   args={"monster": str(monster), "value": value}, span=n.span)
        self._contents(n.inventory)
        self.builder.end_monster()

    def x_Object(self, n: A.Object) -> None:
        obj = self.eval(n.spec)
        if n.coord is None:
            attrs, coord = self.attrs(n.attrs), None
        else:
            # The coordinate is one of the object's infos: evaluate everything in source
            # order, as lev_comp pushes it, so random draws come in the game's order.
            early = n.early if n.attrs else ()
            if early is None:
                early = frozenset(k for k, v in n.attrs.items() if _starts_before(v, n.coord))
                n.early = early
            if early:
                attrs = self.attrs({k: v for k, v in n.attrs.items() if k in early})
                coord = self.eval(n.coord)
                attrs.update(self.attrs({k: v for k, v in n.attrs.items() if k not in early}))
            else:
                coord = self.eval(n.coord)
                attrs = self.attrs(n.attrs)
        ext = _ext_attrs(attrs)
        if n.container:
            self.builder.begin_container(object=obj, coord=coord, attrs=attrs, span=n.span)
            self._ext_object(obj, ext, n)
            self._contents(n.contents)
            self.builder.end_container()
        else:
            self.builder.object(object=obj, coord=coord, attrs=attrs, span=n.span)
            self._ext_object(obj, ext, n)

    def _ext_object(self, obj, ext, n: A.Object) -> None:
        for word, value in ext:
            self.builder.extension(kind="object", name=word,
                                   args={"object": str(obj), "value": value}, span=n.span)

    # -- simple level statements ------------------------------------------------------------
    def x_Message(self, n: A.Message) -> None:
        self.builder.message(span=n.span, text=self.eval(n.text))

    def x_InitMap(self, n: A.InitMap) -> None:
        fill = self.eval(n.fill) if n.fill is not None else None
        self.builder.init_map(span=n.span, style=n.style, fill=fill, fg=n.fg, bg=n.bg,
                   smoothed=n.smoothed, joined=n.joined, lit=n.lit, walled=n.walled,
                   fillchar=n.fillchar)

    def x_MapStmt(self, n: A.MapStmt) -> None:
        coord = self.eval(n.coord) if n.coord is not None else None
        self.builder.map(span=n.span, halign=n.halign, valign=n.valign, coord=coord,
                   keep_region=n.keep_region, lines=n.lines, first_line=n.first_line)
        squares = n.ext_terrain
        if squares:         # a profile's map characters, drawn as their bases
            by_name: Dict[tuple, list] = {}
            for dx, dy, name, base in squares:
                by_name.setdefault((name, base), []).append(
                    self.builder.locate(Coord(dx, dy)))
            for (name, base), where in by_name.items():
                self.builder.extension(kind="terrain", name=name,
                                       args={"base": base, "squares": where}, span=n.span)

    def x_VaultGen(self, n: A.VaultGen) -> None:
        self.builder.vaultgen(span=n.span, frequency=n.frequency)

    def x_RoomDoor(self, n: A.RoomDoor) -> None:
        self.builder.roomdoor(span=n.span, secret=n.secret, state=n.state, walls=n.walls, pos=n.pos)
        if A.ext_records(n) or isinstance(n.state, ExtState):
            self._ext_records(n, {"roomdoor": True})

    def _ext_records(self, n: A.Node, where: dict) -> None:
        """What a base statement carried of a profile's extensions (a door's material
        or flags, an engraving's random text): one record each, with where it went."""
        state = getattr(n, "state", None)
        for word in getattr(state, "words", ()):
            self.builder.extension(kind="door", name=word, args=dict(where, flag=word),
                                   span=n.span)
        for kind, name, args in A.ext_records(n):
            self.builder.extension(kind=kind, name=name, args=dict(where, **args), span=n.span)

    def x_ExtensionStmt(self, n: ExtensionStmt) -> None:
        """A profile's statement: drawn when it ``places`` terrain, else handed on as
        evaluated arguments (or the raw text of a ``raw`` or unknown statement)."""
        if n.raw is not None:
            self.builder.extension(kind="unknown statement" if n.unknown else "statement",
                                   name=n.name, args={"raw": n.raw}, span=n.span)
            return
        values = [self._ext_value(shape, node) for shape, node in n.args]
        if n.kind != "statement":       # more arguments of the base statement before
            self.builder.extension(kind=n.kind, name=n.name,
                                   args={"args": values, "shapes": [s for s, _n in n.args]},
                                   span=n.span)
            return
        if n.places is not None:
            first = values[0] if n.args[0][0] == "selection" else [values[0]]
            mapchar = self.eval(n.places)
            self.builder.terrain(span=n.span, selection=first, mapchar=mapchar)
            name = getattr(n.places, "ext_terrain", None)   # a MapChar literal only
            if name is not None:
                self.builder.extension(kind="terrain", name=name,
                                       args={"base": mapchar.char, "squares": first},
                                       span=n.span)
            return
        self.builder.extension(kind="statement", name=n.name,
                               args={"args": values, "shapes": [s for s, _n in n.args]},
                               span=n.span)

    def _ext_value(self, shape: str, node):
        if shape == "selection":
            return sorted(self.selection(node))
        if not isinstance(node, A.Node):
            return node                     # a keyword's value (light, direction...)
        value = self.eval(node)
        if shape == "coord":
            return self.builder.locate(value)
        if shape == "region":
            return self.builder.locate_region(value)
        if shape == "mapchar":
            return value.char
        if shape in ("monster", "object"):
            return str(value)
        return value

    def x_Door(self, n: A.Door) -> None:
        sel = self.selection(n.selection)
        self.builder.door(span=n.span, state=n.state, selection=sel)
        if A.ext_records(n) or isinstance(n.state, ExtState):
            self._ext_records(n, {"squares": sorted(sel)})

    def x_Corridor(self, n: A.Corridor) -> None:
        src = (n.src.room, n.src.wall, n.src.door)
        dst = (n.dst.room, n.dst.wall, n.dst.door) if isinstance(n.dst, A.CorridorEnd) else n.dst
        self.builder.corridor(span=n.span, src=src, dst=dst)

    def x_RandomCorridors(self, n: A.RandomCorridors) -> None:
        self.builder.random_corridors(span=n.span, style=n.style)

    def x_Drawbridge(self, n: A.Drawbridge) -> None:
        self.builder.drawbridge(span=n.span, coord=self.eval(n.coord), direction=n.direction, state=n.state)

    def x_MazeWalk(self, n: A.MazeWalk) -> None:
        self.builder.mazewalk(span=n.span, coord=self.eval(n.coord), direction=n.direction,
                   stocked=n.stocked, fillchar=n.fillchar)

    def x_Wallify(self, n: A.Wallify) -> None:
        sel = self.selection(n.selection) if n.selection is not None else None
        self.builder.wallify(span=n.span, selection=sel)

    def x_WallWalk(self, n: A.WallWalk) -> None:
        coord = self.eval(n.coord)
        fg = self.eval(n.fg)
        bg = self.eval(n.bg) if n.bg is not None else MapCharValue(".", map_char_to_type("."), -2)
        self.builder.wallwalk(span=n.span, coord=coord, fg=fg, bg=bg, percent=n.percent)

    def x_Ladder(self, n: A.Ladder) -> None:
        self.builder.ladder(span=n.span, coord=self.eval(n.coord), up=n.up)

    def x_Stair(self, n: A.Stair) -> None:
        self.builder.stair(span=n.span, coord=self.eval(n.coord), up=n.up)

    def x_LevRegionStmt(self, n: A.LevRegionStmt) -> None:
        self.builder.levregion(span=n.span, kind=n.kind, area=self.eval(n.area),
                   exclude=self.eval(n.exclude), up=n.up, dest=n.dest)

    def x_Feature(self, n: A.Feature) -> None:
        getattr(self.builder, n.kind)(span=n.span, selection=self.selection(n.selection))

    def x_Terrain(self, n: A.Terrain) -> None:
        sel = self.selection(n.selection)
        mapchar = self.eval(n.mapchar)
        self.builder.terrain(span=n.span, selection=sel, mapchar=mapchar)
        name = getattr(n.mapchar, "ext_terrain", None)  # a MapChar literal only
        if name is not None:
            self.builder.extension(kind="terrain", name=name,
                                   args={"base": mapchar.char, "squares": sorted(sel)},
                                   span=n.span)

    def x_ReplaceTerrain(self, n: A.ReplaceTerrain) -> None:
        self.builder.replace_terrain(span=n.span, region=self.eval(n.region),
                   from_char=self.eval(n.from_char), to_char=self.eval(n.to_char),
                   percent=n.percent)

    def x_Spill(self, n: A.Spill) -> None:
        self.builder.spill(span=n.span, coord=self.eval(n.coord), mapchar=self.eval(n.mapchar),
                   direction=n.direction, count=self.eval(n.count))

    def x_NonDiggable(self, n: A.NonDiggable) -> None:
        self.builder.non_diggable(span=n.span, region=self.eval(n.region))

    def x_NonPasswall(self, n: A.NonPasswall) -> None:
        self.builder.non_passwall(span=n.span, region=self.eval(n.region))

    def x_Altar(self, n: A.Altar) -> None:
        self.builder.altar(span=n.span, coord=self.eval(n.coord), align=self.align(n.align),
                   altar_type=n.altar_type)

    def x_Grave(self, n: A.Grave) -> None:
        text = self.eval(n.text) if n.text is not None else None
        self.builder.grave(span=n.span, coord=self.eval(n.coord), text=text, random_text=n.random_text)

    def x_Gold(self, n: A.Gold) -> None:
        self.builder.gold(span=n.span, amount=self.eval(n.amount), coord=self.eval(n.coord))

    def x_Engraving(self, n: A.Engraving) -> None:
        coord = self.eval(n.coord)
        self.builder.engraving(span=n.span, coord=coord, etype=n.etype, text=self.eval(n.text))
        if A.ext_records(n):
            self._ext_records(n, {"coord": str(coord)})

    def x_Mineralize(self, n: A.Mineralize) -> None:
        vals = [self.eval(v) if v is not None else -1
                for v in (n.kelp_pool, n.kelp_moat, n.gold_prob, n.gem_prob)]
        self.builder.mineralize(span=n.span, kelp_pool=vals[0], kelp_moat=vals[1], gold_prob=vals[2],
                   gem_prob=vals[3])

    def x_Trap(self, n: A.Trap) -> None:
        self.builder.trap(span=n.span, name=n.name, coord=self.eval(n.coord))

    def x_MonGeneration(self, n: A.MonGeneration) -> None:
        entries = [(self.eval(w), self.eval(m)) for w, m in n.entries]
        self.builder.mon_generation(span=n.span, percent=n.percent, entries=entries)

    def x_Sounds(self, n: A.Sounds) -> None:
        entries = [(how, self.eval(text)) for how, text in n.entries]
        self.builder.sounds(span=n.span, frequency=self.eval(n.frequency), entries=entries)

def _ext_attrs(attrs: dict) -> list:
    """Take a profile's monster flags and object attributes (``ext:`` keys) out of
    ``attrs``: the builder gets the base ones, the rest become records."""
    ext = [(k[4:], v) for k, v in attrs.items() if k.startswith("ext:")]
    for k, _v in ext:
        del attrs["ext:" + k]
    return ext


def _starts_before(value, node: A.Node) -> bool:
    """Whether an info value (a node, or a tuple holding one) was written before ``node``."""
    if isinstance(value, tuple):
        value = next((v for v in value if isinstance(v, A.Node)), None)
    if not isinstance(value, A.Node):
        return False   # constants draw nothing: their place does not matter
    a, b = value.span, node.span
    return (a.line, a.col) < (b.line, b.col)


def _find_functions(statements, out: List[A.FunctionDef]) -> None:
    """FUNCTION definitions among statements and their nested blocks (not expressions)."""
    for s in statements:
        if isinstance(s, A.FunctionDef):
            out.append(s)
        elif isinstance(s, A.If):
            _find_functions(s.then.statements, out)
            if s.orelse is not None:
                _find_functions(s.orelse.statements, out)
        elif isinstance(s, A.Chance):
            _find_functions([s.statement], out)
        elif isinstance(s, A.Switch):
            for arm in s.arms:
                _find_functions(arm.body, out)
        elif isinstance(s, (A.Loop, A.For, A.Room)):
            _find_functions(s.body.statements, out)
        else:
            block = getattr(s, "body", None) or getattr(s, "inventory", None) or getattr(s, "contents", None)
            if isinstance(block, A.Block):
                _find_functions(block.statements, out)
