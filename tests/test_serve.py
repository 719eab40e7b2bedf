"""``unlev serve``'s back end without a browser: the answers the page gets, the change
signature it polls, what the server refuses, and the command's usage errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from unlev.tools.serve.server import Source, level_files, make_server
from unlev.tools.serve.state import build_state, run_args

REPO = Path(__file__).resolve().parent.parent
BIGRM = str(REPO / "samples" / "bigrm.des")


def test_answer_matches_unlev_run_json():
    out = subprocess.run([sys.executable, "-m", "unlev.cli", "run", BIGRM, "--seed", "7",
                          "--json", "-q"], capture_output=True, text=True, check=True)
    native = json.loads(out.stdout)["levels"][0]
    s = build_state(BIGRM, seed=7)
    assert s["error"] is None and s["levels"] == ["bigrm-u"]
    L = s["level_data"]
    for key in ("display", "terrain", "monsters", "objects", "lit", "roomno"):
        assert L[key] == native[key], key
    tg = L["terrain_glyphs"]
    assert len(tg["rows"]) == 21 and all(len(r) == 80 for r in tg["rows"])
    assert len({tuple(t) for t in tg["table"]}) == len(tg["table"])      # each glyph once
    # the terrain layer's character is the display's wherever nothing stands
    busy = {(e["x"], e["y"]) for k in ("monsters", "objects", "traps") for e in L[k]}
    for y in range(21):
        for x in range(80):
            if (x, y) not in busy:
                assert tg["table"][tg["rows"][y][x]][0] == L["display"][y][x]


def test_error_is_an_answer_with_the_line(tmp_path):
    f = tmp_path / "bad.des"
    f.write_text('LEVEL: "bad"\nMONSTER: "no such monster at all", (1,1)\n')
    s = build_state(str(f), seed=1)
    assert s["level_data"] is None
    assert s["error"].startswith(f"{f}:2:")
    assert s["diagnostics"][0]["severity"] == "error" and s["diagnostics"][0]["line"] == 2
    assert s["source"] == f.read_text()


def test_text_overrides_the_disk(tmp_path):
    f = tmp_path / "a.des"
    f.write_text('LEVEL: "disk"\n')
    s = build_state(str(f), text='LEVEL: "buffer"\nINIT_MAP: solidfill, \'.\'\n', seed=1)
    assert s["levels"] == ["buffer"]


def test_level_files_of_a_folder(tmp_path):
    (tmp_path / "b.des").write_text("")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.lua").write_text("")
    (tmp_path / "notes.txt").write_text("")
    assert level_files(str(tmp_path)) == [str(tmp_path / "b.des"),
                                          str(tmp_path / "sub" / "a.lua")]


@pytest.fixture
def server(tmp_path):
    f = tmp_path / "s.des"
    f.write_text('LEVEL: "s"\nINIT_MAP: solidfill, \'.\'\n')
    httpd = make_server(Source([str(f)]), run_args(), port=0)
    t = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    t.start()
    yield f, "http://%s:%d/" % httpd.server_address[:2]
    httpd.shutdown()
    httpd.server_close()


def _get(url):
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def test_server_answers_and_refuses(server):
    f, url = server
    assert url.startswith("http://127.0.0.1:")
    code, page = _get(url)
    assert code == 200 and '<script type="application/json" id="unlev-boot">' in page
    code, body = _get(url + "api/state?seed=3")
    assert code == 200 and json.loads(body)["level_data"]["seed"] == 3
    code, body = _get(url + "api/version")
    v1 = json.loads(body)["version"]
    f.write_text('LEVEL: "s"\nINIT_MAP: solidfill, \' \'\n')
    os.utime(f, ns=(1, 1))
    v2 = json.loads(_get(url + "api/version")[1])["version"]
    assert v1 != v2
    # only the files the server was started on
    assert _get(url + "api/state?file=/etc/passwd")[0] == 404
    assert _get(url + "api/state?file=../../etc/passwd")[0] == 404
    assert _get(url + "etc/passwd")[0] == 404
    assert _get(url + "api/state?seed=x")[0] == 400
    assert _get(url + "api/state?seed=-1")[0] == 400


def test_usage_errors(tmp_path):
    r = subprocess.run([sys.executable, "-m", "unlev.cli", "serve", str(tmp_path / "nope.des")],
                       capture_output=True, text=True)
    assert r.returncode == 2
    assert r.stderr.strip() == f"unlev serve: error: no such file or folder: {tmp_path / 'nope.des'}"
    r = subprocess.run([sys.executable, "-m", "unlev.cli", "serve", str(tmp_path)],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "no .des or .lua file under" in r.stderr
    assert "Traceback" not in r.stderr
    r = subprocess.run([sys.executable, "-m", "unlev.cli", "serve", BIGRM, "--port", "70000"],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "a port is a number from 0 to 65535, not '70000'" in r.stderr
    r = subprocess.run([sys.executable, "-m", "unlev.cli", "serve", BIGRM, "--port", "0",
                        "--host", "no-such-host.invalid"], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.startswith("unlev serve: error: cannot listen on no-such-host.invalid:0")


def test_host_header_of_another_site_is_refused(server):
    _f, url = server
    req = urllib.request.Request(url + "api/state", headers={"Host": "evil.example:8733"})
    try:
        urllib.request.urlopen(req, timeout=30)
        code = 200
    except urllib.error.HTTPError as e:
        code = e.code
    assert code == 403
    req = urllib.request.Request(url + "api/version", headers={"Host": "localhost:1"})
    with urllib.request.urlopen(req, timeout=30) as r:
        assert r.status == 200


def test_lint_findings_are_diagnostics(tmp_path):
    f = tmp_path / "l.des"
    f.write_text('LEVEL: "l"\nINIT_MAP: solidfill, \' \'\nGEOMETRY: center, center\nMAP\n'
                 '...\n...\nENDMAP\nMONSTER: random, (7,7)\n')
    s = build_state(str(f), seed=1)
    found = [d for d in s["diagnostics"] if d["line"] == 8]
    assert found and found[0]["severity"] == "warning" and found[0]["code"]


def test_an_include_change_changes_the_version(tmp_path):
    (tmp_path / "part.des").write_text('LEVEL: "inc"\nINIT_MAP: solidfill, \'.\'\n')
    main = tmp_path / "main.des"
    main.write_text('INCLUDE "part.des"\n')
    source = Source([str(main)])
    answer = source.build(str(main), 1, 1, run_args())
    assert answer["error"] is None, answer["error"]
    v1 = source.version(str(main))
    assert answer["version"] == v1
    (tmp_path / "part.des").write_text('LEVEL: "inc"\nINIT_MAP: solidfill, \' \'\n')
    os.utime(tmp_path / "part.des", ns=(2, 2))
    assert source.version(str(main)) != v1


LUA = """des.level_init({ style = "solidfill", fg = " " });
des.level_flags("mazelevel");
des.map([[
-----
|...|
-----
]]);
des.monster("jackal", 2, 1)
"""


def test_a_lua_level_is_served_like_unlev_run_draws_it(tmp_path):
    pytest.importorskip("lupa", reason="lupa (the lua extra) is not installed")
    f = tmp_path / "t.lua"
    f.write_text(LUA)
    out = subprocess.run([sys.executable, "-m", "unlev.cli", "run", str(f), "--seed", "3",
                          "--json", "-q"], capture_output=True, text=True, check=True)
    native = json.loads(out.stdout)["levels"][0]
    s = build_state(str(f), seed=3)
    assert s["levels"] == ["t"] and s["error"] is None
    assert s["level_data"]["display"] == native["display"]
    assert s["level_data"]["monsters"][0]["name"] == "jackal"
    bad = build_state(str(f), seed=3, text=LUA[:-2])
    assert bad["level_data"] is None and bad["error"].startswith(f"{f}:")
