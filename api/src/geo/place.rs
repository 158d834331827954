//! The values locating and routing answer: a located place, and a route between two.

use serde::Serialize;

use super::estimate;
use super::gazetteer::{Entry, Kind};
use super::m30::inside_m30;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PlaceKind {
    Municipio,
    Localidad,
    Distrito,
    Barrio,
    Ciudad,
    /// An address the geocoder located.
    Direccion,
}

impl From<Kind> for PlaceKind {
    fn from(kind: Kind) -> PlaceKind {
        match kind {
            Kind::Municipio => PlaceKind::Municipio,
            Kind::Localidad => PlaceKind::Localidad,
            Kind::Distrito => PlaceKind::Distrito,
            Kind::Barrio => PlaceKind::Barrio,
            Kind::Ciudad => PlaceKind::Ciudad,
        }
    }
}

/// A located address.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Place {
    /// Short name: "Chamberí", "Getafe", or the first part of the geocoder's answer.
    pub name: String,
    /// Full name: "Chamberí, Madrid, España".
    pub label: String,
    pub lat: f64,
    pub lon: f64,
    pub kind: PlaceKind,
    /// The address itself (geocoder), rather than the centre of the place it is in (gazetteer).
    pub exact: bool,
}

impl Place {
    /// Inside Madrid's M-30 ring (the offer packs' condition). For a place from the gazetteer
    /// this is its centre: a district's, or Madrid's own (Sol) for an address in Madrid that
    /// names no district.
    pub fn inside_m30(&self) -> bool {
        inside_m30(self.lat, self.lon)
    }

    pub(super) fn from_entry(entry: &Entry) -> Place {
        Place {
            name: entry.name.clone(),
            label: entry.label(),
            lat: entry.lat,
            lon: entry.lon,
            kind: entry.kind.into(),
            exact: false,
        }
    }
}

/// Where a route's figures come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// Offline: great-circle distance × road factor, average speeds.
    Gazetteer,
    /// The configured router.
    Osrm,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Gazetteer => "gazetteer",
            Source::Osrm => "osrm",
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Route {
    pub origin: Place,
    pub destination: Place,
    /// km, one decimal.
    pub distance_km: f64,
    /// Driving time, whole minutes (at least 1).
    pub duration_min: u32,
    pub fuente: Source,
}

impl Route {
    /// "23,4 km"
    pub fn distance_text(&self) -> String {
        estimate::distance_text(self.distance_km)
    }

    /// "35 min", "2 h 10 min"
    pub fn duration_text(&self) -> String {
        estimate::duration_text(self.duration_min)
    }

    /// Both ends inside the M-30 (spec §9: the offer packs).
    pub fn inside_m30(&self) -> bool {
        self.origin.inside_m30() && self.destination.inside_m30()
    }
}
