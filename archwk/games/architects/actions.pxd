# Declarations for the optional compiled build (see state.pxd): Action becomes an
# extension type (a free list makes the many short-lived actions cheap to make), and
# `_with_ctx`, which makes a logged state's own copy of every listed action, runs in C.

cimport cython

@cython.freelist(64)
cdef class Action:
    cdef public tuple _key
    cdef public object _ctx, _hash
    @cython.locals(a=Action)
    cpdef Action _with_ctx(self, ctx)

cpdef Action shared(kind, location=*, card=*, target=*, option=*)
