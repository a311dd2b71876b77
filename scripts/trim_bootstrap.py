"""Write the site's trimmed copy of the vendored Bootstrap CSS.

Lighthouse counted about 29 KB of Bootstrap the site never uses. This keeps
every rule with at least one selector whose classes all appear somewhere the
site could emit them (our templates, Python and JavaScript, and the
crispy-forms templates that draw our forms) and drops the rest; element,
attribute and variable rules stay whole. Run it again after a Bootstrap
upgrade or when a template starts using a Bootstrap class not used before:

    .venv/bin/python scripts/trim_bootstrap.py

A hand-rolled pass rather than a CSS library: Bootstrap's minified file is
regular (rules, @media, @supports, @keyframes), and keeping whole rules by
class is all that is needed.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import crispy_bootstrap5
import crispy_forms

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "static" / "vendor" / "bootstrap-5.3.9.min.css"
TARGET = ROOT / "static" / "vendor" / "bootstrap-5.3.9.site.min.css"
CLASS = re.compile(r"\.(-?[_a-zA-Z][-_a-zA-Z0-9]*)")
WORD = re.compile(r"[-_a-zA-Z0-9]+")


def used_words() -> set[str]:
    places = [ROOT / "templates", ROOT / "lessons", ROOT / "badacey_site", ROOT / "static" / "js"]
    places += [Path(crispy_bootstrap5.__file__).parent, Path(crispy_forms.__file__).parent]
    words: set[str] = set()
    for place in places:
        for path in place.rglob("*"):
            if path.suffix in {".html", ".py", ".js", ".txt"} and path.is_file():
                words.update(WORD.findall(path.read_text(encoding="utf-8", errors="ignore")))
    return words


def blocks(css: str):
    """Top-level (prelude, body) pairs; body is None for a statement such as @charset."""
    i, n = 0, len(css)
    while i < n:
        brace = css.find("{", i)
        semi = css.find(";", i)
        if brace == -1:
            return
        if semi != -1 and semi < brace and css[i:semi].lstrip().startswith("@"):
            yield css[i : semi + 1], None
            i = semi + 1
            continue
        depth, j = 1, brace + 1
        while depth:
            if css[j] == "{":
                depth += 1
            elif css[j] == "}":
                depth -= 1
            j += 1
        yield css[i:brace], css[brace + 1 : j - 1]
        i = j


NEGATION = re.compile(r":not\([^()]*\)")


def keep_selector(selector: str, words: set[str]) -> bool:
    """Whether every class the selector needs is one the site may emit.

    A class inside ``:not(...)`` is one the element must lack, so the rule
    applies all the more when the site never uses it (the input group's
    rounded corners are written that way).
    """
    return all(name in words for name in CLASS.findall(NEGATION.sub("", selector)))


def trim(css: str, words: set[str]) -> str:
    out = []
    for prelude, body in blocks(css):
        head = prelude.strip()
        if body is None:
            out.append(prelude)
        elif head.startswith(("@media", "@supports", "@container", "@layer")):
            inner = trim(body, words)
            if inner:
                out.append(f"{prelude}{{{inner}}}")
        elif head.startswith("@"):
            out.append(f"{prelude}{{{body}}}")  # @keyframes, @font-face: kept whole
        elif any(keep_selector(s, words) for s in head.split(",")):
            out.append(f"{prelude}{{{body}}}")
    return "".join(out)


def main() -> int:
    css = SOURCE.read_text(encoding="utf-8")
    header_end = css.index("*/") + 2  # the licence header stays
    trimmed = css[:header_end] + trim(css[header_end:], used_words())
    TARGET.write_text(trimmed, encoding="utf-8")
    print(f"{SOURCE.name}: {len(css):,} bytes -> {TARGET.name}: {len(trimmed):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
