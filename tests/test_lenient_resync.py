"""The lenient mode resynchronises at the statement boundary (issue 30): a skipped
statement is skipped whole (not its first part run, nor its first part's errors
reported), the statement after it is not swallowed (an assignment included), and what
it says is said at the line and column it is about."""

from __future__ import annotations

import json
import subprocess
import sys

from unlev.generate.build import build_level
from unlev.lang.frontend import compile_text

DOOR_SUBTYPE = """MAZE: "test", ' '
GEOMETRY:center,center
MAP
|.....|
|.....|
ENDMAP
DOOR:closed,(2,1),subtype:"iron"
$p = {(1,1),(3,1)}
SHUFFLE:$p
OBJECT:('(',"chest"),$p[0]
OBJECT:'(',"chest",(1,1)
"""


def _lenient(text, dialect="nethack36"):
    return compile_text(text, dialect=dialect, lenient=True)


def test_a_skipped_statement_does_not_swallow_the_assignment_after_it():
    c = _lenient(DOOR_SUBTYPE)
    skipped = [d for d in c.warnings if "the statement was skipped" in d.message]
    # the DOOR (at its ',') and the 3.4.3-style OBJECT (at its name): two, no more
    assert [(d.span.line, d.span.col) for d in skipped] == [(7, 18), (11, 12)]
    assert not any("undefined" in d.message for d in c.warnings)
    level = build_level(c, seed=1)
    # $p was assigned: the chest stands on one of its two squares
    assert len(level.objects) == 1


def test_a_skipped_statement_is_not_run_in_part():
    c = _lenient(DOOR_SUBTYPE)
    level = build_level(c, seed=1)
    # PLY's recovery had reduced DOOR:closed,(2,1) as a whole DOOR: no door is made
    assert not level.doors


def test_a_skipped_statements_first_part_is_no_error():
    """OBJECT:'(',"chest",(1,1) in 3.6: lev_comp's 'needs a coord' for the part read
    before the error went with the statement."""
    c = _lenient(DOOR_SUBTYPE)
    assert not any("needs a coord" in d.message for d in c.warnings)


def test_a_statement_on_the_next_line_is_kept():
    text = 'LEVEL:"x"\nROOM:"ordinary",lit,(1,1),(center,center),(5,5) {\n' \
           '  OBJECT:bogus bogus,(1,1)\n  MONSTER:"jackal",(2,2)\n}\n'
    c = _lenient(text, dialect="unnethack")
    level = build_level(c, seed=1)
    assert [m.id for m in level.monsters] == ["jackal"]


def test_unnethack35_lenient_with_an_unknown_name_builds():
    text = 'LEVEL: "x"\nMONSTER[100%]: (\'d\', "no such hound"), random\n' \
           'MONSTER[100%]: (\'d\', "jackal"), random\n'
    c = _lenient(text, dialect="unnethack35")
    level = build_level(c, seed=1)
    assert len(level.monsters) == 2
    assert level.extras["placeholders"]["monster"] == {"no such hound": 1}


def test_a_36_name_unnethack_lacks_is_made_from_36s_tables_without_a_stand_in(tmp_path):
    # issue 30: a 3.6 file is built from NetHack 3.6's tables (loaders.tables_for), so
    # its red dragon is 3.6's own, not UnNetHack's nearest dragon; no stand-in warning
    des = tmp_path / "soldiers.des"
    des.write_text('MAZE: "x", \' \'\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n'
                   'MONSTER:(\'D\',"red dragon"),(1,0)\n')
    said = []
    c = compile_text(des.read_text(), str(des), dialect="nethack36")
    level = build_level(c, seed=1, warn=lambda m, span=None: said.append((m, span)))
    assert [m.id for m in level.monsters] == ["red dragon"]
    assert not [m for m, _s in said if "is not in UnNetHack" in m], said
    r = subprocess.run([sys.executable, "-m", "unlev", "run", str(des), "--dialect",
                        "nethack36", "--seed", "1", "--json", str(tmp_path / "o.json")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "is not in UnNetHack" not in r.stderr and ":0:0:" not in r.stderr
    doc = json.loads((tmp_path / "o.json").read_text())
    assert [m["name"] for m in doc["levels"][0]["monsters"]] == ["red dragon"]


def test_an_unknown_init_map_character_is_a_placeholder_in_lenient_mode():
    """dNetHack's INIT_MAP: 's', 's', ... (3.4.3 form): strict an error, lenient a
    placeholder drawn as floor, reported once, and the level builds."""
    text = "MAZE: \"x\", ' '\nINIT_MAP: 's' , 's' , true , true , unlit , false\nNOMAP\n"
    import pytest
    from unlev.lang.diagnostics import DesError
    with pytest.raises(DesError) as e:
        compile_text(text, dialect="nethack343")
    assert e.value.diagnostics[0].message == "Invalid foreground type."
    c = _lenient(text, dialect="nethack343")
    said = [d.message for d in c.warnings if "unknown map character" in d.message]
    assert said == ["unknown map character 's' drawn as '.' (a placeholder)"]
    level = build_level(c, seed=1)
    assert level.name == "x"
    c2 = _lenient("LEVEL:\"x\"\nINIT_MAP:mines,'s',' ',true,true,lit,false\n",
                  dialect="unnethack")
    assert any("unknown map character 's'" in d.message for d in c2.warnings)
    build_level(c2, seed=1)
