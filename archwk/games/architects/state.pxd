# Declarations for the optional compiled build (issue 10; setup.py, scripts/build_compiled.py).
# This is Cython's "augmenting .pxd": state.py stays the one source, the pure build never
# reads this file, and the compiled build compiles state.py with these types added.
#
# The slot base classes become extension types, so rules code whose variables are typed
# as them (the .pxd files beside core.py, engine.py, ...) reads and writes their fields
# as C struct members. The frozen and writable classes (PlayerState, _MutablePlayer,
# FrozenState, _MutableState, archwk.games.architects.game.GameState) stay Python subclasses of them:
# freezing switches an object's class in place, which needs heap types of the same layout.
#
# Keep the field lists equal to _PLAYER_FIELDS and _STATE_FIELDS in state.py
# (tests/test_speed.py checks it).

cdef class _PlayerSlots:
    cdef public object name, character, silver, virtue, clay, wood, stone, gold, marble
    cdef public object workers_in_supply, hand, buildings, apprentice_ids, debts_unpaid
    cdef public object debts_paid, cathedral_level, captured, in_prison, is_byzantine

cdef class _StateSlots:
    cdef public object options, seed, players
    cdef public object board, black_market, guildhall, tax
    cdef public object building_deck, apprentice_deck, display, display_silver
    cdef public object bm_small, bm_large, rewards
    cdef public object pending, phase, turn_player, first_player, turn_no
    cdef public object end_trigger, final_turns, reset_queued, draft, resets
    cdef public object rng, _hist, _hist_len, _pub_hist, events, is_view, edited
    cdef public object scheme_piles, silver_on_deck, _legal, _tx, _frozen_as

cpdef _copy_player(_PlayerSlots src, _PlayerSlots dst)
cpdef copy_state_slots(_StateSlots src, _StateSlots dst)
