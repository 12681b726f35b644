"""widgets.links (links between the pages) and widgets.inbrowser (what the static site
says the browser cannot do), under Voila's CPython and as in Pyodide (sys.platform
"emscripten")."""
from __future__ import annotations

import sys

import pytest

from widgets.inbrowser import browser_notice_html
from widgets.links import in_browser, page_href


def test_voila_and_jupyterlab_link_to_the_notebooks():
    assert not in_browser()
    assert page_href("explorer") == "explorer.ipynb"
    assert page_href("tutorial.ipynb") == "tutorial.ipynb"
    assert browser_notice_html() == ""


def test_the_static_site_links_to_its_html_pages(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert in_browser()
    assert page_href("explorer.ipynb") == "explorer.html"   # relative: works from any sub-path
    assert page_href("dashboard") == "dashboard.html"
    notice = browser_notice_html()
    assert "runs entirely in your browser" in notice and "archwk simulate" in notice


@pytest.mark.parametrize("bad", ["", "../explorer.ipynb", "/abs.ipynb", "sub/page", ".hidden"])
def test_a_page_is_named_by_its_file_name(bad):
    with pytest.raises(ValueError, match="page_href"):
        page_href(bad)

