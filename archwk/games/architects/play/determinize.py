"""Determinization: a full, playable game consistent with what one player sees.

A player's view (`state.view(p)`) hides the other players' hands and draft
cards, the order of the building deck, the apprentice deck, the Small Market
pile below its top card and the reward pile, and the generator. A
*determinization* fills every hidden part with a sample that agrees with the
view: the building cards the player cannot account for (not in their hand or
draft, not built, not among the 5 they are looking at) are dealt at random into
the other hands and the deck; the apprentices neither on the display nor hired
are shuffled into the apprentice deck; the Black Market cards not face up are
shuffled under the visible top card; the reward pile is drawn from the reward
cards; the generator gets a fresh seed. Solo games also shuffle the Byzantine
opponent's Scheme piles, whose order the player does not know.

Search and move evaluation play on determinizations, never on the real state,
so no bot peeks at a hidden card.

What the sampler does not use (a documented simplification): what the player
could remember from earlier in the game, such as cards they passed in the draft
or saw being discarded to the bottom of the deck, and which reward cards were
already taken. Every unseen card is treated as equally likely anywhere hidden.

>>> import archwk, random
>>> from archwk.analysis import Determinizer
>>> s = archwk.new_game(3, seed=7)
>>> d = Determinizer(s.view(s.current_player), s.current_player)
>>> full = d.sample(random.Random(1))
>>> full.players[0].hand == s.players[0].hand if s.current_player == 0 else True
True
"""
from __future__ import annotations

import random

from .. import cards, core
from ..decisions import LookedAt
from ..model import HIDDEN, GameState
from ..schemes import schemes_of

_MASK64 = (1 << 64) - 1


def viewer_of(view: GameState) -> int | None:
    """The player a view belongs to: the one whose hand and draft are not hidden
    (None when that cannot be told, e.g. no one holds a card)."""
    hidden = [i for i, p in enumerate(view.players) if any(c == HIDDEN for c in p.hand)
              or (view.draft and any(c == HIDDEN for c in view.draft[i]))]
    candidates = [i for i in range(len(view.players)) if i not in hidden and not view.players[i].is_byzantine]
    return candidates[0] if len(candidates) == 1 else None


