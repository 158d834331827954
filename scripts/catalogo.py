#!/usr/bin/env python3
"""The object catalogue of the price finder (spec §3 'Object catalogue item').

This file is the catalogue's source: the table OBJETOS below (id, name, category, size, weight and
how to draw it). Running it writes what the server loads at start:

    seed/catalogo/objetos.json      id, nombre, categoria, dimensiones, peso, volumen
    seed/catalogo/svg/<id>.svg      a flat line drawing of the object, made here for the project

    python3 scripts/catalogo.py

Sizes are ancho × fondo × alto in cm, as the object travels (beds and bunks assembled, boxes
closed). The volume is the box around those sizes, w × d × h / 1 000 000 m³, rounded to the litre:
that is how Spanish removal firms measure a load (m³ of the lorry it fills), and it keeps the
volume and the printed size consistent. The drawings use only the Python standard library.
"""

import json
import math
from decimal import ROUND_HALF_UP, Decimal
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "seed", "catalogo")

# ---------------------------------------------------------------------------------------------
# Drawing: a 160 × 120 canvas, objects standing on a floor line at y = FLOOR, centred at x = 80.

INK = "#334155"
FLOOR = 106
CX = 80

WOOD = "#c99a62"
WOOD_DARK = "#8f5f34"
WOOD_LIGHT = "#e2c29b"
WHITE = "#f8fafc"
GREY = "#cbd5e1"
GREY_DARK = "#64748b"
METAL = "#94a3b8"
SCREEN = "#1e293b"
GLASS = "#bfdbfe"
CARDBOARD = "#d8a865"
CARDBOARD_DARK = "#b9864a"
TAPE = "#f1d9a8"
MATTRESS = "#eef2f8"
QUILT = "#b8c5da"
FABRIC = {
    "azul": "#6d8fc2",
    "verde": "#7ea37a",
    "gris": "#9aa5b4",
    "beis": "#d8c4a2",
    "mostaza": "#d9a441",
    "teja": "#c8765a",
    "rosa": "#d99aa5",
}


def f(v):
    return f"{v:.1f}".rstrip("0").rstrip(".")


def rect(x, y, w, h, fill, rx=0, sw=2.5, stroke=INK, extra=""):
    return (
        f'<rect x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}" rx="{f(rx)}" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{sw}"{extra}/>'
    )


def line(x1, y1, x2, y2, sw=2, stroke=INK, extra=""):
    return (
        f'<line x1="{f(x1)}" y1="{f(y1)}" x2="{f(x2)}" y2="{f(y2)}" stroke="{stroke}" '
        f'stroke-width="{sw}" stroke-linecap="round"{extra}/>'
    )


def circle(cx, cy, r, fill, sw=2.5, stroke=INK):
    return f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(r)}" fill="{fill}" stroke="{stroke}" stroke-width="{sw}"/>'


def ellipse(cx, cy, rx, ry, fill, sw=2.5, stroke=INK, extra=""):
    return (
        f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(rx)}" ry="{f(ry)}" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="{sw}"{extra}/>'
    )


def poly(points, fill, sw=2.5, stroke=INK):
    pts = " ".join(f"{f(x)},{f(y)}" for x, y in points)
    return f'<polygon points="{pts}" fill="{fill}" stroke="{stroke}" stroke-width="{sw}" stroke-linejoin="round"/>'


def path(d, fill="none", sw=2.5, stroke=INK):
    return (
        f'<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="{sw}" '
        f'stroke-linecap="round" stroke-linejoin="round"/>'
    )


def shadow(width):
    return f'<ellipse cx="{CX}" cy="{FLOOR + 3}" rx="{f(width / 2 + 8)}" ry="4.5" fill="#e2e8f0"/>'


def fit(w, h, maxw=132, maxh=88):
    """Real width and height (cm) to drawing units, keeping the proportions."""
    s = min(maxw / w, maxh / h)
    return w * s, h * s


def knob(x, y, r=2):
    return circle(x, y, r, GREY_DARK, sw=0)


def svg(title, body):
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 120" width="160" height="120" '
        f'role="img" aria-label="{title}">\n<title>{title}</title>\n'
        + "\n".join(body)
        + "\n</svg>\n"
    )


# --- sofás -----------------------------------------------------------------------------------


def sofa(o, seats=3, color="azul", chaise=False, corner=False, bed=False):
    c = FABRIC[color]
    w, _, h = o["size"]
    W, H = fit(w, h, 138, 64)
    x0, legs = CX - W / 2, 5
    top = FLOOR - legs - H
    arm = max(9, min(16, W * 0.09))
    out = [shadow(W)]
    for lx in (x0 + 6, x0 + W - 10):
        out.append(rect(lx, FLOOR - legs - 1, 4, legs + 1, WOOD_DARK, sw=1.5))
    back_w = W - 2 * arm
    if chaise:
        back_w = (W - 2 * arm) * 0.62
    out.append(rect(x0 + arm - 3, top, back_w + 6, H * 0.62, c, rx=7))
    if corner:
        # The perpendicular part of the L seen end-on: a deeper block at one side.
        out.append(rect(x0 + W * 0.62, top, W * 0.38 - arm + 3, H * 0.62, c, rx=7))
        out.append(line(x0 + W * 0.62, top + 6, x0 + W * 0.62, top + H * 0.55, sw=1.5))
    out.append(rect(x0, top + H * 0.66, W, H * 0.34, c, rx=4))
    seat_y, seat_h = top + H * 0.48, H * 0.24
    n = seats
    sw_ = (W - 2 * arm) / n
    for i in range(n):
        fill = c
        if chaise and i == n - 1:
            fill = c
        out.append(rect(x0 + arm + i * sw_, seat_y, sw_, seat_h, fill, rx=4))
    if chaise:
        # The chaise: no back over its seat, a lighter long cushion.
        out.append(rect(x0 + arm + back_w, seat_y, W - 2 * arm - back_w, seat_h, WHITE, rx=4, extra=' fill-opacity="0.35"'))
    for ax in (x0, x0 + W - arm):
        out.append(rect(ax, top + H * 0.3, arm, H * 0.7, c, rx=6))
    if bed:
        # A pillow and the fold of the mattress inside.
        out.append(rect(x0 + arm + 6, seat_y - 12, 26, 14, WHITE, rx=6))
        out.append(line(x0 + arm + 4, top + H * 0.66 + 7, x0 + W - arm - 4, top + H * 0.66 + 7, sw=1.5, extra=' stroke-dasharray="4 3"'))
    return out


def armchair(o, style="normal", color="verde"):
    c = FABRIC[color]
    w, d, h = o["size"]
    out = []
    if style == "relax":
        # Side view, reclined, footrest out.
        W, H = 120, 78
        x0 = CX - W / 2
        out.append(shadow(W * 0.8))
        out.append(rect(x0 + 28, FLOOR - 10, 50, 10, GREY_DARK, rx=3))
        out.append(poly([(x0 + 18, FLOOR - 78), (x0 + 36, FLOOR - 80), (x0 + 50, FLOOR - 30), (x0 + 34, FLOOR - 26)], c))
        out.append(rect(x0 + 34, FLOOR - 34, 52, 20, c, rx=6))
        out.append(rect(x0 + 40, FLOOR - 48, 40, 12, c, rx=6))
        out.append(poly([(x0 + 84, FLOOR - 32), (x0 + 118, FLOOR - 40), (x0 + 120, FLOOR - 30), (x0 + 86, FLOOR - 20)], c))
        out.append(rect(x0 + 14, FLOOR - 86, 20, 12, c, rx=5))
        return out
    W, H = fit(w, h, 92, 86)
    x0 = CX - W / 2
    top = FLOOR - 5 - H
    arm = W * 0.17
    out.append(shadow(W))
    for lx in (x0 + 5, x0 + W - 9):
        out.append(rect(lx, FLOOR - 6, 4, 6, WOOD_DARK, sw=1.5))
    if style == "orejero":
        out.append(path(
            f"M{f(x0 + arm - 6)} {f(top + H * 0.45)} C{f(x0 - 2)} {f(top + 8)} {f(x0 + arm)} {f(top)} {f(CX)} {f(top)} "
            f"C{f(x0 + W - arm)} {f(top)} {f(x0 + W + 2)} {f(top + 8)} {f(x0 + W - arm + 6)} {f(top + H * 0.45)} Z", c))
    else:
        out.append(rect(x0 + arm - 3, top + H * 0.08, W - 2 * arm + 6, H * 0.55, c, rx=8))
    out.append(rect(x0, top + H * 0.66, W, H * 0.34, c, rx=4))
    out.append(rect(x0 + arm, top + H * 0.5, W - 2 * arm, H * 0.2, c, rx=4))
    for ax in (x0, x0 + W - arm):
        out.append(rect(ax, top + H * 0.36, arm, H * 0.64, c, rx=6))
    return out


def chaise_longue(o, color="rosa"):
    c = FABRIC[color]
    W = 132
    x0 = CX - W / 2
    out = [shadow(W)]
    for lx in (x0 + 6, x0 + W - 12):
        out.append(rect(lx, FLOOR - 7, 5, 7, WOOD_DARK, sw=1.5))
    out.append(path(
        f"M{f(x0 + 4)} {f(FLOOR - 7)} V{f(FLOOR - 60)} Q{f(x0 + 4)} {f(FLOOR - 78)} {f(x0 + 20)} {f(FLOOR - 76)} "
        f"Q{f(x0 + 34)} {f(FLOOR - 72)} {f(x0 + 30)} {f(FLOOR - 40)} V{f(FLOOR - 7)} Z", c))
    out.append(rect(x0 + 24, FLOOR - 38, W - 24, 31, c, rx=6))
    out.append(rect(x0 + 28, FLOOR - 44, W - 30, 12, c, rx=6))
    out.append(rect(x0 + 12, FLOOR - 60, 22, 12, WHITE, rx=5, sw=2))
    return out


def pouf(o, color="mostaza", legs=False, futon=False):
    c = FABRIC[color]
    w, d, h = o["size"]
    out = []
    if futon:
        W, H = 136, 50
        x0 = CX - W / 2
        out.append(shadow(W))
        out.append(rect(x0, FLOOR - 14, W, 10, WOOD, rx=2))
        for lx in (x0 + 4, x0 + W - 10):
            out.append(rect(lx, FLOOR - 5, 6, 5, WOOD_DARK, sw=1.5))
        out.append(rect(x0 + 4, FLOOR - 48, W - 8, 20, c, rx=8))
        out.append(rect(x0 + 2, FLOOR - 30, W - 4, 16, c, rx=7))
        for i in range(1, 6):
            out.append(circle(x0 + i * W / 6, FLOOR - 38, 1.6, INK, sw=0))
        return out
    scale = 1.5
    W, H = w * scale, h * scale
    x0 = CX - W / 2
    lh = 8 if legs else 0
    top = FLOOR - lh - H
    out.append(shadow(W))
    if legs:
        for lx in (x0 + 5, x0 + W - 9):
            out.append(rect(lx, FLOOR - lh, 4, lh, WOOD_DARK, sw=1.5))
        out.append(rect(x0, top, W, H, c, rx=8))
    else:
        out.append(rect(x0, top, W, H, c, rx=16))
        out.append(ellipse(CX, top + 4, W / 2 - 6, 4, c, sw=1.5))
    for i in range(1, 4):
        out.append(circle(x0 + i * W / 4, top + H / 2, 1.8, INK, sw=0))
    return out


