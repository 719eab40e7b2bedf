"""pytest plugin: ``pytest --unlev DIR`` makes every LEVEL x seed of DIR's des-files a
test item, with the checks and snapshot comparison of ``unlev test``.

Why this module exists: projects that already run pytest (and pytest-xdist, ``-n 8``
or across machines) get their levels tested by the same machinery, with the same
reports.  Registered through the ``pytest11`` entry point (setup.cfg), so installing
unlev is enough.  Options::

    --unlev DIR             collect DIR's des-files (repeatable)
    --unlev-seeds LIST      seeds per level: 7, 1..10, 1-10, 1,5,9 (default 1..10, as unlev test)
    --unlev-snapshots DIR   compare with snapshots (missing ones are created)
    --unlev-update          (re)write snapshots that differ
    --unlev-config FILE     per-level settings (default: unlev-test.ini if present)
    --unlev-compat MODE     documented (default) or game
    --unlev-dialect NAME    auto (default), unnethack, nethack36, nethack343, unnethack35
                            or unnethack352
    --unlev-data NAME|DIR   the data profile whose names the des-files use (unlev data)
    --unlev-lenient         unknown names are warnings and make placeholders
    --unlev-lint            add one lint item per des-file
    --unlev-depth N ... --unlev-date D   unlev test's context options (--depth,
                            --difficulty, --role, --race, --align, --date)

Node ids read ``path/to/file.des::LEVEL[seed=N]``.
"""

from __future__ import annotations

import os
from typing import List, Optional

import pytest

from unlev.lang.dialect import CHOICES


def pytest_addoption(parser) -> None:
    g = parser.getgroup("unlev", "unlev: des-file levels as tests")
    g.addoption("--unlev", action="append", default=[], metavar="DIR",
                help="collect every LEVEL x seed of the des-files under DIR")
    from unlev.tools.common import SEEDS_HELP
    g.addoption("--unlev-seeds", default="1..10", metavar="LIST",
                help=f"{SEEDS_HELP}: the seeds to run each level with (default 1..10, "
                "as unlev test)")
    g.addoption("--unlev-snapshots", default=None, metavar="DIR",
                help="compare each level with its snapshot in DIR")
    g.addoption("--unlev-update", action="store_true", default=False,
                help="(re)write the snapshots that differ")
    g.addoption("--unlev-config", default=None, metavar="FILE",
                help="per-level settings file (default: unlev-test.ini if present)")
    g.addoption("--unlev-compat", default="documented", choices=("documented", "game"),
                help="build levels as documented (default) or as the game does")
    g.addoption("--unlev-dialect", default="auto",
                choices=CHOICES,
                help="des-file dialect (default auto: decided from each file)")
    g.addoption("--unlev-data", default=None, metavar="NAME|DIR",
                help="the data profile whose names the des-files use (see unlev data)")
    g.addoption("--unlev-lenient", action="store_true", default=False,
                help="unknown names are warnings and make placeholders")
    g.addoption("--unlev-lint", action="store_true", default=False,
                help="one extra item per des-file that fails on lint findings")
    # unlev test's context options (--depth ... --date) as --unlev-depth ...: the same
    # types, checks and help, taken from the one definition
    from unlev.tools.context_options import context_option_table
    for name, type_, metavar, help_ in context_option_table():
        g.addoption("--unlev-" + name, dest="unlev_" + name, default=None,
                    type=_checked(type_), metavar=metavar, help=help_)


def _checked(parse):
    """An argparse type for pytest's parser: a bad value is a usage error naming it."""
    def check(text):
        try:
            return parse(text)
        except Exception as e:     # argparse.ArgumentTypeError
            raise pytest.UsageError(str(e)) from None
    return check


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config, parser, args) -> None:
    """``pytest --unlev DIR`` alone must collect DIR: add it to the paths given."""
    dirs = getattr(early_config.known_args_namespace, "unlev", None) or []
    for d in dirs:
        if d not in args:
            args.append(d)


def _roots(config) -> List[str]:
    return [os.path.abspath(d) for d in (config.getoption("unlev") or [])]


