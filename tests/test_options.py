"""`archwk.Options`: the defaults (the printed game), the flags, and the
`Options.online()` preset (facts §16, last paragraph and rows 9, 13-15;
rules-notes "Options that change the rules").

"RB" is the rulebook (shared/seeds/000_61b9e43c65635cb2.txt), "facts §N" the
reference file shared/reference/architects-facts.md, "rules-notes" the page
archwk/games/architects/data/rules-notes.md.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from helpers import act, kinds, place, started

import archwk
from archwk import Action, Options
from archwk.games.architects import solo

NOTES = Path(archwk.games.architects.__file__).parent / "data" / "rules-notes.md"


def test_defaults_are_the_printed_game():
    """facts §16: the default Options() plays the printed base game (RB)."""
    o = Options()
    assert o.board_side == 1
    assert o.artisans is False and o.expansion_cards is False and o.promo_characters is False
    assert o.solo_opponent is None and o.two_player_bot is False and o.characters is None
    assert o.voluntary_apprentice_discard is True  # RB: discard at any time
    assert o.artisans_discard_returns_silver is True  # SUM
    assert o.schemes is None


def test_online_preset_flags():
    """facts §16: `Options.online()` gives artisans=True, expansion_cards=True and
    the IMPL behaviours of rows 9 and 13 (rules-notes: no free apprentice
    discard; Silver stays on discarded display apprentices); nothing else."""
    o = Options.online()
    assert o == Options(artisans=True, expansion_cards=True, voluntary_apprentice_discard=False,
                        artisans_discard_returns_silver=False)
    changed = {f.name for f in dataclasses.fields(Options)
               if getattr(o, f.name) != getattr(Options(), f.name)}
    assert changed == {"artisans", "expansion_cards", "voluntary_apprentice_discard",
                       "artisans_discard_returns_silver"}


def test_online_preset_is_documented():
    """facts §16: the rules-notes page names each difference the preset makes."""
    text = NOTES.read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith("| `Options.online()`"))
    for phrase in ("artisans=True", "expansion_cards=True", "no free apprentice discard",
                   "Silver stays on apprentices"):
        assert phrase in line


def test_options_are_frozen_and_hashable():
    """API: Options is a frozen dataclass."""
    o = Options(board_side=2, characters=["Ada", "Rudolf"])
    with pytest.raises(dataclasses.FrozenInstanceError):
        o.board_side = 1  # type: ignore[misc]
    assert o.characters == ("Ada", "Rudolf")  # lists are stored as tuples
    assert hash(o) == hash(Options(board_side=2, characters=("Ada", "Rudolf")))


@pytest.mark.parametrize("o", [
    Options(),
    Options.online(),
    Options(board_side=2, promo_characters=True, characters=["Hugo", "Fara", "Ada"]),
    Options(solo_opponent="helena"),
    Options(two_player_bot=True, solo_opponent="constantine"),
    Options(schemes=solo.STAND_IN_SCHEMES),
])
def test_options_dict_round_trip(o):
    """API (Saving): options are part of a game record and round-trip."""
    assert Options.from_dict(o.to_dict()) == o


def test_options_from_dict_rejects_unknown_fields():
    """API: a malformed options object is refused, naming the field."""
    with pytest.raises(ValueError, match="unknown field.*colour"):
        Options.from_dict({"colour": "red"})
    with pytest.raises(ValueError, match="expected an object"):
        Options.from_dict(["board_side", 2])


@pytest.mark.parametrize("kwargs, pattern", [
    ({"two_player_bot": "yes"}, "two_player_bot"),
    ({"artisans_discard_returns_silver": 1}, "artisans_discard_returns_silver"),
    ({"solo_opponent": "Constantine "}, "solo_opponent"),
    ({"solo_opponent": 1}, "solo_opponent"),
    ({"board_side": 0}, "board_side"),
    ({"board_side": 2, "characters": ["Ada", 3]}, "characters"),
])
def test_bad_option_values(kwargs, pattern):
    """API: Options checks its values and names the bad field."""
    with pytest.raises(ValueError, match=pattern):
        Options(**kwargs)


@pytest.mark.parametrize("o", [Options(), Options.online(),
                               Options(board_side=2, promo_characters=True)])
def test_options_survive_save_and_load(o):
    """API (Saving): to_json/from_json keeps the options."""
    s = started(3, 2, o)
    s2 = archwk.GameState.from_json(s.to_json())
    assert s2.options == o
    assert s2.to_json() == s.to_json()


# --------------------------------------------------------------------------- voluntary apprentice discard


def _with_apprentice(options):
    s = started(2, 4, options)
    p = s.current_player
    card = next(c for c in s.apprentice_deck)
    return s.edit(player=p, apprentices=[card] + list(s.players[p].apprentice_ids)), p, card


def test_free_discard_offered_by_default():
    """RB Workshop: "you may discard at any time" (facts §16 row 13): a free
    decision at your placement that does not end the turn; the card goes to the
    bottom of the apprentice deck; its Virtue is not reversed."""
    s, p, card = _with_apprentice(Options())
    assert Action("discard_apprentice", card=card) in s.legal_actions()
    virtue = s.players[p].virtue
    s = act(s, "discard_apprentice", card=card)
    assert card not in s.players[p].apprentice_ids
    assert s.apprentice_deck[-1] == card
    assert s.current_player == p and s.decision == "place"
    assert s.players[p].virtue == virtue


def test_no_free_discard_online():
    """rules-notes (`Options.online()`) / facts §15 row 13: online a discard is
    only possible when hiring at the limit (or through the Graveyard)."""
    s, _p, card = _with_apprentice(Options.online())
    assert "discard_apprentice" not in kinds(s)
    assert kinds(s) == {"place"}
    with pytest.raises(archwk.IllegalAction):
        s.apply(Action("discard_apprentice", card=card))


def test_online_forced_discard_at_the_limit_remains():
    """facts §2: hiring at the limit forces a discard of another apprentice, also
    online."""
    s = started(2, 4, Options.online())
    p = s.current_player
    five = list(s.players[p].apprentice_ids) + list(s.apprentice_deck[: 5 - len(s.players[p].apprentice_ids)])
    s = s.edit(player=p, apprentices=five, silver=10)
    s = act(place(s, "workshop"), "hire", target=0)
    assert s.decision == "apprentice_limit" and s.current_player == p
    assert {a.kind for a in s.legal_actions()} == {"discard_apprentice"}
    assert len(s.legal_actions()) == 5  # any of the others, not the new one
    # API (Saving): this decision, with 6 apprentices for a moment, saves and loads
    loaded = archwk.GameState.from_json(s.to_json())
    assert loaded.to_json() == s.to_json() and loaded.legal_actions() == s.legal_actions()


def test_online_keeps_the_full_black_market_deck_and_declinable_crane():
    """rules-notes (`Options.online()`): IMPL's 2-card Black Market deck and its
    undeclinable Crane are not copied."""
    s = archwk.new_game(3, seed=1, options=Options.online())
    assert sorted(s.bm_small) == list(range(1, 11))
    s = started(2, 1, Options.online())
    p = s.current_player
    for i in range(2):
        s = s.edit(player=i, hand=[])
    s = s.edit(player=p, hand=["Crane", "Well"], resources={"wood": 5, "stone": 3})
    s = place(s, "guildhall")
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "construct" and a.card == "Crane"))
    assert s.decision == "crane" and Action("skip") in s.legal_actions()


def test_rules_notes_rows_are_numbered_without_a_gap():
    """The rules notes' numbered rows (cited as "rules-notes row N" by tests and
    the other notes) run 1, 2, 3, ... with none missing or repeated."""
    import re
    from pathlib import Path
    text = (Path(archwk.games.architects.__file__).parent / "data" / "rules-notes.md").read_text(encoding="utf-8")
    numbers = [int(n) for n in re.findall(r"^\| (\d+) \|", text, flags=re.M)]
    assert numbers == list(range(1, len(numbers) + 1)), numbers
