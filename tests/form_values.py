"""What a page's answer boxes hold, read from its HTML as a browser would fill the form.

A hint or a refused check sends the whole page back; these helpers let the
tests compare what the learner sent with what the returned boxes hold, for
every kind of input at once (ticked checkboxes and radio buttons, and the
text of text and number boxes), without knowing how each kind draws them.
"""

from __future__ import annotations

from html.parser import HTMLParser

_NOT_ANSWERS = {"hidden", "submit", "button", "reset"}


class _Boxes(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        name = attr.get("name")
        kind = (attr.get("type") or "text").lower()
        if tag != "input" or not name or kind in _NOT_ANSWERS:
            return
        box = self.values.setdefault(name, [])
        if kind in ("checkbox", "radio"):
            if "checked" in attr:
                box.append(attr.get("value") or "on")
        else:
            box.append(attr.get("value") or "")


def answer_boxes(html: str) -> dict[str, list[str]]:
    """Each answer input's name and what it holds: the ticked values, or the box's text."""
    parser = _Boxes()
    parser.feed(html)
    return parser.values


def as_sent(post: dict[str, str | list[str]]) -> dict[str, list[str]]:
    """A post's values in ``answer_boxes`` form, each as a sorted list of strings."""
    return {name: sorted(map(str, v if isinstance(v, list) else [v])) for name, v in post.items()}


def kept(html: str, post: dict[str, str | list[str]]) -> dict[str, list[str]]:
    """What the page's boxes hold for each name in ``post``, to compare with ``as_sent(post)``."""
    boxes = answer_boxes(html)
    return {name: sorted(boxes.get(name, [])) for name in post}