# --- armarios --------------------------------------------------------------------------------


def wardrobe(o, doors=2, color=WOOD, sliding=False, mirror=False, drawers=0, metal=False):
    w, d, h = o["size"]
    W, H = fit(w, h, 124, 94)
    x0 = CX - W / 2
    top = FLOOR - H
    out = [shadow(W)]
    out.append(rect(x0 - 2, top, W + 4, 5, color, rx=1))
    out.append(rect(x0, top + 5, W, H - 9, color))
    out.append(rect(x0 + 2, FLOOR - 4, W - 4, 4, WOOD_DARK if not metal else GREY_DARK, sw=1.5))
    body_top, body_bottom = top + 5, FLOOR - 4
    drawer_h = 0
    if drawers:
        drawer_h = min(14, (body_bottom - body_top) * 0.2)
        dy = body_bottom - drawer_h
        for i in range(drawers):
            dw = W / drawers
            out.append(rect(x0 + i * dw + 2, dy + 2, dw - 4, drawer_h - 4, color, sw=1.5))
            out.append(line(x0 + i * dw + dw / 2 - 5, dy + drawer_h / 2, x0 + i * dw + dw / 2 + 5, dy + drawer_h / 2, sw=2, stroke=GREY_DARK))
    door_bottom = body_bottom - drawer_h
    dw = W / doors
    if sliding:
        for i in range(doors):
            x = x0 + i * dw - (3 if i else 0)
            fill = GLASS if mirror and i == 1 else color
            out.append(rect(x + 3, body_top + 3, dw, door_bottom - body_top - 6, fill, sw=2))
            out.append(line(x + 9 if i else x + dw - 3, body_top + 20, x + 9 if i else x + dw - 3, door_bottom - 20, sw=3, stroke=GREY_DARK))
        out.append(line(x0 + 2, body_top + 2, x0 + W - 2, body_top + 2, sw=1.5))
        return out
    for i in range(doors):
        x = x0 + i * dw
        fill = color
        if mirror and i == doors // 2:
            fill = GLASS
        out.append(rect(x + 2, body_top + 2, dw - 4, door_bottom - body_top - 4, fill, sw=2))
        if fill == GLASS:
            out.append(line(x + 8, body_top + 16, x + dw - 10, body_top + 6 + dw * 0.6, sw=1.5, stroke=WHITE))
        hx = x + dw - 7 if i % 2 == 0 else x + 7
        if doors == 1:
            hx = x + dw - 7
        my = (body_top + door_bottom) / 2
        if metal:
            out.append(line(hx, my - 8, hx, my + 8, sw=3, stroke=GREY_DARK))
        else:
            out.append(knob(hx, my))
    return out


def chest(o, rows=3, color=WOOD, legs=True, doors=0, lamp=False, shoe=False, basin=False, labels=False, vase=False):
    w, d, h = o["size"]
    W, H = fit(w, h, 118 if not lamp else 70, (50 if basin else 84) if not lamp else 50)
    x0 = CX - W / 2
    lh = 7 if legs else 0
    top = FLOOR - lh - H
    out = [shadow(W)]
    if legs:
        for lx in (x0 + 3, x0 + W - 8):
            out.append(rect(lx, FLOOR - lh, 5, lh, WOOD_DARK, sw=1.5))
    out.append(rect(x0, top, W, H, color, rx=2))
    inner_top, inner_h = top + 4, H - 8
    if shoe:
        # Tilting shoe drawers: a handle on each flap's top edge.
        for i in range(rows):
            y = inner_top + i * inner_h / rows
            out.append(rect(x0 + 4, y + 1, W - 8, inner_h / rows - 2, color, sw=1.5))
            out.append(rect(CX - 10, y + 4, 20, 3, GREY_DARK, rx=1.5, sw=0))
    elif doors:
        # Doors below, drawers above (sideboard).
        dh = inner_h * 0.28 if rows else 0
        for i in range(doors):
            dw = (W - 8) / doors
            if rows:
                out.append(rect(x0 + 4 + i * dw, inner_top, dw - 2, dh - 2, color, sw=1.5))
                out.append(line(x0 + 4 + i * dw + dw / 2 - 6, inner_top + dh / 2 - 1, x0 + 4 + i * dw + dw / 2 + 4, inner_top + dh / 2 - 1, sw=2, stroke=GREY_DARK))
            out.append(rect(x0 + 4 + i * dw, inner_top + dh, dw - 2, inner_h - dh, color, sw=1.5))
            kx = x0 + 4 + i * dw + (dw - 8 if i % 2 == 0 else 6)
            out.append(knob(kx, inner_top + dh + (inner_h - dh) / 2))
    else:
        for i in range(rows):
            y = inner_top + i * inner_h / rows
            out.append(rect(x0 + 4, y + 1, W - 8, inner_h / rows - 2, color, sw=1.5))
            if labels:
                out.append(rect(CX - 7, y + 4, 14, 5, WHITE, sw=1))
                out.append(line(CX - 6, y + inner_h / rows - 6, CX + 6, y + inner_h / rows - 6, sw=2.5, stroke=GREY_DARK))
            else:
                out.append(knob(CX - W * 0.2, y + inner_h / rows / 2))
                out.append(knob(CX + W * 0.2, y + inner_h / rows / 2))
    if lamp:
        out.append(rect(CX + W * 0.1, top - 8, 12, 8, GREY, rx=2, sw=1.5))
        out.append(line(CX + W * 0.1 + 6, top - 8, CX + W * 0.1 + 6, top - 22, sw=2))
        out.append(poly([(CX + W * 0.1 - 4, top - 22), (CX + W * 0.1 + 16, top - 22), (CX + W * 0.1 + 12, top - 36), (CX + W * 0.1, top - 36)], FABRIC["beis"]))
    if basin:
        out.append(path(f"M{f(x0 + 8)} {f(top)} Q{f(CX)} {f(top + 14)} {f(x0 + W - 8)} {f(top)}", WHITE))
        out.append(rect(x0 - 2, top - 4, W + 4, 5, WHITE, rx=2))
        out.append(path(f"M{f(CX)} {f(top - 4)} v-10 h10 v3", "none", sw=3, stroke=GREY_DARK))
        out.append(rect(x0 + 8, top - 46, W - 16, 36, GLASS, rx=4))
        out.append(line(x0 + 16, top - 36, x0 + 30, top - 22, sw=1.5, stroke=WHITE))
    if vase:
        out.append(path(f"M{f(CX + 14)} {f(top)} q-5 -10 0 -18 h8 q5 8 0 18 z", FABRIC["teja"]))
        out.append(path(f"M{f(CX + 18)} {f(top - 18)} q-6 -12 -2 -20 M{f(CX + 18)} {f(top - 18)} q6 -10 4 -18", "none", sw=2, stroke="#4d7c4a"))
    return out


def vitrina(o):
    w, d, h = o["size"]
    W, H = fit(w, h, 90, 96)
    x0 = CX - W / 2
    top = FLOOR - H
    out = [shadow(W), rect(x0 - 2, top, W + 4, 5, WOOD_DARK, rx=1), rect(x0, top + 5, W, H - 5, WOOD)]
    dw = (W - 8) / 2
    glass_bottom = FLOOR - H * 0.22
    for i in range(2):
        x = x0 + 4 + i * dw
        out.append(rect(x, top + 9, dw - 1, glass_bottom - top - 13, GLASS, sw=2))
        out.append(rect(x, glass_bottom, dw - 1, FLOOR - glass_bottom - 4, WOOD, sw=1.5))
    for k in range(1, 3):
        y = top + 9 + k * (glass_bottom - top - 13) / 3
        out.append(line(x0 + 6, y, x0 + W - 6, y, sw=1.5))
        for j in range(3):
            out.append(ellipse(x0 + 12 + j * (W - 24) / 2, y - 5, 4.5, 4.5, WHITE, sw=1.2))
    out.append(knob(CX - 4, (top + glass_bottom) / 2))
    out.append(knob(CX + 4, (top + glass_bottom) / 2))
    return out


def shelving(o, metal=False):
    w, d, h = o["size"]
    W, H = fit(w, h, 80, 96)
    x0 = CX - W / 2
    top = FLOOR - H
    frame = GREY if metal else WOOD
    out = [shadow(W), rect(x0, top, W, H, WHITE, sw=2.5)]
    out.append(rect(x0, top, 5, H, frame, sw=2))
    out.append(rect(x0 + W - 5, top, 5, H, frame, sw=2))
    shelves = 5
    colors = ["#c8765a", "#6d8fc2", "#7ea37a", "#d9a441", "#9aa5b4", "#d99aa5"]
    for i in range(shelves):
        y = top + (i + 1) * H / shelves
        out.append(rect(x0 + 5, y - 4, W - 10, 4, frame, sw=1.5))
        if i < shelves - 1:
            bx = x0 + 8
            k = i
            while bx < x0 + W - 14:
                bw = 5 + (k * 7) % 4
                bh = H / shelves - 8 - (k * 5) % 6
                out.append(rect(bx, y - 4 - bh, bw, bh, colors[k % len(colors)], sw=1))
                bx += bw + 1.5
                k += 1
    return out


# --- cajas -----------------------------------------------------------------------------------


