"""The level JSON: schema validity, losslessness, generic attributes, determinism of
the text, and the documentation staying in step with the schema."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

jsonschema = pytest.importorskip("jsonschema")

from unlev.output import export  # noqa: E402
from unlev.lang.frontend import compile_text  # noqa: E402
from unlev.model.level import ROWNO, Level, Monster, Object  # noqa: E402
from unlev.model.level import Room as LevelRoom  # noqa: E402
from unlev.generate.build import build_level  # noqa: E402
from unlev.stdlib import data  # noqa: E402
from unlev.stdlib import terrain as T  # noqa: E402

REPO = Path(__file__).resolve().parent.parent

DES = r"""
LEVEL: "jsontest"
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
----------------
|..............|
|.{.\.K...|.P..|
|..............+
|..L..I..T..F..|
-------S--------
ENDMAP
REGION: (1,1,14,4), lit, "ordinary"
DOOR: locked, (15,3)
ALTAR: (7,2), chaos, altar
GRAVE: (9,2), "here"
STAIR: (13,1), up
STAIR: (1,4), down
TRAP: "web", (2,1)
TRAP: "arrow", (3,3)
MONSTER: ('d', "jackal"), (4,1), peaceful, "Rex"
CONTAINER: ('(', "chest"), (12,3) {
  OBJECT: ('?', "teleportation")
  OBJECT: ('$', "gold piece"), quantity: 50
}
OBJECT: ('/', "teleportation"), (6,3)
OBJECT: "boulder", (10,3)
ENGRAVING: (8,3), burn, "Elbereth"
MESSAGE: "hello"
"""


@pytest.fixture(scope="module")
def schema():
    s = export.load_schema()
    jsonschema.Draft202012Validator.check_schema(s)
    return s


@pytest.fixture(scope="module")
def level():
    compiled = compile_text(DES, "jsontest.des")
    return build_level(compiled, seed=3)


@pytest.fixture(scope="module")
def doc(level):
    return export.document([export.level_to_dict(level, seed=3, source="jsontest.des")],
                           source="jsontest.des", seed=3)


def validate(doc, schema):
    jsonschema.validate(doc, schema, cls=jsonschema.Draft202012Validator)


def test_document_validates_against_the_shipped_schema(doc, schema):
    validate(doc, schema)
    assert doc["format"] == "unlev-level" and doc["version"] == export.VERSION == 1


@pytest.mark.parametrize("breakage", [
    lambda lv: lv.pop("display"),
    lambda lv: lv["display"].__setitem__(0, lv["display"][0][:79]),
    lambda lv: lv["terrain"][3].__setitem__(5, "LAWN"),
    lambda lv: lv["lit"].append("0" * 80),
    lambda lv: lv["monsters"][0].pop("symbol"),
    lambda lv: lv["objects"][0].__setitem__("quantity", 0),
    lambda lv: lv["doors"][0].__setitem__("state", ["ajar"]),
    lambda lv: lv["stairs"][0].__setitem__("direction", "sideways"),
])
def test_schema_rejects_broken_documents(doc, schema, breakage):
    bad = copy.deepcopy(doc)
    breakage(bad["levels"][0])
    with pytest.raises(jsonschema.ValidationError):
        validate(bad, schema)


def test_terrain_grid_is_lossless(level, doc):
    lv = doc["levels"][0]
    names = lv["terrain"]
    assert len(names) == 21 and all(len(r) == 80 for r in names)
    for x in range(80):
        for y in range(21):
            assert T.TERRAIN_NAMES.index(names[y][x]) == level.typ[x * ROWNO + y]
            assert lv["lit"][y][x] == str(level.lit[x * ROWNO + y])
            assert int(lv["cell_flags"][y][x], 32) == level.flg[x * ROWNO + y]
            assert lv["roomno"][y][x] == level.roomno[x * ROWNO + y]


def test_terrain_counts_match_the_grid(level, doc):
    counts = doc["levels"][0]["terrain_counts"]
    for name, n in counts.items():
        t = T.TERRAIN_NAMES.index(name)
        assert n == sum(1 for x in range(1, 80) for y in range(21)
                        if level.typ[x * ROWNO + y] == t)


def test_features_doors_altars_stairs(level, doc):
    lv = doc["levels"][0]
    assert lv["name"] == "jsontest" and lv["seed"] == 3 and lv["messages"] == ["hello"]
    doors = {(d["x"], d["y"]): d for d in lv["doors"]}
    locked = [d for d in doors.values() if d["terrain"] == "DOOR"]
    assert len(locked) == 1 and locked[0]["state"] == ["locked"] and locked[0]["mask"] == 8
    secret = [d for d in doors.values() if d["terrain"] == "SDOOR"]
    assert len(secret) == 1 and secret[0]["state"][0] == "secret"
    assert [(a["alignment"], a["shrine"]) for a in lv["altars"]] == [("chaotic", False)]
    assert sorted((s["direction"], s["kind"]) for s in lv["stairs"]) == [
        ("down", "stairs"), ("up", "stairs")]
    assert [e["text"] for e in lv["engravings"] if e["type"] == "burn"] == ["Elbereth"]
    assert any(e["type"] == "headstone" and e["text"] == "here" for e in lv["engravings"])


def test_entities_with_names_symbols_and_contents(doc):
    lv = doc["levels"][0]
    jackal = [m for m in lv["monsters"] if m["name"] == "jackal"]
    assert jackal and jackal[0]["symbol"] == "d" and jackal[0]["color"] == "CLR_BROWN"
    assert jackal[0]["attrs"]["name"] == "Rex" and jackal[0]["attrs"]["peaceful"] == 1
    chest = [o for o in lv["objects"] if o["name"] == "chest"][0]
    assert chest["class"] == "(" and chest["symbol"] == "("
    inside = {o["name"]: o for o in chest["contents"]}
    assert inside["gold piece"]["quantity"] == 50 and inside["gold piece"]["class"] == "$"
    # "teleportation" is a scroll, a wand and a spellbook: ambiguous unless recorded
    scroll = inside["teleportation"]
    assert scroll["class"] in ("?", None)
    if scroll["class"] is None:
        assert "?" in scroll["possible_classes"]
    boulder = [o for o in lv["objects"] if o["name"] == "boulder"][0]
    assert boulder["symbol"] == "`"
    assert lv["gold"]["contained"] == 50 and lv["gold"]["total"] >= 50
    webs = [t for t in lv["traps"] if t["type"] == "WEB"]
    assert webs and webs[0]["ttyp"] == 18 and webs[0]["name"] == "web"


def test_display_matches_render(level, doc):
    from unlev.output.render import display_rows
    assert doc["levels"][0]["display"] == display_rows(level)


class _Opaque:
    """Something a populator might leave in attrs with no JSON form."""


def test_generic_attributes_are_reduced_to_json():
    lev = Level(name="attrs")
    jackal = data.get_monster("jackal")
    sword = Object(5, 5, "long sword", attrs={"record": data.get_object("long sword")})
    lev.monsters.append(Monster(5, 5, "jackal", attrs={
        "data": jackal, "inventory": [sword], "tags": {"b", "a", "c"},
        "shop": LevelRoom(2, 2, 6, 6), "pair": (1, 2), 7: "int key",
        "thing": _Opaque(), "nested": {"z": [jackal], "a": frozenset({3, 1})}}))
    d = export.level_to_dict(lev, seed=0)
    text = export.dumps(d)
    assert " at 0x" not in text
    mon = d["monsters"][0]
    assert "data" not in mon["attrs"] and mon["name"] == "jackal"
    assert mon["attrs"]["tags"] == ["a", "b", "c"]
    assert mon["attrs"]["pair"] == [1, 2] and mon["attrs"]["7"] == "int key"
    assert mon["attrs"]["nested"] == {"a": [1, 3], "z": ["jackal"]}
    assert mon["attrs"]["thing"] == "_Opaque"
    assert isinstance(mon["attrs"]["shop"], str)
    assert list(mon["attrs"]) == sorted(mon["attrs"])
    inv = mon["inventory"][0]
    assert inv["name"] == "long sword" and inv["class"] == ")" and "record" not in inv["attrs"]
    assert json.loads(text) == d


def test_new_level_attributes_show_up_without_changes():
    lev = Level(name="extras")
    lev.extras["shop_kinds"] = {"general store"}
    lev.extras["temple_at"] = (4, 5)
    d = export.level_to_dict(lev, seed=1)
    assert d["extras"] == {"shop_kinds": ["general store"], "temple_at": [4, 5]}


def test_dumps_is_deterministic_and_readable(doc):
    a = export.dumps(doc)
    b = export.dumps(copy.deepcopy(doc))
    assert a == b and a.endswith("\n") and json.loads(a) == doc
    lines = a.splitlines()
    # one display row per line, one terrain row per line
    row_lines = [ln for ln in lines if re.fullmatch(r'\s*"[^"]{80}",?', ln)]
    assert len(row_lines) >= 21
    assert sum(1 for ln in lines if ln.strip().startswith('["STONE"')) >= 1


def test_dumps_rejects_non_json_values():
    with pytest.raises(TypeError):
        export.dumps({"a": object()})
    with pytest.raises(TypeError):
        export.dumps({1: "x", "b": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                       17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29]})


def test_documentation_covers_every_level_key(schema):
    text = (REPO / "docs" / "json-schema.md").read_text(encoding="utf-8")
    required = schema["$defs"]["level"]["required"]
    missing = [k for k in required if f"`{k}`" not in text]
    assert not missing, f"docs/json-schema.md does not describe: {missing}"
    for k in schema["required"]:
        assert f"`{k}`" in text


def test_schema_requires_every_key_the_exporter_writes(doc, schema):
    lv = doc["levels"][0]
    assert set(schema["$defs"]["level"]["required"]) == set(lv)
    assert set(schema["required"]) == set(doc)


# the full tier's (--full): a sweep of the corpus (~2 s)
@pytest.mark.slow
def test_first_level_of_every_corpus_file_exports_and_validates(unnethack_corpus,
                                                                 compiled_unnethack, schema):
    """Real levels carry whatever the populators add (shopkeepers, priests, mineral
    deposits...): every one must still serialise, round-trip and match the schema."""
    validator = jsonschema.Draft202012Validator(schema)
    checked = 0
    for path, compiled in compiled_unnethack:
        node = compiled.tree.levels[0]
        lev = build_level(compiled, node, seed=7, force_flip=True)
        doc = export.document([export.level_to_dict(lev, seed=7, source=path.name)],
                              source=path.name, seed=7)
        text = export.dumps(doc)
        assert json.loads(text) == doc and " at 0x" not in text, path.name
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        assert not errors, (path.name, node.name, errors[0].message[:200], list(errors[0].path))
        checked += 1
    assert checked == len(unnethack_corpus) >= 30


def test_the_document_writer_writes_what_dumps_writes():
    """``unlev run --json`` streams its levels (export.DocumentWriter); the text is the
    one the whole document gives, for none, one and several levels, small or large."""
    import io

    from unlev.output import export as E
    big = {"name": "x", "map": ["." * 79] * 21, "row": list(range(40)), "d": {"a": [1, 2]}}
    for levels in ([], [big], [big, dict(big, name="y"), dict(big, name="z")],
                   [{"a": 1}], [{"a": 1}, {"b": [2]}]):
        want = E.dumps(E.document(levels, source="f.des", seed=7))
        out = io.StringIO()
        w = E.DocumentWriter(out, source="f.des", seed=7)
        for lv in levels:
            w.add(lv)
        w.close()
        assert out.getvalue() == want, levels[:1]
