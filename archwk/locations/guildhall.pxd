# Declarations for the optional compiled build (see ../state.pxd): whether a player can
# construct anything, asked for the Guildhall at every placement, typed.

cimport cython
from archwk.behaviour cimport hook_any, hooked
from archwk.core cimport cathedral_space_free, holds, skills_of
from archwk.state cimport _PlayerSlots, _StateSlots

@cython.locals(pl=_PlayerSlots)
cpdef can_construct(_StateSlots s, p)
@cython.locals(pl=_PlayerSlots)
cpdef cathedral_blocker(_StateSlots s, p)
