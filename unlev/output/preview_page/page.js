// unlev's level preview: draws a level from its JSON (unlev/output/preview.py) and
// talks to a back end: the `unlev serve` server, data embedded in the page (an export),
// or unlev itself running in the browser under Pyodide (the playground).
"use strict";
(function () {
  const boot = JSON.parse(document.getElementById("unlev-boot").textContent);
  const PAL = boot.palette || {};
  const COLNO = 80, ROWNO = 21;
  const $ = (id) => document.getElementById(id);
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));
  const query = new URLSearchParams(location.search);
  const view = {file: query.get("file") || boot.file || null, level: boot.level || 1, seed: boot.seed ?? 1,
                compare: false, seedB: (boot.seed ?? 1) + 1};
  let shownA = null, shownB = null;      // the last good answers (kept through errors)
  let version = null, busy = false;
  const layers = {};
  document.querySelectorAll("#layers input").forEach((el) => {
    layers[el.dataset.layer] = el.checked;
    el.addEventListener("change", () => { layers[el.dataset.layer] = el.checked; redraw(); });
  });
  window.unlevPreview = {view, layers, get a() { return shownA; }, get b() { return shownB; },
                         rows: (id) => Array.from(document.querySelectorAll("#" + id + " .row"), (r) => r.textContent),
                         ready: false, renders: 0};

  // --- the drawing: glyph_grid() of unlev/output/render.py, layer by layer ----------
  function inside(x, y) { return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && x < COLNO && y >= 0 && y < ROWNO; }
  function compose(L) {
    const T = L.terrain_glyphs.table;
    const g = L.terrain_glyphs.rows.map((row) => row.map((i) => ({ch: T[i][0], color: T[i][1], what: T[i][2], layer: "terrain", inv: false})));
    if (layers.traps) for (const t of L.traps) if (inside(t.x, t.y))
      g[t.y][t.x] = {ch: t.symbol, color: t.color, what: t.what || t.name, layer: "trap", inv: false};
    if (layers.objects) {
      const pile = new Map();
      for (const o of L.objects) {
        if (o.buried || !inside(o.x, o.y)) continue;
        const k = o.x + "," + o.y;
        pile.set(k, (pile.get(k) || 0) + 1);
        g[o.y][o.x] = {ch: o.symbol, color: o.color, what: o.name, layer: "object", inv: false};
      }
      for (const [k, n] of pile) {
        const [x, y] = k.split(",").map(Number);
        if (n > 1 && g[y][x].what !== "boulder") g[y][x].inv = true;
      }
    }
    if (layers.monsters) for (const m of L.monsters) if (inside(m.x, m.y))
      g[m.y][m.x] = {ch: m.symbol, color: m.color, what: m.name, layer: "monster", inv: false};
    return g;
  }
  function regionSquares(L) {
    const s = new Set();
    const a = L.map_area;
    for (const r of L.regions) {
      let [x1, y1, x2, y2] = r.area;
      if (!r.area_is_level) { x1 += a.xstart; x2 += a.xstart; y1 += a.ystart; y2 += a.ystart; }
      for (let x = x1; x <= x2; x++) for (let y = y1; y <= y2; y++) s.add(x + "," + y);
    }
    return s;
  }
  function roomTint(n) { return "hsla(" + ((n * 67) % 360) + ",70%,50%,0.22)"; }
  function draw(el, L, other) {
    const g = compose(L), o = other ? compose(other) : null;
    const regs = layers.regions ? regionSquares(L) : null;
    const engr = new Set(L.engravings.map((e) => e.x + "," + e.y));
    let diffs = 0;
    const parts = [];
    for (let y = 0; y < ROWNO; y++) {
      parts.push('<span class="row">');
      for (let x = 0; x < COLNO; x++) {
        const c = g[y][x], cls = ["c"];
        const style = ["color:" + (PAL[c.color] || PAL.default)];
        if (c.inv) cls.push("inv");
        if (layers.light && L.lit[y][x] === "1") cls.push("lit");
        if (layers.nondiggable && L.nondiggable[y][x] === "1") cls.push("nodig");
        if (layers.rooms && L.roomno[y][x] >= 3) style.push("background:" + roomTint(L.roomno[y][x]));
        if (regs && regs.has(x + "," + y)) cls.push("reg");
        if (layers.engravings && engr.has(x + "," + y)) cls.push("eng");
        if (o && (o[y][x].ch !== c.ch || o[y][x].color !== c.color || o[y][x].inv !== c.inv)) { cls.push("diff"); diffs++; }
        const ch = esc(c.ch);
        parts.push('<span class="' + cls.join(" ") + '" data-x="' + x + '" data-y="' + y + '" style="' + style.join(";") + '">'
                   + (c.inv ? "<b>" + ch + "</b>" : ch) + "</span>");
      }
      parts.push("</span>");
    }
    el.innerHTML = parts.join("");
    el.onmouseover = (ev) => { const t = ev.target.closest(".c"); if (t) card(L, +t.dataset.x, +t.dataset.y, el); };
    return diffs;
  }

  // --- the hover card -----------------------------------------------------------------
  function allRooms(rooms, out = []) { for (const r of rooms) { out.push(r); allRooms(r.subrooms || [], out); } return out; }
  function card(L, x, y, el) {
    const g = compose(L)[y][x], a = L.map_area;
    const at = (list) => list.filter((e) => e.x === x && e.y === y);
    const rn = L.roomno[y][x];
    const room = allRooms(L.rooms).find((r) => r.roomno === rn);
    const dx = x - a.xstart, dy = y - a.ystart;
    const inMap = a.xsize > 0 && dx >= 0 && dy >= 0 && dx < a.xsize && dy < a.ysize;
    const h = [];
    h.push('<h3 id="card-where">(' + x + "," + y + ")" + (el && el.id === "map-b" ? " seed " + view.seedB : "") + "</h3>");
    h.push('<div id="card-coords">level x=' + x + " y=" + y + "; " + (inMap ? "des-file MAP (" + dx + "," + dy + ")" : "outside the MAP") + "</div>");
    h.push('<div id="card-glyph">shows <span class="glyph" style="color:' + (PAL[g.color] || PAL.default) + '">' + esc(g.ch) + "</span> " + esc(g.what) + "</div>");
    h.push('<div id="card-terrain">terrain ' + esc(L.terrain[y][x]) + " (" + esc(L.terrain_glyphs.table[L.terrain_glyphs.rows[y][x]][2]) + ")</div>");
    h.push("<div>" + (L.lit[y][x] === "1" ? "lit" : "unlit") + (L.nondiggable[y][x] === "1" ? ", non-diggable" : "") + (L.nonpasswall[y][x] === "1" ? ", non-passwall" : "") + "</div>");
    h.push('<div id="card-room">' + (room ? "room " + rn + ": " + esc(room.type) + " " + room.lx + "," + room.ly + "-" + room.hx + "," + room.hy + (room.lit ? " lit" : " unlit") : (rn === 1 || rn === 2 ? "shared wall" : "no room")) + "</div>");
    for (const d of at(L.doors)) h.push("<div>door: " + esc(d.state.join(", ")) + "</div>");
    for (const s of at(L.stairs)) h.push("<div>" + esc(s.kind) + " " + esc(s.direction) + "</div>");
    for (const al of at(L.altars)) h.push("<div>altar: " + esc(al.alignment) + (al.shrine ? ", shrine" : "") + "</div>");
    const sect = (title, items) => { for (const it of items) h.push('<h3 class="card-' + title + '">' + title + ": " + esc(it.name || it.type || it.text || "") + "</h3><pre>" + esc(JSON.stringify(it, null, 1)) + "</pre>"); };
    sect("monster", at(L.monsters)); sect("object", at(L.objects)); sect("trap", at(L.traps)); sect("engraving", at(L.engravings));
    $("card").innerHTML = h.join("");
  }

  // --- legend, tables, diagnostics, source ---------------------------------------------
  function legend(L) {
    const seen = new Map();
    const g = compose(L);
    for (const row of g) for (const c of row) {
      const k = c.ch + "|" + c.color + "|" + c.what;
      if (!seen.has(k)) seen.set(k, c);
    }
    const h = [];
    for (const c of seen.values()) if (c.ch !== " ")
      h.push('<div><span class="glyph" style="color:' + (PAL[c.color] || PAL.default) + '">' + esc(c.ch) + "</span> " + esc(c.what) + ' <span class="dim">(' + c.layer + ")</span></div>");
    h.push('<div><span class="glyph" style="background:' + PAL.default + ";color:" + PAL.background + '">)</span> inverse video: a pile of several objects (the top one shown)</div>');
    h.push('<div><span class="glyph" style="text-decoration:underline;text-decoration-color:#d6d">.</span> underlined (engravings layer): an engraving</div>');
    h.push('<div><span class="glyph" style="box-shadow:inset 0 0 0 2px #ff4040">&nbsp;</span> red frame: differs between the two seeds</div>');
    h.push('<div>layers: light tints lit squares yellow, non-diggable red, rooms by room number; regions are dashed</div>');
    $("legend").innerHTML = h.join("");
  }
  function contents(L) {
    const groups = new Map();
    const add = (kind, e, ch, color, name) => {
      const k = kind + "|" + name;
      if (!groups.has(k)) groups.set(k, {kind, ch, color, name, at: []});
      groups.get(k).at.push(e.x + "," + e.y);
    };
    for (const m of L.monsters) add("monster", m, m.symbol, m.color, m.name);
    for (const t of L.traps) add("trap", t, t.symbol, t.color, t.what || t.name);
    for (const o of L.objects) add(o.buried ? "buried" : "object", o, o.symbol, o.color, o.name);
    for (const e of L.engravings) add("engraving", e, "~", null, JSON.stringify(e.text));
    const h = ["<tr><th></th><th>kind</th><th>what</th><th>n</th><th>where (x,y)</th></tr>"];
    for (const r of groups.values())
      h.push('<tr><td class="glyph" style="color:' + (PAL[r.color] || PAL.default) + '">' + esc(r.ch) + "</td><td>" + r.kind + "</td><td>" + esc(r.name) + "</td><td>" + r.at.length + "</td><td>" + r.at.join(" ") + "</td></tr>");
    $("contents").innerHTML = h.join("");
    const flags = Object.entries(L.flags).filter(([, v]) => v === true).map(([k]) => k);
    $("summary").innerHTML = "<p>" + esc(L.name) + " &middot; seed " + L.seed + " &middot; depth " + esc(L.context.depth) + " " + esc(L.context.dungeon_name || "")
      + " &middot; " + L.monsters.length + " monsters, " + L.objects.length + " objects, " + L.traps.length + " traps, " + L.rooms.length + " rooms, " + groups.size + " kinds"
      + "</p><p>flags: " + esc(flags.join(", ") || "none") + "</p>"
      + L.messages.map((m) => '<p class="dim">message: ' + esc(m) + "</p>").join("");
    const rh = ["<tr><th>roomno</th><th>type</th><th>bounds</th><th>lit</th><th>irregular</th></tr>"];
    for (const r of allRooms(L.rooms)) rh.push("<tr><td>" + r.roomno + "</td><td>" + esc(r.type) + "</td><td>" + r.lx + "," + r.ly + "-" + r.hx + "," + r.hy + "</td><td>" + r.lit + "</td><td>" + r.irregular + "</td></tr>");
    $("rooms").innerHTML = rh.join("");
  }
  function source(S) {
    if (S.source == null) { $("source-box").hidden = true; return; }
    $("source-box").hidden = false;
    $("source").innerHTML = S.source.split("\n").map((l) => "<span>" + esc(l) + " </span>").join("");
  }
  function gotoLine(line) {
    const spans = $("source").children;
    for (const s of spans) s.classList.remove("here");
    if (line >= 1 && spans[line - 1]) {
      $("source-box").open = true;
      spans[line - 1].classList.add("here");
      spans[line - 1].scrollIntoView({block: "center"});
    }
    if (boot.mode === "pyodide") {       // the playground: put the editor's caret there
      const ed = $("editor"), lines = ed.value.split("\n");
      let pos = 0;
      for (let i = 0; i < line - 1 && i < lines.length; i++) pos += lines[i].length + 1;
      ed.focus(); ed.setSelectionRange(pos, pos + (lines[line - 1] || "").length);
    }
  }
  function diagnostics(S) {
    const list = S.diagnostics || [];
    $("diag-count").textContent = "(" + list.length + ")";
    $("diagnostics").innerHTML = list.map((d, i) => '<li class="' + d.severity + '" data-line="' + d.line + '">' + esc(d.file) + ":" + d.line + ":" + d.col + ": " + d.severity + ": " + esc(d.message) + (d.hint ? ' <span class="dim">hint: ' + esc(d.hint) + "</span>" : "") + "</li>").join("") || '<li class="dim">none</li>';
    $("diagnostics").querySelectorAll("li[data-line]").forEach((li) => li.addEventListener("click", () => gotoLine(+li.dataset.line)));
  }

  // --- showing an answer -------------------------------------------------------------
  function pickers(S) {
    const lv = $("level");
    lv.innerHTML = (S.levels || []).map((n, i) => '<option value="' + (i + 1) + '">' + (i + 1) + ": " + esc(n) + "</option>").join("");
    lv.value = String(S.level);
    $("level-pick").hidden = (S.levels || []).length < 2;
    const files = S.files || [];
    $("file-pick").hidden = files.length < 2;
    $("file").innerHTML = files.map((f) => '<option value="' + esc(f) + '">' + esc(f) + "</option>").join("");
    $("file").value = S.file;
  }
  function redraw() {
    if (!shownA) return;
    const L = shownA.level_data;
    const compare = view.compare && shownB && shownB.level_data;
    const n = draw($("map-a"), L, compare ? shownB.level_data : null);
    $("cap-a").textContent = L.name + " · seed " + L.seed;
    $("fig-b").hidden = !compare;
    if (compare) {
      draw($("map-b"), shownB.level_data, L);
      $("cap-b").textContent = shownB.level_data.name + " · seed " + shownB.level_data.seed;
      $("diff-note").hidden = false;
      $("diff-note").textContent = n + " squares differ between seed " + L.seed + " and seed " + shownB.level_data.seed;
    } else $("diff-note").hidden = true;
    $("map-a").style.fontSize = $("map-b").style.fontSize = $("zoom").value + "px";
    legend(L); contents(L);
  }
  function show(S, SB) {
    pickers(S);
    diagnostics(S);
    source(S);
    if (S.error) {
      $("error").hidden = false;
      $("error").textContent = S.error + (shownA ? "\n(showing the last good level)" : "");
    } else {
      $("error").hidden = true;
      shownA = S;
    }
    if (SB !== undefined) shownB = SB && !SB.error ? SB : shownB;
    redraw();
    window.unlevPreview.renders++;
    window.unlevPreview.renderedAt = Date.now();
    window.unlevPreview.ready = true;
    $("status").textContent = (S.error ? "error at " : "drawn at ") + new Date().toLocaleTimeString();
  }

  // --- back ends --------------------------------------------------------------------
  const backends = {
    serve: {
      async get(seed) {
        const q = new URLSearchParams({file: view.file || "", level: view.level, seed});
        const r = await fetch("api/state?" + q);
        return r.json();
      },
      async poll() {
        const r = await fetch("api/version?" + new URLSearchParams({file: view.file || ""}));
        return (await r.json()).version;
      },
    },
    static: {
      async get(seed) {
        const states = boot.states || [];
        return states.find((s) => s.file === (view.file || s.file) && s.level === view.level) || states[0];
      },
    },
    pyodide: {
      py: null,
      async get(seed) {
        const py = this.py;
        py.globals.set("_unlev_args", py.toPy([$("editor").value, boot.sample_name || "playground.des", view.level, seed]));
        const text = py.runPython("from unlev.tools.serve.state import render_json\nrender_json(*_unlev_args)");
        return JSON.parse(text);
      },
    },
  };
  const backend = backends[boot.mode] || backends.static;

  async function refresh() {
    if (busy) { refresh.again = true; return; }
    busy = true;
    try {
      const S = await backend.get(view.seed);
      if (S.file && !view.file) view.file = S.file;
      const SB = view.compare && boot.mode !== "static" ? await backend.get(view.seedB) : undefined;
      view.level = S.level || view.level;
      version = S.version || version;
      show(S, SB);
    } catch (e) {
      $("error").hidden = false;
      $("error").textContent = "unlev: error: " + e + (shownA ? "\n(showing the last good level)" : "");
    } finally {
      busy = false;
      if (refresh.again) { refresh.again = false; refresh(); }
    }
  }
  window.unlevPreview.refresh = refresh;

  // --- controls ----------------------------------------------------------------------
  function setSeed(s) { view.seed = Math.max(0, s | 0); $("seed").value = view.seed; refresh(); }
  $("seed").value = view.seed; $("seed-b").value = view.seedB;
  $("seed-down").onclick = () => setSeed(view.seed - 1);
  $("seed-up").onclick = () => setSeed(view.seed + 1);
  $("seed-random").onclick = () => setSeed(Math.floor(Math.random() * 2147483647));
  $("seed").onchange = () => setSeed(+$("seed").value);
  $("seed-b").onchange = () => { view.seedB = Math.max(0, +$("seed-b").value | 0); refresh(); };
  $("compare").onchange = () => { view.compare = $("compare").checked; refresh(); };
  $("level").onchange = () => { view.level = +$("level").value; refresh(); };
  $("file").onchange = () => { view.file = $("file").value; view.level = 1; refresh(); };
  $("zoom").oninput = () => { $("map-a").style.fontSize = $("map-b").style.fontSize = $("zoom").value + "px"; };
  if (boot.mode === "static") { $("seed-box").hidden = true; $("compare-box").hidden = true; }
  if (boot.title) $("title").textContent = boot.title;

  // --- unlev test --html: the runs, each failure drawn -------------------------------
  function screenRows(text) {
    const rows = (text || "").replace(/\n$/, "").split("\n");
    while (rows.length < ROWNO) rows.push("");
    return rows.map((r) => r.padEnd(COLNO, " ").slice(0, COLNO));
  }
  function drawText(rows, marked, title) {
    const h = ['<figure class="map-fig"><figcaption>' + esc(title) + '</figcaption><div class="map">'];
    rows.forEach((row, y) => {
      h.push('<span class="row">');
      for (let x = 0; x < COLNO; x++)
        h.push('<span class="c' + (marked.has(x + "," + y) ? " diff" : "") + '" data-x="' + x + '" data-y="' + y + '" title="(' + x + "," + y + ')">' + esc(row[x]) + "</span>");
      h.push("</span>");
    });
    h.push("</div></figure>");
    return h.join("");
  }
  function report() {
    document.querySelectorAll("#bar > :not(#title), main, details, #diff-note").forEach((el) => { el.hidden = true; el.style.display = "none"; });
    const box = $("report");
    box.hidden = false;
    const h = ["<p>" + boot.passed + " passed, " + boot.failed + " failed, " + boot.errors + " errors; seeds " + esc(boot.seeds.join(" ")) + "; " + boot.seconds + " s</p>"];
    const levels = new Map();
    for (const r of boot.results) {
      const k = r.file + "|" + r.level;
      if (!levels.has(k)) levels.set(k, {file: r.file, level: r.level, passed: 0, failed: 0, error: 0});
      levels.get(k)[r.outcome]++;
    }
    h.push("<table><tr><th>file</th><th>level</th><th>passed</th><th>failed</th><th>errors</th></tr>");
    for (const l of levels.values()) h.push("<tr><td>" + esc(l.file) + "</td><td>" + esc(l.level) + '</td><td class="passed">' + l.passed + '</td><td class="failed">' + l.failed + '</td><td class="error">' + l.error + "</td></tr>");
    h.push("</table>");
    for (const r of boot.results) {
      if (r.outcome === "passed") continue;
      h.push('<article class="result"><h3 class="' + r.outcome + '">' + esc(r.file) + " " + esc(r.level) + " seed " + r.seed + ": " + r.outcome + (r.diff_summary ? " (" + esc(r.diff_summary) + ")" : "") + "</h3>");
      const details = [r.error, ...(r.violations || []).map((v) => "[" + v.check + "]" + (v.at ? " at " + v.at.join(",") : "") + ": " + v.message), r.diff].filter(Boolean).join("\n");
      h.push('<pre class="details">' + esc(details) + "</pre>");
      if (r.old_map && r.map) {
        const a = screenRows(r.old_map), b = screenRows(r.map), marked = new Set();
        for (let y = 0; y < ROWNO; y++) for (let x = 0; x < COLNO; x++) if (a[y][x] !== b[y][x]) marked.add(x + "," + y);
        h.push('<div class="maps">' + drawText(a, marked, "stored snapshot") + drawText(b, marked, "now (" + marked.size + " squares changed)") + "</div>");
      } else if (r.map) {
        const marked = new Set((r.violations || []).filter((v) => v.at).map((v) => v.at[0] + "," + v.at[1]));
        h.push(drawText(screenRows(r.map), marked, "the level (the squares named marked)"));
      }
      h.push("</article>");
    }
    box.innerHTML = h.join("");
    window.unlevPreview.renders++;
    window.unlevPreview.ready = true;
  }

  async function start() {
    if (boot.mode === "report") { report(); return; }
    if (boot.mode === "pyodide") {
      $("editor-pane").hidden = false;
      $("editor").value = boot.sample_text || "";
      $("status").textContent = "loading Python (Pyodide) ...";
      const t0 = performance.now();
      const py = await loadPyodide({indexURL: boot.pyodide_url || "pyodide/"});
      for (const whl of boot.wheels || []) {
        const buf = await (await fetch(whl)).arrayBuffer();
        py.unpackArchive(buf, "wheel");
      }
      backends.pyodide.py = py;
      window.unlevPreview.loadSeconds = (performance.now() - t0) / 1000;
      let timer = null;
      $("editor").addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(refresh, 250); });
    }
    await refresh();
    if (backend.poll) {
      setInterval(async () => {
        try {
          const v = await backend.poll();
          if (v !== version) refresh();
        } catch (e) { $("status").textContent = "the server does not answer (" + e + ")"; }
      }, 250);
    }
  }
  start();
})();
