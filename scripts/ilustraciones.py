#!/usr/bin/env python3
"""The illustrations of the public site: the home carousel's 24 scenes and the about page's four.

Flat-design scenes of the company's work, drawn here for the project with the Python standard
library only (no downloads, nothing hot-linked). Running it writes:

    web/public/img/carrusel/01.svg … 24.svg        1200 × 600, the carousel's pool (§1: 6 of 24)
    web/public/img/sobre-nosotros/*.svg            800 × 600, the about page's four sections
    web/src/features/home/carouselImages.ts        each carousel image with its Spanish alt text
    web/src/features/about/aboutImages.ts          the same for the about page

    python3 scripts/ilustraciones.py

Every scene is built from the same few parts (the company lorry, movers in uniform, boxes, Madrid
facades, furniture) so the set reads as one family, and each has its own palette so no two look
alike. Coordinates are whole units of the 1200 × 600 canvas; the parts take a position and a scale.
"""

import math
import os
import random

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CAROUSEL_DIR = os.path.join(ROOT, "web", "public", "img", "carrusel")
ABOUT_DIR = os.path.join(ROOT, "web", "public", "img", "sobre-nosotros")
CAROUSEL_TS = os.path.join(ROOT, "web", "src", "features", "home", "carouselImages.ts")
ABOUT_TS = os.path.join(ROOT, "web", "src", "features", "about", "aboutImages.ts")

# The brand: the site's primary blue and accent orange (web/src/styles/global.css).
BLUE = "#1d4ed8"
BLUE_DARK = "#1e3a8a"
BLUE_MID = "#2563eb"
ORANGE = "#f97316"
ORANGE_DARK = "#c2410c"
INK = "#1e293b"
WHITE = "#ffffff"
OFFWHITE = "#f8fafc"
GREY = "#cbd5e1"
GREY_MID = "#94a3b8"
GREY_DARK = "#475569"
TYRE = "#1f2937"

CARDBOARD = "#d6a15f"
CARDBOARD_TOP = "#e8bf85"
CARDBOARD_DARK = "#b07b3e"
TAPE = "#f3dcae"
WOOD = "#c08a52"
WOOD_DARK = "#8a5a2e"
WOOD_LIGHT = "#e0b98a"

SKIN = ["#f1c7a5", "#d9a27c", "#a8714f", "#7a4b33", "#f5d3b8"]
HAIR = ["#2b1d14", "#5b3a22", "#111827", "#a16207", "#6b7280"]

# Madrid facades: ochre, terracotta, cream and brick, with green shutters and iron balconies.
FACADES = ["#e9b872", "#d9835b", "#f1e0bf", "#c8674a", "#e7c9a0", "#b9a68a"]
SHUTTER = "#2f6b4f"
IRON = "#334155"


def n(v):
    """Coordinates to the unit, or to the tenth for small scaled parts: keeps the files small."""
    r = round(v, 1)
    return str(int(r)) if r == int(r) else str(r)


# --- primitives ------------------------------------------------------------------------------


def rect(x, y, w, h, fill, rx=0, extra=""):
    r = f' rx="{n(rx)}"' if rx else ""
    return f'<rect x="{n(x)}" y="{n(y)}" width="{n(w)}" height="{n(h)}"{r} fill="{fill}"{extra}/>'


def circle(cx, cy, r, fill, extra=""):
    return f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(r)}" fill="{fill}"{extra}/>'


def ellipse(cx, cy, rx, ry, fill, extra=""):
    return f'<ellipse cx="{n(cx)}" cy="{n(cy)}" rx="{n(rx)}" ry="{n(ry)}" fill="{fill}"{extra}/>'


def poly(points, fill, extra=""):
    pts = " ".join(f"{n(x)},{n(y)}" for x, y in points)
    return f'<polygon points="{pts}" fill="{fill}"{extra}/>'


def path(d, fill="none", stroke=None, sw=0, extra=""):
    s = f' stroke="{stroke}" stroke-width="{n(sw)}" stroke-linecap="round" stroke-linejoin="round"' if stroke else ""
    return f'<path d="{d}" fill="{fill}"{s}{extra}/>'


def line(x1, y1, x2, y2, stroke, sw, extra=""):
    return (
        f'<line x1="{n(x1)}" y1="{n(y1)}" x2="{n(x2)}" y2="{n(y2)}" stroke="{stroke}" '
        f'stroke-width="{n(sw)}" stroke-linecap="round"{extra}/>'
    )


def polyline(points, stroke, sw, extra=""):
    pts = " ".join(f"{n(x)},{n(y)}" for x, y in points)
    return (
        f'<polyline points="{pts}" fill="none" stroke="{stroke}" stroke-width="{n(sw)}" '
        f'stroke-linecap="round" stroke-linejoin="round"{extra}/>'
    )


def text(x, y, s, size, fill, weight=700, anchor="middle", extra=""):
    return (
        f'<text x="{n(x)}" y="{n(y)}" font-family="Arial, Helvetica, sans-serif" font-size="{n(size)}" '
        f'font-weight="{weight}" fill="{fill}" text-anchor="{anchor}"{extra}>{s}</text>'
    )


def group(parts, x=0, y=0, s=1, flip=False, extra="", rotate=0):
    t = []
    if x or y:
        t.append(f"translate({n(x)} {n(y)})")
    if rotate:
        t.append(f"rotate({n(rotate)})")
    if flip:
        t.append(f"scale({n(-s)} {n(s)})")
    elif s != 1:
        t.append(f"scale({n(s)})")
    tr = f' transform="{" ".join(t)}"' if t else ""
    return f"<g{tr}{extra}>" + "".join(flat(parts)) + "</g>"


def flat(parts):
    """Parts are strings or (nested) lists of them: scenes mix single shapes and whole figures."""
    out = []
    for p in parts:
        if isinstance(p, (list, tuple)):
            out.extend(flat(p))
        else:
            out.append(p)
    return out


class Canvas:
    """One SVG: its gradients (ids local to the file) and its parts, in painting order."""

    def __init__(self, w=1200, h=600):
        self.w, self.h = w, h
        self.defs = []
        self.parts = []

    def gradient(self, gid, stops, vertical=True):
        x2, y2 = ("0", "1") if vertical else ("1", "0")
        s = "".join(f'<stop offset="{o}" stop-color="{c}"/>' for o, c in stops)
        self.defs.append(f'<linearGradient id="{gid}" x1="0" y1="0" x2="{x2}" y2="{y2}">{s}</linearGradient>')
        return f"url(#{gid})"

    def add(self, *parts):
        self.parts.extend(flat(parts))

    def sky(self, top, bottom, height=None):
        self.add(rect(0, 0, self.w, height or self.h, self.gradient("sky", [(0, top), (1, bottom)])))

    def svg(self):
        defs = f"<defs>{''.join(self.defs)}</defs>" if self.defs else ""
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.w} {self.h}" '
            f'width="{self.w}" height="{self.h}" aria-hidden="true">{defs}'
            + "".join(self.parts)
            + "</svg>\n"
        )


# --- scenery ---------------------------------------------------------------------------------


def cloud(x, y, s=1, fill=WHITE, op=0.9):
    return group(
        [
            ellipse(0, 0, 60, 22, fill),
            circle(-22, -12, 24, fill),
            circle(12, -20, 30, fill),
            circle(40, -6, 20, fill),
        ],
        x,
        y,
        s,
        extra=f' opacity="{op}"',
    )


def sun(x, y, r=46, fill="#fde68a", halo="#fef3c7"):
    return [circle(x, y, r * 1.6, halo, ' opacity="0.6"'), circle(x, y, r, fill)]


def moon(x, y, r=34, fill="#fef9c3", sky="#0f1f3d"):
    return [circle(x, y, r, fill), circle(x + r * 0.45, y - r * 0.3, r * 0.85, sky)]


def stars(rng, count, w, h, fill="#fefce8"):
    out = []
    for _ in range(count):
        out.append(circle(rng.randint(10, w - 10), rng.randint(10, h), rng.choice([1.5, 2, 2.5, 3]), fill,
                          f' opacity="{rng.choice([0.5, 0.7, 0.9])}"'))
    return out


def tree(x, y, s=1, leaf="#4d9a5b", leaf_dark="#3b7f49", trunk="#7c4a2a"):
    return group(
        [
            rect(-6, -70, 12, 70, trunk, 3),
            circle(0, -100, 42, leaf_dark),
            circle(-24, -84, 30, leaf),
            circle(22, -88, 32, leaf),
            circle(0, -118, 30, leaf),
        ],
        x,
        y,
        s,
    )


def pine(x, y, s=1, leaf="#2f6b4f"):
    return group(
        [rect(-5, -30, 10, 30, "#6b4226"), poly([(-40, -26), (0, -150), (40, -26)], leaf),
         poly([(-30, -80), (0, -170), (30, -80)], leaf)],
        x,
        y,
        s,
    )


def streetlamp(x, y, s=1, color=IRON, lit=False):
    parts = [rect(-4, -220, 8, 220, color, 3), path("M0,-214 q0,-22 26,-22", stroke=color, sw=7),
             rect(16, -240, 24, 12, color, 4)]
    if lit:
        parts.append(poly([(18, -228), (40, -228), (80, -20), (-20, -20)], "#fde68a", ' opacity="0.18"'))
        parts.append(rect(20, -230, 16, 6, "#fde68a", 3))
    return group(parts, x, y, s)


