//! The price finder's estimate (spec §2, §3 'Price request', §5, §9): one transparent, itemised
//! formula whose constants and worked examples live in `command/tarifas.toml`.
//!
//! Pure: the caller resolves the route (distance, duration, whether both addresses are inside
//! the M-30) and gives a catalogue lookup for the objects' volumes; the estimate needs no
//! database, no clock (today is an argument) and no network.
//!
//! Amounts are whole cents. Every product and percentage is rounded half up to the cent line by
//! line, so the lines add up to the subtotal exactly; VAT, the shown price (80 %) and the quote
//! price (95 %) are rounded half up to the cent as well.

use std::sync::LazyLock;

use chrono::{Days, NaiveDate};
use serde::{Deserialize, Deserializer, Serialize};

use crate::pricing::{cents, VAT_PERCENT};
use crate::DomainError;

pub const ADDRESSES_REQUIRED: &str = "Por favor, ingresa direcciones válidas de origen y destino.";
pub const NO_DISTANCE: &str = "No se pudo calcular la distancia...";
pub const NOTHING_SELECTED: &str = "Debe seleccionar al menos un objeto o un pack...";
pub const PACK_OUTSIDE_M30: &str =
    "Los packs de oferta solo están disponibles para mudanzas dentro de la M-30";
pub const UNKNOWN_PACK: &str = "Pack de oferta no válido";
pub const DISMOUNT_QUANTITY: &str = "La cantidad de muebles a desmontar debe estar entre 1 y 10";
pub const PACKAGING_QUANTITY: &str = "La cantidad de objetos a embalar debe estar entre 1 y 10";
pub const OBJECT_QUANTITY: &str = "La cantidad de cada objeto debe estar entre 1 y 100";
pub const PROPERTY_TYPE: &str = "Tipo de vivienda no válido";
pub const FLOOR: &str = "Planta no válida";
pub const ACCESS: &str = "Tipo de acceso no válido";
pub const TIME_SLOT: &str = "Franja horaria no válida";
pub const DATE: &str = "Fecha no válida";
pub const PREFERRED_DATE_PAST: &str = "La fecha preferida no puede ser anterior a hoy";
pub const ALTERNATIVE_DATE_PAST: &str = "La fecha alternativa no puede ser anterior a hoy";

/// The message for an object id the catalogue does not know.
pub fn unknown_object(id: &str) -> String {
    format!("Objeto no encontrado en el catálogo: {id}")
}

/// §5: dismount and packaging quantities.
pub const SERVICE_QUANTITY: std::ops::RangeInclusive<u32> = 1..=10;
/// Per object line; boxes run to dozens in a whole-flat move.
pub const OBJECT_QUANTITY_RANGE: std::ops::RangeInclusive<u32> = 1..=100;
/// A route longer than this is not a route the calculator found (Europe fits well inside it).
const MAX_DISTANCE_KM: f64 = 10_000.0;

// ---------------------------------------------------------------------------------------------
// The request, as the calculator sends it (web/src/lib/api.ts PriceRequest).

