"""What the rules say a move throws away, for the coach's judgement (role "move_facts" of
`archwk.ai.roles`): facts a learner can check on the table, each with the verdict it earns
at least, worded for the player who moves.

The coach's chances rest on sample games a few rounds long, read by a model of public
figures only: a loss that shows later (a building that can no longer be built) can hide in
them. These facts name such losses from the mover's own cards:

* capturing your own workers at the Town Centre (rulebook: they go back to your supply)
  while your supply holds plenty and another player's workers could be captured: a mistake;
* discarding an apprentice (rulebook, the Workshop: "you may discard at any time") whose
  skill no other apprentice of yours has, while buildings in your hand need that skill
  (rulebook, the Guildhall: a building needs "at least 1 hired Apprentice with each matching
  symbol"): a mistake, a blunder when every building in your hand needs it (two or more);
* on your last turn (rulebook, End of the Game: after the last Guildhall space is taken,
  each player has one more turn), freeing your workers from other players' boards at the
  Guardhouse for a Debt and a Virtue or for 5 Silver, when that costs points at the end
  (rulebook, End-Game Scoring) and another choice there does not, and no player holding
  them has a turn left (who could send them to Prison): workers held on other players'
  boards cost nothing at the end. A mistake.

>>> import archwk
>>> s = archwk.new_game(2, seed=1)
>>> move_facts(s, s.legal_actions()[0])
[]
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ....kit.errors import ArchwkError
from .. import cards
from ..constants import LOCATION_NAMES, OPEN_INDEX
from ..core import capture_location_limit, capture_targets, held_by_others
from ..engine import NATIVE_DISCARD
from ..explain.words import plural

_NUMBER = {2: "both", 3: "all three", 4: "all four", 5: "all five"}


def _apprentice(card_id: int):
    return cards.APPRENTICES[card_id - 1]


#: own workers in the supply from which taking back more is no help (a worker a turn is placed)
_PLENTY = 5


def move_facts(state, action) -> list[tuple[str, str]]:
    """[(verdict, sentence)]: what `action` (legal at `state`, seen from the mover's view)
    throws away by the rules; empty when nothing is clear."""
    kind = getattr(action, "kind", None)
    if state.is_over:
        return []
    if kind == "capture":
        return _capture_facts(state, action)
    if kind == "guard":
        return _last_turn_release_facts(state, action)
    if kind != "discard_apprentice":
        return []
    if state.pending and state.pending[-1].kind in NATIVE_DISCARD:  # a forced discard (hiring at the limit, Graveyard)
        return []
    p = state.current_player
    pl = state.players[p]
    card = _apprentice(action.card)
    others = [_apprentice(i) for i in pl.apprentice_ids if i != action.card]  # each card is one of a kind
    hand = [cards.building(n) for n in pl.hand]
    out = []
    for skill in sorted(card.skills):
        if any(skill in o.skills for o in others):
            continue
        needing = [b for b in hand if skill in b.skills]
        if not needing:
            continue
        word = skill.capitalize()
        if len(needing) == len(hand) and len(hand) >= 2:
            verdict = "blunder"
            what = f"{_NUMBER.get(len(hand), f'all {len(hand)}')} buildings in your hand need {word}"
        elif len(needing) == 1:
            verdict = "mistake"
            what = f"the {needing[0].name} in your hand needs {word}"
        else:
            verdict = "mistake"
            what = f"{plural(len(needing), 'building')} in your hand need {word}"
        out.append((verdict, f"{what}, and the {card.name} is your only {word} apprentice"))
    return out


def _capture_facts(state, action) -> list[tuple[str, str]]:
    """Capturing your own workers (rulebook, the Town Centre: they go back to your supply)
    with plenty in your supply, while another player's group could be captured (and sold or
    kept from them): a Silver and a capture for nothing."""
    p = state.current_player
    if action.target != p:
        return []
    pl = state.players[p]
    if pl.workers_in_supply < _PLENTY:
        return []
    dec = state.pending[-1]
    used = dec.data.locations
    others = [(loc, o) for loc, o in capture_targets(state, p, used, capture_location_limit(state)) if o != p]
    if not others:
        return []
    n = state.board[OPEN_INDEX[action.location]][p]
    where = LOCATION_NAMES[action.location]
    return [("mistake", f"it only takes {n} of your own workers back from the {where} to your supply, "
                        f"which holds {pl.workers_in_supply} already, while another player's workers could be "
                        "captured instead")]


#: the Guardhouse actions that pay to free your workers from other players' boards
_RELEASES = ("release_debt", "release_silver")


def is_last_turn(state) -> bool:
    """Whether the player whose turn it is is on their last turn: the last Guildhall
    space is taken and the turn that took it is over (rulebook, End of the Game)."""
    n = state.final_turns
    return n is not None and not state.is_over and n <= len(state.players)


def _last_turn_release_facts(state, action) -> list[tuple[str, str]]:
    """Freeing your workers from other players' boards on your last turn, when it costs
    points at the end that another choice at the Guardhouse does not."""
    if action.option not in _RELEASES or not is_last_turn(state):
        return []
    from ..core import commit, thaw
    from ..locations import guardhouse
    from ..scoring import final_scores
    p = state.current_player
    dec = state.pending[-1] if state.pending else None
    if dec is None or dec.kind != "guardhouse":
        return []
    players = len(state.players)
    still_to_play = {(state.turn_player + k) % players for k in range(1, state.final_turns)}
    if any(state.players[o].captured[p] for o in still_to_play if o != p):
        return []  # a captor still to play could send them to Prison (-1 point per 2 at the end)

    def total(a) -> int:
        """The mover's score if the game ended after choosing `a` (worked on a copy, so
        that it holds for the mover's own view too, where nothing can be played)."""
        t = thaw(state)
        t.pending = t.pending[:-1]
        guardhouse.DECISION.resolve(t, dec, a)
        return final_scores(commit(t))[p].total
    others = [a for a in guardhouse.DECISION.legal(state, dec) if a != action and a.kind == "guard"]
    try:
        now, after = final_scores(state)[p].total, total(action)
        best_other = max((total(a) for a in others), default=None)
    except ArchwkError:  # a position the scoring cannot read: nothing is clear
        return []
    cost = now - after
    if cost <= 0 or best_other is None or best_other <= after:
        return []
    n = held_by_others(state, p)
    return [("mistake", "the game ends after this round and workers held on other players' boards cost nothing "
                        f"at the end, so freeing your {plural(n, 'worker')} only costs you {plural(cost, 'point')}")]


