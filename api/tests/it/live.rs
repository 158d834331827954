//! The live feed over real WebSockets.

use std::time::Duration;

use crate::common::{
    account, account_by_login, in_days, move_of, projected, start, start_with, wizard, Caller,
    LiveClient, TestServer,
};
use api::StartOptions;
use reqwest::Method;
use serde_json::json;
use sqlx::PgPool;

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_change_made_through_the_api_reaches_a_connected_dashboard(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let id = move_of(&pool, &account("cliente").email).await;
    let manager = server.login_role("empresario").await;
    let mut feed = manager.live(None).await.unwrap();

    let worker = server.login_role("empleado").await;
    let (status, body) = worker.set_status(id, "en curso").await;
    assert_eq!(status, 200);
    let frame = feed.next_about(id).await.expect("the change is pushed");
    assert_eq!(frame["position"], body["position"]);
    assert_eq!(frame["kind"], "move");
    assert_eq!(frame["data"]["estado"], "en curso");
    assert!(
        frame["data"]["precio_total"].is_number(),
        "managers see prices live too"
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn resuming_from_the_last_position_delivers_what_was_missed(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let id = move_of(&pool, &account("cliente").email).await;
    let manager = server.login_role("empresario").await;

    let mut feed = manager.live(None).await.unwrap();
    manager.set_status(id, "confirmada").await;
    let seen = feed.next_about(id).await.unwrap();
    let last = seen["position"].as_i64().unwrap();
    feed.close().await;

    // While disconnected, two more changes.
    let (_, a) = manager.set_status(id, "en curso").await;
    let (_, b) = manager.set_status(id, "finalizada").await;

    let mut feed = manager.live(Some(last)).await.unwrap();
    let first = feed.next_about(id).await.expect("the first missed change");
    let second = feed.next_about(id).await.expect("the second missed change");
    assert_eq!(first["position"], a["position"]);
    assert_eq!(first["data"]["estado"], "en curso");
    assert_eq!(second["position"], b["position"]);
    assert_eq!(second["data"]["estado"], "finalizada");
    assert!(
        feed.next_change_within(Duration::from_millis(300))
            .await
            .is_none(),
        "nothing twice"
    );
}

/// The frames of one status change, in the order they arrive, until the feed is quiet.
async fn frames_until_quiet(feed: &mut LiveClient) -> Vec<(i64, String, String)> {
    let mut frames = Vec::new();
    while let Some(f) = feed.next_within(Duration::from_millis(500)).await {
        frames.push((
            f["position"].as_i64().unwrap(),
            f["kind"].as_str().unwrap().to_string(),
            f["id"].as_str().unwrap().to_string(),
        ));
    }
    frames
}

/// A dashboard that lost its connection after a change's counts but before its move's frame
/// resumes from just before that position (the web's useLiveStore): it gets the counts again and
/// the move once; one that saw the move's frame has its counts already.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_positions_counts_come_before_its_move_so_a_resume_never_misses_them(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let id = move_of(&pool, &account("cliente").email).await;
    let manager = server.login_role("empresario").await;

    let mut feed = manager.live(None).await.unwrap();
    let (status, body) = manager.set_status(id, "confirmada").await;
    assert_eq!(status, 200, "{body}");
    let position = body["position"].as_i64().unwrap();
    let live = frames_until_quiet(&mut feed).await;
    feed.close().await;
    let kinds: Vec<&str> = live.iter().map(|(_, kind, _)| kind.as_str()).collect();
    assert!(live.iter().all(|(p, ..)| *p == position), "{live:?}");
    let move_at = kinds.iter().position(|k| *k == "move").expect("the move");
    assert!(move_at > 0, "counts first: {live:?}");
    assert!(
        kinds[..move_at].iter().all(|k| *k == "move_counts"),
        "{live:?}"
    );
    assert!(kinds[move_at..].iter().all(|k| *k == "move"), "{live:?}");

    let mut resumed = manager.live(Some(position - 1)).await.unwrap();
    assert_eq!(
        frames_until_quiet(&mut resumed).await,
        live,
        "everything at the position again"
    );
    resumed.close().await;
    let mut after = manager.live(Some(position)).await.unwrap();
    assert_eq!(
        frames_until_quiet(&mut after).await,
        vec![],
        "nothing twice"
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn each_user_receives_only_what_they_may_see(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let owner = account_by_login("cliente@mudanzas.test");
    let other = account_by_login("pablo@mudanzas.test");
    let id = move_of(&pool, &owner.email).await;
    let others_id = move_of(&pool, &other.email).await;

    let mut owner_feed = server.login(&owner).await.live(None).await.unwrap();
    let mut other_feed = server.login(&other).await.live(None).await.unwrap();
    let mut worker_feed = server
        .login_role("empleado")
        .await
        .live(None)
        .await
        .unwrap();

    let manager = server.login_role("empresario").await;
    manager.set_status(id, "en curso").await;
    manager.set_status(others_id, "cancelada").await;

    let mine = owner_feed.next().await.expect("the owner sees their move");
    assert_eq!(mine["id"], id.to_string());
    assert_eq!(
        mine["data"]["status"], "in_progress",
        "clients get the customer view"
    );
    assert!(mine["data"].get("cliente_telefono").is_none());
    assert!(mine["data"].get("precio").is_none());
    assert!(
        owner_feed
            .next_within(Duration::from_millis(500))
            .await
            .is_none(),
        "and nothing of another client's"
    );

    let theirs = other_feed
        .next()
        .await
        .expect("the other client sees only theirs");
    assert_eq!(theirs["id"], others_id.to_string());

    for _ in 0..2 {
        let frame = worker_feed
            .next_change()
            .await
            .expect("workers see every move");
        assert!(
            frame["data"].get("precio_total").is_none(),
            "but never prices"
        );
        assert!(frame["data"]["estado"].is_string());
    }
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_feed_refuses_anonymous_callers(pool: PgPool) {
    let server = start(pool).await;
    let err = server.anonymous().live(None).await.err().expect("refused");
    let text = err.to_string();
    assert!(text.contains("401"), "{text}");
}

/// A connection that falls behind the in-process broadcast (tokio's `Lagged`) catches up from the
/// database: every change, once, in order.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_lagging_connection_catches_up_instead_of_losing_changes(pool: PgPool) {
    let options = StartOptions {
        broadcast_capacity: 1,
        ..StartOptions::default()
    };
    let server = start_with(pool.clone(), options, None).await;
    projected(&server).await;
    let manager_account = account("empresario");
    let manager = server.login(&manager_account).await;
    let id = move_of(&pool, &account("cliente").email).await;

    let user = user_of(&pool, &manager_account.login, command::Role::Empresario).await;
    let mut cursor = server.state.live.cursor(user, None);
    let mut positions = Vec::new();
    for status in [
        "confirmada",
        "en curso",
        "finalizada",
        "cancelada",
        "pendiente",
    ] {
        let (_, body) = manager.set_status(id, status).await;
        let position = body["position"].as_i64().unwrap();
        positions.push(position);
        // Let each change go out as its own broadcast, so the idle cursor falls behind.
        while server.state.live.sent() < position {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    let mut seen = Vec::new();
    while seen.len() < positions.len() {
        let frames = tokio::time::timeout(Duration::from_secs(5), cursor.next())
            .await
            .unwrap()
            .unwrap();
        seen.extend(frames.iter().filter_map(|f| move_position(f.as_str())));
    }
    assert!(cursor.lagged > 0, "the cursor did fall behind");
    assert_eq!(seen, positions);
}

/// The position of a move's change frame; `None` for any other frame (the hello, the staff
/// lists' counts that follow a change at the same position).
fn move_position(text: &str) -> Option<i64> {
    let frame: serde_json::Value = serde_json::from_str(text).unwrap();
    (frame["kind"] == projections::moves::LIVE_KIND).then(|| frame["position"].as_i64().unwrap())
}

async fn user_of(pool: &PgPool, login: &str, role: command::Role) -> api::auth::User {
    let account = account_by_login(login);
    api::auth::authenticate(pool, &account.login, &account.password, &[role])
        .await
        .unwrap()
        .unwrap()
}

/// A customer's feed takes its batches from a channel of its own, which holds few of them: one
/// that falls behind it catches up from the database like any other, with its own changes only,
/// every one, in order, while another customer's changes pass it by.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_customer_falling_behind_their_own_channel_catches_up(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let id = move_of(&pool, "cliente@mudanzas.test").await;
    let others_id = move_of(&pool, "pablo@mudanzas.test").await;
    let owner = user_of(&pool, "cliente@mudanzas.test", command::Role::Cliente).await;
    let mut cursor = server.state.live.cursor(owner, None);

    let mut mine = Vec::new();
    let cycle = ["confirmada", "en curso", "pendiente"];
    // More of their own changes than the channel holds, each broadcast on its own.
    for i in 0..24 {
        let (_, body) = manager.set_status(id, cycle[i % cycle.len()]).await;
        mine.push(body["position"].as_i64().unwrap());
        let (_, body) = manager
            .set_status(others_id, cycle[(i + 1) % cycle.len()])
            .await;
        let last = body["position"].as_i64().unwrap();
        while server.state.live.sent() < last {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    let mut seen = Vec::new();
    while seen.len() < mine.len() {
        let frames = tokio::time::timeout(Duration::from_secs(5), cursor.next())
            .await
            .expect("their changes arrive")
            .unwrap();
        seen.extend(frames.iter().map(|f| {
            let frame: serde_json::Value = serde_json::from_str(f.as_str()).unwrap();
            assert_eq!(frame["id"], id.to_string(), "only their own move");
            frame["position"].as_i64().unwrap()
        }));
    }
    assert!(cursor.lagged > 0, "the cursor did fall behind its channel");
    assert_eq!(seen, mine);
}

/// A customer's channel is made by their first connection and goes with their last; staff take
/// the broadcast and make none.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_customers_channel_lives_as_long_as_their_connections(pool: PgPool) {
    let server = start(pool.clone()).await;
    let live = &server.state.live;
    let owner = user_of(&pool, "cliente@mudanzas.test", command::Role::Cliente).await;
    let other = user_of(&pool, "pablo@mudanzas.test", command::Role::Cliente).await;
    let manager = user_of(&pool, "gerente@mudanzas.test", command::Role::Empresario).await;

    let first = live.cursor(owner.clone(), None);
    let second = live.cursor(owner, None);
    let theirs = live.cursor(other, None);
    let staff = live.cursor(manager, None);
    assert_eq!(live.customer_channels(), 2);
    drop(first);
    assert_eq!(
        live.customer_channels(),
        2,
        "one connection of theirs is still open"
    );
    drop(second);
    assert_eq!(live.customer_channels(), 1);
    drop(theirs);
    drop(staff);
    assert_eq!(live.customer_channels(), 0);
}

/// A projector that applies nothing until it is opened: a feed whose only projector it is stays
/// where it started, as the feed of a process whose projectors are behind another's.
struct Gate(tokio::sync::watch::Receiver<bool>);

#[async_trait::async_trait]
impl projections::Projector for Gate {
    fn name(&self) -> &'static str {
        "gate (tests/it/live.rs)"
    }

    fn tables(&self) -> &'static [&'static str] {
        &[]
    }

    async fn reset(&self, _tx: &mut sqlx::PgConnection) -> Result<(), projections::Error> {
        Ok(())
    }

    async fn apply(
        &self,
        _tx: &mut sqlx::PgConnection,
        _events: &[events_schema::RecordedEvent],
        _mode: projections::Mode,
    ) -> Result<(), projections::Error> {
        let _ = self.0.clone().wait_for(|open| *open).await;
        Ok(())
    }
}

/// Two processes share the log, so a dashboard may resume at another process than the one it
/// last heard from (a restart behind a load balancer, a process that died), and that one's feed
/// may not yet have broadcast the position the dashboard resumes after. It must then start from
/// that position all the same: what it already has is not sent again.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn resuming_at_a_process_whose_feed_is_behind_sends_nothing_twice(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let manager_account = account("empresario");
    let manager = server.login(&manager_account).await;
    let id = move_of(&pool, &account("cliente").email).await;

    // The other process: its feed's projections wait at the gate.
    let (open, gate) = tokio::sync::watch::channel(false);
    let store = events_schema::EventStore::new(pool.clone(), Default::default());
    let behind = projections::Projections::start(store, vec![std::sync::Arc::new(Gate(gate))], 100);
    let other = api::live::LiveHub::start(pool.clone(), behind, 64)
        .await
        .unwrap();

    // The dashboard heard the first change from this server, then lost its connection.
    let (_, first) = manager.set_status(id, "confirmada").await;
    let seen = first["position"].as_i64().unwrap();
    assert!(other.sent() < seen, "the other feed is behind");
    let user = user_of(&pool, &manager_account.login, command::Role::Empresario).await;
    let mut cursor = other.cursor(user, Some(seen));
    let frames = cursor.start().await.unwrap();
    assert_eq!(frames.len(), 1, "only the hello: {frames:?}");

    let (_, second) = manager.set_status(id, "en curso").await;
    let missed = second["position"].as_i64().unwrap();
    open.send_replace(true);
    let mut positions = Vec::new();
    while positions.last() != Some(&missed) {
        let frames = tokio::time::timeout(Duration::from_secs(10), cursor.next())
            .await
            .expect("the change arrives")
            .unwrap();
        positions.extend(frames.iter().filter_map(|f| move_position(f.as_str())));
    }
    assert_eq!(
        positions,
        vec![missed],
        "the change it had already seen came again"
    );
}

/// A position past the end of the change feed was never this log's (a dashboard left open across
/// a restore from backup): the feed starts from now, as for a dashboard with no position, rather
/// than waiting for the log to get there.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn resuming_after_a_position_the_feed_never_had_starts_from_now(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let manager = server.login_role("empresario").await;
    let id = move_of(&pool, &account("cliente").email).await;
    let end: i64 = sqlx::query_scalar("SELECT max(position) FROM live_changes")
        .fetch_one(&pool)
        .await
        .unwrap();

    let mut feed = manager.live(Some(end + 1_000_000_000_000)).await.unwrap();
    let (_, body) = manager.set_status(id, "en curso").await;
    let frame = feed.next_about(id).await.expect("the change arrives");
    assert_eq!(frame["position"], body["position"]);
}

// ---------------------------------------------------------------------------------------------
// A feed ends with its session (issue 17, item 10): every way a session ends closes the feeds it
// opened, at once, and nothing more reaches them.

/// Far longer than closing takes; the feed stays open for good when nothing closes it.
const CLOSES_WITHIN: Duration = Duration::from_secs(10);

/// The server closes `feed`, and sends it no change first: the tests make a change after ending
/// the session and before calling this.
async fn assert_ended(feed: &mut LiveClient, how: &str) {
    let frames = feed
        .frames_until_closed(CLOSES_WITHIN)
        .await
        .unwrap_or_else(|| panic!("the feed stayed open after {how}"));
    let changes: Vec<_> = frames.iter().filter(|f| f["type"] == "change").collect();
    assert!(
        changes.is_empty(),
        "after {how} the feed still got {changes:?}"
    );
}

/// A change to `id` made by a manager, pushed to every feed that may see it.
async fn touch(server: &TestServer, id: i64, new_status: &str) {
    let (status, body) = server
        .login_role("empresario")
        .await
        .set_status(id, new_status)
        .await;
    assert_eq!(status, 200, "{body}");
}

/// The stored hash of a caller's session token.
fn session_hash(caller: &Caller) -> Vec<u8> {
    let cookie = caller.cookie.as_deref().expect("a session");
    api::auth::token_hash(cookie.trim_start_matches("mudanzas_session="))
}

async fn account_id(pool: &PgPool, login: &str) -> uuid::Uuid {
    sqlx::query_scalar(
        "SELECT id FROM accounts WHERE lower(username) = lower($1) OR lower(email) = lower($1)",
    )
    .bind(login)
    .fetch_one(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn logging_out_closes_the_feeds_of_that_session_and_no_other(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let client = account("cliente");
    let id = move_of(&pool, &client.email).await;
    let leaving = server.login(&client).await;
    let staying = server.login(&client).await;
    let mut leaving_feed = leaving.live(None).await.unwrap();
    let mut staying_feed = staying.live(None).await.unwrap();

    let (status, _) = leaving.send(Method::POST, "/api/logout", json!({})).await;
    assert_eq!(status, 200);
    touch(&server, id, "en curso").await;
    assert_ended(&mut leaving_feed, "logout").await;
    assert!(
        staying_feed.next_about(id).await.is_some(),
        "the feed of the session still open goes on"
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn changing_the_password_closes_the_feeds_of_the_other_sessions(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let client = account("cliente");
    let id = move_of(&pool, &client.email).await;
    let changing = server.login(&client).await;
    let other = server.login(&client).await;
    let mut changing_feed = changing.live(None).await.unwrap();
    let mut other_feed = other.live(None).await.unwrap();

    let (status, body) = changing
        .send(
            Method::PUT,
            "/api/cambiar-password",
            json!({"current_password": client.password, "new_password": "Otra#Clave2027",
                   "confirm_password": "Otra#Clave2027"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    touch(&server, id, "en curso").await;
    assert_ended(&mut other_feed, "a password change in another session").await;
    assert!(
        changing_feed.next_about(id).await.is_some(),
        "the session that changed it keeps its feed"
    );
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn resetting_the_password_by_link_closes_every_feed_of_the_account(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let client = account("cliente");
    let id = move_of(&pool, &client.email).await;
    let mut feed = server.login(&client).await.live(None).await.unwrap();

    let anonymous = server.anonymous();
    let (status, body) = anonymous
        .send(
            Method::POST,
            "/api/forgot-password",
            json!({"email": client.email}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, text) = server.last_email(&client.email).await.unwrap();
    let token = text
        .split_whitespace()
        .find_map(|w| w.split("/recuperar?token=").nth(1))
        .expect("a reset link")
        .to_string();
    let (status, body) = anonymous
        .send(
            Method::POST,
            "/api/restablecer-password",
            json!({"token": token, "password": "Otra#Clave2027"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    touch(&server, id, "en curso").await;
    assert_ended(&mut feed, "a password reset").await;
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn deleting_the_account_closes_its_feeds(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let email = "se.va@correo.es";
    let password = "Clave#Segura2026";
    let client = server.confirmed_client(email, password).await;
    let manager = server.login_role("empresario").await;
    let mut body = wizard(in_days(20));
    body["cliente_email"] = json!(email);
    let (status, created) = manager.send(Method::POST, "/api/crear-mudanza", body).await;
    assert_eq!(status, 200, "{created}");
    let id = created["mudanza"]["id"].as_i64().unwrap();
    let mut feed = client.live(None).await.unwrap();
    // The creation can reach a feed opened right after it (the pump broadcasts after the
    // projections the creation waited for): frames from before the deletion, not what this
    // test is about.
    while feed.next_within(Duration::from_secs(1)).await.is_some() {}

    let (status, body) = client
        .send(
            Method::DELETE,
            "/api/eliminar-cuenta",
            json!({"password": password}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    touch(&server, id, "confirmada").await;
    assert_ended(&mut feed, "the account's deletion").await;
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn deactivating_a_staff_account_closes_its_feeds(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let worker = account("empleado");
    let id = move_of(&pool, &account("cliente").email).await;
    let mut feed = server.login(&worker).await.live(None).await.unwrap();

    let admin = server.login_role("admin").await;
    let worker_id = account_id(&pool, &worker.login).await;
    let (status, body) = admin
        .send(
            Method::POST,
            &format!("/api/admin/personal/{worker_id}/desactivar"),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    touch(&server, id, "en curso").await;
    assert_ended(&mut feed, "the account's deactivation").await;
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn an_admin_resetting_a_staff_password_closes_its_feeds(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let worker = account("empleado");
    let id = move_of(&pool, &account("cliente").email).await;
    let mut feed = server.login(&worker).await.live(None).await.unwrap();

    let admin = server.login_role("admin").await;
    let worker_id = account_id(&pool, &worker.login).await;
    let (status, body) = admin
        .send(
            Method::POST,
            &format!("/api/admin/personal/{worker_id}/restablecer-password"),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    touch(&server, id, "en curso").await;
    assert_ended(&mut feed, "the admin's password reset").await;
}

#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_feed_closes_when_its_session_expires(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let client = server.login(&account("cliente")).await;
    sqlx::query(
        "UPDATE sessions SET expires_at = now() + interval '2 seconds' WHERE token_hash = $1",
    )
    .bind(session_hash(&client))
    .execute(&pool)
    .await
    .unwrap();
    let mut feed = client.live(None).await.unwrap();
    assert!(
        feed.frames_until_closed(CLOSES_WITHIN).await.is_some(),
        "the feed outlived its session's expiry"
    );
}

/// The class: the database names every session row that goes, whatever removes it, so a way of
/// ending sessions added later cannot forget the feeds.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_session_removed_by_any_statement_closes_its_feeds(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let client = account("cliente");
    let id = move_of(&pool, &client.email).await;
    let caller = server.login(&client).await;
    let mut feed = caller.live(None).await.unwrap();
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
        .bind(session_hash(&caller))
        .execute(&pool)
        .await
        .unwrap();
    touch(&server, id, "en curso").await;
    assert_ended(&mut feed, "its session row's removal").await;
}

/// Two server processes on one database: a session ended through one closes the feed it opened
/// on the other.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_session_ended_on_one_process_closes_its_feeds_on_another(pool: PgPool) {
    let here = start(pool.clone()).await;
    let there = start(pool.clone()).await;
    projected(&here).await;
    projected(&there).await;
    let client = account("cliente");
    let id = move_of(&pool, &client.email).await;
    let caller = here.login(&client).await;
    let on_there = Caller {
        base: there.base.clone(),
        ..caller.clone()
    };
    let mut feed = on_there.live(None).await.unwrap();
    let (status, _) = caller.send(Method::POST, "/api/logout", json!({})).await;
    assert_eq!(status, 200);
    touch(&here, id, "en curso").await;
    assert_ended(&mut feed, "logout on the other process").await;
}

// ---------------------------------------------------------------------------------------------
// Replay follows the ownership of `mis-mudanzas` (issue 17, item 11).

/// A deleted account's moves keep its email in the history the feed replays; a new account with
/// that email owns none of them (`mis-mudanzas` shows none), and its replay shows none either.
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn a_new_account_with_a_deleted_accounts_email_is_replayed_none_of_its_moves(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let email = "reutilizado@correo.es";
    let password = "Clave#Segura2026";
    let first = server.confirmed_client(email, password).await;
    let before = server.state.store.max_position().await.unwrap();
    let manager = server.login_role("empresario").await;
    let mut body = wizard(in_days(20));
    body["cliente_email"] = json!(email);
    let (status, created) = manager.send(Method::POST, "/api/crear-mudanza", body).await;
    assert_eq!(status, 200, "{created}");
    let id = created["mudanza"]["id"].as_i64().unwrap();
    manager.set_status(id, "confirmada").await;
    let (_, theirs) = first.get("/api/mis-mudanzas").await;
    assert_eq!(theirs["mudanzas"].as_array().unwrap().len(), 1, "{theirs}");

    let (status, body) = first
        .send(
            Method::DELETE,
            "/api/eliminar-cuenta",
            json!({"password": password}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let second = server.confirmed_client(email, password).await;
    let (_, theirs) = second.get("/api/mis-mudanzas").await;
    assert_eq!(theirs["mudanzas"], json!([]), "{theirs}");

    // The history does hold the move's changes: staff are replayed them.
    let mut staff = manager.live(Some(before)).await.unwrap();
    assert!(staff.next_about(id).await.is_some());
    let mut replay = second.live(Some(before)).await.unwrap();
    let frame = replay.next_within(Duration::from_secs(1)).await;
    assert!(frame.is_none(), "replayed to the new account: {frame:?}");
}

/// Issue 20: the crew's milestones reach the move's client on the feed as they are recorded,
/// with the day's plan and the crew's first name (never their full name or id).
#[sqlx::test(migrator = "events_schema::MIGRATOR")]
async fn the_crews_milestones_reach_their_client_live(pool: PgPool) {
    let server = start(pool.clone()).await;
    projected(&server).await;
    let owner = account_by_login("cliente@mudanzas.test");
    let id = move_of(&pool, &owner.email).await;
    let crate::common::Crew {
        worker, worker_id, ..
    } = crate::common::crew_for(&server, id, "EMP-002").await;
    let mut feed = server.login(&owner).await.live(None).await.unwrap();

    let (status, body) = worker
        .send(
            Method::POST,
            &format!("/api/mudanza/{id}/hito"),
            json!({"hito": "en_camino"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["mudanza"]["estado"], "en curso",
        "leaving starts the move"
    );
    // The move's start and the milestone are two events: a frame each.
    let started = feed.next_about(id).await.expect("the client is told");
    assert_eq!(started["data"]["status"], "in_progress");
    let frame = feed.next_about(id).await.expect("and of the milestone");
    let data = &frame["data"];
    assert_eq!(data["status"], "in_progress");
    assert_eq!(data["hitos"][0]["hito"], "en_camino");
    assert_eq!(data["equipo"], json!(["Ana"]), "the crew by first name");
    assert!(
        !frame.to_string().contains("Ruiz") && !frame.to_string().contains(&worker_id.to_string())
    );
    let history: Vec<&str> = data["historial"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["status"].as_str().unwrap())
        .collect();
    assert_eq!(history.last(), Some(&"in_progress"));
    assert!(
        history.len() >= 3,
        "created, confirmed, started: {history:?}"
    );

    // Out of order: refused with the one that comes first; a retry records nothing twice.
    let (status, body) = worker
        .send(
            Method::POST,
            &format!("/api/mudanza/{id}/hito"),
            json!({"hito": "carga_terminada"}),
        )
        .await;
    assert_eq!(status, 409);
    assert_eq!(body["error"], "Registra antes «Llegada al origen»");
    let (status, _) = worker
        .send(
            Method::POST,
            &format!("/api/mudanza/{id}/hito"),
            json!({"hito": "en_camino"}),
        )
        .await;
    assert_eq!(status, 200);
    let (status, body) = worker
        .send(
            Method::POST,
            &format!("/api/mudanza/{id}/hito"),
            json!({"hito": "llegada_origen"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let frame = feed.next_about(id).await.expect("the second milestone");
    let recorded: Vec<&str> = frame["data"]["hitos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["hito"].as_str().unwrap())
        .collect();
    assert_eq!(recorded, ["en_camino", "llegada_origen"]);

    // Anything else is refused as a bad request, in Spanish.
    let (status, body) = worker
        .send(
            Method::POST,
            &format!("/api/mudanza/{id}/hito"),
            json!({"hito": "teletransporte"}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["error"].is_string());
}
