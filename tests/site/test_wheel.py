"""The site as a wheel: every app and every module imports from it, outside the checkout.

``pyproject.toml`` once left ``play`` out of its packages, and ``import play``
failed everywhere but in a checkout. The wheel is built from a copy of the
checkout's files (the build writes build/ and *.egg-info beside its source),
unpacked, and read with the checkout nowhere on the path.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from .conftest import ROOT

pytestmark = pytest.mark.processes  # builds a wheel and starts Python: not in --quick

APPS = ("evaluator", "lessons", "lti", "play", "badacey_site")

IMPORT_EVERYTHING = """
import importlib, pkgutil, sys
from pathlib import Path
import django
django.setup()
from django.apps import apps
site = Path(sys.argv[1]).resolve()
names = []
for top in sys.argv[2:]:
    package = importlib.import_module(top)
    names.append(top)
    for found in pkgutil.walk_packages(package.__path__, top + "."):
        names.append(found.name)
for name in names:
    module = importlib.import_module(name)
    where = Path(module.__file__).resolve()
    assert site in where.parents, f"{name} came from {where}, not the wheel"
labels = {config.label for config in apps.get_app_configs()}
assert {"play", "lessons", "lti"} <= labels, labels
print(len(names), "modules")
"""


def build_wheel(source: Path, out: Path) -> Path:
    uv = Path(sys.executable).parent / "uv"
    if uv.exists():
        command = [str(uv), "build", "--wheel", "--out-dir", str(out), str(source)]
    else:
        command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(out), str(source)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    [wheel] = out.glob("*.whl")
    return wheel


def test_every_app_and_module_imports_from_the_built_wheel(tmp_path):
    tracked = (
        subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
        .stdout.decode()
        .split("\0")
    )
    source = tmp_path / "source"
    for name in filter(None, tracked):
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    wheel = build_wheel(source, tmp_path / "dist")
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as unpacked:
        unpacked.extractall(site)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "PYTHON"))}
    env.update(
        PYTHONPATH=str(site),
        DJANGO_SETTINGS_MODULE="badacey_site.settings",
        DJANGO_SECRET_KEY="wheel-test-" + "x" * 40,
        DJANGO_DEBUG="true",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
    )
    result = subprocess.run(
        [sys.executable, "-c", IMPORT_EVERYTHING, str(site), *APPS],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "modules" in result.stdout
