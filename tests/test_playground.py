"""``unlev serve --static``: the playground's files, and (with a local copy of the
``pyodide`` npm package in $UNLEV_PYODIDE and Chromium) unlev running in the browser
with no network, drawing samples/bigrm.des as the native run does."""

from __future__ import annotations

import base64
import functools
import hashlib
import http.server
import json
import os
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

import pytest

from unlev.tools.serve.static import StaticError, write_playground

REPO = Path(__file__).resolve().parent.parent
BIGRM = REPO / "samples" / "bigrm.des"


def _fake_pyodide(folder: Path) -> Path:
    folder.mkdir()
    for f in ("pyodide.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        (folder / f).write_bytes(b"x")
    return folder


def test_wheels_hold_what_an_installed_unlev_holds(tmp_path):
    out = tmp_path / "site"
    write_playground(str(out), str(BIGRM), str(_fake_pyodide(tmp_path / "pyo")))
    assert (out / "pyodide" / "pyodide.asm.wasm").is_file()
    with zipfile.ZipFile(out / "unlev-0.1.0-py3-none-any.whl") as z:
        names = set(z.namelist())
        for needed in ("unlev/cli.py", "unlev/lang/frontend.py", "unlev/lang/_parsetab.py",
                       "unlev/stdlib/data/monsters.json", "unlev/output/preview_page/page.js",
                       "unlev/tools/serve/state.py", "unlev-0.1.0.dist-info/WHEEL"):
            assert needed in names, needed
        assert not any(n.endswith((".pyc", ".marshal")) for n in names)
        assert not any(n.startswith(("lang/", "stdlib/")) for n in names)
        record = z.read("unlev-0.1.0.dist-info/RECORD").decode().splitlines()
        for line in record[:50]:
            name, digest, size = line.rsplit(",", 2)
            if digest:
                data = z.read(name)
                want = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
                assert digest == "sha256=" + want.decode() and int(size) == len(data)
    page = (out / "index.html").read_text()
    assert '<script src="pyodide/pyodide.js"></script>' in page
    boot = json.loads(page.split('id="unlev-boot">', 1)[1].split("</script>", 1)[0])
    assert boot["sample_text"] == BIGRM.read_text() and boot["mode"] == "pyodide"


def test_usage_errors(tmp_path):
    with pytest.raises(StaticError, match=r"--pyodide DIR"):
        write_playground(str(tmp_path / "o"), None, None)
    (tmp_path / "empty").mkdir()
    with pytest.raises(StaticError, match=r"is not the pyodide npm package \(no pyodide.js"):
        write_playground(str(tmp_path / "o"), None, str(tmp_path / "empty"))
    r = subprocess.run([sys.executable, "-m", "unlev.cli", "serve", str(BIGRM), "--static",
                        str(tmp_path / "o")], capture_output=True, text=True,
                       env={**os.environ, "UNLEV_PYODIDE": ""})
    assert r.returncode == 2 and r.stderr.startswith("unlev serve: error: --static needs")


def _run_display(text: str, tmp_path: Path, seed: int = 1):
    f = tmp_path / "bigrm.des"
    f.write_text(text)
    out = subprocess.run([sys.executable, "-m", "unlev.cli", "run", str(f), "--seed", str(seed),
                          "--json", "-q"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)["levels"][0]["display"]


def test_playground_runs_offline_in_chromium(tmp_path):
    pyodide = os.environ.get("UNLEV_PYODIDE")
    if not pyodide or not os.path.isfile(os.path.join(pyodide, "pyodide.js")):
        pytest.skip("no local pyodide npm package: set UNLEV_PYODIDE to its folder "
                    "(npm pack pyodide; tar xzf pyodide-*.tgz; its package/)")
    from browserkit import browser, page_rows, wait_ready
    site = tmp_path / "site"
    write_playground(str(site), str(BIGRM), pyodide)
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *a):
            pass
    handler = functools.partial(Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/" % httpd.server_address[1]
    outside = []
    try:
        with browser() as b:
            page = b.new_page()

            def local_only(route):
                if route.request.url.startswith(url):
                    route.continue_()
                else:
                    outside.append(route.request.url)
                    route.abort()
            page.route("**/*", local_only)
            t0 = time.monotonic()
            page.goto(url)
            wait_ready(page, timeout_ms=180000)
            took = time.monotonic() - t0
            print(f"playground drawn {took:.1f} s after opening "
                  f"(Pyodide and unlev loaded in {page.evaluate('unlevPreview.loadSeconds'):.1f} s)")
            assert not page.is_visible("#error"), page.inner_text("#error")
            assert page_rows(page) == _run_display(BIGRM.read_text(), tmp_path)
            assert outside == []
            # typing in the editor re-runs the level in the browser
            edited = BIGRM.read_text().replace("ENDMAP\n", "ENDMAP\nFOUNTAIN: (1,1)\n", 1)
            n = page.evaluate("unlevPreview.renders")
            t1 = time.monotonic()
            page.fill("#editor", edited)
            wait_ready(page, n + 1, timeout_ms=60000)
            print(f"an edit drawn {time.monotonic() - t1:.2f} s after typing "
                  "(0.25 s of it the editor's pause)")
            assert page_rows(page) == _run_display(edited, tmp_path)
    finally:
        httpd.shutdown()
        httpd.server_close()
