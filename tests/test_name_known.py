"""The check's name questions (``monster_name_known``, ``object_name_known``) answer as
the full lookups (``lookup_monster(...).ok``, ``lookup_object(...).ok``) do, for every
name of every shipped game's tables, in its own class, in another, in no class, with
its case changed, misspelt, and with symbols that are no class at all."""

import os

import pytest

from unlev.lang.diagnostics import DesError
from unlev.stdlib import data

DATA = os.path.join(os.path.dirname(data.__file__), "data")
GAMES = [None] + sorted(d for d in os.listdir(DATA) if os.path.isdir(os.path.join(DATA, d)))


def _variants(name):
    yield name
    yield name.upper()
    yield name + "x"


@pytest.mark.parametrize("game", GAMES)
def test_monster_name_known_is_lookup_ok(game):
    folder = None if game is None else os.path.join(DATA, game)
    with data.tables_of(folder, ("monsters", "objects")):
        mons = data.monsters()
        symbols = sorted({m.symbol for m in mons}) + ["", "Q9", "\\", "?"]
        names = {n for m in mons for n in (m.name,) + m.other_names}
        assert len(names) > 300
        answers = set()
        for k, name in enumerate(sorted(names)[::8]):
            for variant in _variants(name):
                for sym in (None, symbols[k % len(symbols)], "?", ""):
                    want = data.lookup_monster(variant, sym).ok
                    assert data.monster_name_known(variant, sym) is want, (variant, sym)
                    answers.add(want)
        assert answers == {True, False}        # both kinds of answer were asked for
        # every monster in its own class
        own = [data.monster_name_known(m.name, m.symbol) for m in mons]
        assert own == [data.lookup_monster(m.name, m.symbol).ok for m in mons]
        assert sum(own) > 300


@pytest.mark.parametrize("game", GAMES)
def test_object_name_known_is_lookup_ok(game):
    folder = None if game is None else os.path.join(DATA, game)
    with data.tables_of(folder, ("monsters", "objects")):
        objs = data.objects()
        symbols = sorted({o.class_symbol for o in objs}) + ["", "Q9", "?", "~"]
        names = sorted({o.name for o in objs if o.name})
        assert len(names) > 300
        answers = set()
        for k, name in enumerate(names[::8]):
            for variant in _variants(name):
                for sym in (None, symbols[k % len(symbols)], "?", ""):
                    want = data.lookup_object(variant, sym).ok
                    assert data.object_name_known(variant, sym) is want, (variant, sym)
                    answers.add(want)
        assert answers == {True, False}
        # every object in its own class (3.7's "generic" objects, before the classes'
        # blocks of objects[], are in none: lev_comp does not find them either)
        named = [o for o in objs if o.name]
        own = [data.object_name_known(o.name, o.class_symbol) for o in named]
        assert own == [data.lookup_object(o.name, o.class_symbol).ok for o in named]
        assert sum(own) > 300


def test_a_check_makes_no_records(monkeypatch):
    """A check asks about names only: it reads the tables' rows, not their records."""
    from unlev.lang.frontend import compile_file
    from unlev.stdlib import data_tables
    made = []
    monkeypatch.setattr(data_tables, "_monster", lambda d: made.append(d))
    monkeypatch.setattr(data_tables, "_object", lambda d: made.append(d))
    for fn in [data.monsters, data.objects, data.objects_of_class, *data_tables._DERIVED]:
        fn.cache_clear()        # nothing made earlier is at hand
    text = ('MAZE:"x",\' \'\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n'
            'MONSTER:(\'d\',"jackal"),(0,0)\nMONSTER:(\'G\',"Gnome Lord"),(1,0)\n'
            'OBJECT:(\')\',"long sword"),(2,0)\nOBJECT:(\'%\',"APPLE"),(0,1)\n')
    compile_file("t.des", text=text)
    # a misspelt name is still reported, as lev_comp reports it
    with pytest.raises(DesError, match="no such dog"):
        compile_file("t.des", text=text + 'MONSTER:(\'d\',"no such dog"),(2,1)\n')
    assert made == []
    for fn in [data.monsters, data.objects, data.objects_of_class, *data_tables._DERIVED]:
        fn.cache_clear()        # the stand-ins made nothing: forget it


def test_case_folding_is_cs_tolower():
    """lev_comp folds with C's tolower: A-Z only; Unicode letters stay as they are."""
    from unlev.lang.dialect_data import _fold
    for s in ["Gnome LORD", "ÀÉÎ Straße ǅ", "", "@[Z]`{", "MUMAK"]:
        want = "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in s)
        assert data.ascii_lower(s) == want == _fold(s)       # 3.6's oracle folds with it
    assert data.ascii_lower("ÀB") == "Àb" and "ÀB".lower() == "àb"


@pytest.mark.parametrize("game", GAMES)
def test_class_symbol_known_is_the_class_check(game):
    # the check's class questions (lev_comp's check_monster_char/check_object_char)
    # answered from the name index as the class lookups answer them
    folder = None if game is None else os.path.join(DATA, game)
    with data.tables_of(folder, ("monsters", "objects")):
        data._name_index.cache_clear()
        symbols = [chr(c) for c in range(32, 127)] + ["", "Q9", "é"]
        mons = [data.monster_class_symbol_known(s) for s in symbols]
        objs = [data.object_class_symbol_known(s) for s in symbols]
        assert mons == [data.is_monster_class_symbol(s) for s in symbols]
        assert objs == [data.is_object_class_symbol(s) for s in symbols]
        assert any(mons) and not all(mons) and any(objs) and not all(objs)
    data._name_index.cache_clear()
