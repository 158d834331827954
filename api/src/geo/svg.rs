//! The route's picture for the calculator: the two places on a plain projected frame, joined by a
//! line, with their names and the figures. Drawn here, so nothing is fetched from a map service.

use base64::Engine;

use super::place::Route;

impl Route {
    /// The drawing of the route, as a `data:image/svg+xml;base64,…` URL.
    pub fn image(&self) -> String {
        data_url(self)
    }
}

const WIDTH: f64 = 480.0;
const HEIGHT: f64 = 280.0;
/// Room around the points for their labels, and below them for the figures.
const MARGIN_X: f64 = 90.0;
const MARGIN_TOP: f64 = 50.0;
const MARGIN_BOTTOM: f64 = 85.0;
/// The least span drawn, in km, so that two places a street apart are not drawn miles apart.
const MIN_SPAN_KM: f64 = 4.0;
const KM_PER_DEGREE_LAT: f64 = 111.2;

/// `data:image/svg+xml;base64,…`
pub fn data_url(route: &Route) -> String {
    format!(
        "data:image/svg+xml;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(svg(route))
    )
}

/// An equirectangular projection centred between the two points (longitudes shrunk by the
/// cosine of the mean latitude, which keeps shapes true at this scale), fitted to the frame.
pub fn svg(route: &Route) -> String {
    let (a, b) = (&route.origin, &route.destination);
    let mid_lat = (a.lat + b.lat) / 2.0;
    let shrink = mid_lat.to_radians().cos().max(0.01);
    let project = |lat: f64, lon: f64| (lon * shrink * KM_PER_DEGREE_LAT, lat * KM_PER_DEGREE_LAT);
    let (ax, ay) = project(a.lat, a.lon);
    let (bx, by) = project(b.lat, b.lon);
    let span_x = (ax - bx).abs().max(MIN_SPAN_KM);
    let span_y = (ay - by).abs().max(MIN_SPAN_KM);
    let drawn_height = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM;
    let scale = ((WIDTH - 2.0 * MARGIN_X) / span_x).min(drawn_height / span_y);
    let (cx, cy) = ((ax + bx) / 2.0, (ay + by) / 2.0);
    let to_frame = |x: f64, y: f64| {
        (
            WIDTH / 2.0 + (x - cx) * scale,
            MARGIN_TOP + drawn_height / 2.0 - (y - cy) * scale,
        )
    };
    let (x1, y1) = to_frame(ax, ay);
    let (x2, y2) = to_frame(bx, by);
    // Labels go on the outer side of each point (when the points meet, one above, one below).
    let (dy1, dy2) = if y1 <= y2 {
        (-16.0, 26.0)
    } else {
        (26.0, -16.0)
    };
    let anchor = |x: f64| {
        if x < WIDTH / 3.0 {
            "start"
        } else if x > 2.0 * WIDTH / 3.0 {
            "end"
        } else {
            "middle"
        }
    };
    let label_x = |x: f64| match anchor(x) {
        "start" => x - 8.0,
        "end" => x + 8.0,
        _ => x,
    };
    let title = format!("Ruta de {} a {}", a.name, b.name);
    // One place drawn once: a move inside one town.
    let same_spot = (x1 - x2).abs() < 1.0 && (y1 - y2).abs() < 1.0 && a.name == b.name;
    let name2 = if same_spot { "" } else { b.name.as_str() };
    let figures = format!(
        "{} · {}",
        super::estimate::distance_text(route.distance_km),
        super::estimate::duration_text(route.duration_min)
    );
    let dash = if route.fuente == super::place::Source::Gazetteer {
        // A straight line stands for an estimate, not the road taken.
        r#" stroke-dasharray="10 7""#
    } else {
        ""
    };
    let mut grid = String::new();
    for i in 1..6 {
        let x = WIDTH * i as f64 / 6.0;
        grid.push_str(&format!(
            r##"<line x1="{x:.0}" y1="0" x2="{x:.0}" y2="{HEIGHT:.0}" stroke="#e2e8f0"/>"##
        ));
    }
    for i in 1..4 {
        let y = HEIGHT * i as f64 / 4.0;
        grid.push_str(&format!(
            r##"<line x1="0" y1="{y:.0}" x2="{WIDTH:.0}" y2="{y:.0}" stroke="#e2e8f0"/>"##
        ));
    }
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:.0}" height="{HEIGHT:.0}" viewBox="0 0 {WIDTH:.0} {HEIGHT:.0}" role="img" aria-label="{title}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"><title>{title}</title><rect width="{WIDTH:.0}" height="{HEIGHT:.0}" rx="12" fill="#f8fafc"/>{grid}<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="#2563eb" stroke-width="4" stroke-linecap="round"{dash}/><circle cx="{x1:.1}" cy="{y1:.1}" r="8" fill="#16a34a" stroke="#fff" stroke-width="3"/><circle cx="{x2:.1}" cy="{y2:.1}" r="8" fill="#dc2626" stroke="#fff" stroke-width="3"/><text x="{lx1:.1}" y="{ly1:.1}" text-anchor="{an1}" font-size="14" font-weight="600" fill="#14532d">{name1}</text><text x="{lx2:.1}" y="{ly2:.1}" text-anchor="{an2}" font-size="14" font-weight="600" fill="#7f1d1d">{name2}</text><rect x="12" y="{fy:.0}" width="{fw:.0}" height="26" rx="6" fill="#fff" stroke="#cbd5e1"/><text x="22" y="{ty:.0}" font-size="13" fill="#0f172a">{figures}</text></svg>"##,
        title = escape(&title),
        lx1 = label_x(x1),
        ly1 = y1 + dy1,
        an1 = anchor(x1),
        lx2 = label_x(x2),
        ly2 = y2 + dy2,
        an2 = anchor(x2),
        name1 = escape(&shorten(&a.name)),
        name2 = escape(&shorten(name2)),
        fy = HEIGHT - 38.0,
        fw = 20.0 + 7.2 * figures.chars().count() as f64,
        ty = HEIGHT - 20.0,
        figures = escape(&figures),
    )
}

