//! Locating addresses and routing between them: the calculator's autocomplete and route figures
//! (spec §7 `autocomplete`, `get-calculated-stats`), the price engine's distance and the offer
//! packs' M-30 rule (spec §9).
//!
//! Offline by default: an address is located in the gazetteer (seed/gazetteer/lugares.tsv,
//! GeoNames and IGN data) and a route is the great-circle distance times a road factor, with a
//! driving time from average speeds (`estimate`). With `GEOCODER_URL` (Nominatim-compatible)
//! and/or `ROUTER_URL` (OSRM-compatible) set, those services are asked first, with a short
//! timeout, and the gazetteer answers whenever they are absent, fail or find nothing.
//!
//! ```ignore
//! let route = state.geo.route("Calle de Alcalá 120, Madrid", "Getafe").await?;
//! let both_inside = route.origin.inside_m30() && route.destination.inside_m30();
//! ```

pub mod estimate;
pub mod external;
pub mod gazetteer;
pub mod m30;
mod place;
pub mod svg;
pub mod text;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::config::Config;
use external::External;
use gazetteer::Gazetteer;
pub use m30::inside_m30;
pub use place::{Place, PlaceKind, Route, Source};

/// The §8 route error, shown in the calculator's error panel.
pub const ROUTE_ERROR: &str = "No se pudo calcular la ruta entre las direcciones proporcionadas";

/// Longer addresses are refused (a postal address fits in well under 200 characters).
pub const MAX_ADDRESS_CHARS: usize = 300;

/// Suggestions the autocomplete gives at most.
pub const MAX_SUGGESTIONS: usize = 8;

/// Geocoder answers kept in memory, so that retyping an address does not ask again (Nominatim's
/// usage policy asks for caching); the whole cache is dropped when full.
const GEOCODER_CACHE: usize = 512;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GeoError {
    /// One of the addresses could not be located.
    #[error("No se pudo calcular la ruta entre las direcciones proporcionadas")]
    NotFound,
}

/// Locating and routing, shared by every handler (`AppState::geo`); cheap to clone.
#[derive(Clone)]
pub struct Geo {
    inner: Arc<Inner>,
}

struct Inner {
    gazetteer: Arc<Gazetteer>,
    external: External,
    cache: Mutex<HashMap<String, Option<Place>>>,
}

impl Geo {
    /// The gazetteer under `config.seed_dir`, and the services the configuration names.
    pub fn from_config(config: &Config) -> Result<Geo, String> {
        let gazetteer = Gazetteer::load_shared(&config.seed_dir)?;
        let user_agent = format!(
            "Mudanzas/{} ({})",
            env!("CARGO_PKG_VERSION"),
            config.public_url
        );
        Geo::new(
            gazetteer,
            config.geocoder_url.clone(),
            config.router_url.clone(),
            &user_agent,
        )
    }

    pub fn new(
        gazetteer: Arc<Gazetteer>,
        geocoder_url: Option<String>,
        router_url: Option<String>,
        user_agent: &str,
    ) -> Result<Geo, String> {
        Ok(Geo {
            inner: Arc::new(Inner {
                gazetteer,
                external: External::new(geocoder_url, router_url, user_agent)?,
                cache: Mutex::new(HashMap::new()),
            }),
        })
    }

    pub fn gazetteer(&self) -> &Gazetteer {
        &self.inner.gazetteer
    }

    /// Suggestions for what the user is typing (the gazetteer's; Nominatim's usage policy rules
    /// out autocomplete through it).
    pub fn autocomplete(&self, input: &str) -> Vec<String> {
        if input.chars().count() > MAX_ADDRESS_CHARS {
            return Vec::new();
        }
        self.inner.gazetteer.autocomplete(input, MAX_SUGGESTIONS)
    }

