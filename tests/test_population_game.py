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
    from unlev.model.placement import guess_context
    assert guess_context("Kni-goal").is_bottom
    assert not guess_context("Kni-loca").is_bottom
    castle = guess_context("castle-1")
    assert castle.is_bottom and castle.is_stronghold


# ------------------------------------------------------------- hiders (_makemon)
def test_spiders_and_snakes_get_an_object_to_hide_under():
    # makemon.c _makemon(): S_SPIDER / S_SNAKE made in_mklev -> mkobj_at(0, x, y, TRUE)
    for seed in range(1, 6):
        lv = run('MONSTER:(\'S\',"cobra"),(2,2)\nMONSTER:(\'d\',"jackal"),(5,2)', seed=seed)
        cobra = next(m for m in lv.monsters if m.id == "cobra")
        jackal = next(m for m in lv.monsters if m.id == "jackal")
        under = [o for o in lv.objects if (o.x, o.y) == (cobra.x, cobra.y)]
        assert len(under) == 1 and under[0].attrs["from"] == "hider"
        assert not [o for o in lv.objects if (o.x, o.y) == (jackal.x, jackal.y)]


# ------------------------------------------------- inventories (m_initweap/m_initinv)
_SOLDIER_BODY = {"ring mail", "studded leather armor", "leather armor"}


def _carried(body: str, name: str, seeds=range(1, 13), **kw):
    out = []
    for s in seeds:
        lv = run(body, seed=s, **kw)
        out.extend(m.attrs["inventory"] for m in lv.monsters if m.id == name)
    return out


def test_a_soldier_always_wears_one_body_armour_for_his_ac():
    # makemon.c m_initinv(): a soldier's mac 3 buys ring mail or studded leather
    # (4 in 5) or leather armour; never plate or splint mail
    for inv in _carried('MONSTER:(\'@\',"soldier"),(2,2)', "soldier"):
        body = [o.id for o in inv if o.id in _SOLDIER_BODY | {"plate mail", "splint mail"}]
        assert len(body) == 1 and body[0] in _SOLDIER_BODY


def test_an_inventory_block_replaces_what_the_monster_was_born_with():
    # sp_lev.c create_monster(): discard_minvent() when the des-file gives an inventory
    for inv in _carried('MONSTER:(\'@\',"soldier"),(2,2) {\nOBJECT:(\'(\',"bugle")\n}',
                        "soldier", seeds=range(1, 5)):
        assert [o.id for o in inv] == ["bugle"]


def test_a_leprechauns_gold_grows_with_the_level_difficulty():
    # makemon.c m_initinv(): S_LEPRECHAUN -> mkmonmoney(d(level_difficulty(), 30))
    ctx = DungeonContext(depth=4, dunlev=4, dunlevs=10)
    for inv in _carried('MONSTER:(\'l\',"leprechaun"),(2,2)', "leprechaun", context=ctx):
        gold = [o for o in inv if o.id == "gold piece"]
        assert len(gold) == 1 and 4 <= gold[0].attrs["quantity"] <= 120


def test_shape_changers_are_born_in_another_form_and_carry_nothing():
    # makemon.c _makemon() -> mon.c newcham(): the chameleon takes a form (an animal
    # 1 time in 3, else any species polyok() allows) and allow_minvent goes off
    forms = set()
    for seed in range(1, 13):
        lv = run('MONSTER:(\':\',"chameleon"),(2,2)', seed=seed)
        mon = next(m for m in lv.monsters if m.attrs.get("shapechanger") == "chameleon")
        pm = mon.attrs["data"]
        assert mon.id == pm.name != "chameleon" and mon.attrs["class"] == pm.symbol
        assert "M2_NOPOLY" not in pm.m2 and mon.attrs["inventory"] == []
        forms.add(pm.name)
    assert len(forms) > 4


def test_identical_missiles_merge_into_one_stack():
    # makemon.c m_initthrow(): rn1(12, 3) arrows; mpickobj() merges equal stacks
    stacks = 0
    for inv in _carried('MONSTER:(\'C\',"forest centaur"),(2,2)', "forest centaur"):
        arrows = [o for o in inv if o.id == "arrow"]
        assert len(arrows) <= 1
        if arrows:
            stacks += 1
            assert 3 <= arrows[0].attrs.get("quantity", 1) <= 14
    assert stacks > 0


