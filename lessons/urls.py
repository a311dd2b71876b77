from __future__ import annotations

from django.urls import path

from badacey_site import ids  # noqa: F401  (registers the <id:...> path converter)
from lessons.drills import views as drills
from lessons.exercises import practice
from lessons.exercises import views as exercises
from lessons.glossary import views as glossary
from lessons.learners import views as progress
from lessons.memory import views as memory
from lessons.pages import views as pages
from lessons.replayer import views as replay
from lessons.study import views as study
from lessons.tools import views as tools

app_name = "lessons"

urlpatterns = [
    path("", pages.home, name="home"),
    path("table-basics/", pages.table_basics, name="table_basics"),
    path("badacey/", pages.badacey, name="badacey"),
    path("badugi/", pages.badugi, name="badugi"),
    path("badeucey/", pages.badeucey, name="badeucey"),
    path("drawing/", pages.drawing, name="drawing"),
    path("games/", pages.games, name="games"),
    path("notation/", pages.notation, name="notation"),
    path("glossary/", glossary.glossary, name="glossary"),
    path("exercises/<slug:slug>/", exercises.exercise_detail, name="exercise_detail"),
    path("exercises/<slug:slug>/check/", exercises.check_answer, name="check_answer"),
    path("exercises/<slug:slug>/answer/", exercises.answer, name="answer"),
    path("exercises/<slug:slug>/hint/", exercises.hint, name="hint"),
    path("practice/", practice.practice_list, name="practice"),
    path("replay/paste/", replay.paste_hand, name="paste_hand"),
    path("replay/paste/<slug:key>/", replay.pasted_hand, name="pasted_hand"),
    path("replay/paste/<slug:key>/save/", replay.save_pasted_hand, name="save_pasted_hand"),
    path("replay/hands/<slug:slug>/", replay.replay_hand, name="replay_hand"),
    path("replay/hands/<slug:slug>/share/", replay.share_hand, name="share_hand"),
    path("replay/hands/<slug:slug>/practise/", replay.practise_moment, name="practise_moment"),
    path("replay/<slug:slug>/", replay.replay_deal, name="replay"),
    path("drills/", drills.drill_index, name="drills"),
    path("drills/<slug:kind>/", drills.drill_item, name="drill"),
    path("drills/<slug:kind>/hint/", drills.drill_hint, name="drill_hint"),
    path("drills/<slug:kind>/save/", drills.drill_to_deal, name="drill_to_deal"),
    path("odds/", tools.odds, name="odds"),
    path("progress/", progress.progress_page, name="progress"),
    path("about/memory/", memory.about_memory, name="about_memory"),
    path("progress/checklist/<slug:lesson>/", progress.save_checklist, name="save_checklist"),
    path("progress/retention/", progress.save_retention, name="save_retention"),
    path("calculator/", tools.calculator, name="calculator"),
    path("study/", study.study_home, name="study"),
    path("study/start/", study.study_start, name="study_start"),
    path("study/<id:session_id>/", study.study_session, name="study_session"),
    path("study/<id:session_id>/<id:position>/", study.study_answer, name="study_answer"),
    path("study/<id:session_id>/<id:position>/hint/", study.study_hint, name="study_hint"),
]
