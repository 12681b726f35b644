"""The test tiers (tests/conftest.py, README, beside the test commands): `--fast` leaves out what
drives a browser or starts other systems, a test is put in its tier by what it
uses (no one has to remember to mark it), and `kit test --fast` runs that tier.
Each check runs a small suite of its own with a copy of tests/conftest.py."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

#: stand-ins for the real helpers: the tiers go by the module's name, not by what it does
FAKE_VOILA = '''
def start_voila(*a):
    return "server"

def chromium():
    return "browser"
'''


@pytest.fixture
def suite(pytester):
    pytester.makeconftest((TESTS / "conftest.py").read_text(encoding="utf-8"))
    pytester.makepyfile(voila_browser=FAKE_VOILA, site_browser="def build_site(out):\n    return out\n",
                        pages="import voila_browser as vb\n\ndef open_page(name):\n    return vb.chromium(), name\n")
    return pytester


def test_a_new_test_of_a_browser_fixture_or_helper_is_left_out_of_the_fast_tier(suite):
    suite.makepyfile(test_new_page='''
import pytest
import voila_browser as vb
from pages import open_page


@pytest.fixture(scope="module")
def server():
    return vb.start_voila()


@pytest.fixture
def page(server):                    # a fixture on top of the server fixture
    return server + " page"


def test_uses_the_server(server):
    assert server


def test_uses_a_fixture_that_uses_it(page):
    assert page


def test_calls_a_helper_that_opens_a_page():
    assert open_page("explorer")


def test_imports_playwright_itself():
    from playwright.sync_api import sync_playwright  # noqa: F401


def test_the_rules():
    assert 1 + 1 == 2
''', test_notebook_runs='''
import pytest


@pytest.fixture(scope="module")
def cluster():
    from dask.distributed import LocalCluster
    return LocalCluster


def test_on_a_cluster(cluster):
    assert cluster


def test_a_kernel():
    import nbclient  # noqa: F401


def test_a_site_build():
    import site_browser
    assert site_browser.build_site("x")


@pytest.mark.slow
def test_long_by_nature():
    pass


def test_plain():
    pass
''', test_browser_extra='''
def test_any_test_in_a_browser_file():
    pass
''')
    items, _ = suite.inline_genitems()
    tiers = {item.nodeid: {m.name for m in item.iter_markers()} & {"browser", "system", "slow"} for item in items}
    assert {k for k, v in tiers.items() if not v} == {"test_new_page.py::test_the_rules",
                                                      "test_notebook_runs.py::test_plain"}
    assert {k for k, v in tiers.items() if "browser" in v} == {
        "test_new_page.py::test_uses_the_server", "test_new_page.py::test_uses_a_fixture_that_uses_it",
        "test_new_page.py::test_calls_a_helper_that_opens_a_page", "test_new_page.py::test_imports_playwright_itself",
        "test_browser_extra.py::test_any_test_in_a_browser_file"}
    assert {k for k, v in tiers.items() if "system" in v} == {
        "test_notebook_runs.py::test_on_a_cluster", "test_notebook_runs.py::test_a_kernel",
        "test_notebook_runs.py::test_a_site_build"}
    assert {k for k, v in tiers.items() if "slow" in v} == {"test_notebook_runs.py::test_long_by_nature"}
    assert all(len(v) <= 1 for v in tiers.values())


def test_the_fast_tier_reports_what_it_left_out(suite):
    suite.makepyfile(test_some='''
import voila_browser as vb


def test_page():
    assert vb.chromium()


def test_rule():
    pass
''')
    result = suite.runpytest("--fast")
    result.assert_outcomes(passed=1, deselected=1)
    assert suite.runpytest("-m", "not browser").parseoutcomes() == {"passed": 1, "deselected": 1}


def test_the_tier_marks_are_registered_and_documented():
    """`pytest --markers` lists them; the README and `kit`'s usage name the fast tier."""
    import conftest
    assert set(conftest.TIERS) == {"browser", "system", "slow"}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    kit = (ROOT / "scripts" / "kit").read_text(encoding="utf-8")
    assert re.search(r"^bash scripts/kit test --fast\b", readme, re.M)
    assert re.search(r"^bash scripts/kit test(\s+#.*)?$", readme, re.M)  # the full suite, beside it
    usage = kit[:kit.index("set -euo pipefail")]
    assert re.search(r"kit test --fast\b", usage)
    assert conftest.FAST in kit or "--fast" in kit[kit.index("cmd_test()"):]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.rstrip().endswith("bash scripts/kit test")  # CI runs the full suite


