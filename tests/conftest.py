"""Shared pytest configuration for the archwk tests."""
from __future__ import annotations


def pytest_configure(config):
    # tests/test_buildings.py and tests/test_apprentices.py; see tests/test_card_coverage.py
    config.addinivalue_line(
        "markers",
        "card(*buildings, apprentice=None): the building cards (by name) and apprentice cards "
        "(by id, an int or a tuple of ints) whose behaviour this test checks",
    )
    config.addinivalue_line(
        "markers", "voila_args(*options): extra Voila options for tests/test_voila_server.py's server")
