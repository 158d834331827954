//! Whatever the deciders accept, every projector applies (issue 17, item 8). Random commands —
//! texts up to their limits of any Unicode (combining marks, emoji, right-to-left, NUL and other
//! controls), emails at the longest, boundary amounts — go through the deciders; every event they
//! accept is appended to a real log, projected live in small batches, and no projector may skip
//! one. Then each projection is rebuilt and must equal what live projection left.

use chrono::{Days, NaiveDate};
use command::claims::{ClaimCommand, ClaimDecider, Delivered};
use command::decider::Fixed;
use command::moves::{MoveCommand, MoveDecider, MoveState};
use command::pricing::{price, PriceParts};
use command::quotes::{QuoteCommand, QuoteDecider, QuoteDraft, QuoteState};
use command::reviews::{Draft, ReviewCommand, ReviewDecider};
use command::{text, Context, Decider, Role};
use events_schema::events::{
    claim_stream, move_stream, quote_stream, review_stream, AccessDetails, ClaimResolution,
    Contact, Milestone, MoveDetailsCompleted, MoveDetailsUpdated, MoveStatus, ObjectCondition,
    ObjectConditionNoted, Person, PhotoAdded, PhotoObject, QuoteAddress, QuoteConsent, QuoteObject,
    ReviewId, Services, Signer, WaybillSigned, WaybillStage,
};
use events_schema::{Event, EventStore, ExpectedVersion, Metadata, NewEvent};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRunner};
use sqlx::PgPool;
use uuid::Uuid;

/// Cases per run: enough to meet every kind of character many times, small enough for a
/// minute on a slow machine.
const CASES: u32 = 120;

/// Characters that lowercasing, trimming, length checks or PostgreSQL treat unlike plain letters,
/// but that a person may type.
fn edge_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => any::<char>().prop_filter("typed", |c| !c.is_control()),
        1 => prop::sample::select(vec![
            ' ', '\u{301}', '\u{302}', '\u{200D}', '\u{202E}', '\u{200F}', '\u{FEFF}', '\u{FFFF}',
            '\u{10FFFF}', 'İ', 'ß', 'ש', 'م', '🚚', '👩', '"', '\\', '\'', '<', '%', 'ñ',
        ]),
        2 => prop::char::range('a', 'z'),
    ]
}

/// Control characters (NUL among them): the deciders refuse them outside multi-line texts.
fn control_char() -> impl Strategy<Value = char> {
    prop_oneof![
        Just('\0'),
        Just('\n'),
        Just('\t'),
        Just('\u{7f}'),
        any::<char>().prop_filter("control", |c| c.is_control()),
    ]
}

/// Text of up to `max` characters, most often near the limit; now and then with controls.
fn text_upto(max: usize) -> impl Strategy<Value = String> {
    let typed = || prop::collection::vec(edge_char(), 1..=max);
    prop_oneof![
        4 => typed().prop_map(String::from_iter),
        4 => prop::collection::vec(edge_char(), max.saturating_sub(3).max(1)..=max)
            .prop_map(String::from_iter),
        1 => (typed(), control_char(), any::<prop::sample::Index>()).prop_map(|(mut chars, c, at)| {
            chars.insert(at.index(chars.len() + 1), c);
            String::from_iter(chars)
        }),
    ]
}

/// A syntactically valid email, up to the longest one accepted.
fn email() -> impl Strategy<Value = String> {
    (
        "[a-z0-9][a-z0-9._+-]{0,62}[a-z0-9]",
        prop::collection::vec("[a-z0-9]{1,60}", 1..4),
    )
        .prop_map(|(local, labels)| {
            let mut email = format!("{local}@{}.es", labels.join("."));
            while email.chars().count() > text::EMAIL_MAX {
                email.remove(0);
            }
            email
        })
}

/// Cents from nothing to a million euros, the ends most often.
fn cents() -> impl Strategy<Value = i64> {
    prop_oneof![
        Just(0i64),
        Just(1),
        Just(99_999_999),
        Just(100_000_000),
        0i64..=100_000_000,
        -1i64..=0,
    ]
}

