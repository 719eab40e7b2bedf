"""Every error carries a code (issue 32), as every warning does, so the JSON, SARIF and
GitHub outputs and the language server can tell a syntax error from an unknown name;
``unlev explain`` says what each means."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from unlev.cli import main
from unlev.lang.diagnostics import DesError, Diagnostic, Span
from unlev.lang.error_codes import ERROR_CODES, FALLBACK, error_code
from unlev.lang.frontend import compile_text

ROOT = Path(__file__).resolve().parent.parent
# where a des-file's errors are raised: the language, the loader, the Lua levels
RAISING = ["lang", "stdlib", "unlev/generate", "unlev/populate", "unlev/lua", "unlev/model"]


def _text(node):
    """A message argument as text, each formatted value as X (None: not literal)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "X" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _text(node.left), _text(node.right)
        return None if left is None or right is None else left + right
    return None


def _raise_sites():
    for folder in RAISING:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.name.startswith("_parsetab"):
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                f = node.func
                name = f.id if isinstance(f, ast.Name) else getattr(f, "attr", None)
                if name in ("DesError", "error"):
                    text = _text(node.args[0])
                    if text is not None:
                        yield f"{path.relative_to(ROOT)}:{node.lineno}", text


def test_every_error_message_of_the_source_has_a_code():
    sites = list(_raise_sites())
    assert len(sites) > 150            # the walk found the raise sites
    uncoded = [f"{where}: {text}" for where, text in sites if error_code(text) == FALLBACK]
    assert uncoded == []


@pytest.mark.parametrize("message, code", [
    ('syntax error at "MONSTR"', "syntax"),
    ("unterminated string", "syntax"),
    ('Unknown monster "soldeir"!', "unknown-name"),
    ("Unknown object ('(', \"chset\")!", "unknown-name"),
    ("Variable '$x' not defined.", "undefined"),
    ("Function 'f' already defined once.", "function"),
    ("Trying to redefine variable '$x' as coord, when it is int.", "type"),
    ("Too many cases in a switch.", "flow"),
    ("Cannot open file for including: 'x.des'", "include"),
    ("the level script ran more than 2000000 steps (statements, LOOP rounds and the work "
     "of each statement) and was stopped", "limit"),
    ("Level names limited to 14 characters ('abcdefghijklmnop').", "level-name"),
    ("Map too large at (90 x 3), max is (76 x 21)", "map"),
    ("Coordinates (90,1) out of map range!", "range"),
    ("Vaults must be exactly 2x2!", "room"),
    ("A drawbridge can only be open, closed or random!", "value"),
    ("des.region: light x is neither \"lit\" nor \"unlit\"", "lua"),
    ("search_door: Bad wall!", "runtime"),
])
def test_messages_get_their_code(message, code):
    assert error_code(message) == code


def test_the_codes_are_one_table_that_explain_reads(capsys):
    from unlev.tools.diagnostic_formats import EXPLAIN
    for code, text in ERROR_CODES.items():
        assert EXPLAIN[code] == text and len(text) > 40
    assert main(["explain", "range"]) == 0
    assert capsys.readouterr().out.startswith("range: A coordinate or region outside")


def test_an_error_is_coded_where_it_is_made_and_a_warning_keeps_its_own():
    assert Diagnostic("error", "Too deep includes", Span("f", 1, 1)).code == "include"
    assert Diagnostic("error", "x", Span("f", 1, 1), code="mine").code == "mine"
    assert Diagnostic("warning", "Too deep includes", Span("f", 1, 1)).code is None
    with pytest.raises(DesError) as e:
        compile_text('LEVEL:"t"\nMONSTER:(\'@\',"soldeir"),(1,1)\n')
    assert [d.code for d in e.value.diagnostics] == ["unknown-name"]
    assert e.value.format().splitlines()[0].endswith("[unknown-name]")


def test_machine_outputs_carry_the_code(tmp_path, capsys):
    bad = tmp_path / "bad.des"
    bad.write_text('LEVEL:"t"\nMONSTR:(\'@\',"soldier"),(1,1)\n')
    assert main(["check", str(bad), "--output-format", "json", "--no-cache"]) == 1
    items = json.loads(capsys.readouterr().out)
    assert [(it["severity"], it["code"]) for it in items] == [("error", "syntax")]
    assert main(["check", str(bad), "--output-format", "sarif", "--no-cache"]) == 1
    sarif = json.loads(capsys.readouterr().out)
    (result,) = sarif["runs"][0]["results"]
    assert result["ruleId"] == "syntax"
    assert [r["id"] for r in sarif["runs"][0]["tool"]["driver"]["rules"]] == ["syntax"]
