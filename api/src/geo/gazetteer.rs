//! The offline gazetteer: every Spanish municipality, Madrid's districts and a few neighbourhoods,
//! and Europe's cities (seed/gazetteer/lugares.tsv, made by scripts/gazetteer/generate.py from
//! GeoNames and IGN data; licence in seed/gazetteer/LICENCIA.md). It finds the place an address
//! names and completes what a user is typing.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use serde::Serialize;

use super::text::{normalise, postal_is_capital, postal_province, NOT_A_PLACE_ALONE, STREET_WORDS};

/// Where the data file lives under `Config::seed_dir`.
pub const DATA_FILE: &str = "gazetteer/lugares.tsv";

const COLUMNS: [&str; 9] = [
    "nombre",
    "alternativos",
    "municipio",
    "provincia",
    "pais",
    "lat",
    "lon",
    "tipo",
    "poblacion",
];

/// The longest place name, in words, that the matcher tries ("Vallvidrera el Tibidabo i les
/// Planes" has 7); longer names are still found by their alternates or by prefix.
const MAX_NAME_WORDS: usize = 8;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A Spanish municipality (INE), at its main town.
    Municipio,
    /// A village or town inside a Spanish municipality.
    Localidad,
    /// One of Madrid's 21 districts.
    Distrito,
    /// A neighbourhood of a Spanish city.
    Barrio,
    /// A city abroad.
    Ciudad,
}

impl Kind {
    fn parse(text: &str) -> Option<Kind> {
        Some(match text {
            "municipio" => Kind::Municipio,
            "localidad" => Kind::Localidad,
            "distrito" => Kind::Distrito,
            "barrio" => Kind::Barrio,
            "ciudad" => Kind::Ciudad,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Municipio => "municipio",
            Kind::Localidad => "localidad",
            Kind::Distrito => "distrito",
            Kind::Barrio => "barrio",
            Kind::Ciudad => "ciudad",
        }
    }
}

/// One place of the gazetteer.
#[derive(Debug, Clone)]
pub struct Entry {
    pub name: String,
    pub alternates: Vec<String>,
    /// The municipality a distrito, barrio or localidad belongs to; empty otherwise.
    pub parent: String,
    /// The Spanish province; empty abroad.
    pub province: String,
    /// ISO 3166-1 alpha-2.
    pub country: String,
    pub lat: f64,
    pub lon: f64,
    pub kind: Kind,
    /// GeoNames' figure; 0 when unknown (villages GeoNames lacks).
    pub population: u64,
    parent_key: String,
    province_keys: Vec<String>,
    province_code: Option<&'static str>,
}

impl Entry {
    /// How the place is offered and shown: "Chamberí, Madrid, España", "Getafe, Madrid, España",
    /// "Madrid, España", "Lyon, Francia". `locate` finds the same place again from it.
    pub fn label(&self) -> String {
        self.label_as(&self.name)
    }

    fn label_as(&self, shown: &str) -> String {
        let mut parts: Vec<&str> = vec![shown];
        for part in [self.parent.as_str(), self.province.as_str()] {
            if !part.is_empty() {
                parts.push(part);
            }
        }
        parts.push(country_name(&self.country));
        parts.dedup_by(|a, b| normalise(a) == normalise(b));
        parts.join(", ")
    }

