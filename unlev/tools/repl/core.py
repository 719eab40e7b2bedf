"""``unlev repl``: try selection expressions and statements on a live level.

The REPL keeps one level alive (empty, or a des-file's LEVEL run first) together with
the variables and functions defined so far.  A bare expression is drawn over the map
and not run; a statement is run and the changed map redrawn.

The live level is always what running the base LEVEL and then the inputs that
succeeded, in order, from the seed gives: a run-time error, ``:undo`` and ``:seed``
rebuild it that way.  Previews draw their random numbers from a stream of their own,
so looking at ``filter(50%, ...)`` never changes what later statements draw, and
``:save`` writes a des-file that makes the same level with the same seed.

:class:`Repl` is the engine (feed it lines, it writes to ``out``); the terminal front
end (line editing, history, completion, highlighting) is :mod:`unlev.tools.repl.prompt`.
"""

from __future__ import annotations

import os
import re
import sys
from typing import List, Optional, TextIO

from unlev.generate.game_builder import GameBuilder
from unlev.lang.diagnostics import DesError, Diagnostic
from unlev.lang.frontend import compile_file, compile_text
from unlev.lang.lowering import loader_level
from unlev.lang.limits import DEFAULT as DEFAULT_LIMITS
from unlev.lang.session import (Fragment, FragmentSession, format_value, needs_more,
                                open_blocks)
from unlev.model.level import DungeonContext, Level
from unlev.output.words import count
from unlev.tools.repl.files import des_text, level_named
from unlev.tools.repl.view import (changed_cells, contents, describe_change, diagnostic_lines,
                                   draw, map_rows)
from unlev.model.placement import guess_context
from unlev.generate.build import find_level, placeholders_wanted
from unlev.stdlib.builtins import RunContext
from unlev.stdlib.rng import RNG
from unlev.stdlib.compat import Compat

PROMPT = "unlev> "
MORE = "  ...> "
PREVIEW_SALT = 0x5EED

HELP = """\
Type a selection expression to see the cells it covers, e.g.
  circle((40,10),6)      grow(north|west, filter(30%, circle((40,10),6)))
Type a statement to run it on the level, e.g.
  TERRAIN: fillrect (10,3,30,12), '.'      $place = (20,8)      MONSTER: 'd', $place
A block ({ ... }) or a MAP ... ENDMAP goes on over several lines (the prompt becomes
...>); write ELSE on the line of the closing brace: } ELSE {.  An unfinished input ends
with :cancel (or Ctrl-C, or two empty lines, which run it to show what is missing);
commands work inside it.  A lone $variable shows its value.
Commands:
  :help            this text
  :show            the map, level name, seed and what is on it
  :vars            variables (type and value) and functions
  :seed [N]        show the seed, or rebuild the level with seed N
  :reset           forget the inputs: back to the empty level (or the file's)
  :undo            forget the last statement and rebuild
  :load FILE       start again from a des-file's first LEVEL
  :level [NAME]    list the loaded file's levels, or start again from one
  :save FILE       write the base level and the statements typed as a des-file
  :cancel          drop the unfinished input (the ...> prompt)
  :quit            leave (also Ctrl-D)
Random choices in a previewed expression come from a stream of their own: a preview
never changes the level.  Coordinates are relative to the MAP origin, as the ruler shows."""

META_COMMANDS = (":help", ":show", ":vars", ":seed", ":reset", ":undo", ":load", ":level",
                 ":save", ":cancel", ":quit")
# commands that start the session's level again: an unfinished input goes with it
_DROPS_INPUT = (":reset", ":load", ":level", ":quit", ":q", ":exit")


