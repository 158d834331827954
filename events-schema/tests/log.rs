//! The log against a real PostgreSQL, one fresh database per test.

mod common;

use common::{status_event, store};

use std::collections::HashSet;
use std::time::Duration;

use events_schema::events::MoveStatus;
use events_schema::{Error, Event, EventStore, ExpectedVersion, NewEvent, StoreOptions};
use sqlx::PgPool;

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn appends_number_the_stream_and_read_back_in_order(pool: PgPool) {
    let store = store(&pool);
    let a = store
        .append(
            "move-1",
            ExpectedVersion::NoStream,
            &[status_event(MoveStatus::Confirmada)],
        )
        .await
        .unwrap();
    assert_eq!(a.stream_version, 1);
    let b = store
        .append(
            "move-1",
            ExpectedVersion::Exact(1),
            &[
                status_event(MoveStatus::EnCurso),
                status_event(MoveStatus::Finalizada),
            ],
        )
        .await
        .unwrap();
    assert_eq!(
        (b.stream_version, b.last_position - b.first_position),
        (3, 1)
    );
    assert!(b.first_position > a.last_position);

    let events = store.read_stream("move-1").await.unwrap();
    let versions: Vec<i64> = events.iter().map(|e| e.stream_version).collect();
    assert_eq!(versions, vec![1, 2, 3]);
    match events[2].decode().unwrap() {
        Event::MoveStatusChanged(c) => assert_eq!(c.to, MoveStatus::Finalizada),
        other => panic!("{other:?}"),
    }
    assert_eq!(events[0].metadata.actor_role.as_deref(), Some("system"));
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_stale_expected_version_is_a_typed_conflict(pool: PgPool) {
    let store = store(&pool);
    store
        .append(
            "move-7",
            ExpectedVersion::NoStream,
            &[status_event(MoveStatus::Confirmada)],
        )
        .await
        .unwrap();
    let stale = store
        .append(
            "move-7",
            ExpectedVersion::NoStream,
            &[status_event(MoveStatus::EnCurso)],
        )
        .await;
    assert!(
        matches!(
            stale,
            Err(Error::Conflict {
                actual: Some(1),
                expected: Some(0),
                ..
            })
        ),
        "{stale:?}"
    );
    let ahead = store
        .append(
            "move-7",
            ExpectedVersion::Exact(5),
            &[status_event(MoveStatus::EnCurso)],
        )
        .await;
    assert!(matches!(ahead, Err(Error::Conflict { .. })), "{ahead:?}");
    assert_eq!(
        store.read_stream("move-7").await.unwrap().len(),
        1,
        "nothing half-written"
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_same_event_id_twice_stores_one_event(pool: PgPool) {
    let store = store(&pool);
    let event = status_event(MoveStatus::Confirmada);
    let first = store
        .append(
            "move-2",
            ExpectedVersion::NoStream,
            std::slice::from_ref(&event),
        )
        .await
        .unwrap();
    // A retry decided on the same (now stale) version must still be recognised as the same append.
    let again = store
        .append(
            "move-2",
            ExpectedVersion::NoStream,
            std::slice::from_ref(&event),
        )
        .await
        .unwrap();
    assert!(!first.duplicate);
    assert!(again.duplicate);
    assert_eq!(again.last_position, first.last_position);
    let count: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(count, 1);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn concurrent_appends_of_one_event_id_store_it_once(pool: PgPool) {
    let store = store(&pool);
    let event = status_event(MoveStatus::Confirmada);
    let tasks: Vec<_> = (0..8)
        .map(|_| {
            let (store, event) = (store.clone(), event.clone());
            tokio::spawn(async move {
                store
                    .append("move-3", ExpectedVersion::Any, std::slice::from_ref(&event))
                    .await
            })
        })
        .collect();
    let mut fresh = 0;
    for t in tasks {
        let appended = t
            .await
            .unwrap()
            .expect("every retry of the same event succeeds");
        fresh += usize::from(!appended.duplicate);
    }
    assert_eq!(fresh, 1);
    assert_eq!(store.read_stream("move-3").await.unwrap().len(), 1);
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_database_refuses_update_delete_and_truncate(pool: PgPool) {
    let store = store(&pool);
    store
        .append(
            "move-4",
            ExpectedVersion::NoStream,
            &[status_event(MoveStatus::Confirmada)],
        )
        .await
        .unwrap();
    for sql in [
        "UPDATE events SET data = '{}'",
        "DELETE FROM events",
        // Plain TRUNCATE is refused first by log_chain's foreign key (0009); CASCADE gets past
        // that to the triggers.
        "TRUNCATE events CASCADE",
    ] {
        let err = sqlx::query(sql).execute(&pool).await.unwrap_err();
        assert!(err.to_string().contains("append-only"), "{sql}: {err}");
    }
    assert_eq!(store.read_stream("move-4").await.unwrap().len(), 1);
}

/// An append can commit together with the caller's other writes, once per transaction.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn an_append_commits_with_the_callers_transaction_once(pool: PgPool) {
    let mut tx = pool.begin().await.unwrap();
    sqlx::query("INSERT INTO projection_checkpoints (name) VALUES ('x')")
        .execute(&mut *tx)
        .await
        .unwrap();
    EventStore::append_on(
        &mut tx,
        "move-5",
        ExpectedVersion::NoStream,
        &[status_event(MoveStatus::Confirmada)],
    )
    .await
    .unwrap();
    let second = EventStore::append_on(
        &mut tx,
        "move-55",
        ExpectedVersion::NoStream,
        &[status_event(MoveStatus::Confirmada)],
    )
    .await;
    assert!(
        matches!(second, Err(Error::SecondAppendInTransaction)),
        "{second:?}"
    );
    tx.rollback().await.unwrap();
    let store = store(&pool);
    assert!(store.read_stream("move-5").await.unwrap().is_empty());
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn conflicting_appends_to_one_stream_have_exactly_one_winner(pool: PgPool) {
    let store = store(&pool);
    store
        .append(
            "move-6",
            ExpectedVersion::NoStream,
            &[status_event(MoveStatus::Pendiente)],
        )
        .await
        .unwrap();
    let tasks: Vec<_> = (0..8)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move {
                store
                    .append(
                        "move-6",
                        ExpectedVersion::Exact(1),
                        &[status_event(MoveStatus::EnCurso)],
                    )
                    .await
            })
        })
        .collect();
    let mut wins = 0;
    for t in tasks {
        match t.await.unwrap() {
            Ok(_) => wins += 1,
            Err(Error::Conflict { .. }) => {}
            Err(other) => panic!("unexpected {other}"),
        }
    }
    assert_eq!(wins, 1);
    assert_eq!(store.read_stream("move-6").await.unwrap().len(), 2);
}

/// The failure peer stores shipped: a lower position is taken first but commits last. A follower
/// must not hand out the higher one before it, nor skip it afterwards.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_follower_waits_for_a_lower_position_that_commits_late(pool: PgPool) {
    let store = store(&pool);
    let mut slow = pool.begin().await.unwrap();
    let slow_position = EventStore::append_on(
        &mut slow,
        "move-slow",
        ExpectedVersion::Any,
        &[status_event(MoveStatus::Confirmada)],
    )
    .await
    .unwrap()
    .first_position;

    let fast = store
        .append(
            "move-fast",
            ExpectedVersion::NoStream,
            &[status_event(MoveStatus::EnCurso)],
        )
        .await
        .unwrap();
    assert!(
        fast.first_position > slow_position,
        "the slow transaction holds the lower position"
    );

    let mut follower = store.follow(0, 100);
    let early = tokio::time::timeout(Duration::from_millis(500), follower.next_batch()).await;
    assert!(
        early.is_err(),
        "nothing may be delivered while the lower position is in flight: {early:?}"
    );

    slow.commit().await.unwrap();
    store.hint(fast.last_position);
    let mut seen = Vec::new();
    while seen.len() < 2 {
        let batch = tokio::time::timeout(Duration::from_secs(10), follower.next_batch())
            .await
            .expect("delivered after the commit")
            .unwrap();
        seen.extend(batch.into_iter().map(|e| e.position));
    }
    assert_eq!(seen, vec![slow_position, fast.first_position]);
}

/// At least 8 concurrent writers append thousands of events while a follower runs: it receives
/// every event exactly once, in position order.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_follower_sees_every_event_once_in_order_under_eight_writers(pool: PgPool) {
    const WRITERS: usize = 8;
    const APPENDS: usize = 250;
    let store = store(&pool);
    let follower_store = store.clone();
    let expected_total = WRITERS * APPENDS * 2;
    let follower = tokio::spawn(async move {
        let mut follower = follower_store.follow(0, 500);
        let mut positions = Vec::with_capacity(expected_total);
        let mut ids = HashSet::new();
        while positions.len() < expected_total {
            for e in follower.next_batch().await.unwrap() {
                assert!(
                    ids.insert(e.event_id),
                    "event {} delivered twice",
                    e.position
                );
                positions.push(e.position);
            }
        }
        positions
    });
    let writers: Vec<_> = (0..WRITERS)
        .map(|w| {
            let store = store.clone();
            tokio::spawn(async move {
                for i in 0..APPENDS {
                    // Alternate single and double appends over a few streams per writer.
                    let stream = format!("move-{}", w * 10 + i % 3);
                    let batch: Vec<NewEvent> =
                        (0..2).map(|_| status_event(MoveStatus::EnCurso)).collect();
                    if i % 2 == 0 {
                        store
                            .append(&stream, ExpectedVersion::Any, &batch)
                            .await
                            .unwrap();
                    } else {
                        for e in batch {
                            store
                                .append(&stream, ExpectedVersion::Any, &[e])
                                .await
                                .unwrap();
                        }
                    }
                }
            })
        })
        .collect();
    for w in writers {
        w.await.unwrap();
    }
    let positions = tokio::time::timeout(Duration::from_secs(60), follower)
        .await
        .expect("the follower caught up")
        .unwrap();
    assert_eq!(positions.len(), expected_total);
    assert!(
        positions.windows(2).all(|w| w[0] < w[1]),
        "strictly increasing"
    );
    let stored: Vec<i64> = sqlx::query_scalar("SELECT position FROM events ORDER BY position")
        .fetch_all(&pool)
        .await
        .unwrap();
    assert_eq!(positions, stored, "exactly the stored events, none skipped");
}

