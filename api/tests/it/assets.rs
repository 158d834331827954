//! A lean first page: the build's brotli and gzip copies of the web app's files sent to a browser
//! that accepts them (and the plain bytes to one that does not), Vite's hashed files cached for a
//! year and the pages revalidated, the API's larger JSON compressed on the fly (and never a
//! WebSocket upgrade), and robots.txt and sitemap.xml from the list of public pages.

use std::io::Read;
use std::path::PathBuf;

use crate::common::{start_configured, TestServer};
use reqwest::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, VARY};
use reqwest::Response;
use sqlx::PgPool;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

const ENTRY: &str = "/assets/index-Ab12Cd34.js";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// A built web app as `npm run build` leaves it: a hashed entry with its `.br` and `.gz` beside
/// it (made here with the same codecs), and an `index.html`.
fn web_dist() -> (PathBuf, Vec<u8>) {
    let dir = std::env::temp_dir().join(format!("mudanzas-dist-{}", uuid::Uuid::now_v7()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(
        dir.join("index.html"),
        format!("<!doctype html><div id=\"root\"></div><script type=\"module\" src=\"{ENTRY}\"></script>"),
    )
    .unwrap();
    let js: Vec<u8> = (0..400)
        .map(|i| format!("export const item{i} = {{ id: {i}, name: 'Mudanza {i}' }};\n"))
        .collect::<String>()
        .into_bytes();
    let path = dir.join(ENTRY.trim_start_matches('/'));
    std::fs::write(&path, &js).unwrap();
    let mut br = Vec::new();
    brotli::BrotliCompress(
        &mut &js[..],
        &mut br,
        &brotli::enc::BrotliEncoderParams::default(),
    )
    .unwrap();
    std::fs::write(path.with_extension("js.br"), br).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    std::io::Write::write_all(&mut gz, &js).unwrap();
    std::fs::write(path.with_extension("js.gz"), gz.finish().unwrap()).unwrap();
    (dir, js)
}

async fn server(pool: PgPool) -> (TestServer, Vec<u8>) {
    let (dist, js) = web_dist();
    let server = start_configured(pool, Default::default(), Some(dist), |c| {
        c.public_url = "https://mudanzas.example".into();
    })
    .await;
    (server, js)
}

async fn get(server: &TestServer, path: &str, encoding: Option<&str>) -> Response {
    let mut request = server.http.get(format!("{}{path}", server.base));
    if let Some(encoding) = encoding {
        request = request.header(ACCEPT_ENCODING, encoding);
    }
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), 200, "{path}");
    response
}

fn header(response: &Response, name: reqwest::header::HeaderName) -> Option<String> {
    response
        .headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_string())
}

