"""NetHack 3.6.x's and 3.4.3's mktrap() (mklev.c) on their own loaders
(unlev/populate/traps36.py): a web always gets its giant spider, with no draw
(UnNetHack rolls rnf(6, 7) first from difficulty 7); 3.6.x leaves a dead adventurer
(mktrap_victim's objects, no role monster) on a trap that can kill on a shallow level,
3.4.3 never.  Small des-files built at a chosen depth."""

from __future__ import annotations

from unlev.generate.build import build_level
from unlev.lang.frontend import compile_text
from unlev.stdlib.builtins import RunContext

MAZE = """MAZE: "traps", ' '
GEOMETRY:center,center
MAP
...........
...........
...........
ENDMAP
"""
UNMAZE = MAZE.replace("MAZE: \"traps\", ' '", 'LEVEL: "traps"\nINIT_MAP: solidfill, \' \'')


def _levels(text, dialect, depth, seeds=range(1, 9)):
    c = compile_text(text, dialect=dialect)
    return [build_level(c, seed=s, run_context=RunContext(depth=depth, level_name="traps"))
            for s in seeds]


def _spiders(lv):
    return [m for m in lv.monsters if m.attrs.get("from") == "web"]


def test_a_web_always_gets_its_spider_in_36_and_343():
    """3.6.x mktrap(): ``if (kind == WEB) makemon(&mons[PM_GIANT_SPIDER], ...)``; 3.4.3
    the same; UnNetHack's ``if (lvl >= 7 && rnf(6,7))`` before it misses 1 time in 7."""
    webs = MAZE + "".join(f'TRAP:"web",({x},1)\n' for x in range(0, 11, 2))
    for dialect in ("nethack36", "nethack343"):
        for lv in _levels(webs, dialect, depth=12):
            assert len([t for t in lv.traps if t.ttyp == "WEB"]) == 6
            assert len(_spiders(lv)) == 6, dialect
    un = UNMAZE + "".join(f'TRAP:"web",({x},1)\n' for x in range(0, 11, 2))
    missed = sum(6 - len(_spiders(lv)) for lv in _levels(un, "unnethack", depth=12,
                                                          seeds=range(1, 13)))
    assert missed > 0           # the control: UnNetHack's roll leaves some webs empty


def _victims(lv):
    return [o for o in lv.objects if o.attrs.get("from") == "trap victim"]


def test_36_leaves_trap_victims_on_a_shallow_level_and_343_does_not():
    """3.6.x mktrap(): ``lvl <= rnd(4)`` and a kind that kills (arrow, dart, falling
    rock, bear trap, land mine, boulder, sleeping gas, fire) -- at difficulty 1 always:
    the missile, cursed possessions and a corpse; 3.4.3's mktrap() has no victim."""
    arrows = MAZE + "".join(f'TRAP:"arrow",({x},0)\n' for x in range(0, 11, 2))
    for lv in _levels(arrows, "nethack36", depth=1):
        got = _victims(lv)
        corpses = [o for o in got if o.id == "corpse"]
        assert len(corpses) == 6
        for t in lv.traps:              # the trap's own arrow, then cursed things
            here = [o for o in got if (o.x, o.y) == (t.x, t.y)]
            assert here[0].id == "arrow" and here[-1].id == "corpse"
            assert all(o.attrs.get("curse") == "cursed" for o in here[1:-1])
        # no role monsters in 3.6: only the five races of its switch
        assert {o.attrs.get("montype") for o in corpses} <= {"elf", "dwarf", "orc", "gnome",
                                                              "human"}
    for lv in _levels(arrows, "nethack343", depth=1):
        assert not _victims(lv)
    squeaky = MAZE + "".join(f'TRAP:"board",({x},0)\n' for x in range(0, 11, 2))
    for lv in _levels(squeaky, "nethack36", depth=1):
        assert not _victims(lv)       # nonlethal: no victim
