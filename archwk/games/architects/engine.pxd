# Declarations for the optional compiled build (see state.pxd): the turn machine's
# hot path (listing, the legality gate, apply, advance) on typed states and actions.

cimport cython
from archwk.games.architects.actions cimport Action
from archwk.games.architects.core cimport commit, open_decision, thaw
from archwk.games.architects.state cimport _PlayerSlots, _StateSlots

cpdef list free_discards(_StateSlots s, dec)
cpdef _keep(s, acts)
@cython.locals(a=Action)
cpdef tuple _worded_from(s, list acts)
cpdef tuple legal_list(_StateSlots s)
@cython.locals(a=Action)
cpdef _listed(_StateSlots s, action)
@cython.locals(a=Action)
cpdef _resolved(_StateSlots s, action)
@cython.locals(t=_StateSlots, a=Action)
cpdef apply(_StateSlots s, action)
@cython.locals(pending=tuple, acts=list, a=Action, steps=dict, pl=_PlayerSlots)
cpdef advance(_StateSlots t)