def box(o, kind="plain", scale=1.25):
    w, d, h = o["size"]
    W, H = w * scale, h * scale
    D = min(d * scale * 0.35, 18)
    x0 = CX - (W + D) / 2
    top = FLOOR - H
    out = [shadow(W + D)]
    if kind == "maleta":
        W, H = fit(w, h, 70, 72)
        x0 = CX - W / 2
        top = FLOOR - 6 - H
        out = [shadow(W), rect(CX - 8, top - 18, 16, 20, "none", rx=2, sw=3)]
        out.append(rect(x0, top, W, H, FABRIC["teja"], rx=8))
        for i in range(1, 4):
            out.append(line(x0 + i * W / 4, top + 6, x0 + i * W / 4, top + H - 6, sw=1.5))
        for wx in (x0 + 8, x0 + W - 8):
            out.append(circle(wx, FLOOR - 3, 3.5, INK, sw=0))
        return out
    if kind == "bolsa":
        W, H = fit(w, h, 110, 70)
        x0 = CX - W / 2
        top = FLOOR - H
        out = [shadow(W)]
        out.append(path(f"M{f(CX - 20)} {f(top + 4)} q20 -26 40 0", "none", sw=3))
        out.append(path(f"M{f(x0)} {f(FLOOR - 6)} Q{f(x0 - 4)} {f(top + 8)} {f(x0 + 12)} {f(top + 4)} L{f(x0 + W - 12)} {f(top + 4)} Q{f(x0 + W + 4)} {f(top + 8)} {f(x0 + W)} {f(FLOOR - 6)} Q{f(CX)} {f(FLOOR + 2)} {f(x0)} {f(FLOOR - 6)} Z", FABRIC["azul"]))
        out.append(line(x0 + 12, top + 14, x0 + W - 12, top + 14, sw=1.5, extra=' stroke-dasharray="3 2"'))
        return out
    fill, dark = CARDBOARD, CARDBOARD_DARK
    if kind == "plastico":
        fill, dark = "#a5c8e8", "#7aa6cf"
    # Front, top and side faces.
    out.append(rect(x0, top, W, H, fill, sw=2.5))
    out.append(poly([(x0, top), (x0 + D, top - D * 0.7), (x0 + W + D, top - D * 0.7), (x0 + W, top)], dark if kind != "plastico" else "#7aa6cf"))
    out.append(poly([(x0 + W, top), (x0 + W + D, top - D * 0.7), (x0 + W + D, FLOOR - D * 0.7), (x0 + W, FLOOR)], dark))
    if kind == "plastico":
        out.append(rect(x0 - 2, top - 3, W + 4, 6, "#5b8ec4", rx=2, sw=2))
        out.append(rect(CX - D / 2 - 8, top + 10, 16, 5, "#5b8ec4", rx=2.5, sw=1.5))
        return out
    # Tape over the top and down the front.
    tx = x0 + W / 2 - 4
    out.append(poly([(tx, top), (tx + D, top - D * 0.7), (tx + D + 8, top - D * 0.7), (tx + 8, top)], TAPE, sw=1))
    if kind != "armario":
        out.append(rect(tx, top, 8, min(12, H * 0.3), TAPE, sw=1))
    if kind == "libros":
        bx, by = x0 + 8, FLOOR - 22
        for i, c in enumerate(["#c8765a", "#6d8fc2", "#7ea37a"]):
            out.append(rect(bx + i * 6, by, 5, 16, c, sw=1))
    elif kind == "vajilla":
        gx, gy = x0 + W * 0.3, FLOOR - H * 0.42
        out.append(path(f"M{f(gx - 5)} {f(gy - 8)} h10 q0 9 -5 10 q-5 -1 -5 -10 z M{f(gx)} {f(gy + 2)} v6 m-4 0 h8", "none", sw=1.8, stroke="#b91c1c"))
        out.append(path(f"M{f(gx + 12)} {f(gy - 6)} l5 -5 l5 5 m-5 -5 v12 M{f(gx + 12)} {f(gy + 8)} h10", "none", sw=1.8, stroke="#b91c1c"))
    elif kind == "cuadros":
        px, py = x0 + W * 0.25, top + H * 0.35
        out.append(rect(px, py, W * 0.4, H * 0.42, WHITE, sw=1.5))
        out.append(poly([(px + 3, py + H * 0.38), (px + W * 0.14, py + H * 0.16), (px + W * 0.24, py + H * 0.38)], "#7ea37a", sw=1))
        out.append(circle(px + W * 0.3, py + H * 0.12, 3, "#d9a441", sw=1))
    elif kind == "armario":
        out.append(line(x0 + 6, top + 10, x0 + W - 6, top + 10, sw=2.5, stroke=GREY_DARK))
        for hx in (x0 + W * 0.3, x0 + W * 0.62):
            out.append(path(f"M{f(hx)} {f(top + 10)} v5 l-9 8 h18 z", "none", sw=1.8))
        out.append(rect(x0 + 8, top + 30, W - 16, H - 40, "none", sw=1.2, extra=' stroke-dasharray="3 3"'))
    elif kind == "archivo":
        out.append(rect(x0 + W * 0.25, top + H * 0.35, W * 0.5, H * 0.25, WHITE, sw=1.5))
        out.append(ellipse(x0 + W * 0.5, top + H * 0.78, 7, 3, INK, sw=0))
    else:
        # 'Este lado arriba' arrows.
        ax, ay = x0 + 10, FLOOR - 8
        out.append(path(f"M{f(ax)} {f(ay)} v-12 m-4 4 l4 -4 l4 4 M{f(ax + 8)} {f(ay)} v-12 m-4 4 l4 -4 l4 4", "none", sw=1.6))
    return out


# --- camas y colchones -----------------------------------------------------------------------


def bed(o, pillows=2, kind="bed", color=WOOD):
    w, d, h = o["size"]
    scale = 0.62
    W = w * scale
    x0 = CX - W / 2
    out = [shadow(W)]
    head_h = 62
    frame_h = 22 if kind != "canape" else 34
    legs = 6 if kind == "bed" else 0
    mat_top = FLOOR - legs - frame_h - 14
    out.append(rect(x0 - 3, FLOOR - legs - head_h - 10, W + 6, head_h, color, rx=6))
    for i in range(pillows):
        pw = (W - 12) / pillows
        out.append(rect(x0 + 6 + i * pw, mat_top - 10, pw - 4, 14, WHITE, rx=6))
    out.append(rect(x0 + 1, mat_top, W - 2, 14, MATTRESS, rx=4))
    out.append(rect(x0 - 1, mat_top + 5, W + 2, 12, FABRIC["azul"], rx=3))
    out.append(line(x0 + 2, mat_top + 9, x0 + W - 2, mat_top + 9, sw=1.5, stroke=WHITE))
    if kind == "nido":
        out.append(rect(x0, FLOOR - frame_h - 6, W, frame_h - 6, color))
        out.append(rect(x0 + 6, FLOOR - 18, W - 12, 14, WOOD_LIGHT))
        out.append(line(CX - 8, FLOOR - 11, CX + 8, FLOOR - 11, sw=2.5, stroke=GREY_DARK))
        for wx in (x0 + 12, x0 + W - 12):
            out.append(circle(wx, FLOOR - 2.5, 2.5, INK, sw=0))
        return out
    out.append(rect(x0, FLOOR - legs - frame_h, W, frame_h, color))
    if kind == "canape":
        out.append(line(x0 + 3, FLOOR - frame_h + 5, x0 + W - 3, FLOOR - frame_h + 5, sw=1.5))
        out.append(rect(CX - 10, FLOOR - frame_h + 10, 20, 4, GREY_DARK, rx=2, sw=0))
    if legs:
        for lx in (x0 + 2, x0 + W - 7):
            out.append(rect(lx, FLOOR - legs, 5, legs, WOOD_DARK, sw=1.5))
    return out


def bunk(o):
    W, H = 128, 94
    x0 = CX - W / 2
    top = FLOOR - H
    out = [shadow(W)]
    for px in (x0, x0 + W - 6):
        out.append(rect(px, top, 6, H, WOOD_DARK, sw=2))
    for y in (top + 30, FLOOR - 12):
        out.append(rect(x0 + 6, y, W - 12, 8, WOOD, sw=2))
        out.append(rect(x0 + 8, y - 9, W - 16, 9, MATTRESS, rx=3, sw=2))
        out.append(rect(x0 + 10, y - 15, 20, 8, WHITE, rx=4, sw=1.5))
        out.append(rect(x0 + 40, y - 11, W - 50, 7, FABRIC["rosa"] if y < 60 else FABRIC["azul"], rx=3, sw=1.5))
    out.append(rect(x0 + 6, top + 8, W - 12, 5, WOOD, sw=1.5))
    # Ladder.
    lx = x0 + W - 30
    out.append(line(lx, top + 22, lx, FLOOR - 20, sw=2.5))
    out.append(line(lx + 14, top + 22, lx + 14, FLOOR - 20, sw=2.5))
    for i in range(4):
        out.append(line(lx, top + 46 + i * 10, lx + 14, top + 46 + i * 10, sw=2))
    return out


def crib(o):
    w, d, h = o["size"]
    W, H = fit(w, h, 120, 80)
    x0 = CX - W / 2
    top = FLOOR - H
    out = [shadow(W)]
    out.append(rect(x0, top, 6, H, WHITE, rx=2))
    out.append(rect(x0 + W - 6, top, 6, H, WHITE, rx=2))
    out.append(rect(x0 + 6, top + 4, W - 12, 5, WHITE, sw=2))
    out.append(rect(x0 + 6, FLOOR - 22, W - 12, 6, WHITE, sw=2))
    out.append(rect(x0 + 8, FLOOR - 28, W - 16, 6, MATTRESS, rx=2, sw=1.5))
    n = 11
    for i in range(1, n):
        x = x0 + 6 + i * (W - 12) / n
        out.append(line(x, top + 9, x, FLOOR - 28, sw=2))
    out.append(rect(x0 + 14, FLOOR - 36, 16, 8, FABRIC["rosa"], rx=4, sw=1.5))
    return out


def headboard(o):
    w, d, h = o["size"]
    W, H = fit(w, h, 130, 92)
    x0 = CX - W / 2
    top = FLOOR - H
    out = [shadow(W), rect(x0, top, W, H - 12, FABRIC["beis"], rx=8)]
    for lx in (x0 + 8, x0 + W - 14):
        out.append(rect(lx, FLOOR - 14, 6, 14, WOOD_DARK, sw=1.5))
    rows, cols = 3, 7
    for r in range(rows):
        for c in range(cols):
            x = x0 + (c + 0.5 + (0.5 if r % 2 else 0)) * W / (cols + 0.5)
            y = top + (r + 1) * (H - 12) / (rows + 1)
            out.append(circle(x, y, 1.8, INK, sw=0))
    return out


def slatted_base(o):
    w, d, h = o["size"]
    W = min(136, w * 0.72)
    x0 = CX - W / 2
    skew = 34
    top = FLOOR - 56
    out = [shadow(W)]
    for i in range(1, 12):
        t = i / 12
        y = top + t * (FLOOR - 10 - top)
        out.append(line(x0 + skew * (1 - t) + 2, y, x0 + W - skew * t - 2, y, sw=4.5, stroke=INK))
        out.append(line(x0 + skew * (1 - t) + 3, y, x0 + W - skew * t - 3, y, sw=2.5, stroke=WOOD_LIGHT))
    out.append(poly([(x0 + skew, top), (x0 + W, top), (x0 + W - skew, FLOOR - 10), (x0, FLOOR - 10)], "none", sw=5, stroke=WOOD_DARK))
    out.append(rect(x0, FLOOR - 10, W - skew, 6, WOOD_DARK, sw=2))
    for lx in (x0 + 3, x0 + W - skew - 8):
        out.append(rect(lx, FLOOR - 4, 5, 4, INK, sw=1))
    return out


