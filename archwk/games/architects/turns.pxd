# Declarations for the optional compiled build (see state.pxd): the start and end of
# a turn and bringing a worker back, typed.

cimport cython
from archwk.games.architects.core cimport add_workers, open_decision, writable_player
from archwk.games.architects.state cimport _PlayerSlots, _StateSlots

cpdef end_turn(_StateSlots t)
cpdef start_turn(_StateSlots t, p)
cpdef list _return_legal(_StateSlots s, dec)
@cython.locals(q=_PlayerSlots)
cpdef _return_resolve(_StateSlots t, dec, a)
