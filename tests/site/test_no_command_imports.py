"""The site reads the engine's modules, never a management command.

A command is a terminal front end; anything the site shares with it (the
plain-text settlement table, the JSON lines) lives in a plain evaluator
module both import, so changing how a command parses its arguments cannot
break a page.
"""

from __future__ import annotations

import ast
from pathlib import Path

import badacey_site
import lessons

SITE_PACKAGES = [Path(lessons.__file__).parent, Path(badacey_site.__file__).parent]


def imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def imports_a_command(path: Path) -> bool:
    return any(name.startswith("lessons.management") for name in imported_modules(path))


def test_no_site_module_imports_a_management_command():
    offenders = [
        str(path)
        for package in SITE_PACKAGES
        for path in package.rglob("*.py")
        if imports_a_command(path)
    ]
    assert offenders == []


def test_the_check_sees_an_import_of_a_command(tmp_path):
    module = tmp_path / "view.py"
    module.write_text(
        "from lessons.management.commands.showdown import render_table\n", encoding="utf-8"
    )
    assert imports_a_command(module)
    module.write_text("from evaluator.settlement_table import render_table\n", encoding="utf-8")
    assert not imports_a_command(module)
