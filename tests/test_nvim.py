"""The README's Neovim setup, run in a real ``nvim --headless`` where one is installed:
the snippet is taken from the README as it is, so a snippet that does nothing (as the
0.8-only one did on Debian 12's Neovim 0.7) fails here."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

pytest.importorskip("pygls")
NVIM = shutil.which("nvim")
pytestmark = pytest.mark.skipif(NVIM is None, reason="no nvim on PATH")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

DRIVER = r"""
vim.cmd("edit " .. vim.fn.fnameescape(DES))
local ok = vim.wait(20000, function() return #vim.lsp.buf_get_clients(0) > 0 end, 50)
local out = { attached = ok }
if ok then
  local function ask(method, line, col)
    local params = { textDocument = vim.lsp.util.make_text_document_params(),
                     position = { line = line, character = col } }
    local res = vim.lsp.buf_request_sync(0, method, params, 20000) or {}
    for _, r in pairs(res) do if r.result then return r.result end end
  end
  local comp = ask("textDocument/completion", 2, 14)
  local items = comp and (comp.items or comp) or {}
  for _, it in ipairs(items) do
    if it.label == "soldier" then out.soldier = it end
  end
  out.count = #items
  local hov = ask("textDocument/hover", 1, 12)
  out.hover = hov and hov.contents and hov.contents.value
end
local fh = io.open(OUT, "w"); fh:write(vim.fn.json_encode(out)); fh:close()
vim.cmd("qa!")
"""


def readme_snippet() -> str:
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as fh:
        text = fh.read()
    m = re.search(r"```lua\n(-- unlev lsp for \*\.des files.*?)```", text, re.S)
    assert m, "the README's Neovim snippet is gone"
    return m.group(1)


def test_the_readme_snippet_drives_unlev_lsp_in_neovim(tmp_path):
    des = tmp_path / "yard.des"
    des.write_text('LEVEL: "yard"\nMONSTER: "soldier", random\nMONSTER: "sol\n')
    out = tmp_path / "out.json"
    init = tmp_path / "init.lua"
    init.write_text(readme_snippet() + f"\nDES = {json.dumps(str(des))}\n"
                    f"OUT = {json.dumps(str(out))}\n")
    driver = tmp_path / "driver.lua"
    driver.write_text(DRIVER)
    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep
               + os.environ.get("PATH", ""), XDG_CONFIG_HOME=str(tmp_path),
               XDG_DATA_HOME=str(tmp_path), XDG_STATE_HOME=str(tmp_path))
    r = subprocess.run([NVIM, "--headless", "--clean", "-u", str(init),
                        "-c", f"luafile {driver}"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=120)
    assert out.exists(), r.stderr + r.stdout
    got = json.loads(out.read_text())
    assert got["attached"] is True
    item = got["soldier"]
    assert item["textEdit"]["newText"] == 'soldier"'
    assert item["textEdit"]["range"]["start"]["character"] == 11
    assert "speed 10" in got["hover"]


# the full tier's (--full): a second headless Neovim (~1 s)
@pytest.mark.slow
def test_an_old_neovim_is_told_so(tmp_path):
    """The version guard: a Neovim without has('nvim-0.7') errors, never does nothing."""
    init = tmp_path / "init.lua"
    init.write_text("vim.fn.has = function() return 0 end\n" + readme_snippet())
    r = subprocess.run([NVIM, "--headless", "--clean", "-u", str(init), "-c", "qa!"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert "needs Neovim 0.7 or newer" in r.stderr + r.stdout
