"""The records the population code leaves on a level, and the small makemon() steps
every populator shares.

Why this module exists: monsters and objects are *recorded*, not simulated, and many
places make them (des-file statements, special-room fillers, shops, temples, maze
stocking, traps).  They all go through :func:`add_monster` / :func:`new_object` so
the records look the same everywhere and stay plain data for the JSON export:
``attrs`` keys say what they hold, values are names, ints, bools or lists of
:class:`~unlev.model.level.Object`.

Monster ``attrs``: ``data`` (the data-table record, for code in this process; the
JSON export leaves it out), ``class`` (its class symbol), ``from`` (who made it: ``des``,
``group``, ``fill``, ``garden``, ``maze``, ``shopkeeper``, ``shop mimic``, ``priest``,
``web``), the des-file's attributes under their own names (``name``, ``peaceful``,
``asleep``, ``female``, ``invisible``, ``cancelled``, ``revived``, ``avenge``,
``stunned``, ``confused`` as bools; ``fleeing``, ``blinded``, ``paralyzed`` in turns;
``seen_traps`` a list of trap names; ``alignment`` a name; ``appear_kind`` one of
``feature``/``object``/``monster`` with ``appear_as``), ``inventory`` (Objects),
``shapechanger`` (the species a shape-changer was made as).  ``peaceful`` and
``asleep`` are makemon()'s decision where the des-file gives none
(:func:`unlev.populate.makemon.disposition`).
Object ``attrs``: ``class`` (symbol), ``from`` (``des``, ``fill``, ``maze``, ``hider``,
``statue``, ``statue trap``...), and the des-file's or mksobj()'s ``curse``
(``blessed``/``uncursed``/``cursed``), ``spe``, ``quantity`` (:mod:`unlev.populate.mksobj`),
``name``, ``montype`` (a monster name), ``poisoned``, ``invisible``, ``lit``,
``greased``, ``locked``, ``broken``, ``trapped``, ``eroded``, ``erodeproof``,
``recharged``.
"""

from __future__ import annotations

from typing import Optional

from unlev.lang.lexer import KEYWORDS
from unlev.model.level import ROWNO, Level, Monster, Object, isok
from unlev.stdlib import data
from unlev.stdlib import terrain as T
from unlev.populate.kinds import rnd_class
from unlev.populate import artifacts, food, mksobj
from unlev.populate.merge import add_to_container
from unlev.stdlib.rng import RNG
from unlev.populate.context import MakeContext

ALIGN_NAMES = {1: "lawful", 0: "neutral", -1: "chaotic", -128: "unaligned"}

# lev_comp's values for the curse and appearance words, read from the lexer's table
_CURSE_NAMES = {v: k for k, (tok, v) in KEYWORDS.items() if tok == "CURSE_TYPE"}
_APPEAR_KINDS = {v: k[2:] for k, (tok, v) in KEYWORDS.items() if tok == "MON_APPEARANCE"}

_SOUND_HOW = {v: k for k, (tok, v) in KEYWORDS.items() if tok == "MSG_OUTPUT_TYPE"}

_MON_FLAGS = ("peaceful", "asleep", "female", "invisible", "cancelled", "revived",
              "avenge", "stunned", "confused")
_MON_TURNS = ("fleeing", "blinded", "paralyzed")
#: monst.h STRAT_WAITMASK's two reasons, as mons[] flags
_WAIT_FLAGS = frozenset({"M3_WAITFORU", "M3_CLOSE"})
_OBJ_FLAGS = ("invisible", "greased", "locked", "broken", "trapped")
_OBJ_INTS = ("spe", "recharged")


def monster_data(mon: Monster) -> Optional[data.Monster]:
    """The data-table record of a placed monster (its class settles shared names)."""
    if not isinstance(mon.id, str):
        return None
    return data.monster_named(mon.id, mon.attrs.get("class")) or data.monster_named(mon.id)


def des_monster_attrs(attrs: dict) -> dict:
    """A MONSTER statement's attributes under the record's names and plain values."""
    out: dict = {}
    for key, value in attrs.items():
        if value is None:
            continue
        if key in _MON_FLAGS:
            if value in (0, 1):          # BOOL_RANDOM (-1): makemon decides (disposition)
                out[key] = bool(value)
        elif key in _MON_TURNS:
            if value:
                out[key] = int(value) % 127
        elif key == "appear":
            kind, what = value
            out["appear_kind"] = _APPEAR_KINDS.get(kind, str(kind))
            out["appear_as"] = what
        elif key == "seen_traps":
            out["seen_traps"] = list(value)
        elif key == "name":
            out["name"] = value
        elif key not in ("align", "has_inventory"):
            out[key] = value
    return out