# ------------------------------------------------------------ mksobj(init=TRUE)
def _objects(body: str, name: str, seeds=range(1, 25), **kw):
    out = []
    for s in seeds:
        out.extend(o for o in run(body, seed=s, **kw).objects if o.id == name)
    return out


def test_arrows_come_by_the_half_dozen_and_wands_with_charges():
    # mkobj.c mksobj(): is_multigen weapons rn1(6, 6); wands rn1(5, 4), NODIR rn1(5, 11)
    arrows = _objects('OBJECT:(\')\',"arrow"),(1,1)', "arrow")
    assert {o.attrs.get("quantity", 1) for o in arrows} <= set(range(6, 12))
    assert len({o.attrs.get("quantity", 1) for o in arrows}) > 2
    striking = _objects('OBJECT:(\'/\',"striking"),(1,1)', "striking")
    assert {o.attrs["spe"] for o in striking} <= set(range(4, 9))
    light = _objects('OBJECT:(\'/\',"light"),(1,1)', "light")
    assert {o.attrs["spe"] for o in light} <= set(range(11, 16))


def test_curses_and_enchantments_vary_but_the_des_file_wins():
    # mkobj.c mksobj(): weapons blessed/cursed and +-rne(3) now and then;
    # sp_lev.c create_object() writes the des-file's values over them
    swords = _objects('OBJECT:(\')\',"long sword"),(1,1)', "long sword", seeds=range(1, 60))
    assert {o.attrs.get("curse", "uncursed") for o in swords} == {"blessed", "uncursed", "cursed"}
    assert any(o.attrs.get("spe", 0) < 0 for o in swords)
    assert any(o.attrs.get("spe", 0) > 0 for o in swords)
    fixed = _objects('OBJECT:(\')\',"long sword"),(1,1),blessed,+2', "long sword")
    assert {(o.attrs["curse"], o.attrs["spe"]) for o in fixed} == {("blessed", 2)}


def test_statues_hold_spellbooks_only_deep_down():
    # mkobj.c mksobj(STATUE): a spellbook when rn2(level_difficulty()/2 + 10) > 10
    body = 'OBJECT:(\'`\',"statue"),(1,1)'
    shallow = _objects(body, "statue", seeds=range(1, 30),
                       context=DungeonContext(depth=1, dunlevs=5))
    assert all(not o.contents for o in shallow)
    deep = _objects(body, "statue", seeds=range(1, 30),
                    context=DungeonContext(depth=40, dunlev=10, dunlevs=20))
    books = [c for o in deep for c in o.contents]
    assert books and all(c.attrs["class"] == "+" for c in books)


# ------------------------------------------------- makemon's context (rndmonst)
def _random_kinds(name: str, ctx, n=10, seeds=range(1, 6)):
    text = 'LEVEL:"%s"\nROOM:"ordinary",lit,(3,3),(center,center),(12,6) {\n%s\n}\n' % (
        name, "\n".join(["MONSTER:random,random"] * n))
    out = []
    for s in seeds:
        out.extend(m.attrs["data"] for m in build_level(compile_text(text), seed=s,
                                                        context=ctx).monsters)
    return out


def test_the_plane_of_water_makes_swimmers_only():
    # makemon.c rndmonst(): elemlevel && wrong_elem_type() -> on Is_waterlevel only
    # is_swimmer() monsters (and no elementals but water elementals)
    planes = DungeonContext(depth=-2, dungeon_name="The Elemental Planes", in_endgame=True,
                            level_difficulty=30)
    mons = _random_kinds("water", planes)
    assert mons and all("M1_SWIM" in pm.m1 for pm in mons)
    elsewhere = _random_kinds("pop", DungeonContext(depth=30, level_difficulty=30))
    assert any("M1_SWIM" not in pm.m1 for pm in elsewhere)