# --------------------------------------------------------------------------- the blunder set

#: hand-built positions with a clearly losing move, for the coach's tests and exercises
BLUNDERS_PATH = Path(__file__).resolve().parent.parent / "data" / "blunders.json"
_VERDICTS = ("mistake", "blunder")


class BlunderDataError(ArchwkError):
    """The blunder set is malformed (the message names the file, the entry and the field)."""


@dataclass(frozen=True)
class Blunder:
    """A position (`state`), its clearly losing move (`action`), the verdict it earns at
    least, what it is (`about`) and, where the rules say why, the reason the coach must name
    (`why`, empty where only the chances show it)."""
    name: str
    verdict: str
    about: str
    why: str
    state: Any
    action: Any


def blunders(path: Path | str = BLUNDERS_PATH) -> list[Blunder]:
    """The blunder set, each position replayed through the rules and its move checked legal;
    `BlunderDataError` names the file, entry and field of any mistake."""
    from ....games import load_record
    from ..actions import Action
    path = Path(path)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise BlunderDataError(f"{path.name}: cannot read the blunder set ({err})") from None
    if not isinstance(doc, dict) or doc.get("version") != 1 or not isinstance(doc.get("positions"), list):
        raise BlunderDataError(f"{path.name}: expected {{'version': 1, 'positions': [...]}}")
    out = []
    for k, entry in enumerate(doc["positions"]):
        where = f"{path.name}: positions[{k}]"

        def field(name, kind, e=entry, where=where):
            v = e.get(name) if isinstance(e, dict) else None
            if not isinstance(v, kind):
                raise BlunderDataError(f"{where}: field {name!r} must be a {kind.__name__}")
            return v
        name = field("name", str)
        where = f"{path.name}: positions[{k}] ({name})"
        verdict = field("verdict", str, where=where)
        if verdict not in _VERDICTS:
            raise BlunderDataError(f"{where}: field 'verdict' must be one of {', '.join(_VERDICTS)}")
        try:
            state = load_record(field("record", dict, where=where)).state
            action = Action.from_dict(field("move", dict, where=where))
        except ArchwkError as err:
            raise BlunderDataError(f"{where}: field 'record' or 'move': {err}") from None
        if action not in state.legal_actions():
            raise BlunderDataError(f"{where}: field 'move': {action} is not legal in the position")
        out.append(Blunder(name, verdict, field("about", str, where=where), field("why", str, where=where),
                           state, action))
    return out