def des_object_attrs(attrs: dict) -> dict:
    """An OBJECT statement's attributes under the record's names and plain values."""
    out: dict = {}
    for key, value in attrs.items():
        if value is None:
            continue
        if key == "curse":
            out["curse"] = _CURSE_NAMES.get(value, value)
        elif key == "eroded":
            if value == -1:
                out["erodeproof"] = True
            elif value:
                out["eroded"] = int(value)
        elif key == "lit":
            if value in (0, 1):
                out["lit"] = bool(value)
        elif key in _OBJ_FLAGS:
            out[key] = bool(value)
        elif key in _OBJ_INTS:
            out[key] = int(value)
        elif key in ("buried", "quantity", "coord"):
            continue                      # Object.buried; quantity only where it applies
        else:
            out[key] = value
    return out


def add_monster(level: Level, x: int, y: int, pm: data.Monster, origin: str,
                **attrs) -> Monster:
    """Record a monster of kind ``pm`` at (x, y).

    Every monster the level makes goes through makemon.c ``makemon()``, which ends by
    making a kind with M3_WAITFORU or M3_CLOSE wait for the hero (``STRAT_WAITMASK``;
    only wizard.c and zap.c pass MM_NOWAIT): ``waiting``.  A des-file's ``waiting``
    (sp_lev.c create_monster) can only add to it."""
    rec = {"class": pm.symbol, "from": origin, "data": pm}
    rec.update(attrs)
    if pm.m3 & _WAIT_FLAGS:
        rec["waiting"] = True
    rec.setdefault("inventory", [])
    mon = Monster(x, y, pm.name, attrs=rec)
    note_ground(level, mon)
    level.monsters.append(mon)
    return mon


def note_ground(level: Level, record) -> None:
    """Remember, outside the exported record, whether the spot was open ground when the
    thing was placed: unlev test's ``embedded`` check tells a thing the level walled in
    later (as the game's own levels do) from one put into rock."""
    x, y = record.x, record.y
    record.placed_on_ground = isok(x, y) and not T.is_rock(level.typ[x * ROWNO + y])


def note_room_spot(record, room) -> None:
    """Remember, outside the exported record, the room whose random spot (mkroom.c
    somexy()) the thing was given (the room itself: a flip moves both).  A regular
    room's spot is any square of its rectangle, whatever the level made of it: Fort
    Ludios' throne room REGION takes in stone beyond its walls, and fill_zoo() puts
    the royal coffer on such a square too.  unlev test's ``embedded`` check tells the room's rectangle,
    which the level drew, from a thing put into rock."""
    record.spot_of_room = room


def new_object(x: int, y: int, obj: data.Object, origin: Optional[str] = None,
               buried: bool = False, **attrs) -> Object:
    """An object record of kind ``obj`` (not yet placed anywhere)."""
    rec = {"class": obj.class_symbol}
    if origin is not None:
        rec["from"] = origin
    rec.update(attrs)
    return Object(x, y, obj.name or obj.description, buried=buried, attrs=rec)


def add_object(level: Level, x: int, y: int, obj: data.Object, origin: Optional[str] = None,
               **attrs) -> Object:
    """Record an object of kind ``obj`` on the floor at (x, y)."""
    o = new_object(x, y, obj, origin, **attrs)
    note_ground(level, o)
    level.objects.append(o)
    return o


def object_kind(name: str, class_symbol: Optional[str] = None) -> data.Object:
    found = data.object_named(name, class_symbol)
    if found is None:
        raise KeyError(f"no object {name!r}")
    return found


# the monsters the builder asks for by UnNetHack's name that NetHack 3.7 names
# otherwise (3.7's "priest" is its player-monster; the temple's is "aligned cleric")
NAMES_37 = {"aligned priest": "aligned cleric"}


def monster_kind(name: str) -> data.Monster:
    found = data.monster_named(name)
    if found is None and name in NAMES_37:
        found = data.monster_named(NAMES_37[name])
    if found is None:
        raise KeyError(f"no monster {name!r}")
    return found


def mon_generation_record(percent: int, entries) -> dict:
    """MON_GENERATION as stored on the level: ``{"percent": 86, "monsters": [{"weight":
    80, "class": "S"}, {"weight": 16, "name": "human mummy"}, ...]}`` in des order."""
    monsters = []
    for weight, mv in entries:
        row = {"weight": int(weight)}
        if getattr(mv, "name", None) is not None:
            row["name"] = mv.name
        elif getattr(mv, "cls", None) is not None:
            row["class"] = mv.cls
        elif isinstance(mv, str):
            row["name"] = mv
        monsters.append(row)
    return {"percent": int(percent), "monsters": monsters}


