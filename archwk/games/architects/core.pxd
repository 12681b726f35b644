# Declarations for the optional compiled build (see state.pxd): the transaction helpers
# and the rule helpers asked at every listing, typed, so they run on C struct fields;
# other compiled modules call the ones they cimport directly, in C.
# (A helper with keyword-only arguments, such as `gain(..., cause=...)`, cannot be
# declared here: Cython's cpdef functions take none.)

cimport cython
from archwk.games.architects.behaviour cimport hook_sum, hooked
from archwk.games.architects.state cimport _PlayerSlots, _StateSlots

@cython.locals(t=_StateSlots)
cpdef thaw(_StateSlots s)
@cython.locals(m=_PlayerSlots)
cpdef commit(_StateSlots t)
@cython.locals(m=_PlayerSlots)
cpdef writable_player(_StateSlots t, i)
cpdef open_decision(_StateSlots t, kind, player, data=*)
@cython.locals(row=list, board=list)
cpdef add_workers(_StateSlots t, location, p, d)
cpdef holds(pl, items)
cpdef skills_of(apprentice_ids)
cpdef has_skills(_StateSlots s, p, needed)
cpdef taxes_avoided(_StateSlots s, p)
cpdef tuple price(_StateSlots s, p, silver, tax)
cpdef can_pay(_StateSlots s, p, silver, tax=*)
cpdef apprentice_limit(_StateSlots s, p)
cpdef cathedral_space_free(_StateSlots s, level)
