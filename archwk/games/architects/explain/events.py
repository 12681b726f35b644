"""Event texts: what an action caused, in words (`event.text`)."""
from __future__ import annotations

from ..constants import LOCATION_NAMES, RESOURCES
from ..core import VIRTUE_ABOVE_14, VIRTUE_BELOW_0
from .words import items, loc, plural

_items = items


def _loc(x) -> str:
    """The location's name without its article (the texts say "at the ...")."""
    return LOCATION_NAMES.get(x, str(x))


def _how(cause: str, location: str) -> str:
    """' (the Armoury)': what made it happen, unless that is the place the sentence
    already names (a Town Centre capture of a group at the Town Centre)."""
    return "" if cause == f"the {_loc(location)}" else f" ({cause})"


def _virtue(w: str, d) -> str:
    """A move on the Virtue track. The track runs from 0 to 14 (RB, Virtue Track): what
    would go below 0 becomes Debts instead (the next event takes them), what would go
    above 14 destroys unpaid Debts (the next event), and the rest of it is lost."""
    asked, moved, now, cause = d['asked'], d['delta'], d['virtue'], d['cause']
    if moved == asked:
        return f"{w} {'gains' if asked > 0 else 'loses'} {abs(asked)} Virtue ({cause}) and is now at {now}."
    if asked < 0:
        if moved == 0:
            return f"{w} would lose {-asked} Virtue ({cause}) but is already at 0."
        return f"{w} would lose {-asked} Virtue ({cause}) but has only {-moved} and drops to 0."
    text = (f"{w} would gain {asked} Virtue ({cause}) but is already at 14, the top of the track" if moved == 0
            else f"{w} would gain {asked} Virtue ({cause}) but gains only {moved}: 14 is the top of the track")
    above = asked - moved
    lost = above - d.get('destroyed', 0)
    if lost == above:
        text += (f"; {'the point' if lost == 1 else f'the {lost} points'} above it "
                 f"{'is' if lost == 1 else 'are'} lost (no unpaid Debt to destroy)")
    elif lost:
        text += f"; {lost} of the points above it {'is' if lost == 1 else 'are'} lost (no unpaid Debt left to destroy)"
    return text + "."


#: a player's counts an edit changes: (noun for 1, for more, counted): goods and Virtue are not counted
#: ("2 less Stone"), Debts and workers are ("2 fewer unpaid Debts")
_EDIT_NOUNS = {"silver": ("Silver", "Silver", False), "virtue": ("Virtue", "Virtue", False),
               "debts_unpaid": ("unpaid Debt", "unpaid Debts", True), "debts_paid": ("paid Debt", "paid Debts", True),
               "in_prison": ("worker in Prison", "workers in Prison", True)}


def _more(n: int, counted: bool) -> str:
    return "more" if n > 0 else "fewer" if counted else "less"


def _names(names) -> str:
    """['Smithy', 'Well', 'Tower'] -> 'the Smithy, the Well and the Tower'."""
    xs = [f"the {x}" for x in names]
    return xs[0] if len(xs) == 1 else ", ".join(xs[:-1]) + " and " + xs[-1]


