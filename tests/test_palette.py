"""The seat palette (widgets.palette): told apart by people with colour-vision
deficiencies, visible on the board, and the same in every chart; and the
colour science it is checked with, against published reference values."""
from __future__ import annotations

import itertools

import pytest

import archwk
from widgets import palette as P

# Sharma, Wu and Dalal (2005), table 1: CIEDE2000 test pairs (L*a*b*, L*a*b*, dE00)
SHARMA_PAIRS = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0000),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (50.0, 3.2592, 0.3350), 1.0000),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize("lab1, lab2, expected", SHARMA_PAIRS)
def test_ciede2000_matches_the_published_test_data(lab1, lab2, expected):
    assert P.delta_e2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert P.delta_e2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def test_contrast_and_simulation_reference_points():
    assert P.contrast("#ffffff", "#000000") == pytest.approx(21.0)
    assert P.contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # WCAG's classic example
    # a deuteranope or protanope cannot tell pure red from a yellow-olive of the same lightness
    assert P.distance("#ff0000", "#00ff00", "normal") > 80
    assert P.distance("#d62728", "#2ca02c", "deuteranopia") < 10   # the old red and green seats
    for vision in P.VISION:
        assert P.simulate("#000000", vision) == "#000000"
        assert P.simulate("#ffffff", vision) in ("#ffffff", "#fefefe", "#fffffe", "#fffeff")
    with pytest.raises(ValueError, match="vision"):
        P.simulate("#123456", "monochromacy")
    with pytest.raises(ValueError, match="colour"):
        P.rgb("red")


def _min_distance(colours, visions):
    return min(P.distance(a, b, v) for a, b in itertools.combinations(colours, 2) for v in visions)


def test_the_default_three_seats_stay_apart_under_red_green_deficiencies():
    # the issue: red and green seats were 4.6 apart to a deuteranope in the default 3-player game
    three = P.SEAT_COLOURS[:3]
    assert _min_distance(three, ("normal", "deuteranopia", "protanopia")) >= 20
    assert _min_distance(three, ("tritanopia",)) >= 9


def test_all_five_seats_stay_apart_for_every_vision():
    assert _min_distance(P.SEAT_COLOURS, ("normal", "deuteranopia", "protanopia")) >= 15
    assert _min_distance(P.SEAT_COLOURS, ("tritanopia",)) >= 9
    # the solo opponent against the one seat of a solo game
    assert min(P.distance(P.SOLO_COLOUR, P.SEAT_COLOURS[0], v) for v in P.VISION) >= 15


def test_every_seat_stands_out_on_the_board_and_its_numbers_read():
    # graphical objects: 3:1 on the board's background (the yellow seat was 1.7:1)
    for c in P.SEAT_COLOURS + (P.SOLO_COLOUR,):
        assert P.contrast(c, P.BOARD_BACKGROUND) >= 3.0, c
        assert P.contrast(c, P.ink(c)) >= 4.5, c          # the worker count drawn on the marker
    assert P.contrast(P.MUTED_TEXT, P.PAGE_BACKGROUND) >= 4.5
    assert P.contrast(P.MUTED_TEXT, P.BOARD_BACKGROUND) >= 4.5


def test_seats_have_distinct_shapes_and_names():
    assert len(set(P.SEAT_SYMBOLS)) == len(P.SEAT_SYMBOLS) == len(P.SEAT_COLOURS)
    assert len(set(P.SEAT_GLYPHS)) == len(P.SEAT_GLYPHS) == len(P.SEAT_COLOURS)
    assert len(set(P.SEAT_COLOUR_NAMES)) == len(P.SEAT_COLOURS)


def test_one_palette_on_the_board_the_panels_and_the_charts():
    from widgets import analysis_charts, text
    from widgets.architects import board
    assert text.PLAYER_COLOURS == P.SEAT_COLOURS == analysis_charts.PLAYER_COLOURS
    s = archwk.new_game(5, seed=3)
    traces = {t["name"]: t for t in board.board_traces(s)}
    assert traces["players"]["marker"]["color"] == list(P.SEAT_COLOURS)
    assert traces["players"]["marker"]["symbol"] == list(P.SEAT_SYMBOLS)
    # the simulation chart colours its seats as the board does
    from archwk.ai.simulate import run
    fig = analysis_charts.simulation_figures(run(5, 1, seed=1, bots=("fast",)))
    box_colours = [tr.marker.color for tr in fig.data if tr.type == "box"]
    assert box_colours == list(P.SEAT_COLOURS)


def test_focus_rings_stand_out_at_3_to_1():
    from widgets.a11y import FOCUS_COLOUR
    for background in (P.PAGE_BACKGROUND, P.BOARD_BACKGROUND, "#eeeeee"):  # page, board, ipywidgets' buttons
        assert P.contrast(FOCUS_COLOUR, background) >= 3.0
