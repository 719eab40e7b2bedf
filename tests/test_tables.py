"""Parse tables from their marshal cache (issue 17): the same data as the shipped module,
refreshed when the module changes, and a broken cache is only a slower start."""

import marshal
import os

from unlev.lang import _parsetab, tables


def test_cached_tables_are_the_modules(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    mod = tables.load("_parsetab")
    for f in ("_lr_signature", "_lr_action", "_lr_goto", "_lr_productions"):
        assert getattr(mod, f) == getattr(_parsetab, f)


def test_a_stale_or_broken_cache_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setattr(tables, "_cache_paths",
                        lambda name: iter([str(tmp_path / (name + ".marshal"))]))
    path = tmp_path / "_parsetab.marshal"
    path.write_bytes(b"not marshal data")
    assert tables.load("_parsetab")._lr_signature == _parsetab._lr_signature
    key, data = marshal.loads(path.read_bytes())
    assert tuple(key) == tables._key(os.path.join(tables._HERE, "_parsetab.py"))
    # a key that does not match the module (it changed): the module is read again
    path.write_bytes(marshal.dumps(((1, 2, (3, 4)), {"_lr_signature": "old"})))
    assert tables.load("_parsetab")._lr_signature == _parsetab._lr_signature