def sounds_record(frequency: int, entries) -> dict:
    """SOUNDS as stored on the level: ``{"frequency": 5, "messages": [{"how": "hear",
    "text": "..."}, ...]}`` (a negative frequency counts as positive, as in the game)."""
    return {"frequency": abs(int(frequency)),
            "messages": [{"how": _SOUND_HOW.get(how, str(how)), "text": text}
                         for how, text in entries]}


# mkobj.c mkbox_cnts(): how many things a container may start with (locked, unlocked)
_BOX_CAPACITY = {"ice box": (20, 20), "iron safe": (10, 10), "chest": (7, 5),
                 "large box": (5, 3), "sack": (1, 1), "oilskin sack": (1, 1),
                 "bag of holding": (1, 1)}


def random_corpse_kind(st: MakeContext) -> Optional[str]:
    """mksobj(CORPSE)'s monster: ``undead_to_corpse(rndmonnum())`` (monster stream)
    until what it names leaves a corpse, 50 tries, the last one kept (mkobj.c).
    mon.c undead_to_corpse() turns a zombie or mummy into its living kind and the
    vampire and vampire lord into a human, before the G_NOCORPSE test: a kobold
    zombie makes a kobold corpse."""
    pctx = st.population_context()
    name = None
    for _ in range(50):
        pm = pctx.rndmonnum(st.mon_rng)
        if pm is None:
            break
        name = undead_to_corpse(pm.name)
        # (by the kind itself when it stays: two wererats share a name)
        living = pm if name == pm.name else data.monster_named(name)
        if living is None or "G_NOCORPSE" not in living.gen_flags:
            return name
    return name or "human"