def test_the_levels_alignment_weighs_the_random_monsters():
    # makemon.c align_shift(): the special level's LEVALIGN, else its dungeon's
    # ALIGNMENT (dungeon.def); dgn_comp.y hands the Town's LEVALIGN to soko3
    from unlev.model.context import level_alignment
    assert level_alignment("The Dungeons of Doom", "oracle") == "neutral"
    assert level_alignment("The Dungeons of Doom", "medusa-2") == "chaotic"
    assert level_alignment("The Dungeons of Doom", "bigrm-3") is None
    assert level_alignment("The Wizard's Tower", "wizard2") == "chaotic"
    assert level_alignment("Sokoban", "soko3-2") == "lawful"
    assert level_alignment("Sokoban", "soko1-1") == "neutral"
    assert level_alignment("Town", "town-1") is None
    chaotic = DungeonContext(depth=12, dungeon_name="The Wizard's Tower")
    plain = DungeonContext(depth=12)
    share = []
    for ctx, name in ((chaotic, "wizard2"), (plain, "pop")):
        mons = _random_kinds(name, ctx, n=12, seeds=range(1, 15))
        share.append(sum(pm.alignment < 0 for pm in mons) / len(mons))
    assert share[0] > share[1]


# ------------------------------------------------------------------ stackobj
def test_identical_objects_on_one_square_merge_into_a_stack():
    # sp_lev.c create_object() -> invent.c stackobj(): mergable() objects on one
    # square become one stack; boulders (no oc_merge) never do
    for seed in range(1, 6):
        lv = run('OBJECT:(\'%\',"food ration"),(1,1),uncursed\n'
                 'OBJECT:(\'%\',"food ration"),(1,1),uncursed\n'
                 'OBJECT:(\'`\',"boulder"),(3,1)\nOBJECT:(\'`\',"boulder"),(3,1)', seed=seed)
        rations = [o for o in lv.objects if o.id == "food ration"]
        assert len(rations) == 1 and 2 <= rations[0].attrs["quantity"] <= 4
        assert len([o for o in lv.objects if o.id == "boulder"]) == 2


def test_objects_that_differ_stay_apart():
    lv = run('OBJECT:(\'%\',"food ration"),(1,1),blessed\n'
             'OBJECT:(\'%\',"food ration"),(1,1),cursed')
    assert len([o for o in lv.objects if o.id == "food ration"]) == 2


def test_identical_objects_put_in_a_container_merge():
    # mkobj.c add_to_container() merges what mergable() allows: sp_lev.c puts a
    # des-file's container contents through it (so do mkbox_cnts' random contents)
    for seed in range(1, 4):
        lv = run('CONTAINER:(\'(\',"large box"),(1,1) {\n'
                 '  OBJECT:(\'%\',"food ration"),uncursed\n'
                 '  OBJECT:(\'%\',"food ration"),uncursed\n'
                 '  OBJECT:(\'%\',"food ration"),cursed\n'
                 '  OBJECT:(\'$\',"gold piece"),quantity:5\n'
                 '  OBJECT:(\'$\',"gold piece"),quantity:7\n}', seed=seed)
        box, = [o for o in lv.objects if o.id == "large box"]
        rations = sorted((o.attrs["curse"], o.attrs.get("quantity", 1))
                         for o in box.contents if o.id == "food ration")
        assert [c for c, _ in rations] == ["cursed", "uncursed"]
        assert dict(rations)["uncursed"] >= 2
        gold = [o for o in box.contents if o.id == "gold piece"]
        assert len(gold) == 1 and gold[0].attrs["quantity"] == 12


def test_an_ice_box_holds_stacks_of_corpses():
    # mkbox_cnts(): rn2(21) corpses of rndmonnum()'s monsters, each through
    # add_to_container(): two corpses of one monster are one stack
    lines = 0
    made = 0
    for seed in range(1, 30):
        lv = run('OBJECT:(\'(\',"ice box"),(1,1)', seed=seed)
        box, = [o for o in lv.objects if o.id == "ice box"]
        kinds = [c.attrs["montype"] for c in box.contents]
        assert len(kinds) == len(set(kinds))
        lines += len(box.contents)
        made += sum(c.attrs.get("quantity", 1) for c in box.contents)
    assert made > lines


