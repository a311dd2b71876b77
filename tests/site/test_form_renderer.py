"""The form renderer's Python <input> boxes are byte for byte what Django's templates draw."""

from __future__ import annotations

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates, get_default_renderer
from django.utils.safestring import mark_safe

from lessons.form_renderer import FormRenderer


class Everything(forms.Form):
    chips = forms.IntegerField(
        min_value=0,
        max_value=80,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "form-control"}),
    )
    name = forms.CharField(max_length=20, required=False, help_text="Who sits there.")
    email = forms.EmailField(disabled=True)
    secret = forms.CharField(widget=forms.PasswordInput(render_value=True))
    count = forms.IntegerField(widget=forms.HiddenInput)
    odd = forms.CharField(
        widget=forms.TextInput(attrs={"data-x": None, "data-off": False, "data-on": True})
    )


VALUES = [
    {},
    {"chips": "12", "name": 'A "quoted" <name> & co', "secret": "s3", "count": "2", "odd": "x"},
    {"chips": "-1", "name": "x" * 30, "email": "not an email"},  # errors: aria-invalid marks
]


def test_the_site_uses_it():
    assert isinstance(get_default_renderer(), FormRenderer)


@pytest.mark.parametrize("data", VALUES)
def test_each_input_is_what_the_templates_draw(data):
    bound = Everything(data or None, initial={"chips": 7, "name": mark_safe("<b>safe</b>")})
    bound.is_valid()
    template_drawn = Everything(data or None, initial=bound.initial, renderer=DjangoTemplates())
    template_drawn.is_valid()
    ours = Everything(data or None, initial=bound.initial, renderer=FormRenderer())
    ours.is_valid()
    for name in Everything.base_fields:
        assert str(ours[name]) == str(template_drawn[name]), name


def test_plain_inputs_skip_the_templates(monkeypatch):
    renderer = FormRenderer()
    form = Everything(renderer=renderer)
    str(form["chips"])  # learns that number.html is Django's own

    def no_templates(*args, **kwargs):
        pytest.fail("an <input> box went through the widget templates")

    monkeypatch.setattr(DjangoTemplates, "render", no_templates)
    assert str(form["chips"]).startswith('<input type="number" name="chips"')
