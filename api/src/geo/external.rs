//! The optional outside services: a Nominatim-compatible geocoder (`GEOCODER_URL`) and an
//! OSRM-compatible router (`ROUTER_URL`). Each call has a short timeout; any failure is
//! reported to the caller, which falls back to the gazetteer.

use std::time::Duration;

use serde::Deserialize;

use super::place::{Place, PlaceKind};

/// How long a geocoding or routing call may take. The calculator asks 2 s after the user stops
/// typing; a service that has not answered in 3 s is treated as down and the gazetteer answers.
pub const TIMEOUT: Duration = Duration::from_secs(3);

#[derive(Debug, thiserror::Error)]
pub enum ExternalError {
    #[error("petición fallida: {0}")]
    Http(#[from] reqwest::Error),
    #[error("respuesta no válida: {0}")]
    Invalid(String),
}

#[derive(Clone)]
pub struct External {
    http: reqwest::Client,
    geocoder: Option<String>,
    router: Option<String>,
}

#[derive(Deserialize)]
struct NominatimPlace {
    lat: String,
    lon: String,
    #[serde(default)]
    display_name: String,
}

#[derive(Deserialize)]
struct OsrmResponse {
    code: String,
    #[serde(default)]
    routes: Vec<OsrmRoute>,
}

#[derive(Deserialize)]
struct OsrmRoute {
    /// metres
    distance: f64,
    /// seconds
    duration: f64,
}

impl External {
    pub fn new(
        geocoder: Option<String>,
        router: Option<String>,
        user_agent: &str,
    ) -> Result<External, String> {
        let http = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .connect_timeout(TIMEOUT)
            // Nominatim's usage policy asks every application to name itself.
            .user_agent(user_agent)
            .build()
            .map_err(|e| e.to_string())?;
        let base = |url: Option<String>| url.map(|u| u.trim_end_matches('/').to_string());
        Ok(External {
            http,
            geocoder: base(geocoder),
            router: base(router),
        })
    }

    pub fn has_geocoder(&self) -> bool {
        self.geocoder.is_some()
    }

    pub fn has_router(&self) -> bool {
        self.router.is_some()
    }

    /// `GET {GEOCODER_URL}/search?format=json&limit=1&q=…`: the first result, or `None` when the
    /// service found nothing. `Err` when there is no geocoder or it failed.
    pub async fn geocode(&self, address: &str) -> Result<Option<Place>, ExternalError> {
        let Some(base) = &self.geocoder else {
            return Err(ExternalError::Invalid("sin geocodificador".into()));
        };
        let found: Vec<NominatimPlace> = self
            .http
            .get(format!("{base}/search"))
            .query(&[
                ("format", "json"),
                ("limit", "1"),
                ("accept-language", "es"),
                ("q", address),
            ])
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        let Some(first) = found.into_iter().next() else {
            return Ok(None);
        };
        let coordinate = |text: &str, limit: f64| {
            text.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && v.abs() <= limit)
                .ok_or_else(|| ExternalError::Invalid(format!("coordenada '{text}'")))
        };
        let lat = coordinate(&first.lat, 90.0)?;
        let lon = coordinate(&first.lon, 180.0)?;
        let label = match first.display_name.trim() {
            "" => address.trim().to_string(),
            name => name.to_string(),
        };
        let name = label.split(',').next().unwrap_or(&label).trim().to_string();
        Ok(Some(Place {
            name,
            label,
            lat,
            lon,
            kind: PlaceKind::Direccion,
            exact: true,
        }))
    }

    /// `GET {ROUTER_URL}/route/v1/driving/{lon},{lat};{lon},{lat}?overview=false`: the first
    /// route's (km, minutes).
    pub async fn route(&self, from: &Place, to: &Place) -> Result<(f64, f64), ExternalError> {
        let Some(base) = &self.router else {
            return Err(ExternalError::Invalid("sin servicio de rutas".into()));
        };
        let url = format!(
            "{base}/route/v1/driving/{:.6},{:.6};{:.6},{:.6}",
            from.lon, from.lat, to.lon, to.lat
        );
        let answer: OsrmResponse = self
            .http
            .get(url)
            .query(&[("overview", "false")])
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        if answer.code != "Ok" {
            return Err(ExternalError::Invalid(format!("código {}", answer.code)));
        }
        let route = answer
            .routes
            .first()
            .ok_or_else(|| ExternalError::Invalid("sin rutas".into()))?;
        let valid = |v: f64| v.is_finite() && v >= 0.0;
        if !valid(route.distance) || !valid(route.duration) {
            return Err(ExternalError::Invalid(
                "distancia o duración no válidas".into(),
            ));
        }
        Ok((route.distance / 1000.0, route.duration / 60.0))
    }
}