def mattress(o):
    w, d, h = o["size"]
    W = w * 0.62
    T = max(12, h * 0.9)
    x0 = CX - W / 2 - 10
    skew, depth = 22, 26
    front_top = FLOOR - T
    out = [shadow(W + skew)]
    top_face = [(x0, front_top), (x0 + skew, front_top - depth), (x0 + W + skew, front_top - depth), (x0 + W, front_top)]
    out.append(poly(top_face, MATTRESS))
    # Quilting.
    for i in range(1, 5):
        t = i / 5
        out.append(line(x0 + W * t, front_top, x0 + W * t + skew, front_top - depth, sw=1, stroke=QUILT))
    for j in range(1, 3):
        t = j / 3
        out.append(line(x0 + skew * t, front_top - depth * t, x0 + W + skew * t, front_top - depth * t, sw=1, stroke=QUILT))
    out.append(rect(x0, front_top, W, T, MATTRESS, rx=3))
    out.append(line(x0 + 3, front_top + T / 2, x0 + W - 3, front_top + T / 2, sw=1.2, stroke=QUILT, extra=' stroke-dasharray="3 2"'))
    out.append(poly([(x0 + W, front_top), (x0 + W + skew, front_top - depth), (x0 + W + skew, FLOOR - depth), (x0 + W, FLOOR)], "#dde4ef"))
    return out


# --- mesas -----------------------------------------------------------------------------------


def table(o, kind="dining", color=WOOD):
    w, d, h = o["size"]
    out = []
    if kind == "round":
        W = 118
        top = FLOOR - 66
        out.append(shadow(W * 0.6))
        out.append(rect(CX - 5, top + 4, 10, FLOOR - top - 10, color, sw=2))
        out.append(ellipse(CX, FLOOR - 4, 28, 5, color, sw=2))
        out.append(ellipse(CX, top, W / 2, 12, color))
        out.append(path(f"M{f(CX - W / 2)} {f(top)} v5 a{f(W / 2)} 12 0 0 0 {f(W)} 0 v-5", color))
        return out
    if kind == "side":
        W = 66
        top = FLOOR - 64
        out.append(shadow(W))
        for x2 in (CX - 24, CX + 24, CX):
            out.append(line(CX + (x2 - CX) * 0.3, top + 4, x2, FLOOR, sw=3, stroke=WOOD_DARK))
        out.append(ellipse(CX, top, W / 2, 9, color))
        out.append(path(f"M{f(CX - W / 2)} {f(top)} v4 a{f(W / 2)} 9 0 0 0 {f(W)} 0 v-4", color))
        return out
    if kind == "dresser":
        # The size includes the mirror: the table is the lower half.
        W, H = fit(w, h * 0.55, 100, 50)
    else:
        W, H = fit(w, h, 136, 82)
    x0 = CX - W / 2
    top = FLOOR - H
    out.append(shadow(W))
    if kind == "folding":
        out.append(rect(x0, top, W, 6, WHITE, rx=2))
        for a, b in ((x0 + 10, x0 + W * 0.45), (x0 + W - 10, x0 + W * 0.55)):
            out.append(line(a, top + 6, b, FLOOR, sw=3, stroke=GREY_DARK))
            out.append(line(b, top + 6, a, FLOOR, sw=3, stroke=GREY_DARK))
        return out
    if kind == "standing":
        out.append(rect(x0, top, W, 7, WOOD_LIGHT, rx=2))
        for cx_ in (x0 + W * 0.2, x0 + W * 0.8):
            out.append(rect(cx_ - 4, top + 7, 8, H - 12, GREY, sw=2))
            out.append(rect(cx_ - 4, top + 12, 8, 10, GREY_DARK, sw=1))
            out.append(rect(cx_ - 14, FLOOR - 5, 28, 5, GREY_DARK, rx=2, sw=1.5))
        out.append(rect(x0 + W - 24, top + 7, 14, 5, SCREEN, rx=1, sw=1))
        out.append(rect(CX - 18, top - 24, 30, 20, SCREEN, rx=2, sw=2))
        out.append(rect(CX - 5, top - 4, 4, 4, GREY_DARK, sw=0))
        return out
    if kind == "dresser":
        out.append(line(CX, top, CX, top - 6, sw=3, stroke=GREY_DARK))
        out.append(ellipse(CX, top - 28, 20, 24, GLASS, sw=3, stroke=GREY_DARK))
        out.append(line(CX - 8, top - 36, CX + 2, top - 44, sw=1.5, stroke=WHITE))
    thick = 6
    out.append(rect(x0, top, W, thick, color, rx=2))
    leg_color = WOOD_DARK if color in (WOOD, WOOD_DARK, WOOD_LIGHT) else GREY_DARK
    if kind == "garden":
        for i in range(1, 8):
            out.append(line(x0 + i * W / 8, top + 1, x0 + i * W / 8, top + thick - 1, sw=1, stroke=WOOD_DARK))
        out.append(line(CX, top, CX, top - 4, sw=3, stroke=GREY_DARK))
        out.append(rect(CX - 2, 8, 4, top - 8, GREY, sw=1.5))
        out.append(path(f"M{f(CX - 56)} 20 Q{f(CX)} 0 {f(CX + 56)} 20 Z", "#e86f5c"))
        out.append(path(f"M{f(CX - 56)} 20 q14 6 28 0 q14 6 28 0 q14 6 28 0 q14 6 28 0", "#e86f5c", sw=2))
    if kind == "coffee":
        out.append(rect(x0 + 6, FLOOR - 14, W - 12, 4, color, sw=2))
    if kind in ("desk", "dresser"):
        dw = W * 0.36
        out.append(rect(x0 + W - dw - 2, top + thick, dw, H - thick, color, sw=2))
        for i in range(3):
            y = top + thick + 3 + i * (H - thick - 6) / 3
            out.append(rect(x0 + W - dw + 1, y, dw - 6, (H - thick - 6) / 3 - 3, color, sw=1.5))
            out.append(knob(x0 + W - dw / 2 - 2, y + (H - thick - 6) / 6 - 1))
        out.append(rect(x0 + 3, top + thick, 6, H - thick, leg_color, sw=2))
        return out
    if kind == "console":
        out.append(rect(x0 + 6, top + thick, W - 12, 10, color, sw=2))
        out.append(knob(CX, top + thick + 5))
        out.append(path(f"M{f(CX + 14)} {f(top)} q-5 -10 0 -18 h8 q5 8 0 18 z", FABRIC["teja"]))
    if kind in ("dining", "extensible", "kitchen", "console"):
        out.append(rect(x0 + 5, top + thick, W - 10, 7, color, sw=2))
    if kind == "extensible":
        for lx in (x0 + W * 0.38, x0 + W * 0.62):
            out.append(line(lx, top + 1, lx, top + thick - 1, sw=1.5))
        for sgn in (-1, 1):
            ax = CX + sgn * (W / 2 + 2)
            out.append(path(f"M{f(CX + sgn * W * 0.3)} {f(top - 10)} H{f(ax)} m{f(-sgn * 6)} -5 l{f(sgn * 6)} 5 l{f(-sgn * 6)} 5", "none", sw=2, stroke="#2563eb"))
    lw = 6 if kind != "garden" else 7
    for lx in (x0 + 5, x0 + W - 5 - lw):
        out.append(rect(lx, top + thick, lw, H - thick, leg_color, sw=2))
    if kind in ("dining", "extensible", "kitchen", "garden"):
        for lx in (x0 + W * 0.22, x0 + W * 0.78 - 4):
            out.append(rect(lx, top + thick + 7, 4, H - thick - 11, leg_color, sw=1.5, extra=' opacity="0.6"'))
    return out


# --- televisores -----------------------------------------------------------------------------


def tv(o, kind="flat"):
    w, d, h = o["size"]
    out = []
    if kind == "crt":
        W, H = 100, 72
        x0 = CX - W / 2 - 6
        top = FLOOR - H
        out.append(shadow(W))
        out.append(poly([(x0 + W, top + 4), (x0 + W + 14, top + 14), (x0 + W + 14, FLOOR - 10), (x0 + W, FLOOR)], GREY))
        out.append(rect(x0, top, W, H, "#d6d3d1", rx=6))
        out.append(rect(x0 + 8, top + 8, W * 0.7, H - 16, SCREEN, rx=12))
        out.append(path(f"M{f(x0 + 16)} {f(top + 20)} q10 -6 26 -4", "none", sw=2, stroke="#475569"))
        for i in range(2):
            out.append(circle(x0 + W * 0.86, top + 22 + i * 16, 4, GREY_DARK, sw=1.5))
        for i in range(4):
            out.append(line(x0 + W * 0.8, FLOOR - 22 + i * 4, x0 + W * 0.92, FLOOR - 22 + i * 4, sw=1.2))
        out.append(path(f"M{f(CX)} {f(top)} l-14 -18 M{f(CX)} {f(top)} l14 -18", "none", sw=2))
        return out
    if kind == "monitor":
        W, H = fit(w, h, 116, 70)
        x0 = CX - W / 2
        top = FLOOR - 24 - H
        out.append(shadow(44))
        out.append(rect(x0, top, W, H, SCREEN, rx=3))
        out.append(rect(x0 + 4, top + 4, W - 8, H - 8, "#334155", rx=1, sw=0))
        out.append(poly([(x0 + 10, top + H - 6), (x0 + W * 0.45, top + 4), (x0 + W * 0.6, top + 4), (x0 + W * 0.15 + 8, top + H - 6)], "#475569", sw=0))
        out.append(rect(CX - 5, top + H, 10, 18, GREY, sw=2))
        out.append(rect(CX - 22, FLOOR - 6, 44, 6, GREY, rx=3, sw=2))
        return out
    if kind == "projector":
        out.append(path(f"M{f(CX + 22)} 62 L150 20 L150 100 Z", "#fde68a", sw=0))
        out.append(shadow(80))
        out.append(rect(CX - 50, FLOOR - 34, 82, 30, WHITE, rx=8))
        out.append(circle(CX + 16, FLOOR - 19, 11, GREY_DARK, sw=2.5))
        out.append(circle(CX + 16, FLOOR - 19, 6, GLASS, sw=1.5))
        for i in range(4):
            out.append(line(CX - 40 + i * 6, FLOOR - 28, CX - 40 + i * 6, FLOOR - 12, sw=1.5, stroke=GREY_DARK))
        for lx in (CX - 44, CX + 22):
            out.append(rect(lx, FLOOR - 4, 8, 4, INK, sw=1))
        return out
    if kind == "soundbar":
        W = 140
        x0 = CX - W / 2
        out.append(shadow(W))
        out.append(rect(x0, FLOOR - 18, W, 16, "#1f2937", rx=8))
        for i in range(18):
            out.append(circle(x0 + 12 + i * 6.7, FLOOR - 10, 1.4, "#94a3b8", sw=0))
        out.append(circle(CX, FLOOR - 30, 0.1, "none", sw=0))
        return out
    if kind == "hifi":
        out.append(shadow(130))
        for sx in (CX - 64, CX + 34):
            out.append(rect(sx, FLOOR - 62, 30, 62, WOOD_DARK, rx=3))
            out.append(circle(sx + 15, FLOOR - 44, 9, "#1f2937", sw=2))
            out.append(circle(sx + 15, FLOOR - 18, 5, "#1f2937", sw=2))
        out.append(rect(CX - 28, FLOOR - 36, 56, 36, GREY, rx=3))
        out.append(rect(CX - 22, FLOOR - 30, 28, 9, "#0f766e", rx=1, sw=1.5))
        out.append(circle(CX + 16, FLOOR - 25, 6, GREY_DARK, sw=1.5))
        out.append(rect(CX - 22, FLOOR - 14, 40, 4, GREY_DARK, rx=2, sw=0))
        return out
    if kind == "furniture":
        W, H = fit(w, h, 140, 44)
        x0 = CX - W / 2
        top = FLOOR - 6 - H
        out.append(shadow(W))
        for lx in (x0 + 4, x0 + W - 10):
            out.append(rect(lx, FLOOR - 6, 6, 6, INK, sw=1))
        out.append(rect(x0, top, W, H, WHITE))
        cw = W / 3
        out.append(rect(x0 + 4, top + 4, cw - 6, H - 8, WOOD_LIGHT, sw=1.5))
        out.append(rect(x0 + 2 * cw + 2, top + 4, cw - 6, H - 8, WOOD_LIGHT, sw=1.5))
        out.append(rect(x0 + cw + 2, top + 4, cw - 4, H - 8, "#e2e8f0", sw=1.5))
        out.append(rect(x0 + cw + 8, top + H - 16, cw - 16, 8, INK, rx=2, sw=0))
        out.append(circle(x0 + cw + 14, top + H - 12, 1.2, "#22c55e", sw=0))
        # The set on top, faint: this piece is the stand, not the television.
        out.append(rect(CX - 34, top - 40, 68, 38, "none", rx=2, sw=1.5, stroke=GREY_DARK, extra=' stroke-dasharray="4 3"'))
        return out
    # A flat television at a scale common to all sizes, so a 75" looks bigger than a 32".
    scale = 0.74
    W, H = w * scale, h * scale
    x0 = CX - W / 2
    top = FLOOR - 8 - H
    out.append(shadow(W * 0.7))
    out.append(rect(x0, top, W, H, SCREEN, rx=2.5))
    out.append(poly([(x0 + 3, top + H - 3), (x0 + W * 0.5, top + 3), (x0 + W * 0.62, top + 3), (x0 + W * 0.15 + 3, top + H - 3)], "#334155", sw=0))
    out.append(rect(x0 + 2.5, top + 2.5, W - 5, H - 5, "none", sw=1, stroke="#475569"))
    for sx in (x0 + W * 0.18, x0 + W * 0.82):
        out.append(path(f"M{f(sx)} {f(top + H)} l-6 8 h12 z", GREY_DARK, sw=1.5))
    return out


