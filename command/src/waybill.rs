//! The waybill on the crew's phone (issue 21): the signatures of the client and the worker at
//! pickup and delivery, and the condition of each object. Decided on the move's stream by
//! `crate::moves::MoveDecider`.

use base64::Engine;
use events_schema::events::{
    MoveStatus, MovedObject, ObjectConditionNoted, PhotoObject, Services, WaybillSigned,
};
use events_schema::waybill::accepted_sha256;
use events_schema::Event;

use crate::{text, DomainError};

/// The largest signature image accepted, decoded: a finger's strokes on a phone at 1× are a few
/// kilobytes; this leaves room for a dense one at 2×.
pub const SIGNATURE_MAX_BYTES: usize = 100 * 1024;
/// Its largest width and height in pixels.
pub const SIGNATURE_MAX_SIDE: u32 = 2000;
/// Longest condition note, in characters.
pub const NOTE_MAX: usize = 1000;

pub const NOT_NOW: &str =
    "El albarán solo se firma y se revisa en una mudanza confirmada, en curso o finalizada";
pub const CONTENT_CHANGED: &str = "El albarán ha cambiado desde que se firmó: muestra al cliente \
     la versión actual y vuelve a firmar.";
pub const ALREADY_SIGNED: &str = "Esta firma ya está recogida.";
pub const NOT_ON_WAYBILL: &str = "El objeto no está en el albarán de esta mudanza";
pub const BAD_IMAGE: &str = "La firma no es una imagen PNG válida";
pub const NOTE_REQUIRED: &str = "Describe los daños en la nota";

/// What the decider needs to know of a move's waybill.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WaybillState {
    pub objects: Vec<MovedObject>,
    pub services: Services,
    /// The (stage, signer) pairs already signed.
    pub signed: Vec<(
        events_schema::events::WaybillStage,
        events_schema::events::Signer,
    )>,
}

impl WaybillState {
    pub fn evolve(&mut self, event: &Event) {
        match event {
            Event::MoveCreated(c) => {
                self.objects = c.objects.clone();
                self.services = c.services.clone();
            }
            Event::MoveDetailsUpdated(u) => {
                if let Some(objects) = &u.objects {
                    self.objects = objects.clone();
                }
                if let Some(services) = &u.services {
                    self.services = services.clone();
                }
            }
            Event::WaybillSigned(s) => self.signed.push((s.etapa, s.firmante)),
            _ => {}
        }
    }

    /// The hash a signature must carry to accept the waybill as it is now.
    pub fn accepted_sha256(&self, move_id: i64) -> String {
        accepted_sha256(move_id, &self.objects, &self.services)
    }

    fn object_name(&self, id: &str) -> Result<&str, DomainError> {
        self.objects
            .iter()
            .find(|o| o.id == id)
            .map(|o| o.nombre.as_str())
            .ok_or_else(|| DomainError::Invalid(NOT_ON_WAYBILL.into()))
    }
}

/// The waybill is gone through with the client from the day's confirmation on; a worker may
/// still collect a signature once they marked the move finished.
fn open(status: Option<MoveStatus>) -> Result<(), DomainError> {
    match status {
        Some(MoveStatus::Confirmada | MoveStatus::EnCurso | MoveStatus::Finalizada) => Ok(()),
        _ => Err(DomainError::Conflict(NOT_NOW.into())),
    }
}

pub fn sign(
    waybill: &WaybillState,
    move_id: i64,
    status: Option<MoveStatus>,
    mut signed: WaybillSigned,
) -> Result<Vec<Event>, DomainError> {
    open(status)?;
    signed.nombre = text::line("nombre de quien firma", &signed.nombre, text::NAME_MAX)?;
    if signed.nombre.is_empty() {
        return Err(DomainError::Invalid(
            "El nombre de quien firma es requerido".into(),
        ));
    }
    check_png(&signed.imagen_png)?;
    if waybill.signed.contains(&(signed.etapa, signed.firmante)) {
        return Err(DomainError::Conflict(ALREADY_SIGNED.into()));
    }
    if signed.sha256_albaran != waybill.accepted_sha256(move_id) {
        return Err(DomainError::Conflict(CONTENT_CHANGED.into()));
    }
    Ok(vec![Event::WaybillSigned(signed)])
}

