//! Serves the built web app; client routes fall back to `index.html` so react-router takes over.
//!
//! Also what the first page needs to be lean: the brotli and gzip copies the build writes beside
//! each file (`web/scripts/compress-dist.mjs`) are sent to a browser that accepts them; Vite's
//! hashed files under `/assets/` are cached for a year, the pages revalidated every time; dynamic
//! answers (the API's JSON) are compressed on the fly by `compression()`. And `/robots.txt` and
//! `/sitemap.xml`, from the one list of public pages below.

use axum::extract::Request;
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::http::{Extensions, StatusCode, Version};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tower_http::compression::predicate::{Predicate, SizeAbove};
use tower_http::compression::CompressionLayer;
use tower_http::services::{ServeDir, ServeFile};

use crate::config::Config;

/// Vite names every file under `/assets/` by a hash of its content: a new build is a new name.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// `index.html` (every client route) names the current build's assets: always revalidated.
pub const NO_CACHE: &str = "no-cache";

/// The pages anyone may read and a search engine should list: the sitemap, and what robots.txt
/// allows. Each is a route of `web/src/app/routes.tsx` (a test below checks).
pub const PUBLIC_PAGES: &[&str] = &[
    "/",
    "/sobre-nosotros",
    "/preguntas-frecuentes",
    "/buscador-precios",
    "/opiniones",
    "/contacto",
    "/trabaja-con-nosotros",
    "/politica-privacidad",
    "/condiciones-uso",
];

/// What robots.txt disallows (prefixes, as robots.txt reads them): the API, the panels, the
/// signed-in and one-time pages (a link from an email, a payment's steps), the developer pages.
/// Every route of `routes.tsx` is either a public page or under one of these (a test checks).
pub const PRIVATE_PREFIXES: &[&str] = &[
    "/api/",
    "/healthz",
    "/metrics",
    "/admin",
    "/gestion",
    "/trabajo",
    "/auditoria",
    "/reclamaciones",
    // The client's area: /cliente/{id}, and /cliente, the emails' link to it.
    "/cliente",
    "/seguimiento",
    "/formulario-mudanza",
    "/detalles-mudanza",
    "/confirmar-mudanza",
    "/factura",
    "/pago",
    "/acceso-de-pago",
    "/acceso-gerencia",
    "/registro",
    "/confirmar-email",
    "/recuperar",
    "/error",
    "/debug",
    "/dev",
];

pub fn service(config: &Config) -> Router {
    let dist = &config.web_dist;
    if !dist.join("index.html").exists() {
        tracing::warn!(dist = %dist.display(), "the web app is not built: run `make run`");
    }
    let robots = robots_txt(&config.public_url);
    let sitemap = sitemap_xml(&config.public_url);
    Router::new()
        .route(
            "/robots.txt",
            get(move || async move { text("text/plain; charset=utf-8", robots) }),
        )
        .route(
            "/sitemap.xml",
            get(move || async move { text("application/xml; charset=utf-8", sitemap) }),
        )
        // A missing hashed file is a 404, not the app's page cached for a year under its name.
        .nest_service("/assets", files(ServeDir::new(dist.join("assets"))))
        .fallback_service(
            files(ServeDir::new(dist)).fallback(
                ServeFile::new(dist.join("index.html"))
                    .precompressed_br()
                    .precompressed_gzip(),
            ),
        )
        .layer(middleware::from_fn(caching))
}

fn files(dir: ServeDir) -> ServeDir {
    dir.precompressed_br().precompressed_gzip()
}

fn text(content_type: &'static str, body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
        .into_response()
}