# --- sillas ----------------------------------------------------------------------------------


def chair(o, kind="dining", color=WOOD):
    out = []
    if kind in ("office", "gaming"):
        high = kind == "gaming"
        out.append(shadow(60))
        back_top = 4 if high else 18
        back_col = "#1f2937" if high else FABRIC["gris"]
        out.append(rect(CX - 22, back_top, 44, 58 - back_top + 10, back_col, rx=10))
        if high:
            out.append(rect(CX - 6, back_top + 4, 12, 64, "#dc2626", rx=4, sw=0))
            out.append(rect(CX - 14, back_top + 6, 28, 10, "#dc2626", rx=5, sw=1.5))
        out.append(rect(CX - 30, 52, 8, 18, GREY_DARK, rx=3, sw=2))
        out.append(rect(CX + 22, 52, 8, 18, GREY_DARK, rx=3, sw=2))
        out.append(rect(CX - 28, 66, 56, 12, back_col, rx=6))
        out.append(rect(CX - 3, 78, 6, 16, GREY, sw=2))
        for dx in (-30, -14, 14, 30):
            out.append(line(CX, 94, CX + dx, 100, sw=3))
            out.append(circle(CX + dx, 102, 3.5, INK, sw=0))
        return out
    if kind == "stool_high" or kind == "stool_low":
        tall = kind == "stool_high"
        top = FLOOR - (82 if tall else 46)
        out.append(shadow(50))
        out.append(line(CX - 14, top + 6, CX - 24, FLOOR, sw=4, stroke=WOOD_DARK))
        out.append(line(CX + 14, top + 6, CX + 24, FLOOR, sw=4, stroke=WOOD_DARK))
        out.append(line(CX, top + 6, CX, FLOOR - 2, sw=4, stroke=WOOD_DARK))
        if tall:
            out.append(line(CX - 20, FLOOR - 26, CX + 20, FLOOR - 26, sw=3, stroke=WOOD_DARK))
        out.append(ellipse(CX, top + 4, 22, 5, color))
        out.append(path(f"M{f(CX - 22)} {f(top + 4)} v4 a22 5 0 0 0 44 0 v-4", color))
        return out
    if kind == "folding":
        out.append(shadow(50))
        out.append(line(CX - 18, 40, CX + 18, FLOOR, sw=4, stroke=GREY_DARK))
        out.append(line(CX + 14, 58, CX - 18, FLOOR, sw=4, stroke=GREY_DARK))
        out.append(line(CX - 18, 20, CX - 18, 62, sw=4, stroke=GREY_DARK))
        out.append(rect(CX - 24, 20, 14, 18, color, rx=2))
        out.append(rect(CX - 22, 56, 42, 6, color, rx=2))
        return out
    if kind == "rocking":
        out.append(shadow(90))
        out.append(path(f"M{f(CX - 46)} {f(FLOOR - 10)} Q{f(CX)} {f(FLOOR + 6)} {f(CX + 44)} {f(FLOOR - 12)}", "none", sw=4, stroke=WOOD_DARK))
        out.append(line(CX - 26, 16, CX - 18, 70, sw=4, stroke=WOOD_DARK))
        out.append(line(CX - 18, 70, CX - 22, FLOOR - 4, sw=4, stroke=WOOD_DARK))
        out.append(line(CX + 22, 70, CX + 24, FLOOR - 5, sw=4, stroke=WOOD_DARK))
        out.append(poly([(CX - 28, 14), (CX - 16, 14), (CX - 8, 62), (CX - 20, 64)], FABRIC["beis"]))
        out.append(rect(CX - 20, 62, 46, 9, FABRIC["beis"], rx=3))
        out.append(path(f"M{f(CX - 14)} 44 h34 v22", "none", sw=3.5, stroke=WOOD_DARK))
        return out
    if kind == "highchair":
        out.append(shadow(60))
        for a, b in ((CX - 12, CX - 28), (CX + 12, CX + 28)):
            out.append(line(a, 60, b, FLOOR, sw=4, stroke=GREY_DARK))
        out.append(line(CX - 20, 84, CX + 20, 84, sw=3, stroke=GREY_DARK))
        out.append(rect(CX - 18, 18, 28, 44, WHITE, rx=8))
        out.append(rect(CX - 20, 54, 34, 8, WHITE, rx=3))
        out.append(rect(CX + 4, 42, 34, 6, FABRIC["verde"], rx=3))
        return out
    if kind == "bench":
        W = 128
        x0 = CX - W / 2
        out.append(shadow(W))
        out.append(rect(x0, FLOOR - 48, W, 12, FABRIC["teja"], rx=4))
        out.append(rect(x0 + 2, FLOOR - 38, W - 4, 6, WOOD, sw=2))
        for lx in (x0 + 4, x0 + W - 10):
            out.append(rect(lx, FLOOR - 32, 6, 32, WOOD_DARK, sw=2))
        out.append(rect(x0 + 10, FLOOR - 14, W - 20, 4, WOOD, sw=1.5))
        for i, c in enumerate(["#1f2937", "#b45309"]):
            out.append(path(f"M{f(x0 + 24 + i * 40)} {f(FLOOR - 14)} v-8 q0 -4 6 -4 l10 8 z", c, sw=1.5))
        return out
    if kind == "lounger":
        out.append(shadow(130))
        x0 = CX - 66
        out.append(line(x0 + 10, FLOOR - 30, x0 + 130, FLOOR - 30, sw=4, stroke=WHITE))
        out.append(rect(x0 + 40, FLOOR - 36, 92, 8, "#60a5fa", rx=3))
        out.append(poly([(x0 + 2, FLOOR - 76), (x0 + 14, FLOOR - 78), (x0 + 44, FLOOR - 36), (x0 + 34, FLOOR - 30)], "#60a5fa"))
        out.append(line(x0 + 40, FLOOR - 30, x0 + 34, FLOOR - 4, sw=3.5, stroke=GREY_DARK))
        out.append(line(x0 + 124, FLOOR - 30, x0 + 128, FLOOR, sw=3.5, stroke=GREY_DARK))
        out.append(circle(x0 + 34, FLOOR - 4, 5, INK, sw=0))
        return out
    if kind == "garden":
        out.append(shadow(70))
        c = "#86b384"
        out.append(path(f"M{f(CX - 26)} 62 Q{f(CX - 30)} 18 {f(CX)} 16 Q{f(CX + 30)} 18 {f(CX + 26)} 62 Z", c))
        out.append(rect(CX - 32, 56, 64, 10, c, rx=4))
        for lx in (CX - 30, CX + 24):
            out.append(rect(lx, 66, 6, FLOOR - 66, c, sw=2))
        for i in range(3):
            out.append(line(CX - 14 + i * 14, 26, CX - 14 + i * 14, 52, sw=2))
        return out
    # Dining chairs, three-quarter front view.
    padded = kind == "upholstered"
    seat = FABRIC["beis"] if padded else color
    out.append(shadow(54))
    for lx, bottom in ((CX - 17, FLOOR - 6), (CX + 13, FLOOR - 6)):
        out.append(rect(lx, 12, 5, bottom - 12, WOOD_DARK, sw=2))
    if padded:
        out.append(rect(CX - 20, 12, 40, 42, seat, rx=8))
        for bx in (CX - 8, CX, CX + 8):
            out.append(circle(bx, 30, 1.6, INK, sw=0))
    else:
        out.append(rect(CX - 19, 12, 39, 9, color, rx=3, sw=2))
        for sx in (CX - 8, CX - 1, CX + 6):
            out.append(rect(sx, 21, 4, 32, color, sw=1.5))
    out.append(poly([(CX - 20, 52), (CX + 20, 52), (CX + 26, 60), (CX - 26, 60)], seat))
    out.append(rect(CX - 26, 60, 52, 7 if not padded else 9, seat, rx=2, sw=2))
    for lx in (CX - 25, CX + 20):
        out.append(rect(lx, 67, 5, FLOOR - 67, WOOD_DARK, sw=2))
    out.append(line(CX - 20, FLOOR - 24, CX + 20, FLOOR - 24, sw=2.5, stroke=WOOD_DARK))
    return out


# --- otros -----------------------------------------------------------------------------------


