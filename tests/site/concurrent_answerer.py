"""One browser tab answering exercises as fast as the site lets it.

tests/site/test_concurrent_answers.py starts several of these at once, each
a process of its own like a gunicorn worker, all signed in as the same
learner, against one database:

    python -m tests.site.concurrent_answerer NAME COUNT GO_FILE

Each waits until GO_FILE exists, posts COUNT right answers and prints one
JSON line: how many were answered and a description of every failure.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "badacey_site.settings")
django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.test import Client  # noqa: E402

from lessons.exercises.model_answers import right_answer  # noqa: E402
from lessons.models import Deal  # noqa: E402


def main(name: str, count: int, go: Path) -> None:
    client = Client()
    client.force_login(User.objects.get(username="learner"))
    deals = list(Deal.objects.published().for_lesson("badugi"))
    answers = [(deal, right_answer(deal)) for deal in deals]
    Path(f"{go}.{name}.ready").touch()
    while not go.exists():
        time.sleep(0.01)
    answered, failed = 0, []
    for n in range(count):
        deal, data = answers[n % len(answers)]
        response = client.post(deal.check_url, data, HTTP_HX_REQUEST="true")
        if response.status_code == 200 and b"All right" in response.content:
            answered += 1
        else:
            failed.append(f"{deal.slug}: {response.status_code}")
    print(json.dumps({"answered": answered, "failed": failed}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), Path(sys.argv[3]))
