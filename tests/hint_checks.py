"""What a learner must see after asking for hints, shared by the exercise and drill hint tests.

Exercises and drill items show hints through the same controls, so the two
test files hold them to the same checks. The hint texts are the part kinds'
own (``parts.hints``), passed in by the caller, never typed here.
"""

from __future__ import annotations

from tests.speech import heard, spoken_words


def assert_hints_shown(page: str, hints: list[str], shown: int) -> None:
    """``page`` (as heard) shows hints 1 to ``shown`` + 1, hides the rest, and offers the next."""
    for number, text in enumerate(hints[: shown + 1], 1):
        assert f"Hint {number} of {len(hints)}: {spoken_words(text)}" in page
    for text in hints[shown + 1 :]:
        assert spoken_words(text) not in page  # later hints wait to be asked for
    if shown + 1 < len(hints):
        assert f"Show hint {shown + 2} of {len(hints)}" in page
    else:
        assert f"All {len(hints)} hints shown" in page


def first_hint_fragment(response, hints: list[str], count_field: str, hints_list: str) -> str:
    """The htmx answer to a first hint: only that hint and the controls, appended to its list.

    Returns the fragment's HTML for any further checks.
    """
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and "<fieldset" not in html
    assert html.lstrip().startswith("<li")  # appended to the live list
    assert f"Hint 1 of {len(hints)}: {spoken_words(hints[0])}" in heard(html)
    assert 'hx-swap-oob="true"' in html
    assert f'name="{count_field}" value="1"' in html
    # Sent by the button or by the whole form, the hint goes at the end of its list.
    assert response["HX-Retarget"] == f"#{hints_list}"
    assert response["HX-Reswap"] == "beforeend"
    return html