def appliance(o, kind):
    w, d, h = o["size"]
    out = []
    if kind in ("washer", "dryer", "dishwasher"):
        W, H = fit(w, h, 80, 86)
        x0 = CX - W / 2
        top = FLOOR - H
        out.append(shadow(W))
        out.append(rect(x0, top, W, H - 3, WHITE, rx=4))
        out.append(line(x0, top + 14, x0 + W, top + 14, sw=2))
        out.append(rect(x0 + 6, top + 4, 16, 6, "#0f766e" if kind != "dryer" else "#b45309", rx=1, sw=1))
        out.append(circle(x0 + W - 12, top + 7.5, 4, GREY, sw=1.5))
        for lx in (x0 + 4, x0 + W - 10):
            out.append(rect(lx, FLOOR - 3, 6, 3, INK, sw=0))
        if kind == "dishwasher":
            out.append(rect(x0 + 10, top + 22, W - 20, 4, GREY_DARK, rx=2, sw=0))
            for i in range(4):
                out.append(circle(x0 + 30 + i * 7, top + 7.5, 1.8, GREY_DARK, sw=0))
            out.append(line(x0 + 6, top + 32, x0 + W - 6, top + 32, sw=1, stroke=GREY))
            return out
        cy = top + 14 + (H - 17) / 2
        r = min(W, H - 14) * 0.36
        out.append(circle(CX, cy, r, GREY, sw=2.5))
        out.append(circle(CX, cy, r * 0.72, "#1e3a5f" if kind == "dryer" else GLASS, sw=2))
        if kind == "washer":
            out.append(path(f"M{f(CX - r * 0.7)} {f(cy + 2)} q{f(r * 0.35)} -5 {f(r * 0.7)} 0 t{f(r * 0.7)} 0", "#60a5fa", sw=2, stroke="#3b82f6"))
        else:
            out.append(path(f"M{f(CX - r * 0.4)} {f(cy)} a{f(r * 0.4)} {f(r * 0.4)} 0 1 1 {f(r * 0.4)} {f(r * 0.4)}", "none", sw=2, stroke=GREY))
        return out
    if kind in ("fridge", "combi", "american", "freezer"):
        W, H = fit(w, h, 96, 98)
        x0 = CX - W / 2
        top = FLOOR - H
        out.append(shadow(W))
        out.append(rect(x0, top, W, H, WHITE, rx=5))
        if kind == "american":
            out.append(line(CX, top, CX, FLOOR, sw=2))
            for hx in (CX - 5, CX + 5):
                out.append(line(hx, top + 14, hx, top + 46, sw=3.5, stroke=GREY_DARK))
            out.append(rect(x0 + 8, top + 16, W / 2 - 20, 22, GREY, rx=2, sw=1.5))
            out.append(rect(x0 + 14, top + 26, W / 2 - 32, 10, SCREEN, rx=1, sw=1))
            return out
        split = {"fridge": 0.22, "combi": 0.62, "freezer": 0}[kind]
        if split:
            out.append(line(x0, top + H * split, x0 + W, top + H * split, sw=2))
        hx = x0 + W - 8
        if kind == "combi":
            out.append(line(hx, top + 10, hx, top + 34, sw=3.5, stroke=GREY_DARK))
            out.append(line(hx, top + H * split + 8, hx, top + H * split + 22, sw=3.5, stroke=GREY_DARK))
        elif kind == "fridge":
            out.append(line(hx, top + 6, hx, top + H * split - 6, sw=3.5, stroke=GREY_DARK))
            out.append(line(hx, top + H * split + 8, hx, top + H * split + 30, sw=3.5, stroke=GREY_DARK))
        else:
            out.append(line(hx, top + 14, hx, top + 38, sw=3.5, stroke=GREY_DARK))
            sx, sy, r = CX - 4, top + H * 0.45, 9
            for a in range(3):
                ang = a * math.pi / 3
                out.append(line(sx - r * math.cos(ang), sy - r * math.sin(ang), sx + r * math.cos(ang), sy + r * math.sin(ang), sw=2, stroke="#3b82f6"))
        return out
    if kind == "oven":
        W, H = fit(w, h, 94, 80)
        x0 = CX - W / 2
        top = FLOOR - H
        out.append(shadow(W))
        out.append(rect(x0, top, W, H, GREY))
        out.append(rect(x0 + 3, top + 3, W - 6, 12, SCREEN, rx=1, sw=1))
        for i in range(4):
            out.append(circle(x0 + 12 + i * 12, top + 9, 3, GREY, sw=1))
        out.append(rect(x0 + 12, top + 24, W - 24, 3.5, GREY_DARK, rx=1.5, sw=0))
        out.append(rect(x0 + 10, top + 32, W - 20, H - 40, "#292524", rx=3, sw=2))
        out.append(line(x0 + 14, top + H * 0.68, x0 + W - 14, top + H * 0.68, sw=1.5, stroke="#f59e0b"))
        return out
    if kind == "microwave":
        W, H = fit(w, h, 110, 70)
        x0 = CX - W / 2
        top = FLOOR - H
        out.append(shadow(W))
        out.append(rect(x0, top, W, H, WHITE, rx=4))
        out.append(rect(x0 + 6, top + 6, W * 0.64, H - 12, "#292524", rx=3, sw=2))
        out.append(poly([(x0 + 10, top + H - 10), (x0 + 30, top + 10), (x0 + 40, top + 10), (x0 + 20, top + H - 10)], "#44403c", sw=0))
        kx = x0 + W * 0.72 + 4
        out.append(rect(kx, top + 6, W * 0.22, 8, SCREEN, rx=1, sw=1))
        for r in range(3):
            for c in range(3):
                out.append(circle(kx + 4 + c * W * 0.07, top + 22 + r * 8, 2, GREY, sw=1))
        return out
    if kind == "ac":
        W, H = fit(w, h, 60, 90)
        x0 = CX - W / 2
        top = FLOOR - 4 - H
        out.append(shadow(W))
        out.append(path(f"M{f(x0 + W)} {f(top + 30)} q30 0 28 -24 q-2 -12 16 -12", "none", sw=6, stroke=GREY))
        out.append(rect(x0, top, W, H, WHITE, rx=6))
        for i in range(5):
            out.append(line(x0 + 8, top + 8 + i * 4, x0 + W - 8, top + 8 + i * 4, sw=1.5, stroke=GREY_DARK))
        out.append(rect(x0 + W / 2 - 10, top + 34, 20, 8, SCREEN, rx=1, sw=1))
        for wx in (x0 + 8, x0 + W - 8):
            out.append(circle(wx, FLOOR - 3, 3.5, INK, sw=0))
        return out
    raise ValueError(kind)


def piano(o, grand=False):
    out = []
    if grand:
        out.append(shadow(130))
        out.append(path("M22 58 L44 10 L120 40 Z", "#0f172a", sw=2.5))
        out.append(line(60, 58, 70, 30, sw=2))
        out.append(path("M14 58 H118 Q148 58 146 72 Q144 80 124 80 H14 Z", "#0f172a"))
        out.append(rect(14, 62, 30, 6, WHITE, sw=1.5))
        for lx in (22, 126):
            out.append(rect(lx, 80, 6, FLOOR - 80, "#0f172a", sw=2))
        out.append(rect(70, 80, 8, 16, "#0f172a", sw=1.5))
        out.append(line(66, 98, 82, 98, sw=2.5, stroke="#d4a017"))
        return out
    W, H = 130, 92
    x0 = CX - W / 2
    top = FLOOR - H
    out.append(shadow(W))
    body = "#3f2a1d"
    out.append(rect(x0, top, W, H * 0.5, body, rx=3))
    out.append(rect(x0 + 20, top + 12, W - 40, 16, "#5b4030", sw=1.5))
    out.append(rect(x0 - 4, top + H * 0.5, W + 8, 6, body, sw=2))
    keys_top = top + H * 0.5 + 6
    out.append(rect(x0 + 2, keys_top, W - 4, 10, WHITE, sw=1.5))
    n = 26
    for i in range(1, n):
        out.append(line(x0 + 2 + i * (W - 4) / n, keys_top, x0 + 2 + i * (W - 4) / n, keys_top + 10, sw=0.8))
    for i in range(n - 1):
        if i % 7 in (0, 1, 3, 4, 5):
            kx = x0 + 2 + (i + 0.7) * (W - 4) / n
            out.append(rect(kx, keys_top, (W - 4) / n * 0.6, 6, INK, sw=0))
    out.append(rect(x0, keys_top + 10, W, FLOOR - keys_top - 10, body, sw=2.5))
    for lx in (x0 + 6, x0 + W - 14):
        out.append(rect(lx, keys_top + 10, 8, FLOOR - keys_top - 10, "#5b4030", sw=1.5))
    out.append(line(CX - 8, FLOOR - 3, CX + 8, FLOOR - 3, sw=2.5, stroke="#d4a017"))
    return out