def test_a_statue_traps_statue_holds_only_its_monsters_gear():
    # trap.c maketrap(STATUE_TRAP): mkcorpstat(STATUE, ..., CORPSTAT_NONE) makes the
    # statue without mksobj's init, so none of mksobj(STATUE)'s spellbooks (which at
    # difficulty 40 would come in rn2(30) > 10 of the statues); makemon gives no
    # monster a book here (m_initinv's only one is the Wizard's on the Earth level)
    statues = books = 0
    for seed in range(1, 25):
        lv = run('TRAP:"statue",(2,2)', seed=seed, context=DungeonContext(depth=40))
        for o in lv.objects:
            if o.id == "statue":
                statues += 1
                books += sum(1 for c in o.contents if c.attrs.get("class") == "+")
    assert statues == 24 and books == 0


# ------------------------------------------------------ statue contents on Medusa
def test_medusas_statues_are_petrified_monsters_with_their_gear():
    # sp_lev.c create_object(): on Is_medusa_level a statue without a monster is a
    # stoned monster (never stone-resistant) holding that monster's inventory
    from unlev.stdlib import data
    text = ('LEVEL:"medusa-9"\nROOM:"ordinary",lit,(3,3),(center,center),(12,6) {\n'
            + "\n".join(["CONTAINER:('`',\"statue\"),random { }"] * 6)
            + '\nOBJECT:(\'`\',"statue"),(1,1),montype:"jackal"\n}\n')
    ctx = DungeonContext(depth=22, dunlev=22, dunlevs=27)
    held = 0
    for seed in range(1, 8):
        lv = build_level(compile_text(text), seed=seed, context=ctx)
        for o in lv.objects:
            if o.id != "statue":
                continue
            pm = data.monster_named(o.attrs["montype"])
            assert "MR_STONE" not in pm.resists
            if o.attrs["montype"] == "jackal":
                assert all(c.attrs["class"] == "+" for c in o.contents)  # only a book
            held += len(o.contents)
    assert held > 0


# ------------------------------------------------------------ spiders on webs
def test_the_webs_of_con_strt_get_their_spiders(corpus_root):
    # mklev.c mktrap(): a giant spider on a new web (difficulty >= 7, 6 in 7) unless
    # a monster stands there; the inmates' spots are drawn on the monster stream, which
    # replays the main stream's numbers, but at other counts than the webs' (makemon's
    # hit dice move it on), so nearly every web has its spider (game: 3.15 of 3.98
    # over the 40 dumps).  Under --compat game, which draws what the game draws
    # before the script and for every id (next_ident): 0.81 over 40 seeds; the
    # documented mode, without those draws, has other counts (0.65)
    from unlev.lang.frontend import compile_file
    from unlev.model.placement import guess_context
    from unlev.stdlib.compat import Compat
    compiled = compile_file(str(corpus_root / "unnethack" / "Convict.des"))
    node = next(n for n in compiled.tree.levels if n.name == "Con-strt")
    webs = spiders = 0
    for seed in range(1, 13):
        lv = build_level(compiled, node, seed=seed, context=guess_context("Con-strt"),
                         compat=Compat.game())
        for t in lv.traps:
            if t.ttyp == "WEB":
                webs += 1
                spiders += any(m.id == "giant spider" and (m.x, m.y) == (t.x, t.y)
                               for m in lv.monsters)
    assert webs == 48 and spiders / webs >= 0.7


# ------------------------------------------------------------ the monster stream
def _state(depth: int = 10):
    from unlev.generate.state import BuildState
    from unlev.stdlib.compat import Compat
    from unlev.model.level import Level
    from unlev.stdlib.rng import RNG
    return BuildState(RNG(7), Level(DungeonContext(depth=depth)), Compat.game())


def test_the_monster_stream_starts_where_the_main_one_does():
    # rnd.c set_random_state(): both ISAAC contexts are seeded with the level seed
    st = _state()
    assert [st.mon_rng.rn2(1000) for _ in range(20)] == [st.rng.rn2(1000) for _ in range(20)]


