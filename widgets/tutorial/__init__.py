"""The rules tutorial: the lessons (`lessons`, pure Python: positions, tasks and
judges) and their interface (`ui.TutorialUI`, ipywidgets).

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
