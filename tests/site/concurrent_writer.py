"""One teacher saving new deals through the admin as fast as the site lets them.

tests/site/test_concurrent_writes.py starts several of these at once, each a
process of its own like a gunicorn worker, against one database:

    python -m tests.site.concurrent_writer NAME COUNT GO_FILE

Each waits until GO_FILE exists (so all start saving together), then posts
COUNT deals to the admin's add form and prints one JSON line: the slugs it
saved and a description of every save that failed.
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

from tests.factories import admin_form_data  # noqa: E402


def main(name: str, count: int, go: Path) -> None:
    client = Client()
    client.force_login(User.objects.get(username="teacher"))
    Path(f"{go}.{name}.ready").touch()
    while not go.exists():
        time.sleep(0.01)
    saved, failed = [], []
    for n in range(count):
        slug = f"{name}-{n}"
        try:
            response = client.post(
                "/admin/lessons/deal/add/", admin_form_data(slug=slug, title=f"Saved by {slug}")
            )
        except Exception as error:  # what a worker would have answered with a 500
            failed.append(f"{slug}: {type(error).__name__}: {error}")
            continue
        if response.status_code == 302:
            saved.append(slug)
        else:
            failed.append(f"{slug}: status {response.status_code}")
    print(json.dumps({"saved": saved, "failed": failed}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), Path(sys.argv[3]))