    /// The place an address names: the geocoder's answer when one is configured and finds it,
    /// else the gazetteer's; `None` when neither knows it.
    pub async fn locate(&self, address: &str) -> Option<Place> {
        let address = address.trim();
        if address.is_empty() || address.chars().count() > MAX_ADDRESS_CHARS {
            return None;
        }
        if self.inner.external.has_geocoder() {
            if let Some(place) = self.geocode(address).await {
                return Some(place);
            }
        }
        self.locate_offline(address)
    }

    /// The gazetteer's answer alone.
    pub fn locate_offline(&self, address: &str) -> Option<Place> {
        if address.chars().count() > MAX_ADDRESS_CHARS {
            return None;
        }
        self.inner.gazetteer.locate(address).map(Place::from_entry)
    }

    async fn geocode(&self, address: &str) -> Option<Place> {
        let key = text::normalise(address);
        if let Some(known) = self.cache().get(&key) {
            return known.clone();
        }
        match self.inner.external.geocode(address).await {
            Ok(found) => {
                let mut cache = self.cache();
                if cache.len() >= GEOCODER_CACHE {
                    cache.clear();
                }
                cache.insert(key, found.clone());
                found
            }
            Err(e) => {
                tracing::warn!(error = %e, "geocoder failed; using the gazetteer");
                None
            }
        }
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, HashMap<String, Option<Place>>> {
        // A panic while holding the lock cannot leave the map half-written.
        self.inner
            .cache
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The route between two addresses; `GeoError::NotFound` when either cannot be located.
    pub async fn route(&self, from: &str, to: &str) -> Result<Route, GeoError> {
        let (origin, destination) = tokio::join!(self.locate(from), self.locate(to));
        match (origin, destination) {
            (Some(origin), Some(destination)) => Ok(self.route_between(origin, destination).await),
            _ => Err(GeoError::NotFound),
        }
    }

    /// The route between two located places: the router's figures when one is configured and
    /// answers, else the offline estimate. Between place centres the router's figure is no
    /// better than the estimate's in-town minimum, which is used instead below that minimum.
    pub async fn route_between(&self, origin: Place, destination: Place) -> Route {
        if self.inner.external.has_router() {
            let exact = origin.exact && destination.exact;
            match self.inner.external.route(&origin, &destination).await {
                Ok((km, minutes)) if exact || km >= estimate::URBAN_MIN_KM => {
                    return Route {
                        origin,
                        destination,
                        distance_km: estimate::round_km(km),
                        duration_min: estimate::round_minutes(minutes),
                        fuente: Source::Osrm,
                    };
                }
                Ok(_) => {} // between place centres in one town: the in-town minimum
                Err(e) => tracing::warn!(error = %e, "router failed; using the estimate"),
            }
        }
        Route::offline(origin, destination)
    }
}

impl Route {
    /// The offline estimate between two places (`estimate`).
    pub fn offline(origin: Place, destination: Place) -> Route {
        let km = estimate::road_km((origin.lat, origin.lon), (destination.lat, destination.lon));
        Route {
            distance_km: estimate::round_km(km),
            duration_min: estimate::round_minutes(estimate::driving_minutes(km)),
            origin,
            destination,
            fuente: Source::Gazetteer,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::gazetteer::Kind;
    use super::*;
    use std::path::Path;
    use std::sync::OnceLock;

    fn geo() -> &'static Geo {
        static GEO: OnceLock<Geo> = OnceLock::new();
        GEO.get_or_init(|| {
            let g =
                Gazetteer::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../seed")).unwrap();
            Geo::new(Arc::new(g), None, None, "test").unwrap()
        })
    }

    fn route(from: &str, to: &str) -> Route {
        let geo = geo();
        Route::offline(
            geo.locate_offline(from).unwrap(),
            geo.locate_offline(to).unwrap(),
        )
    }

    #[test]
    fn madrid_to_barcelona_is_between_500_and_620_km() {
        let r = route(
            "Calle de Alcalá 120, 28009 Madrid",
            "Carrer de Balmes 10, Barcelona",
        );
        assert!(
            (500.0..=620.0).contains(&r.distance_km),
            "{}",
            r.distance_km
        );
        assert_eq!(r.fuente, Source::Gazetteer);
        assert!(r.duration_text().contains(" h "), "{}", r.duration_text());
    }

    #[test]
    fn madrid_to_getafe_and_within_madrid() {
        let getafe = route("Calle de Alcalá 120, Madrid", "Calle Madrid 3, Getafe");
        assert!(
            (14.0..=17.0).contains(&getafe.distance_km),
            "{}",
            getafe.distance_km
        );
        let same = route("Calle de Alcalá 120, Madrid", "Calle Mayor 1, Madrid");
        assert_eq!(same.distance_km, estimate::URBAN_MIN_KM);
        assert_eq!(same.distance_text(), "5,0 km");
        assert_eq!(same.duration_text(), "12 min");
        let districts = route("Chamberí, Madrid", "Retiro, Madrid");
        assert_eq!(districts.distance_km, estimate::URBAN_MIN_KM);
        assert!(districts.inside_m30());
    }

    #[test]
    fn the_road_factor_fits_the_motorway_distances() {
        // Approximate road distances from Madrid by the main motorway (A-2, A-3, A-1/AP-68,
        // A-2, A-4): the estimate is within 10 % of each but Sevilla's winding A-4 (within 15 %).
        for (town, road, tolerance) in [
            ("Barcelona", 621.0, 0.10),
            ("Valencia", 357.0, 0.10),
            ("Bilbao", 395.0, 0.10),
            ("Zaragoza", 314.0, 0.10),
            ("Sevilla", 531.0, 0.15),
        ] {
            let estimate = route("Madrid", town).distance_km;
            assert!(
                (estimate - road).abs() / road <= tolerance,
                "{town}: {estimate} km estimated, {road} km by road"
            );
        }
    }

    #[test]
    fn the_almendra_central_is_inside_the_m30_and_the_other_districts_are_not() {
        let g = geo().gazetteer();
        let district = |name: &str| {
            g.entries()
                .iter()
                .find(|e| e.kind == Kind::Distrito && e.name == name)
                .map(Place::from_entry)
                .unwrap_or_else(|| panic!("no district {name}"))
        };
        for name in [
            "Centro",
            "Arganzuela",
            "Retiro",
            "Salamanca",
            "Chamartín",
            "Tetuán",
            "Chamberí",
        ] {
            assert!(district(name).inside_m30(), "{name}");
        }
        for name in [
            "Fuencarral-El Pardo",
            "Latina",
            "Carabanchel",
            "Usera",
            "Puente de Vallecas",
            "Moratalaz",
            "Ciudad Lineal",
            "Hortaleza",
            "Villaverde",
            "Villa de Vallecas",
            "Vicálvaro",
            "San Blas-Canillejas",
            "Barajas",
        ] {
            assert!(!district(name).inside_m30(), "{name}");
        }
        // Madrid without a district is its centre, Sol: inside.
        assert!(geo()
            .locate_offline("Calle Mayor 1, Madrid")
            .unwrap()
            .inside_m30());
        assert!(!geo().locate_offline("Getafe").unwrap().inside_m30());
    }

    #[tokio::test]
    async fn without_services_locate_and_route_use_the_gazetteer() {
        let geo = geo();
        let place = geo.locate("  Chamberí, Madrid ").await.unwrap();
        assert_eq!(place.label, "Chamberí, Madrid, España");
        assert_eq!(place.kind, PlaceKind::Distrito);
        assert!(!place.exact);
        assert_eq!(geo.locate("Villarriba de los Ajos").await, None);
        assert_eq!(geo.locate(&"Madrid ".repeat(100)).await, None);
        assert_eq!(
            geo.route("Madrid", "Villarriba de los Ajos")
                .await
                .unwrap_err(),
            GeoError::NotFound
        );
        let r = geo.route("Madrid", "Getafe").await.unwrap();
        assert_eq!(r.origin.name, "Madrid");
        assert_eq!(r.destination.name, "Getafe");
        assert!(r.image().starts_with("data:image/svg+xml;base64,"));
    }
}
