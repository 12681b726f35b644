"""The Byzantine opponent's Scheme deck (RB, Solo Play): reading and checking
a deck of ((id, "starting"|"future", location), ...), and archwk's stand-in deck.

STAND-IN NOTICE: the printed Scheme cards are in none of archwk's sources; the
deck in data/schemes.toml is archwk's stand-in (one location per card). Load a
transcription of the printed deck with `load_scheme_file` and pass it as
`Options(schemes=...)`.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

from ...kit.errors import ArchwkError, InvalidOptions
from . import cards
from .constants import OPEN_LOCATIONS

STAND_IN_NOTICE = ("Solo play uses archwk's stand-in Scheme deck: the printed Scheme cards are not in "
                   "archwk's sources. Load your own transcription with archwk.games.architects.solo.load_scheme_file.")
SCHEME_LOCATIONS = OPEN_LOCATIONS + ("black_market", "guildhall")
SCHEME_COUNTS = {"starting": 20, "future": 10}


# --------------------------------------------------------------------------- the Scheme deck

def check_schemes(schemes, where: str = "schemes") -> tuple:
    """Validate ((id, kind, location), ...): 20 Starting + 10 Future cards."""
    if isinstance(schemes, (str, bytes)) or not hasattr(schemes, "__iter__"):
        raise InvalidOptions(f"{where}: expected a list of (id, kind, location) entries")
    out, ids = [], set()
    for i, e in enumerate(schemes):
        if not isinstance(e, (tuple, list)) or len(e) != 3:
            raise InvalidOptions(f"{where}[{i}]: expected (id, kind, location)")
        cid, kind, loc = e
        if not isinstance(cid, int) or isinstance(cid, bool) or cid < 1:
            raise InvalidOptions(f"{where}[{i}]: field 'id' must be a positive whole number, got {cid!r}")
        if cid in ids:
            raise InvalidOptions(f"{where}[{i}]: scheme id {cid} appears twice")
        if kind not in SCHEME_COUNTS:
            raise InvalidOptions(f"{where}[{i}] (scheme {cid}): field 'kind' must be 'starting' or 'future', "
                                 f"got {kind!r}")
        if loc not in SCHEME_LOCATIONS:
            raise InvalidOptions(f"{where}[{i}] (scheme {cid}): field 'location' must be one of "
                             f"{', '.join(SCHEME_LOCATIONS)}; got {loc!r}")
        ids.add(cid)
        out.append((cid, kind, loc))
    for kind, n in SCHEME_COUNTS.items():
        got = sum(1 for e in out if e[1] == kind)
        if got != n:
            raise InvalidOptions(f"{where}: the Scheme deck has {n} {kind.capitalize()} cards (RB, Solo Play); "
                                 f"got {got}")
    return tuple(sorted(out))


def load_scheme_file(path) -> tuple:
    """Read a Scheme deck from a TOML file ([[scheme]] tables with id, kind,
    location) and validate it; errors name the file, the card and the field."""
    path = Path(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise InvalidOptions(f"{path.name}: cannot read ({e.strerror})") from None
    except tomllib.TOMLDecodeError as e:
        raise InvalidOptions(f"{path.name}: not valid TOML ({e})") from None
    rows = raw.get("scheme")
    if not isinstance(rows, list):
        raise InvalidOptions(f"{path.name}: expected [[scheme]] tables")
    entries = []
    for i, row in enumerate(rows):
        if not isinstance(row, dict) or set(row) != {"id", "kind", "location"}:
            raise InvalidOptions(f"{path.name}: scheme #{i + 1}: fields must be exactly id, kind, location")
        entries.append((row["id"], row["kind"], row["location"]))
    return check_schemes(entries, path.name)


STAND_IN_SCHEMES = load_scheme_file(cards.DATA_DIR / "schemes.toml")


def schemes_of(options) -> tuple:
    return options.schemes if options.schemes is not None else STAND_IN_SCHEMES


def scheme_location(options, cid: int) -> str:
    for e in schemes_of(options):
        if e[0] == cid:
            return e[2]
    raise ArchwkError(f"unknown scheme card {cid}")
