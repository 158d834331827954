//! Projections against a real PostgreSQL, one fresh database per test.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use async_trait::async_trait;
use chrono::NaiveDate;
use command::demo::demo_move;
use events_schema::events::{
    move_stream, MoveStatus, MoveStatusChanged, Person, PhotoAdded, WorkerAssigned,
};
use events_schema::{
    Event, EventStore, ExpectedVersion, Metadata, NewEvent, RawEvent, RecordedEvent, StoreOptions,
};
use projections::moves::MovesProjector;
use projections::{dump_tables, rebuild, step, Error, Projections, Projector};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

fn client(n: usize) -> Person {
    Person {
        nombre: format!("Cliente {n}"),
        telefono: "612345678".into(),
        email: format!("cliente{}@mudanzas.test", n % 4),
    }
}

async fn append(store: &EventStore, move_id: i64, event: Event) -> i64 {
    store
        .append(
            &move_stream(move_id),
            ExpectedVersion::Any,
            &[NewEvent::new(event, Metadata::system("test"))],
        )
        .await
        .unwrap()
        .last_position
}

/// A realistic history: `moves` moves, each created, then moved through statuses, assigned a
/// worker and given a photo, interleaved across moves.
async fn history(store: &EventStore, moves: i64) -> i64 {
    let day = NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();
    let mut last = 0;
    for id in 1..=moves {
        let m = demo_move(
            id,
            client(id as usize),
            day + chrono::Days::new(id as u64 % 20),
            id as usize,
        );
        last = append(store, id, Event::MoveCreated(m)).await;
    }
    let steps = [
        MoveStatus::Confirmada,
        MoveStatus::EnCurso,
        MoveStatus::Finalizada,
    ];
    for (i, to) in steps.iter().enumerate() {
        for id in 1..=moves {
            let from = if i == 0 {
                MoveStatus::Pendiente
            } else {
                steps[i - 1]
            };
            last = append(
                store,
                id,
                Event::MoveStatusChanged(MoveStatusChanged {
                    from,
                    to: *to,
                    cancellation_fee_cents: None,
                }),
            )
            .await;
            if i == 1 {
                append(
                    store,
                    id,
                    Event::WorkerAssigned(WorkerAssigned {
                        worker_id: Uuid::from_u128(id as u128),
                        worker_name: "Javier Moreno".into(),
                    }),
                )
                .await;
                last = append(
                    store,
                    id,
                    Event::PhotoAdded(PhotoAdded {
                        photo_id: Uuid::from_u128(1000 + id as u128),
                        content_type: "image/jpeg".into(),
                        size_bytes: 1234,
                        descripcion: "Carga del camión".into(),
                        tipo: "carga".into(),
                        objeto: None,
                    }),
                )
                .await;
            }
        }
    }
    last
}

