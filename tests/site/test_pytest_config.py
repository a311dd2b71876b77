"""The test suite's own configuration: an empty case list is an error, not a skip."""

from __future__ import annotations

import subprocess
import sys

import pytest

from .conftest import ROOT


@pytest.mark.processes  # starts gunicorn / another pytest: not in --quick
def test_a_parametrized_test_with_no_cases_fails_at_collection(tmp_path):
    # A case list worked out at collection time (say, "every exercise with a
    # choice question") can come out empty after a content change; pytest's
    # default would quietly skip the test, which then checks nothing.
    module = tmp_path / "test_empty_cases.py"
    module.write_text(
        "import pytest\n\n"
        "@pytest.mark.parametrize('case', [])\n"
        "def test_every_case(case):\n"
        "    assert case\n"
    )
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"), "-q", str(module)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0, result.stdout
    assert "Empty parameter set" in result.stdout, result.stdout


def test_a_test_the_database_engine_can_change_is_marked_for_the_postgresql_run():
    # scripts/test runs only "database_engine" tests again on PostgreSQL, and
    # tests/conftest.py marks them by what their module's source uses, so a
    # new such test is chosen without anyone remembering a marker.
    from tests.conftest import ENGINE_WORDS

    for engine_sensitive in [
        "with pytest.raises(IntegrityError):",
        "with transaction.atomic():",
        "Deal.objects.select_for_update().get(pk=1)",
        "rows = Attempt.objects.order_by('-at')",
        "Attempt.objects.filter(answer__contains={'seat': 1})",
        "Deal.objects.filter(slug__iexact='A')",
        "Attempt.objects.update(score=F('score') + 1)",
        "def test_x(fresh_database_url):",
        "with django_assert_num_queries(3):",
    ]:
        assert ENGINE_WORDS.search(engine_sensitive), engine_sensitive
    for plain in [
        'response = client.get("/badugi/")',
        "assert deal.pot == 80",
        'block = section_html(page, "badacey")',
        "clockwise = seats_from_button(example)",
    ]:
        assert not ENGINE_WORDS.search(plain), plain


def test_only_a_modules_code_marks_it_for_the_postgresql_run_not_its_prose():
    from tests.conftest import ENGINE_WORDS, code_without_prose

    prose = (
        '"""Cases read from the data migration, in a unique order."""\n'
        "def test_x(client):\n"
        '    """Two tabs racing for a lock."""\n'
        '    client.get("/")  # the transaction is the view\'s\n'
    )
    assert ENGINE_WORDS.search(prose)
    assert not ENGINE_WORDS.search(code_without_prose(prose))
    code = (
        'def test_x():\n    """Plain words."""\n'
        "    with transaction.atomic():  # a note\n        pass\n"
    )
    assert ENGINE_WORDS.search(code_without_prose(code))


@pytest.mark.processes  # runs pytest's collection in another process
def test_the_marks_scripts_test_selects_by_land_on_the_right_tests():
    # Run collection only, as scripts/test's PostgreSQL and --quick runs would.
    def collected(*args: str) -> set[str]:
        result = subprocess.run(
            [sys.executable, "-m", "pytest", "--co", "-q", "-p", "no:xdist", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        return {line for line in result.stdout.splitlines() if "::" in line}

    site = str(ROOT / "tests/site")
    engine = collected(site, "-m", "database_engine")
    assert any("test_concurrent_writes.py::" in t for t in engine)
    assert not any("test_whole_numbers.py::" in t for t in engine)  # plain ORM reads and writes
    # The study table's, memory and classes tests all run on PostgreSQL too.
    play = str(ROOT / "tests/play")
    assert collected(play, "-m", "database_engine") == collected(play, "-m", "not browser")
    processes = collected(site, "-m", "processes")
    assert any("test_two_servers.py::" in t for t in processes)
    assert not any("test_home.py::" in t for t in processes)
    # --quick leaves out the long tests (the month-long simulations) and still
    # simulates a week of study once (the retention choice's shared week).
    month = str(ROOT / "tests/lessons/test_thirty_days.py")
    assert len(collected(month, "-m", "long")) == 4
    week = str(ROOT / "tests/lessons/test_retention_choice.py")
    assert len(collected(week, "-m", "not long")) == 8


# tests/django_setup.py lets a test reuse lesson page renders unless the test
# or one of the suite's own fixtures patches something. A plugin's autouse
# fixture that takes monkeypatch once switched the reuse off for every test,
# unnoticed, at about 90 s of the suite's worker time.
def test_a_test_that_patches_nothing_reuses_earlier_lesson_page_renders(client):
    from tests.django_setup import _PAGES

    assert _PAGES.enabled


def test_a_test_that_patches_renders_every_lesson_page_itself(client, monkeypatch):
    from tests.django_setup import _PAGES

    assert not _PAGES.enabled


@pytest.fixture
def _patched_settings(settings):
    return settings


def test_a_test_whose_fixture_patches_settings_renders_every_lesson_page_itself(
    client, _patched_settings
):
    from tests.django_setup import _PAGES

    assert not _PAGES.enabled
