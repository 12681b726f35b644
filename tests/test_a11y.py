"""Accessibility without a browser: the board in words, seat shapes, the
announcer, labels on every control, text contrast in the widgets' HTML, page
titles. (tests/test_browser.py runs axe-core and the keyboard on the pages.)"""
from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path

import ipywidgets
import pytest

import archwk
from archwk.games.architects.table import WORKER_LOCATIONS, table
from widgets import palette
from widgets.architects.board import board_traces
from widgets.architects.board_text import BoardText, board_text_html, seat_words
from widgets.explorer import GameExplorer

ROOT = Path(__file__).resolve().parents[1]


def played(n_players=3, seed=2, decisions=80):
    s = archwk.new_game(["Ann", "Ben", "Cy", "Dee", "Eve"][:n_players], seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if s.is_over:
            break
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def plain(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def test_the_board_in_words_names_every_worker_and_its_owner():
    s = played(4, seed=5, decisions=120)
    t = table(s)
    text = " ".join(plain(board_text_html(s)).split())
    for loc in WORKER_LOCATIONS:
        per = dict(t.workers.get(loc, {}))
        name = "Prison" if loc == "prison" else archwk.games.architects.model.LOCATION_NAMES[loc]
        owners = ", ".join(f"{s.players[p].name} {n}" for p, n in sorted(per.items()) if n) or "none"
        assert f"{name}: {owners}" in text, (loc, owners)
    for p, pl in enumerate(s.players):
        assert f"{pl.name}: Virtue {pl.virtue}" in text
        assert f"{pl.name}: drawn as {seat_words(s, p)}" in text
    for d in t.display:
        if d.apprentice:
            assert f"Space {d.position} (row {d.row}, column {d.column}): {d.name}" in text
    assert f"Tax Stand: {t.tax} Silver on it" in text


def test_the_board_in_words_is_written_while_open_and_follows_the_game():
    s = played()
    panel = BoardText(s)
    assert panel.text.value == ""  # closed: nothing computed
    panel.selected_index = 0
    assert "Workers on the board" in panel.text.value
    s2 = s.apply(s.legal_actions()[0])
    panel.update(s2)
    assert panel.text.value == board_text_html(s2)
    assert "Quarry" in panel.rules.value and "Prison" in panel.rules.value


def test_seats_differ_by_shape_on_every_marker():
    s = played(5, seed=3, decisions=200)
    traces = {t["name"]: t for t in board_traces(s)}
    for p in range(5):
        w = traces[f"workers {p}"]
        assert w["marker"]["symbol"] == palette.SEAT_SYMBOLS[p]
        assert palette.contrast(w["textfont"]["color"], w["marker"]["color"]) >= 4.5
    assert traces["virtue markers"]["marker"]["symbol"] == list(palette.SEAT_SYMBOLS)
    cathedral = traces["cathedral"]
    t = table(s)
    expected = [palette.SEAT_SYMBOLS[lv.occupants[j]] if j < len(lv.occupants) else "diamond"
                for lv in t.cathedral for j in range(lv.spaces)]
    assert cathedral["marker"]["symbol"] == expected


def test_the_announcer_says_what_happened_and_where_the_history_stands():
    ex = GameExplorer(archwk.new_game(["Ann", "Ben", "Cy"], seed=7), seats=["person", "random", "random"])
    assert ex.announce.value == ""
    first = ex.state.legal_actions()[0]
    ex.choose(first)
    said = plain(ex.announce.value)
    assert f"Ann: {first}." in said
    assert "Ben: " in said and "Cy: " in said      # the bots' replies too
    assert "aria-hidden" not in ex.announce.value and "●" not in said  # no seat glyphs read out
    ex.goto(1)
    assert plain(ex.announce.value).strip() == f"Decision 1 of {len(ex.session) - 1} shown."
    assert "archwk-announce" in ex.announce._dom_classes


def _walk(w):
    yield w
    for c in getattr(w, "children", ()):
        yield from _walk(c)


LABELLED = (ipywidgets.Dropdown, ipywidgets.Select, ipywidgets.IntSlider, ipywidgets.IntText,
            ipywidgets.BoundedIntText, ipywidgets.Checkbox, ipywidgets.Text)


def _apps():
    from widgets.architects.apps import GameApp, SoloApp, WhatIfApp
    from widgets.archon.apps import ArchonGameApp, ArchonWhatIfApp
    from widgets.archon.gallery import ArchonGallery
    from widgets.botcompare import BotComparison
    from widgets.tutorial import TutorialUI
    return [GameApp(players=3, seed=1), SoloApp(seed=1), WhatIfApp(auto=False), TutorialUI(), BotComparison(),
            ArchonGameApp(players=3, seed=1), ArchonWhatIfApp(), ArchonGallery()]


def test_every_control_on_every_page_has_a_label():
    for app in _apps():
        for w in _walk(app):
            if isinstance(w, LABELLED):
                assert w.description.strip(), f"{type(app).__name__}: unlabelled {type(w).__name__} {w.value!r}"
            if isinstance(w, ipywidgets.Textarea):
                assert w.description.strip() or w.placeholder.strip()
        app.close()


_TEXT_COLOUR = re.compile(r"(?<![-\w])color\s*:\s*(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})\b")


def test_text_in_the_widgets_reads_at_4_5_to_1():
    """Every text colour the pages' HTML sets is 4.5:1 or more on white (the
    seat shapes, hidden from screen readers, are graphics: 3:1 on the board)."""
    ex = GameExplorer(played(3, seed=4, decisions=60), seats=["person"] * 3)
    for i in range(5):
        ex.show_tab(i)
    ex.board_text.selected_index = 0
    ex.board_text.update(ex.state)
    seen = set()
    for w in _walk(ex):
        if not isinstance(w, ipywidgets.HTML):
            continue
        value = re.sub(r'<span aria-hidden="true"[^>]*>[^<]*</span>', "", w.value)
        for c in _TEXT_COLOUR.findall(value):
            seen.add(c.lower())
    assert seen, "no coloured text found: the pattern is wrong"
    for c in seen:
        assert palette.contrast(c, "#ffffff") >= 4.5, c
    assert "#999" not in ex.event_log.value


def test_the_decision_panel_has_real_headings_and_readable_reasons():
    ex = GameExplorer(played(3, seed=4, decisions=60), seats=["person"] * 3)
    while ex.state.decision != "place":
        ex.choose(ex.state.legal_actions()[0])
    assert ex.decision.prompt.value.startswith("<h2")
    assert "archwk-prompt" in ex.decision.prompt._dom_classes
    assert "archwk-decision" in ex.decision._dom_classes
    headers = [h.value for h in ex.decision.groups_box.children[0::2]]
    assert headers and all(h.startswith("<h3") for h in headers)
    reasons = [r.children[1].value for r in ex.decision._rows if r.children[1].value]
    for r in reasons:
        assert "font-size:12px" in r and palette.MUTED_TEXT in r
    # the event log's scroll box is reachable by keyboard
    assert 'tabindex="0"' in ex.event_log.value and 'aria-label="Event log"' in ex.event_log.value


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb")))
def test_every_page_has_a_title_and_the_helper_first(name):
    nb = json.loads((ROOT / "notebooks" / name).read_text())
    title = nb["metadata"].get("title", "")
    game = "Archon: Glory & Machination" if name.startswith("archon") else "Architects of the West Kingdom"
    assert game in title and title != name
    first = "".join(nb["cells"][0]["source"])
    assert nb["cells"][0]["cell_type"] == "code" and "PageHelper()" in first


def test_the_voila_template_drops_only_the_cdn_links():
    import jinja2
    from voila.paths import collect_template_paths
    share = ROOT / "share" / "jupyter"
    template = (share / "voila" / "templates" / "archwk" / "index.html.j2").read_text()
    stock = Path(collect_template_paths(["voila"], "lab", prune=True)[0]) / "index.html.j2"
    links = re.findall(r'<link rel="stylesheet" href="https://cdn[^"]+" type="text/css" />', stock.read_text())
    assert len(links) == 2, "Voila's lab template changed: check the links archwk's template removes"
    for link in links:
        assert link in template
    # the filter removes exactly those links from the block
    block = jinja2.Environment().from_string(
        "{{ text" + "".join(f" | replace({json.dumps(link)}, '')" for link in links) + " }}")
    out = block.render(text="<style>x</style>\n" + "\n".join(links) + "\n<b>kept</b>")
    assert "cdn" not in out and "<b>kept</b>" in out and "<style>x</style>" in out


def test_the_voila_tree_and_error_pages_link_no_cdn_either():
    from voila.paths import collect_template_paths
    mine = (ROOT / "share" / "jupyter" / "voila" / "templates" / "archwk" / "page.html").read_text()
    base = Path(collect_template_paths(["voila"], "base", prune=True)[0]) / "page.html"
    stock = base.read_text()
    assert "cdn.jsdelivr.net" in stock and "https://" not in mine
    # the rest of Voila's page is kept, line for line
    for line in stock.splitlines():
        if line.strip() and "font-awesome" not in line and line.strip() != "<html>":
            assert line.strip() in mine, line
