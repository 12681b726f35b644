# Declarations for the optional compiled build (see ../state.pxd): whether a player can
# construct anything, asked for the Guildhall at every placement, typed.

cimport cython
from archwk.games.architects.behaviour cimport hook_any, hooked
from archwk.games.architects.core cimport cathedral_space_free, holds, skills_of
from archwk.games.architects.state cimport _PlayerSlots, _StateSlots

@cython.locals(pl=_PlayerSlots)
cpdef can_construct(_StateSlots s, p)
@cython.locals(pl=_PlayerSlots)
cpdef cathedral_blocker(_StateSlots s, p)
