"""Imports run one way: evaluator at the bottom, the app's layers above it, views on top.

The layers of ``lessons`` are declared here, lowest first; a module may
import its own layer and the layers below it, never one above. Views (and
the URL confs and the app's start-up) sit above every feature, so a feature
package's views may use another feature's non-view modules. The whole module
graph (function-level imports included) must also have no circle, and
nothing in the product may import the benchmarks or pokerkit.

Read as text, so this runs without Django.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("evaluator", "lessons", "play", "lti", "badacey_site")

# Lowest first. A module belongs to the first layer one of whose prefixes it starts with.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # lessons.events declares the hooks between features and imports nothing of the site.
    ("facts", ("lessons.course", "lessons.skills", "lessons.code_version", "lessons.events")),
    ("deals", ("lessons.deals",)),
    # lessons.models registers the tables each feature defines in its own models.py.
    (
        "models",
        (
            "lessons.models",
            "lessons.learners.models",
            "lessons.study.models",
            "lessons.memory.models",
            "lessons.hands.models",
            "lessons.classes.models",
        ),
    ),
    ("content", ("lessons.content",)),
    (
        "learners",
        (
            "lessons.learners.progress",
            "lessons.learners.owned",
            "lessons.learners.deal_figures",
            "lessons.learners.mastery",
            "lessons.learners.skill_records",
            "lessons.classes.records",
            # The review log and the choice of FSRS parameters: written and read per answer.
            "lessons.memory.review_log",
            "lessons.memory.parameters",
            "lessons.memory.retention",
        ),
    ),
    ("exercises", ("lessons.exercises.blocks", "lessons.exercises.forms", "lessons.exercises")),
    ("tools", ("lessons.tools.forms", "lessons.tools.odds_answers")),
    ("drills", ("lessons.drills.forms", "lessons.drills.items")),
    (
        "study",
        (
            "lessons.study.sessions",
            "lessons.study.standing",
            "lessons.study.queues",
            "lessons.study.check",
        ),
    ),
    # The nightly fit of FSRS parameters and its background task.
    (
        "memory",
        (
            "lessons.memory.calibration",
            "lessons.memory.evaluation",
            "lessons.memory.fit",
            "lessons.memory.tasks",
        ),
    ),
    ("glossary", ("lessons.glossary.terms", "lessons.glossary.linking")),
    ("classes", ("lessons.classes",)),
    ("pages", ("lessons.pages.page_cache", "lessons.pages.slots", "lessons.pages")),
    ("templatetags", ("lessons.templatetags",)),
    ("replayer", ("lessons.replayer.steps", "lessons.replayer.replay_chart")),
    # Real hands' own pieces (import, admin pages, pasted hands, moments).
    (
        "hands",
        (
            "lessons.hands.hand_import",
            "lessons.hands.hand_import_task",
            "lessons.hands.import_jobs",
            "lessons.hands.hand_admin",
            "lessons.hands.pasted",
            "lessons.hands.moments",
        ),
    ),
    ("teaching", ("lessons.teaching",)),
    ("commands", ("lessons.management",)),
    ("views", ("lessons.",)),  # every view module, the URL confs, the app config
)
# Modules that answer requests: every ``views`` module, and these.
VIEW_MODULES = {
    "lessons.apps",
    "lessons.urls",
    "lessons.exercises.hints",
    "lessons.exercises.practice",
    "lessons.learners.accounts",
    "lessons.learners.account_urls",
    "lessons.study.views",
    "lessons.classes.join_views",
    "lessons.classes.manage_views",
    "lessons.classes.account_views",
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


# The tree is read and parsed once per run (not once per test): about 1 s each time.
@functools.cache
def product_modules() -> dict[str, Path]:
    found = {}
    for top in PRODUCT:
        for path in (ROOT / top).rglob("*.py"):
            if "migrations" not in path.parts:
                found[module_name(path)] = path
    return found


@functools.cache
def imports_of(path: Path, name: str, is_package: bool) -> frozenset[str]:
    """Every module this file imports, anywhere in it, as full dotted names."""
    package = name if is_package else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join(parts + ([node.module] if node.module else []))
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return frozenset(found)


@functools.cache
def graph() -> dict[str, set[str]]:
    modules = product_modules()
    edges = {}
    for name, path in modules.items():
        targets = imports_of(path, name, path.name == "__init__.py") & modules.keys()
        # "from package import module" imports the module; the package's name
        # is only the way there.
        targets -= {t for t in targets if any(o.startswith(t + ".") for o in targets)}
        edges[name] = {
            target
            for target in targets
            # Importing from one's own package runs its __init__ first; that is
            # how packages work, not a circle.
            if target in modules and target != name and not name.startswith(target + ".")
        }
    return edges


def layer_of(module: str) -> int | None:
    if not module.startswith("lessons.") or module == "lessons":
        return None
    if module.rpartition(".")[2] in ("views", "urls") or module in VIEW_MODULES:
        return len(LAYERS) - 1
    for index, (_, prefixes) in enumerate(LAYERS):
        if any(
            module == p or module.startswith(p + ".") or p.endswith(".") and module.startswith(p)
            for p in prefixes
        ):
            return index
    return None


def test_every_import_of_the_app_goes_down_its_layers():
    upward = []
    for module, targets in graph().items():
        mine = layer_of(module)
        if mine is None:
            continue
        for target in targets:
            theirs = layer_of(target)
            if theirs is not None and theirs > mine:
                upward.append(f"{module} ({LAYERS[mine][0]}) -> {target} ({LAYERS[theirs][0]})")
    assert sorted(upward) == []


def test_the_module_graph_has_no_circle():
    edges = graph()
    state: dict[str, int] = {}
    circles = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for target in sorted(edges[node]):
            if state.get(target) == 1:
                circles.append(" -> ".join([*path[path.index(target) :], target]))
            elif target not in state:
                visit(target, [*path, target])
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node, [node])
    assert circles == []


@pytest.mark.parametrize("forbidden", ["bench", "pokerkit"])
def test_the_product_never_imports_the_benchmarks_or_pokerkit(forbidden):
    offenders = [
        module
        for module, path in product_modules().items()
        if any(
            t == forbidden or t.startswith(forbidden + ".")
            for t in imports_of(path, module, path.name == "__init__.py")
        )
    ]
    assert offenders == []


def test_the_study_table_app_sits_above_lessons():
    """play/ builds on lessons (learners, skills, the replayer); lessons never needs play."""
    upward = [
        f"{module} -> {target}"
        for module, targets in graph().items()
        if module.startswith(("lessons.", "evaluator."))
        for target in targets
        if target == "play" or target.startswith("play.")
    ]
    assert upward == []
    assert "lessons.learners.progress" in graph()["play.views"]


def test_the_course_site_app_sits_on_top():
    """lti/ builds on lessons and play (accounts, classes, answers, hands); neither needs it."""
    upward = [
        f"{module} -> {target}"
        for module, targets in graph().items()
        if module.startswith(("lessons.", "evaluator.", "play."))
        for target in targets
        if target == "lti" or target.startswith("lti.")
    ]
    assert upward == []
    assert "lessons.classes.status" in graph()["lti.completion"]


def test_the_site_package_sits_below_the_apps():
    """badacey_site (settings, limits, shared counts) serves the apps; it imports none of them.

    Its URL conf names the apps' URL modules as strings, which is no import.
    """
    upward = [
        f"{module} -> {target}"
        for module, targets in graph().items()
        if module.startswith("badacey_site")
        for target in targets
        if target.split(".")[0] in ("lessons", "play", "lti")
    ]
    assert upward == []
    assert "badacey_site.limit_counts" in graph()["lessons.models"]


def test_the_layer_check_sees_an_upward_import():
    assert layer_of("lessons.models") < layer_of("lessons.pages.page_cache")
    assert layer_of("lessons.pages.views") == len(LAYERS) - 1
    assert "lessons.deals.histories" in graph()["lessons.deals.models"]


def test_no_engine_test_boots_django():
    """tests/evaluator runs with -p no:django; a Django test here would fail only there."""
    offenders = []
    for path in Path(__file__).parent.rglob("test_*.py"):
        if path.name == Path(__file__).name or path.name == "test_no_django_in_core.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(n.split(".")[0] in ("django", "lessons", "badacey_site") for n in names):
                offenders.append(path.name)
    assert sorted(set(offenders)) == []