def window(x, y, w, h, glass="#bfdbfe", frame=WHITE, shutters=SHUTTER, balcony=True, lit=None):
    """A Madrid balcony window: tall glass door, green shutters, an iron railing."""
    out = []
    if shutters:
        out.append(rect(x - w * 0.32, y, w * 0.3, h, shutters, 2))
        out.append(rect(x + w + w * 0.02, y, w * 0.3, h, shutters, 2))
    out.append(rect(x - 3, y - 3, w + 6, h + 6, frame, 3))
    out.append(rect(x, y, w, h, lit or glass))
    out.append(line(x + w / 2, y, x + w / 2, y + h, frame, 3))
    if balcony:
        by = y + h * 0.55
        out.append(rect(x - w * 0.45, y + h, w * 1.9, 6, IRON))
        out.append(line(x - w * 0.42, by, x + w * 1.42, by, IRON, 3))
        # the railing's bars: one dashed stroke as tall as the railing instead of a line per bar
        gap = w * 1.84 / 6
        out.append(f'<line x1="{n(x - w * 0.42)}" y1="{n((by + y + h) / 2)}" x2="{n(x + w * 1.42 + 2)}" '
                   f'y2="{n((by + y + h) / 2)}" stroke="{IRON}" stroke-width="{n(y + h - by)}" '
                   f'stroke-dasharray="2 {n(gap - 2)}"/>')
    return out


def facade(x, ground, w, h, color, floors=4, cols=3, shutters=SHUTTER, balcony=True, cornice="#f8efe0",
           lit_rng=None, night=False, door=True):
    """A classic Madrid building front with a cornice, balconies and a ground-floor shop or door."""
    top = ground - h
    out = [rect(x, top, w, h, color), rect(x - 6, top - 10, w + 12, 14, cornice)]
    fh = (h - 90) / floors
    ww = min(36, w / cols * 0.42)
    for f in range(floors):
        for c in range(cols):
            wx = x + (c + 0.5) * w / cols - ww / 2
            wy = top + 26 + f * fh
            lit = None
            if night:
                lit = "#fcd34d" if lit_rng and lit_rng.random() < 0.55 else "#1e3a5f"
            out.extend(window(wx, wy, ww, fh * 0.62, shutters=shutters, balcony=balcony, lit=lit))
        out.append(rect(x, top + 26 + f * fh + fh * 0.62 + 14, w, 3, cornice, extra=' opacity="0.6"'))
    if door:
        out.append(rect(x, ground - 64, w, 64, "#00000010"))
        dx = x + w / 2 - 22
        out.append(rect(dx, ground - 58, 44, 58, WOOD_DARK, 4))
        out.append(rect(dx + 4, ground - 54, 17, 50, WOOD, 2))
        out.append(rect(dx + 23, ground - 54, 17, 50, WOOD, 2))
    return out


def tower(x, ground, w, h, color, glass, rows=None, night=False, rng=None):
    """A glass office tower (Castellana, Cuatro Torres) with window bands."""
    out = [rect(x, ground - h, w, h, color)]
    rows = rows or int(h / 22)
    for r in range(rows):
        y = ground - h + 12 + r * (h - 20) / rows
        if night and rng:
            for c in range(int(w / 14)):
                if rng.random() < 0.4:
                    out.append(rect(x + 5 + c * 14, y, 9, 8, "#fcd34d", extra=' opacity="0.9"'))
        else:
            out.append(rect(x + 6, y, w - 12, (h - 20) / rows * 0.45, glass))
    return out


def road(c, y, h, color="#64748b", line_color="#f8fafc", dashes=True, curb="#cbd5e1", curb_h=18):
    c.add(rect(0, y - curb_h, c.w, curb_h, curb), rect(0, y, c.w, h, color))
    if dashes:
        for i in range(0, c.w, 90):
            c.add(rect(i + 10, y + h / 2 - 3, 50, 6, line_color, 3, ' opacity="0.8"'))


# --- vehicles --------------------------------------------------------------------------------


def wheel(x, y, r=26, hub=GREY):
    return [circle(x, y, r, TYRE), circle(x, y, r * 0.45, hub), circle(x, y, r * 0.15, GREY_DARK)]


def truck(x, y, s=1, flip=False, body=WHITE, cab=BLUE, stripe=BLUE, lights=False, open_back=False,
          label=True):
    """The company lorry, side view, facing right; (x, y) is the rear wheel line on the ground."""
    p = []
    if lights:
        p.append(poly([(425, -82), (700, -150), (700, 10), (425, -50)], "#fde68a", ' opacity="0.22"'))
    p.append(rect(-4, -52, 430, 20, GREY_DARK, 6))
    p.append(rect(0, -212, 292, 170, body, 10))
    p.append(rect(0, -212, 292, 14, "#00000012", 0))
    p.append(rect(0, -96, 292, 18, stripe))
    p.append(rect(0, -76, 292, 6, ORANGE))
    if label:
        # a flipped lorry still reads left to right: the text is mirrored back
        k, mirror = (-1, ' transform="scale(-1 1)"') if flip else (1, "")
        p.append(text(146 * k, -140, "MUDANZAS", 34, stripe, extra=mirror))
        p.append(text(146 * k, -110, "MADRID · EUROPA", 16, GREY_DARK, 700, extra=mirror))
    p.append(path("M296,-44 V-160 q0,-12 12,-12 H366 q14,0 22,11 L420,-112 q8,9 8,22 V-44 Z", cab))
    p.append(path("M318,-160 H362 q8,0 13,7 L402,-112 H318 Z", "#dbeafe"))
    p.append(rect(318, -100, 26, 5, "#00000030", 2))
    p.append(rect(414, -88, 16, 14, "#fde68a" if lights else "#fef3c7", 4))
    p.append(rect(404, -56, 30, 14, GREY_DARK, 4))
    p.append(rect(-8, -60, 12, 16, "#ef4444", 3))
    if open_back:
        p.append(rect(-44, -212, 40, 168, "#e2e8f0", 4))
        p.append(rect(-40, -206, 32, 156, OFFWHITE, 3))
        p.append(rect(4, -204, 10, 150, "#334155", 2))
    for wx in (64, 118, 360):
        p.extend(wheel(wx, -26, 26))
    return group(p, x, y, s, flip)


def van(x, y, s=1, flip=False, body=WHITE, accent=BLUE):
    """A small van for light loads, facing right; (x, y) on the ground under the rear."""
    p = [
        path("M0,-40 V-150 q0,-14 14,-14 H180 q14,0 24,12 L252,-98 q10,10 10,24 V-40 Z", body),
        path("M186,-154 H196 q8,0 14,8 L238,-104 H186 Z", "#dbeafe"),
        rect(20, -150, 150, 90, "#00000008", 6),
        rect(0, -82, 262, 12, accent),
        text(92, -100, "MUDANZAS", 22, accent),
        rect(248, -78, 16, 12, "#fef3c7", 4),
        rect(-4, -46, 270, 14, GREY_DARK, 6),
    ]
    for wx in (52, 206):
        p.extend(wheel(wx, -24, 24))
    return group(p, x, y, s, flip)


def car(x, y, s=1, flip=False, color="#ef4444", roof=None):
    roof = roof or color
    p = [
        path("M0,-30 q0,-24 24,-28 L60,-62 L92,-96 q6,-6 16,-6 H172 q12,0 20,8 L222,-62 L258,-56 q22,4 22,24 V-22 H0 Z", color),
        path("M100,-90 H140 V-64 H74 Z", "#dbeafe"),
        path("M150,-90 H172 q6,0 10,5 L204,-64 H150 Z", "#dbeafe"),
        rect(262, -48, 16, 10, "#fef3c7", 4),
        rect(2, -44, 14, 10, "#fca5a5", 3),
    ]
    for wx in (62, 212):
        p.extend(wheel(wx, -16, 22))
    return group(p, x, y, s, flip)


def car_carrier(x, y, s=1):
    """A car transporter: cab, two decks, three cars."""
    p = [rect(-4, -40, 600, 18, GREY_DARK, 6)]
    p.append(rect(0, -62, 470, 12, "#64748b", 4))
    p.append(rect(0, -168, 470, 10, "#64748b", 4))
    for px in (10, 150, 300, 455):
        p.append(rect(px, -168, 8, 110, "#64748b"))
    p.append(path("M480,-30 V-170 q0,-12 12,-12 H540 q14,0 22,11 L590,-120 q8,9 8,22 V-30 Z", ORANGE))
    p.append(path("M500,-168 H536 q8,0 13,7 L574,-122 H500 Z", "#dbeafe"))
    p.append(rect(588, -100, 14, 12, "#fef3c7", 4))
    p.append(car(20, -62, 0.8, color="#2563eb"))
    p.append(car(250, -62, 0.8, color="#e11d48"))
    p.append(car(60, -168, 0.8, color="#10b981"))
    p.append(car(260, -168, 0.78, color="#f8fafc"))
    for wx in (60, 120, 390, 550):
        p.extend(wheel(wx, -16, 24))
    return group(p, x, y, s)


# --- people ----------------------------------------------------------------------------------