/// Steps until the projector has passed every stored event. "No progress" alone does not mean
/// done: a transaction in another test's database may hold the cluster-wide horizon for a moment.
async fn catch_up(pool: &PgPool, projector: &dyn Projector, batch: i64) -> i64 {
    let target: i64 = sqlx::query_scalar("SELECT coalesce(max(position), 0)::bigint FROM events")
        .fetch_one(pool)
        .await
        .unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let position = step(pool, projector, batch).await.unwrap();
        if position >= target {
            return position;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "stuck at {position} of {target}"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_views_follow_a_moves_history(pool: PgPool) {
    let store = EventStore::new(pool.clone(), StoreOptions::default());
    history(&store, 2).await;
    catch_up(&pool, &MovesProjector::new(), 100).await;

    let doc: serde_json::Value = sqlx::query_scalar("SELECT doc FROM move_staff_view WHERE id = 2")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(doc["estado"], "finalizada");
    assert_eq!(doc["worker"], "Javier Moreno");
    assert_eq!(doc["cliente_email"], "cliente2@mudanzas.test");
    assert_eq!(
        doc["photos"][0]["url"],
        format!("/api/fotos/2/{}", Uuid::from_u128(1002))
    );
    assert!(doc["precio_total"].as_f64().unwrap() > 0.0);
    let without = projections::moves::without_prices(doc);
    assert!(without.get("precio_total").is_none() && without.get("precio").is_none());

    let client: serde_json::Value =
        sqlx::query_scalar("SELECT doc FROM move_client_view WHERE id = 2")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(client["status"], "completed");
    assert_eq!(client["images"].as_array().unwrap().len(), 1);
    assert!(
        client.get("cliente_telefono").is_none(),
        "the customer view is the customer's, not staff's"
    );

    // One live change per move event, in position order.
    let changes = projections::changes::read_changes(&pool, 0, i64::MAX, 1000)
        .await
        .unwrap();
    let events: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&pool)
        .await
        .unwrap();
    let (moves, counts): (Vec<_>, Vec<_>) = changes
        .into_iter()
        .partition(|c| c.kind == projections::moves::LIVE_KIND);
    assert_eq!(moves.len() as i64, events);
    assert!(moves.windows(2).all(|w| w[0].position < w[1].position));

    // The counts follow every change of status or worker; the last of each scope is the
    // stored one, which is what the view holds.
    assert!(counts
        .iter()
        .all(|c| c.kind == projections::moves::COUNTS_KIND && c.client_doc.is_none()));
    let stored: Vec<(String, String, i64)> =
        sqlx::query_as("SELECT scope, estado, n FROM move_status_counts ORDER BY 1, 2")
            .fetch_all(&pool)
            .await
            .unwrap();
    let counted: Vec<(String, String, i64)> = sqlx::query_as(
        "SELECT 'all', estado, count(*) FROM move_staff_view GROUP BY estado \
         UNION ALL SELECT worker_id::text, estado, count(*) FROM move_staff_view \
         WHERE worker_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(stored, counted);
    let last_all = counts
        .iter()
        .rev()
        .find(|c| c.entity_id == projections::moves::ALL_SCOPE)
        .expect("a counts change of every move");
    let total: i64 = counted.iter().filter(|c| c.0 == "all").map(|c| c.2).sum();
    assert_eq!(last_all.staff_doc.as_ref().unwrap()["todas"], total);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn rebuild_from_zero_equals_live_projection(pool: PgPool) {
    let store = EventStore::new(pool.clone(), StoreOptions::default());
    let running = Projections::start(store.clone(), projections::all(), 7);
    let last = history(&store, 25).await;
    assert!(
        running.wait_for(last, Duration::from_secs(30)).await,
        "live projection caught up"
    );

    let tables = MovesProjector::new().tables();
    let live = dump_tables(&pool, tables).await.unwrap();
    assert_eq!(live["move_staff_view"].len(), 25);

    let mut calls = 0;
    let rebuilt_to = rebuild(&pool, &MovesProjector::new(), 50, |done, total| {
        calls += 1;
        assert!(done <= total);
    })
    .await
    .unwrap();
    assert_eq!(rebuilt_to, last);
    assert!(calls > 1, "progress is reported per batch");
    let rebuilt = dump_tables(&pool, tables).await.unwrap();
    assert_eq!(
        live, rebuilt,
        "rebuild must reproduce the live read models exactly"
    );
}

/// Moves the cluster's transaction counter, which positions are made of, past `n` transactions
/// in one statement: each exception block that writes is a subtransaction with an id of its own.
async fn let_transactions_pass(pool: &PgPool, n: i64) {
    let mut conn = pool.acquire().await.unwrap();
    sqlx::query("CREATE TEMP TABLE passing (n bigint)")
        .execute(&mut *conn)
        .await
        .unwrap();
    sqlx::query(&format!(
        "DO $$ BEGIN FOR i IN 1..{n} LOOP \
           BEGIN INSERT INTO passing VALUES (i); EXCEPTION WHEN OTHERS THEN NULL; END; \
         END LOOP; END $$"
    ))
    .execute(&mut *conn)
    .await
    .unwrap();
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_change_feed_forgets_changes_past_its_retention_and_a_rebuild_forgets_the_same(
    pool: PgPool,
) {
    use projections::changes::{horizon, PRUNE_STEP, RETENTION};
    use projections::moves::{COUNTS_KIND, LIVE_KIND};
    let store = EventStore::new(pool.clone(), StoreOptions::default());
    let projector = MovesProjector::new();
    let day = NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();
    let old = append(
        &store,
        1,
        Event::MoveCreated(demo_move(1, client(1), day, 1)),
    )
    .await;
    catch_up(&pool, &projector, 100).await;
    let kinds_at = |position: i64| {
        let pool = pool.clone();
        async move {
            sqlx::query_scalar::<_, String>(
                "SELECT kind FROM live_changes WHERE position = $1 ORDER BY kind",
            )
            .bind(position)
            .fetch_all(&pool)
            .await
            .unwrap()
        }
    };
    assert_eq!(kinds_at(old).await, [LIVE_KIND, COUNTS_KIND]);

    let per_transaction = events_schema::POSITIONS_PER_TRANSACTION;
    let_transactions_pass(&pool, (RETENTION + PRUNE_STEP) / per_transaction + 10).await;
    let new = append(
        &store,
        2,
        Event::MoveCreated(demo_move(2, client(2), day, 2)),
    )
    .await;
    assert!(
        horizon(new) >= old,
        "the new move is a retention and a step later"
    );
    catch_up(&pool, &projector, 100).await;
    assert!(
        kinds_at(old).await.is_empty(),
        "the old move's rows are gone"
    );
    assert_eq!(kinds_at(new).await, [LIVE_KIND, COUNTS_KIND]);

    let live = dump_tables(&pool, projector.tables()).await.unwrap();
    rebuild(&pool, &MovesProjector::new(), 100, |_, _| {})
        .await
        .unwrap();
    assert_eq!(dump_tables(&pool, projector.tables()).await.unwrap(), live);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_rebuild_that_runs_out_of_memory_writes_out_and_still_equals_live(pool: PgPool) {
    let store = EventStore::new(pool.clone(), StoreOptions::default());
    history(&store, 25).await;
    catch_up(&pool, &MovesProjector::new(), 7).await;
    let live = dump_tables(&pool, MovesProjector::new().tables())
        .await
        .unwrap();
    // Room for only three moves: the rebuild writes out and reads back many times over.
    rebuild(&pool, &MovesProjector::with_memory_limit(3), 4, |_, _| {})
        .await
        .unwrap();
    assert_eq!(
        dump_tables(&pool, MovesProjector::new().tables())
            .await
            .unwrap(),
        live
    );
}

/// Applies the real projector, then fails on its `fail_on`-th batch after writing: as if the
/// process died between the writes and the commit.
struct CrashingProjector {
    inner: MovesProjector,
    batches: AtomicUsize,
    fail_on: usize,
}

#[async_trait]
impl Projector for CrashingProjector {
    fn name(&self) -> &'static str {
        MovesProjector::new().name()
    }
    fn tables(&self) -> &'static [&'static str] {
        MovesProjector::new().tables()
    }
    async fn reset(&self, tx: &mut PgConnection) -> Result<(), Error> {
        self.inner.reset(tx).await
    }
    async fn apply(
        &self,
        tx: &mut PgConnection,
        events: &[RecordedEvent],
        mode: projections::Mode,
    ) -> Result<(), Error> {
        self.inner.apply(tx, events, mode).await?;
        if self.batches.fetch_add(1, Ordering::SeqCst) + 1 == self.fail_on {
            // A crash, not a bad event: a lost connection, which the runner retries rather than
            // skipping anything.
            return Err(Error::Database(sqlx::Error::PoolClosed));
        }
        Ok(())
    }
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_projector_stopped_mid_way_and_restarted_produces_the_same_read_models(pool: PgPool) {
    let store = EventStore::new(pool.clone(), StoreOptions::default());
    let last = history(&store, 12).await;

    let crashing = CrashingProjector {
        inner: MovesProjector::new(),
        batches: AtomicUsize::new(0),
        fail_on: 4,
    };
    let mut before_crash = 0;
    while let Ok(p) = step(&pool, &crashing, 5).await {
        before_crash = p;
    }
    let fifteenth: i64 =
        sqlx::query_scalar("SELECT position FROM events ORDER BY position OFFSET 14 LIMIT 1")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(
        before_crash, fifteenth,
        "three batches of five committed before the crash"
    );
    let checkpoint: i64 =
        sqlx::query_scalar("SELECT position FROM projection_checkpoints WHERE name = 'moves'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(checkpoint, fifteenth, "the crashed batch left no trace");

    // Restart with a different batch size and run to the end.
    assert_eq!(catch_up(&pool, &MovesProjector::new(), 3).await, last);
    let resumed = dump_tables(&pool, MovesProjector::new().tables())
        .await
        .unwrap();

    rebuild(&pool, &MovesProjector::new(), 1000, |_, _| {})
        .await
        .unwrap();
    let uninterrupted = dump_tables(&pool, MovesProjector::new().tables())
        .await
        .unwrap();
    assert_eq!(resumed, uninterrupted);
}

/// A poison event never wedges a projection: rebuild and the live runner both record it, skip it
/// and go on to the events after it.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_poison_event_is_recorded_and_skipped_by_rebuild_and_the_live_runner(pool: PgPool) {
    let store = EventStore::new(pool.clone(), StoreOptions::default());
    history(&store, 3).await;
    catch_up(&pool, &MovesProjector::new(), 100).await;
    let before = dump_tables(&pool, MovesProjector::new().tables())
        .await
        .unwrap();

    let poison = EventStore::append_raw_on(
        &mut pool.acquire().await.unwrap(),
        "move-2",
        ExpectedVersion::Any,
        &[RawEvent {
            event_id: Uuid::now_v7(),
            event_type: "move.status_changed".into(),
            schema_version: 1,
            data: serde_json::json!({"from": "pendiente", "to": "volando"}),
            metadata: serde_json::json!({"correlation_id": "0190a8f2-8d1c-7c6e-9a1b-3f5e2d4c6b7a"}),
            occurred_at: chrono::Utc::now(),
        }],
    )
    .await
    .unwrap()
    .first_position;

    let head = tokio::time::timeout(
        Duration::from_secs(30),
        rebuild(&pool, &MovesProjector::new(), 10, |_, _| {}),
    )
    .await
    .expect("a poison event must not hang the rebuild")
    .expect("a rebuild skips what it cannot apply");
    assert!(head >= poison);
    // Nothing else changed: the read model is what it was before the bad event.
    assert_eq!(
        dump_tables(&pool, MovesProjector::new().tables())
            .await
            .unwrap(),
        before
    );
    let skipped = projections::poison_events(&pool).await.unwrap();
    assert!(
        skipped.iter().any(|p| p.projection == "moves"
            && p.position == poison
            && p.error.contains("volando")),
        "{skipped:?}"
    );

    // The live runner passes it too, and the events after it are applied.
    let last = append(
        &store,
        1,
        Event::MoveStatusChanged(MoveStatusChanged {
            from: MoveStatus::Finalizada,
            to: MoveStatus::Cancelada,
            cancellation_fee_cents: None,
        }),
    )
    .await;
    let running = Projections::start(store.clone(), projections::all(), 100);
    assert!(running.wait_for(last, Duration::from_secs(30)).await);
    let status: String =
        sqlx::query_scalar("SELECT doc ->> 'estado' FROM move_staff_view WHERE id = 1")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(status, "cancelada");
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn wait_for_returns_once_the_projection_has_passed_a_position(pool: PgPool) {
    let store = EventStore::new(pool.clone(), StoreOptions::default());
    let running = Projections::start(store.clone(), projections::all(), 100);
    let position = history(&store, 1).await;
    assert!(running.wait_for(position, Duration::from_secs(10)).await);
    assert!(running.position() >= position);
    let status: String = sqlx::query_scalar("SELECT estado FROM move_staff_view WHERE id = 1")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(
        status, "finalizada",
        "the read model shows the last write once wait_for returns"
    );
}
