//! The offline route estimate: great-circle distance × a road factor, and a driving time from
//! average speeds. Each constant says where its figure comes from.

/// Mean Earth radius (IUGG mean radius R₁ = 6,371.0088 km), for the haversine formula.
pub const EARTH_RADIUS_KM: f64 = 6371.0088;

/// Road distance ÷ straight-line distance between Spanish towns (the "circuity factor"; Ballou,
/// Rahman & Rahman, "Selected country circuity factors for road travel distance estimation",
/// Transportation Research Part A 36 (2002) 843–848, measured it country by country). For Spain
/// it is taken from the motorway distances between Madrid and other capitals, over the
/// straight-line distances between the gazetteer's town centres: Barcelona 621/504 km by the A-2
/// (1.23), Valencia 357/302 (1.18), Bilbao 395/323 (1.22), Zaragoza 314/274 (1.15), Sevilla
/// 531/390 (1.36); 1.23 on average. 1.22 keeps the most travelled long route, Madrid–Barcelona,
/// at its real 615–620 km. The test `the_road_factor_fits_the_motorway_distances` checks it.
pub const ROAD_FACTOR: f64 = 1.22;

/// The least distance a route is given: a move inside one town, whose two addresses the
/// gazetteer only knows as the town's centre. Madrid inside the M-30 is a disc of about 5 km
/// radius (the ring is 32.5 km long: r = 32.5 / 2π ≈ 5.2 km); two points spread evenly over a
/// disc are on average 0.905 r apart (128 r / 45π), 4.7 km, ≈ 5.7 km by road. 5 km is that
/// figure rounded down, so that a move across the street is not overcharged by much.
pub const URBAN_MIN_KM: f64 = 5.0;

/// Average speed of a removal van in town. Spanish towns limit most streets to 30 km/h and
/// the rest to 50 km/h (Real Decreto 970/2020, Reglamento General de Circulación art. 50);
/// traffic lights and junctions bring a van's average to about half the 50 km/h limit.
pub const URBAN_SPEED_KMH: f64 = 25.0;

/// Average speed of a removal lorry between towns: below the 90 km/h limit for lorries on
/// motorways and dual carriageways (Reglamento General de Circulación art. 48), for ring
/// roads, junctions and ordinary roads on the way.
pub const INTERURBAN_SPEED_KMH: f64 = 80.0;

/// The part of a route driven in town: leaving the origin and reaching the destination,
/// 5 km at each end (getting from a street to a ring road or motorway in Madrid takes that).
pub const URBAN_KM_PER_ROUTE: f64 = 10.0;

/// Great-circle distance between two points given as (lat, lon) in degrees (haversine).
pub fn great_circle_km(from: (f64, f64), to: (f64, f64)) -> f64 {
    let (lat1, lon1) = (from.0.to_radians(), from.1.to_radians());
    let (lat2, lon2) = (to.0.to_radians(), to.1.to_radians());
    let a = ((lat2 - lat1) / 2.0).sin().powi(2)
        + lat1.cos() * lat2.cos() * ((lon2 - lon1) / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_KM * a.sqrt().min(1.0).asin()
}

/// Road distance (km) between two points, with the in-town minimum.
pub fn road_km(from: (f64, f64), to: (f64, f64)) -> f64 {
    (great_circle_km(from, to) * ROAD_FACTOR).max(URBAN_MIN_KM)
}

/// Driving time (minutes) for a road distance: the in-town part at the urban speed, the rest
/// at the interurban one. No loading time: that depends on what is moved, and the price
/// engine counts it from the volume.
pub fn driving_minutes(road_km: f64) -> f64 {
    let urban = road_km.min(URBAN_KM_PER_ROUTE);
    let interurban = (road_km - urban).max(0.0);
    (urban / URBAN_SPEED_KMH + interurban / INTERURBAN_SPEED_KMH) * 60.0
}

/// km with one decimal, as the API gives it.
pub fn round_km(km: f64) -> f64 {
    (km * 10.0).round() / 10.0
}

/// Whole minutes, at least 1.
pub fn round_minutes(minutes: f64) -> u32 {
    minutes.round().clamp(1.0, u32::MAX as f64) as u32
}

/// "23,4 km", "1234,5 km", "12.345,6 km": Spanish decimal comma, and a thousands point from five
/// digits on (the RAE's rule, and what `Intl.NumberFormat('es-ES')` writes).
pub fn distance_text(km: f64) -> String {
    let tenths = (km * 10.0).round().max(0.0) as u64;
    let (whole, decimal) = (tenths / 10, tenths % 10);
    let digits = whole.to_string();
    let whole = if digits.len() >= 5 {
        let mut grouped = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                grouped.push('.');
            }
            grouped.push(c);
        }
        grouped
    } else {
        digits
    };
    format!("{whole},{decimal} km")
}