/// Names longer than the frame can hold end in an ellipsis.
fn shorten(name: &str) -> String {
    const MAX: usize = 28;
    if name.chars().count() <= MAX {
        name.to_string()
    } else {
        let cut: String = name.chars().take(MAX - 1).collect();
        format!("{}…", cut.trim_end())
    }
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::place::{Place, PlaceKind, Route, Source};
    use super::*;

    fn place(name: &str, lat: f64, lon: f64) -> Place {
        Place {
            name: name.into(),
            label: name.into(),
            lat,
            lon,
            kind: PlaceKind::Municipio,
            exact: false,
        }
    }

    fn route(a: Place, b: Place) -> Route {
        Route {
            origin: a,
            destination: b,
            distance_km: 615.3,
            duration_min: 457,
            fuente: Source::Gazetteer,
        }
    }

    #[test]
    fn the_drawing_names_both_places_and_the_figures() {
        let drawing = svg(&route(
            place("Madrid", 40.4165, -3.70256),
            place("Barcelona", 41.38879, 2.15899),
        ));
        assert!(drawing.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(drawing.ends_with("</svg>"));
        assert!(drawing.contains(">Madrid</text>") && drawing.contains(">Barcelona</text>"));
        assert!(drawing.contains("615,3 km · 7 h 37 min"));
        assert!(drawing.contains("<title>Ruta de Madrid a Barcelona</title>"));
        // Barcelona is east and north of Madrid: right and up in the frame.
        let circles: Vec<(f64, f64)> = drawing
            .match_indices("<circle cx=\"")
            .map(|(i, _)| {
                let rest = &drawing[i + 12..];
                let cx: f64 = rest[..rest.find('"').unwrap()].parse().unwrap();
                let rest = &rest[rest.find("cy=\"").unwrap() + 4..];
                let cy: f64 = rest[..rest.find('"').unwrap()].parse().unwrap();
                (cx, cy)
            })
            .collect();
        assert_eq!(circles.len(), 2);
        assert!(
            circles[1].0 > circles[0].0 && circles[1].1 < circles[0].1,
            "{circles:?}"
        );
        for (x, y) in circles {
            assert!((0.0..=WIDTH).contains(&x) && (0.0..=HEIGHT).contains(&y));
        }
    }

    #[test]
    fn names_are_escaped_and_the_same_place_still_draws() {
        let drawing = svg(&route(
            place("<script>&\"'", 40.4, -3.7),
            place("<script>&\"'", 40.4, -3.7),
        ));
        assert!(!drawing.contains("<script>"));
        assert!(drawing.contains("&lt;script&gt;&amp;&quot;&#39;"));
        assert!(!drawing.contains("NaN") && !drawing.contains("inf"));
    }

    #[test]
    fn points_and_labels_stay_clear_of_the_figures() {
        // Southwest to northeast: the origin is the lowest, leftmost point.
        let drawing = svg(&route(
            place("Badajoz", 38.87789, -6.97061),
            place("Girona", 41.98311, 2.82493),
        ));
        let at = drawing.find(">Badajoz</text>").unwrap();
        let tag = &drawing[drawing[..at].rfind("<text").unwrap()..at];
        let y: f64 = tag
            .split("y=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(
            y < HEIGHT - 38.0,
            "label at {y}, figures from {}",
            HEIGHT - 38.0
        );
        // The same town twice: one label.
        let same = svg(&route(
            place("Madrid", 40.4, -3.7),
            place("Madrid", 40.4, -3.7),
        ));
        assert_eq!(same.matches(">Madrid</text>").count(), 1);
    }

    #[test]
    fn the_data_url_is_base64_svg() {
        let url = data_url(&route(place("A", 40.0, -3.0), place("B", 40.1, -3.1)));
        let encoded = url.strip_prefix("data:image/svg+xml;base64,").unwrap();
        let decoded = base64::engine::general_purpose::STANDARD
            .decode(encoded)
            .unwrap();
        assert!(String::from_utf8(decoded).unwrap().starts_with("<svg"));
    }

    #[test]
    fn long_names_are_shortened() {
        assert_eq!(shorten("Madrid"), "Madrid");
        let long = shorten("Comunidad de Villa y Tierra de Pedraza del Valle");
        assert!(long.ends_with('…') && long.chars().count() <= 28, "{long}");
    }
}