/// POST /api/calculate-price's body (spec §3 'Price request'). The quote request's `moveDetails`
/// reads into it too (its `elevator` is a boolean, this one's 1/0: both are accepted).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceRequest {
    pub origin: PriceAddress,
    pub destination: PriceAddress,
    #[serde(default)]
    pub objects: Vec<RequestedObject>,
    #[serde(default)]
    pub services: PriceServices,
    #[serde(default)]
    pub schedule: PriceSchedule,
    /// As the client's route call gave them; the server uses its own route (`ResolvedRoute`).
    #[serde(default)]
    pub distance: Option<f64>,
    #[serde(default)]
    pub duration: Option<f64>,
    #[serde(default)]
    pub instructions: Option<String>,
    /// 'esential', 'advanced', 'premium', or null.
    #[serde(default)]
    #[schemars(extend("enum" = crate::options::or_null(crate::quotes::OFFER_PACKS)))]
    pub offer_pack: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceAddress {
    pub address: String,
    pub property_type: String,
    /// Empty reads as 'normal'.
    #[serde(default)]
    pub access: String,
    /// Empty reads as 'ground'.
    #[serde(default)]
    pub floor: String,
    /// 1/0 (price request) or true/false (quote request).
    #[serde(default, deserialize_with = "flag")]
    #[schemars(with = "FlagSchema")]
    pub elevator: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RequestedObject {
    pub id: String,
    pub quantity: u32,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PriceServices {
    pub dismount: bool,
    pub dismount_quantity: u32,
    pub packaging: bool,
    pub packaging_quantity: u32,
    pub best_packaging: bool,
    pub cleaning: bool,
    pub fragile: bool,
    pub long_stairs: bool,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PriceSchedule {
    /// YYYY-MM-DD; empty or absent while not chosen yet.
    pub preferred_date: Option<String>,
    pub alternative_date: Option<String>,
    pub flexible_dates: bool,
    /// morning, afternoon, evening, flexible; 'normal' or empty is the plain day (§3).
    #[schemars(extend("enum" = crate::options::or_null(crate::options::time_slot_values())))]
    pub time_preference: Option<String>,
}

/// How a yes/no flag that arrives as true/false or 1/0 (`elevator`) is described: either.
pub struct FlagSchema;

impl schemars::JsonSchema for FlagSchema {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Flag".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"anyOf": [{"type": "boolean"}, {"type": "integer", "enum": [0, 1]}]})
    }
}

fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Flag {
        Bool(bool),
        Number(i64),
    }
    match Flag::deserialize(d)? {
        Flag::Bool(b) => Ok(b),
        Flag::Number(0) => Ok(false),
        Flag::Number(1) => Ok(true),
        Flag::Number(n) => Err(serde::de::Error::custom(format!(
            "elevator must be 1 or 0, not {n}"
        ))),
    }
}

/// The route as the server resolved it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ResolvedRoute {
    pub distance_km: f64,
    pub duration_min: f64,
    /// Both addresses inside the M-30 ring: offer packs are available.
    pub inside_m30: bool,
}

/// What the estimate needs to know of a catalogue object.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectVolume {
    pub nombre: String,
    /// m³ of one unit.
    pub volumen_m3: f64,
}

// ---------------------------------------------------------------------------------------------
// The result.

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OfferPack {
    Esential,
    Advanced,
    Premium,
}

impl OfferPack {
    pub fn parse(value: &str) -> Option<OfferPack> {
        match value {
            "esential" => Some(OfferPack::Esential),
            "advanced" => Some(OfferPack::Advanced),
            "premium" => Some(OfferPack::Premium),
            _ => None,
        }
    }

    /// The name the customer reads.
    pub fn label(self) -> &'static str {
        match self {
            OfferPack::Esential => "Esencial",
            OfferPack::Advanced => "Avanzado",
            OfferPack::Premium => "Premium",
        }
    }
}

/// One line of the itemised price, before VAT.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Line {
    pub concepto: String,
    pub importe_cents: i64,
}

/// One requested object as priced.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PricedObject {
    pub id: String,
    pub nombre: String,
    pub quantity: u32,
    /// m³ of the line (unit volume × quantity), to the litre.
    pub volumen_m3: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Estimate {
    /// Before VAT; they add up to `subtotal_cents`.
    pub lines: Vec<Line>,
    pub subtotal_cents: i64,
    /// 21 % of the subtotal.
    pub iva_cents: i64,
    /// Subtotal + VAT.
    pub total_cents: i64,
    /// §9: what the calculator shows, 80 % of the total.
    pub shown_cents: i64,
    /// §9: what a quote request records, 95 % of the total.
    pub quote_cents: i64,
    pub objects: Vec<PricedObject>,
    /// The objects' volume, to 0.01 m³.
    pub volume_m3: f64,
    pub offer_pack: Option<OfferPack>,
    /// The preferred date is less than `urgent_within_days` ahead.
    pub urgent: bool,
}

// ---------------------------------------------------------------------------------------------
// The tariffs (command/tarifas.toml).