def person(x, y, s=1, flip=False, skin=SKIN[0], hair=HAIR[0], shirt=BLUE_MID, pants=INK,
           arms=None, legs=None, style="short", cap=None, logo=True, skirt=False, shoes="#111827"):
    """A standing figure, feet on (x, y), facing right; arms and legs are lists of points from the
    shoulder and hip, so one function draws walking, carrying, lifting and waving."""
    arms = arms or [[(-6, -118), (-4, -92)], [(6, -118), (8, -92)]]
    legs = legs or [[(-9, -50), (-12, -4)], [(9, -50), (12, -4)]]
    p = []
    for leg, hip in zip(legs, (-9, 9)):
        pts = [(hip, -92)] + leg
        p.append(polyline(pts, pants, 17))
        fx, fy = leg[-1]
        p.append(ellipse(fx + 6, fy + 2, 13, 6, shoes))
    if skirt:
        p.append(poly([(-22, -98), (22, -98), (30, -54), (-30, -54)], pants))
    # far arm behind the body
    far, near = arms
    p.append(polyline([(-14, -152)] + far, _shade(shirt), 13))
    p.append(circle(*far[-1], 7, skin))
    if style == "long":
        p.append(rect(-24, -200, 40, 60, hair, 18))
    p.append(path("M-22,-150 q0,-14 14,-14 H8 q14,0 14,14 V-90 q0,6 -6,6 H-16 q-6,0 -6,-6 Z", shirt))
    if logo:
        p.append(rect(4, -146, 12, 6, ORANGE, 2))
    p.append(rect(-5, -172, 10, 12, skin, 3))
    p.append(circle(0, -186, 19, skin))
    p.append(circle(12, -186, 2.2, INK))
    if style == "short":
        p.append(path("M-19,-188 q0,-22 22,-22 q16,0 18,12 q-14,-2 -22,6 q-4,6 -4,12 q-6,-4 -10,0 Z", hair))
    elif style == "long":
        p.append(path("M-20,-186 q0,-24 22,-24 q18,0 20,16 q-16,0 -26,-4 q-4,14 -16,20 Z", hair))
    elif style == "bun":
        p.append(circle(-12, -206, 10, hair))
        p.append(path("M-19,-186 q0,-22 21,-22 q17,0 19,14 q-20,-4 -30,2 q-4,4 -6,10 Z", hair))
    elif style == "curly":
        for cx, cy in ((-14, -200), (-2, -208), (10, -204), (-18, -188), (16, -196)):
            p.append(circle(cx, cy, 9, hair))
    if cap:
        p.append(path("M-20,-190 q0,-22 21,-22 q19,0 20,20 Z", cap))
        p.append(path("M14,-194 h18 q4,0 2,4 h-20 Z", cap))
    p.append(polyline([(14, -152)] + near, shirt, 13))
    p.append(circle(*near[-1], 7, skin))
    return group(p, x, y, s, flip)


def _shade(color):
    """The same colour a little darker: the far arm and the shaded faces."""
    c = color.lstrip("#")
    r, g, b = (int(c[i:i + 2], 16) for i in (0, 2, 4))
    return "#%02x%02x%02x" % (int(r * 0.82), int(g * 0.82), int(b * 0.82))


CARRY_ARMS = [[(26, -128), (40, -114)], [(30, -124), (46, -110)]]
WALK_LEGS = [[(-6, -48), (-22, -4)], [(12, -48), (22, -4)]]
LIFT_ARMS = [[(22, -160), (34, -196)], [(26, -156), (40, -192)]]


def mover(x, y, s=1, flip=False, arms=None, legs=None, skin=0, hair=0, style="short", cap=ORANGE, shirt=BLUE_MID):
    return person(x, y, s, flip, SKIN[skin], HAIR[hair], shirt, INK, arms, legs, style, cap)


# --- objects ---------------------------------------------------------------------------------


def box(x, y, w, h, label=None, tone=0):
    """A closed cardboard box standing on (x, y): front, lid and tape, seen a little from above."""
    front = [CARDBOARD, "#cf9552", "#dcae70"][tone % 3]
    top = h * 0.18
    p = [
        rect(x, y - h, w, h, front, 3),
        poly([(x, y - h), (x + w, y - h), (x + w - w * 0.08, y - h - top), (x + w * 0.08, y - h - top)], CARDBOARD_TOP),
        rect(x + w * 0.44, y - h - top, w * 0.12, top + h * 0.45, TAPE),
        rect(x, y - h, w, 3, CARDBOARD_DARK, extra=' opacity="0.5"'),
    ]
    if label:
        p.append(text(x + w / 2, y - h * 0.22, label, max(10, w * 0.14), ORANGE_DARK))
    return p


def box_stack(x, y, sizes):
    """Boxes piled up: sizes bottom to top as (w, h, dx)."""
    p, cy = [], y
    for i, (w, h, dx) in enumerate(sizes):
        p.extend(box(x + dx, cy, w, h, tone=i))
        cy -= h
    return p


def open_box(x, y, w, h, fill_with=None):
    p = [
        poly([(x, y - h), (x - w * 0.22, y - h - h * 0.35), (x + w * 0.1, y - h - h * 0.28)], CARDBOARD_DARK),
        poly([(x + w, y - h), (x + w + w * 0.22, y - h - h * 0.35), (x + w * 0.9, y - h - h * 0.28)], CARDBOARD_DARK),
    ]
    if fill_with:
        p.extend(fill_with)
    p.append(rect(x, y - h, w, h, CARDBOARD, 3))
    p.append(rect(x, y - h, w, 6, CARDBOARD_DARK, extra=' opacity="0.6"'))
    return p


def sofa(x, y, w=260, color="#6d8fc2", s=1):
    h = 110
    c2 = _shade(color)
    p = [
        rect(14, -12, 10, 12, WOOD_DARK), rect(w - 24, -12, 10, 12, WOOD_DARK),
        rect(22, -h, w - 44, 64, c2, 14),
        rect(0, -74, w, 62, color, 12),
        rect(0, -86, 34, 74, c2, 14), rect(w - 34, -86, 34, 74, c2, 14),
        rect(38, -70, (w - 80) / 2 - 4, 20, "#ffffff22", 8), rect(w / 2 + 2, -70, (w - 80) / 2 - 4, 20, "#ffffff22", 8),
    ]
    return group(p, x, y, s)


def armchair(x, y, color="#d9a441", s=1):
    c2 = _shade(color)
    return group([rect(10, -10, 8, 10, WOOD_DARK), rect(82, -10, 8, 10, WOOD_DARK), rect(14, -110, 72, 60, c2, 14),
                  rect(0, -62, 100, 52, color, 12), rect(0, -78, 22, 68, c2, 10), rect(78, -78, 22, 68, c2, 10)], x, y, s)


def plant(x, y, s=1, pot=ORANGE_DARK, leaf="#3f8f5a"):
    return group([
        path("M0,-60 q-50,-40 -30,-110 q20,40 30,110", leaf),
        path("M0,-60 q50,-50 34,-118 q-24,50 -34,118", _shade(leaf)),
        path("M0,-60 q-8,-70 10,-130 q12,60 -10,130", leaf),
        poly([(-26, -62), (26, -62), (18, 0), (-18, 0)], pot),
        rect(-30, -70, 60, 12, _shade(pot), 4),
    ], x, y, s)


def lamp(x, y, s=1, color=ORANGE):
    return group([rect(-3, -160, 6, 160, GREY_DARK), ellipse(0, -2, 28, 6, GREY_DARK),
                  poly([(-30, -150), (30, -150), (18, -196), (-18, -196)], color)], x, y, s)


def desk(x, y, w=220, color="#e2e8f0", s=1, monitor=True, wrapped=False):
    p = [rect(0, -86, w, 14, color, 3), rect(10, -72, 12, 72, GREY_DARK), rect(w - 22, -72, 12, 72, GREY_DARK),
         rect(w - 90, -72, 70, 50, _shade(color), 3)]
    if monitor:
        p += [rect(w / 2 - 50, -168, 100, 64, INK, 6), rect(w / 2 - 44, -162, 88, 52, "#60a5fa" if not wrapped else "#cbd5e1", 3),
              rect(w / 2 - 5, -104, 10, 18, GREY_DARK), rect(w / 2 - 24, -90, 48, 5, GREY_DARK, 2)]
        if wrapped:
            p.append(rect(w / 2 - 56, -174, 112, 76, "#e0f2fe", 10, ' opacity="0.75"'))
            p += [line(w / 2 - 56, -150, w / 2 + 56, -146, "#bae6fd", 3), line(w / 2 - 56, -126, w / 2 + 56, -122, "#bae6fd", 3)]
    return group(p, x, y, s)


def office_chair(x, y, s=1, color=INK):
    return group([rect(-22, -120, 44, 56, color, 10), rect(-26, -62, 52, 12, color, 6), rect(-3, -50, 6, 34, GREY_DARK),
                  line(-24, -6, 24, -6, GREY_DARK, 6), circle(-24, -3, 5, TYRE), circle(24, -3, 5, TYRE)], x, y, s)


def piano(x, y, s=1, color="#111827", blanket=None):
    p = [rect(0, -180, 200, 170, color, 6), rect(-8, -186, 216, 14, _shade(color) if color != "#111827" else "#374151", 4),
         rect(-6, -104, 212, 22, "#1f2937"), rect(0, -104, 200, 12, OFFWHITE)]
    for i in range(24):
        p.append(rect(4 + i * 8.2, -104, 1.4, 12, GREY_MID))
    for i in range(0, 24, 2):
        if i % 7 not in (2, 6):
            p.append(rect(9 + i * 8.2, -104, 5, 7, INK))
    p += [rect(16, -82, 10, 72, "#1f2937"), rect(174, -82, 10, 72, "#1f2937"), rect(70, -150, 60, 30, "#fbbf24", 4, ' opacity="0.35"')]
    if blanket:
        p.append(path("M-10,-190 H210 V-120 q-40,20 -110,4 q-70,-14 -110,6 Z", blanket, extra=' opacity="0.92"'))
        p += [line(-10, -150, 210, -150, _shade(blanket), 3), rect(-12, -160, 224, 8, ORANGE, 2)]
    return group(p, x, y, s)


def dolly(x, y, w=220, s=1):
    return group([rect(0, -16, w, 10, WOOD, 3)] + wheel(16, -4, 8) + wheel(w - 16, -4, 8), x, y, s)


def hand_truck(x, y, s=1, load=True):
    p = []
    if load:
        p += box(4, -14, 64, 56, tone=0) + box(8, -70, 58, 50, tone=1) + box(12, -120, 50, 42, "FRÁGIL", tone=2)
    p += [line(-4, -176, -4, -10, GREY_DARK, 7), line(-4, -176, -18, -190, GREY_DARK, 7), rect(-6, -14, 80, 8, GREY_DARK, 2)]
    p += wheel(0, -6, 14)
    return group(p, x, y, s)


