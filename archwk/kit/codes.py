"""Game codes for every game: a short URL-safe text standing for a position, to share it
by a link. A code is its game's prefix (``aw1.`` for Architects: the game and the
version of its code format) and then the base64url of the zlib-compressed compact JSON
of the game's own payload. This module packs and unpacks that envelope, under limits,
and finds a code in a pasted link (``?game=CODE``); what the payload holds, and how it
replays through the rules, is each game's. Errors are `InvalidSave`.
"""
from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Iterable
from typing import Any
from urllib.parse import parse_qs, urlsplit

from .errors import ArchwkError, InvalidSave
from .records import MAX_BYTES, parse

#: the longest code accepted (characters)
MAX_CODE = 200_000
#: the URL parameter a page reads a code from
URL_PARAMETER = "game"
_CODE_CHARS = re.compile(r"[A-Za-z0-9_-]*")


def pack(prefix: str, payload: Any) -> str:
    """The code of a JSON-ready payload (the same payload, the same code)."""
    text = json.dumps(payload, separators=(",", ":"), sort_keys=True)
    return prefix + base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


def extract(text: str, prefixes: Iterable[str]) -> str:
    """The code in `text`: the code itself, or a link carrying ``?game=CODE``."""
    if not isinstance(text, str):
        raise InvalidSave(f"game code: expected text, got {type(text).__name__}")
    if len(text) > MAX_CODE + 2_000:
        raise InvalidSave(f"game code: longer than the limit of {MAX_CODE:,} characters")
    text = text.strip()
    found_prefix = next((p for p in prefixes if p in text), None)
    if found_prefix is None and ("?" in text or "=" in text):
        query = urlsplit(text).query if "://" in text or text.startswith(("/", "?")) else text.lstrip("?")
        found = parse_qs(query).get(URL_PARAMETER)
        if not found:
            raise InvalidSave(f"game code: no '{URL_PARAMETER}=' in this link")
        text = found[0].strip()
    elif found_prefix is not None and not text.startswith(found_prefix):
        found = parse_qs(urlsplit(text).query).get(URL_PARAMETER)
        text = found[0].strip() if found else text[text.index(found_prefix):]
    return text


def unpack(text: str, prefix: str) -> Any:
    """The payload of a code of this prefix (or of a link with ``?game=CODE``),
    checked against the limits of any outside document."""
    code = extract(text, (prefix,))
    if not code.startswith(prefix):
        raise InvalidSave(f"game code: a game code starts with {prefix!r}")
    body = code[len(prefix):]
    if not _CODE_CHARS.fullmatch(body):
        raise InvalidSave("game code: it holds characters a game code never has (copy it again whole)")
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        z = zlib.decompressobj()
        data = z.decompress(raw, MAX_BYTES + 1)
        if len(data) > MAX_BYTES or z.unconsumed_tail:
            raise InvalidSave(f"game code: it unpacks to more than {MAX_BYTES:,} bytes")
        if not z.eof:
            raise InvalidSave("game code: it is cut short (copy it again whole)")
    except (binascii.Error, zlib.error, ValueError) as e:
        if isinstance(e, ArchwkError):
            raise
        raise InvalidSave("game code: it is damaged or cut short (copy it again whole)") from None
    return parse(data, "game code")