def _edited(w: str, d) -> str:
    """What a what-if edit changed, in words (without "What-if: " and the full stop)."""
    what = d["what"]
    if what in _EDIT_NOUNS or what in RESOURCES:
        one, many, counted = _EDIT_NOUNS.get(what, (what.capitalize(), what.capitalize(), False))
        n = d["after"] - d["before"]
        return f"{w} has {abs(n)} {_more(n, counted)} {one if abs(n) == 1 else many} (now {d['after']})"
    if what == "cathedral_level":
        return f"{w}'s work on the Cathedral is at level {d['after']} (was {d['before']})"
    if what == "captured":
        n = d["after"] - d["before"]
        return (f"{w} holds {abs(n)} {_more(n, True)} of {d['owner_name']}'s workers captured "
                f"(now {d['after']})")
    if what == "workers":
        n = d["after"] - d["before"]
        return f"{w} has {abs(n)} {_more(n, True)} worker{'s' if abs(n) != 1 else ''} at {loc(d['location'])} " \
               f"(now {d['after']})"
    if what == "black_market_space":
        return (f"{w}'s worker now stands on {loc(d['location'])}" if d["after"]
                else f"{w}'s worker is taken off {loc(d['location'])}")
    if what == "hand":  # the names stay private: another player may read the log
        came, went = len(d["added"]), len(d["removed"])
        parts = []
        if came:
            parts.append(f"{plural(came, 'building card')} {'goes' if came == 1 else 'go'} into {w}'s hand")
        if went:
            parts.append(f"{went} {'comes' if went == 1 else 'come'} out of it" if came
                         else f"{plural(went, 'building card')} {'comes' if went == 1 else 'come'} out of {w}'s hand")
        return " and ".join(parts) + f" (now {d['count']})"
    if what in ("buildings", "apprentices"):
        unit = "building" if what == "buildings" else "apprentice"
        text = f"{w}'s {what}"
        if d["added"]:
            text += f" now include {_names(d['added'])}" + (" and" if d["removed"] else "")
        if d["removed"]:
            text += (" no longer " if d["added"] else " no longer include ") + _names(d["removed"])
        return text + f" ({plural(d['count'], unit)})"
    if what == "tax":
        n = d["after"] - d["before"]
        return f"the Tax Stand holds {abs(n)} {_more(n, False)} Silver (now {d['after']})"
    if what == "display":
        where = f"position {d['position']} of the Workshop display"
        was = f"the {d['before']}" if d["before"] else "empty"
        return (f"{where} now holds the {d['after']} (was {was})" if d["after"]
                else f"{where} is now empty (was {was})")
    if what == "display_silver":
        return (f"{d['after']} Silver {'lies' if d['after'] == 1 else 'lie'} on the {d['apprentice']} at position "
                f"{d['position']} of the Workshop display (was {d['before']})")
    if what == "market_goods":
        return f"{loc(d['location'])} now gives {_items(d['after'])} (was {_items(d['before'])})"
    if what == "guildhall":
        who = ", ".join(f"{name} {n}" for name, n in d["occupants"])
        return (f"{plural(d['after'], 'Guildhall space')} {'is' if d['after'] == 1 else 'are'} filled "
                f"(was {d['before']})" + (f": {who}" if who else ""))
    if what == "rewards":
        return f"the reward pile holds {plural(d['after'], 'card')} (was {d['before']})"
    raise ValueError(f"archwk.games.architects.explain: no words for the edit of {what!r}")


def describe(e) -> str:
    d, who = e.data, e.who or ""
    k = e.kind
    f = _EVENT_TEXT.get(k)
    if f is None:
        return f"{who} {k.replace('_', ' ')}".strip()
    return f(who, d)


