# Declarations for the optional compiled build (see ../state.pxd): whether a Black
# Market space is open, asked for the three spaces at every placement, typed.

cimport cython
from archwk.games.architects.behaviour cimport hook_sum, hooked
from archwk.games.architects.state cimport _PlayerSlots, _StateSlots

cpdef cost(_StateSlots s, p, i)
@cython.locals(pl=_PlayerSlots)
cpdef bint space_open(i, _StateSlots s, p)
