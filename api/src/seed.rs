//! Demo data for a fresh installation: one account per role (from `seed/demo-accounts.json`, the
//! file the README and the tests also read) and a few sample moves, written as events through the
//! Move decider like any other. Running it again changes nothing.

use std::path::Path;

use chrono::{Days, Utc};
use command::decider::Fixed;
use command::demo::demo_move;
use command::identity::identifier;
use command::moves::{MoveCommand, MoveDecider, MoveState};
use command::reviews::{ReviewCommand, ReviewDecider};
use command::{Context, Decider, Role};
use events_schema::events::{
    worker_day_stream, MoveStatus, Person, ReviewId, ReviewSubmitted, WorkerAssigned,
    WorkerDayBooked,
};
use events_schema::{
    Event, EventStore, ExpectedVersion, Metadata, NewEvent, StoreOptions, StreamAppend,
};
use serde::Deserialize;
use sha2::Digest;
use sqlx::PgPool;
use uuid::Uuid;

use crate::auth::hash_password;

/// The seed decides as a manager with no account of its own (its events say `seed`).
const SEED_ACTOR: Uuid = Uuid::nil();

#[derive(Debug, Clone, Deserialize)]
pub struct DemoAccount {
    pub role: String,
    pub login: String,
    pub password: String,
    pub nombre: String,
    pub email: String,
}

impl DemoAccount {
    /// The call and body that log this account in, as the web app sends them: clients through
    /// the login modal, staff through the staff login's tab for their role.
    pub fn login_request(&self) -> (&'static str, serde_json::Value) {
        if self.role == "cliente" {
            let body = serde_json::json!({"email": self.login, "password": self.password});
            return ("/api/login", body);
        }
        let tab = if self.role == "empleado" {
            "empleado"
        } else {
            "empresario"
        };
        let body =
            serde_json::json!({"username": self.login, "password": self.password, "role": tab});
        ("/api/worker/login", body)
    }
}

pub fn demo_accounts(seed_dir: &Path) -> Result<Vec<DemoAccount>, String> {
    let path = seed_dir.join("demo-accounts.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

pub async fn seed(pool: &PgPool, seed_dir: &Path) -> Result<(), String> {
    let accounts = demo_accounts(seed_dir)?;
    for a in &accounts {
        let role = Role::parse(&a.role).ok_or_else(|| format!("unknown role {}", a.role))?;
        // Workers log in with their employee id; everyone else with their email.
        let username = (role == Role::Empleado).then_some(a.login.as_str());
        let email = identifier(&a.email);
        let username_key = username.map(identifier);
        let exists: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM accounts WHERE email = $1 OR username_key = $2)",
        )
        .bind(&email)
        .bind(&username_key)
        .fetch_one(pool)
        .await
        .map_err(|e| e.to_string())?;
        if exists {
            continue;
        }
        let hash = hash_password(&a.password).map_err(|e| e.to_string())?;
        sqlx::query(
            "INSERT INTO accounts (id, role, email, username, username_key, password_hash, nombre, \
             telefono, direccion, ciudad, codigo_postal, email_confirmed) VALUES ($1, $2, $3, $4, \
             $5, $6, $7, '612 345 678', 'Calle de Alcalá 120, 3ºB', 'Madrid', '28009', true)",
        )
        .bind(Uuid::now_v7())
        .bind(role.as_str())
        .bind(&email)
        .bind(username)
        .bind(&username_key)
        .bind(hash)
        .bind(&a.nombre)
        .execute(pool)
        .await
        .map_err(|e| e.to_string())?;
    }
    seed_moves(pool, &accounts).await?;
    seed_reviews(pool, seed_dir).await
}