/// "35 min", "2 h", "2 h 10 min".
pub fn duration_text(minutes: u32) -> String {
    match (minutes / 60, minutes % 60) {
        (0, m) => format!("{m} min"),
        (h, 0) => format!("{h} h"),
        (h, m) => format!("{h} h {m} min"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MADRID: (f64, f64) = (40.4165, -3.70256);
    const BARCELONA: (f64, f64) = (41.38879, 2.15899);
    const GETAFE: (f64, f64) = (40.30571, -3.73295);

    #[test]
    fn great_circle_distances_match_known_figures() {
        // Madrid–Barcelona ≈ 505 km in a straight line.
        let d = great_circle_km(MADRID, BARCELONA);
        assert!((500.0..510.0).contains(&d), "{d}");
        assert_eq!(great_circle_km(MADRID, MADRID), 0.0);
        // A quarter of a meridian: 10,007.5 km for the mean radius.
        let quarter = great_circle_km((0.0, 0.0), (90.0, 0.0));
        assert!((quarter - 10007.5).abs() < 1.0, "{quarter}");
        // Antipodes do not overflow asin.
        let half = great_circle_km((0.0, 0.0), (0.0, 180.0));
        assert!((half - 20015.1).abs() < 1.0, "{half}");
    }

    #[test]
    fn madrid_to_barcelona_is_about_the_motorway_distance() {
        let km = road_km(MADRID, BARCELONA);
        assert!((600.0..620.0).contains(&km), "{km}");
        let minutes = driving_minutes(km);
        // A lorry needs between 7 and 8 hours.
        assert!((420.0..480.0).contains(&minutes), "{minutes}");
    }

    #[test]
    fn madrid_to_getafe_is_a_short_suburban_drive() {
        let km = road_km(MADRID, GETAFE);
        // 12.6 km in a straight line; 15–17 km by the A-42.
        assert!((14.0..17.0).contains(&km), "{km}");
        let minutes = driving_minutes(km);
        assert!((20.0..35.0).contains(&minutes), "{minutes}");
    }

    #[test]
    fn a_move_inside_one_town_gets_the_urban_minimum() {
        assert_eq!(road_km(MADRID, MADRID), URBAN_MIN_KM);
        assert_eq!(road_km(MADRID, (40.4170, -3.7030)), URBAN_MIN_KM);
        assert_eq!(round_minutes(driving_minutes(URBAN_MIN_KM)), 12);
    }

    #[test]
    fn figures_are_rounded_and_written_the_spanish_way() {
        assert_eq!(round_km(23.449), 23.4);
        assert_eq!(round_km(23.45), 23.5);
        assert_eq!(round_minutes(0.2), 1);
        assert_eq!(round_minutes(34.6), 35);
        assert_eq!(distance_text(23.4), "23,4 km");
        assert_eq!(distance_text(5.0), "5,0 km");
        assert_eq!(distance_text(1234.5), "1234,5 km");
        assert_eq!(distance_text(12345.6), "12.345,6 km");
        assert_eq!(distance_text(1234567.0), "1.234.567,0 km");
        assert_eq!(duration_text(35), "35 min");
        assert_eq!(duration_text(60), "1 h");
        assert_eq!(duration_text(130), "2 h 10 min");
    }
}
