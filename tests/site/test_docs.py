"""The documents stay true to the tree: the README's commands exist, every relative link resolves.

A newcomer copies commands out of README.md and follows links between the
documents; a renamed script, a moved module or a retitled heading should
fail here rather than on their machine.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
from pathlib import Path

import pytest
from django.core.management import get_commands

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = sorted([ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").glob("*.md")])

FENCE = re.compile(r"^(```|~~~)")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
ENV_ASSIGNMENT = re.compile(r"^[A-Z_][A-Z0-9_]*=")


def outside_code_blocks(text: str) -> list[str]:
    """The lines outside fenced code blocks: the ones headings and links live on."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line.strip()):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def prose_lines(text: str) -> list[str]:
    """The lines where a ``[x](y)`` is a link: outside code blocks, inline code removed."""
    return [re.sub(r"`[^`]*`", "", line) for line in outside_code_blocks(text)]


SHELL = ("sh", "bash", "shell", "console")


def code_blocks(text: str, languages: tuple[str, ...] = SHELL) -> list[str]:
    """The lines of the shell code blocks of a document."""
    lines, language = [], None
    for line in text.splitlines():
        stripped = line.strip()
        if FENCE.match(stripped):
            language = None if language is not None else stripped.strip("`~").strip() or "text"
            continue
        if language in languages:
            lines.append(line)
    return lines


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`|\*|_(?=\W)|(?<=\W)_", "", heading.strip().lower())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    for line in outside_code_blocks(path.read_text(encoding="utf-8")):
        match = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if match:
            base = slug(match.group(1))
            name, n = base, 0
            while name in found:  # a repeated heading gets -1, -2...
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


def broken_links(path: Path) -> list[str]:
    """Every relative link of ``path`` that names a missing file or heading."""
    problems = []
    for line in prose_lines(path.read_text(encoding="utf-8")):
        for target in LINK.findall(line):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("//"):
                continue  # http:, https:, mailto: are not files of this repository
            file_part, _, anchor = target.partition("#")
            linked = (path.parent / file_part).resolve() if file_part else path
            if not linked.exists():
                problems.append(f"{path.name}: {target} (no such file)")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                problems.append(f"{path.name}: {target} (no such heading)")
    return problems


def commands(path: Path) -> list[list[str]]:
    """Each command of a document's shell blocks, split into words, comments and env dropped."""
    found = []
    text = "\n".join(code_blocks(path.read_text(encoding="utf-8")))
    for line in text.replace("\\\n", " ").splitlines():
        line = re.sub(r"(^|\s)#.*$", "", line)  # a shell comment
        for command in re.split(r"&&|;|\|", line):
            words = shlex.split(command.strip().rstrip("&"))
            while words and ENV_ASSIGNMENT.match(words[0]):
                words.pop(0)
            if words and words[0] != "export":
                found.append(words)
    return found


def command_problem(words: list[str]) -> str | None:
    """Why a README command would not run here, or None when it would."""
    program, rest = words[0], words[1:]
    if program.startswith("scripts/"):
        script = ROOT / program
        if not (script.is_file() and os.access(script, os.X_OK)):
            return f"{program} is not an executable script"
        return None
    if program.endswith("python") or program.endswith("python3"):
        if rest[:1] == ["-m"]:
            module = rest[1]
            if importlib.util.find_spec(module) is None:
                return f"there is no module {module}"
            return None
        if rest[:1] == ["manage.py"]:
            name = rest[1] if len(rest) > 1 else ""
            if name not in get_commands():
                return f"manage.py has no command {name!r}"
            return None
    if program == "make":
        targets = re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(), re.M)
        missing = [t for t in rest if t not in targets]
        return f"the Makefile has no target {missing}" if missing else None
    return f"the test does not know how to check {shlex.join(words)!r}"


def test_the_documents_to_check_are_found():
    names = {path.name for path in DOCUMENTS}
    assert {"README.md", "CONTRIBUTING.md", "architecture.md"} <= names


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(path):
    assert broken_links(path) == []


def test_every_command_the_readme_shows_exists():
    shown = commands(ROOT / "README.md")
    assert len(shown) >= 3  # the two commands and more: the block parser found them
    problems = [problem for words in shown if (problem := command_problem(words))]
    assert problems == []


def test_a_broken_link_or_heading_is_caught(tmp_path):
    (tmp_path / "other.md").write_text("# A heading\n\n## Second `one`, here\n")
    page = tmp_path / "page.md"
    page.write_text(
        "[fine](other.md) [fine too](other.md#second-one-here) [self](#top)\n"
        "# Top\n[gone](missing.md) [no heading](other.md#nowhere)\n"
        "```sh\n[inside code](missing-too.md)\n```\n"
    )
    assert broken_links(page) == [
        "page.md: missing.md (no such file)",
        "page.md: other.md#nowhere (no such heading)",
    ]


def test_a_missing_command_is_caught():
    assert command_problem(["scripts/no-such-script"]) is not None
    assert command_problem([".venv/bin/python", "-m", "bench.no_such_report"]) is not None
    assert command_problem(["python", "manage.py", "no_such_command"]) is not None
    assert command_problem(["make", "no-such-target"]) is not None
    assert command_problem(["scripts/test", "--quick"]) is None
    assert command_problem(["python", "manage.py", "createteacher", "ines"]) is None
