# Declarations for the optional compiled build (see ../state.pxd): whether the
# Guardhouse offers anything, asked at every placement, typed.

cimport cython
from archwk.games.architects.behaviour cimport hooked
from archwk.games.architects.core cimport can_pay
from archwk.games.architects.state cimport _PlayerSlots, _StateSlots

@cython.locals(pl=_PlayerSlots, q=_PlayerSlots)
cpdef bint _allows(_StateSlots s, p)