def wardrobe(x, y, w=170, h=280, color=WOOD_LIGHT, s=1, open_side=False):
    p = [rect(0, -h, w, h - 12, color, 4), rect(6, -12, 12, 12, WOOD_DARK), rect(w - 18, -12, 12, 12, WOOD_DARK),
         line(w / 2, -h + 8, w / 2, -20, _shade(color), 3), rect(w / 2 - 14, -h / 2 - 20, 5, 40, WOOD_DARK, 2),
         rect(w / 2 + 9, -h / 2 - 20, 5, 40, WOOD_DARK, 2)]
    return group(p, x, y, s)


def painting(x, y, w, h, frame=WOOD, colors=("#93c5fd", "#fcd34d", "#34d399")):
    return [rect(x, y, w, h, frame, 3), rect(x + 8, y + 8, w - 16, h - 16, colors[0]),
            circle(x + w * 0.7, y + h * 0.35, min(w, h) * 0.12, colors[1]),
            poly([(x + 8, y + h - 8), (x + w * 0.4, y + h * 0.45), (x + w * 0.65, y + h - 8)], colors[2])]


def bubble_wrap(x, y, w, h):
    p = [rect(x, y, w, h, "#e0f2fe", 10, ' opacity="0.9"')]
    for i in range(int(w / 18)):
        for j in range(int(h / 18)):
            p.append(circle(x + 10 + i * 18, y + 10 + j * 18, 5, "#bae6fd"))
    return p


def tape_roll(x, y, s=1):
    return group([circle(0, 0, 22, TAPE), circle(0, 0, 11, "#ffffff"), circle(0, 0, 22, "none",
                  ' stroke="#e0c58f" stroke-width="3"')], x, y, s)


def sparkle(x, y, r, fill="#fde047"):
    return path(f"M{n(x)},{n(y - r)} Q{n(x)},{n(y)} {n(x + r)},{n(y)} Q{n(x)},{n(y)} {n(x)},{n(y + r)} "
                f"Q{n(x)},{n(y)} {n(x - r)},{n(y)} Q{n(x)},{n(y)} {n(x)},{n(y - r)} Z", fill)


def interior(c, wall, floor, floor_y=470, skirting=WHITE):
    c.add(rect(0, 0, c.w, floor_y, wall), rect(0, floor_y, c.w, c.h - floor_y, floor),
          rect(0, floor_y - 12, c.w, 12, skirting))
    for i in range(0, c.w, 120):
        c.add(line(i, floor_y, i - 60, c.h, _shade(floor), 2, ' opacity="0.5"'))


def room_window(x, y, w, h, sky="#bae6fd", frame=WHITE, view=None):
    p = [rect(x - 10, y - 10, w + 20, h + 20, frame, 6), rect(x, y, w, h, sky)]
    if view:
        p.extend(view)
    p += [rect(x + w / 2 - 4, y, 8, h, frame), rect(x, y + h / 2 - 4, w, 8, frame), rect(x - 18, y + h + 6, w + 36, 12, frame, 4)]
    return p


def shadow(x, y, w, op=0.15):
    return ellipse(x, y, w / 2, 8, "#0f172a", f' opacity="{op}"')


# --- the carousel's scenes -------------------------------------------------------------------


def s01_calle():
    c = Canvas()
    c.sky("#9fd3f0", "#e6f5fb")
    c.add(sun(1040, 110), cloud(220, 120), cloud(760, 80, 0.8))
    x = -20
    for i, (w, h) in enumerate([(230, 400), (200, 360), (250, 420), (210, 380), (240, 400), (220, 350)]):
        c.add(facade(x, 470, w, h, FACADES[i % len(FACADES)], floors=4, cols=3 if w > 215 else 2))
        x += w
    road(c, 488, 112, curb="#d1d5db")
    c.add(tree(90, 480, 0.9), streetlamp(700, 484))
    c.add(truck(300, 560, 0.95))
    c.add(box_stack(150, 520, [(70, 56, 0), (56, 46, 8)]))
    c.add(mover(760, 560, 0.95, arms=CARRY_ARMS, legs=WALK_LEGS, skin=1))
    c.add(group(box(20, -90, 62, 52, tone=1), 760, 560, 0.95))
    c.add(mover(880, 560, 0.95, flip=True, skin=3, hair=2, arms=[[(-6, -120), (-10, -96)], [(22, -150), (30, -178)]]))
    return c


def s02_embalaje():
    c = Canvas()
    interior(c, "#fde7d3", "#d9a46b")
    c.add(room_window(120, 90, 220, 240, view=[cloud(230, 190, 0.7), rect(120, 280, 220, 50, "#86efac")]))
    c.add(painting(860, 110, 160, 110))
    c.add(shadow(660, 532, 380))
    c.add(open_box(480, 530, 180, 130, fill_with=[rect(510, 390, 40, 40, "#fca5a5", 4), circle(600, 400, 22, "#93c5fd")]))
    c.add(box_stack(690, 530, [(160, 120, 0), (130, 100, 14), (100, 70, 28)]))
    c.add(tape_roll(560, 560))
    c.add(person(400, 540, 1.15, skin=SKIN[4], hair=HAIR[3], shirt="#0ea5e9", pants="#334155", style="long", logo=False,
                 arms=[[(24, -126), (52, -104)], [(30, -124), (60, -110)]]))
    c.add(plant(1010, 520, 1.1))
    c.add(box_stack(880, 530, [(120, 90, 0)]))
    return c


def s03_escaleras():
    c = Canvas()
    c.add(rect(0, 0, 1200, 600, "#e0e7ff"))
    c.add(poly([(0, 600), (0, 260), (1200, 560), (1200, 600)], "#c7d2fe"))
    steps, sx, sy = 12, 0, 250
    for i in range(steps):
        x0, y0 = i * 100, 250 + i * 27
        c.add(rect(x0, y0, 100, 600 - y0, "#a5b4fc"), rect(x0, y0, 100, 8, "#818cf8"))
    c.add(polyline([(0, 160 + 0), (1200, 160 + 324)], IRON, 8))
    for i in range(0, 1200, 80):
        c.add(line(i, 160 + i * 0.27, i, 250 + i * 0.27, IRON, 4))
    c.add(rect(60, 40, 90, 120, "#fef3c7", 6), rect(72, 52, 66, 96, "#fde68a", 4))
    # the sofa tilted along the stairs, carried by two movers
    c.add(group([sofa(0, 0, 300, "#c8765a")], 480, 300, rotate=15))
    c.add(mover(450, 372, 1.0, arms=[[(30, -170), (46, -196)], [(34, -166), (52, -192)]], skin=2, hair=0))
    c.add(mover(850, 484, 1.0, flip=True, arms=[[(26, -120), (44, -104)], [(30, -116), (50, -100)]],
                 legs=[[(-4, -48), (-14, -4)], [(12, -50), (26, -30)]], skin=0, hair=1))
    return c


def s04_piano():
    c = Canvas()
    interior(c, "#ede9fe", "#7c5a3c", 480)
    c.add(rect(700, 70, 320, 300, "#ddd6fe", 8))
    for i in range(5):
        c.add(rect(720 + i * 60, 90, 40, 260, "#c4b5fd", 6))
    c.add(painting(140, 110, 180, 130, frame="#a16207", colors=("#fde68a", "#f97316", "#7c3aed")))
    c.add(shadow(520, 552, 340))
    c.add(dolly(400, 556, 260), piano(430, 540, 1.0, blanket="#3b82f6"))
    c.add(mover(340, 560, 1.05, arms=[[(40, -132), (64, -130)], [(44, -128), (70, -126)]], legs=WALK_LEGS, skin=3, hair=2))
    c.add(mover(780, 560, 1.05, flip=True, arms=[[(36, -136), (58, -132)], [(40, -130), (64, -128)]], legs=WALK_LEGS, skin=1))
    c.add(sparkle(620, 200, 14, "#a78bfa"), sparkle(680, 250, 8, "#a78bfa"))
    return c


def s05_oficina():
    c = Canvas()
    interior(c, "#e2e8f0", "#94a3b8", 460, skirting="#cbd5e1")
    for i in range(4):
        c.add(rect(60 + i * 280, 60, 240, 260, "#bae6fd", 4))
        c.add(tower(80 + i * 280, 320, 60, 200 - i * 20, "#93c5fd", "#e0f2fe"))
        c.add(tower(170 + i * 280, 320, 50, 140 + i * 12, "#7dd3fc", "#e0f2fe"))
        c.add(rect(60 + i * 280, 60, 240, 260, "none", extra=' stroke="#f8fafc" stroke-width="10"'))
    c.add(desk(120, 540, 240, wrapped=True), desk(420, 540, 240), office_chair(700, 540))
    c.add(box_stack(780, 540, [(110, 80, 0), (90, 70, 10)]))
    c.add(group([rect(0, -100, 90, 100, "#64748b", 4), rect(8, -92, 74, 26, "#94a3b8", 3), rect(8, -60, 74, 26, "#94a3b8", 3)], 930, 540))
    c.add(mover(1080, 548, 1.0, flip=True, arms=CARRY_ARMS, legs=WALK_LEGS, skin=2, hair=4))
    c.add(group(box(20, -90, 58, 48, tone=2), 1080, 548, 1.0, flip=True))
    return c


EUROPE = [
    # a simplified outline: Iberia, France, the Low Countries, Germany, Italy, Britain
    [(185, 470), (170, 380), (230, 340), (330, 345), (380, 360), (360, 420), (330, 470), (270, 500)],
    [(330, 345), (310, 280), (360, 220), (440, 210), (500, 240), (520, 300), (470, 350), (380, 360)],
    [(440, 210), (460, 160), (520, 150), (560, 170), (600, 150), (690, 150), (720, 220), (680, 280), (600, 290), (520, 300), (500, 240)],
    [(560, 300), (600, 290), (650, 320), (700, 400), (740, 440), (720, 460), (670, 410), (620, 350)],
    [(340, 170), (330, 100), (370, 40), (410, 60), (420, 140), (390, 180)],
    [(690, 150), (820, 130), (900, 170), (940, 260), (860, 300), (720, 290), (720, 220)],
    [(600, 80), (640, 20), (700, 0), (720, 60), (680, 120), (630, 130)],
]
CITIES = [("Madrid", 270, 420), ("Barcelona", 352, 385), ("París", 420, 245), ("Bruselas", 470, 195),
          ("Ámsterdam", 500, 160), ("Berlín", 640, 175), ("Milán", 560, 320), ("Roma", 640, 390), ("Lisboa", 185, 440)]


