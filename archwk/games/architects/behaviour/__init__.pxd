# Declarations for the optional compiled build (see ../state.pxd): the hook helpers the
# rules ask at nearly every decision, on a typed player board.

cimport cython
from archwk.games.architects.state cimport _PlayerSlots

@cython.locals(pl=_PlayerSlots, out=list, fields=dict, by_ability=dict, by_name=dict)
cpdef list hooked(s, p, hook, reset_order=*)
@cython.locals(pl=_PlayerSlots, fields=dict, by_ability=dict, by_name=dict)
cpdef hook_sum(s, p, hook)
@cython.locals(pl=_PlayerSlots, fields=dict, by_ability=dict, by_name=dict)
cpdef bint hook_any(s, p, hook)