_EVENT_TEXT = {
    "setup": lambda w, d: f"The game is set up; {d['first']} is the starting player.",
    "character": lambda w, d: f"{w} plays {d['character']}." if w != d['character'] else f"{w} joins the game.",
    "drafted": lambda w, d: f"{w} keeps a building card from the draft.",
    "play_starts": lambda w, d: "The draft is over: play begins.",
    "turn": lambda w, d: f"{w}'s {'final ' if d['final'] else ''}turn.",
    "placed": lambda w, d: f"{w} places a worker at the {_loc(d['location'])}"
                           + (f" ({d['cause']})" if d.get("cause") else "") + ".",
    "gained": lambda w, d: f"{w} gains {_items(d['items'])} from {d['cause']}.",
    "paid": lambda w, d: (f"{w} pays {d['silver'] or 'no'} Silver for {d['cause']}"
                          + (f", {d['tax']} of it Tax to the Tax Stand" if d['tax'] else "")
                          + (f" ({d['avoided']} Tax avoided)" if d['avoided'] else "") + "."),
    "paid_resources": lambda w, d: f"{w} pays {_items(d['items'])} for {d['cause']}.",
    "virtue": lambda w, d: _virtue(w, d),
    "debt_taken": lambda w, d: (f"{w} takes {plural(d['count'], 'unpaid Debt')}"
                                + (" instead: 1 for each point of Virtue below 0." if d['cause'] == VIRTUE_BELOW_0
                                   else f" ({d['cause']}).")),
    "debt_destroyed": lambda w, d: (f"{w} destroys {plural(d['count'], 'unpaid Debt')}"
                                    + (" instead: 1 for each point of Virtue above 14."
                                       if d['cause'] == VIRTUE_ABOVE_14 else f" ({d['cause']}).")),
    "debt_paid": lambda w, d: f"{w} pays off a Debt and flips it to paid.",
    "drew": lambda w, d: (f"{w} draws {d['count']} building card{'s' if d['count'] != 1 else ''} ({d['cause']})"
                          + (f"; the pile had only {d['count']}" if d['count'] < d['wanted'] else "") + "."),
    "discarded": lambda w, d: f"{w} discards a building card to the bottom of the pile ({d['cause']}).",
    "hired": lambda w, d: (f"{w} hires the {d['apprentice']} through {d['via']}"
                           + (f" and takes the {d['silver_on_card']} Silver on it" if d['silver_on_card'] else "")
                           + "."),
    "apprentice_discarded": lambda w, d: f"{w} discards the {d['apprentice']} ({d['cause']}).",
    "skipped": lambda w, d: f"{w} lays {d['count']} Silver on skipped apprentices.",
    "captured": lambda w, d: (f"{w} captures {d['count']} of "
                              + ("their own workers (back to supply)" if d['owner_name'] == w
                                 else f"{d['owner_name']}'s workers")
                              + f" at the {_loc(d['location'])}" + _how(d['cause'], d['location']) + "."),
    "released": lambda w, d: f"{w} gets {d['count']} worker{'s' if d['count'] > 1 else ''} back from "
                             f"{'Prison' if d['source'] == 'prison' else 'other players’ boards'} ({d['cause']}).",
    "sent_to_prison": lambda w, d: f"{w} sends {d['count']} captured worker{'s' if d['count'] > 1 else ''} to Prison.",
    "to_prison": lambda w, d: f"{w}'s worker goes to Prison ({d['cause']}).",
    "stole_tax": lambda w, d: f"{w} steals {d['silver']} Silver from the Tax Stand.",
    "no_virtue_lost": lambda w, d: f"{w} loses no Virtue thanks to {d['cause']}.",
    "traded": lambda w, d: f"{w} trades {_items(d['pay'])} for {_items(d['gain'])} at the King's Storehouse.",
    "looked": lambda w, d: f"{w} looks at {plural(d['count'], 'building card')}.",
    "kept": lambda w, d: f"{w} keeps 1 and puts {d['returned']} under the pile.",
    "constructed": lambda w, d: f"{w} constructs the {d['building']} ({d['vp']} VP).",
    "cathedral": lambda w, d: f"{w} advances work on the Cathedral to level {d['level']}.",
    "reward": lambda w, d: f"{w} reveals a reward card.",
    "guildhall_space": lambda w, d: (f"{w}'s worker fills Guildhall space {d['space']} "
                                     f"(row {d['row']}, column {d['column']})."),
    "guildhall_side": lambda w, d: f"{w}'s worker is laid beside the full Guildhall.",
    "reset_triggered": lambda w, d: f"Guildhall space {d['space']} triggers a Black Market reset after this action.",
    "end_triggered": lambda w, d: f"{w} fills the last Guildhall space: after this turn everyone has one final turn.",
    "display_discarded": lambda w, d: (f"The left-most apprentices ({', '.join(d['apprentices'])}) "
                                       "are discarded from the display."),
    "reset": lambda w, d: f"Black Market reset #{d['number']}.",
    "market_flipped": lambda w, d: "The top Small Market card turns over onto the Large Market.",
    "market_reshuffled": lambda w, d: "The Small Market pile is empty: the Large Market pile is shuffled to form it.",
    "returned_worker": lambda w, d: f"{w} has no workers left and brings one back from the {_loc(d['location'])}.",
    "passed": lambda w, d: f"{w} has no worker anywhere to bring back; the turn passes.",
    "game_over": lambda w, d: ("The game is over. Scores: "
                               + ", ".join(f"{k} {v}" for k, v in d['scores'].items()) + "."),
    "scheme": lambda w, d: f"{w} reveals a Scheme card: a worker to {loc(d['location'])}.",
    "hugo_paid": lambda w, d: f"{w} pays 2 Silver instead of taking a Debt.",
    "scheme_future": lambda w, d: "A Future Scheme card joins the opponent's Scheme discard pile.",
    "scheme_reshuffled": lambda w, d: f"{w}'s Scheme pile is empty: the discards are shuffled into a new pile.",
    "bot_regrouped": lambda w, d: (f"{w} has no workers left: {d['count']} come back to its board "
                                   "and the Schemes are reshuffled."),
    "edited": lambda w, d: "What-if: " + _edited(w, d) + ".",
    "tax_returned": lambda w, d: f"{w} returns the {d['silver']} Silver on the Tax Stand to the supply.",
}
