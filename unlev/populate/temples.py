"""The priest of a temple's shrine, as priest.c priestini() makes it.

Why this module exists: an ALTAR that is a shrine (or the high altar) inside a
temple room gets its priest the moment the altar is made (sp_lev.c create_altar()),
not when rooms are filled; temples have nothing else to fill.

The spellbooks are made as mkobj(SPBOOK_CLASS) makes them (mksobj with init: an id
and blessorcurse); half the time the worn cloak is cursed (curse()) or, for a
coaligned hero, uncursed (uncurse(), which clears a curse and keeps a blessing).
"""

from __future__ import annotations

from unlev.model.level import Room
from unlev.populate.make import (
    ALIGN_NAMES, init_object, monster_kind, new_object,
)
from unlev.populate import mksobj
from unlev.stdlib.rng import RNG
from unlev.populate.context import MakeContext
from unlev.populate import makemon


def priestini(st: MakeContext, room: Room, sx: int, sy: int, sanctum: bool, shrine_align: int,
              rng: RNG):
    """priest.c priestini(): the (high) priest stands east of the altar at (sx, sy),
    peaceful and awake, knows every trap, tends the shrine of ``shrine_align`` and
    carries 2 to 4 spellbooks.  Returns the record, or None when no priest could be
    made (the square east of the altar is off the map)."""
    level = st.level
    x, y = sx + 1, sy
    squatter = st.monster_at(x, y)
    if squatter is not None:
        makemon.rloc(st, squatter, rng)
    kind = "high priest" if sanctum else "aligned priest"
    rmno = level.room_roomno(room) if room in level.rooms or room in level.subrooms else None
    priest = makemon.makemon(st, monster_kind(kind), x, y, "priest", priest=True,
                     peaceful=True, asleep=False, seen_traps=["all"],
                     shrine_alignment=ALIGN_NAMES.get(shrine_align, str(shrine_align)),
                     high_priest=sanctum, temple_room=rmno)
    if priest is None:
        return None
    inv = priest.attrs["inventory"]
    priest.coords["shrine"] = (sx, sy)
    pctx = st.population_context()
    for _ in range(rng.rn1(3, 2)):
        # mkobj(SPBOOK_CLASS, FALSE) is mksobj(otyp, init=TRUE): an id, then
        # blessorcurse(17) -- the game's priests' books are blessed or cursed 6 % of
        # the time (issue 35, gap 2: ours were never)
        kind = pctx.random_object(rng, "+")
        book = new_object(x, y, kind)
        mksobj.next_ident(rng)
        init_object(st, book, kind, rng)
        inv.append(book)
    if rng.rn2(2):
        cloak = next((o for o in inv if o.id in _CLOAKS), None)
        if cloak is not None:
            hero = getattr(st.run_context, "alignment", 0)
            if hero != shrine_align:
                cloak.attrs["curse"] = "cursed"                 # curse()
            elif cloak.attrs.get("curse") == "cursed":
                cloak.attrs.pop("curse")    # uncurse(): a blessed robe stays blessed
    return priest


_CLOAKS = ("robe", "cloak of protection", "cloak of magic resistance")
