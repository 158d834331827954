//! The M-30 ring road around central Madrid, for the offer packs (spec §9: both addresses
//! inside the M-30).
//!
//! How the outline was made: traced by hand for this project, clockwise from the Nudo Norte, by
//! placing a vertex at each of the ring's main junctions and bridges (named beside each) at
//! its position on the road maps of Madrid, and joining them with straight lines. It is not a
//! survey: near the road itself expect errors of up to a few hundred metres, so an address on
//! the ring's own edge may fall on either side. The land it encloses is the "almendra central":
//! the districts Centro, Arganzuela, Retiro, Salamanca, Chamartín, Tetuán and Chamberí (the
//! tests check their centres inside and the other districts' outside).

/// (lat, lon) in degrees, WGS84; the last vertex joins the first.
pub const M30_OUTLINE: &[(f64, f64)] = &[
    (40.4825, -3.6905), // Nudo Norte (Castellana, M-607)
    (40.4790, -3.6815), // Avenida de Burgos
    (40.4735, -3.6755), // Nudo de Pío XII
    (40.4660, -3.6700), // Costa Rica
    (40.4570, -3.6640), // Arturo Soria
    (40.4480, -3.6600), // Avenida de Ramón y Cajal
    (40.4390, -3.6580), // Avenida de América
    (40.4320, -3.6595), // Las Ventas
    (40.4225, -3.6615), // O'Donnell
    (40.4130, -3.6650), // Avenida del Mediterráneo
    (40.4060, -3.6690), // Conde de Casal
    (40.3990, -3.6730), // Pacífico
    (40.3915, -3.6775), // Méndez Álvaro
    (40.3865, -3.6870), // Nudo Sur
    (40.3895, -3.6960), // Legazpi, Puente de la Princesa
    (40.3945, -3.7035), // Puente de Praga
    (40.4000, -3.7130), // Puente de Toledo
    (40.4025, -3.7195), // Vicente Calderón
    (40.4145, -3.7215), // Puente de Segovia
    (40.4225, -3.7240), // Puente del Rey, Príncipe Pío
    (40.4340, -3.7290), // Puente de los Franceses
    (40.4455, -3.7390), // Ciudad Universitaria
    (40.4560, -3.7460), // Nudo de Puerta de Hierro
    (40.4650, -3.7380), // Avenida de la Ilustración
    (40.4720, -3.7270), // Avenida de la Ilustración, Peñagrande
    (40.4770, -3.7170), // Avenida de la Ilustración, Barrio del Pilar
    (40.4800, -3.7060), // Avenida de la Ilustración, La Vaguada
    (40.4820, -3.6980), // Avenida de la Ilustración, Ventisquero de la Condesa
];

/// Whether a point is inside the ring (even-odd rule; the outline is small enough to treat
/// degrees as plane coordinates).
pub fn inside_m30(lat: f64, lon: f64) -> bool {
    point_in_polygon(M30_OUTLINE, lat, lon)
}

fn point_in_polygon(polygon: &[(f64, f64)], lat: f64, lon: f64) -> bool {
    if !lat.is_finite() || !lon.is_finite() || polygon.len() < 3 {
        return false;
    }
    let mut inside = false;
    let mut previous = polygon[polygon.len() - 1];
    for &current in polygon {
        let ((lat_a, lon_a), (lat_b, lon_b)) = (previous, current);
        if (lat_a > lat) != (lat_b > lat) {
            let crossing = lon_a + (lat - lat_a) * (lon_b - lon_a) / (lat_b - lat_a);
            if lon < crossing {
                inside = !inside;
            }
        }
        previous = current;
    }
    inside
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn central_madrid_is_inside() {
        assert!(inside_m30(40.41692, -3.70358), "Puerta del Sol");
        assert!(inside_m30(40.41528, -3.68450), "Parque del Retiro");
        assert!(inside_m30(40.42406, -3.71222), "Plaza de España");
        assert!(inside_m30(40.46676, -3.68889), "Plaza de Castilla");
        assert!(inside_m30(40.40653, -3.68933), "Atocha");
        assert!(inside_m30(40.42110, -3.72030), "Príncipe Pío");
    }

    #[test]
    fn outside_the_ring_is_outside() {
        assert!(!inside_m30(40.47193, -3.56264), "Aeropuerto de Barajas");
        assert!(!inside_m30(40.30571, -3.73295), "Getafe");
        assert!(!inside_m30(40.54746, -3.64197), "Alcobendas");
        assert!(!inside_m30(40.41970, -3.74980), "Casa de Campo");
        assert!(!inside_m30(40.39094, -3.72420), "Carabanchel");
        assert!(!inside_m30(40.4165, -3.60000), "Vicálvaro");
        assert!(!inside_m30(41.38879, 2.15899), "Barcelona");
    }

    #[test]
    fn nonsense_coordinates_are_outside() {
        assert!(!inside_m30(f64::NAN, -3.7));
        assert!(!inside_m30(40.4, f64::INFINITY));
        assert!(!point_in_polygon(&[(0.0, 0.0), (1.0, 1.0)], 0.5, 0.5));
    }

    #[test]
    fn the_outline_is_a_simple_ring_around_sol() {
        // No two edges cross: a hand-made outline with a twist would put some of the centre
        // outside.
        let n = M30_OUTLINE.len();
        let edge = |i: usize| (M30_OUTLINE[i], M30_OUTLINE[(i + 1) % n]);
        let cross = |(a, b): ((f64, f64), (f64, f64)), (c, d): ((f64, f64), (f64, f64))| {
            let orient = |p: (f64, f64), q: (f64, f64), r: (f64, f64)| {
                (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0)
            };
            orient(a, b, c) * orient(a, b, d) < 0.0 && orient(c, d, a) * orient(c, d, b) < 0.0
        };
        for i in 0..n {
            for j in i + 2..n {
                if i == 0 && j == n - 1 {
                    continue;
                }
                assert!(!cross(edge(i), edge(j)), "edges {i} and {j} cross");
            }
        }
        // The road is 32.5 km long with its bends; the chords between its junctions, about 28.
        let length: f64 = (0..n)
            .map(|i| {
                let (a, b) = edge(i);
                super::super::estimate::great_circle_km(a, b)
            })
            .sum();
        assert!((26.0..33.0).contains(&length), "{length}");
        // It encloses the almendra central's seven districts (about 42 km²) and the part of
        // Moncloa inside the ring.
        let km_per_degree = 111.2;
        let shrink = 40.43_f64.to_radians().cos();
        let twice_area: f64 = (0..n)
            .map(|i| {
                let ((lat_a, lon_a), (lat_b, lon_b)) = edge(i);
                (lon_a * shrink * lat_b - lon_b * shrink * lat_a) * km_per_degree * km_per_degree
            })
            .sum();
        let area = twice_area.abs() / 2.0;
        assert!((42.0..60.0).contains(&area), "{area}");
    }
}
