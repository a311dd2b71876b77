"""The engine stays a plain library: no module of it imports Django."""

from __future__ import annotations

import ast
from pathlib import Path

import evaluator

CORE = Path(evaluator.__file__).parent


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def core_modules() -> list[Path]:
    return list(CORE.rglob("*.py"))


def test_no_core_module_imports_django():
    offenders = [str(p.relative_to(CORE)) for p in core_modules() if "django" in imported_roots(p)]
    assert offenders == []


def test_the_check_can_see_an_import_of_django():
    command = CORE.parent / "lessons" / "management" / "commands" / "showdown.py"
    assert "django" in imported_roots(command)
    assert len(core_modules()) >= 10
