"""Placeholder replaced below."""
def replay(record):
    raise NotImplementedError