fn varies_by_encoding(response: &Response) -> bool {
    response.headers().get_all(VARY).iter().any(|v| {
        v.to_str()
            .unwrap()
            .to_ascii_lowercase()
            .contains("accept-encoding")
    })
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::Decompressor::new(bytes, 4096)
        .read_to_end(&mut out)
        .unwrap();
    out
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .unwrap();
    out
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_hashed_asset_is_sent_precompressed_as_asked_and_cached_for_a_year(pool: PgPool) {
    let (server, js) = server(pool).await;

    let br = get(&server, ENTRY, Some("gzip, deflate, br")).await;
    assert_eq!(header(&br, CONTENT_ENCODING).as_deref(), Some("br"));
    assert_eq!(header(&br, CACHE_CONTROL).as_deref(), Some(IMMUTABLE));
    assert!(header(&br, CONTENT_TYPE).unwrap().contains("javascript"));
    assert!(varies_by_encoding(&br));
    let bytes = br.bytes().await.unwrap();
    assert!(
        bytes.len() < js.len() / 4,
        "{} of {}",
        bytes.len(),
        js.len()
    );
    assert_eq!(unbrotli(&bytes), js);

    let gz = get(&server, ENTRY, Some("gzip")).await;
    assert_eq!(header(&gz, CONTENT_ENCODING).as_deref(), Some("gzip"));
    assert_eq!(header(&gz, CACHE_CONTROL).as_deref(), Some(IMMUTABLE));
    assert!(varies_by_encoding(&gz));
    assert_eq!(gunzip(&gz.bytes().await.unwrap()), js);

    for encoding in [None, Some("identity")] {
        let plain = get(&server, ENTRY, encoding).await;
        assert_eq!(header(&plain, CONTENT_ENCODING), None, "{encoding:?}");
        assert_eq!(header(&plain, CACHE_CONTROL).as_deref(), Some(IMMUTABLE));
        assert!(varies_by_encoding(&plain));
        assert_eq!(plain.bytes().await.unwrap(), js);
    }

    // A hashed name the build does not have is not the app's page cached for a year.
    let missing = server
        .http
        .get(format!("{}/assets/index-Old00000.js", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), 404);
    assert_ne!(header(&missing, CACHE_CONTROL).as_deref(), Some(IMMUTABLE));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_pages_are_revalidated_every_time(pool: PgPool) {
    let (server, _) = server(pool).await;
    for path in ["/", "/index.html", "/gestion", "/cliente/abc", "/contacto"] {
        let page = get(&server, path, Some("br")).await;
        assert_eq!(
            header(&page, CACHE_CONTROL).as_deref(),
            Some("no-cache"),
            "{path}"
        );
        assert!(header(&page, CONTENT_TYPE)
            .unwrap()
            .starts_with("text/html"));
        assert!(page.text().await.unwrap().contains(ENTRY), "{path}");
    }
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_large_json_answer_is_compressed_when_asked_and_a_small_one_left_alone(pool: PgPool) {
    let (server, _) = server(pool).await;
    let plain = get(&server, "/api/openapi.json", None).await;
    assert_eq!(header(&plain, CONTENT_ENCODING), None);
    let document = plain.bytes().await.unwrap();
    assert!(document.len() > 10_000);

    let br = get(&server, "/api/openapi.json", Some("br")).await;
    assert_eq!(header(&br, CONTENT_ENCODING).as_deref(), Some("br"));
    assert!(varies_by_encoding(&br));
    let compressed = br.bytes().await.unwrap();
    assert!(compressed.len() < document.len() / 3);
    assert_eq!(unbrotli(&compressed), document);

    let gz = get(&server, "/api/openapi.json", Some("gzip")).await;
    assert_eq!(header(&gz, CONTENT_ENCODING).as_deref(), Some("gzip"));
    assert_eq!(gunzip(&gz.bytes().await.unwrap()), document);

    // Under 1 KB: the headers would cost more than the saving.
    let small = server
        .http
        .get(format!("{}/api/no-existe", server.base))
        .header(ACCEPT_ENCODING, "br, gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(small.status(), 404);
    assert_eq!(header(&small, CONTENT_ENCODING), None);
    assert!(small.text().await.unwrap().contains("Ruta no encontrada"));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_live_feed_upgrades_for_a_browser_that_accepts_compression(pool: PgPool) {
    let (server, _) = server(pool).await;
    let manager = server.login_role("empresario").await;
    let mut request = format!("{}/api/live", server.base.replace("http://", "ws://"))
        .into_client_request()
        .unwrap();
    let headers = request.headers_mut();
    headers.insert("cookie", manager.cookie.unwrap().parse().unwrap());
    headers.insert("accept-encoding", "gzip, deflate, br".parse().unwrap());
    let (mut socket, response) = tokio_tungstenite::connect_async(request).await.unwrap();
    assert_eq!(response.status(), 101);
    assert!(response.headers().get("content-encoding").is_none());
    use futures::StreamExt;
    let hello = tokio::time::timeout(std::time::Duration::from_secs(5), socket.next())
        .await
        .expect("a frame")
        .unwrap()
        .unwrap();
    let hello: serde_json::Value = serde_json::from_str(hello.to_text().unwrap()).unwrap();
    assert_eq!(hello["type"], "hello");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn robots_txt_keeps_crawlers_out_of_the_private_areas(pool: PgPool) {
    let (server, _) = server(pool).await;
    let robots = get(&server, "/robots.txt", None).await;
    assert_eq!(
        header(&robots, CONTENT_TYPE).as_deref(),
        Some("text/plain; charset=utf-8")
    );
    let text = robots.text().await.unwrap();
    assert!(!text.contains("<div"), "not the app's page: {text}");
    assert!(text.starts_with("User-agent: *\n"));
    for line in [
        "Disallow: /api/",
        "Disallow: /gestion",
        "Disallow: /trabajo",
        "Disallow: /admin",
        "Disallow: /auditoria",
        "Disallow: /cliente",
        "Allow: /contacto",
        "Sitemap: https://mudanzas.example/sitemap.xml",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
    }
    assert!(!text.contains("Disallow: /\n"));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_sitemap_lists_the_public_pages_under_the_public_url(pool: PgPool) {
    let (server, _) = server(pool).await;
    let sitemap = get(&server, "/sitemap.xml", None).await;
    assert!(header(&sitemap, CONTENT_TYPE)
        .unwrap()
        .starts_with("application/xml"));
    let xml = sitemap.text().await.unwrap();
    assert!(xml.starts_with("<?xml"));
    for page in [
        "/",
        "/sobre-nosotros",
        "/preguntas-frecuentes",
        "/buscador-precios",
        "/contacto",
    ] {
        let loc = format!("<loc>https://mudanzas.example{page}</loc>");
        assert!(xml.contains(&loc), "{loc} in\n{xml}");
    }
    for private in ["/gestion", "/admin", "/trabajo", "/cliente", "/api"] {
        assert!(!xml.contains(private), "{private} in\n{xml}");
    }
}