/// Another process's append reaches a follower through NOTIFY (the poll is too slow to explain
/// it), also after the LISTEN connection was killed.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn notifications_wake_other_processes_and_survive_a_dead_listen_connection(pool: PgPool) {
    let slow_poll = StoreOptions {
        poll_interval: Duration::from_secs(120),
        ..StoreOptions::default()
    };
    let writer = EventStore::new(pool.clone(), slow_poll.clone());
    let reader = EventStore::new(pool.clone(), slow_poll);
    let listening = || async {
        sqlx::query_scalar::<_, i32>(
            "SELECT pid FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = current_database()",
        )
        .fetch_all(&pool)
        .await
        .unwrap()
    };
    // Two stores, two listeners; wait until both are up.
    while listening().await.len() < 2 {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut follower = reader.follow(0, 100);
    writer
        .append(
            "move-1",
            ExpectedVersion::Any,
            &[status_event(MoveStatus::EnCurso)],
        )
        .await
        .unwrap();
    let got = tokio::time::timeout(Duration::from_secs(10), follower.next_batch())
        .await
        .expect("woken by NOTIFY")
        .unwrap();
    assert_eq!(got.len(), 1);

    let before: HashSet<i32> = listening().await.into_iter().collect();
    sqlx::query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = current_database()")
        .execute(&pool)
        .await
        .unwrap();
    // Wait for fresh LISTEN connections to replace the killed ones.
    loop {
        let now: HashSet<i32> = listening().await.into_iter().collect();
        if now.len() >= 2 && now.is_disjoint(&before) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    writer
        .append(
            "move-1",
            ExpectedVersion::Any,
            &[status_event(MoveStatus::Finalizada)],
        )
        .await
        .unwrap();
    let got = tokio::time::timeout(Duration::from_secs(10), follower.next_batch())
        .await
        .expect("woken by NOTIFY on the new connection")
        .unwrap();
    assert_eq!(got[0].stream_version, 2);
}

/// Several streams in one transaction: all or nothing, each at its own expected version; and of
/// concurrent attempts to claim one stream, exactly one wins (what worker bookings rely on).
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn an_append_to_several_streams_is_all_or_nothing(pool: PgPool) {
    use events_schema::StreamAppend;
    let store = store(&pool);
    store
        .append(
            "move-70",
            ExpectedVersion::NoStream,
            &[status_event(MoveStatus::Pendiente)],
        )
        .await
        .unwrap();

    let a = [status_event(MoveStatus::EnCurso)];
    let b = [
        status_event(MoveStatus::Confirmada),
        status_event(MoveStatus::EnCurso),
    ];
    let both = [
        StreamAppend {
            stream: "move-70",
            expected: ExpectedVersion::Exact(1),
            events: &a,
        },
        StreamAppend {
            stream: "move-71",
            expected: ExpectedVersion::NoStream,
            events: &b,
        },
    ];
    let done = store.append_streams(&both).await.unwrap();
    assert_eq!(
        (done[0].stream_version, done[1].stream_version),
        (2, 2),
        "{done:?}"
    );
    assert!(done[1].first_position > done[0].last_position);
    assert!(!done[0].duplicate);
    // The same command again (same event ids): a success that wrote nothing.
    let again = store.append_streams(&both).await.unwrap();
    assert!(again.iter().all(|a| a.duplicate));
    assert_eq!(again[1].stream_version, 2);

    // One stale stream: nothing is written to either.
    let c = [status_event(MoveStatus::Finalizada)];
    let d = [status_event(MoveStatus::Finalizada)];
    let stale = store
        .append_streams(&[
            StreamAppend {
                stream: "move-72",
                expected: ExpectedVersion::NoStream,
                events: &c,
            },
            StreamAppend {
                stream: "move-70",
                expected: ExpectedVersion::Exact(1),
                events: &d,
            },
        ])
        .await;
    match stale {
        Err(Error::Conflict { stream, actual, .. }) => {
            assert_eq!((stream.as_str(), actual), ("move-70", Some(2)));
        }
        other => panic!("expected a conflict, got {other:?}"),
    }
    assert!(store.read_stream("move-72").await.unwrap().is_empty());

    // Eight claims of one stream at once, each with a stream of its own: one winner.
    let tasks: Vec<_> = (0..8)
        .map(|i| {
            let store = store.clone();
            tokio::spawn(async move {
                let claim = [status_event(MoveStatus::Confirmada)];
                let own = [status_event(MoveStatus::Confirmada)];
                let mine = format!("move-{}", 100 + i);
                store
                    .append_streams(&[
                        StreamAppend {
                            stream: "worker-claimed",
                            expected: ExpectedVersion::NoStream,
                            events: &claim,
                        },
                        StreamAppend {
                            stream: &mine,
                            expected: ExpectedVersion::NoStream,
                            events: &own,
                        },
                    ])
                    .await
                    .is_ok()
            })
        })
        .collect();
    let mut wins = 0;
    for t in tasks {
        wins += usize::from(t.await.unwrap());
    }
    assert_eq!(wins, 1);
    let written: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE stream_id ~ '^move-1[0-9][0-9]$' OR stream_id = 'worker-claimed'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(written, 2, "the losers wrote nothing");
}