#[derive(Debug, Clone)]
struct Texts {
    nombre: String,
    telefono: String,
    email: String,
    origen: String,
    destino: String,
    contacto: String,
    instrucciones: String,
    objeto: String,
    objeto_id: String,
    foto: String,
    parts: [i64; 5],
    iva: bool,
    resena: (u8, String, String, String),
    /// A condition note, a claim's text and the reason of its answer.
    crew: (String, String, String),
}

fn texts() -> impl Strategy<Value = Texts> {
    (
        (
            text_upto(text::NAME_MAX),
            text_upto(text::PHONE_MAX),
            email(),
            text_upto(text::ADDRESS_MAX),
            text_upto(text::ADDRESS_MAX),
            text_upto(text::NAME_MAX),
        ),
        (
            text_upto(text::INSTRUCTIONS_MAX),
            text_upto(text::NAME_MAX),
            text_upto(text::CODE_MAX),
            text_upto(command::moves::PHOTO_DESCRIPTION_MAX),
            [cents(), cents(), cents(), cents(), cents()],
            any::<bool>(),
        ),
        (
            0u8..=6,
            text_upto(command::reviews::TITLE_MAX),
            text_upto(command::reviews::TEXT_MAX),
            text_upto(command::reviews::REASON_MAX),
        ),
        (
            text_upto(command::waybill::NOTE_MAX),
            text_upto(command::claims::TEXT_MAX),
            text_upto(command::claims::REASON_MAX),
        ),
    )
        .prop_map(
            |(
                (name, phone, email, origin, destination, contact),
                (instructions, object, object_id, photo, parts, vat),
                resena,
                crew,
            )| Texts {
                nombre: name,
                telefono: phone,
                email,
                origen: origin,
                destino: destination,
                contacto: contact,
                instrucciones: instructions,
                objeto: object,
                objeto_id: object_id,
                foto: photo,
                parts,
                iva: vat,
                resena,
                crew,
            },
        )
}

/// What `D` accepts of `commands`, each decided by its role on the state the accepted ones
/// before it left; a refused one is passed over.
fn accepted_in_turn<D: Decider>(
    commands: Vec<(D::Command, Role)>,
    now: chrono::DateTime<chrono::Utc>,
    generate: &Fixed,
) -> Vec<Event> {
    let mut state = D::State::default();
    let mut accepted = Vec::new();
    for (command, role) in commands {
        let ctx = Context {
            now,
            role: Some(role),
            generate,
        };
        if let Ok(decided) = D::decide(&state, command, &ctx) {
            for e in &decided {
                state = D::evolve(state, e);
            }
            accepted.extend(decided);
        }
    }
    accepted
}