def s06_europa():
    c = Canvas()
    c.add(rect(0, 0, 1200, 600, "#bfe6f2"))
    for i in range(6):
        c.add(path(f"M0,{60 + i * 100} q300,-30 600,0 t600,0", stroke="#d7f0f7", sw=3))
    land = [path("M" + " L".join(f"{n(x * 1.15 + 60)},{n(y + 40)}" for x, y in shape) + " Z", "#f4e4c1")
            for shape in EUROPE]
    c.add(land)
    c.add(path("M371,523 L371,523 Z"))
    route = [(270, 420), (352, 385), (420, 245), (470, 195), (640, 175)]
    pts = [(x * 1.15 + 60, y + 40) for x, y in route]
    c.add(polyline(pts, "#ffffff", 14), polyline(pts, ORANGE, 6, ' stroke-dasharray="14 12"'))
    branch = [(x * 1.15 + 60, y + 40) for x, y in [(352, 385), (560, 320), (640, 390)]]
    c.add(polyline(branch, BLUE, 5, ' stroke-dasharray="10 10"'))
    lis = [(x * 1.15 + 60, y + 40) for x, y in [(270, 420), (185, 440)]]
    c.add(polyline(lis, BLUE, 5, ' stroke-dasharray="10 10"'))
    for name, x, y in CITIES:
        X, Y = x * 1.15 + 60, y + 40
        big = name == "Madrid"
        c.add(circle(X, Y, 13 if big else 8, WHITE), circle(X, Y, 9 if big else 5, ORANGE_DARK if big else BLUE))
        c.add(text(X + 14, Y - 12, name, 20 if big else 16, INK, 700 if big else 600, "start"))
    c.add(group([truck(0, 0, 0.42)], 0, 0), truck(880, 560, 0.55))
    c.add(rect(880, 60, 260, 120, WHITE, 16, ' opacity="0.92"'))
    c.add(text(1010, 108, "Madrid → Berlín", 24, INK), text(1010, 144, "2.300 km · 3 días", 20, BLUE))
    return c


def s07_guardamuebles():
    c = Canvas()
    c.sky("#fef3c7", "#fde68a", 330)
    c.add(rect(0, 330, 1200, 270, "#cbd5e1"))
    c.add(rect(0, 110, 1200, 40, "#64748b"), rect(0, 140, 1200, 200, "#e2e8f0"))
    for i in range(6):
        x = 30 + i * 195
        c.add(rect(x, 170, 170, 170, "#94a3b8", 4))
        if i == 2:
            c.add(rect(x + 8, 178, 154, 162, "#334155"))
            c.add(box_stack(x + 14, 340, [(70, 60, 0), (56, 50, 6)]), box_stack(x + 92, 340, [(64, 90, 0)]))
            c.add(rect(x + 8, 178, 154, 34, "#cbd5e1"))
            for k in range(4):
                c.add(line(x + 8, 184 + k * 8, x + 162, 184 + k * 8, "#94a3b8", 2))
        else:
            c.add(rect(x + 8, 178, 154, 162, ["#f97316", "#3b82f6", "#f97316", "#3b82f6", "#f97316", "#3b82f6"][i]))
            for k in range(14):
                c.add(line(x + 8, 188 + k * 11, x + 162, 188 + k * 11, "#00000022", 2))
            c.add(rect(x + 70, 320, 30, 8, "#1f2937", 2))
        c.add(text(x + 85, 160, f"{i + 101}", 18, WHITE))
    c.add(text(600, 136, "GUARDAMUEBLES", 22, WHITE))
    c.add(hand_truck(560, 540, 1.1))
    c.add(mover(470, 546, 1.05, arms=[[(30, -150), (44, -184)], [(34, -146), (50, -180)]], legs=WALK_LEGS, skin=0, hair=3))
    c.add(van(780, 570, 1.1, flip=False))
    return c


def s08_limpieza():
    c = Canvas()
    interior(c, "#dcfce7", "#e7d3b0", 460)
    c.add(room_window(780, 80, 260, 250, sky="#bae6fd", view=[sun(900, 170, 30)]))
    c.add(poly([(780, 340), (1040, 340), (900, 560), (560, 560)], "#fef9c3", ' opacity="0.5"'))
    c.add(group([rect(0, -70, 70, 70, "#60a5fa", 6), rect(-4, -76, 78, 10, "#3b82f6", 4), path("M6,-76 q29,-40 58,0", stroke="#3b82f6", sw=5)], 240, 540))
    c.add(person(420, 548, 1.15, skin=SKIN[1], hair=HAIR[1], shirt="#10b981", pants="#0f766e", style="bun", logo=False,
                 arms=[[(30, -120), (56, -88)], [(34, -112), (60, -80)]]))
    c.add(line(560, 200, 490, 540, WOOD_DARK, 8), rect(450, 530, 90, 16, "#a7f3d0", 6))
    for x, y, r in ((600, 400, 20), (660, 460, 12), (340, 380, 10), (720, 300, 16), (180, 300, 14)):
        c.add(sparkle(x, y, r, "#facc15"))
    for x, y, r in ((700, 520, 18), (760, 500, 12), (620, 540, 10)):
        c.add(circle(x, y, r, "#bfdbfe", ' opacity="0.8"'))
    c.add(plant(120, 540, 0.9, pot="#0d9488"))
    return c


def s09_montaje():
    c = Canvas()
    interior(c, "#fef3c7", "#b08968", 470)
    c.add(wardrobe(620, 540, 200, 320, "#f5e6cc"))
    c.add(rect(850, 300, 18, 250, "#f5e6cc", 2, ' transform="rotate(-12 860 540)"'))
    c.add(person(560, 540, 1.1, skin=SKIN[3], hair=HAIR[2], style="curly",
                 arms=[[(34, -150), (56, -160)], [(40, -140), (64, -152)]]))
    c.add(line(64 * 1.1 + 560, 540 - 152 * 1.1, 64 * 1.1 + 590, 540 - 170 * 1.1, GREY_DARK, 6))
    c.add(group([rect(0, 0, 170, 120, WHITE, 4), rect(12, 14, 60, 40, "#e2e8f0"), rect(86, 14, 70, 6, GREY), rect(86, 28, 60, 6, GREY),
                 rect(12, 66, 146, 6, GREY), rect(12, 80, 120, 6, GREY), text(40, 104, "1", 16, BLUE), text(80, 104, "2", 16, BLUE),
                 text(120, 104, "3", 16, BLUE)], 170, 470, rotate=-6))
    for i in range(8):
        c.add(rect(380 + i * 14, 560 - (i % 3) * 6, 6, 14, GREY_DARK, 2))
    c.add(rect(180, 540, 240, 16, WOOD_LIGHT, 3), rect(200, 520, 200, 16, "#f5e6cc", 3))
    c.add(group([rect(0, 0, 70, 20, ORANGE, 6), rect(70, 6, 40, 8, GREY_DARK, 2)], 950, 540))
    c.add(plant(1100, 540, 0.8))
    return c


def s10_vehiculos():
    c = Canvas()
    c.sky("#fde2c8", "#fbcfe8", 400)
    c.add(sun(980, 150, 60, "#fdba74", "#fed7aa"))
    c.add(poly([(0, 400), (180, 260), (340, 380), (520, 240), (720, 390), (900, 280), (1200, 400)], "#c4a7d8"))
    c.add(poly([(0, 400), (260, 320), (480, 400), (760, 330), (1200, 400)], "#a58bc4"))
    c.add(rect(0, 400, 1200, 200, "#4b5563"), rect(0, 400, 1200, 14, "#9ca3af"))
    for i in range(0, 1200, 100):
        c.add(rect(i + 20, 500, 56, 8, "#f8fafc", 3))
    c.add(car_carrier(260, 560, 1.1))
    c.add(pine(80, 410, 0.8), pine(150, 410, 0.6), pine(1120, 410, 0.7))
    return c


def s11_familia():
    c = Canvas()
    interior(c, "#e0f2fe", "#d8b384", 460)
    c.add(room_window(120, 70, 300, 260, sky="#93c5fd",
                      view=[rect(120, 230, 300, 100, "#a7f3d0"), facade(140, 330, 80, 130, FACADES[0], 2, 1, door=False),
                            facade(250, 330, 70, 170, FACADES[1], 3, 1, door=False)]))
    c.add(sofa(760, 520, 300, "#f59e0b"))
    c.add(lamp(1110, 520))
    c.add(box_stack(520, 540, [(120, 90, 0), (100, 70, 8)]), box(480, 560, 80, 60, tone=2))
    c.add(person(300, 560, 1.2, skin=SKIN[0], hair=HAIR[1], shirt="#ef4444", pants="#1e3a8a", logo=False,
                 arms=[[(-8, -120), (-6, -94)], [(26, -170), (38, -200)]]))
    c.add(person(390, 560, 1.15, flip=True, skin=SKIN[2], hair=HAIR[0], shirt="#a855f7", pants="#334155", style="long",
                 logo=False, arms=[[(-8, -120), (-6, -94)], [(-20, -120), (-40, -100)]]))
    c.add(person(460, 560, 0.7, skin=SKIN[2], hair=HAIR[0], shirt="#facc15", pants="#2563eb", logo=False,
                 arms=[[(20, -170), (30, -210)], [(26, -166), (36, -206)]]))
    c.add(plant(680, 540, 0.8))
    return c