    /// Inside a municipality (a distrito, barrio or localidad), not a municipality or city itself.
    fn is_part_of_a_city(&self) -> bool {
        !self.parent_key.is_empty()
    }
}

/// Spanish names of the countries the gazetteer covers, with the other names people write.
const COUNTRIES: &[(&str, &str, &[&str])] = &[
    ("ES", "España", &["spain", "espanya", "espainia", "espana"]),
    ("AD", "Andorra", &[]),
    ("AL", "Albania", &["shqiperia"]),
    ("AT", "Austria", &["osterreich"]),
    ("BA", "Bosnia y Herzegovina", &["bosnia"]),
    ("BE", "Bélgica", &["belgium", "belgique", "belgie"]),
    ("BG", "Bulgaria", &[]),
    ("BY", "Bielorrusia", &["belarus"]),
    (
        "CH",
        "Suiza",
        &["switzerland", "suisse", "schweiz", "svizzera"],
    ),
    ("CY", "Chipre", &["cyprus"]),
    (
        "CZ",
        "Chequia",
        &["republica checa", "czechia", "czech republic"],
    ),
    ("DE", "Alemania", &["germany", "deutschland"]),
    ("DK", "Dinamarca", &["denmark", "danmark"]),
    ("EE", "Estonia", &[]),
    ("FI", "Finlandia", &["finland", "suomi"]),
    ("FR", "Francia", &["france"]),
    (
        "GB",
        "Reino Unido",
        &[
            "united kingdom",
            "uk",
            "inglaterra",
            "england",
            "gran bretana",
            "escocia",
            "scotland",
            "gales",
            "wales",
        ],
    ),
    ("GI", "Gibraltar", &[]),
    ("GR", "Grecia", &["greece"]),
    ("HR", "Croacia", &["croatia", "hrvatska"]),
    ("HU", "Hungría", &["hungary", "magyarorszag"]),
    ("IE", "Irlanda", &["ireland", "eire"]),
    ("IS", "Islandia", &["iceland"]),
    ("IT", "Italia", &["italy"]),
    ("LI", "Liechtenstein", &[]),
    ("LT", "Lituania", &["lithuania"]),
    ("LU", "Luxemburgo", &["luxembourg"]),
    ("LV", "Letonia", &["latvia"]),
    ("MC", "Mónaco", &["monaco"]),
    ("MD", "Moldavia", &["moldova"]),
    ("ME", "Montenegro", &[]),
    (
        "MK",
        "Macedonia del Norte",
        &["north macedonia", "macedonia"],
    ),
    ("MT", "Malta", &[]),
    (
        "NL",
        "Países Bajos",
        &["holanda", "netherlands", "nederland"],
    ),
    ("NO", "Noruega", &["norway", "norge"]),
    ("PL", "Polonia", &["poland", "polska"]),
    ("PT", "Portugal", &[]),
    ("RO", "Rumanía", &["rumania", "romania"]),
    ("RS", "Serbia", &["srbija"]),
    ("SE", "Suecia", &["sweden", "sverige"]),
    ("SI", "Eslovenia", &["slovenia"]),
    ("SK", "Eslovaquia", &["slovakia"]),
    ("SM", "San Marino", &[]),
    ("UA", "Ucrania", &["ukraine"]),
    ("VA", "Ciudad del Vaticano", &["vaticano", "vatican"]),
    ("XK", "Kosovo", &[]),
];

pub fn country_name(code: &str) -> &str {
    COUNTRIES
        .iter()
        .find(|(c, _, _)| *c == code)
        .map(|(_, name, _)| *name)
        .unwrap_or(code)
}

/// The 52 provinces: INE code, name as the data file writes it, and the capital (a `municipio`
/// of the data file), which a capital's postal code (third digit 0) stands for.
const PROVINCES: &[(&str, &str, &str)] = &[
    ("01", "Araba/Álava", "Vitoria-Gasteiz"),
    ("02", "Albacete", "Albacete"),
    ("03", "Alacant/Alicante", "Alacant/Alicante"),
    ("04", "Almería", "Almería"),
    ("05", "Ávila", "Ávila"),
    ("06", "Badajoz", "Badajoz"),
    ("07", "Illes Balears", "Palma"),
    ("08", "Barcelona", "Barcelona"),
    ("09", "Burgos", "Burgos"),
    ("10", "Cáceres", "Cáceres"),
    ("11", "Cádiz", "Cádiz"),
    ("12", "Castelló/Castellón", "Castelló de la Plana"),
    ("13", "Ciudad Real", "Ciudad Real"),
    ("14", "Córdoba", "Córdoba"),
    ("15", "A Coruña", "A Coruña"),
    ("16", "Cuenca", "Cuenca"),
    ("17", "Girona", "Girona"),
    ("18", "Granada", "Granada"),
    ("19", "Guadalajara", "Guadalajara"),
    ("20", "Gipuzkoa", "Donostia/San Sebastián"),
    ("21", "Huelva", "Huelva"),
    ("22", "Huesca", "Huesca"),
    ("23", "Jaén", "Jaén"),
    ("24", "León", "León"),
    ("25", "Lleida", "Lleida"),
    ("26", "La Rioja", "Logroño"),
    ("27", "Lugo", "Lugo"),
    ("28", "Madrid", "Madrid"),
    ("29", "Málaga", "Málaga"),
    ("30", "Murcia", "Murcia"),
    ("31", "Navarra", "Pamplona/Iruña"),
    ("32", "Ourense", "Ourense"),
    ("33", "Asturias", "Oviedo"),
    ("34", "Palencia", "Palencia"),
    ("35", "Las Palmas", "Las Palmas de Gran Canaria"),
    ("36", "Pontevedra", "Pontevedra"),
    ("37", "Salamanca", "Salamanca"),
    ("38", "Santa Cruz de Tenerife", "Santa Cruz de Tenerife"),
    ("39", "Cantabria", "Santander"),
    ("40", "Segovia", "Segovia"),
    ("41", "Sevilla", "Sevilla"),
    ("42", "Soria", "Soria"),
    ("43", "Tarragona", "Tarragona"),
    ("44", "Teruel", "Teruel"),
    ("45", "Toledo", "Toledo"),
    ("46", "València/Valencia", "València"),
    ("47", "Valladolid", "Valladolid"),
    ("48", "Bizkaia", "Bilbao"),
    ("49", "Zamora", "Zamora"),
    ("50", "Zaragoza", "Zaragoza"),
    ("51", "Ceuta", "Ceuta"),
    ("52", "Melilla", "Melilla"),
];

/// The static INE province code equal to `code`.
fn province_code(code: &str) -> Option<&'static str> {
    PROVINCES.iter().map(|(c, _, _)| *c).find(|c| *c == code)
}

/// "Donostia/San Sebastián" → the whole name and each half, folded.
fn keys_of(name: &str) -> Vec<String> {
    let mut keys = vec![normalise(name)];
    if name.contains('/') {
        keys.extend(name.split('/').map(normalise));
    }
    keys.retain(|k| !k.is_empty());
    keys.dedup();
    keys
}

#[derive(Debug, Clone, Copy)]
struct Key {
    entry: u32,
    /// Which alternate matched; `None` for the name itself.
    alternate: Option<u16>,
}

