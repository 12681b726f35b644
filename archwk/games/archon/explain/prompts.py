"""Prompts: the current decision in words ("Ann: play a card and place a Wooden
Figure, or pass")."""
from __future__ import annotations

from .words import and_list, magister_name


def prompt(state) -> str:
    t = state._t
    if t.phase == "over":
        from ..scoring import winners
        win = [state.players[w].name for w in winners(state)]
        return f"The game is over: {and_list(win)} {'wins' if len(win) == 1 else 'share the victory'}"
    if not t.pending:
        return "Nothing to decide"
    d = t.pending[-1]
    name = state.players[d.player].name
    k = d.kind
    if k == "start":
        return f"{name}: choose your two starting Magisters"
    if k == "split":
        return (f"{name}: split your 10 cards into two piles of 5: choose the hand for round {t.round} "
                f"(the other pile is round {t.round + 1}'s)")
    if k == "turn":
        return f"{name}: play a card and place a Wooden Figure, or pass (round {t.round})"
    if k == "scribe":
        return f"{name}: take one more action (Scribe), or take none"
    if k == "take":
        left = d.get("left")
        return f"{name}: take a cube from the Repository ({left} to take)"
    if k == "lab":
        return f"{name}: take a cube from the stockpile (Laboratory)"
    if k == "market":
        return f"{name}: trade at the Marketplace (up to 2 purchases and 1 sale), or finish"
    if k == "recruit":
        return f"{name}: choose the Magister to recruit"
    if k == "replace":
        return f"{name}: choose the Courtier your new {magister_name(d.get('magister'))} replaces"
    if k == "guard":
        return f"{name}: put an Elite Warrior on the city wall" + (", or stop" if d.get("placed") else "")
    if k == "tile":
        return f"{name}: choose a Building tile to acquire"
    if k == "more":
        what = "Arts" if d.get("what") == "arts" else "Science"
        return f"{name}: buy a second {what} card, or stop"
    if k == "lose":
        return f"{name}: the raid still costs you {d.get('left')}: choose a cube to lose"
    return f"{name}: choose"