class Determinizer:
    """Samples full states consistent with `view` (the view of `player`).

    Built once per position (it works out what is unseen), then `sample(rng)`
    is cheap enough to call for every rollout. `view` may also be a full state:
    it is turned into `player`'s view first.
    """

    def __init__(self, view: GameState, player: int):
        if not view.is_view:
            view = view.view(player)
        self.view = view
        self.player = player
        s = view
        self.game_buildings = _game_buildings(s)
        known: set[str] = set()
        me = s.players[player]
        known.update(me.hand)
        if s.draft:
            known.update(s.draft[player])
        for p in s.players:
            known.update(p.buildings)
        for dec in s.pending:
            if dec.kind == "keep_one" and dec.player == player:
                known.update(dec.data.cards)
        # the slots to fill, in a fixed order: other hands, other draft hands,
        # other players' 5-card looks, then the deck
        self.hand_slots = [(i, len(p.hand)) for i, p in enumerate(s.players)
                           if i != player and p.hand and p.hand[0] == HIDDEN]
        self.draft_slots = [(i, len(h)) for i, h in enumerate(s.draft) if i != player and h]
        self.look_slots = [(k, len(dec.data.cards)) for k, dec in enumerate(s.pending)
                           if dec.kind == "keep_one" and dec.player != player]
        self.unseen_buildings = sorted(self.game_buildings - known)
        need = (sum(n for _, n in self.hand_slots) + sum(n for _, n in self.draft_slots)
                + sum(n for _, n in self.look_slots) + len(s.building_deck))
        if need != len(self.unseen_buildings):
            raise ValueError(f"determinize: {need} hidden building cards but {len(self.unseen_buildings)} "
                             "cards unaccounted for; is this the view of that player?")
        in_game_apps = {a.id for a in cards.APPRENTICES if a.set == "base" or s.options.expansion_cards}
        seen_apps = {c for c in s.display if c}
        for p in s.players:
            seen_apps.update(p.apprentice_ids)
        self.unseen_apprentices = sorted(in_game_apps - seen_apps)
        if len(self.unseen_apprentices) != len(s.apprentice_deck):
            raise ValueError("determinize: the apprentice deck does not match the unseen apprentices")
        large = set(s.bm_large)
        top = s.bm_small[:1]
        self.bm_top = tuple(top)
        self.unseen_bm = sorted(set(range(1, len(cards.BLACK_MARKET_CARDS) + 1)) - large - set(top))
        self.reward_ids = sorted(core.REWARD)
        self.n_rewards = len(s.rewards)
        self.schemes = any(p.is_byzantine for p in s.players)
        if self.schemes:
            # the face-down Scheme cards: every card of the deck not in the (public) discards;
            # the Future pile holds Future cards only (a documented simplification: any
            # unseen Future card may be in it)
            piles = s.scheme_piles
            assert piles is not None  # the Byzantine opponent plays with the scheme piles
            entries = schemes_of(s.options)
            seen = set(piles.discard)
            self.unseen_future = sorted(e[0] for e in entries if e[1] == "future" and e[0] not in seen)
            self.unseen_schemes = sorted(e[0] for e in entries if e[0] not in seen)
            if len(self.unseen_schemes) != len(piles.deck) + len(piles.future) \
                    or len(self.unseen_future) < len(piles.future):
                raise ValueError("determinize: the Scheme piles do not match the unseen Scheme cards")

    def sample(self, rng: random.Random) -> GameState:
        """One full state consistent with the view, drawn with `rng`."""
        s = self.view
        t = core.thaw(s)
        pool = list(self.unseen_buildings)
        rng.shuffle(pool)
        k = 0
        for i, n in self.hand_slots:
            core.writable_player(t, i).hand = tuple(pool[k:k + n])
            k += n
        if self.draft_slots:
            draft = list(t.draft)
            for i, n in self.draft_slots:
                draft[i] = tuple(pool[k:k + n])
                k += n
            t.draft = tuple(draft)
        if self.look_slots:
            pending = list(t.pending)
            for idx, n in self.look_slots:
                pending[idx] = pending[idx]._replace(data=LookedAt(tuple(pool[k:k + n])))
                k += n
            t.pending = tuple(pending)
        t.building_deck = tuple(pool[k:])
        apps = list(self.unseen_apprentices)
        rng.shuffle(apps)
        t.apprentice_deck = tuple(apps)
        bm = list(self.unseen_bm)
        rng.shuffle(bm)
        t.bm_small = self.bm_top + tuple(bm)
        t.rewards = tuple(rng.sample(self.reward_ids, self.n_rewards))
        t.rng = rng.getrandbits(64) & _MASK64
        if self.schemes:
            piles = t.scheme_piles
            assert piles is not None  # the Byzantine opponent plays with the scheme piles
            future = rng.sample(self.unseen_future, len(piles.future))
            chosen = set(future)
            deck = [c for c in self.unseen_schemes if c not in chosen]
            rng.shuffle(deck)
            t.scheme_piles = piles._replace(deck=tuple(deck), future=tuple(future))
        t.is_view = False
        t.events = list(s.events)
        out = core.commit(t)
        return out


def determinize(state: GameState, player: int | None = None, rng: random.Random | int | None = None) -> GameState:
    """One full state consistent with what `player` (default: the current player)
    may know of `state` (a full state or that player's view).

    >>> import archwk
    >>> from archwk.games.architects.save import validate
    >>> s = archwk.new_game(4, seed=3)
    >>> validate(determinize(s, rng=5))
    """
    if player is None:
        player = state.current_player if not state.is_view else viewer_of(state)
        if player is None:
            raise ValueError("determinize: say which player's view this is (player=...)")
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    return Determinizer(state, player).sample(rng)


def _game_buildings(s) -> set[str]:
    names = {b.name for b in cards.BUILDINGS if b.set == "base" or s.options.expansion_cards}
    if sum(1 for p in s.players if not p.is_byzantine) == 1:  # solo: no Resource Markets
        names = {n for n in names if core.BUILDING[n].effect != "most"}
    return names