pub struct Gazetteer {
    entries: Vec<Entry>,
    /// Every folded name and alternate → the places that bear it.
    index: HashMap<String, Vec<Key>>,
    /// The same keys in file order, scanned by the autocomplete.
    keys: Vec<(String, Key)>,
    countries: HashMap<String, &'static str>,
    provinces: HashSet<String>,
    capitals: HashMap<&'static str, u32>,
}

/// A part of an address between commas.
struct Segment {
    words: Vec<String>,
    key: String,
    /// Where place names are looked for: after the house number in a street ("Calle de
    /// Toledo 5" has none), the whole part otherwise.
    from: usize,
    street: bool,
    /// Where the words after a street's house number start (its length when it has none).
    after_number: usize,
    country: Option<&'static str>,
}

#[derive(Debug, Clone)]
struct Mention {
    segment: usize,
    start: usize,
    len: usize,
    key: String,
    /// A place's name, rather than a whole part of the address.
    named: bool,
}

impl Mention {
    fn overlaps(&self, other: &Mention) -> bool {
        self.segment == other.segment
            && self.start < other.start + other.len
            && other.start < self.start + self.len
    }
}

struct Candidate {
    key: Key,
    at: Mention,
}

impl Gazetteer {
    /// Reads the data file under the seed folder.
    pub fn load(seed_dir: &Path) -> Result<Gazetteer, String> {
        let path = seed_dir.join(DATA_FILE);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("no se pudo leer el nomenclátor {}: {e}", path.display()))?;
        Gazetteer::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// As `load`, parsed once per process and file: test servers and the benchmark start many
    /// servers over the same seed folder.
    pub fn load_shared(seed_dir: &Path) -> Result<Arc<Gazetteer>, String> {
        static LOADED: OnceLock<Mutex<HashMap<PathBuf, Arc<Gazetteer>>>> = OnceLock::new();
        let path = seed_dir.join(DATA_FILE);
        let key = path.canonicalize().unwrap_or(path);
        let mut loaded = LOADED
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(gazetteer) = loaded.get(&key) {
            return Ok(gazetteer.clone());
        }
        let gazetteer = Arc::new(Gazetteer::load(seed_dir)?);
        loaded.insert(key, gazetteer.clone());
        Ok(gazetteer)
    }