def misc(o, kind):
    w, d, h = o["size"]
    out = []
    if kind == "bicycle":
        out.append(shadow(120))
        r = 24
        bx, fx, y = 34, 126, FLOOR - r
        for cx_ in (bx, fx):
            out.append(circle(cx_, y, r, "none", sw=3.5))
            out.append(circle(cx_, y, 3, INK, sw=0))
            for a in range(6):
                ang = a * math.pi / 6
                out.append(line(cx_ - r * math.cos(ang), y - r * math.sin(ang), cx_ + r * math.cos(ang), y + r * math.sin(ang), sw=0.8))
        px, py = 76, y
        sx, sy = 66, y - 40
        hx, hy = 112, y - 44
        out.append(path(f"M{bx} {f(y)} L{px} {f(py)} L{sx} {f(sy)} Z M{sx} {f(sy)} L{hx} {f(hy + 6)} L{px} {f(py)} M{hx} {f(hy + 6)} L{fx} {f(y)}", "none", sw=3.5, stroke="#dc2626"))
        out.append(line(sx - 2, sy - 2, sx - 6, sy - 8, sw=3, stroke=INK))
        out.append(rect(sx - 16, sy - 12, 18, 5, INK, rx=2.5, sw=0))
        out.append(path(f"M{hx} {f(hy + 6)} l-2 -8 q8 -4 14 2", "none", sw=3, stroke=INK))
        out.append(circle(px, py, 5, GREY, sw=2))
        return out
    if kind == "treadmill":
        out.append(shadow(130))
        out.append(rect(18, FLOOR - 16, 124, 12, GREY_DARK, rx=6))
        out.append(rect(26, FLOOR - 20, 104, 6, "#1f2937", rx=3, sw=1.5))
        out.append(line(120, FLOOR - 16, 110, 26, sw=6, stroke=GREY))
        out.append(rect(90, 16, 36, 16, SCREEN, rx=3, sw=2))
        out.append(rect(96, 20, 14, 7, "#22d3ee", rx=1, sw=0))
        out.append(path("M112 38 H70 v6", "none", sw=4, stroke=GREY_DARK))
        return out
    if kind == "mirror":
        out.append(shadow(50))
        out.append(line(CX - 22, FLOOR, CX - 6, 70, sw=3, stroke=WOOD_DARK))
        out.append(line(CX + 22, FLOOR, CX + 6, 70, sw=3, stroke=WOOD_DARK))
        out.append(rect(CX - 22, 8, 44, 92, WOOD, rx=22))
        out.append(rect(CX - 16, 14, 32, 80, GLASS, rx=16, sw=1.5))
        out.append(line(CX - 8, 36, CX + 6, 22, sw=2, stroke=WHITE))
        out.append(line(CX - 8, 48, CX + 10, 30, sw=2, stroke=WHITE))
        return out
    if kind == "painting":
        W, H = fit(w, h, 130, 90)
        x0 = CX - W / 2
        top = (120 - H) / 2 - 4
        out.append(line(CX, top - 6, x0 + 16, top, sw=1.5))
        out.append(line(CX, top - 6, x0 + W - 16, top, sw=1.5))
        out.append(rect(x0, top, W, H, "#b45309", rx=2, sw=2.5))
        out.append(rect(x0 + 7, top + 7, W - 14, H - 14, "#e0f2fe", sw=1.5))
        out.append(poly([(x0 + 8, top + H - 8), (x0 + W * 0.35, top + H * 0.35), (x0 + W * 0.6, top + H - 8)], "#7ea37a", sw=1.5))
        out.append(poly([(x0 + W * 0.45, top + H - 8), (x0 + W * 0.7, top + H * 0.45), (x0 + W - 8, top + H - 8)], "#5f8a5c", sw=1.5))
        out.append(circle(x0 + W * 0.78, top + H * 0.3, 7, "#fbbf24", sw=1.5))
        return out
    if kind == "lamp":
        out.append(shadow(40))
        out.append(ellipse(CX, FLOOR - 3, 18, 4, GREY_DARK, sw=2))
        out.append(line(CX, FLOOR - 5, CX, 34, sw=3.5, stroke=GREY_DARK))
        out.append(poly([(CX - 14, 10), (CX + 14, 10), (CX + 24, 36), (CX - 24, 36)], FABRIC["beis"]))
        for a in (-1, 0, 1):
            out.append(line(CX + a * 12, 42, CX + a * 20, 52, sw=1.5, stroke="#f59e0b"))
        return out
    if kind == "rug":
        W = 130
        x0 = CX - W / 2
        r = 16
        out.append(shadow(W))
        out.append(rect(x0, FLOOR - 2 * r, W, 2 * r, "#b45353", sw=2.5))
        for i in range(1, 8):
            out.append(line(x0 + i * W / 8, FLOOR - 2 * r + 2, x0 + i * W / 8 - 6, FLOOR - 2, sw=2, stroke="#f0d9a8"))
        out.append(ellipse(x0 + W, FLOOR - r, 7, r, "#b45353"))
        out.append(path(f"M{f(x0 + W)} {f(FLOOR - r)} m-3 0 a3 5 0 1 0 6 0 a5 8 0 1 0 -8 0", "none", sw=1.5, stroke="#f0d9a8"))
        for ty in range(int(FLOOR - 2 * r) + 4, FLOOR, 6):
            out.append(line(x0 - 6, ty, x0, ty, sw=1.5))
        return out
    if kind == "plant":
        out.append(shadow(50))
        out.append(poly([(CX - 20, FLOOR - 34), (CX + 20, FLOOR - 34), (CX + 15, FLOOR), (CX - 15, FLOOR)], "#c8765a"))
        out.append(rect(CX - 22, FLOOR - 38, 44, 6, "#b4613f", rx=2, sw=2))
        green = "#4d7c4a"
        for ang, ln in ((-60, 46), (-30, 58), (0, 66), (30, 56), (60, 44), (-12, 40), (18, 42)):
            rad = math.radians(ang)
            ex, ey = CX + ln * math.sin(rad), FLOOR - 38 - ln * math.cos(rad)
            out.append(f'<ellipse cx="{f((CX + ex) / 2)}" cy="{f((FLOOR - 38 + ey) / 2)}" rx="7" ry="{f(ln / 2)}" fill="#6aa563" stroke="{green}" stroke-width="2" transform="rotate({ang} {f((CX + ex) / 2)} {f((FLOOR - 38 + ey) / 2)})"/>')
        return out
    if kind == "safe":
        W, H = 72, 84
        x0 = CX - W / 2
        top = FLOOR - H
        out.append(shadow(W))
        out.append(rect(x0, top, W, H, "#475569", rx=4))
        out.append(rect(x0 + 6, top + 6, W - 12, H - 12, "#64748b", rx=3, sw=2))
        out.append(circle(CX - 4, top + H / 2, 12, GREY, sw=2))
        out.append(circle(CX - 4, top + H / 2, 3, INK, sw=0))
        for a in range(8):
            ang = a * math.pi / 4
            out.append(line(CX - 4 + 9 * math.cos(ang), top + H / 2 + 9 * math.sin(ang), CX - 4 + 11 * math.cos(ang), top + H / 2 + 11 * math.sin(ang), sw=1.2))
        out.append(line(x0 + W - 14, top + H / 2 - 10, x0 + W - 14, top + H / 2 + 10, sw=4, stroke=GREY))
        return out
    if kind == "stroller":
        out.append(shadow(90))
        out.append(path("M40 70 A34 34 0 0 1 108 70 Z", FABRIC["azul"]))
        out.append(path("M40 70 A34 34 0 0 1 74 36 L74 70 Z", "#4f6fa3"))
        out.append(rect(38, 68, 72, 8, FABRIC["azul"], rx=3))
        out.append(path("M108 70 L126 30 h10", "none", sw=3.5, stroke=INK))
        out.append(line(56, 76, 50, 94, sw=2.5))
        out.append(line(94, 76, 100, 94, sw=2.5))
        for wx in (48, 102):
            out.append(circle(wx, 97, 8, "none", sw=3))
        return out
    raise ValueError(kind)


# ---------------------------------------------------------------------------------------------
# The catalogue. (id, nombre, categoria, (ancho, fondo, alto) cm, peso kg, drawing)

D = lambda fn, **kw: (fn, kw)  # noqa: E731