/// The events the deciders accept for one move built from `t`, and one quote request.
fn accepted(t: &Texts, move_id: i64, today: NaiveDate) -> Vec<(String, Vec<Event>)> {
    let mut out = Vec::new();
    let date = today.checked_add_days(Days::new(20)).unwrap();
    let mut created = command::demo::demo_move(
        move_id,
        Person {
            nombre: t.nombre.clone(),
            telefono: t.telefono.clone(),
            email: t.email.clone(),
        },
        date,
        move_id as usize,
    );
    created.origen = t.origen.clone();
    created.destino = t.destino.clone();
    created.contacto.nombre = t.contacto.clone();
    created.instrucciones = t.instrucciones.clone();
    created.objects[0].nombre = t.objeto.clone();
    created.objects[0].id = t.objeto_id.clone();
    if let Ok(p) = price(PriceParts {
        base_cents: t.parts[0],
        distance_cents: t.parts[1],
        services_cents: t.parts[2],
        urgency_cents: t.parts[3],
        iva_enabled: t.iva,
        advance_cents: t.parts[4],
    }) {
        created.precio = p;
    }
    let generate = Fixed {
        key: command::payments::key_from_bytes((move_id as u64).to_le_bytes()),
    };
    // Decided at noon on `today`.
    let now = today.and_hms_opt(12, 0, 0).unwrap().and_utc();
    let mut state = MoveState::default();
    let mut events = Vec::new();
    let mut run = |state: &mut MoveState, command: MoveCommand, role: Role| {
        let ctx = Context {
            now,
            role: Some(role),
            generate: &generate,
        };
        if let Ok(decided) = MoveDecider::decide(state, command, &ctx) {
            for e in &decided {
                *state = MoveDecider::evolve(std::mem::take(state), e);
            }
            events.extend(decided);
        }
    };
    run(
        &mut state,
        MoveCommand::Create(Box::new(created)),
        Role::Empresario,
    );
    if state.exists {
        let update = MoveDetailsUpdated {
            cliente: Some(Person {
                nombre: t.contacto.clone(),
                telefono: t.telefono.clone(),
                email: t.email.clone(),
            }),
            origen: Some(t.destino.clone()),
            ..Default::default()
        };
        let version = state.version;
        run(
            &mut state,
            MoveCommand::Edit {
                version,
                details: Box::new(update),
                status: None,
            },
            Role::Empresario,
        );
        // The floors, lift and access the price was set on: a client may not change them.
        let stored = state
            .properties
            .clone()
            .expect("a created move has its properties");
        let access = |p: &events_schema::events::PropertyDetails| AccessDetails {
            access: p.access.clone(),
            floor: p.floor.clone(),
            elevator: p.elevator,
        };
        let completed = MoveDetailsCompleted {
            contacto: Contact {
                nombre: t.nombre.clone(),
                telefono: "612 345 678".into(),
                email: t.email.clone(),
                preferencia: "email".into(),
            },
            fecha_alternativa: None,
            flexible: true,
            hora_preferida: "morning".into(),
            origin: access(&stored.origin),
            destination: access(&stored.destination),
            instrucciones: t.instrucciones.clone(),
            facturacion: Some(events_schema::events::BillingDetails {
                nif: "X1234567L".into(),
                direccion: String::new(),
            }),
        };
        run(
            &mut state,
            MoveCommand::CompleteDetails {
                details: Box::new(completed),
            },
            Role::Cliente,
        );
        let photo = PhotoAdded {
            photo_id: Uuid::now_v7(),
            content_type: "image/png".into(),
            size_bytes: 1,
            descripcion: t.foto.clone(),
            tipo: "carga".into(),
            objeto: None,
        };
        run(
            &mut state,
            MoveCommand::AddPhoto {
                photo,
                by: Uuid::nil(),
            },
            Role::Empresario,
        );
        run(
            &mut state,
            MoveCommand::ChangeStatus {
                to: MoveStatus::Confirmada,
                by: Uuid::nil(),
            },
            Role::Empresario,
        );
        // The crew's day: 'en camino' starts the move, the others follow it.
        for milestone in Milestone::ALL {
            run(
                &mut state,
                MoveCommand::RecordMilestone {
                    milestone,
                    by: Uuid::nil(),
                },
                Role::Empresario,
            );
        }
        // The waybill at delivery: an object's condition, a photo of it, both signatures.
        let (note, _, _) = t.crew.clone();
        let object_id = state.waybill.objects[0].id.clone();
        run(
            &mut state,
            MoveCommand::NoteCondition(Box::new(ObjectConditionNoted {
                etapa: WaybillStage::Entrega,
                objeto_id: object_id.clone(),
                objeto_nombre: String::new(),
                estado: ObjectCondition::DanosCausados,
                nota: note,
                worker_id: Uuid::nil(),
            })),
            Role::Empresario,
        );
        let photo = PhotoAdded {
            photo_id: Uuid::now_v7(),
            content_type: "image/png".into(),
            size_bytes: 1,
            descripcion: t.foto.clone(),
            tipo: "descarga".into(),
            objeto: Some(PhotoObject {
                id: object_id,
                etapa: WaybillStage::Entrega,
            }),
        };
        run(
            &mut state,
            MoveCommand::AddPhoto {
                photo,
                by: Uuid::nil(),
            },
            Role::Empresario,
        );
        for (firmante, nombre) in [
            (Signer::Cliente, &t.nombre),
            (Signer::Operario, &t.contacto),
        ] {
            let sha256 = state.waybill.accepted_sha256(state.id);
            run(
                &mut state,
                MoveCommand::SignWaybill(Box::new(WaybillSigned {
                    etapa: WaybillStage::Entrega,
                    firmante,
                    nombre: nombre.clone(),
                    imagen_png: command::waybill::sample_png(),
                    sha256_albaran: sha256,
                    worker_id: Uuid::nil(),
                })),
                Role::Empresario,
            );
        }
    }
    run(
        &mut state,
        MoveCommand::ChangeStatus {
            to: MoveStatus::Finalizada,
            by: Uuid::nil(),
        },
        Role::Empresario,
    );
    let status = state.status;
    let objects = state.waybill.objects.clone();
    out.push((move_stream(move_id), events));

    // Its client claims for its first object, and a manager answers in part.
    let (_, claim_text, reason) = t.crew.clone();
    let claimed = accepted_in_turn::<ClaimDecider>(
        vec![
            (
                ClaimCommand::Open {
                    delivered: Delivered {
                        move_id,
                        at: (status == Some(MoveStatus::Finalizada)).then_some(now),
                        objects: objects.clone(),
                    },
                    draft: command::claims::Draft {
                        objetos: objects.iter().take(1).map(|o| o.id.clone()).collect(),
                        texto: claim_text,
                        fotos: Vec::new(),
                    },
                },
                Role::Cliente,
            ),
            (
                ClaimCommand::Answer {
                    resolucion: ClaimResolution::Parcial,
                    importe_cents: Some(t.parts[0]),
                    motivo: reason,
                    by: Uuid::nil(),
                },
                Role::Empresario,
            ),
        ],
        now,
        &generate,
    );
    out.push((claim_stream(move_id), claimed));

    // Its client rates it, and a manager hides the review with a reason.
    let (rating, titulo, texto, motivo) = t.resena.clone();
    let reviewed = accepted_in_turn::<ReviewDecider>(
        vec![
            (
                ReviewCommand::Submit {
                    move_id,
                    status,
                    nombre: command::reviews::signature(&t.nombre),
                    ubicacion: t.destino.clone(),
                    draft: Draft {
                        rating,
                        titulo,
                        texto,
                        recomendaria: t.iva,
                    },
                },
                Role::Cliente,
            ),
            (
                ReviewCommand::Moderate {
                    publish: false,
                    reason: motivo,
                },
                Role::Empresario,
            ),
        ],
        now,
        &generate,
    );
    out.push((review_stream(&ReviewId::Move(move_id)), reviewed));

    let quote_id = Uuid::now_v7();
    let side = |address: &str| QuoteAddress {
        address: address.to_string(),
        property_type: "apartment_2_rooms".into(),
        access: "normal".into(),
        floor: "second".into(),
        elevator: true,
    };
    let draft = QuoteDraft {
        name: t.nombre.clone(),
        email: t.email.clone(),
        phone: "612 345 678".into(),
        preferred_contact: "email".into(),
        origin: side(&t.origen),
        destination: side(&t.destino),
        objects: vec![QuoteObject {
            id: t.objeto_id.clone(),
            quantity: 1,
        }],
        services: Services::default(),
        best_packaging: false,
        preferred_date: Some(date),
        alternative_date: None,
        flexible_dates: false,
        time_preference: "morning".into(),
        distance_km: 10.0,
        duration_min: 20.0,
        instructions: t.instrucciones.clone(),
        offer_pack: None,
        consent: QuoteConsent::default(),
        recomendacion: Some("7KQ2M9XA".into()),
    };
    let quote = QuoteDecider::decide(
        &QuoteState::default(),
        QuoteCommand::Request {
            quote_id,
            reference: command::quotes::reference(2026, 1),
            draft: Box::new(draft),
            estimate: None,
        },
        &Context {
            now,
            role: None,
            generate: &generate,
        },
    )
    .unwrap_or_default();
    out.push((quote_stream(quote_id), quote));
    out
}

