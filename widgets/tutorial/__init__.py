"""The rules tutorial: the lesson framework any game's lessons are written on
(`lessons`, pure Python: Lesson, Attempt, Verdict, Claim, Progress) and the
interface (`ui.TutorialUI`, ipywidgets), which teaches the game it is given by
name with that game's lessons (`widgets.<game>.lessons`). `LESSONS`, `Lesson`
and `Progress` here are Architects' (the default game's), by their old names.

>>> from widgets.tutorial import LESSONS
>>> LESSONS[0].section
'Aim of the Game'
"""
__all__ = ["LESSONS", "Lesson", "Progress", "TutorialUI"]


def __getattr__(name):
    # the interface imports ipywidgets and plotly: load it only when asked
    if name == "TutorialUI":
        from .ui import TutorialUI
        return TutorialUI
    if name in ("LESSONS", "Lesson", "Progress"):
        from ..architects import lessons
        return getattr(lessons, name)
    raise AttributeError(f"module 'widgets.tutorial' has no attribute {name!r}")
