"""The seats' colours and shapes, the one palette of every board and chart.

A seat is told apart by its shape as well as its colour (`SEAT_SYMBOLS`,
plotly marker names, and `SEAT_GLYPHS`, the same shapes as text), so no
one needs to tell colours apart. The colours come from colour-blind-safe sets
(Tol, Okabe and Ito), darkened where needed so that each stands out at 3:1 or
more against the board's background, and are checked (tests/test_palette.py)
to stay apart under simulated deuteranopia, protanopia and tritanopia
(CIEDE2000 colour difference, Machado et al. 2009 simulation).

The colour science is here, in plain Python, so the test and anyone choosing
another colour use the same formulas:

>>> round(contrast("#000000", "#ffffff"), 1)
21.0
>>> round(delta_e2000(lab("#ff0000"), lab("#ff0000")), 6)
0.0
"""
from __future__ import annotations

import math

#: seat colours, seat 1 to 5 (Paul Tol's "vibrant" blue, magenta and teal, his
#: "muted" indigo, Okabe and Ito's orange darkened): the first three, the
#: default 3-player game, stay 21 or more apart (CIEDE2000) to a deuteranope
#: or a protanope; all five stay 16 apart, 9 under tritanopia
SEAT_COLOURS = ("#0077bb", "#b87f00", "#009988", "#ee3377", "#332288")
SEAT_COLOUR_NAMES = ("blue", "orange", "teal", "magenta", "indigo")
#: the Byzantine solo opponent
SOLO_COLOUR = "#3a3a3a"
#: plotly marker symbols per seat (the solo opponent keeps its seat's shape)
SEAT_SYMBOLS = ("circle", "square", "diamond", "triangle-up", "hexagon")
#: the same shapes as text, for HTML and the board in words
SEAT_GLYPHS = ("●", "■", "◆", "▲", "⬢")
#: the board's background (plotly plot_bgcolor) and the page's
BOARD_BACKGROUND = "#f7f1e3"
PAGE_BACKGROUND = "#ffffff"
#: grey text that still reads at 4.5:1 on white and on the board
MUTED_TEXT = "#595959"


def seat_colour(seat: int, solo_opponent: bool = False) -> str:
    """The colour of the seat (0-based); the solo opponent is dark grey."""
    return SOLO_COLOUR if solo_opponent else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_symbol(seat: int) -> str:
    return SEAT_SYMBOLS[seat % len(SEAT_SYMBOLS)]


def seat_glyph(seat: int) -> str:
    return SEAT_GLYPHS[seat % len(SEAT_GLYPHS)]


# --------------------------------------------------------------------------- colour science

def rgb(hex_colour: str) -> tuple[float, float, float]:
    """'#rrggbb' -> (r, g, b) in 0..1 (sRGB, gamma-encoded)."""
    h = hex_colour.lstrip("#") if isinstance(hex_colour, str) else ""
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    if len(h) != 6 or any(c not in "0123456789abcdefABCDEF" for c in h):
        raise ValueError(f"colour: expected '#rrggbb', got {hex_colour!r}")
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255)


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encode(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def luminance(hex_colour: str) -> float:
    """WCAG relative luminance."""
    r, g, b = (_linear(c) for c in rgb(hex_colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink(fill: str) -> str:
    """Black or white, whichever reads better on `fill`."""
    return "#000000" if contrast(fill, "#000000") >= contrast(fill, "#ffffff") else "#ffffff"


#: Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB
_CVD = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISION = ("normal",) + tuple(_CVD)


def simulate(hex_colour: str, vision: str) -> str:
    """How `hex_colour` looks to someone with `vision` ("normal", "deuteranopia",
    "protanopia" or "tritanopia"), as '#rrggbb'."""
    if vision == "normal":
        return hex_colour.lower()
    if vision not in _CVD:
        raise ValueError(f"vision: expected one of {', '.join(VISION)}, got {vision!r}")
    lin = [_linear(c) for c in rgb(hex_colour)]
    out = [_encode(sum(m * c for m, c in zip(row, lin))) for row in _CVD[vision]]
    return "#" + "".join(f"{round(c * 255):02x}" for c in out)


def lab(hex_colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (_linear(c) for c in rgb(hex_colour))
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal 2005)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cm ** 7 / (cm ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dlp, dcp = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    elif h2p - h1p > 180:
        dhp = h2p - h1p - 360
    else:
        dhp = h2p - h1p + 360
    dhp_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    lpm, cpm = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hpm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hpm = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hpm = (h1p + h2p + 360) / 2
    else:
        hpm = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hpm - 30)) + 0.24 * math.cos(math.radians(2 * hpm))
         + 0.32 * math.cos(math.radians(3 * hpm + 6)) - 0.20 * math.cos(math.radians(4 * hpm - 63)))
    d_theta = 30 * math.exp(-(((hpm - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cpm ** 7 / (cpm ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (lpm - 50) ** 2 / math.sqrt(20 + (lpm - 50) ** 2)
    sc = 1 + 0.045 * cpm
    sh = 1 + 0.015 * cpm * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dlp / sl) ** 2 + (dcp / sc) ** 2 + (dhp_big / sh) ** 2
                     + rt * (dcp / sc) * (dhp_big / sh))


def distance(a: str, b: str, vision: str = "normal") -> float:
    """CIEDE2000 difference of two colours as someone with `vision` sees them."""
    return delta_e2000(lab(simulate(a, vision)), lab(simulate(b, vision)))