/// The tariffs in cents, hundredths of m³ and tenths of km.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tariffs {
    pub volume_cents_per_m3: i64,
    pub minimum_centi_m3: i64,
    pub flat_km: i64,
    pub flat_cents: i64,
    pub cents_per_km: i64,
    pub floor_cents: i64,
    pub access: AccessTariffs,
    pub dismount_cents: i64,
    pub packaging_cents: i64,
    pub best_packaging_cents_per_m3: i64,
    pub best_packaging_minimum_cents: i64,
    pub cleaning_cents: i64,
    pub fragile_cents: i64,
    pub long_stairs_cents: i64,
    pub evening_cents: i64,
    pub urgent_within_days: u64,
    pub urgent_surcharge_percent: i64,
    pub flexible_time_discount_percent: i64,
    pub flexible_dates_discount_percent: i64,
    pub esential: PackTariff,
    pub advanced: PackTariff,
    pub premium: PackTariff,
    pub shown_percent: i64,
    pub quote_percent: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AccessTariffs {
    pub normal: i64,
    pub little_access: i64,
    pub cant_park: i64,
    pub disabled_access: i64,
    pub pedestrian_zone: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackTariff {
    pub cents: i64,
    pub centi_m3: i64,
}

/// The file, as written.
mod file {
    use serde::Deserialize;

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Tariffs {
        pub volume: Volume,
        pub distance: Distance,
        pub floors: Floors,
        pub access: Access,
        pub services: Services,
        pub time: Time,
        pub packs: Packs,
        pub display: Display,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Volume {
        pub euros_per_m3: f64,
        pub minimum_m3: f64,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Distance {
        pub flat_km: u32,
        pub flat_euros: f64,
        pub euros_per_km: f64,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Floors {
        pub euros_per_floor: f64,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Access {
        pub normal: f64,
        pub little_access: f64,
        pub cant_park: f64,
        pub disabled_access: f64,
        pub pedestrian_zone: f64,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Services {
        pub dismount_euros_per_unit: f64,
        pub packaging_euros_per_unit: f64,
        pub best_packaging_euros_per_m3: f64,
        pub best_packaging_minimum_euros: f64,
        pub cleaning_euros: f64,
        pub fragile_euros: f64,
        pub long_stairs_euros: f64,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Time {
        pub evening_euros: f64,
        pub urgent_within_days: u32,
        pub urgent_surcharge_percent: u32,
        pub flexible_time_discount_percent: u32,
        pub flexible_dates_discount_percent: u32,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Packs {
        pub esential: Pack,
        pub advanced: Pack,
        pub premium: Pack,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Pack {
        pub euros: f64,
        pub volume_m3: f64,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Display {
        pub shown_percent: u32,
        pub quote_percent: u32,
    }
}

static STANDARD: LazyLock<Tariffs> = LazyLock::new(|| {
    Tariffs::from_toml(include_str!("../tarifas.toml"))
        // Compiled in and read by the tests (`the_tariff_file_reads`): never fails in a build
        // whose tests passed.
        .unwrap_or_else(|e| panic!("command/tarifas.toml: {e}"))
});

impl Tariffs {
    /// The tariffs of `command/tarifas.toml`.
    pub fn standard() -> &'static Tariffs {
        &STANDARD
    }

    pub fn from_toml(text: &str) -> Result<Tariffs, String> {
        let t: file::Tariffs = toml::from_str(text).map_err(|e| e.to_string())?;
        let money =
            |name: &str, euros: f64| cents(euros).map_err(|e| format!("{name}: {e} ({euros})"));
        let hundredths = |name: &str, v: f64| {
            let scaled = v * 100.0;
            if !v.is_finite() || v < 0.0 || (scaled - scaled.round()).abs() > 1e-6 {
                return Err(format!("{name}: a volume in steps of 0.01 m³ ({v})"));
            }
            Ok(scaled.round() as i64)
        };
        let percent = |name: &str, p: u32| {
            if p > 100 {
                return Err(format!("{name}: a percentage up to 100 ({p})"));
            }
            Ok(i64::from(p))
        };
        let pack = |name: &str, p: &file::Pack| -> Result<PackTariff, String> {
            Ok(PackTariff {
                cents: money(name, p.euros)?,
                centi_m3: hundredths(name, p.volume_m3)?,
            })
        };
        Ok(Tariffs {
            volume_cents_per_m3: money("volume.euros_per_m3", t.volume.euros_per_m3)?,
            minimum_centi_m3: hundredths("volume.minimum_m3", t.volume.minimum_m3)?,
            flat_km: i64::from(t.distance.flat_km),
            flat_cents: money("distance.flat_euros", t.distance.flat_euros)?,
            cents_per_km: money("distance.euros_per_km", t.distance.euros_per_km)?,
            floor_cents: money("floors.euros_per_floor", t.floors.euros_per_floor)?,
            access: AccessTariffs {
                normal: money("access.normal", t.access.normal)?,
                little_access: money("access.little_access", t.access.little_access)?,
                cant_park: money("access.cant_park", t.access.cant_park)?,
                disabled_access: money("access.disabled_access", t.access.disabled_access)?,
                pedestrian_zone: money("access.pedestrian_zone", t.access.pedestrian_zone)?,
            },
            dismount_cents: money("services.dismount", t.services.dismount_euros_per_unit)?,
            packaging_cents: money("services.packaging", t.services.packaging_euros_per_unit)?,
            best_packaging_cents_per_m3: money(
                "services.best_packaging_euros_per_m3",
                t.services.best_packaging_euros_per_m3,
            )?,
            best_packaging_minimum_cents: money(
                "services.best_packaging_minimum_euros",
                t.services.best_packaging_minimum_euros,
            )?,
            cleaning_cents: money("services.cleaning_euros", t.services.cleaning_euros)?,
            fragile_cents: money("services.fragile_euros", t.services.fragile_euros)?,
            long_stairs_cents: money("services.long_stairs_euros", t.services.long_stairs_euros)?,
            evening_cents: money("time.evening_euros", t.time.evening_euros)?,
            urgent_within_days: u64::from(t.time.urgent_within_days),
            urgent_surcharge_percent: percent(
                "time.urgent_surcharge_percent",
                t.time.urgent_surcharge_percent,
            )?,
            flexible_time_discount_percent: percent(
                "time.flexible_time_discount_percent",
                t.time.flexible_time_discount_percent,
            )?,
            flexible_dates_discount_percent: percent(
                "time.flexible_dates_discount_percent",
                t.time.flexible_dates_discount_percent,
            )?,
            esential: pack("packs.esential", &t.packs.esential)?,
            advanced: pack("packs.advanced", &t.packs.advanced)?,
            premium: pack("packs.premium", &t.packs.premium)?,
            shown_percent: percent("display.shown_percent", t.display.shown_percent)?,
            quote_percent: percent("display.quote_percent", t.display.quote_percent)?,
        })
    }

    pub fn pack(&self, pack: OfferPack) -> PackTariff {
        match pack {
            OfferPack::Esential => self.esential,
            OfferPack::Advanced => self.advanced,
            OfferPack::Premium => self.premium,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The address rules (§3 enumerations, §4 floor/elevator rules).

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    Normal,
    Little,
    CantPark,
    Disabled,
    Pedestrian,
}

impl Access {
    /// The one list of `crate::options`, either spelling; empty reads as normal.
    fn parse(value: &str) -> Result<Access, DomainError> {
        let listed = if value.is_empty() {
            "normal"
        } else {
            crate::options::access(value).ok_or_else(|| invalid(ACCESS))?
        };
        Ok(match listed {
            "normal" => Access::Normal,
            "little_access" => Access::Little,
            "cant_park" => Access::CantPark,
            "disabled_access" => Access::Disabled,
            "pedestrian_zone" => Access::Pedestrian,
            _ => return Err(invalid(ACCESS)),
        })
    }

    fn cents(self, t: &AccessTariffs) -> i64 {
        match self {
            Access::Normal => t.normal,
            Access::Little => t.little_access,
            Access::CantPark => t.cant_park,
            Access::Disabled => t.disabled_access,
            Access::Pedestrian => t.pedestrian_zone,
        }
    }

    /// Its label in `crate::options`, within a line ('Origen: acceso reducido').
    fn label(self) -> String {
        let value = match self {
            Access::Normal => "normal",
            Access::Little => "little_access",
            Access::CantPark => "cant_park",
            Access::Disabled => "disabled_access",
            Access::Pedestrian => "pedestrian_zone",
        };
        lowercase_first(&crate::options::access_label(value))
    }
}

/// 'Acceso reducido' → 'acceso reducido'.
fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_lowercase().chain(chars).collect()
    })
}

/// The property types of `crate::options` (either spelling of §3) and whether each has floors.
fn property_has_floors(value: &str) -> Result<bool, DomainError> {
    crate::options::property_type(value)
        .map(|p| p.plantas)
        .ok_or_else(|| invalid(PROPERTY_TYPE))
}

fn floor_number(value: &str) -> Result<i64, DomainError> {
    if value.is_empty() {
        return Ok(0);
    }
    crate::options::floor_number(value)
        .map(|n| n as i64)
        .ok_or_else(|| invalid(FLOOR))
}

/// §4: floors carried by hand, only for an apartment, studio or shared floor above ground without
/// elevator.
fn floors_without_lift(a: &PriceAddress) -> Result<i64, DomainError> {
    let has_floors = property_has_floors(&a.property_type)?;
    let floor = floor_number(&a.floor)?;
    Ok(if has_floors && !a.elevator { floor } else { 0 })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TimeSlot {
    Plain,
    Evening,
    Flexible,
}

fn time_slot(value: Option<&str>) -> Result<TimeSlot, DomainError> {
    Ok(match value.unwrap_or("") {
        "" | "normal" => TimeSlot::Plain,
        "evening" => TimeSlot::Evening,
        "flexible" => TimeSlot::Flexible,
        v if crate::options::is_time_slot(v) => TimeSlot::Plain,
        _ => return Err(invalid(TIME_SLOT)),
    })
}

fn date(value: Option<&str>) -> Result<Option<NaiveDate>, DomainError> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => NaiveDate::parse_from_str(v, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| invalid(DATE)),
    }
}

fn invalid(message: &str) -> DomainError {
    DomainError::Invalid(message.to_string())
}

// ---------------------------------------------------------------------------------------------
// Arithmetic and Spanish number formatting.

/// a × b / d rounded half up, for non-negative a and b.
fn mul_div(a: i64, b: i64, d: i64) -> i64 {
    (a * b + d / 2) / d
}

/// `value` with `decimals` implied decimals, as es-ES writes it: decimal comma, and a dot between
/// thousands only from 10 000 (as `Intl.NumberFormat('es-ES')` does).
pub fn number(value: i64, decimals: u32) -> String {
    let scale = 10_i64.pow(decimals);
    let sign = if value < 0 { "-" } else { "" };
    let v = value.abs();
    let whole = (v / scale).to_string();
    let grouped = if whole.len() >= 5 {
        let mut out = String::new();
        for (i, c) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i).is_multiple_of(3) {
                out.push('.');
            }
            out.push(c);
        }
        out
    } else {
        whole
    };
    if decimals == 0 {
        format!("{sign}{grouped}")
    } else {
        format!(
            "{sign}{grouped},{:0width$}",
            v % scale,
            width = decimals as usize
        )
    }
}

pub fn euros(cents: i64) -> String {
    format!("{} €", number(cents, 2))
}

fn plural(n: i64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// m³ to the litre, as the catalogue gives it.
fn litres(m3: f64) -> i64 {
    if m3.is_finite() && m3 > 0.0 {
        (m3 * 1000.0).round() as i64
    } else {
        0
    }
}

// ---------------------------------------------------------------------------------------------
// The estimate.

/// The estimate with the tariffs of `command/tarifas.toml`.
pub fn estimate(
    request: &PriceRequest,
    route: &ResolvedRoute,
    lookup: impl Fn(&str) -> Option<ObjectVolume>,
    today: NaiveDate,
) -> Result<Estimate, DomainError> {
    estimate_with(Tariffs::standard(), request, route, lookup, today)
}

pub fn estimate_with(
    t: &Tariffs,
    request: &PriceRequest,
    route: &ResolvedRoute,
    lookup: impl Fn(&str) -> Option<ObjectVolume>,
    today: NaiveDate,
) -> Result<Estimate, DomainError> {
    let asked = check(request, route, lookup, today)?;
    let mut lines = Lines::default();
    // The transport (volume or pack, and distance) is what urgency and the discounts apply to.
    let centi_m3 = (asked.total_litres + 5) / 10;
    let (volume_cents, billed_centi_m3) =
        volume_lines(t, asked.pack, centi_m3, asked.count, &mut lines);
    let transport = volume_cents + distance_line(t, route, asked.pack, &mut lines);
    site_lines(t, &asked, &mut lines);
    service_lines(t, &request.services, billed_centi_m3, &mut lines);
    let urgent = asked.preferred.is_some_and(|d| {
        today
            .checked_add_days(Days::new(t.urgent_within_days))
            .is_some_and(|limit| d < limit)
    });
    time_lines(t, request, &asked, urgent, transport, &mut lines);

    let lines = lines.0;
    let subtotal_cents: i64 = lines.iter().map(|l| l.importe_cents).sum();
    let vat_cents = mul_div(subtotal_cents, VAT_PERCENT, 100);
    let total_cents = subtotal_cents + vat_cents;
    Ok(Estimate {
        lines,
        subtotal_cents,
        iva_cents: vat_cents,
        total_cents,
        shown_cents: mul_div(total_cents, t.shown_percent, 100),
        quote_cents: mul_div(total_cents, t.quote_percent, 100),
        objects: asked.objects,
        volume_m3: centi_m3 as f64 / 100.0,
        offer_pack: asked.pack,
        urgent,
    })
}

/// A request that passed every check, with what the lines are priced from.
struct Asked {
    origin_floors: i64,
    destination_floors: i64,
    origin_access: Access,
    destination_access: Access,
    objects: Vec<PricedObject>,
    total_litres: i64,
    count: i64,
    pack: Option<OfferPack>,
    slot: TimeSlot,
    preferred: Option<NaiveDate>,
}

/// The request's checks, in the order the calculator's slides ask.
fn check(
    request: &PriceRequest,
    route: &ResolvedRoute,
    lookup: impl Fn(&str) -> Option<ObjectVolume>,
    today: NaiveDate,
) -> Result<Asked, DomainError> {
    if [&request.origin, &request.destination]
        .iter()
        .any(|a| a.address.trim().chars().count() <= 5)
    {
        return Err(invalid(ADDRESSES_REQUIRED));
    }
    if !(route.distance_km.is_finite() && (0.0..=MAX_DISTANCE_KM).contains(&route.distance_km)) {
        return Err(invalid(NO_DISTANCE));
    }
    let origin_floors = floors_without_lift(&request.origin)?;
    let destination_floors = floors_without_lift(&request.destination)?;
    let origin_access = Access::parse(&request.origin.access)?;
    let destination_access = Access::parse(&request.destination.access)?;

    let mut objects = Vec::with_capacity(request.objects.len());
    let mut total_litres = 0_i64;
    let mut count = 0_i64;
    for o in &request.objects {
        if !OBJECT_QUANTITY_RANGE.contains(&o.quantity) {
            return Err(invalid(OBJECT_QUANTITY));
        }
        let found = lookup(&o.id).ok_or_else(|| DomainError::Invalid(unknown_object(&o.id)))?;
        let line_litres = litres(found.volumen_m3) * i64::from(o.quantity);
        total_litres += line_litres;
        count += i64::from(o.quantity);
        objects.push(PricedObject {
            id: o.id.clone(),
            nombre: found.nombre,
            quantity: o.quantity,
            volumen_m3: line_litres as f64 / 1000.0,
        });
    }
    let pack = match request.offer_pack.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(p) => Some(OfferPack::parse(p).ok_or_else(|| invalid(UNKNOWN_PACK))?),
    };
    if objects.is_empty() && pack.is_none() {
        return Err(invalid(NOTHING_SELECTED));
    }
    if pack.is_some() && !route.inside_m30 {
        return Err(invalid(PACK_OUTSIDE_M30));
    }
    let s = &request.services;
    if s.dismount && !SERVICE_QUANTITY.contains(&s.dismount_quantity) {
        return Err(invalid(DISMOUNT_QUANTITY));
    }
    if s.packaging && !SERVICE_QUANTITY.contains(&s.packaging_quantity) {
        return Err(invalid(PACKAGING_QUANTITY));
    }
    let slot = time_slot(request.schedule.time_preference.as_deref())?;
    let preferred = date(request.schedule.preferred_date.as_deref())?;
    let alternative = date(request.schedule.alternative_date.as_deref())?;
    if preferred.is_some_and(|d| d < today) {
        return Err(invalid(PREFERRED_DATE_PAST));
    }
    if alternative.is_some_and(|d| d < today) {
        return Err(invalid(ALTERNATIVE_DATE_PAST));
    }
    Ok(Asked {
        origin_floors,
        destination_floors,
        origin_access,
        destination_access,
        objects,
        total_litres,
        count,
        pack,
        slot,
        preferred,
    })
}

/// The estimate's lines as they are priced, in order.
#[derive(Default)]
struct Lines(Vec<Line>);

impl Lines {
    fn push(&mut self, concept: String, amount_cents: i64) {
        self.0.push(Line {
            concepto: concept,
            importe_cents: amount_cents,
        })
    }
}

/// Step 1, volume, or the pack and what does not fit in it: (its amount, the m³ billed, in cents of m³).
fn volume_lines(
    t: &Tariffs,
    pack: Option<OfferPack>,
    centi_m3: i64,
    count: i64,
    lines: &mut Lines,
) -> (i64, i64) {
    let rate = t.volume_cents_per_m3;
    match pack {
        None => {
            let billed_centi_m3 = centi_m3.max(t.minimum_centi_m3);
            let amount = mul_div(billed_centi_m3, rate, 100);
            let objects_text = plural(count, "objeto", "objetos");
            let concept = if centi_m3 < t.minimum_centi_m3 {
                format!(
                    "Volumen: {objects_text}, {} m³ (mínimo {} m³) × {}/m³",
                    number(centi_m3, 2),
                    number(t.minimum_centi_m3, 2),
                    euros(rate)
                )
            } else {
                format!(
                    "Volumen: {objects_text}, {} m³ × {}/m³",
                    number(centi_m3, 2),
                    euros(rate)
                )
            };
            lines.push(concept, amount);
            (amount, billed_centi_m3)
        }
        Some(p) => {
            let tariff = t.pack(p);
            lines.push(
                format!(
                    "Pack {} (hasta {} m³ y transporte dentro de la M-30)",
                    p.label(),
                    number(tariff.centi_m3, 2)
                ),
                tariff.cents,
            );
            let mut amount = tariff.cents;
            let beyond = centi_m3 - tariff.centi_m3;
            if beyond > 0 {
                let extra = mul_div(beyond, rate, 100);
                lines.push(
                    format!(
                        "Volumen fuera del pack: {} m³ × {}/m³",
                        number(beyond, 2),
                        euros(rate)
                    ),
                    extra,
                );
                amount += extra;
            }
            (amount, centi_m3.max(tariff.centi_m3))
        }
    }
}

/// Step 2, distance: flat up to `flat_km`, then per km; included in a pack. Answers its amount.
fn distance_line(
    t: &Tariffs,
    route: &ResolvedRoute,
    pack: Option<OfferPack>,
    lines: &mut Lines,
) -> i64 {
    let tenths_km = (route.distance_km * 10.0).round() as i64;
    let km = number(tenths_km, 1);
    if pack.is_some() {
        lines.push(format!("Distancia: {km} km (incluida en el pack)"), 0);
        return 0;
    }
    if tenths_km <= t.flat_km * 10 {
        lines.push(
            format!("Distancia: {km} km (tarifa fija hasta {} km)", t.flat_km),
            t.flat_cents,
        );
        return t.flat_cents;
    }
    let beyond = tenths_km - t.flat_km * 10;
    let amount = t.flat_cents + mul_div(beyond, t.cents_per_km, 10);
    lines.push(
        format!(
            "Distancia: {km} km ({} hasta {} km + {} km × {}/km)",
            euros(t.flat_cents),
            t.flat_km,
            number(beyond, 1),
            euros(t.cents_per_km)
        ),
        amount,
    );
    amount
}

/// Steps 3 and 4, floors without a lift and access, at each end.
fn site_lines(t: &Tariffs, asked: &Asked, lines: &mut Lines) {
    for (side, floors) in [
        ("Origen", asked.origin_floors),
        ("Destino", asked.destination_floors),
    ] {
        if floors > 0 {
            lines.push(
                format!(
                    "{side}: {} sin ascensor × {}/planta",
                    plural(floors, "planta", "plantas"),
                    euros(t.floor_cents)
                ),
                floors * t.floor_cents,
            );
        }
    }
    for (side, access) in [
        ("Origen", asked.origin_access),
        ("Destino", asked.destination_access),
    ] {
        let amount = access.cents(&t.access);
        if amount > 0 {
            lines.push(format!("{side}: {}", access.label()), amount);
        }
    }
}

/// Step 5, services.
fn service_lines(t: &Tariffs, s: &PriceServices, billed_centi_m3: i64, lines: &mut Lines) {
    if s.dismount {
        let n = i64::from(s.dismount_quantity);
        lines.push(
            format!(
                "Desmontaje y montaje: {} × {}",
                plural(n, "mueble", "muebles"),
                euros(t.dismount_cents)
            ),
            n * t.dismount_cents,
        );
    }
    if s.packaging {
        let n = i64::from(s.packaging_quantity);
        lines.push(
            format!(
                "Embalaje: {} × {}",
                plural(n, "objeto", "objetos"),
                euros(t.packaging_cents)
            ),
            n * t.packaging_cents,
        );
    }
    if s.best_packaging {
        let by_volume = mul_div(billed_centi_m3, t.best_packaging_cents_per_m3, 100);
        let (concept, amount) = if by_volume < t.best_packaging_minimum_cents {
            (
                format!(
                    "Embalaje profesional: {} m³ × {}/m³ (mínimo {})",
                    number(billed_centi_m3, 2),
                    euros(t.best_packaging_cents_per_m3),
                    euros(t.best_packaging_minimum_cents)
                ),
                t.best_packaging_minimum_cents,
            )
        } else {
            (
                format!(
                    "Embalaje profesional: {} m³ × {}/m³",
                    number(billed_centi_m3, 2),
                    euros(t.best_packaging_cents_per_m3)
                ),
                by_volume,
            )
        };
        lines.push(concept, amount);
    }
    if s.cleaning {
        lines.push("Limpieza tras la mudanza".into(), t.cleaning_cents);
    }
    if s.fragile {
        lines.push("Manipulación de objetos frágiles".into(), t.fragile_cents);
    }
    if s.long_stairs {
        lines.push(
            "Escaleras largas (4 o más pisos)".into(),
            t.long_stairs_cents,
        );
    }
}

/// Step 6, time: the evening slot, urgency, and the flexible discounts (not on a pack), the last two
/// as a share of the transport.
fn time_lines(
    t: &Tariffs,
    request: &PriceRequest,
    asked: &Asked,
    urgent: bool,
    transport: i64,
    lines: &mut Lines,
) {
    if asked.slot == TimeSlot::Evening && t.evening_cents > 0 {
        let evening = crate::options::time_slot("evening");
        let (name, from, until) = evening
            .map(|s| (s.nombre.as_deref(), s.desde.as_deref(), s.hasta.as_deref()))
            .unwrap_or_default();
        lines.push(
            format!(
                "Franja de {} ({}-{})",
                name.unwrap_or("tarde-noche"),
                from.unwrap_or_default(),
                until.unwrap_or_default()
            ),
            t.evening_cents,
        );
    }
    let percent_of = |p: i64| mul_div(transport, p, 100);
    if urgent && t.urgent_surcharge_percent > 0 {
        lines.push(
            format!(
                "Urgencia (menos de {} h): {} % de {}",
                t.urgent_within_days * 24,
                t.urgent_surcharge_percent,
                euros(transport)
            ),
            percent_of(t.urgent_surcharge_percent),
        );
    }
    if asked.pack.is_some() {
        return;
    }
    if asked.slot == TimeSlot::Flexible && t.flexible_time_discount_percent > 0 {
        lines.push(
            format!(
                "Descuento por horario flexible: {} % de {}",
                t.flexible_time_discount_percent,
                euros(transport)
            ),
            -percent_of(t.flexible_time_discount_percent),
        );
    }
    if request.schedule.flexible_dates && t.flexible_dates_discount_percent > 0 {
        lines.push(
            format!(
                "Descuento por fechas flexibles: {} % de {}",
                t.flexible_dates_discount_percent,
                euros(transport)
            ),
            -percent_of(t.flexible_dates_discount_percent),
        );
    }
}

#[cfg(test)]
mod tests;