def s12_noche():
    c = Canvas()
    rng = random.Random(12)
    c.sky("#0b1a36", "#1e3a8a")
    c.add(stars(rng, 70, 1200, 300), moon(1040, 100, 40, sky="#0f2044"))
    # Cuatro Torres, the Metrópolis dome and Madrid's rooftops
    c.add(tower(120, 470, 70, 360, "#1e3a5f", "", night=True, rng=rng), tower(210, 470, 64, 330, "#24446e", "", night=True, rng=rng))
    c.add(tower(290, 470, 74, 380, "#1b3557", "", night=True, rng=rng), tower(380, 470, 60, 300, "#24446e", "", night=True, rng=rng))
    c.add(rect(300, 80, 54, 16, "#1b3557"))
    c.add(group([rect(0, -170, 120, 170, "#1f3b63"), rect(8, -200, 104, 34, "#27497a"), ellipse(60, -210, 46, 44, "#1f3b63"),
                 rect(56, -270, 8, 20, "#fbbf24"), circle(60, -276, 8, "#fbbf24")], 640, 470))
    x = 470
    for w, h in ((150, 160), (140, 210), (150, 150), (200, 190), (170, 230), (150, 170)):
        if x > 610 and x < 780:
            x += w
            continue
        c.add(facade(x, 470, w, h, "#16294a", floors=3, cols=2, shutters=None, balcony=False, cornice="#1f3b63",
                     lit_rng=rng, night=True, door=False))
        x += w
    road(c, 488, 112, color="#1f2937", curb="#334155")
    c.add(streetlamp(220, 486, 1, "#94a3b8", lit=True), streetlamp(1000, 486, 1, "#94a3b8", lit=True))
    c.add(truck(360, 560, 0.95, lights=True))
    return c


def s13_carretera():
    c = Canvas()
    c.sky("#fed7aa", "#fef3c7", 380)
    c.add(sun(300, 300, 80, "#fb923c", "#fdba74"))
    c.add(poly([(0, 380), (140, 250), (300, 330), (460, 200), (640, 320), (800, 230), (1000, 340), (1200, 260), (1200, 380)], "#c08457"))
    c.add(poly([(0, 380), (300, 300), (600, 370), (900, 310), (1200, 380)], "#a16207", ' opacity="0.7"'))
    c.add(rect(0, 380, 1200, 220, "#d9b36c"))
    c.add(poly([(520, 380), (680, 380), (1200, 600), (0, 600)], "#57534e"))
    c.add(poly([(596, 380), (604, 380), (640, 600), (560, 600)], "#fde68a"))
    for x, s in ((120, 0.6), (260, 0.45), (1040, 0.7), (920, 0.5)):
        c.add(tree(x, 440 + s * 40, s, "#84a94f", "#6b8e3d"))
    c.add(group([rect(-6, -120, 12, 120, GREY_DARK), rect(-80, -190, 160, 80, "#15803d", 8),
                 text(0, -160, "A-2  Zaragoza", 22, WHITE), text(0, -128, "Barcelona 620", 18, WHITE, 600)], 1050, 420))
    c.add(truck(620, 560, 0.85, flip=True))
    return c


def s14_elevador():
    c = Canvas()
    c.sky("#bae6fd", "#f0f9ff", 500)
    c.add(facade(120, 500, 560, 470, "#e8b98a", floors=5, cols=4))
    c.add(facade(680, 500, 420, 400, "#f1e0bf", floors=4, cols=3))
    road(c, 510, 90, curb="#d6d3d1")
    # the external furniture lift: a ladder-like mast to a balcony and a platform with a box
    c.add(truck(720, 580, 0.75, label=False, body="#f8fafc"))
    c.add(line(720 + 40, 470, 560, 90, ORANGE_DARK, 16), line(720 + 60, 470, 580, 90, ORANGE, 10))
    for k in range(14):
        t = k / 14
        c.add(line(760 - 200 * t, 470 - 380 * t, 780 - 200 * t, 470 - 380 * t, ORANGE_DARK, 3))
    c.add(rect(560, 150, 80, 10, GREY_DARK), box_stack(566, 150, [(66, 52, 0)]))
    c.add(mover(300, 580, 0.9, arms=[[(26, -160), (40, -190)], [(30, -156), (44, -186)]], skin=2))
    c.add(mover(500, 210, 0.55, flip=True, arms=CARRY_ARMS, skin=0, hair=1))
    return c


def s15_fragil():
    c = Canvas()
    interior(c, "#fce7f3", "#c8a17a", 430)
    c.add(rect(120, 360, 680, 24, WOOD_DARK, 4), rect(150, 384, 20, 170, WOOD_DARK), rect(750, 384, 20, 170, WOOD_DARK))
    for i, col in enumerate(("#fbcfe8", "#bfdbfe", "#fde68a")):
        c.add(ellipse(230 + i * 90, 340 - i * 10, 40, 14, col), ellipse(230 + i * 90, 330 - i * 10, 40, 14, "#ffffff"))
    c.add(bubble_wrap(500, 240, 180, 120))
    c.add(path("M620,360 q-10,-60 10,-90 q20,30 10,90 Z", "#a5f3fc"), ellipse(630, 270, 16, 6, "#67e8f9"))
    c.add(group(box(0, 0, 220, 170, "FRÁGIL"), 880, 560))
    c.add(path("M940,440 l-10,20 h14 l-8,20", stroke=ORANGE_DARK, sw=4))
    c.add(group([poly([(0, 0), (26, -30), (52, 0)], ORANGE_DARK), rect(18, 0, 16, 24, ORANGE_DARK)], 1040, 450, 0.7))
    c.add(person(860, 560, 1.1, flip=True, skin=SKIN[4], hair=HAIR[1], style="bun", shirt=BLUE_MID,
                 arms=[[(-26, -130), (-60, -150)], [(-30, -124), (-66, -140)]]))
    c.add(room_window(180, 60, 200, 200, sky="#fbcfe8", view=[cloud(280, 160, 0.6)]))
    return c


def s16_carga():
    c = Canvas()
    c.sky("#d1fae5", "#ecfdf5", 440)
    c.add(facade(-40, 440, 300, 330, FACADES[2], 3, 3), facade(900, 440, 340, 360, FACADES[3], 3, 3))
    road(c, 450, 150, color="#6b7280", curb="#d1d5db", dashes=False)
    c.add(truck(520, 570, 1.05, open_back=True))
    c.add(poly([(470, 374), (520, 374), (420, 570), (330, 570)], "#9ca3af"))
    for k in range(6):
        c.add(line(470 - k * 24, 380 + k * 36, 518 - k * 19, 380 + k * 36, "#6b7280", 3))
    c.add(hand_truck(380, 520, 0.9))
    c.add(mover(300, 566, 1.0, arms=[[(36, -150), (56, -172)], [(40, -144), (62, -166)]], legs=WALK_LEGS, skin=1, hair=0))
    c.add(box_stack(160, 570, [(90, 70, 0), (70, 60, 10)]))
    c.add(mover(1010, 574, 1.0, flip=True, skin=3, hair=2, style="curly", arms=CARRY_ARMS))
    c.add(group(box(20, -90, 58, 48, tone=1), 1010, 574, 1.0, flip=True))
    return c


def s17_arte():
    c = Canvas()
    interior(c, "#f5f5f4", "#78716c", 470, skirting="#e7e5e4")
    c.add(painting(120, 90, 230, 170, frame="#b45309", colors=("#fcd34d", "#ef4444", "#1d4ed8")))
    c.add(painting(400, 120, 150, 200, frame="#1f2937", colors=("#a7f3d0", "#f472b6", "#0f766e")))
    c.add(group([rect(-3, 0, 6, 50, GREY_DARK), poly([(-40, 90), (40, 90), (22, 50), (-22, 50)], "#fbbf24"),
                 poly([(-40, 90), (40, 90), (120, 380), (-120, 380)], "#fef3c7", ' opacity="0.5"')], 780, 0))
    c.add(group([rect(0, -230, 200, 230, WOOD_LIGHT, 4)] + [rect(0, -230 + k * 46, 200, 8, WOOD, 2) for k in range(6)]
                + [text(100, -110, "OBRA DE ARTE", 18, WOOD_DARK)], 660, 550))
    c.add(group([rect(0, -180, 140, 180, "#e0f2fe", 6, ' opacity="0.9"'), rect(10, -170, 120, 160, "#93c5fd", 4, ' opacity="0.5"'),
                 line(0, -120, 140, -118, "#bae6fd", 4), line(0, -60, 140, -58, "#bae6fd", 4)], 900, 550))
    c.add(mover(600, 556, 1.0, arms=[[(40, -160), (58, -170)], [(44, -150), (64, -160)]], skin=4, hair=1, style="bun"))
    c.add(mover(1120, 556, 1.0, flip=True, arms=[[(24, -134), (40, -150)], [(28, -128), (44, -144)]], skin=2, hair=0))
    return c


def s18_puerta_alcala():
    c = Canvas()
    c.sky("#fbcfe8", "#fef3c7", 480)
    c.add(sun(960, 140, 50, "#fda4af", "#fecdd3"))
    # the Puerta de Alcalá: five arches, columns and the crowning pediment
    g = [rect(0, -250, 560, 250, "#e7d7b8"), rect(-10, -270, 580, 24, "#d6c19a"), rect(-10, -20, 580, 20, "#d6c19a")]
    for i, (ax, w, h) in enumerate(((40, 70, 130), (130, 80, 160), (240, 90, 190), (350, 80, 160), (450, 70, 130))):
        if i % 2 == 0:
            g.append(path(f"M{ax},0 V-{h - w / 2} a{w / 2},{w / 2} 0 0 1 {w},0 V0 Z", "#8aa0b8"))
        else:
            g.append(rect(ax, -h, w, h, "#8aa0b8"))
    for cx in (20, 120, 220, 340, 440, 540):
        g.append(rect(cx - 7, -250, 14, 230, "#f3e8d2"))
    g.append(poly([(200, -270), (280, -340), (360, -270)], "#d6c19a"))
    g.append(rect(250, -380, 60, 50, "#cdb68e", 6))
    c.add(group(g, 320, 470))
    c.add(tree(120, 480, 1.1, "#7fb069", "#5f8f4f"), tree(1080, 480, 1.0, "#7fb069", "#5f8f4f"), tree(240, 480, 0.7, "#7fb069", "#5f8f4f"))
    c.add(ellipse(600, 500, 420, 30, "#86efac"))
    road(c, 510, 90, curb="#e5e7eb")
    c.add(truck(90, 580, 0.7), car(700, 580, 0.65, color="#f8fafc"), car(960, 590, 0.65, flip=True, color="#ef4444"))
    return c