def test_makemon_draws_hit_points_and_gender_on_the_monster_stream():
    # makemon.c newmonhp(): d(m_lev, hit die) (adj_lev: an inmate, level 12, is 11 at
    # difficulty 10; Anaraxis, 15, is 14), rnd(4) at level 0, 135 + rnd(30) for a quest
    # leader, 100 + d(8, 8) for a Rider, golemhp() draws nothing; then _makemon()'s
    # rn2(2) gender unless mons[] fixes it or it is the quest's leader or nemesis;
    # first of all mkobj.c next_ident's rnd(2) for the monster's id
    from unlev.populate import makemon
    from unlev.stdlib import data
    st = _state()
    drawn = {}
    for name in ("newt", "inmate", "Robert the Lifer", "clay golem", "Death",
                 "Anaraxis the Black"):
        before = st.mon_rng.calls
        makemon.birth_draws(st, data.monster_named(name), st.mon_rng)
        drawn[name] = st.mon_rng.calls - before
    assert drawn == {"newt": 3, "inmate": 13, "Robert the Lifer": 2, "clay golem": 2,
                     "Death": 10, "Anaraxis the Black": 15}
    assert st.rng.calls == 0


def test_wiz_goal_bats_land_on_its_random_objects(corpus_root):
    # spo_lev.c spo_monster() draws create_monster()'s random spot on the monster
    # stream, which replays the numbers get_location() and mksobj() drew on the main
    # stream for the 14 random objects: in the game 5.3 monsters a level (besides
    # Anaraxis and hiders) stand on an object, mostly its random bats; independent
    # spots give about 1.7
    from unlev.lang.frontend import compile_file
    from unlev.model.placement import guess_context
    compiled = compile_file(str(corpus_root / "unnethack" / "Wizard.des"))
    node = next(n for n in compiled.tree.levels if n.name == "Wiz-goal")
    on = 0
    for seed in range(1, 21):
        lv = build_level(compiled, node, seed=seed, context=guess_context("Wiz-goal"))
        under = {(o.x, o.y) for o in lv.objects if not o.buried}
        on += sum(1 for m in lv.monsters if (m.x, m.y) in under
                  and m.id != "Anaraxis the Black"
                  and m.attrs["data"].class_name not in ("S_SPIDER", "S_SNAKE"))
    assert 4.3 <= on / 20 <= 6.3


def test_a_des_files_objects_draw_their_fields_on_the_main_stream():
    # mkobj.c mksobj(init): a des-file object's quantity, enchantment and curse are
    # drawn where spo_object() runs, on the main stream (only makemon() and
    # rndmonst() switch to the monster stream)
    from unlev.model.level import Object
    from unlev.populate.make import init_object, object_kind
    st = _state()
    for name in ("long sword", "dagger", "plate mail", "arrow"):
        kind = object_kind(name)
        init_object(st, Object(1, 1, name, attrs={}), kind, st.rng)
    assert st.rng.calls > 0 and st.mon_rng.calls == 0


# --------------------------------------------------------------- the JSON export
def test_the_json_carries_curse_spe_and_the_inventories():
    import jsonschema
    from unlev.output import export
    lv = run('OBJECT:(\')\',"long sword"),(1,1),cursed,-2\n'
             'OBJECT:(\'/\',"striking"),(2,1)\n'
             'MONSTER:(\'@\',"soldier"),(4,2)', seed=2)
    doc = export.document([export.level_to_dict(lv, seed=2)], seed=2)
    jsonschema.validate(doc, export.load_schema(), cls=jsonschema.Draft202012Validator)
    objs = {o["name"]: o for o in doc["levels"][0]["objects"]}
    assert (objs["long sword"]["curse"], objs["long sword"]["spe"]) == ("cursed", -2)
    assert 4 <= objs["striking"]["spe"] <= 8            # mksobj(): rn1(5, 4) charges
    soldier = next(m for m in doc["levels"][0]["monsters"] if m["name"] == "soldier")
    assert soldier["inventory"]
    assert all(o["curse"] in ("blessed", "uncursed", "cursed") for o in soldier["inventory"])


