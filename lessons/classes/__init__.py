"""Classes: a teacher's classes, the learners who join them and the work set them.

What lives here: join codes (``codes``), who may see what (``access``),
what an answer leaves for the class reports (``records``), the class page,
learner page, CSV and deal statistics (``reports``), a learner's own
assignments (``assigned``), the forms and the views of ``/teach/`` and
``/classes/``.

What it may import: the models, ``lessons.skills``, ``lessons.course``,
``lessons.course``, ``lessons.learners.mastery`` (level names) and the
evaluator's misconception list. Nothing below it imports it, except the one
call ``lessons.learners.progress`` makes to ``records.after_answer`` when an
answer is recorded, and the admin's deal list, which borrows
``reports.annotate_deal_stats``.

Privacy: a teacher reaches a class only through ``access.taught_class``,
which answers 404 for a class they do not teach; every report reads
usernames and progress, never e-mail addresses.
"""

from __future__ import annotations
