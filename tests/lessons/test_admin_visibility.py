"""Every admin URL that takes an object's id finds it through the admin's get_queryset.

A teacher counting ids must never reach a row their admin list does not show:
a learner's own saved hand is the learner's, not the site's. The walk covers
every registered model admin and every one of its URLs with an id in it, the
custom ones (PHH download, preview) included, so a view added later that looks
its object up in the whole table fails here.
"""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.test import RequestFactory
from django.urls import URLPattern, reverse

from tests.factories import make_teacher
from tests.lessons.test_real_hands import stored

pytestmark = pytest.mark.django_db


def object_urls(model_admin) -> list[URLPattern]:
    return [
        p
        for p in model_admin.get_urls()
        if isinstance(p, URLPattern) and "object_id" in str(p.pattern) and p.name
    ]


def hidden_ids(model_admin, teacher) -> list[int]:
    """Ids in the table that the admin's own queryset leaves out for this teacher."""
    request = RequestFactory().get("/admin/")
    request.user = teacher
    shown = model_admin.get_queryset(request).values_list("pk", flat=True)
    return list(
        model_admin.model._default_manager.exclude(pk__in=shown).values_list("pk", flat=True)
    )


def test_no_admin_url_serves_a_row_its_list_hides(client):
    learner = User.objects.create_user("ana", password="x")
    private = stored(owner=learner, slug="anas-own-hand")
    teacher = make_teacher()
    client.force_login(teacher)

    walked = 0
    for model, model_admin in admin.site._registry.items():
        ids = hidden_ids(model_admin, teacher)
        for pattern in object_urls(model_admin):
            for pk in ids:
                url = reverse(f"admin:{pattern.name}", args=[pk])
                response = client.get(url)
                walked += 1
                assert response.status_code in (302, 403, 404), (model.__name__, url)
                assert private.history not in response.content.decode(errors="replace")
    # The learner's hand is hidden, and the RealHand admin has its PHH, change,
    # delete and history URLs at least: the walk really ran.
    assert walked >= 4


def test_the_phh_download_of_a_learners_saved_hand_is_refused_to_a_teacher(client):
    learner = User.objects.create_user("ana", password="x")
    private = stored(owner=learner, slug="anas-own-hand")
    client.force_login(make_teacher())
    response = client.get(reverse("admin:lessons_realhand_phh", args=[private.pk]))
    assert response.status_code == 404
    # An imported hand of the same game is found (Badacey has no PHH code, so
    # the page explains that instead of downloading): only the owner decides.
    imported = stored(1, slug="imported-hand")
    assert client.get(reverse("admin:lessons_realhand_phh", args=[imported.pk])).status_code != 404