class Repl:
    """The REPL engine.  ``feed(line)`` takes input a line at a time; results go to
    ``out`` (colour through rich when ``color``)."""

    def __init__(self, file: Optional[str] = None, level: Optional[str] = None, seed: int = 0,
                 compat: Compat = Compat(), out: Optional[TextIO] = None, color: bool = False,
                 include_path: Optional[List[str]] = None, echo: bool = False,
                 dialect: str = "auto", settings=None) -> None:
        self.out = out if out is not None else sys.stdout
        self.settings = settings        # the run's unlev.lang.settings.Settings (None: defaults)
        self.color = color
        self.echo = echo
        self.seed = seed
        self.compat = compat
        self.include_path = list(include_path or [])
        self.dialect = dialect      # of the files loaded; what is typed is UnNetHack's
        self.compiled = None
        self.file: Optional[str] = None
        self.level_name: Optional[str] = None
        self.history: List[Fragment] = []
        self.buffer: List[str] = []
        self.done = False
        self.session: Optional[FragmentSession] = None
        self._quiet = False
        self._console = None
        self._current: Optional[str] = None
        self.width: Optional[int] = None   # the terminal's columns (None: full drawing)
        if file is not None:
            self.compiled = self._compile(file)
            self.file = file
            self.level_name = level_named(self.compiled, level)
        elif level is not None:
            raise ValueError("--level needs a FILE")
        self._rebuild(announce=True)

    # ================================================================== state
    @property
    def level(self) -> Level:
        return self.session.builder.level

    @property
    def prompt(self) -> str:
        return MORE if self.buffer else PROMPT

    def _rebuild(self, announce: bool = False) -> None:
        """A fresh level from the seed: the base LEVEL, then every input kept.

        The base's warnings are shown when ``announce``; an input that now fails (a
        new seed can do that) is reported and dropped.  A DesError from the base
        itself goes to the caller."""
        level_node = None
        self._quiet = not announce
        try:
            if self.compiled is not None:
                level_node = find_level(self.compiled, self.level_name)
                # a NetHack 3.6/3.4.3 level gets its stand-ins, as `unlev run` does
                level_node = loader_level(self.compiled, level_node,
                                          game=self.compat.is_game,
                                          warn=lambda msg, *a: self._warn(msg))
                context = guess_context(level_node.name)
                name = level_node.name
            else:
                context = DungeonContext()
                name = "repl"
            run_context = RunContext(depth=context.depth, difficulty=context.difficulty)
            rng = RNG(self.seed)
            limits = self.settings.limits if self.settings is not None else DEFAULT_LIMITS
            builder = GameBuilder(rng, Level(context, name), context=context,
                                  compat=self.compat, limits=limits,
                                  run_context=run_context, warn=self._warn)
            if self.compiled is not None:
                builder.state.lenient = placeholders_wanted(self.compiled)
            old = self.session
            session = FragmentSession(builder, rng, context=run_context, compat=self.compat,
                                      warn=self._warn, include_path=self.include_path,
                                      limits=limits)
            if old is not None:   # inputs keep their numbers and text for messages
                session.sources, session.count = old.sources, old.count
            if level_node is None:
                session.start(name=name)
            else:
                session.start(level_node, self.compiled.tree.header, self.compiled.sources)
            self.session = session
            self.preview_rng = RNG(self.seed ^ PREVIEW_SALT)
            self._quiet = True
            kept = []
            for frag in self.history:
                try:
                    self._run(frag)
                except DesError as err:
                    self._quiet = False
                    self._report(err)
                    self.say(f"({frag.name[1:-1]} failed this time and was dropped)")
                    self._quiet = True
                    continue
                kept.append(frag)
            self.history = kept
        finally:
            self._quiet = False

    def _compile(self, path: str):
        return compile_file(path, include_path=self.include_path, dialect=self.dialect,
                            settings=self.settings)

    def _run(self, frag: Fragment) -> None:
        self.session.run(frag)
        if frag.flags:
            self.level.flags.apply_des_flags([name for name, _bits in frag.flags])

    # ================================================================== input
    def feed(self, line: str) -> None:
        """One line of input: a meta command, or part or all of a fragment.  Nothing
        typed ends the session: even a fault in unlev itself is reported and the level
        rebuilt from the inputs that worked."""
        try:
            self._feed(line)
        except Exception as exc:   # a bug below us must not end the session
            self.buffer = []
            self._error(f"internal error: {type(exc).__name__}: {exc} (a bug in unlev; "
                        "the input was dropped)")
            try:
                self._rebuild()
            except Exception as again:
                self._error(f"could not rebuild the level: {again}")

    def _feed(self, line: str) -> None:
        line = line.rstrip("\r\n")
        if self.echo:
            self.say(self.prompt + line)
        stripped = line.strip()
        if not self.buffer:
            if not stripped:
                return
            if stripped.startswith(":"):
                self._current = None     # messages now are about earlier inputs
                self.command(stripped)
                return
        elif stripped.startswith(":") and not _in_map(self.buffer):
            # a command inside an unfinished input: run it, the input waits (or goes)
            if stripped.split()[0] == ":cancel":
                self.buffer = []
                self.say("(the unfinished input was dropped)")
                return
            if stripped.split()[0] in _DROPS_INPUT:
                self.buffer = []
            self._current = None
            self.command(stripped)
            return
        elif (not open_blocks("\n".join(self.buffer)) and not _in_map(self.buffer)
              and _starts_statement(stripped) and not needs_more(line)):
            # an unclosed ( or [ before a line that is a whole statement by itself: the
            # earlier input was broken, not going on (so piped input is not swallowed)
            text = "\n".join(self.buffer)
            self.buffer = []
            self.execute(text)
            self._feed_fresh(line)
            return
        elif not line.strip() and not self.buffer[-1].strip() and not _in_map(self.buffer):
            # two empty lines end an input that would go on (to report what is wrong)
            text = "\n".join(self.buffer)
            self.buffer = []
            self.execute(text)
            return
        self.buffer.append(line)
        text = "\n".join(self.buffer)
        if needs_more(text):
            if len(self.buffer) == 1 and not self.echo:
                self.say("(the input goes on at ...>; :cancel drops it)")
            return
        self.buffer = []
        self.execute(text)

    def _feed_fresh(self, line: str) -> None:
        """``line`` as the start of a new input (not echoed again)."""
        echo, self.echo = self.echo, False
        try:
            self._feed(line)
        finally:
            self.echo = echo

    def cancel(self) -> None:
        """Drop a half-typed input (Ctrl-C)."""
        self.buffer = []

    def finish_input(self) -> None:
        """End of input: run what is left in the buffer (it reports what is missing)."""
        if self.buffer:
            text = "\n".join(self.buffer)
            self.buffer = []
            self.execute(text)

    def execute(self, text: str) -> None:
        """Parse a complete input and show or run it; an error never ends the session."""
        self._current = self.session.next_name
        try:
            frag = self.session.parse(text)
        except DesError as err:
            self._report(err)
            return
        for w in frag.warnings:
            self._diagnostic(w)
        if frag.kind == "statements":
            self._statement(frag)
        else:
            self._expression(frag)

    def _expression(self, frag: Fragment) -> None:
        try:
            shown = self.session.evaluate(frag, self.preview_rng)
        except DesError as err:
            self._report(err)
            return
        if shown.selection is not None:
            self._show_map(marks=shown.selection)
            n = len(shown.selection)
            what = f"{n} point{'s' if n != 1 else ''}"
            bbox = shown.selection.bounding_box()
            if bbox is not None:
                x0, y0 = self.session.builder.to_relative(bbox[0], bbox[1])
                x1, y1 = self.session.builder.to_relative(bbox[2], bbox[3])
                what += f", ({x0},{y0}) to ({x1},{y1})"
            self.say(f"{shown.vtype}{' array' if shown.is_array else ''}: {what}"
                      + ("" if shown.vtype == "selection" else
                         f" = {format_value(shown.value, shown.vtype, shown.is_array)}"))
        else:
            self.say(f"{shown.vtype}{' array' if shown.is_array else ''} = "
                      f"{format_value(shown.value, shown.vtype, shown.is_array)}")

    def _statement(self, frag: Fragment) -> None:
        if not frag.statements and not frag.flags:
            return   # a comment
        level = self.level
        rows_before = map_rows(level)
        counts_before = contents(level)
        try:
            self._run(frag)
        except DesError as err:
            self._report(err)
            self._rebuild()
            self.say("(the level is as it was before this input)")
            return
        self.history.append(frag)
        level = self.level
        for name, bits in frag.flags:
            self.say(f"FLAGS: {name}")
        values = self.session.evaluator.frame.values
        for s in frag.statements:
            name = getattr(s, "name", None)
            if type(s).__name__ == "Assign" and name in values:
                vtype, is_array = self.session.vars.get(name, (s.vtype, s.is_array))
                self.say(f"{name} = {format_value(values[name], vtype, is_array)}")
        rows_after = map_rows(level)
        changed = changed_cells(rows_before, rows_after)
        counts_after = contents(level)
        if changed or counts_after != counts_before:
            self._show_map(changed=changed, rows=rows_after)
            self.say(describe_change(changed, counts_before, counts_after))
        elif not any(type(s).__name__ in ("Assign", "FunctionDef") for s in frag.statements):
            self.say("(the map did not change)")

    # ================================================================== commands
    def command(self, line: str) -> None:
        name, _, arg = line.partition(" ")
        arg = arg.strip()
        handler = {
            ":help": self.cmd_help, ":h": self.cmd_help, ":?": self.cmd_help,
            ":show": self.cmd_show, ":vars": self.cmd_vars, ":seed": self.cmd_seed,
            ":reset": self.cmd_reset, ":undo": self.cmd_undo, ":load": self.cmd_load,
            ":level": self.cmd_level, ":save": self.cmd_save, ":quit": self.cmd_quit,
            ":q": self.cmd_quit, ":exit": self.cmd_quit, ":cancel": self.cmd_cancel,
        }.get(name)
        if handler is None:
            self._error(f"unknown command {name} (:help lists them)")
            return
        handler(arg)

    def cmd_help(self, arg: str) -> None:
        self.say(HELP)

    def cmd_cancel(self, arg: str) -> None:
        self.say("(nothing to cancel: no input is unfinished)")

    def cmd_quit(self, arg: str) -> None:
        self.done = True

    def cmd_show(self, arg: str) -> None:
        lv = self.level
        self._show_map()
        where = f"{self.file}, " if self.file else ""
        self.say(f'LEVEL "{lv.name}" ({where}seed {self.seed}), MAP origin ({lv.xstart},{lv.ystart}): '
                  f"{count(len(lv.rooms), 'rooms')}, {count(len(lv.monsters), 'monsters')}, "
                  f"{count(len(lv.objects), 'objects')}, {count(len(lv.traps), 'traps')}; "
                  f"{count(len(self.history), 'statements')} typed")

    def cmd_vars(self, arg: str) -> None:
        rows = self.session.variables()
        if not rows and not self.session.functions:
            self.say("no variables or functions yet")
            return
        for name, vtype, is_array, value in rows:
            kind = vtype + (" array" if is_array else "")
            self.say(f"{name:<14} {kind:<16} {format_value(value, vtype, is_array)}")
        for fname, f in sorted(self.session.functions.items()):
            params = ", ".join(f"{p.lstrip('$')}:{t}" for p, t in f.params)
            self.say(f"FUNCTION {fname}({params})")

    def cmd_seed(self, arg: str) -> None:
        if not arg:
            self.say(f"seed {self.seed}")
            return
        try:
            seed = int(arg, 0)
        except ValueError:
            self._error(f"not a number: {arg}")
            return
        old, self.seed = self.seed, seed
        try:
            self._rebuild()
        except DesError as err:
            self._report(err)
            self._error(f"the base level fails with seed {seed}; keeping seed {old}")
            self.seed = old
            self._rebuild()
            return
        self._show_map()
        self.say(f"seed {seed}: level rebuilt, {count(len(self.history), 'statements')} run again")

    def cmd_reset(self, arg: str) -> None:
        self.history = []
        self._rebuild()
        self.say("back to the " + (f'LEVEL "{self.level_name}" of {self.file}' if self.file
                                    else "empty level") + "; variables and functions forgotten")

    def cmd_undo(self, arg: str) -> None:
        if not self.history:
            self._error("nothing to undo")
            return
        last = self.history.pop()
        self._rebuild()
        self._show_map()
        more = " ..." if "\n" in last.text else ""
        self.say(f"undone: {last.text.splitlines()[0]}{more}")

    def cmd_load(self, arg: str) -> None:
        if not arg:
            self._error("usage: :load FILE")
            return
        self._start_from(arg, None)

    def cmd_level(self, arg: str) -> None:
        if self.compiled is None:
            self._error("no des-file loaded (:load FILE first)")
            return
        if not arg:
            names = [lv.name for lv in self.compiled.tree.levels]
            self.say("levels: " + ", ".join(
                f"[{n}]" if n == self.level_name else n for n in names))
            return
        self._start_from(self.file, arg)

    def _start_from(self, path: str, level: Optional[str]) -> None:
        try:
            compiled = self._compile(path)
            name = find_level(compiled, level).name
        except DesError as err:
            self._report(err)
            return
        except KeyError as err:
            self._error(err.args[0])
            return
        for w in compiled.warnings:
            self._diagnostic(w, compiled.sources)
        saved = (self.compiled, self.file, self.level_name, self.history)
        self.compiled, self.file, self.level_name, self.history = compiled, path, name, []
        try:
            self._rebuild(announce=True)
        except DesError as err:
            self._report(err)
            self.compiled, self.file, self.level_name, self.history = saved
            self._rebuild()
            return
        self._show_map()
        self.say(f'LEVEL "{name}" of {path} (seed {self.seed})')

    def cmd_save(self, arg: str) -> None:
        if not arg:
            self._error("usage: :save FILE")
            return
        text = self.des_text(os.path.splitext(os.path.basename(arg))[0])
        try:
            with open(arg, "w", encoding="latin-1") as fh:
                fh.write(text)
        except (OSError, UnicodeEncodeError) as exc:
            self._error(f"cannot write {arg}: {exc}")
            return
        try:
            compile_text(text, arg, include_path=self.include_path)
        except DesError as err:
            self._error(f"{arg} was written but does not compile:")
            self._report(err)
            return
        self.say(f"wrote {arg}: {count(len(self.history), 'statements')}"
                  + (f' after LEVEL "{self.level_name}" of {self.file}' if self.file else ""))

    def des_text(self, name: str = "repl") -> str:
        """The session as a des-file (:func:`unlev.tools.repl.files.des_text`)."""
        return des_text(self.compiled, self.level_name, self.history, self.seed, name)

    # ================================================================== output
    def _console_for(self):
        if self._console is None:
            from rich.console import Console
            self._console = Console(file=self.out, force_terminal=True, highlight=False,
                                    soft_wrap=True, emoji=False, markup=False)
        return self._console

    def say(self, text, style: Optional[str] = None) -> None:
        if self.color:
            self._console_for().print(text, style=style)
        else:
            self.out.write(str(text) + "\n")
        self.out.flush()

    def _show_map(self, marks=None, changed=None, rows=None) -> None:
        self.say(draw(self.level, marks=marks, changed=changed, color=self.color, rows=rows,
                       width=self.width))

    def _error(self, message: str) -> None:
        self.say(f"error: {message}", style="bold red")

    def _warn(self, message: str, span=None) -> None:
        if self._quiet:
            return
        if span is None:
            self.say(f"warning: {message}", style="yellow")
        else:
            self._diagnostic(Diagnostic("warning", message, span))

    def _report(self, err: DesError) -> None:
        for d in err.diagnostics:
            self._diagnostic(d)

    def _diagnostic(self, d: Diagnostic, sources=None) -> None:
        """A message with the input line and a caret under the place it is about."""
        for text, style in diagnostic_lines(d, sources or self.session.sources,
                                            self._current):
            self.say(text, style=style)


_STATEMENT_START = re.compile(r"[A-Z_]+\s*:|\$[A-Za-z_][A-Za-z_0-9]*\s*=|[A-Z_]+\s*$|IF\b|LOOP\b|FOR\b|SWITCH\b")


def _starts_statement(line: str) -> bool:
    """A line that begins like a statement (``TERRAIN:``, ``$x =``, ``IF``...), not
    like the rest of an expression."""
    return bool(_STATEMENT_START.match(line))


def _in_map(lines: List[str]) -> bool:
    inside = False
    for line in lines:
        if line.rstrip() == "MAP":
            inside = True
        elif line.strip().startswith("ENDMAP"):
            inside = False
    return inside
