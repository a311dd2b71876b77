"""Big downloads stream: the progress file and a class's CSV are sent piece by piece.

The pieces must add up to exactly the file a whole-file build gives, so the
streamed JSON is compared with json.dumps of the same data, and the CSV with
the csv module's own text.
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.contrib.auth.models import User
from django.http import StreamingHttpResponse

from badacey_site.streaming import csv_lines, indented_json
from lessons import skills
from lessons.models import Deal
from tests.factories import make_teacher, right_answer
from tests.lessons.test_classes import make_class

HTMX = {"HTTP_HX_REQUEST": "true"}

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"a": []},
        {"format": "x", "rows": [], "nested": {"k": [1, {"z": "é"}]}},
        {"rows": [{"a": 1, "b": [1, 2]}, {"a": None, "b": []}], "tail": "A♠"},
    ],
)
def test_streamed_json_is_byte_for_byte_what_dumps_gives(data):
    lazy = {k: iter(v) if k in ("rows", "a") else v for k, v in data.items()}
    streamed = "".join(indented_json(lazy))
    assert streamed == json.dumps(data, indent=2, ensure_ascii=False)


def test_csv_lines_are_what_the_csv_module_writes():
    rows = [["Learner", "a,b", 'say "hi"'], ["'=1", "", "line\nbreak"]]
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    assert "".join(csv_lines(iter(rows))) == out.getvalue()


def test_the_progress_download_streams_every_answer_in_order(client):
    learner = User.objects.create_user("noor", password="noor's long phrase 3")
    client.force_login(learner)
    deals = [Deal.objects.get(lesson="badugi", number=n) for n in (1, 2, 3)]
    for deal in deals:
        client.post(deal.check_url, right_answer(deal), **HTMX)
    response = client.get("/accounts/settings/download/")
    assert isinstance(response, StreamingHttpResponse)
    assert response["Content-Disposition"].startswith('attachment; filename="badacey-progress-')
    data = json.loads(response.getvalue())
    assert [a["exercise"] for a in data["attempts"]] == [d.slug for d in deals]
    assert all(a["correct"] for a in data["attempts"])


def test_the_class_csv_streams_with_its_byte_order_mark(client):
    teacher = make_teacher()
    classroom = make_class(teacher)
    client.force_login(teacher)
    response = client.get(f"/teach/{classroom.pk}/grid.csv")
    assert isinstance(response, StreamingHttpResponse)
    body = response.getvalue().decode("utf-8")
    assert body.startswith("\ufeffLearner,")
    header = next(csv.reader(io.StringIO(body.lstrip("\ufeff"))))
    start = ["Learner", "Needs help", "Answers", "Last activity"]
    assert header == [*start, *(s.name for s in skills.SKILLS)]
