//! The price finder's object catalogue (spec §3 'Object catalogue item'): `catalogo/objetos.json`
//! and one SVG drawing per object (`catalogo/svg/<id>.svg`) in the seed folder, both written by
//! `scripts/catalogo.py`. Read once at start and kept in memory; the images are base64-encoded
//! once, here, rather than on every request.

use std::collections::HashMap;
use std::path::Path;

use base64::Engine;
use command::estimate::ObjectVolume;
use serde::{Deserialize, Serialize};

/// §3 categories, as identifiers (the web client sends 'camas y colchones' for the fourth).
pub const CATEGORIES: [&str; 8] = [
    "sofas",
    "armarios",
    "cajas",
    "camas_y_colchones",
    "mesas",
    "televisores",
    "sillas",
    "otros",
];

pub const INVALID_CATEGORY: &str = "Categoría no válida";
pub const IMAGE_TYPE: &str = "image/svg+xml";
/// A drawing larger than this is not one of ours (they are 1–6 kB).
const MAX_SVG_BYTES: usize = 64 * 1024;

/// One object as `GET /api/objetos` sends it (web/src/lib/api.ts `CatalogueObject`).
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct CatalogueObject {
    pub id: String,
    pub nombre: String,
    #[schemars(extend("enum" = CATEGORIES))]
    pub categoria: &'static str,
    /// Base64 of the SVG.
    pub imagen: String,
    pub imagen_tipo: &'static str,
    /// ancho × fondo × alto, e.g. '210 × 95 × 85 cm'.
    pub dimensiones: String,
    /// kg
    pub peso: f64,
    /// m³
    pub volumen: f64,
    #[serde(skip)]
    folded_name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Row {
    id: String,
    nombre: String,
    categoria: String,
    dimensiones: String,
    peso: f64,
    volumen: f64,
}

#[derive(Debug, Clone, Default)]
pub struct Catalogue {
    objects: Vec<CatalogueObject>,
    by_id: HashMap<String, usize>,
}

impl Catalogue {
    /// Reads `<seed_dir>/catalogo/`; any object it cannot vouch for stops the start.
    pub fn load(seed_dir: &Path) -> Result<Catalogue, String> {
        let dir = seed_dir.join("catalogo");
        let list = dir.join("objetos.json");
        let text =
            std::fs::read_to_string(&list).map_err(|e| format!("{}: {e}", list.display()))?;
        let rows: Vec<Row> =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", list.display()))?;
        let mut catalogue = Catalogue::default();
        for row in rows {
            let fail = |why: &str| format!("{}: {}: {why}", list.display(), row.id);
            let slug = !row.id.is_empty()
                && row
                    .id
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            if !slug {
                return Err(fail("the id must be a slug (a-z, 0-9, -)"));
            }
            if catalogue.by_id.contains_key(&row.id) {
                return Err(fail("repeated id"));
            }
            let category = category_key(&row.categoria).ok_or_else(|| fail("unknown category"))?;
            if row.nombre.trim().is_empty() || row.dimensiones.trim().is_empty() {
                return Err(fail("name and size are required"));
            }
            if !(row.peso.is_finite()
                && row.peso > 0.0
                && row.volumen.is_finite()
                && row.volumen > 0.0)
            {
                return Err(fail("weight and volume must be positive"));
            }
            let svg_path = dir.join("svg").join(format!("{}.svg", row.id));
            let svg =
                std::fs::read(&svg_path).map_err(|e| format!("{}: {e}", svg_path.display()))?;
            let looks_like_svg = svg.len() <= MAX_SVG_BYTES
                && std::str::from_utf8(&svg).is_ok_and(|s| s.trim_start().starts_with("<svg"));
            if !looks_like_svg {
                return Err(format!("{}: not an SVG drawing", svg_path.display()));
            }
            catalogue
                .by_id
                .insert(row.id.clone(), catalogue.objects.len());
            catalogue.objects.push(CatalogueObject {
                folded_name: fold(&row.nombre),
                id: row.id,
                nombre: row.nombre,
                categoria: category,
                imagen: base64::engine::general_purpose::STANDARD.encode(&svg),
                imagen_tipo: IMAGE_TYPE,
                dimensiones: row.dimensiones,
                peso: row.peso,
                volumen: row.volumen,
            });
        }
        Ok(catalogue)
    }

    /// Every object, in the catalogue's order (by category, then as listed).
    pub fn all(&self) -> &[CatalogueObject] {
        &self.objects
    }

    pub fn get(&self, id: &str) -> Option<&CatalogueObject> {
        self.by_id.get(id).map(|&i| &self.objects[i])
    }

    /// One category's objects; `None` for a name that is no category.
    pub fn category(&self, name: &str) -> Option<Vec<&CatalogueObject>> {
        let key = category_key(name)?;
        Some(self.objects.iter().filter(|o| o.categoria == key).collect())
    }

    /// The objects whose name contains every word of `text`, ignoring case and accents (§5).
    pub fn search(&self, text: &str) -> Vec<&CatalogueObject> {
        let folded = fold(text);
        let words: Vec<&str> = folded.split_whitespace().collect();
        self.objects
            .iter()
            .filter(|o| words.iter().all(|w| o.folded_name.contains(w)))
            .collect()
    }

    /// What the pricing engine needs of an object (`command::estimate::estimate`'s lookup).
    pub fn volume_of(&self, id: &str) -> Option<ObjectVolume> {
        self.get(id).map(|o| ObjectVolume {
            nombre: o.nombre.clone(),
            volumen_m3: o.volumen,
        })
    }
}

/// A category as the client may name it: 'camas y colchones', 'camas_y_colchones', 'Sofás' …
pub fn category_key(name: &str) -> Option<&'static str> {
    let key = fold(name).split_whitespace().collect::<Vec<_>>().join("_");
    CATEGORIES.iter().copied().find(|c| *c == key)
}

/// A category's name as the documents print it.
pub fn category_label(key: &str) -> &str {
    match key {
        "sofas" => "Sofás",
        "armarios" => "Armarios",
        "cajas" => "Cajas",
        "camas_y_colchones" => "Camas y colchones",
        "mesas" => "Mesas",
        "televisores" => "Televisores",
        "sillas" => "Sillas",
        "otros" => "Otros",
        "offer_pack" => "Pack de oferta",
        other => other,
    }
}

pub use events_schema::text::fold;

/// m³ of `quantity` units of an object, to the litre (as the pricing engine adds volumes).
pub fn litres(volume_m3: f64, quantity: u32) -> i64 {
    (volume_m3 * 1000.0).round() as i64 * i64::from(quantity)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_are_read_as_the_client_names_them() {
        assert_eq!(category_key("camas y colchones"), Some("camas_y_colchones"));
        assert_eq!(
            category_key(" Camas  y  Colchones "),
            Some("camas_y_colchones")
        );
        assert_eq!(category_key("camas_y_colchones"), Some("camas_y_colchones"));
        assert_eq!(category_key("Sofás"), Some("sofas"));
        assert_eq!(category_key("offer_pack"), None);
        assert_eq!(category_key(""), None);
    }
}
