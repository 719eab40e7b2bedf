"""The importer on hostile input (issue 34): ``#if`` in C's 64-bit arithmetic with
division by zero an error, macro expansion bounded, C files read only when they are
regular files of a bounded size, garbage an error rather than "0 objects", and profile
names that cannot take the written files outside the profile folder."""

import os
import shutil
import threading
from pathlib import Path

import pytest

from unlev.cli import main
from unlev.lang import limits as L
from unlev.tools.data.cpre import Preprocessor, PreprocessorError, read_c_file

FIXTURE = Path(__file__).parent / "fixtures" / "variant-src" / "toyhack"


def pp_text(text, limits=L.DEFAULT):
    pp = Preprocessor(limits=limits)
    toks = pp.process_text(text, "x.h")
    return pp, toks


@pytest.mark.parametrize("expr", ["1/0", "1%0", "(2-2) ? 1 : 5/(3-3)"])
def test_division_by_zero_in_if_is_an_error_with_its_line(expr):
    with pytest.raises(PreprocessorError) as e:
        pp_text(f"#define A 1\n#if {expr}\nint x;\n#endif\n")
    assert str(e.value).startswith("x.h:2: #if ") and "division by zero" in str(e.value)


@pytest.mark.parametrize("expr", ["1 << 99999999999", "1 << -1", "1 >> 64"])
def test_a_huge_shift_is_an_error_not_a_memory_blowup(expr):
    with pytest.raises(PreprocessorError) as e:
        pp_text(f"#if {expr}\n#endif\n")
    assert "shift" in str(e.value)


def test_if_arithmetic_wraps_as_64_bit_c():
    pp, toks = pp_text("#if (9223372036854775807 + 1) < 0\nint wrapped;\n#endif\n"
                       "#if -9223372036854775807 - 1 == (1 << 63)\nint min;\n#endif\n")
    names = [t.text for t in toks]
    assert "wrapped" in names and "min" in names


@pytest.mark.parametrize("line", ["#if defined", "#if defined(", "#if defined (X"])
def test_a_bare_defined_is_a_warning_not_an_index_error(line):
    pp, toks = pp_text(f"{line}\nint x;\n#endif\n")
    assert any("'defined' without a name" in w for w in pp.warnings)
    assert "x" not in [t.text for t in toks]


def test_a_doubling_define_chain_is_stopped():
    lines = ["#define A0 x"] + [f"#define A{i} A{i - 1} A{i - 1}" for i in range(1, 41)]
    with pytest.raises(PreprocessorError) as e:
        pp_text("\n".join(lines) + "\nint v = A40;\n",
                L.Limits.from_text("cpp_tokens=100000"))
    assert "more than 100,000 tokens" in str(e.value)
    assert 'UNLEV_LIMITS="cpp_tokens=N"' in str(e.value)


# the full tier's (--full): the preprocessor up to its default token limit (~9 s,
# 1.7 GB); the quick tier keeps the small limit's test above
@pytest.mark.slow
def test_the_default_limit_stops_the_doubling_chain_too():
    lines = ["#define A0 x"] + [f"#define A{i} A{i - 1} A{i - 1}" for i in range(1, 41)]
    with pytest.raises(PreprocessorError):
        pp_text("\n".join(lines) + "\nint v = A40;\n")


def test_deeply_nested_parentheses_in_if_are_an_error():
    with pytest.raises(PreprocessorError) as e:
        pp_text("#if " + "(" * 5000 + "1" + ")" * 5000 + "\n#endif\n")
    assert "nested" in str(e.value)


def test_a_c_file_too_big_is_refused(tmp_path):
    p = tmp_path / "monst.c"
    p.write_text("int x;\n" * 1000)
    assert read_c_file(p) == "int x;\n" * 1000          # the default limit: 16 MB
    with pytest.raises(PreprocessorError) as e:
        read_c_file(p, L.Limits.from_text("c_file_size=1000"))
    assert "more than a C source file may be" in str(e.value)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_a_fifo_is_refused_without_blocking(tmp_path):
    os.mkfifo(tmp_path / "monst.c")
    got = []
    t = threading.Thread(target=lambda: got.append(_catch(tmp_path / "monst.c")), daemon=True)
    t.start()
    t.join(20)
    assert got and "a FIFO" in got[0]


def _catch(path):
    try:
        read_c_file(path)
    except PreprocessorError as e:
        return str(e)
    return "read"


@pytest.fixture
def tree(tmp_path):
    dst = tmp_path / "src-tree"
    shutil.copytree(FIXTURE, dst)
    return dst


def run_import(capsys, *args):
    code = main(["data", "import", *map(str, args)])
    got = capsys.readouterr()
    assert "Traceback" not in got.err + got.out
    return code, got.err


def test_garbage_as_objects_c_is_an_error_not_zero_objects(tree, tmp_path, capsys):
    (tree / "src" / "objects.c").write_bytes(bytes(range(256)) * 80)
    code, err = run_import(capsys, tree, "--name", "garbage", "--out", tmp_path / "out")
    assert code == 1 and "src/objects.c gave no objects" in err
    assert not (tmp_path / "out").exists()


@pytest.mark.skipif(not os.path.exists("/proc/self/environ"), reason="Linux only")
def test_a_symlink_to_proc_environ_as_monst_c_is_an_error(tree, tmp_path, capsys):
    (tree / "src" / "monst.c").unlink()
    os.symlink("/proc/self/environ", tree / "src" / "monst.c")
    code, err = run_import(capsys, tree, "--name", "environ", "--out", tmp_path / "out")
    assert code == 1 and "src/monst.c gave no monsters" in err


def test_division_by_zero_in_a_header_is_one_error_line(tree, tmp_path, capsys):
    (tree / "src" / "monst.c").write_text("#if 1/0\n#endif\n")
    code, err = run_import(capsys, tree, "--name", "dz", "--out", tmp_path / "out")
    assert code == 1 and "monst.c:1: #if 1/0: division by zero" in err


@pytest.mark.parametrize("name", ["../../../escaped", "/tmp/anywhere", ".", "..", "a\tb",
                                  "a/b", "-x", "a" * 65, "a\x1b[2J"])
def test_a_profile_name_must_be_a_safe_identifier(tree, capsys, name):
    code, err = run_import(capsys, tree, f"--name={name}")
    assert code == 2 and "a profile name is a letter followed by" in err
