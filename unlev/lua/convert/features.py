"""Map and feature statements: level_init, maps, doors, corridors, drawbridges,
mazewalks, stairs, level regions, terrain, altars, graves, gold, engravings, traps,
and UnNetHack's own statements written with an ``-- unlev:`` note.
"""

from __future__ import annotations

from unlev.lang import ast as A
from unlev.model.constants import D_CLOSED, D_ISOPEN

from .base import (ALTAR_NAME, DOOR_NAME, ENGR_NAME, HALIGN, VALIGN, WALL_NAME, is_coordish,
                   long_string, lua_bool, lua_string)


class FeaturesMixin:
    """``x_*`` for the statements that draw the map and place features."""

    def x_Message(self, s):
        self.emit(f"des.message({self.ex(s.text)})")

    def x_InitMap(self, s):
        style = s.style.lower()
        if style == "solidfill":
            parts = ['style = "solidfill"', f"fg = {lua_string(s.fill.char)}"]
            if s.fill.light != -2:
                parts.append(f"lit = {s.fill.light}")
        elif style == "mazegrid":
            ch = s.fill.char if s.fill is not None else (s.fillchar or "-")
            parts = ['style = "mazegrid"', f"bg = {lua_string(ch)}"]
        elif style == "mines":
            parts = ['style = "mines"', f"fg = {lua_string(s.fg)}", f"bg = {lua_string(s.bg)}",
                     f"smoothed = {lua_bool(s.smoothed)}", f"joined = {lua_bool(s.joined)}",
                     f"lit = {s.lit if s.lit is not None else 0}",
                     f"walled = {lua_bool(s.walled) if s.walled in (0, 1, None) else s.walled}"]
            if s.fillchar:
                parts.append(f"filling = {lua_string(s.fillchar)}")
        else:
            self.note(f"INIT_MAP style {style}: not a 3.7 style; unlev runs it")
            parts = [f"style = {lua_string(style)}"]
        self.emit(f"des.level_init({self.table(parts)})")

    def x_MapStmt(self, s):
        parts = []
        if s.coord is not None:
            parts.append(self.coord_fields(s.coord) or "coord = { random = true }")
        else:
            if s.halign is not None:
                parts.append(f"halign = {lua_string(HALIGN.get(s.halign, 'center'))}")
            if s.valign is not None:
                parts.append(f"valign = {lua_string(VALIGN.get(s.valign, 'center'))}")
        if s.keep_region != 1:
            self.note("the des-file asks not to keep the MAP's region (3.7 has no such option)")
            parts.append(f"unlev_keep_region = {s.keep_region}")
        text = "\n".join(s.lines or []) + "\n"
        if parts == ['halign = "center"', 'valign = "center"'] or not parts:
            self.emit_raw(f"des.map({long_string(text)})")
        else:
            self.emit_raw("des.map({ " + ", ".join(parts) + f", map = {long_string(text)} }})")

    def x_VaultGen(self, s):
        self.note("VAULTGEN: UnNetHack's random vaults; 3.7 has no statement for it")
        self.emit(f"des.vaultgen({s.frequency})")

    def x_RoomDoor(self, s):
        if s.walls in WALL_NAME:
            wall = lua_string(WALL_NAME[s.walls])
        else:
            self.note("a door on several walls (a bit mask): 3.7 names one wall")
            wall = str(s.walls)
        parts = [f"state = {lua_string(DOOR_NAME.get(s.state, 'random'))}", f"wall = {wall}"]
        if s.secret != -1:
            parts.append(f"secret = {s.secret}")
        if s.pos != -1:
            parts.append(f"pos = {s.pos}")
        self.emit(f"des.door({self.table(parts)})")

    def x_Door(self, s):
        state = lua_string(DOOR_NAME.get(s.state, "random"))
        sel = s.selection
        if isinstance(sel, A.SelCoord):
            sel = sel.coord
        if isinstance(sel, A.CoordLit):
            self.emit(f"des.door({state}, {sel.x}, {sel.y})")
        elif isinstance(sel, A.RandomCoord) and not sel.humidity:
            self.emit(f"des.door({{ state = {state}, coord = {self.ex(sel)} }})")
        elif isinstance(sel, (A.Var, A.Index)) and is_coordish(sel):
            self.emit(f"des.door({{ state = {state}, coord = {self.ex(sel)} }})")
        else:
            self.note("DOOR on a whole selection: 3.7's des.door takes one spot")
            self.emit(f"des.door({{ state = {state}, selection = {self.sel(sel)} }})")

    def x_Corridor(self, s):
        parts = [f"srcroom = {s.src.room}", f"srcwall = {lua_string(WALL_NAME.get(s.src.wall, 'random'))}",
                 f"srcdoor = {s.src.door}"]
        if isinstance(s.dst, A.CorridorEnd):
            parts += [f"destroom = {s.dst.room}",
                      f"destwall = {lua_string(WALL_NAME.get(s.dst.wall, 'random'))}",
                      f"destdoor = {s.dst.door}"]
        else:
            self.note("CORRIDOR to a number (an nxcor corridor): not in 3.7")
            parts.append(f"nxcor = {s.dst}")
        self.emit(f"des.corridor({self.table(parts)})")

    def x_RandomCorridors(self, s):
        if s.style is None:
            self.emit("des.random_corridors()")
        else:
            self.note("RANDOM_CORRIDORS with a style: 3.7's has none")
            self.emit(f"des.random_corridors({s.style})")

    def x_Drawbridge(self, s):
        parts = [f"dir = {lua_string(WALL_NAME.get(s.direction, 'random'))}",
                 # the des-file's door states (D_ISOPEN, D_CLOSED); anything else
                 # (RANDOM_TYPE) is 3.7's "random"
                 f"state = {lua_string(DRAWBRIDGE_NAME.get(s.state, 'random'))}",
                 self.coord_fields(s.coord)]
        self.emit(f"des.drawbridge({self.table(parts)})")

    def x_MazeWalk(self, s):
        parts = [self.coord_fields(s.coord),
                 f"dir = {lua_string(WALL_NAME.get(s.direction, 'random'))}"]
        if s.stocked is not None:
            parts.append(f"stocked = {lua_bool(s.stocked)}")
        if s.fillchar is not None:
            parts.append(f"typ = {lua_string(s.fillchar)}")
        self.emit(f"des.mazewalk({self.table(parts)})")

    def x_Wallify(self, s):
        if s.selection is None:
            self.emit("des.wallify()")
        else:
            self.emit(f"des.wallify({{ selection = {self.sel(s.selection)} }})")

    def x_WallWalk(self, s):
        self.note("WALLWALK: UnNetHack's; 3.7 has no such statement")
        parts = [self.coord_fields(s.coord), f"fg = {self.ex(s.fg)}"]
        if s.bg is not None:
            parts.append(f"bg = {self.ex(s.bg)}")
        parts.append(f"chance = {s.percent}")
        self.emit(f"des.wallwalk({self.table(parts)})")

    def x_Ladder(self, s):
        self.stair("des.ladder", s)

    def x_Stair(self, s):
        self.stair("des.stair", s)

    def stair(self, head, s):
        d = lua_string("up" if s.up else "down")
        if isinstance(s.coord, A.CoordLit):
            self.emit(f"{head}({d}, {s.coord.x}, {s.coord.y})")
        elif isinstance(s.coord, A.RandomCoord) and not s.coord.humidity:
            self.emit(f"{head}({d})")
        else:
            self.emit(f"{head}({self.table([f'dir = {d}', self.coord_fields(s.coord)])})")

    def x_LevRegionStmt(self, s):
        def region(key, r):
            if isinstance(r, A.RegionLit):
                out = f"{key} = {{ {r.x1}, {r.y1}, {r.x2}, {r.y2} }}"
                return out + f", {key}_islev = {1 if r.whole_level else 0}"
            return f"{key} = {self.ex(r)}"
        parts = [region("region", s.area), region("exclude", s.exclude)]
        if s.kind == "teleport":
            if s.up is not None:
                parts.append(f"dir = {lua_string('up' if s.up else 'down')}")
            self.emit(f"des.teleport_region({self.table(parts)})")
            return
        typ = {"stair": "stair-up" if s.up else "stair-down", "portal": "portal",
               "branch": "branch"}[s.kind]
        parts.insert(0, f"type = {lua_string(typ)}")
        if s.dest:
            parts.append(f"name = {lua_string(s.dest)}")
        self.emit(f"des.levregion({self.table(parts)})")

    def x_Feature(self, s):
        sel = s.selection.coord if isinstance(s.selection, A.SelCoord) else s.selection
        if isinstance(sel, A.CoordLit):
            self.emit(f"des.feature({lua_string(s.kind)}, {sel.x}, {sel.y})")
        else:
            self.emit(f"des.feature({lua_string(s.kind)}, {self.sel(sel)})")

    def x_Terrain(self, s):
        sel = s.selection.coord if isinstance(s.selection, A.SelCoord) else s.selection
        mc = s.mapchar
        if isinstance(mc, A.MapChar) and mc.light == -2 and isinstance(sel, A.CoordLit):
            self.emit(f"des.terrain({sel.x}, {sel.y}, {lua_string(mc.char)})")
        elif isinstance(mc, A.MapChar) and mc.light == -2:
            self.emit(f"des.terrain({self.sel(sel)}, {lua_string(mc.char)})")
        else:
            self.emit(f"des.terrain({self.sel(sel)}, {self.ex(mc)})")

    def x_ReplaceTerrain(self, s):
        r = s.region
        parts = []
        if isinstance(r, A.RegionLit):
            parts.append(f"region = {{ {r.x1}, {r.y1}, {r.x2}, {r.y2} }}")
            if r.whole_level:
                parts.append("region_islev = 1")
        else:
            parts.append(f"region = {self.ex(r)}")
        frm, to = s.from_char, s.to_char
        parts.append(f"fromterrain = {self.ex(frm)}")
        if isinstance(to, A.MapChar) and to.light != -2:
            parts.append(f"toterrain = {lua_string(to.char)}, lit = {to.light}")
        else:
            parts.append(f"toterrain = {self.ex(to)}")
        parts.append(f"chance = {s.percent}")
        self.emit(f"des.replace_terrain({self.table(parts)})")

    def x_Spill(self, s):
        self.note("SPILL: UnNetHack's; 3.7 has no such statement")
        parts = [self.coord_fields(s.coord), f"typ = {self.ex(s.mapchar)}",
                 f"dir = {lua_string(WALL_NAME.get(s.direction, 'random'))}",
                 f"count = {self.ex(s.count)}"]
        self.emit(f"des.spill({self.table(parts)})")

    def _region_stmt(self, head, r):
        if isinstance(r, A.RegionLit):
            if r.whole_level:
                self.note("a levregion() here is relative to the level, not the MAP")
            self.emit(f"{head}(selection.area({r.x1}, {r.y1}, {r.x2}, {r.y2}))")
        else:
            self.emit(f"{head}({{ region = {self.ex(r)} }})")

    def x_NonDiggable(self, s):
        self._region_stmt("des.non_diggable", s.region)

    def x_NonPasswall(self, s):
        self._region_stmt("des.non_passwall", s.region)

    def x_Altar(self, s):
        parts = [self.coord_fields(s.coord), f"align = {self.align(s.align)}",
                 f"type = {lua_string(ALTAR_NAME.get(s.altar_type, 'random'))}"]
        self.emit(f"des.altar({self.table(parts)})")

    def x_Grave(self, s):
        parts = [self.coord_fields(s.coord)]
        if s.text is not None:
            parts.append(f"text = {self.ex(s.text)}")
        elif not s.random_text:
            self.note("a grave without an epitaph: 3.7 always engraves one")
            parts.append("unlev_no_text = true")
        self.emit(f"des.grave({self.table(parts)})")

    def x_Gold(self, s):
        parts = [f"amount = {self.ex(s.amount)}", self.coord_fields(s.coord)]
        self.emit(f"des.gold({self.table(parts)})")

    def x_Engraving(self, s):
        parts = [self.coord_fields(s.coord), f"type = {lua_string(ENGR_NAME.get(s.etype, 'random'))}",
                 f"text = {self.ex(s.text)}"]
        self.emit(f"des.engraving({self.table(parts)})")

    def x_Mineralize(self, s):
        self.note("MINERALIZE with probabilities: UnNetHack's; 3.7 mineralizes by itself")
        parts = []
        for key in ("kelp_pool", "kelp_moat", "gold_prob", "gem_prob"):
            v = getattr(s, key)
            if v is not None:
                parts.append(f"{key} = {self.ex(v)}")
        self.emit(f"des.mineralize({self.table(parts)})")

    def x_Trap(self, s):
        if s.name is None:
            f = self.coord_fields(s.coord)
            self.emit(f"des.trap({{ {f} }})" if f else "des.trap()")
        elif isinstance(s.coord, A.CoordLit):
            self.emit(f"des.trap({lua_string(s.name)}, {s.coord.x}, {s.coord.y})")
        elif isinstance(s.coord, A.RandomCoord) and not s.coord.humidity:
            self.emit(f"des.trap({lua_string(s.name)})")
        else:
            self.emit(f"des.trap({self.table([f'type = {lua_string(s.name)}', self.coord_fields(s.coord)])})")

    def x_MonGeneration(self, s):
        self.note("MON_GENERATION: UnNetHack's; 3.7 has no such statement")
        entries = ", ".join(f"{{ {self.ex(w)}, {self.ex(m)} }}" for w, m in s.entries)
        self.emit(f"des.mon_generation({s.percent}, {{ {entries} }})")

    def x_Sounds(self, s):
        self.note("LEVEL_SOUNDS: UnNetHack's; 3.7 has no such statement")
        hows = {0: "hear", 1: "pline", 2: "verbal", 3: "feel"}
        entries = ", ".join(f"{{ {lua_string(hows.get(h, 'hear'))}, {self.ex(t)} }}"
                            for h, t in s.entries)
        self.emit(f"des.sounds({self.ex(s.frequency)}, {{ {entries} }})")


DRAWBRIDGE_NAME = {D_ISOPEN: "open", D_CLOSED: "closed"}