def test_role_monsters_of_random_alignment_are_player_monsters():
    # sp_lev.c create_monster(): PM_ARCHEOLOGIST..PM_WIZARD without an alignment ->
    # mplayer.c mk_mplayer(): a weapon (+0..+3) and rnd(3) offensive, defensive and
    # misc items each (those a monster may be refused count as nothing)
    for inv in _carried('MONSTER:(\'@\',"knight"),(2,2)', "knight"):
        weapons = [o for o in inv if o.attrs["class"] == ")"]
        assert weapons and all(o.attrs.get("spe", 0) in range(0, 4) for o in weapons[-1:])
        assert 2 <= len(inv) <= 10
    for inv in _carried('MONSTER:(\'@\',"knight"),(2,2),law', "knight", seeds=range(1, 6)):
        assert len(inv) <= 3                 # mk_roamer(): makemon()'s gear only
    for seed in range(1, 6):                 # mk_mplayer(): mpeaceful = 0, unless told
        lv = run('MONSTER:(\'@\',"knight"),(2,2)\nMONSTER:(\'@\',"samurai"),(4,2),peaceful',
                 seed=seed)
        assert {m.id: m.attrs["peaceful"] for m in lv.monsters} == {"knight": False,
                                                                     "samurai": True}


# ------------------------------------------- post_process_level's fixed engravings
def test_depths_23_and_42_get_their_burnt_engraving():
    # mklev.c place_random_engravings(): one of illuminati_engravings at depth 23,
    # of hhgtg_engravings at depth 42, burnt (BURN) on an unoccupied square
    from unlev.stdlib import data
    for depth, expect in ((23, True), (42, True), (22, False)):
        lv = run("", seed=depth, context=DungeonContext(depth=depth, dunlev=depth,
                                                        dunlevs=50))
        burnt = [e for e in lv.engravings if e.attrs.get("from") == "post_process_level"]
        if not expect:
            assert burnt == []
            continue
        assert len(burnt) == 1 and burnt[0].etype == 3
        assert burnt[0].text in data.depth_engravings(depth)
    assert "fnord" in data.depth_engravings(23) and "Don't Panic" in data.depth_engravings(42)


def test_peace_minded_knows_the_heros_race_role_and_record():
    # makemon.c peace_minded(): guardians peaceful, nemeses hostile, race_peaceful /
    # race_hostile (role.c races[] love/hate masks), minions hostile to a hero whose
    # record is negative (a Convict starts at -10, role.c initrecord)
    from types import SimpleNamespace
    from unlev.populate.makemon import peace_minded
    from unlev.stdlib import data
    from unlev.stdlib.rng import RNG

    def hero(race="human", role="Valkyrie", alignment=0):
        return SimpleNamespace(run_context=SimpleNamespace(race=race, role=role,
                                                           alignment=alignment))
    rng = RNG(1)
    assert peace_minded(hero(), data.monster_named("page"), rng)
    assert not peace_minded(hero(), data.monster_named("Ixoth"), rng)
    gnome = data.monster_named("gnome")
    assert not any(peace_minded(hero("human"), gnome, rng) for _ in range(20))
    assert all(peace_minded(hero("dwarf", alignment=1), gnome, rng) for _ in range(20))
    angel = data.monster_named("Angel")
    assert not peace_minded(hero(role="Convict", alignment=1), angel, rng)
    assert peace_minded(hero(role="Knight", alignment=1), angel, rng)


def test_every_monster_is_born_peaceful_or_not_and_leprechauns_asleep():
    # makemon.c _makemon(): mpeaceful = peace_minded(); S_LEPRECHAUN msleeping = 1;
    # the des-file's own peaceful/asleep words are written over them (sp_lev.c)
    for seed in range(1, 6):
        lv = run('MONSTER:(\'l\',"leprechaun"),(1,1)\nMONSTER:(\'d\',"jackal"),(3,1)\n'
                 'MONSTER:(\'d\',"jackal"),(5,1),peaceful,awake\n'
                 'MONSTER:(\'l\',"leprechaun"),(7,1),awake', seed=seed)
        by_spot = {(m.x - lv.rooms[0].lx, m.y - lv.rooms[0].ly): m.attrs for m in lv.monsters}
        assert by_spot[(1, 1)]["asleep"] is True
        assert isinstance(by_spot[(3, 1)]["peaceful"], bool)
        assert by_spot[(5, 1)]["peaceful"] is True and by_spot[(5, 1)]["asleep"] is False
        assert by_spot[(7, 1)]["asleep"] is False


