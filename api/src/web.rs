//! Serves the built web app; client routes fall back to `index.html` so react-router takes over.

use std::path::Path;

use tower_http::services::{ServeDir, ServeFile};

pub fn service(dist: &Path) -> ServeDir<ServeFile> {
    if !dist.join("index.html").exists() {
        tracing::warn!(dist = %dist.display(), "the web app is not built: run `make run`");
    }
    ServeDir::new(dist).fallback(ServeFile::new(dist.join("index.html")))
}