pub fn note(
    waybill: &WaybillState,
    status: Option<MoveStatus>,
    mut note: ObjectConditionNoted,
) -> Result<Vec<Event>, DomainError> {
    open(status)?;
    note.objeto_nombre = waybill.object_name(&note.objeto_id)?.to_string();
    note.nota = text::lines("nota", &note.nota, NOTE_MAX)?;
    let damage = note.estado != events_schema::events::ObjectCondition::BuenEstado;
    if damage && note.nota.is_empty() {
        return Err(DomainError::Invalid(NOTE_REQUIRED.into()));
    }
    Ok(vec![Event::ObjectConditionNoted(note)])
}

/// A photo of an object must be of one on the waybill.
pub fn check_photo_object(
    waybill: &WaybillState,
    object: Option<&PhotoObject>,
) -> Result<(), DomainError> {
    match object {
        Some(o) => waybill.object_name(&o.id).map(|_| ()),
        None => Ok(()),
    }
}

/// Base64 of a PNG no larger than [`SIGNATURE_MAX_BYTES`] whose header gives a size within
/// [`SIGNATURE_MAX_SIDE`]. Only the header is read: the image is shown, never decoded, here.
fn check_png(data: &str) -> Result<(), DomainError> {
    let bad = || DomainError::Invalid(BAD_IMAGE.into());
    // Base64 is 4 characters per 3 bytes: refuse a long text before decoding it.
    if data.len() > SIGNATURE_MAX_BYTES.div_ceil(3) * 4 {
        return Err(DomainError::Invalid(format!(
            "La firma no puede ocupar más de {} KB",
            SIGNATURE_MAX_BYTES / 1024
        )));
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(data)
        .map_err(|_| bad())?;
    const MAGIC: &[u8] = b"\x89PNG\r\n\x1a\n";
    if bytes.len() < 24 || &bytes[..8] != MAGIC || &bytes[12..16] != b"IHDR" {
        return Err(bad());
    }
    let side =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let (width, height) = (side(16), side(20));
    if !(1..=SIGNATURE_MAX_SIDE).contains(&width) || !(1..=SIGNATURE_MAX_SIDE).contains(&height) {
        return Err(bad());
    }
    Ok(())
}

/// A tiny valid PNG's base64 (1×1, transparent), for tests and the seed.
pub fn sample_png() -> String {
    const PNG: &[u8] = &[
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44,
        0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f,
        0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x00,
        0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0d, 0x0a, 0x2d, 0xb4, 0x00, 0x00, 0x00, 0x00, 0x49,
        0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
    ];
    base64::engine::general_purpose::STANDARD.encode(PNG)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decider::Fixed;
    use crate::moves::{MoveCommand, MoveDecider, MoveState, MOVE_CANCELLED};
    use crate::{Context, Decider, Role};
    use chrono::Utc;
    use events_schema::events::{ObjectCondition, Signer, WaybillStage};
    use uuid::Uuid;

    const WORKER: Uuid = Uuid::from_u128(7);

    fn decide(
        state: &MoveState,
        command: MoveCommand,
        role: Role,
    ) -> Result<Vec<Event>, DomainError> {
        let generate = Fixed {
            key: "K7MQ2XPA".into(),
        };
        let ctx = Context {
            now: Utc::now(),
            role: Some(role),
            generate: &generate,
        };
        MoveDecider::decide(state, command, &ctx)
    }

    /// Move 14, assigned to [`WORKER`], confirmed, carrying a sofa and twenty boxes.
    fn confirmed() -> MoveState {
        MoveState {
            exists: true,
            id: 14,
            status: Some(MoveStatus::Confirmada),
            version: 3,
            worker: Some(WORKER),
            waybill: WaybillState {
                objects: vec![
                    MovedObject {
                        id: "sofa-3".into(),
                        nombre: "Sofá de 3 plazas".into(),
                        peso: 45.0,
                        quantity: 1,
                    },
                    MovedObject {
                        id: "caja-m".into(),
                        nombre: "Caja mediana".into(),
                        peso: 5.0,
                        quantity: 20,
                    },
                ],
                services: Services {
                    packaging: true,
                    packaging_quantity: 2,
                    ..Services::default()
                },
                signed: Vec::new(),
            },
            ..MoveState::default()
        }
    }

    fn signature(state: &MoveState, firmante: Signer) -> WaybillSigned {
        WaybillSigned {
            etapa: WaybillStage::Recogida,
            firmante,
            nombre: "  Begoña Muñoz ".into(),
            imagen_png: sample_png(),
            sha256_albaran: state.waybill.accepted_sha256(state.id),
            worker_id: WORKER,
        }
    }

    fn sign_command(s: WaybillSigned) -> MoveCommand {
        MoveCommand::SignWaybill(Box::new(s))
    }

    fn png_of(width: u32, height: u32, extra: usize) -> String {
        let mut bytes = base64::engine::general_purpose::STANDARD
            .decode(sample_png())
            .unwrap();
        bytes[16..20].copy_from_slice(&width.to_be_bytes());
        bytes[20..24].copy_from_slice(&height.to_be_bytes());
        bytes.extend(std::iter::repeat_n(0u8, extra));
        base64::engine::general_purpose::STANDARD.encode(bytes)
    }

    #[test]
    fn the_client_and_the_worker_sign_the_content_they_were_shown_once_each() {
        let state = confirmed();
        let events = decide(
            &state,
            sign_command(signature(&state, Signer::Cliente)),
            Role::Empleado,
        )
        .unwrap();
        let [Event::WaybillSigned(signed)] = events.as_slice() else {
            panic!("{events:?}")
        };
        assert_eq!(signed.nombre, "Begoña Muñoz");
        let state = MoveDecider::evolve(state, &events[0]);
        assert_eq!(
            decide(
                &state,
                sign_command(signature(&state, Signer::Cliente)),
                Role::Empleado
            ),
            Err(DomainError::Conflict(ALREADY_SIGNED.into()))
        );
        // The worker signs the same stage; the client signs again at delivery.
        assert!(decide(
            &state,
            sign_command(signature(&state, Signer::Operario)),
            Role::Empleado
        )
        .is_ok());
        let delivery = WaybillSigned {
            etapa: WaybillStage::Entrega,
            ..signature(&state, Signer::Cliente)
        };
        assert!(decide(&state, sign_command(delivery), Role::Empleado).is_ok());
    }

    #[test]
    fn a_signature_over_content_that_changed_since_is_refused() {
        let state = confirmed();
        let stale = signature(&state, Signer::Cliente);
        let mut objects = state.waybill.objects.clone();
        objects[1].quantity = 25;
        let changed = MoveDecider::evolve(
            state,
            &Event::MoveDetailsUpdated(events_schema::events::MoveDetailsUpdated {
                objects: Some(objects),
                ..Default::default()
            }),
        );
        assert_eq!(
            decide(&changed, sign_command(stale), Role::Empleado),
            Err(DomainError::Conflict(CONTENT_CHANGED.into()))
        );
        let fresh = signature(&changed, Signer::Cliente);
        assert!(decide(&changed, sign_command(fresh), Role::Empleado).is_ok());
    }

    #[test]
    fn the_image_must_be_a_bounded_png_and_the_name_is_required() {
        let state = confirmed();
        let with = |imagen_png: String| WaybillSigned {
            imagen_png,
            ..signature(&state, Signer::Cliente)
        };
        for bad in [
            String::new(),
            "no es base64!".to_string(),
            base64::engine::general_purpose::STANDARD
                .encode(b"GIF89a no es un PNG, aunque sea largo"),
            png_of(0, 10, 0),
            png_of(10, SIGNATURE_MAX_SIDE + 1, 0),
        ] {
            assert_eq!(
                decide(&state, sign_command(with(bad)), Role::Empleado),
                Err(DomainError::Invalid(BAD_IMAGE.into()))
            );
        }
        let too_big = decide(
            &state,
            sign_command(with(png_of(600, 200, SIGNATURE_MAX_BYTES))),
            Role::Empleado,
        );
        assert!(matches!(too_big, Err(DomainError::Invalid(m)) if m.contains("100 KB")));
        assert!(decide(
            &state,
            sign_command(with(png_of(600, 200, 1000))),
            Role::Empleado
        )
        .is_ok());
        let unnamed = WaybillSigned {
            nombre: "   ".into(),
            ..signature(&state, Signer::Cliente)
        };
        assert!(matches!(
            decide(&state, sign_command(unnamed), Role::Empleado),
            Err(DomainError::Invalid(m)) if m.contains("nombre")
        ));
    }

    #[test]
    fn only_the_crew_of_a_live_move_collects_signatures() {
        let state = confirmed();
        let other = WaybillSigned {
            worker_id: Uuid::from_u128(99),
            ..signature(&state, Signer::Cliente)
        };
        assert_eq!(
            decide(&state, sign_command(other), Role::Empleado),
            Err(DomainError::NotAssigned)
        );
        for role in [Role::Cliente, Role::Auditor] {
            assert_eq!(
                decide(
                    &state,
                    sign_command(signature(&state, Signer::Cliente)),
                    role
                ),
                Err(DomainError::Forbidden)
            );
        }
        let pending = MoveState {
            status: Some(MoveStatus::Pendiente),
            ..state.clone()
        };
        assert_eq!(
            decide(
                &pending,
                sign_command(signature(&state, Signer::Cliente)),
                Role::Empleado
            ),
            Err(DomainError::Conflict(NOT_NOW.into()))
        );
        let cancelled = MoveState {
            status: Some(MoveStatus::Cancelada),
            ..state.clone()
        };
        assert_eq!(
            decide(
                &cancelled,
                sign_command(signature(&state, Signer::Cliente)),
                Role::Empleado
            ),
            Err(DomainError::Conflict(MOVE_CANCELLED.into()))
        );
    }

    fn note(objeto_id: &str, estado: ObjectCondition, nota: &str) -> MoveCommand {
        MoveCommand::NoteCondition(Box::new(ObjectConditionNoted {
            etapa: WaybillStage::Entrega,
            objeto_id: objeto_id.into(),
            objeto_nombre: "lo que diga el teléfono".into(),
            estado,
            nota: nota.into(),
            worker_id: WORKER,
        }))
    }

    #[test]
    fn a_condition_note_names_an_object_of_the_waybill_and_damage_is_described() {
        let state = confirmed();
        let events = decide(
            &state,
            note("sofa-3", ObjectCondition::DanosCausados, " Rozadura "),
            Role::Empleado,
        )
        .unwrap();
        let [Event::ObjectConditionNoted(n)] = events.as_slice() else {
            panic!("{events:?}")
        };
        assert_eq!(
            (n.objeto_nombre.as_str(), n.nota.as_str()),
            ("Sofá de 3 plazas", "Rozadura")
        );
        assert!(decide(
            &state,
            note("caja-m", ObjectCondition::BuenEstado, ""),
            Role::Empleado
        )
        .is_ok());
        assert_eq!(
            decide(
                &state,
                note("piano", ObjectCondition::BuenEstado, ""),
                Role::Empleado
            ),
            Err(DomainError::Invalid(NOT_ON_WAYBILL.into()))
        );
        assert_eq!(
            decide(
                &state,
                note("sofa-3", ObjectCondition::DanosPrevios, "  "),
                Role::Empleado
            ),
            Err(DomainError::Invalid(NOTE_REQUIRED.into()))
        );
        let long = "a".repeat(NOTE_MAX + 1);
        assert!(matches!(
            decide(&state, note("sofa-3", ObjectCondition::DanosPrevios, &long), Role::Empleado),
            Err(DomainError::Invalid(m)) if m.contains("nota")
        ));
    }

    #[test]
    fn a_photo_of_an_object_must_be_of_one_on_the_waybill() {
        let state = confirmed();
        let photo = |id: &str| MoveCommand::AddPhoto {
            photo: events_schema::events::PhotoAdded {
                photo_id: Uuid::from_u128(5),
                content_type: "image/png".into(),
                size_bytes: 10,
                descripcion: String::new(),
                tipo: "descarga".into(),
                objeto: Some(PhotoObject {
                    id: id.into(),
                    etapa: WaybillStage::Entrega,
                }),
            },
            by: WORKER,
        };
        assert!(decide(&state, photo("sofa-3"), Role::Empleado).is_ok());
        assert_eq!(
            decide(&state, photo("piano"), Role::Empleado),
            Err(DomainError::Invalid(NOT_ON_WAYBILL.into()))
        );
    }
}
