# Declarations for the optional compiled build (see state.pxd): placing a worker,
# listed and resolved at nearly every turn.

cimport cython
from archwk.games.architects.core cimport add_workers, writable_player
from archwk.games.architects.state cimport _StateSlots

cpdef list _place_legal(_StateSlots s, dec)
cpdef _place_resolve(_StateSlots t, dec, a)