/// The company's testimonials from before this software (`seed/opiniones.json`, the spec's
/// eight), imported as published reviews without a move.
async fn seed_reviews(pool: &PgPool, seed_dir: &Path) -> Result<(), String> {
    let path = seed_dir.join("opiniones.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let reviews: Vec<ReviewSubmitted> =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let store = EventStore::new(pool.clone(), StoreOptions::default());
    let generate = Fixed::default();
    let ctx = Context {
        now: Utc::now(),
        role: Some(Role::Empresario),
        generate: &generate,
    };
    for (n, review) in reviews.into_iter().enumerate() {
        let id = ReviewId::Imported(n as i64 + 1);
        let stream = ReviewDecider::stream(&id);
        if store
            .stream_version(&stream)
            .await
            .map_err(|e| e.to_string())?
            > 0
        {
            continue;
        }
        let events: Vec<NewEvent> = ReviewDecider::decide(
            &Default::default(),
            ReviewCommand::Import(Box::new(review)),
            &ctx,
        )
        .map_err(|e| format!("{}: {e}", path.display()))?
        .into_iter()
        .map(|e| NewEvent::new(e, Metadata::system("seed")))
        .collect();
        store
            .append(&stream, ExpectedVersion::NoStream, &events)
            .await
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Demo keys are derived from the demo move's index, so the README can name one; real moves get
/// random keys (`pipeline::Random`).
fn demo_key(n: usize) -> String {
    let digest = sha2::Sha256::digest(format!("clave-demo-{n}").as_bytes());
    let mut bytes = [0u8; command::payments::KEY_LENGTH];
    bytes.copy_from_slice(&digest[..command::payments::KEY_LENGTH]);
    command::payments::key_from_bytes(bytes)
}

async fn seed_moves(pool: &PgPool, accounts: &[DemoAccount]) -> Result<(), String> {
    let any_move: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM events WHERE stream_id LIKE 'move-%')")
            .fetch_one(pool)
            .await
            .map_err(|e| e.to_string())?;
    if any_move {
        return Ok(());
    }
    let clients: Vec<&DemoAccount> = accounts.iter().filter(|a| a.role == "cliente").collect();
    let worker: Option<(Uuid, String)> = sqlx::query_as(
        "SELECT id, nombre FROM accounts WHERE role = 'empleado' ORDER BY username LIMIT 1",
    )
    .fetch_optional(pool)
    .await
    .map_err(|e| e.to_string())?;
    if clients.is_empty() {
        return Ok(());
    }
    let store = EventStore::new(
        pool.clone(),
        StoreOptions {
            cross_process: false,
            ..Default::default()
        },
    );
    // The company's calendar day, as the dashboards and the staff lists read 'today'.
    let today = events_schema::calendar::today();
    // (days from today, status the move has reached)
    let plan = [
        (-12i64, MoveStatus::Finalizada),
        (-3, MoveStatus::Finalizada),
        (0, MoveStatus::EnCurso),
        (2, MoveStatus::Confirmada),
        (5, MoveStatus::Pendiente),
        (9, MoveStatus::Pendiente),
        (14, MoveStatus::Cancelada),
        (21, MoveStatus::Pendiente),
    ];
    for (n, (days, status)) in plan.into_iter().enumerate() {
        let client = clients[n % clients.len()];
        let date = if days < 0 {
            today.checked_sub_days(Days::new(days.unsigned_abs()))
        } else {
            today.checked_add_days(Days::new(days as u64))
        }
        .unwrap_or(today);
        let move_id: i64 = sqlx::query_scalar("SELECT nextval('move_number_seq')")
            .fetch_one(pool)
            .await
            .map_err(|e| e.to_string())?;
        let person = Person {
            nombre: client.nombre.clone(),
            telefono: "612 345 678".into(),
            email: client.email.clone(),
        };
        let mut commands = vec![MoveCommand::Create(Box::new(demo_move(
            move_id, person, date, n,
        )))];
        if let (Some((id, name)), true) = (&worker, status != MoveStatus::Pendiente) {
            commands.push(MoveCommand::AssignWorker(WorkerAssigned {
                worker_id: *id,
                worker_name: name.clone(),
            }));
        }
        if status != MoveStatus::Pendiente {
            commands.push(MoveCommand::ChangeStatus {
                to: status,
                by: SEED_ACTOR,
            });
        }
        let generate = Fixed { key: demo_key(n) };
        let ctx = Context {
            now: Utc::now(),
            role: Some(Role::Empresario),
            generate: &generate,
        };
        let (state, decided) = MoveDecider::decide_all(MoveState::default(), commands, &ctx)
            .map_err(|e| e.to_string())?;
        let events: Vec<NewEvent> = decided
            .into_iter()
            .map(|e| NewEvent::new(e, Metadata::system("seed")))
            .collect();
        // An assigned worker is booked for the day, as an assignment through the API does.
        let booking: Vec<NewEvent> = match (&worker, state.worker) {
            (Some((id, _)), Some(_)) => vec![NewEvent::new(
                Event::WorkerDayBooked(WorkerDayBooked {
                    worker_id: *id,
                    fecha: date,
                    move_id,
                }),
                Metadata::system("seed"),
            )],
            _ => Vec::new(),
        };
        let stream = MoveDecider::stream(&move_id);
        let day = worker
            .as_ref()
            .map(|(id, _)| worker_day_stream(*id, date))
            .unwrap_or_default();
        let mut appends = vec![StreamAppend {
            stream: &stream,
            expected: ExpectedVersion::NoStream,
            events: &events,
        }];
        if !booking.is_empty() {
            appends.push(StreamAppend {
                stream: &day,
                expected: ExpectedVersion::NoStream,
                events: &booking,
            });
        }
        store
            .append_streams(&appends)
            .await
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    /// README 'Demo accounts' names Marta Sánchez's pending move nº 5 (the fifth demo move) by
    /// its key.
    #[test]
    fn the_demo_key_the_readme_names() {
        assert_eq!(
            command::payments::display_key(&super::demo_key(4)),
            "EYGK-BRKD"
        );
    }
}