def s19_equipo():
    c = Canvas()
    c.add(rect(0, 0, 1200, 600, "#dbeafe"))
    c.add(circle(600, 330, 260, "#bfdbfe"))
    c.add(truck(180, 520, 1.3))
    c.add(rect(0, 520, 1200, 80, "#93c5fd"))
    cfg = [(250, 0, 0, "short", None), (400, 2, 2, "curly", ORANGE), (560, 4, 3, "long", None), (720, 3, 1, "short", ORANGE),
           (880, 1, 4, "bun", None)]
    for i, (x, skin, hair, style, cap) in enumerate(cfg):
        arms = [[(-8, -120), (-6, -94)], [(22, -124), (6, -110)]] if i % 2 else [[(-8, -120), (-6, -94)], [(10, -120), (12, -94)]]
        if i == 4:
            arms = [[(-8, -120), (-6, -94)], [(26, -166), (38, -200)]]
        c.add(shadow(x, 585, 70), person(x, 580, 1.25, skin=SKIN[skin], hair=HAIR[hair], style=style, cap=cap,
                                          shirt=BLUE_MID if i != 2 else ORANGE_DARK, arms=arms))
    return c


def s20_presupuesto():
    c = Canvas()
    c.add(rect(0, 0, 1200, 600, "#fff7ed"))
    c.add(circle(200, 120, 160, "#ffedd5"), circle(1080, 520, 200, "#ffedd5"))
    c.add(rect(160, 440, 880, 30, WOOD, 6), rect(200, 470, 24, 130, WOOD_DARK), rect(976, 470, 24, 130, WOOD_DARK))
    # calendar
    c.add(rect(220, 130, 260, 250, WHITE, 12), rect(220, 130, 260, 56, ORANGE, 12), rect(220, 170, 260, 16, ORANGE))
    c.add(text(350, 170, "MAYO", 26, WHITE))
    for r in range(4):
        for k in range(6):
            x, y = 240 + k * 38, 206 + r * 40
            mark = (r, k) == (2, 3)
            c.add(rect(x, y, 28, 28, BLUE if mark else "#f1f5f9", 6))
            c.add(text(x + 14, y + 20, str(r * 6 + k + 1), 13, WHITE if mark else GREY_DARK, 600))
    # clipboard with checklist
    c.add(rect(540, 110, 240, 320, "#a16207", 12), rect(556, 130, 208, 290, WHITE, 6), rect(620, 96, 80, 30, GREY_DARK, 8))
    for k in range(5):
        y = 170 + k * 50
        c.add(rect(574, y, 26, 26, "#dcfce7" if k < 3 else "#f1f5f9", 6), rect(614, y + 8, 120 - (k % 2) * 30, 10, GREY, 5))
        if k < 3:
            c.add(polyline([(579, y + 13), (586, y + 20), (596, y + 6)], "#16a34a", 4))
    # phone with a price
    c.add(rect(840, 180, 150, 260, INK, 22), rect(852, 200, 126, 220, "#eff6ff", 12))
    c.add(text(915, 260, "Presupuesto", 17, INK), text(915, 310, "890 €", 36, BLUE), rect(870, 350, 90, 34, ORANGE_DARK, 10),
          text(915, 373, "Reservar", 15, WHITE))
    c.add(group([rect(0, 0, 14, 150, "#facc15", 4), poly([(0, 150), (14, 150), (7, 172)], "#fde68a")], 500, 290, rotate=-30))
    return c


def s21_paris():
    c = Canvas()
    c.sky("#c7d2fe", "#eef2ff", 470)
    c.add(cloud(180, 110), cloud(880, 80, 0.7))
    # the Eiffel tower: the truck has arrived from Madrid
    t = [poly([(-90, 0), (-16, -300), (16, -300), (90, 0), (60, 0), (0, -120), (-60, 0)], "#6b7280"),
         rect(-60, -120, 120, 14, "#4b5563"), rect(-34, -220, 68, 12, "#4b5563"),
         poly([(-16, -300), (-4, -400), (4, -400), (16, -300)], "#6b7280"), rect(-2, -430, 4, 30, "#4b5563"),
         path("M-56,0 q56,-90 112,0", "#c7d2fe")]
    c.add(group(t, 860, 470))
    for i, (w, h) in enumerate(((160, 230), (150, 200), (170, 250))):
        c.add(facade(40 + i * 170, 470, w, h, ["#e5e7eb", "#f1e0bf", "#d6d3d1"][i], 3, 2, shutters="#475569",
                     cornice="#64748b", door=False))
        c.add(poly([(40 + i * 170 - 6, 470 - h - 10), (40 + i * 170 + w + 6, 470 - h - 10), (40 + i * 170 + w - 20, 470 - h - 50),
                    (40 + i * 170 + 20, 470 - h - 50)], "#475569"))
    road(c, 488, 112, color="#9ca3af", curb="#e5e7eb")
    c.add(truck(520, 560, 0.9))
    c.add(group([rect(0, 0, 200, 64, WHITE, 12), text(100, 28, "Madrid → París", 18, INK), text(100, 52, "1.270 km", 16, BLUE)],
                250, 110, extra=' opacity="0.95"'))
    c.add(tree(1120, 488, 0.8, "#65a30d", "#4d7c0f"))
    return c


def s22_colchon():
    c = Canvas()
    interior(c, "#e0e7ff", "#a78b6d", 460)
    c.add(group([rect(0, -60, 300, 40, WOOD, 4), rect(0, -160, 24, 160, WOOD_DARK, 4), rect(276, -120, 24, 120, WOOD_DARK, 4)], 80, 540))
    c.add(group([rect(0, 0, 340, 60, "#eef2ff", 20), rect(0, 0, 340, 60, "#c7d2fe", 20, ' opacity="0.6"')]
                + [line(30 + k * 56, 8, 30 + k * 56, 52, "#a5b4fc", 3) for k in range(6)],
                545, 285, rotate=17))
    c.add(mover(520, 548, 1.05, arms=[[(30, -170), (44, -210)], [(34, -166), (50, -206)]], skin=2, hair=0))
    c.add(mover(860, 548, 1.05, flip=True, arms=[[(26, -130), (44, -140)], [(30, -126), (50, -136)]], skin=0, hair=3, style="bun"))
    c.add(group([rect(0, 0, 140, 90, WHITE, 10), ellipse(70, 45, 52, 28, "#e0e7ff")], 960, 460))
    c.add(room_window(900, 70, 220, 220, sky="#c7d2fe", view=[moon(1010, 170, 26, sky="#c7d2fe")]))
    return c


def s23_estudiante():
    c = Canvas()
    c.sky("#ccfbf1", "#f0fdfa", 470)
    c.add(cloud(980, 100), cloud(400, 70, 0.7))
    c.add(facade(560, 470, 280, 360, "#fca5a5", 4, 3), facade(840, 470, 260, 320, "#fde68a", 4, 3), facade(1100, 470, 200, 380, "#a5b4fc", 4, 2))
    road(c, 488, 112, color="#64748b", curb="#e5e7eb")
    c.add(van(120, 570, 1.1, accent="#0d9488"))
    c.add(group([circle(0, 0, 34, "none", ' stroke="#111827" stroke-width="6"'), circle(110, 0, 34, "none", ' stroke="#111827" stroke-width="6"'),
                 polyline([(0, 0), (40, -60), (90, -60), (110, 0)], "#0d9488", 7), polyline([(40, -60), (55, 0), (90, -60)], "#0d9488", 7),
                 line(32, -74, 52, -74, INK, 7), line(90, -60, 84, -84, INK, 6)], 500, 540))
    c.add(person(740, 564, 1.1, flip=True, skin=SKIN[1], hair=HAIR[0], shirt="#0d9488", pants="#1e3a8a", logo=False,
                 arms=CARRY_ARMS, legs=WALK_LEGS, style="short"))
    c.add(group(box(20, -90, 62, 50, tone=0), 740, 564, 1.1, flip=True))
    c.add(box_stack(400, 570, [(80, 64, 0), (64, 50, 8)]), plant(440, 456, 0.5, pot="#0d9488"))
    return c


def s24_chalet():
    c = Canvas()
    c.sky("#bae6fd", "#e0f2fe", 440)
    c.add(poly([(0, 440), (260, 300), (520, 440)], "#93c5fd"), poly([(380, 440), (700, 280), (1000, 440)], "#a5c8f0"))
    c.add(rect(0, 430, 1200, 170, "#86c06c"), rect(0, 430, 1200, 14, "#6aa84f"))
    house = [rect(0, -220, 360, 220, "#fef3c7"), poly([(-30, -210), (180, -330), (390, -210)], "#c2410c"),
             rect(40, -170, 70, 70, "#bfdbfe"), rect(250, -170, 70, 70, "#bfdbfe"), rect(150, -120, 60, 120, WOOD_DARK, 4),
             rect(36, -104, 78, 8, WHITE), rect(246, -104, 78, 8, WHITE), rect(270, -300, 36, 60, "#9a3412")]
    c.add(group(house, 700, 470))
    c.add(poly([(850, 470), (910, 470), (820, 600), (700, 600)], "#e7d3b0"))
    for x in range(660, 1200, 40):
        c.add(rect(x, 430, 10, 50, WHITE), rect(660, 446, 540, 8, WHITE))
    c.add(tree(600, 480, 1.0, "#4d9a5b", "#3b7f49"), tree(1130, 480, 0.8))
    c.add(truck(110, 580, 0.95))
    c.add(armchair(520, 570, "#7c3aed"), box_stack(420, 580, [(80, 64, 0)]))
    c.add(mover(650, 580, 1.0, flip=True, arms=CARRY_ARMS, legs=WALK_LEGS, skin=1, hair=0))
    c.add(group(box(20, -90, 58, 48, tone=1), 650, 580, 1.0, flip=True))
    return c


