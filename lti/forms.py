"""The instructor's content menu for deep linking: one choice among everything linkable."""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms
from django.urls import reverse

from lti import targets

GROUPS = {
    targets.LESSON: "Lessons (graded: every exercise answered right)",
    targets.DRILL: "Drills (not graded)",
    targets.DEAL: "Practice deals (graded: answered right)",
    targets.PLAY: "The study table (graded: hands played)",
}


class ContentChoiceForm(forms.Form):
    target = forms.ChoiceField(label="Content to add to the course", widget=forms.RadioSelect)
    # The launch's id, signed (lti.content): it stands in for the session and the CSRF token.
    launch = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        grouped: dict[str, list[tuple[str, str]]] = {kind: [] for kind in GROUPS}
        for target in targets.choices():
            grouped[target.kind].append((target.code, target.title))
        field = self.fields["target"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(GROUPS[kind], items) for kind, items in grouped.items() if items]
        self.helper = FormHelper()
        self.helper.form_action = reverse("lti:content")
        self.helper.disable_csrf = True  # the signed launch field does its work (lti.content)
        self.helper.add_input(Submit("choose", "Add this to the course"))

    def clean_target(self) -> targets.Target:
        try:
            return targets.parse(self.cleaned_data["target"])
        except targets.BadTarget as error:
            raise forms.ValidationError(str(error)) from None


class RosterForm(forms.Form):
    """A button: import one course's class list from the course site (a background task)."""

    def __init__(self, course: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_action = reverse("lti:roster", args=[course.pk])
        self.helper.add_input(Submit("fill", "Import the class list from the course site"))
