"""The statements that build the level: for each, evaluate its operands and make the
matching call on the :class:`~unlev.lang.level_builder.LevelBuilder`.

Why a module of its own: the evaluator has two kinds of statement.  The control flow --
variables, FUNCTION, IF, SWITCH, LOOP, FOR, EXIT, INCLUDE, the work limit -- is the
language and stays in :mod:`unlev.lang.evaluator`; the statements here are the level's
words (ROOM, MONSTER, OBJECT, MAP, DOOR, TERRAIN...), each the counterpart of one opcode
handler of UnNetHack's ``spo_lev.c`` (``spo_room``, ``spo_monster``, ``spo_object``,
``spo_map``, ``spo_door``, ``spo_terrain``...) up to the point where the handler asks the
level: the operands it pops, in the order it pops them, and the call it then makes.
:class:`LevelStatements` is a mixin of :class:`~unlev.lang.evaluator.Evaluator`, which
supplies the state (``builder``, ``rng``, ``compat``, ``warn``) and ``run_body`` (a
statement's block of contents, where BREAK ends the block).
"""

from __future__ import annotations

from typing import Dict, Optional

from . import ast as A
from .extensions import ExtensionStmt, ExtState
from .expressions import ExpressionEvaluator
from .values import Coord, MapCharValue
from ..stdlib.terrain import map_char_to_type


class LevelStatements(ExpressionEvaluator):
    """The ``x_*`` visitors of the statements that reach the builder."""

    def run_body(self, block: Optional[A.Block]) -> None:
        """A statement's block of contents (the Evaluator runs it)."""
        raise NotImplementedError

    def x_Room(self, n: A.Room) -> None:
        ok = self.builder.begin_room(
            span=n.span, subroom=n.subroom, rtype=n.rtype, chance=n.chance, light=n.light,
            pos=n.pos, align=n.align, size=n.size, filled=n.flags.filled,
            irregular=n.flags.irregular, joined=n.flags.joined)
        if ok:
            self.run_body(n.body)
        self.builder.end_room()

    def x_RegionStmt(self, n: A.RegionStmt) -> None:
        self.builder.begin_region(
            span=n.span, region=self.eval(n.region), light=n.light, rtype=n.rtype,
            filled=n.flags.filled, irregular=n.flags.irregular, joined=n.flags.joined,
            has_contents=n.body is not None)
        self.run_body(n.body)
        self.builder.end_region()

    def x_Monster(self, n: A.Monster) -> None:
        monster, coord, attrs = self.eval(n.spec), self.eval(n.coord), self.attrs(n.attrs)
        ext = _ext_attrs(attrs)
        self.builder.begin_monster(monster=monster, coord=coord, attrs=attrs,
                                   has_inventory=n.inventory is not None, span=n.span)
        for word, value in ext:
            self.builder.extension(kind="monster", name=word,
                                   args={"monster": str(monster), "value": value}, span=n.span)
        self.run_body(n.inventory)
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
            self.run_body(n.contents)
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