OBJETOS = [
    # sofas
    ("sofa-3-plazas", "Sofá de 3 plazas", "sofas", (210, 95, 85), 55, D(sofa, seats=3, color="azul")),
    ("sofa-2-plazas", "Sofá de 2 plazas", "sofas", (160, 90, 85), 40, D(sofa, seats=2, color="gris")),
    ("sofa-4-plazas", "Sofá de 4 plazas", "sofas", (250, 100, 85), 70, D(sofa, seats=4, color="beis")),
    ("sofa-chaise-longue", "Sofá con chaise longue", "sofas", (270, 160, 85), 90, D(sofa, seats=3, color="gris", chaise=True)),
    ("sofa-rinconera", "Sofá rinconera", "sofas", (280, 220, 85), 110, D(sofa, seats=3, color="verde", corner=True)),
    ("sofa-cama", "Sofá cama", "sofas", (200, 95, 90), 65, D(sofa, seats=2, color="teja", bed=True)),
    ("sillon", "Sillón", "sofas", (85, 85, 95), 20, D(armchair, style="normal", color="verde")),
    ("sillon-relax", "Sillón relax reclinable", "sofas", (90, 95, 105), 40, D(armchair, style="relax", color="gris")),
    ("sillon-orejero", "Sillón orejero", "sofas", (80, 85, 110), 25, D(armchair, style="orejero", color="mostaza")),
    ("chaise-longue", "Chaise longue", "sofas", (170, 70, 80), 35, D(chaise_longue)),
    ("puf", "Puf", "sofas", (50, 50, 45), 5, D(pouf, color="mostaza")),
    ("reposapies", "Reposapiés tapizado", "sofas", (60, 45, 42), 6, D(pouf, color="azul", legs=True)),
    ("futon", "Futón", "sofas", (190, 90, 40), 30, D(pouf, color="beis", futon=True)),
    # armarios
    ("armario-1-puerta", "Armario de 1 puerta", "armarios", (50, 55, 180), 30, D(wardrobe, doors=1)),
    ("armario-2-puertas", "Armario de 2 puertas", "armarios", (100, 60, 200), 60, D(wardrobe, doors=2)),
    ("armario-3-puertas", "Armario de 3 puertas", "armarios", (150, 60, 200), 85, D(wardrobe, doors=3, mirror=True)),
    ("armario-4-puertas", "Armario de 4 puertas", "armarios", (200, 60, 220), 110, D(wardrobe, doors=4, color=WHITE)),
    ("armario-correderas", "Armario de puertas correderas", "armarios", (180, 65, 220), 120, D(wardrobe, doors=2, sliding=True, mirror=True, color=WOOD_LIGHT)),
    ("armario-infantil", "Armario infantil", "armarios", (90, 50, 160), 40, D(wardrobe, doors=2, drawers=2, color="#f3d7dc")),
    ("armario-oficina", "Armario de oficina", "armarios", (90, 45, 200), 65, D(wardrobe, doors=2, color=GREY, metal=True)),
    ("comoda", "Cómoda", "armarios", (100, 50, 85), 35, D(chest, rows=3)),
    ("sinfonier", "Sinfonier", "armarios", (55, 45, 125), 28, D(chest, rows=6, color=WHITE)),
    ("zapatero", "Zapatero", "armarios", (80, 30, 105), 18, D(chest, rows=3, color=WHITE, legs=False, shoe=True)),
    ("aparador", "Aparador", "armarios", (160, 45, 80), 60, D(chest, rows=1, doors=3, color=WOOD_DARK)),
    ("vitrina", "Vitrina", "armarios", (90, 40, 190), 55, D(vitrina)),
    ("mueble-bano", "Mueble de baño con lavabo", "armarios", (80, 45, 85), 30, D(chest, rows=0, doors=2, color=WHITE, legs=False, basin=True)),
    # cajas
    ("caja-pequena", "Caja pequeña", "cajas", (40, 30, 30), 5, D(box)),
    ("caja-mediana", "Caja mediana", "cajas", (50, 40, 40), 8, D(box)),
    ("caja-grande", "Caja grande", "cajas", (60, 40, 50), 12, D(box)),
    ("caja-extra-grande", "Caja extra grande", "cajas", (70, 50, 50), 15, D(box)),
    ("caja-libros", "Caja de libros", "cajas", (40, 30, 30), 15, D(box, kind="libros")),
    ("caja-armario", "Caja armario para ropa colgada", "cajas", (50, 50, 100), 12, D(box, kind="armario", scale=0.85)),
    ("caja-vajilla", "Caja de vajilla (frágil)", "cajas", (50, 40, 40), 14, D(box, kind="vajilla")),
    ("caja-cuadros", "Caja para cuadros y espejos", "cajas", (100, 10, 80), 6, D(box, kind="cuadros", scale=1.0)),
    ("caja-archivo", "Caja de archivo", "cajas", (39, 29, 26), 8, D(box, kind="archivo")),
    ("caja-plastico", "Caja de plástico con tapa", "cajas", (60, 40, 35), 4, D(box, kind="plastico")),
    ("maleta", "Maleta grande", "cajas", (50, 30, 75), 12, D(box, kind="maleta")),
    ("bolsa-ropa", "Bolsa de ropa", "cajas", (70, 40, 40), 6, D(box, kind="bolsa")),
    # camas y colchones
    ("cama-individual", "Cama individual", "camas_y_colchones", (100, 200, 45), 30, D(bed, pillows=1)),
    ("cama-doble", "Cama de matrimonio", "camas_y_colchones", (160, 200, 45), 50, D(bed, pillows=2)),
    ("cama-180", "Cama de 180 cm", "camas_y_colchones", (190, 210, 45), 65, D(bed, pillows=2, color=WOOD_DARK)),
    ("canape-150", "Canapé abatible de 150 cm", "camas_y_colchones", (150, 190, 35), 55, D(bed, pillows=2, kind="canape", color=WHITE)),
    ("cama-nido", "Cama nido", "camas_y_colchones", (100, 200, 60), 55, D(bed, pillows=1, kind="nido", color=WHITE)),
    ("litera", "Litera", "camas_y_colchones", (100, 200, 150), 60, D(bunk)),
    ("cuna", "Cuna", "camas_y_colchones", (125, 65, 90), 20, D(crib)),
    ("colchon", "Colchón", "camas_y_colchones", (135, 190, 25), 25, D(mattress)),
    ("colchon-90", "Colchón de 90 cm", "camas_y_colchones", (90, 190, 25), 18, D(mattress)),
    ("colchon-150", "Colchón de 150 cm", "camas_y_colchones", (150, 190, 27), 30, D(mattress)),
    ("colchon-180", "Colchón de 180 cm", "camas_y_colchones", (180, 200, 28), 38, D(mattress)),
    ("somier-150", "Somier de láminas de 150 cm", "camas_y_colchones", (150, 190, 8), 18, D(slatted_base)),
    ("cabecero-150", "Cabecero de 150 cm", "camas_y_colchones", (160, 8, 120), 15, D(headboard)),
    # mesas
    ("mesa-comedor", "Mesa de comedor", "mesas", (160, 90, 76), 40, D(table, kind="dining")),
    ("mesa-comedor-extensible", "Mesa de comedor extensible", "mesas", (140, 90, 76), 50, D(table, kind="extensible", color=WOOD_LIGHT)),
    ("mesa-redonda", "Mesa redonda de 4 plazas", "mesas", (100, 100, 75), 25, D(table, kind="round", color=WHITE)),
    ("mesa-cocina", "Mesa de cocina", "mesas", (110, 70, 75), 25, D(table, kind="kitchen", color=WHITE)),
    ("mesa-centro", "Mesa de centro", "mesas", (110, 60, 45), 15, D(table, kind="coffee")),
    ("mesa-auxiliar", "Mesa auxiliar", "mesas", (50, 50, 55), 6, D(table, kind="side")),
    ("mesita-noche", "Mesita de noche", "mesas", (45, 35, 55), 10, D(chest, rows=2, lamp=True)),
    ("escritorio", "Escritorio", "mesas", (120, 60, 75), 30, D(table, kind="desk")),
    ("escritorio-elevable", "Escritorio elevable", "mesas", (140, 70, 75), 40, D(table, kind="standing")),
    ("tocador", "Tocador con espejo", "mesas", (100, 45, 140), 30, D(table, kind="dresser", color=WHITE)),
    ("consola", "Consola de recibidor", "mesas", (100, 35, 80), 14, D(table, kind="console", color=WOOD_DARK)),
    ("mesa-jardin", "Mesa de jardín", "mesas", (150, 90, 74), 20, D(table, kind="garden", color=WOOD_LIGHT)),
    ("mesa-plegable", "Mesa plegable", "mesas", (120, 60, 74), 10, D(table, kind="folding")),
    # televisores
    ("television", "Televisor", "televisores", (112, 8, 65), 15, D(tv)),
    ("tv-32", 'Televisor de 32"', "televisores", (73, 8, 44), 5, D(tv)),
    ("tv-43", 'Televisor de 43"', "televisores", (97, 8, 57), 8, D(tv)),
    ("tv-55", 'Televisor de 55"', "televisores", (124, 8, 72), 16, D(tv)),
    ("tv-65", 'Televisor de 65"', "televisores", (146, 8, 84), 22, D(tv)),
    ("tv-75", 'Televisor de 75"', "televisores", (168, 8, 97), 32, D(tv)),
    ("tv-tubo", "Televisor de tubo", "televisores", (70, 50, 55), 35, D(tv, kind="crt")),
    ("monitor", "Monitor de ordenador", "televisores", (62, 20, 45), 5, D(tv, kind="monitor")),
    ("proyector", "Proyector", "televisores", (35, 25, 12), 3, D(tv, kind="projector")),
    ("barra-sonido", "Barra de sonido", "televisores", (90, 10, 7), 3, D(tv, kind="soundbar")),
    ("equipo-musica", "Equipo de música con altavoces", "televisores", (120, 30, 45), 12, D(tv, kind="hifi")),
    ("mueble-tv", "Mueble de televisión", "televisores", (180, 45, 50), 40, D(tv, kind="furniture")),
    # sillas
    ("silla", "Silla", "sillas", (45, 50, 90), 5, D(chair, kind="dining")),
    ("silla-tapizada", "Silla de comedor tapizada", "sillas", (48, 55, 98), 7, D(chair, kind="upholstered")),
    ("silla-oficina", "Silla de oficina", "sillas", (65, 65, 115), 14, D(chair, kind="office")),
    ("silla-gaming", "Silla gaming", "sillas", (70, 70, 130), 22, D(chair, kind="gaming")),
    ("taburete-alto", "Taburete alto", "sillas", (40, 40, 75), 5, D(chair, kind="stool_high")),
    ("taburete", "Taburete bajo", "sillas", (35, 35, 45), 3, D(chair, kind="stool_low", color=WOOD_LIGHT)),
    ("silla-plegable", "Silla plegable", "sillas", (45, 5, 80), 3, D(chair, kind="folding", color=WOOD_LIGHT)),
    ("mecedora", "Mecedora", "sillas", (65, 90, 100), 15, D(chair, kind="rocking")),
    ("trona", "Trona infantil", "sillas", (55, 75, 100), 7, D(chair, kind="highchair")),
    ("silla-jardin", "Silla de jardín", "sillas", (55, 58, 85), 4, D(chair, kind="garden")),
    ("banco-recibidor", "Banco de recibidor", "sillas", (100, 35, 45), 12, D(chair, kind="bench")),
    ("tumbona", "Tumbona de jardín", "sillas", (190, 65, 35), 10, D(chair, kind="lounger")),
    # otros
    ("frigorifico", "Frigorífico", "otros", (60, 65, 170), 70, D(appliance, kind="fridge")),
    ("frigorifico-combi", "Frigorífico combi", "otros", (60, 65, 190), 75, D(appliance, kind="combi")),
    ("frigorifico-americano", "Frigorífico americano", "otros", (91, 72, 178), 120, D(appliance, kind="american")),
    ("congelador", "Congelador vertical", "otros", (60, 63, 155), 55, D(appliance, kind="freezer")),
    ("lavadora", "Lavadora", "otros", (60, 60, 85), 65, D(appliance, kind="washer")),
    ("secadora", "Secadora", "otros", (60, 60, 85), 40, D(appliance, kind="dryer")),
    ("lavavajillas", "Lavavajillas", "otros", (60, 60, 85), 45, D(appliance, kind="dishwasher")),
    ("horno", "Horno", "otros", (60, 55, 60), 30, D(appliance, kind="oven")),
    ("microondas", "Microondas", "otros", (50, 40, 30), 12, D(appliance, kind="microwave")),
    ("aire-acondicionado", "Aire acondicionado portátil", "otros", (45, 40, 80), 30, D(appliance, kind="ac")),
    ("estanteria", "Estantería", "otros", (80, 30, 180), 25, D(shelving)),
    ("estanteria-metalica", "Estantería metálica de trastero", "otros", (90, 40, 180), 20, D(shelving, metal=True)),
    ("archivador", "Archivador metálico", "otros", (47, 62, 132), 45, D(chest, rows=4, color=GREY, legs=False, labels=True)),
    ("piano-vertical", "Piano vertical", "otros", (150, 60, 125), 230, D(piano)),
    ("piano-cola", "Piano de media cola", "otros", (150, 170, 100), 280, D(piano, grand=True)),
    ("bicicleta", "Bicicleta", "otros", (175, 60, 105), 14, D(misc, kind="bicycle")),
    ("cinta-correr", "Cinta de correr", "otros", (180, 80, 140), 80, D(misc, kind="treadmill")),
    ("espejo-pie", "Espejo de pie", "otros", (60, 5, 170), 12, D(misc, kind="mirror")),
    ("cuadro", "Cuadro grande", "otros", (100, 5, 70), 5, D(misc, kind="painting")),
    ("lampara-pie", "Lámpara de pie", "otros", (40, 40, 170), 6, D(misc, kind="lamp")),
    ("alfombra", "Alfombra enrollada", "otros", (200, 30, 30), 12, D(misc, kind="rug")),
    ("planta", "Planta grande con maceta", "otros", (60, 60, 150), 25, D(misc, kind="plant")),
    ("caja-fuerte", "Caja fuerte", "otros", (40, 40, 50), 60, D(misc, kind="safe")),
    ("cochecito", "Cochecito de bebé", "otros", (90, 60, 105), 12, D(misc, kind="stroller")),
]


def dimensiones(size):
    return " × ".join(str(v) for v in size) + " cm"


def volumen(size):
    """m³ to the litre, half up (the server reads volumes to the litre the same way)."""
    w, d, h = size
    litres = Decimal(w * d * h) / Decimal(1000)
    return float((litres.quantize(Decimal(1), rounding=ROUND_HALF_UP)) / Decimal(1000))


def main():
    ids = [row[0] for row in OBJETOS]
    dupes = {i for i in ids if ids.count(i) > 1}
    if dupes:
        sys.exit(f"ids repetidos: {sorted(dupes)}")
    svg_dir = os.path.join(OUT, "svg")
    os.makedirs(svg_dir, exist_ok=True)
    for name in os.listdir(svg_dir):
        if name.endswith(".svg") and name[:-4] not in ids:
            os.remove(os.path.join(svg_dir, name))
    objetos = []
    for oid, nombre, categoria, size, peso, (draw, kw) in OBJETOS:
        o = {"size": size}
        with open(os.path.join(svg_dir, f"{oid}.svg"), "w", encoding="utf-8") as out:
            out.write(svg(nombre.replace('"', "&quot;"), draw(o, **kw)))
        objetos.append({
            "id": oid,
            "nombre": nombre,
            "categoria": categoria,
            "dimensiones": dimensiones(size),
            "peso": peso,
            "volumen": volumen(size),
        })
    with open(os.path.join(OUT, "objetos.json"), "w", encoding="utf-8") as out:
        json.dump(objetos, out, ensure_ascii=False, indent=2)
        out.write("\n")
    print(f"{len(objetos)} objetos en {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