/// `Cache-Control` by kind of file, unless the handler chose one; and `Vary: Accept-Encoding` on
/// every file, since the same path answers brotli, gzip or the plain bytes by that header.
async fn caching(request: Request, next: Next) -> Response {
    let hashed = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    let found = response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED;
    let headers = response.headers_mut();
    if !headers.contains_key(header::CACHE_CONTROL) {
        let value = if hashed && found { IMMUTABLE } else { NO_CACHE };
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    }
    let varies = headers.get_all(header::VARY).iter().any(|v| {
        v.to_str()
            .is_ok_and(|v| v.to_ascii_lowercase().contains("accept-encoding"))
    });
    if !varies {
        headers.append(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response
}

/// On-the-fly compression (brotli or gzip, as the browser accepts) of what is worth it: a text
/// answer (JSON, CSV, HTML, JavaScript …) of 1 KB or more. Not images, PDFs or DOCX (compressed
/// already), not a WebSocket upgrade (no body, no type), not a file the build compressed (it
/// carries its `Content-Encoding`, which the layer never touches) and not a range.
pub fn compression() -> CompressionLayer<impl Predicate> {
    CompressionLayer::new()
        .no_deflate()
        .no_zstd()
        .compress_when(SizeAbove::new(1024).and(compressible))
}

fn compressible(_: StatusCode, _: Version, headers: &HeaderMap, _: &Extensions) -> bool {
    let Some(content_type) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    (essence.starts_with("text/") && essence != "text/event-stream")
        || essence.ends_with("+json")
        || essence.ends_with("+xml")
        || matches!(
            essence.as_str(),
            "application/json"
                | "application/javascript"
                | "application/xml"
                | "application/manifest+json"
                | "image/svg+xml"
        )
}

/// The private prefixes first, for a reader that takes the first rule that matches; the home
/// page as `/$` (itself only), since `/` would match every path.
pub fn robots_txt(public_url: &str) -> String {
    let mut out = String::from("User-agent: *\n");
    for prefix in PRIVATE_PREFIXES {
        out.push_str(&format!("Disallow: {prefix}\n"));
    }
    for page in PUBLIC_PAGES {
        let page = if *page == "/" { "/$" } else { page };
        out.push_str(&format!("Allow: {page}\n"));
    }
    out.push_str(&format!("\nSitemap: {}/sitemap.xml\n", base(public_url)));
    out
}

pub fn sitemap_xml(public_url: &str) -> String {
    let base = base(public_url);
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for page in PUBLIC_PAGES {
        out.push_str(&format!(
            "  <url><loc>{}</loc></url>\n",
            xml_escape(&format!("{base}{page}"))
        ));
    }
    out.push_str("</urlset>\n");
    out
}

fn base(public_url: &str) -> &str {
    public_url.trim_end_matches('/')
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The paths of `web/src/app/routes.tsx` (`path: '/…'`), the app's one list of pages.
    fn app_routes() -> Vec<String> {
        let source = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../web/src/app/routes.tsx"
        ))
        .unwrap();
        const KEY: &str = "path: '";
        source
            .match_indices(KEY)
            .filter_map(|(at, _)| source[at + KEY.len()..].split('\'').next())
            .filter(|p| p.starts_with('/'))
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn every_public_page_is_a_route_and_every_route_is_public_or_disallowed() {
        let routes = app_routes();
        assert!(routes.len() > 25, "{routes:?}");
        for page in PUBLIC_PAGES {
            assert!(routes.iter().any(|r| r == page), "{page} is not a route");
        }
        for route in &routes {
            let public = PUBLIC_PAGES.contains(&route.as_str());
            let private = PRIVATE_PREFIXES.iter().any(|p| route.starts_with(p));
            assert!(
                public != private,
                "{route}: public {public}, disallowed {private}"
            );
        }
    }

    #[test]
    fn the_sitemap_names_each_public_page_under_the_public_url() {
        let xml = sitemap_xml("https://mudanzas.example/");
        assert!(xml.contains("<loc>https://mudanzas.example/</loc>"));
        assert!(xml.contains("<loc>https://mudanzas.example/contacto</loc>"));
        assert_eq!(xml.matches("<url>").count(), PUBLIC_PAGES.len());
    }
}
