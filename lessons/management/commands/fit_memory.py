"""Fit FSRS parameters to the review log now, or queue the fit for the task worker.

A nightly timer runs ``manage.py fit_memory --queue`` (the worker then does
the work, as for any background task); run it without ``--queue`` to fit at
once, for example after importing a backup. lessons/memory/fit.py says what
is fitted and when a set becomes the one in use.

``--list`` shows the site's sets, newest first, with their held-out log
loss; ``--use ID`` makes a stored set the one in use for its site or
learner (rolling back a bad fit), in place of whichever was active.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from lessons.memory import fit
from lessons.memory.tasks import fit_memory
from lessons.models import FittedParameters


class Command(BaseCommand):
    help = "Fit the site's and each learner's FSRS parameters from the review log."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--queue", action="store_true", help="Queue the fit for the task worker instead."
        )
        parser.add_argument("--list", action="store_true", help="List the site's stored sets.")
        parser.add_argument("--use", type=int, metavar="ID", help="Make a stored set active.")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["list"]:
            for row in FittedParameters.objects.filter(scope=FittedParameters.SITE)[:20]:
                loss = f"{row.log_loss:.4f}" if row.log_loss is not None else "-"
                base = f"{row.default_log_loss:.4f}" if row.default_log_loss is not None else "-"
                mark = " (in use)" if row.active else ""
                self.stdout.write(
                    f"{row.pk}: {row.fitted_at:%Y-%m-%d %H:%M}, {row.reviews} reviews, "
                    f"log loss {loss} (defaults {base}){mark}"
                )
            return
        if options["use"] is not None:
            used = fit.make_active(options["use"])
            if used is None:
                raise CommandError(f"There is no stored parameter set {options['use']}.")
            self.stdout.write(f"Set {used.pk} of {used.fitted_at:%Y-%m-%d} is now in use.")
            return
        if options["queue"]:
            result = fit_memory.enqueue()
            self.stdout.write(f"Queued the fit as task {result.id}.")
            return
        report = fit.run()
        site = report.site
        if site is None:
            self.stdout.write(
                f"Too few reviews for a site-wide set (the optimizer needs {fit.FIT_FLOOR} "
                "reviews that follow one on an earlier day)."
            )
        else:
            state = "now in use" if site.active else "stored but not used (no better held out)"
            self.stdout.write(
                f"Site set: {site.reviews} reviews, held-out log loss {site.log_loss:.4f} "
                f"against {site.default_log_loss:.4f} with the defaults; {state}."
            )
        active = sum(1 for o in report.learners if o.active)
        self.stdout.write(
            f"Learner sets: {len(report.learners)} fitted, {active} in use; "
            f"{report.skipped} learner(s) below the floor."
        )
