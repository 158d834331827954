//! `GET /api/datos-de-empresa` and `GET /api/analiticas` against a real server.

use crate::common;

use crate::common::{projected, start};
use chrono::Datelike;
use serde_json::Value;
use sqlx::PgPool;

async fn finished_revenue(pool: &PgPool) -> f64 {
    let cents: i64 = sqlx::query_scalar(
        "SELECT coalesce(sum((doc->'precio'->>'total_cents')::bigint), 0)::bigint \
         FROM move_staff_view WHERE estado = 'finalizada'",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    cents as f64 / 100.0
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn company_figures_follow_the_moves(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let (status, data) = manager.get("/api/datos-de-empresa").await;
    assert_eq!(status, 200);
    // The seed: 8 moves, 2 finished and 1 cancelled; 2 workers.
    assert_eq!(data["mudanzas_totales"], 8);
    assert_eq!(data["trabajadores_activos"], 2);
    // Satisfaction is the average stars of the published reviews: the seed's testimonials.
    assert_eq!(
        data["nivel_de_satisfaccion"].as_f64(),
        Some(seeded_average_rating())
    );
    assert_eq!(
        data["ganancias_totales"].as_f64(),
        Some(finished_revenue(&pool).await)
    );

    // A worker finishes today's move: the figures change at once.
    let today: i64 = sqlx::query_scalar(
        "SELECT id FROM move_staff_view WHERE estado = 'en curso' ORDER BY id LIMIT 1",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let worker = server.login_role("empleado").await;
    assert_eq!(worker.set_status(today, "finalizada").await.0, 200);
    let (_, data) = manager.get("/api/datos-de-empresa").await;
    // Finishing a move is not a rating: satisfaction stays what the reviews say.
    assert_eq!(
        data["nivel_de_satisfaccion"].as_f64(),
        Some(seeded_average_rating())
    );
    assert_eq!(
        data["ganancias_totales"].as_f64(),
        Some(finished_revenue(&pool).await)
    );

    assert_eq!(
        server
            .login_role("auditor")
            .await
            .get("/api/datos-de-empresa")
            .await
            .0,
        200
    );
    assert_eq!(worker.get("/api/datos-de-empresa").await.0, 403);
    assert_eq!(
        server
            .login_role("cliente")
            .await
            .get("/api/datos-de-empresa")
            .await
            .0,
        403
    );
    assert_eq!(server.anonymous().get("/api/datos-de-empresa").await.0, 401);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn analytics_count_per_period_and_move_with_the_moves(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let today = events_schema::calendar::today();

    let (status, body) = manager.get("/api/analiticas?periodo=dia").await;
    assert_eq!(status, 200);
    let series = body["series"].as_array().unwrap();
    assert_eq!(series.len(), 14);
    let last = series.last().unwrap();
    assert_eq!(last["inicio"], today.to_string());
    // The seed wrote its whole history today.
    assert_eq!(
        (&last["creadas"], &last["completadas"], &last["canceladas"]),
        (&Value::from(8), &Value::from(2), &Value::from(1))
    );
    assert_eq!(
        last["ingresos"].as_f64(),
        Some(finished_revenue(&pool).await)
    );
    assert!(series[..13].iter().all(|p| p["creadas"] == 0));

    // Un-finishing a move takes it off the day's figures.
    let finished: i64 = sqlx::query_scalar(
        "SELECT id FROM move_staff_view WHERE estado = 'finalizada' ORDER BY id LIMIT 1",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(manager.set_status(finished, "en curso").await.0, 200);
    // The change's answer waits for the moves' views only; the analytics follow on their own.
    projected(&server).await;
    let (_, body) = manager.get("/api/analiticas?periodo=dia").await;
    let last = body["series"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["completadas"], 1);
    assert_eq!(
        last["ingresos"].as_f64(),
        Some(finished_revenue(&pool).await)
    );

    let (_, weeks) = manager.get("/api/analiticas?periodo=semana").await;
    let weeks = weeks["series"].as_array().unwrap();
    assert_eq!(weeks.len(), 12);
    let monday = today - chrono::Days::new(today.weekday().num_days_from_monday() as u64);
    assert_eq!(weeks.last().unwrap()["inicio"], monday.to_string());
    assert_eq!(weeks.last().unwrap()["creadas"], 8);
    let (_, months) = manager.get("/api/analiticas?periodo=mes").await;
    let months = months["series"].as_array().unwrap();
    assert_eq!(months.len(), 12);
    assert_eq!(
        months.last().unwrap()["inicio"],
        today.with_day(1).unwrap().to_string()
    );

    let (status, body) = manager.get("/api/analiticas?periodo=año").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Periodo no válido"))
    );
    assert_eq!(
        server
            .login_role("empleado")
            .await
            .get("/api/analiticas")
            .await
            .0,
        403
    );
}

/// The average stars of `seed/opiniones.json`, to two decimals.
fn seeded_average_rating() -> f64 {
    let text = std::fs::read_to_string(common::seed_dir().join("opiniones.json")).unwrap();
    let reviews: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    let stars: u64 = reviews.iter().map(|r| r["rating"].as_u64().unwrap()).sum();
    (stars as f64 * 100.0 / reviews.len() as f64).round() / 100.0
}