def _context(config) -> tuple:
    from unlev.tools.context_options import CONTEXT_KEYS
    values = tuple(config.getoption("unlev_" + k) for k in CONTEXT_KEYS)
    return values if any(v is not None for v in values) else ()


def _settings(config):
    cached = getattr(config, "_unlev_settings", None)
    if cached is not None:
        return cached
    from unlev.tools.harness.config import ConfigError, SkipConfig, parse_seeds
    from unlev.tools.harness.jobs import Settings
    try:
        seeds = parse_seeds(config.getoption("unlev_seeds"))
        skip = SkipConfig.find(config.getoption("unlev_config"), config.getoption("unlev"))
    except ConfigError as e:
        raise pytest.UsageError(str(e)) from None
    snaps = config.getoption("unlev_snapshots")
    from unlev.lang.limits import from_environment
    from unlev.stdlib.profiles import ProfileError, resolve
    data = config.getoption("unlev_data")
    try:
        prof = resolve(data) if data else None
        limits = from_environment()         # UNLEV_LIMITS, as unlev test reads it
    except (ProfileError, ValueError) as e:
        raise pytest.UsageError(str(e)) from None
    settings = Settings(snapshots=os.path.abspath(snaps) if snaps else None,
                        update=config.getoption("unlev_update"),
                        compat=config.getoption("unlev_compat"), config=skip,
                        dialect=config.getoption("unlev_dialect"),
                        data=None if prof is None else (
                            prof.name if prof.builtin else str(prof.path)),
                        lenient=config.getoption("unlev_lenient"),
                        context=_context(config), limits=limits)
    config._unlev_settings = (seeds, settings)
    return config._unlev_settings


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "unlev: a des-file level run by the unlev plugin")
    if config.getoption("unlev", None):
        _settings(config)          # a bad --unlev-seeds is a usage error up front


def pytest_collect_file(file_path, parent) -> Optional[pytest.Collector]:
    roots = _roots(parent.config)
    if not roots or file_path.suffix != ".des":
        return None
    p = os.path.abspath(str(file_path))
    if not any(p == r or p.startswith(r.rstrip(os.sep) + os.sep) for r in roots):
        return None
    return DesFile.from_parent(parent, path=file_path)


class UnlevFailure(Exception):
    """A level that broke a check, differs from its snapshot, or could not be built."""

    def __init__(self, result: dict) -> None:
        super().__init__(result["outcome"])
        self.result = result


class DesFile(pytest.File):
    def collect(self):
        from unlev.tools.common import format_des_error
        from unlev.tools.harness.jobs import list_jobs
        from unlev.lang.diagnostics import DesError
        seeds, settings = _settings(self.config)
        try:
            jobs = list_jobs(str(self.path), seeds, settings)
        except DesError as e:
            raise self.CollectError(format_des_error(e, str(self.path))) from None
        if self.config.getoption("unlev_lint"):
            yield LintItem.from_parent(self, name="lint")
        for job in jobs:
            yield LevelItem.from_parent(self, name=job.name, job=job)


class LevelItem(pytest.Item):
    def __init__(self, *, job, **kwargs) -> None:
        super().__init__(**kwargs)
        self.job = job
        self.add_marker(pytest.mark.unlev)

    def runtest(self) -> None:
        from unlev.tools.harness.jobs import PASSED, run_job
        _seeds, settings = _settings(self.config)
        result = run_job(self.job, settings)
        if result["outcome"] != PASSED:
            raise UnlevFailure(result)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, UnlevFailure):
            from unlev.tools.harness.jobs import describe_failure
            return describe_failure(excinfo.value.result, update_option="--unlev-update")
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, None, f"{self.job.label or self.job.level} seed {self.job.seed}"


class LintItem(pytest.Item):
    def runtest(self) -> None:
        from unlev.tools.harness.jobs import compiled_file
        from unlev.tools.lint import lint_tree
        _seeds, settings = _settings(self.config)
        compiled, _d, _r = compiled_file(str(self.path), settings)
        found = lint_tree(compiled.tree, str(self.path))
        if found:
            raise UnlevLintFailure("\n".join(d.format(compiled.sources) for d in found))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, UnlevLintFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, None, "lint"


class UnlevLintFailure(Exception):
    pass