# ------------------------------------------------------------- a Mines gnome's candle
def _gnome_candles(lit: int, in_mines: bool = True, n: int = 3000) -> float:
    from unlev.model.level import Level
    from unlev.populate import inventory
    from unlev.stdlib import data, terrain as T
    from unlev.stdlib.rng import RNG
    lv = Level()
    lv.typ[:] = bytes([T.ROOM]) * len(lv.typ)
    lv.lit[:] = bytes([lit]) * len(lv.lit)
    rng, gnome = RNG(7), data.monster_named("gnome")
    where = inventory.Where(in_mines=in_mines, level=lv)
    got = sum(any("candle" in str(o.id) for o in inventory.equip(gnome, 5, 5, rng, where))
              for _ in range(n))
    return got / n


def test_a_mines_gnome_gets_a_candle_for_a_dark_floor_square():
    # makemon.c m_initinv, S_GNOME: rnf(1,5), then a random square: dark room floor
    # gives the candle, else !rn2(5); the other 4 in 5 (and outside the Mines) !rn2(10)
    dark, lit = _gnome_candles(0), _gnome_candles(1)
    assert abs(dark - (0.2 + 0.8 * 0.1)) < 0.03            # 0.28
    assert abs(lit - (0.2 * 0.2 + 0.8 * 0.1)) < 0.03       # 0.12
    assert abs(_gnome_candles(0, in_mines=False) - 0.1) < 0.03


# ---------------------------------------------- peacefulness that m_initinv sees
def _invisibility(body: str, seeds=range(1, 6)) -> int:
    n = 0
    for seed in seeds:
        for m in run(body, seed=seed).monsters:
            n += sum(1 for o in m.attrs.get("inventory") or ()
                     if o.id in ("invisibility", "make invisible"))
    return n


def test_a_des_peaceful_monster_is_equipped_as_makemon_made_it():
    # sp_lev.c create_monster sets the des-file's peaceful after makemon(), whose
    # m_initinv -> muse.c rnd_misc_item refuses invisibility only to a monster
    # peace_minded() made peaceful: a chaotic storm giant is not, for a neutral hero
    assert _invisibility("LOOP [40] { MONSTER:('H',\"storm giant\"),random,peaceful }") > 0


def test_a_role_monster_is_hostile_while_mk_mplayer_equips_it():
    # mplayer.c mk_mplayer: mpeaceful = 0 before rnd_offensive/defensive/misc_item
    assert _invisibility("MONSTER:('@',\"wizard\"),random,peaceful", seeds=range(1, 21)) > 0


def test_no_new_monster_on_a_closed_door_but_an_amorphous_one():
    # teleport.c badpos(): closed_door(x, y) refuses a square unless the monster is
    # amorphous (issue 35, gap 4: 0.2-0.65 monsters a level stood on closed doors of
    # Sokoban, Wiz-goal and heck-c-6; the game never puts one there)
    from unlev.populate import makemon
    from unlev.stdlib import data
    from unlev.stdlib import terrain as T
    from unlev.model.level import D_CLOSED, D_ISOPEN, D_LOCKED, D_NODOOR
    st = _state()
    lev = st.level
    for x, mask in ((10, D_CLOSED), (11, D_LOCKED), (12, D_ISOPEN), (13, D_NODOOR)):
        lev.set_typ(x, 5, T.DOOR)
        lev.set_doormask(x, 5, mask)
    newt, fog = data.monster_named("newt"), data.monster_named("fog cloud")
    ok = {x: makemon.goodpos(st, x, 5, newt, st.mon_rng) for x in (10, 11, 12, 13)}
    assert ok == {10: False, 11: False, 12: True, 13: True}
    assert makemon.goodpos(st, 10, 5, fog, st.mon_rng)
    assert not makemon.goodpos(st, 11, 5, None, st.mon_rng)
    # enexto() around a closed door never picks it
    for _ in range(30):
        spot = makemon.enexto(st, 10, 5, newt, st.mon_rng)
        assert spot is not None and spot != (10, 5) and spot != (11, 5)
