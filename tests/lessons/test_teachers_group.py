"""The Teachers group may manage deals and real hands, and nothing else."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group

pytestmark = pytest.mark.django_db


def test_the_teachers_group_holds_exactly_the_deal_and_real_hand_permissions():
    group = Group.objects.get(name="Teachers")
    granted = {f"{p.content_type.app_label}.{p.codename}" for p in group.permissions.all()}
    assert granted == {
        "lessons.view_deal",
        "lessons.add_deal",
        "lessons.change_deal",
        "lessons.delete_deal",
        "lessons.view_realhand",
        "lessons.add_realhand",
        "lessons.change_realhand",
        "lessons.delete_realhand",
    }


def test_a_teacher_has_no_power_over_users_or_groups():
    from tests.factories import make_teacher

    teacher = make_teacher()
    assert teacher.has_perm("lessons.change_deal")
    for perm in ("auth.view_user", "auth.change_user", "auth.add_group", "auth.change_group"):
        assert not teacher.has_perm(perm)
    assert not teacher.is_superuser


@pytest.mark.django_db(transaction=True)
def test_a_flush_gets_the_teachers_group_back_with_the_same_permissions():
    from django.core.management import call_command

    kept = sorted(Group.objects.get(name="Teachers").permissions.values_list("codename", flat=True))
    call_command("flush", interactive=False, verbosity=0)
    group = Group.objects.get(name="Teachers")
    assert sorted(group.permissions.values_list("codename", flat=True)) == kept
