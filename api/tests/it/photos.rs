//! `POST /api/subir-foto` and `GET /api/fotos/{move}/{photo}` against a real server.

use crate::common;

use crate::common::{account, move_of, projected, start, PNG};
use sqlx::PgPool;

fn photo_files(server: &common::TestServer) -> usize {
    let root = server.state.config.data_dir.join("fotos");
    walk(&root)
}

/// Whatever is under the photos' folder: files and folders alike.
fn photo_entries(server: &common::TestServer) -> Vec<std::path::PathBuf> {
    let root = server.state.config.data_dir.join("fotos");
    let mut found = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            if entry.path().is_dir() {
                dirs.push(entry.path());
            }
            found.push(entry.path());
        }
    }
    found
}

fn walk(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| {
                    if e.path().is_dir() {
                        walk(&e.path())
                    } else {
                        1
                    }
                })
                .sum()
        })
        .unwrap_or(0)
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_worker_uploads_a_photo_that_staff_and_the_owner_can_see(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let owner = account("cliente");
    let id = move_of(&pool, &owner.email).await;

    let worker = server.login_role("empleado").await;
    let (status, body) = worker
        .upload_photo(
            &id.to_string(),
            Some(("sofa.png", PNG.to_vec())),
            "  Sofá protegido  ",
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let photo = &body["foto"];
    assert_eq!(photo["descripcion"], "Sofá protegido");
    assert_eq!(photo["tipo"], "general");
    let url = photo["url"].as_str().unwrap().to_string();
    assert!(url.starts_with(&format!("/api/fotos/{id}/")));

    // The staff list shows it at once (read-your-writes), with the same url.
    let (_, moves) = worker.get("/api/todas-las-mudanzas").await;
    let listed = moves
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == id)
        .unwrap();
    assert_eq!(listed["photos"][0]["url"], url.as_str());
    assert_eq!(listed["photos"][0]["descripcion"], "Sofá protegido");

    for caller in [
        worker.clone(),
        server.login_role("empresario").await,
        server.login(&owner).await,
    ] {
        let (status, content_type, bytes) = caller.get_bytes(&url).await;
        assert_eq!(status, 200);
        assert_eq!(content_type, "image/png");
        assert_eq!(bytes, PNG);
    }
    let other_client = server
        .login(&common::account_by_login("pablo@mudanzas.test"))
        .await;
    assert_eq!(other_client.get_bytes(&url).await.0, 404);
    assert_eq!(server.anonymous().get_bytes(&url).await.0, 401);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn bad_uploads_get_a_spanish_error_and_store_nothing(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let id = move_of(&pool, &account("cliente").email).await.to_string();
    let worker = server.login_role("empleado").await;
    let unassigned: i64 = sqlx::query_scalar(
        "SELECT id FROM move_staff_view WHERE worker_id IS NULL ORDER BY id LIMIT 1",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let unassigned = unassigned.to_string();

    let text_as_png = Some(("foto.png", b"no soy una imagen".to_vec()));
    let oversized = {
        let mut bytes = PNG.to_vec();
        bytes.resize(10 * 1024 * 1024 + 1, 0);
        Some(("grande.png", bytes))
    };
    // (what, mudanza_id, file, expected status, part of the message)
    type Case<'a> = (&'a str, &'a str, Option<(&'a str, Vec<u8>)>, u16, &'a str);
    let cases: Vec<Case> = vec![
        (
            "not an image",
            id.as_str(),
            text_as_png,
            400,
            "no es una imagen",
        ),
        ("no file", id.as_str(), None, 400, "Selecciona una foto"),
        ("over 10 MB", id.as_str(), oversized, 413, "10 MB"),
        (
            "move id not a number",
            "abc",
            Some(("a.png", PNG.to_vec())),
            400,
            "Mudanza no válida",
        ),
        (
            "unknown move",
            "999999",
            Some(("a.png", PNG.to_vec())),
            404,
            "Mudanza no encontrada",
        ),
        (
            "a move not assigned to the worker",
            unassigned.as_str(),
            Some(("a.png", PNG.to_vec())),
            403,
            "no está asignada a ti",
        ),
    ];
    for (what, move_id, file, expected, message) in cases {
        let (status, body) = worker.upload_photo(move_id, file, "").await;
        assert_eq!(status, expected, "{what}: {body}");
        assert_eq!(body["success"], false, "{what}");
        assert!(
            body["error"].as_str().unwrap_or_default().contains(message),
            "{what}: {body}"
        );
    }
    assert_eq!(
        photo_entries(&server),
        Vec::<std::path::PathBuf>::new(),
        "refused uploads leave no file and no folder"
    );

    let photo = || Some(("a.png", PNG.to_vec()));
    let (status, _) = server
        .login_role("cliente")
        .await
        .upload_photo(&id, photo(), "")
        .await;
    assert_eq!(status, 403, "clients do not upload to staff moves");
    let (status, _) = server
        .login_role("auditor")
        .await
        .upload_photo(&id, photo(), "")
        .await;
    assert_eq!(status, 403, "auditors change nothing");
    let (status, _) = server.anonymous().upload_photo(&id, photo(), "").await;
    assert_eq!(status, 401);
    assert_eq!(photo_entries(&server), Vec::<std::path::PathBuf>::new());
    let photos: i64 =
        sqlx::query_scalar("SELECT count(*) FROM events WHERE event_type = 'move.photo_added'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(photos, 0);
}

/// What a process killed mid-upload leaves (a file no event names, a `.part`) is removed by the
/// sweep the server runs at start; a photo with its event, and a file an upload still holds
/// locked, stay.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_sweep_removes_files_of_interrupted_uploads_only(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let id = move_of(&pool, &account("cliente").email).await;
    let worker = server.login_role("empleado").await;
    let (status, body) = worker
        .upload_photo(&id.to_string(), Some(("a.png", PNG.to_vec())), "")
        .await;
    assert_eq!(status, 200, "{body}");
    let kept = body["foto"]["url"].as_str().unwrap().to_string();

    let data_dir = &server.state.config.data_dir;
    let dir = data_dir.join("fotos").join(id.to_string());
    let orphan = dir.join(uuid::Uuid::now_v7().to_string());
    let half = dir.join(format!("{}.part", uuid::Uuid::now_v7()));
    let in_flight = dir.join(uuid::Uuid::now_v7().to_string());
    std::fs::write(&orphan, PNG).unwrap();
    std::fs::write(&half, &PNG[..20]).unwrap();
    std::fs::write(&in_flight, PNG).unwrap();
    let held = std::fs::File::open(&in_flight).unwrap();
    held.lock().unwrap();
    assert_eq!(photo_files(&server), 4);

    let removed = api::routes::photos::sweep_orphans(&pool, data_dir)
        .await
        .unwrap();
    assert_eq!(removed, 2);
    assert!(!orphan.exists() && !half.exists());
    assert!(
        in_flight.exists(),
        "a locked file belongs to an upload at work"
    );
    assert_eq!(worker.get_bytes(&kept).await.0, 200);

    // Once its upload lets go without an event, it is an orphan too.
    drop(held);
    let removed = api::routes::photos::sweep_orphans(&pool, data_dir)
        .await
        .unwrap();
    assert_eq!(removed, 1);
    assert_eq!(photo_files(&server), 1);
    assert_eq!(worker.get_bytes(&kept).await.0, 200);
}