async fn fresh_database() -> PgPool {
    let url = std::env::var("DATABASE_URL").expect("DATABASE_URL names the test cluster");
    let admin = PgPool::connect(&url).await.unwrap();
    let db = format!("accepted_{}", Uuid::now_v7().simple());
    sqlx::query(&format!("CREATE DATABASE {db}"))
        .execute(&admin)
        .await
        .unwrap();
    let base = url.rsplit_once('/').map(|(b, _)| b).unwrap_or(&url);
    let pool = PgPool::connect(&format!("{base}/{db}")).await.unwrap();
    events_schema::MIGRATOR.run(&pool).await.unwrap();
    pool
}

#[tokio::test]
async fn every_event_the_deciders_accept_is_projected_and_rebuild_equals_live() {
    let pool = fresh_database().await;
    let store = EventStore::new(pool.clone(), Default::default());
    let today = events_schema::calendar::today();
    let mut runner = TestRunner::new(Config {
        cases: CASES,
        ..Config::default()
    });
    let strategy = texts();
    let (mut appended, mut moves_created, mut reviews, mut claims) = (0, 0, 0, 0);
    let mut signed = 0;
    for case in 0..CASES {
        let t = strategy.new_tree(&mut runner).unwrap().current();
        for (stream, events) in accepted(&t, 1_000 + i64::from(case), today) {
            if events.is_empty() {
                continue;
            }
            moves_created += usize::from(matches!(events[0], Event::MoveCreated(_)));
            reviews += usize::from(matches!(events[0], Event::ReviewSubmitted(_)));
            claims += usize::from(matches!(events[0], Event::ClaimOpened(_)));
            signed += events
                .iter()
                .filter(|e| matches!(e, Event::WaybillSigned(_)))
                .count();
            let batch: Vec<NewEvent> = events
                .into_iter()
                .map(|e| NewEvent::new(e, Metadata::system("proptest")))
                .collect();
            appended += batch.len();
            store
                .append(&stream, ExpectedVersion::NoStream, &batch)
                .await
                .unwrap_or_else(|e| panic!("appending what the deciders accepted ({t:?}): {e}"));
        }
    }
    // The generator reaches what it means to test: accepted moves with edits, details, photos,
    // signatures, and their reviews and claims.
    assert!(
        moves_created > 0
            && appended > 2 * moves_created
            && reviews > 0
            && claims > 0
            && signed > 0,
        "{appended} events, {moves_created} moves, {reviews} reviews, {claims} claims, \
         {signed} signatures"
    );

    let head = store.max_position().await.unwrap();
    for projector in projections::all() {
        while projections::step(&pool, projector.as_ref(), 7)
            .await
            .unwrap()
            < head
        {}
    }
    let skipped: Vec<(String, i64, String, String)> = sqlx::query_as(
        "SELECT p.projection, p.position, p.error, e.data::text FROM projection_poison p \
         JOIN events e USING (position) ORDER BY p.position",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert!(
        skipped.is_empty(),
        "events the deciders accepted but a projector could not apply: {skipped:#?}"
    );

    for projector in projections::all() {
        let live = projections::dump_tables(&pool, projector.tables())
            .await
            .unwrap();
        projections::rebuild(&pool, projector.as_ref(), 50, |_, _| {})
            .await
            .unwrap();
        let rebuilt = projections::dump_tables(&pool, projector.tables())
            .await
            .unwrap();
        assert!(
            live == rebuilt,
            "{}: rebuild differs from live",
            projector.name()
        );
    }
    println!("{appended} accepted events of {CASES} cases ({moves_created} moves) projected");
}