def undead_to_corpse(name: str) -> str:
    """mon.c undead_to_corpse(): the kind a zombie's, mummy's or vampire's corpse is
    (the vampire mage is left as it is: its case is deferred in the C)."""
    for suffix in (" zombie", " mummy"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    if name in ("vampire", "vampire lord"):
        return "human"
    return name


def init_object(st: MakeContext, obj: Object, kind: data.Object, rng: RNG,
                artif: bool = False) -> None:
    """mksobj(init=TRUE): containers are locked and trapped at random and start
    with random contents (mkbox_cnts); corpses get a monster; quantity, enchantment
    and curse come from :func:`unlev.populate.mksobj.init_fields`.  All of it is drawn
    from ``rng``, the stream the object's maker draws from (the main one for the
    des-file's objects, the monster stream inside makemon()): the monster stream then
    replays the main one's numbers as far as the game's does (state.MakeContext)."""
    name = kind.name
    if name == "corpse":
        # mksobj() draws a monster even when its caller names one afterwards
        drawn = random_corpse_kind(st)
        obj.attrs.setdefault("montype", drawn)
        food.corpse_timer(drawn, rng)                      # set_corpsenm()
        return
    if name in ("egg", "tin"):
        _init_egg_or_tin(st, obj, kind, rng)
        return
    if name == "statue":
        _init_statue(st, obj, kind)
        return
    if name == "figurine":
        # mksobj(FIGURINE): rndmonnum() (monster stream) again while it is human,
        # 30 times at most; then its curse like any tool (init_fields)
        pctx = st.population_context()
        pm = None
        for _ in range(31):
            pm = pctx.rndmonnum(st.mon_rng)
            if pm is None or "M2_HUMAN" not in pm.m2:
                break
        if pm is not None:
            obj.attrs.setdefault("montype", pm.name)
    if name not in _BOX_CAPACITY:
        mksobj.init_fields(obj, kind, rng, artif=artif)
        if obj.attrs.pop("artifact_chance", False):
            artifacts.mk_artifact(st.level, obj, rng)     # the chance hit
        return
    if name == "iron safe":
        obj.attrs["locked"] = True
    elif name in ("chest", "large box"):
        obj.attrs["locked"] = bool(rng.rn2(5))
    if name in ("iron safe", "chest", "large box"):
        obj.attrs["trapped"] = not rng.rn2(10)
    locked, unlocked = _BOX_CAPACITY[name]
    n = rng.rn2((locked if obj.attrs.get("locked") else unlocked) + 1)
    pctx = st.population_context()
    for _ in range(n):
        # each thing is mksobj(.., init=TRUE, artif=TRUE): an id, then its set-up
        if name == "ice box":
            inner = new_object(obj.x, obj.y, object_kind("corpse"))
            mksobj.next_ident(rng)
            init_object(st, inner, object_kind("corpse"), rng, artif=True)
            add_to_container(obj, inner)
            continue
        cls = _box_class(rng)
        item = pctx.random_object(rng, cls)
        inner = new_object(obj.x, obj.y, item)
        mksobj.next_ident(rng)
        init_object(st, inner, item, rng, artif=True)     # mkobj(class, TRUE)
        if item.class_symbol == "$":
            inner.attrs["quantity"] = rng.rnd(pctx.level_difficulty + 2) * rng.rnd(75)
        elif item.name == "rock":
            # a rock becomes a gem (rnd_class), one of it
            first = data.object_named("dilithium crystal", "*").index
            last = data.object_named("loadstone", "*").index
            item = data.object_by_index(rnd_class(rng, first, last, pctx.ledger_no or 1))
            inner = new_object(obj.x, obj.y, item, **{k: v for k, v in inner.attrs.items()
                                                      if k not in ("quantity", "class")})
        elif name == "bag of holding" and item.name in ("bag of holding", "bag of tricks"):
            # a bag inside a bag of holding is a sack (spe 0), keeping what it holds
            sack = new_object(obj.x, obj.y, object_kind("sack"),
                              **{k: v for k, v in inner.attrs.items()
                                 if k not in ("spe", "class")})
            sack.contents.extend(inner.contents)
            inner = sack
        elif name == "bag of holding" and item.name == "cancellation" and cls == "/":
            first = data.object_named("light", "/").index
            last = data.object_named("lightning", "/").index
            while inner.id in ("cancellation", "wand of cancellation"):
                item = data.object_by_index(rnd_class(rng, first, last, pctx.ledger_no or 1))
                inner = new_object(obj.x, obj.y, item, **{k: v for k, v in inner.attrs.items()
                                                          if k != "class"})
        add_to_container(obj, inner)


def _init_egg_or_tin(st: MakeContext, obj: Object, kind: data.Object, rng: RNG) -> None:
    """mksobj(EGG or TIN, init=TRUE): the monster first (rndmonnum() on the monster
    stream, the rest on ``rng``), then the curse and quantity like any food, then a
    typed egg's hatching timer (set_corpsenm)."""
    pctx = st.population_context()
    def rndmonnum():
        return pctx.rndmonnum(st.mon_rng)
    if kind.name == "egg":
        montype, spe = food.egg_kind(rndmonnum, rng), 0
    else:
        montype, spe = food.tin_contents(rndmonnum, rng)
    if montype is not None:
        obj.attrs["montype"] = montype
    if spe and "spe" not in obj.attrs:
        obj.attrs["spe"] = spe
    mksobj.init_fields(obj, kind, rng)
    if kind.name == "egg" and montype is not None and not food.egg_hatch_timer(rng):
        obj.attrs["hatch_timer"] = False       # no timer started: it never hatches


def _init_statue(st: MakeContext, obj: Object, kind: data.Object) -> None:
    """mksobj(STATUE, init=TRUE): a statue of rndmonnum()'s monster (a des-file's or
    a trap's monster replaces it afterwards), holding a spellbook now and then when
    that first monster is not tiny."""
    pctx = st.population_context()
    pm = pctx.rndmonnum(st.mon_rng)
    if "montype" not in obj.attrs and pm is not None:
        obj.attrs["montype"] = pm.name
    mksobj.init_fields(obj, kind, st.mon_rng, difficulty=pctx.level_difficulty,
                       montype_size=pm.size_value if pm is not None else None,
                       statue_book=lambda: pctx.random_object(st.mon_rng, "+"))


def _box_class(rng: RNG) -> Optional[str]:
    """mkbox_cnts()'s rnd(100) over boxiprobs."""
    rows = data.object_class_probabilities("boxiprobs")
    t = rng.rnd(100)
    for prob, sym in rows:
        t -= prob
        if t <= 0:
            return sym
    return rows[-1][1]


def make_object(st: MakeContext, x: int, y: int, kind: data.Object, origin: Optional[str],
                rng: RNG, artif: bool = False, **attrs) -> Object:
    """mksobj_at(kind, x, y, init=TRUE, artif): the object, set up, on the floor.
    Like every mksobj() it first takes an id (next_ident's draw)."""
    o = new_object(x, y, kind, origin, **attrs)
    mksobj.next_ident(rng)
    init_object(st, o, kind, rng, artif=artif)
    note_ground(st.level, o)
    st.level.objects.append(o)
    return o


def mkgold(st: MakeContext, amount: int, x: int, y: int, rng: RNG) -> Object:
    if amount <= 0:
        amount = 1 + rng.rnd(st.population_context().level_difficulty + 2) * rng.rnd(30)
    for o in st.level.objects:
        if o.x == x and o.y == y and o.id == "gold piece" and not o.buried:
            o.attrs["quantity"] = o.attrs.get("quantity", 0) + amount
            return o
    mksobj.next_ident(rng)                      # mksobj_at(GOLD_PIECE)
    return add_object(st.level, x, y, object_kind("gold piece"), quantity=amount)