#: the files of this suite with browser or system tests, and the tests of theirs that
#: are unit tests (they read a file, or check an error) and so stay in the fast tier
HEAVY_FILES = {
    "test_browser.py": set(), "test_browser_idle.py": set(), "test_browser_learner.py": set(),
    "test_lab.py": set(), "test_site.py": set(), "test_voila_server.py": set(),
    "ai/test_distributed.py": set(),
    "test_notebooks.py": {"test_every_notebook_is_listed", "test_notebooks_are_generated_and_stored_without_outputs",
                          "test_notebooks_folder_holds_only_notebooks_and_their_builder", "test_notebooks_are_thin"},
    "test_botcompare.py": {"test_the_stored_default_results_are_what_the_simulation_gives",
                           "test_a_broken_stored_file_is_a_clear_error",
                           "test_results_name_a_stronger_bot_only_when_the_intervals_say_so",
                           "test_the_chart_draws_each_bots_interval_and_scores", "test_bot_labels",
                           "test_page_plays_the_chosen_settings_with_a_progress_bar",
                           "test_an_unreachable_cluster_is_a_readable_error"},
}


def test_the_real_browser_and_system_tests_are_out_of_the_fast_tier(request):
    """In this suite's own files: every test that drives Voila or Chromium, runs a
    notebook, builds the site or starts a Dask cluster is left out by --fast; the
    unit tests beside them stay. (Read from this session's collection when it
    collected those files, else from a collection of them.)"""
    import conftest
    wanted = {f"tests/{f}" for f in HEAVY_FILES}
    marks = request.config.stash.get(conftest.TIER_MARKS, {})
    if not wanted <= {nodeid.partition("::")[0] for nodeid in marks}:
        import subprocess
        import sys
        code = ("import json, sys, pytest\n"
                "class Keep:\n"
                "    def pytest_collection_finish(self, session):\n"
                "        self.marks = {i.nodeid: sorted({m.name for m in i.iter_markers()} & {'browser', 'system', "
                "'slow'}) for i in session.items}\n"
                "k = Keep()\n"
                "pytest.main(['--co', '-qq', '-p', 'no:cacheprovider', *sys.argv[1:]], plugins=[k])\n"
                "print('MARKS' + json.dumps(k.marks))\n")
        out = subprocess.run([sys.executable, "-c", code, *sorted(wanted)], capture_output=True, text=True,
                             cwd=ROOT, timeout=600)
        assert "MARKS" in out.stdout, out.stdout[-2000:] + out.stderr[-2000:]
        marks = json.loads(out.stdout.rpartition("MARKS")[2])
    kept: dict[str, set[str]] = {}
    for nodeid, tiers in marks.items():
        path, _, test = nodeid.partition("::")
        if path in wanted:
            kept.setdefault(path.removeprefix("tests/"), set())
            if not tiers:
                kept[path.removeprefix("tests/")].add(test.split("[")[0])
    assert kept == HEAVY_FILES
    # every file still holds tests that the fast tier leaves out (else this check says nothing)
    for f, unit in HEAVY_FILES.items():
        defined = set(re.findall(r"^def (test_\w+)", (TESTS / f).read_text(encoding="utf-8"), re.M))
        assert unit < defined, f