    pub fn parse(text: &str) -> Result<Gazetteer, String> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, header)) if header.split('\t').eq(COLUMNS) => {}
            _ => return Err(format!("la cabecera debe ser: {}", COLUMNS.join("\t"))),
        }
        let mut entries = Vec::new();
        for (n, line) in lines {
            if line.trim().is_empty() {
                continue;
            }
            entries.push(parse_line(line).map_err(|e| format!("línea {}: {e}", n + 1))?);
        }
        if entries.len() > u32::MAX as usize {
            return Err("demasiados lugares".into());
        }
        let mut gazetteer = Gazetteer {
            entries,
            index: HashMap::new(),
            keys: Vec::new(),
            countries: HashMap::new(),
            provinces: HashSet::new(),
            capitals: HashMap::new(),
        };
        gazetteer.build_indexes()?;
        Ok(gazetteer)
    }

    fn build_indexes(&mut self) -> Result<(), String> {
        for (i, entry) in self.entries.iter().enumerate() {
            let mut seen = HashSet::new();
            let names = std::iter::once((None, entry.name.as_str())).chain(
                entry
                    .alternates
                    .iter()
                    .enumerate()
                    .map(|(a, alt)| (Some(a as u16), alt.as_str())),
            );
            for (alternate, name) in names {
                for key in keys_of(name) {
                    if seen.insert(key.clone()) {
                        let k = Key {
                            entry: i as u32,
                            alternate,
                        };
                        self.index.entry(key.clone()).or_default().push(k);
                        self.keys.push((key, k));
                    }
                }
            }
        }
        for (code, name, aliases) in COUNTRIES {
            for alias in std::iter::once(name).chain(aliases.iter()) {
                self.countries.insert(normalise(alias), code);
            }
        }
        for (code, province, capital) in PROVINCES {
            self.provinces.extend(keys_of(province));
            let found = self.index.get(&normalise(capital)).and_then(|keys| {
                keys.iter().find(|k| {
                    let e = &self.entries[k.entry as usize];
                    e.kind == Kind::Municipio && e.province_code == Some(*code)
                })
            });
            match found {
                Some(k) => {
                    self.capitals.insert(code, k.entry);
                }
                None => {
                    return Err(format!(
                        "falta la capital de la provincia {code}: {capital}"
                    ))
                }
            }
        }
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The most specific known place an address names, or `None`.
    ///
    /// The address is split at commas; the parts are read as the user wrote them: a country
    /// ("España") narrows the search; a part that is only a province ("…, Madrid") qualifies the
    /// places named before it; in a street part ("Calle de Toledo 5") only what follows the
    /// house number counts. Among the places found the order of preference is: in the country
    /// named; a district/neighbourhood whose city is also named ("Chamberí, Madrid"); a place
    /// whose province or city is also named ("Alcalá de Henares, Madrid"); in the province of
    /// the postal code; named later in the address (the town follows the street); by its own
    /// name rather than an alternate; the bigger one. A place that none of the other parts
    /// qualifies gives way to the town of a province named after it ("Playa de San Juan,
    /// Alicante"). A last part that only starts a name is read as that name ("Alcalá de Hen");
    /// with nothing found, a last part inside a name ("Aravaca"), and then a capital's postal
    /// code (28009) as its capital.
    pub fn locate(&self, address: &str) -> Option<&Entry> {
        self.locate_index(address).map(|i| &self.entries[i])
    }

    fn locate_index(&self, address: &str) -> Option<usize> {
        let mut segments = self.segments(address);
        if segments.is_empty() {
            return None;
        }
        let postal: Vec<&'static str> = segments
            .iter()
            .flat_map(|s| s.words.iter())
            .filter_map(|w| postal_province(w).and_then(province_code))
            .collect();
        let capital_postal = segments
            .iter()
            .flat_map(|s| s.words.iter())
            .find(|w| postal_is_capital(w))
            .and_then(|w| postal_province(w).and_then(province_code));

        let mut countries: HashSet<&str> = segments.iter().filter_map(|s| s.country).collect();
        let mut found = self.candidates(&segments, false, &mut countries);
        if found.0.is_empty() && found.1.is_empty() {
            // "Plaza Mayor, Salamanca" has no house number; "Andorra" is a country and a town.
            for s in segments.iter_mut() {
                s.from = usize::from(s.street);
                s.country = None;
            }
            countries.clear();
            found = self.candidates(&segments, true, &mut countries);
        }
        let (candidates, province_only, mentions) = found;
        // "…, Alcalá de Hen": the last part is the start of a name, not "Alcalá" and two words
        // nobody knows.
        if let Some(i) = self.unfinished_name(&segments, &mentions, &postal) {
            return Some(i);
        }

        let qualified = |c: &Candidate| {
            let entry = &self.entries[c.key.entry as usize];
            let mentioned_elsewhere =
                |key: &String| mentions.iter().any(|m| &m.key == key && !m.overlaps(&c.at));
            let by_parent = entry.is_part_of_a_city() && mentioned_elsewhere(&entry.parent_key);
            (
                by_parent,
                entry.province_keys.iter().any(mentioned_elsewhere),
            )
        };
        let rank = |c: &&Candidate| {
            let entry = &self.entries[c.key.entry as usize];
            let (by_parent, by_province) = qualified(c);
            let weight = if entry.is_part_of_a_city() && !by_parent {
                // "Salamanca" alone is the city before Madrid's district of that name.
                entry.population / 2
            } else {
                entry.population
            };
            (
                countries.is_empty() || countries.contains(entry.country.as_str()),
                by_parent,
                by_parent || by_province,
                postal.is_empty() || entry.province_code.is_some_and(|p| postal.contains(&p)),
                c.at.segment,
                c.key.alternate.is_none(),
                weight,
            )
        };
        let mut best = candidates.iter().max_by_key(rank);
        if let Some(c) = best {
            if qualified(c) == (false, false) && !province_only.is_empty() {
                // "Playa de San Juan, Alicante" when the only Playa de San Juan known is in
                // Tenerife: the province's own town is nearer the mark.
                best = province_only.iter().max_by_key(rank);
            }
        }
        if let Some(best) = best {
            return Some(best.key.entry as usize);
        }
        if let Some(i) = self.by_prefix(&segments, &postal, true) {
            return Some(i);
        }
        capital_postal.and_then(|p| self.capitals.get(p).map(|&i| i as usize))
    }

    fn segments(&self, address: &str) -> Vec<Segment> {
        let mut segments: Vec<Segment> = address
            .split([',', ';', '\n'])
            .map(normalise)
            .filter(|key| !key.is_empty())
            .map(|key| {
                let words: Vec<String> = key.split(' ').map(str::to_string).collect();
                // "Ronda" alone is the town; "Ronda de Atocha 5" a street.
                let street = words.len() > 1 && STREET_WORDS.contains(&words[0].as_str());
                let from = if street {
                    words
                        .iter()
                        .position(|w| w.starts_with(|c: char| c.is_ascii_digit()))
                        .map_or(words.len(), |i| i + 1)
                } else {
                    0
                };
                Segment {
                    words,
                    key,
                    from,
                    street,
                    after_number: from,
                    country: None,
                }
            })
            .collect();
        // Countries close an address: "Andorra, Teruel, España" names one, at the end.
        for segment in segments.iter_mut().rev() {
            match self.countries.get(&segment.key) {
                Some(code) => segment.country = Some(code),
                None => break,
            }
        }
        segments
    }

    /// The places named in the address and every name mentioned (for qualification).
    fn candidates(
        &self,
        segments: &[Segment],
        last_resort: bool,
        countries: &mut HashSet<&'static str>,
    ) -> (Vec<Candidate>, Vec<Candidate>, Vec<Mention>) {
        let mut mentions = Vec::new();
        let mut per_segment: Vec<Vec<Candidate>> = Vec::new();
        for (s, segment) in segments.iter().enumerate() {
            let mut found = Vec::new();
            mentions.push(Mention {
                segment: s,
                start: 0,
                len: segment.words.len(),
                key: segment.key.clone(),
                named: false,
            });
            if segment.country.is_some() {
                per_segment.push(found);
                continue;
            }
            let words = &segment.words;
            let mut i = segment.from;
            'words: while i < words.len() {
                for n in (1..=MAX_NAME_WORDS.min(words.len() - i)).rev() {
                    let key = words[i..i + n].join(" ");
                    let whole = n == words.len();
                    let alone_ok = n > 1
                        || whole
                        || (key.len() >= 3 && !NOT_A_PLACE_ALONE.contains(&key.as_str()));
                    if !alone_ok {
                        continue;
                    }
                    let at = Mention {
                        segment: s,
                        start: i,
                        len: n,
                        key,
                        named: true,
                    };
                    if let Some(keys) = self.index.get(&at.key) {
                        found.extend(keys.iter().map(|&key| Candidate {
                            key,
                            at: at.clone(),
                        }));
                        mentions.push(at);
                        i += n;
                        continue 'words;
                    }
                    if !last_resort {
                        if let Some(code) = self.countries.get(&at.key) {
                            countries.insert(code);
                            i += n;
                            continue 'words;
                        }
                    }
                }
                i += 1;
            }
            per_segment.push(found);
        }
        // A part that is only a province name qualifies the others ("Alcalá de Henares, Madrid")
        // unless nothing else is named ("Calle Mayor 1, Madrid").
        let is_province = |s: usize| self.provinces.contains(&segments[s].key);
        let others_named = per_segment
            .iter()
            .enumerate()
            .any(|(s, found)| !found.is_empty() && !is_province(s));
        let (mut candidates, mut province_only) = (Vec::new(), Vec::new());
        for (s, found) in per_segment.into_iter().enumerate() {
            if others_named && is_province(s) {
                province_only.extend(found);
            } else {
                candidates.extend(found);
            }
        }
        (candidates, province_only, mentions)
    }

    /// When the last part of the address ends in words no name accounts for, and the whole
    /// part starts a known name, that name.
    fn unfinished_name(
        &self,
        segments: &[Segment],
        mentions: &[Mention],
        postal: &[&str],
    ) -> Option<usize> {
        let (s, segment) = segments
            .iter()
            .enumerate()
            .rev()
            .find(|(_, s)| s.country.is_none())?;
        let last_word = segment.words.len().checked_sub(1)?;
        let covered = mentions
            .iter()
            .any(|m| m.named && m.segment == s && m.start + m.len > last_word);
        if covered || last_word < segment.from || self.provinces.contains(&segment.key) {
            return None;
        }
        self.by_prefix(segments, postal, false)
    }

    /// The last part of the address as the start of a name ("Calle Mayor 1, Alcalá de Hen"),
    /// or, with `inner_words`, as whole words inside one ("Aravaca": Moncloa-Aravaca).
    fn by_prefix(&self, segments: &[Segment], postal: &[&str], inner_words: bool) -> Option<usize> {
        let segment = segments.iter().rev().find(|s| s.country.is_none())?;
        // In a street, only what follows the number: "Calle Mayor" is no start of Mayorga.
        let text = segment.words[segment.after_number..].join(" ");
        if text.chars().count() < 4 {
            return None;
        }
        let padded = format!(" {text} ");
        let has_words = |i: usize| {
            let entry = &self.entries[i];
            std::iter::once(&entry.name)
                .chain(&entry.alternates)
                .any(|name| format!(" {} ", normalise(name)).contains(&padded))
        };
        self.matches(&text)
            .into_iter()
            .filter(|(i, class, _)| *class < 2 || (inner_words && has_words(*i)))
            .max_by_key(|(i, _, _)| {
                let entry = &self.entries[*i];
                (
                    postal.is_empty() || entry.province_code.is_some_and(|p| postal.contains(&p)),
                    entry.country == "ES",
                    entry.population,
                )
            })
            .map(|(i, _, _)| i)
    }

    /// Suggestions for what the user is typing, best first, at most `limit`.
    ///
    /// Under 3 characters: none. With a comma, the text before the last comma is kept and the
    /// rest completed ("Calle Mayor 1, alcal" → "Calle Mayor 1, Alcalá de Henares, Madrid,
    /// España"); without one, the whole input, or else what follows a house number ("Calle
    /// Mayor 1 alcal"). A name equal to the input comes first, then names that start with it
    /// or have a word that does, Spanish places before those abroad, bigger places first.
    pub fn autocomplete(&self, input: &str, limit: usize) -> Vec<String> {
        let input = input.trim();
        if input.chars().count() < 3 || limit == 0 {
            return Vec::new();
        }
        if let Some((before, last)) = input.rsplit_once(',') {
            let before = before.trim().trim_end_matches([',', ' ']);
            // A postal code before the town ('…, 28009 Mad') stays as typed; the town completes.
            let last = last.trim_start();
            let (code, town) = match last.split_once(' ') {
                Some((code, town))
                    if code.len() == 5 && code.chars().all(|c| c.is_ascii_digit()) =>
                {
                    (Some(code), town)
                }
                _ => (None, last),
            };
            let prefix = match (before.is_empty(), code) {
                (true, None) => String::new(),
                (true, Some(code)) => format!("{code} "),
                (false, None) => format!("{before}, "),
                (false, Some(code)) => format!("{before}, {code} "),
            };
            return self
                .complete(town, limit)
                .into_iter()
                .map(|s| format!("{prefix}{s}"))
                .collect();
        }
        let whole = self.complete(input, limit);
        if !whole.is_empty() {
            return whole;
        }
        let number_end = input
            .split_whitespace()
            .rfind(|w| w.chars().any(|c| c.is_ascii_digit()))
            .map(|w| w.as_ptr() as usize - input.as_ptr() as usize + w.len());
        match number_end {
            Some(end) if end < input.len() => {
                let before = input[..end].trim();
                self.complete(&input[end..], limit)
                    .into_iter()
                    .map(|s| format!("{before}, {s}"))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    fn complete(&self, text: &str, limit: usize) -> Vec<String> {
        let query = normalise(text);
        if query.chars().count() < 2 {
            return Vec::new();
        }
        let mut found = self.matches(&query);
        found.sort_by(|(a, class_a, _), (b, class_b, _)| {
            let (a, b) = (&self.entries[*a], &self.entries[*b]);
            (*class_a != 0)
                .cmp(&(*class_b != 0))
                .then((a.country != "ES").cmp(&(b.country != "ES")))
                .then(b.population.cmp(&a.population))
                .then(a.name.cmp(&b.name))
        });
        let mut out: Vec<String> = Vec::new();
        for (i, _, shown) in found {
            let entry = &self.entries[i];
            let label = match shown {
                Some(a) => entry.label_as(&entry.alternates[a as usize]),
                None => entry.label(),
            };
            if !out.contains(&label) {
                out.push(label);
                if out.len() == limit {
                    break;
                }
            }
        }
        out
    }

    /// Every place one of whose keys equals (class 0), starts with (1) or has a word starting
    /// with (2) the folded query; with the alternate to show when it matched better than the
    /// name ("Londres" for London).
    fn matches(&self, query: &str) -> Vec<(usize, u8, Option<u16>)> {
        let query = normalise(query);
        let inner = format!(" {query}");
        let mut best: HashMap<u32, (u8, Option<u16>)> = HashMap::new();
        for (key, k) in &self.keys {
            let class = if *key == query {
                0
            } else if key.starts_with(&query) {
                1
            } else if key.contains(&inner) {
                2
            } else {
                continue;
            };
            let slot = best.entry(k.entry).or_insert((u8::MAX, None));
            if class < slot.0 {
                *slot = (class, k.alternate);
            }
        }
        best.into_iter()
            .map(|(i, (class, shown))| (i as usize, class, shown))
            .collect()
    }
}

fn parse_line(line: &str) -> Result<Entry, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [name, alternates, parent, province, country, lat, lon, kind, population] = fields[..]
    else {
        return Err(format!("{} columnas en vez de 9", fields.len()));
    };
    if name.trim().is_empty() {
        return Err("lugar sin nombre".into());
    }
    let coordinate = |text: &str, limit: f64| {
        text.parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && v.abs() <= limit)
            .ok_or_else(|| format!("coordenada no válida: {text}"))
    };
    let province_code = PROVINCES
        .iter()
        .find(|(_, p, _)| *p == province)
        .map(|(code, _, _)| *code);
    if country == "ES" && province_code.is_none() {
        return Err(format!("provincia desconocida: {province}"));
    }
    if !COUNTRIES.iter().any(|(c, _, _)| *c == country) {
        return Err(format!("país desconocido: {country}"));
    }
    Ok(Entry {
        name: name.to_string(),
        alternates: alternates
            .split('|')
            .filter(|a| !a.trim().is_empty())
            .map(str::to_string)
            .collect(),
        parent: parent.to_string(),
        province: province.to_string(),
        country: country.to_string(),
        lat: coordinate(lat, 90.0)?,
        lon: coordinate(lon, 180.0)?,
        kind: Kind::parse(kind).ok_or_else(|| format!("tipo desconocido: {kind}"))?,
        population: population
            .parse()
            .map_err(|_| format!("población no válida: {population}"))?,
        parent_key: normalise(parent),
        province_keys: if province.is_empty() {
            Vec::new()
        } else {
            keys_of(province)
        },
        province_code,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn gazetteer() -> &'static Gazetteer {
        static G: OnceLock<Gazetteer> = OnceLock::new();
        G.get_or_init(|| {
            Gazetteer::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../seed"))
                .expect("seed/gazetteer/lugares.tsv")
        })
    }

    fn located(address: &str) -> Option<String> {
        gazetteer().locate(address).map(Entry::label)
    }

    #[test]
    fn the_data_file_covers_every_spanish_municipality_and_madrids_districts() {
        let g = gazetteer();
        let count = |kind| g.entries().iter().filter(|e| e.kind == kind).count();
        // INE's register: 8,131 municipalities (2019–2025).
        assert_eq!(count(Kind::Municipio), 8131);
        assert_eq!(count(Kind::Distrito), 21);
        assert!(count(Kind::Ciudad) > 4000);
        assert!(g.entries().iter().all(|e| !normalise(&e.name).is_empty()));
    }

    #[test]
    fn the_last_part_of_an_address_names_the_town() {
        assert_eq!(
            located("Calle de Alcalá 120, 28009 Madrid").as_deref(),
            Some("Madrid, España")
        );
        assert_eq!(
            located("Calle Mayor 2, 28801 Alcalá de Henares").as_deref(),
            Some("Alcalá de Henares, Madrid, España")
        );
        assert_eq!(
            located("Avenida de Toledo 3, Getafe").as_deref(),
            Some("Getafe, Madrid, España")
        );
        // Streets named after towns stay streets.
        assert_eq!(
            located("Calle de Toledo 5, Madrid").as_deref(),
            Some("Madrid, España")
        );
        assert_eq!(
            located("Calle Getafe 3, Leganés").as_deref(),
            Some("Leganés, Madrid, España")
        );
    }

    #[test]
    fn accents_case_and_punctuation_do_not_matter() {
        for address in [
            "calle de alcala 120, 28009 madrid",
            "CALLE DE ALCALÁ 120 - 28009 - MADRID",
            "Calle de Alcala 120; Madrid.",
        ] {
            assert_eq!(
                located(address).as_deref(),
                Some("Madrid, España"),
                "{address}"
            );
        }
        assert_eq!(
            located("avda. de la constitucion 5, alcala de henares").as_deref(),
            Some("Alcalá de Henares, Madrid, España")
        );
        assert_eq!(
            located("Ronda, Málaga").as_deref(),
            Some("Ronda, Málaga, España")
        );
        assert_eq!(
            located("Andorra, Teruel, España").as_deref(),
            Some("Andorra, Teruel, España")
        );
        assert_eq!(
            located("LOGRONO").as_deref(),
            Some("Logroño, La Rioja, España")
        );
    }

    #[test]
    fn a_district_named_with_its_city_is_the_most_specific_place() {
        let chamberi = gazetteer()
            .locate("Calle de Fuencarral 80, Chamberí, Madrid")
            .unwrap();
        assert_eq!(chamberi.kind, Kind::Distrito);
        assert_eq!(chamberi.name, "Chamberí");
        assert_eq!(
            located("Barrio de Salamanca, Madrid").as_deref(),
            Some("Salamanca, Madrid, España")
        );
        // Without the city, Salamanca is the city of Salamanca.
        assert_eq!(
            located("Plaza Mayor 1, Salamanca").as_deref(),
            Some("Salamanca, España")
        );
        assert_eq!(
            located("Centro, Madrid").as_deref(),
            Some("Centro, Madrid, España")
        );
        assert_eq!(
            located("Las Tablas, Madrid").as_deref(),
            Some("Las Tablas, Madrid, España")
        );
    }

    #[test]
    fn a_province_after_the_town_qualifies_it() {
        assert_eq!(
            located("Calle Mayor 1, Alcalá de Henares, Madrid, España").as_deref(),
            Some("Alcalá de Henares, Madrid, España")
        );
        assert_eq!(
            located("Mérida, Badajoz").as_deref(),
            Some("Mérida, Badajoz, España")
        );
        assert_eq!(
            located("Calle Mayor 1, Madrid, Madrid").as_deref(),
            Some("Madrid, España")
        );
        assert_eq!(
            located("getafe madrid").as_deref(),
            Some("Getafe, Madrid, España")
        );
        // A place of that name exists only in another province: the province's own town.
        assert_eq!(
            located("Playa de San Juan, Alicante").as_deref(),
            Some("Alacant/Alicante, España")
        );
    }

    #[test]
    fn bilingual_and_foreign_names_are_found() {
        assert_eq!(
            located("Carrer de Balmes 10, Barcelona").as_deref(),
            Some("Barcelona, España")
        );
        assert_eq!(
            located("San Sebastián").as_deref(),
            Some("Donostia/San Sebastián, Gipuzkoa, España")
        );
        assert_eq!(
            located("Alicante").as_deref(),
            Some("Alacant/Alicante, España")
        );
        assert_eq!(
            located("10 Downing Street, Londres, Reino Unido").as_deref(),
            Some("London, Reino Unido")
        );
        assert_eq!(
            located("Rue de Rivoli, Paris, Francia").as_deref(),
            Some("Paris, Francia")
        );
        assert_eq!(
            located("Lisboa, Portugal").as_deref(),
            Some("Lisbon, Portugal")
        );
    }

    #[test]
    fn partial_input_finds_the_place_it_starts() {
        assert_eq!(
            located("Calle Mayor 1, Alcalá de Hen").as_deref(),
            Some("Alcalá de Henares, Madrid, España")
        );
        assert_eq!(located("Getaf").as_deref(), Some("Getafe, Madrid, España"));
        // A place with the words inside its name.
        assert_eq!(
            located("Aravaca").as_deref(),
            Some("Moncloa-Aravaca, Madrid, España")
        );
        // Three letters are too few to guess from.
        assert_eq!(located("Calle Mayor 1, Get"), None);
    }

    #[test]
    fn a_capitals_postal_code_alone_is_its_capital() {
        assert_eq!(
            located("Calle Inventada 7, 28009").as_deref(),
            Some("Madrid, España")
        );
        assert_eq!(located("08001").as_deref(), Some("Barcelona, España"));
        // A town's postal code without the town's name: unknown.
        assert_eq!(located("Calle Inventada 7, 28801"), None);
    }

    #[test]
    fn unknown_places_are_none() {
        for address in [
            "Calle Falsa 123, Villarriba de los Ajos",
            "Piso 3, Puerta B",
            "xyzzy",
            "",
            "   ,,, ;",
            "12345",
            "Calle Mayor",
        ] {
            assert_eq!(located(address), None, "{address}");
        }
    }

    #[test]
    fn every_province_has_its_capital_and_every_country_its_name() {
        let g = gazetteer();
        assert_eq!(g.capitals.len(), 52);
        for e in g.entries() {
            assert_ne!(country_name(&e.country), e.country, "{}", e.name);
        }
    }

    #[test]
    fn autocomplete_completes_the_part_after_the_last_comma() {
        let g = gazetteer();
        let found = g.autocomplete("Calle Mayor 1, alcal", 8);
        assert_eq!(
            found.first().map(String::as_str),
            Some("Calle Mayor 1, Alcalá de Henares, Madrid, España")
        );
        assert!(found.len() <= 8 && found.len() > 1, "{found:?}");
        assert!(
            found
                .iter()
                .all(|s| s.starts_with("Calle Mayor 1, ") && s.contains("Alcal")),
            "{found:?}"
        );
        // A postal code before the town is kept as typed.
        assert_eq!(
            g.autocomplete("Calle de Alcalá 120, 28009 Mad", 8)
                .first()
                .map(String::as_str),
            Some("Calle de Alcalá 120, 28009 Madrid, España")
        );
        // Without a comma: what follows the house number.
        assert_eq!(
            g.autocomplete("Calle Mayor 1 alcal", 8)
                .first()
                .map(String::as_str),
            Some("Calle Mayor 1, Alcalá de Henares, Madrid, España")
        );
    }

    #[test]
    fn autocomplete_ignores_case_and_accents_and_puts_bigger_places_first() {
        let g = gazetteer();
        assert_eq!(g.autocomplete("MADRID", 8)[0], "Madrid, España");
        let mostoles = g.autocomplete("mostol", 8);
        assert_eq!(mostoles[0], "Móstoles, Madrid, España");
        let chamb = g.autocomplete("chamb", 8);
        assert!(
            chamb.contains(&"Chamberí, Madrid, España".to_string()),
            "{chamb:?}"
        );
        // Bigger first: Alcalá de Henares (≈200,000) before Alcalá de Guadaíra (≈75,000).
        let alcala = g.autocomplete("alcalá", 8);
        let henares = alcala
            .iter()
            .position(|s| s.starts_with("Alcalá de Henares"));
        let guadaira = alcala
            .iter()
            .position(|s| s.starts_with("Alcalá de Guadaíra"));
        assert!(henares < guadaira && guadaira.is_some(), "{alcala:?}");
        // A word inside the name.
        assert!(g
            .autocomplete("henares", 8)
            .contains(&"Alcalá de Henares, Madrid, España".to_string()));
        // Spanish exonyms of cities abroad are shown as typed.
        assert_eq!(g.autocomplete("londres", 8)[0], "Londres, Reino Unido");
    }

    #[test]
    fn autocomplete_needs_three_characters() {
        let g = gazetteer();
        assert!(g.autocomplete("ma", 8).is_empty());
        assert!(g.autocomplete("  m  ", 8).is_empty());
        assert!(g.autocomplete("Calle Mayor 1,", 8).is_empty());
        assert!(g.autocomplete("Calle Mayor 1, a", 8).is_empty());
        assert!(g.autocomplete("zzzzqqq", 8).is_empty());
        assert_eq!(g.autocomplete("san", 8).len(), 8);
    }

    #[test]
    fn every_suggestion_is_located_as_the_place_it_names() {
        let g = gazetteer();
        for input in [
            "madr",
            "barc",
            "alcal",
            "chamb",
            "salaman",
            "getaf",
            "valen",
            "san seb",
            "coru",
            "las tab",
            "retir",
            "londr",
            "pari",
            "lisbo",
            "santa cruz",
            "el ejido",
            "vitoria",
            "donost",
            "palma",
            "sevill",
            "leon",
            "ceut",
            "gracia",
        ] {
            for suggestion in g.autocomplete(input, 8) {
                let place = g.locate(&suggestion).map(Entry::label);
                let label = suggestion.as_str();
                // The suggestion is the place's label, possibly under an alternate name.
                let expected = g
                    .entries()
                    .iter()
                    .filter(|e| {
                        e.label() == label || e.alternates.iter().any(|a| e.label_as(a) == label)
                    })
                    .map(Entry::label)
                    .collect::<Vec<_>>();
                assert!(
                    place.as_ref().is_some_and(|p| expected.contains(p)),
                    "{input}: '{suggestion}' located as {place:?}, expected one of {expected:?}"
                );
            }
        }
    }

    #[test]
    fn every_place_is_found_again_from_its_label() {
        // Only homonyms differing in accents may come back as each other (Navàs, the town, and
        // Navas, the Barcelona neighbourhood).
        let g = gazetteer();
        for entry in g.entries() {
            let label = entry.label();
            let found = g.locate(&label).map(Entry::label);
            assert_eq!(
                found.as_deref().map(normalise),
                Some(normalise(&label)),
                "{label} located as {found:?}"
            );
        }
    }

    #[test]
    fn a_malformed_data_file_is_refused_with_its_line() {
        let header = COLUMNS.join("\t");
        assert!(Gazetteer::parse("nombre\tlat\n").is_err());
        let bad = format!("{header}\nMadrid\t\t\tMadrid\tES\tnorte\t-3.7\tmunicipio\t1\n");
        let error = Gazetteer::parse(&bad).err().unwrap();
        assert!(error.contains("línea 2"), "{error}");
        let bad_kind = format!("{header}\nMadrid\t\t\tMadrid\tES\t40.4\t-3.7\tpueblo\t1\n");
        assert!(Gazetteer::parse(&bad_kind).is_err());
    }
}
