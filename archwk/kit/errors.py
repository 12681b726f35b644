"""The errors archwk raises for bad input, all beneath one base.

Every one is a `ValueError`, so callers that catch `ValueError` keep working;
catch `ArchwkError` to tell archwk's refusals from other bugs.

>>> import archwk
>>> issubclass(archwk.IllegalAction, archwk.ArchwkError) and issubclass(archwk.ArchwkError, ValueError)
True
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["ArchwkError", "CardDataError", "IllegalAction", "InvalidEdit", "InvalidOptions",
           "InvalidSave"]


class ArchwkError(ValueError):
    """Base of every error archwk raises for input it refuses."""


class IllegalAction(ArchwkError):
    """An action that the rules do not allow here; the message names the rule."""


class InvalidSave(ArchwkError):
    """A saved game, game record or action document that cannot be loaded."""


class InvalidEdit(ArchwkError):
    """A what-if edit that would make an impossible position."""


class InvalidOptions(ArchwkError):
    """Game options, players or a Scheme deck that no game can be set up with."""


class CardDataError(ArchwkError):
    """Invalid card data. ``str()`` names the file, the card and the field."""

    def __init__(
        self,
        file: str | Path,
        problem: str,
        *,
        card: str | None = None,
        card_id: Any = None,
        card_name: str | None = None,
        field: str | None = None,
    ) -> None:
        self.file = str(file)
        self.problem = problem
        self.card = card
        self.card_id = card_id
        self.card_name = card_name
        self.field = field
        parts = [self.file]
        if card:
            parts.append(card)
        if field:
            parts.append(f"field '{field}'")
        parts.append(problem)
        super().__init__(": ".join(parts))
