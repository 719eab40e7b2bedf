"""What the game adds to a level's population beyond the des-file's statements:
trap doors where nothing can fall, hiders' objects, monster inventories, merged
stacks, box and statue contents, makemon's plane and alignment, mksobj's fields.
Each test names the C function its expected values come from."""

from __future__ import annotations

from collections import Counter

from unlev.generate.build import build_level
from unlev.lang.frontend import compile_text
from unlev.model.context import DungeonContext

ROOM = 'LEVEL:"pop"\n%sROOM:"ordinary",lit,(3,3),(center,center),(12,6) {\n%s\n}\n'


def run(body: str, seed: int = 1, flags: str = "", **kw):
    return build_level(compile_text(ROOM % (flags, body)), seed=seed, **kw)


# -------------------------------------------------------------- Can_fall_thru (mktrap)
def _trap_kinds(body: str, seeds=range(1, 9), flags: str = "", **kw) -> Counter:
    out: Counter = Counter()
    for s in seeds:
        out.update(t.ttyp for t in run(body, seed=s, flags=flags, **kw).traps)
    return out


def test_a_named_trap_door_on_a_hard_floor_is_a_falling_rock_trap():
    # mklev.c mktrap(): TRAPDOOR/HOLE -> ROCKTRAP when !Can_fall_thru; dungeon.c
    # Can_dig_down() is false on a hardfloor level
    body = 'TRAP:"trap door",(1,1)\nTRAP:"hole",(2,2)'
    assert _trap_kinds(body, seeds=[1], flags="FLAGS:hardfloor\n") == Counter(ROCKTRAP=2)
    assert _trap_kinds(body, seeds=[1]) == Counter(TRAPDOOR=1, HOLE=1)


def test_the_bottom_of_a_dungeon_has_no_trap_doors_but_the_castle_has():
    # dungeon.c Is_botlevel() forbids falling; Can_fall_thru() allows it on the
    # stronghold all the same
    body = 'TRAP:"trap door",(1,1)'
    bottom = DungeonContext(depth=5, dunlev=5, dunlevs=5)
    assert _trap_kinds(body, seeds=[1], context=bottom) == Counter(ROCKTRAP=1)
    castle = DungeonContext(depth=25, dunlev=25, dunlevs=25, is_stronghold=True)
    assert _trap_kinds(body, seeds=[1], context=castle) == Counter(TRAPDOOR=1)
    inside = DungeonContext(depth=5, dunlev=5, dunlevs=6)
    assert _trap_kinds(body, seeds=[1], context=inside) == Counter(TRAPDOOR=1)


def test_random_traps_never_fall_through_a_hard_floor():
    body = "\n".join(["TRAP:random,random"] * 12)
    deep = DungeonContext(depth=12, dunlev=12, dunlevs=20)
    hard = _trap_kinds(body, flags="FLAGS:hardfloor\n", context=deep)
    soft = _trap_kinds(body, context=deep)
    assert hard["TRAPDOOR"] == hard["HOLE"] == 0 and hard["ROCKTRAP"] > 0
    assert soft["TRAPDOOR"] > 0          # the same draws make trap doors elsewhere


def test_guessed_places_know_bottoms_and_the_castle():
    from unlev.generate.build import guess_context
    assert guess_context("Kni-goal").is_bottom
    assert not guess_context("Kni-loca").is_bottom
    castle = guess_context("castle-1")
    assert castle.is_bottom and castle.is_stronghold