CAROUSEL = [
    (s01_calle, "Camión de la empresa aparcado en una calle de Madrid con edificios de balcones mientras dos operarios descargan cajas"),
    (s02_embalaje, "Una clienta embala sus cosas en cajas de cartón en el salón, junto a una pila de cajas ya cerradas"),
    (s03_escaleras, "Dos operarios bajan un sofá por la escalera de un edificio"),
    (s04_piano, "Dos operarios trasladan un piano vertical protegido con una manta sobre una plataforma con ruedas"),
    (s05_oficina, "Mudanza de oficina: mesas con monitores protegidos, cajas y un operario cargando una caja"),
    (s06_europa, "Mapa de Europa con la ruta de mudanza desde Madrid hasta Berlín pasando por Barcelona y París"),
    (s07_guardamuebles, "Guardamuebles con trasteros de puerta enrollable, uno abierto con cajas, y un operario con una carretilla"),
    (s08_limpieza, "Limpieza de un piso vacío después de la mudanza, con fregona, cubo y suelo reluciente"),
    (s09_montaje, "Montaje de un armario en la vivienda nueva, con las instrucciones y los tornillos en el suelo"),
    (s10_vehiculos, "Camión portavehículos por la autovía al atardecer llevando cuatro coches"),
    (s11_familia, "Una familia celebra su llegada al piso nuevo entre cajas, con un sofá y vistas a Madrid"),
    (s12_noche, "Skyline de Madrid de noche con las Cuatro Torres y el camión de mudanzas con los faros encendidos"),
    (s13_carretera, "El camión de mudanzas por la autovía A-2 al atardecer camino de Zaragoza y Barcelona"),
    (s14_elevador, "Elevador de muebles exterior subiendo una caja hasta el balcón de un quinto piso"),
    (s15_fragil, "Embalaje de vajilla y cristalería con plástico de burbujas y una caja marcada como frágil"),
    (s16_carga, "Carga del camión por la rampa trasera con una carretilla llena de cajas"),
    (s17_arte, "Traslado de cuadros y obras de arte en cajas de madera a medida"),
    (s18_puerta_alcala, "El camión de mudanzas pasa junto a la Puerta de Alcalá en Madrid"),
    (s19_equipo, "El equipo de mudanzas con su uniforme delante del camión de la empresa"),
    (s20_presupuesto, "Planificación de la mudanza: calendario con la fecha marcada, lista de tareas y presupuesto en el móvil"),
    (s21_paris, "El camión de mudanzas llega a París, con la Torre Eiffel al fondo"),
    (s22_colchon, "Dos operarios trasladan un colchón protegido con funda desde el dormitorio"),
    (s23_estudiante, "Pequeña mudanza de estudiante con furgoneta, bicicleta y cajas en una calle de Madrid"),
    (s24_chalet, "Mudanza a un chalé en la sierra de Madrid, con el camión junto al jardín"),
]


# --- the about page's four sections ----------------------------------------------------------


def a_historia():
    c = Canvas(800, 600)
    c.sky("#fde68a", "#fef3c7", 460)
    c.add(facade(-20, 460, 260, 380, FACADES[0], 4, 3), facade(240, 460, 260, 340, FACADES[1], 4, 3), facade(500, 460, 320, 400, FACADES[4], 4, 3))
    c.add(rect(0, 460, 800, 140, "#a8a29e"))
    for i in range(0, 800, 40):
        for j in range(3):
            c.add(rect(i + (j % 2) * 20, 470 + j * 40, 36, 36, "#b8b2ad", 4))
    c.add(van(60, 560, 1.0, body="#fef3c7", accent="#b45309"))
    c.add(group([rect(0, 0, 160, 60, "#fffbeb", 10), text(80, 40, "Desde 2009", 24, "#b45309")], 560, 60))
    c.add(mover(470, 570, 1.0, arms=CARRY_ARMS, legs=WALK_LEGS, skin=1, hair=4, cap="#b45309", shirt="#92400e"))
    c.add(group(box(20, -90, 58, 48, tone=0), 470, 570))
    return c


def a_equipo():
    c = Canvas(800, 600)
    c.add(rect(0, 0, 800, 600, "#e0f2fe"), circle(400, 330, 230, "#bae6fd"), rect(0, 500, 800, 100, "#7dd3fc"))
    for i, (x, skin, hair, style) in enumerate(((170, 0, 0, "short"), (310, 3, 2, "curly"), (450, 4, 3, "long"), (590, 2, 1, "short"))):
        arms = [[(-8, -120), (-6, -94)], [(26, -166), (38, -200)]] if i == 3 else [[(-8, -120), (-6, -94)], [(10, -120), (12, -94)]]
        c.add(shadow(x, 555, 70), person(x, 550, 1.2, skin=SKIN[skin], hair=HAIR[hair], style=style, arms=arms,
                                          cap=ORANGE if i % 2 == 0 else None, shirt=BLUE_MID))
    c.add(group([rect(0, 0, 220, 56, WHITE, 12), text(110, 36, "+30 profesionales", 22, BLUE)], 290, 50))
    return c


def a_trabajo():
    c = Canvas(800, 600)
    interior(c, "#fff7ed", "#d6b48a", 440)
    c.add(rect(60, 80, 260, 300, WHITE, 12), rect(60, 80, 260, 50, BLUE, 12), rect(60, 110, 260, 20, BLUE))
    c.add(text(190, 116, "Plan de mudanza", 20, WHITE))
    for k, lab in enumerate(("Visita y presupuesto", "Embalaje", "Transporte", "Montaje")):
        y = 160 + k * 52
        c.add(rect(84, y, 28, 28, "#dcfce7", 6), polyline([(90, y + 14), (97, y + 21), (107, y + 7)], "#16a34a", 4),
              text(126, y + 20, lab, 17, INK, 600, "start"))
    c.add(box_stack(470, 520, [(150, 110, 0), (120, 90, 14)]), hand_truck(650, 520, 0.9))
    c.add(mover(400, 530, 1.0, arms=[[(28, -160), (40, -190)], [(32, -152), (48, -180)]], skin=3, hair=2, style="curly"))
    return c


def a_compromiso():
    c = Canvas(800, 600)
    c.add(rect(0, 0, 800, 600, "#ecfdf5"), circle(400, 290, 220, "#d1fae5"))
    c.add(path("M400,90 L560,150 V290 q0,130 -160,210 q-160,-80 -160,-210 V150 Z", "#10b981"))
    c.add(path("M400,130 L520,176 V290 q0,100 -120,166 q-120,-66 -120,-166 V176 Z", "#34d399"))
    c.add(polyline([(340, 290), (385, 335), (470, 240)], WHITE, 22))
    c.add(box_stack(90, 540, [(120, 90, 0), (96, 70, 12)]), box_stack(600, 540, [(130, 100, 0)]))
    for x, y, r in ((600, 130, 16), (220, 160, 12), (640, 380, 10)):
        c.add(sparkle(x, y, r, "#fbbf24"))
    c.add(rect(0, 540, 800, 60, "#a7f3d0"))
    return c


ABOUT = [
    ("historia", a_historia, "Furgoneta de los primeros años de la empresa en una calle del centro de Madrid"),
    ("equipo", a_equipo, "El equipo de operarios de la empresa, con su uniforme azul"),
    ("como-trabajamos", a_trabajo, "Plan de mudanza con sus cuatro fases junto a cajas preparadas y una carretilla"),
    ("compromiso", a_compromiso, "Escudo con una marca de verificación que representa el seguro de la mudanza"),
]


def write_ts(path_, header, const, rows):
    lines = [header, f"export const {const} = ["]
    for src, alt in rows:
        lines.append(f"  {{ src: '{src}', alt: '{alt}' }},")
    lines.append("] as const;\n")
    with open(path_, "w", encoding="utf-8") as out:
        out.write("\n".join(lines))


def main():
    os.makedirs(CAROUSEL_DIR, exist_ok=True)
    os.makedirs(ABOUT_DIR, exist_ok=True)
    total = 0
    rows = []
    for i, (draw, alt) in enumerate(CAROUSEL, start=1):
        name = f"{i:02d}.svg"
        data = draw().svg()
        total += len(data.encode())
        with open(os.path.join(CAROUSEL_DIR, name), "w", encoding="utf-8") as out:
            out.write(data)
        rows.append((f"/img/carrusel/{name}", alt))
    write_ts(
        CAROUSEL_TS,
        "// Generated by scripts/ilustraciones.py: the carousel's 24 illustrations and their alt text.\n"
        "// Edit the script, not this file.",
        "CAROUSEL_IMAGES",
        rows,
    )
    rows = []
    for slug, draw, alt in ABOUT:
        data = draw().svg()
        total += len(data.encode())
        with open(os.path.join(ABOUT_DIR, f"{slug}.svg"), "w", encoding="utf-8") as out:
            out.write(data)
        rows.append((f"/img/sobre-nosotros/{slug}.svg", alt))
    write_ts(
        ABOUT_TS,
        "// Generated by scripts/ilustraciones.py: the about page's four illustrations and their alt text.\n"
        "// Edit the script, not this file.",
        "ABOUT_IMAGES",
        rows,
    )
    print(f"{len(CAROUSEL)} + {len(ABOUT)} ilustraciones, {total // 1024} KB en total")


if __name__ == "__main__":
    main()
