//! Card payments, decided without a database: the payment key, the card rules (Luhn, brand,
//! expiry, CVC) with their Spanish messages, the built-in test gateway's cards, what a move still
//! owes, and the payment decider on the move's stream.

use chrono::{Datelike, NaiveDate};
use events_schema::events::{
    MoveStatus, PaymentAuthorised, PaymentFailed, PaymentKeyIssued, PaymentKind, PaymentRefunded,
};
use events_schema::Event;
use uuid::Uuid;

use crate::forms::FieldError;
use crate::moves::{MoveDecider, MoveState};
use crate::{Context, Decider, DomainError};

// ---------------------------------------------------------------------------------------------
// The payment key.

/// No 0/O, 1/I/L: a key is read aloud on the phone and typed from an email.
pub const KEY_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
pub const KEY_LENGTH: usize = 8;

/// A key from random bytes (the caller's RNG): 31 symbols ⁸ ≈ 8.5 × 10¹¹ keys.
pub fn key_from_bytes(bytes: [u8; KEY_LENGTH]) -> String {
    bytes
        .iter()
        .map(|b| KEY_ALPHABET[usize::from(*b) % KEY_ALPHABET.len()] as char)
        .collect()
}

/// As typed: case, spaces and the dash of `K7MQ-2XPA` do not matter.
pub fn normalise_key(typed: &str) -> String {
    typed
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// `K7MQ2XPA` → `K7MQ-2XPA`, as emails and screens show it.
pub fn display_key(key: &str) -> String {
    if key.len() == KEY_LENGTH && key.is_ascii() {
        format!("{}-{}", &key[..4], &key[4..])
    } else {
        key.to_string()
    }
}

/// A client name as /acceso-de-pago matches it and counts its attempts: the identifier form
/// (`identity::identifier`: case, width and extra spaces do not matter) without the accents of
/// the vowels. Matching and counting by one key: a variant that matches the name is counted
/// with it.
pub fn name_key(name: &str) -> String {
    crate::identity::identifier(name)
        .chars()
        .map(|c| match c {
            'á' | 'à' | 'ä' | 'â' => 'a',
            'é' | 'è' | 'ë' | 'ê' => 'e',
            'í' | 'ì' | 'ï' | 'î' => 'i',
            'ó' | 'ò' | 'ö' | 'ô' => 'o',
            'ú' | 'ù' | 'ü' | 'û' => 'u',
            other => other,
        })
        .collect()
}

/// The name typed on /acceso-de-pago against the move's client name, by their `name_key`.
pub fn same_name(typed: &str, client: &str) -> bool {
    let typed = name_key(typed);
    !typed.is_empty() && typed == name_key(client)
}

// ---------------------------------------------------------------------------------------------
// Cards.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardInput {
    pub holder: String,
    pub number: String,
    /// `MM/AA`.
    pub expiry: String,
    pub cvc: String,
}

/// What is kept of a card: never its number nor its CVC.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    pub brand: &'static str,
    pub last4: String,
    /// The digits, only for the gateway call; dropped with this value.
    pub digits: String,
}

pub const HOLDER_REQUIRED: &str = "Introduce el nombre del titular";
pub const NUMBER_INVALID: &str = "El número de tarjeta no es válido";
pub const EXPIRY_INVALID: &str = "La fecha de caducidad no es válida";
pub const CARD_EXPIRED: &str = "La tarjeta está caducada";
pub const CVC_INVALID: &str = "El CVC no es válido";

pub fn luhn_valid(digits: &str) -> bool {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                let twice = d * 2;
                if twice > 9 {
                    twice - 9
                } else {
                    twice
                }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// The brand by the number's first digits (IIN ranges).
pub fn brand(digits: &str) -> &'static str {
    let prefix = |n: usize| digits.get(..n).and_then(|p| p.parse::<u32>().ok());
    match (prefix(1), prefix(2), prefix(4), prefix(6)) {
        (_, Some(34 | 37), _, _) => "amex",
        (Some(4), _, _, _) => "visa",
        (_, Some(51..=55), _, _) => "mastercard",
        (_, _, Some(2221..=2720), _) => "mastercard",
        (_, _, Some(6011), _) | (_, Some(65), _, _) => "discover",
        (_, _, _, Some(622126..=622925)) | (_, Some(62), _, _) => "unionpay",
        (_, _, Some(3528..=3589), _) => "jcb",
        (_, Some(36 | 38 | 39), _, _) | (_, _, Some(3000..=3059), _) => "diners",
        _ => "desconocida",
    }
}

fn field(field: &'static str, message: &str) -> FieldError {
    FieldError {
        field,
        message: message.to_string(),
    }
}

/// The card form's rules, in the form's order.
pub fn validate_card(input: &CardInput, today: NaiveDate) -> Result<Card, FieldError> {
    if input.holder.trim().is_empty()
        || crate::text::check("titular", &input.holder, crate::text::NAME_MAX, false).is_err()
    {
        return Err(field("titular", HOLDER_REQUIRED));
    }
    let digits: String = input
        .number
        .chars()
        .filter(|c| !matches!(c, ' ' | '-'))
        .collect();
    if !(12..=19).contains(&digits.len()) || !luhn_valid(&digits) {
        return Err(field("numero", NUMBER_INVALID));
    }
    let (month, year) = input
        .expiry
        .trim()
        .split_once('/')
        .and_then(|(m, y)| {
            let (m, y) = (m.trim(), y.trim());
            let valid = m.len() == 2 && y.len() == 2;
            Some((m.parse::<u32>().ok()?, y.parse::<i32>().ok()?)).filter(|_| valid)
        })
        .filter(|(m, _)| (1..=12).contains(m))
        .ok_or_else(|| field("caducidad", EXPIRY_INVALID))?;
    // A card is valid to the end of its month.
    if (2000 + year, month) < (today.year(), today.month()) {
        return Err(field("caducidad", CARD_EXPIRED));
    }
    let brand = brand(&digits);
    let cvc_length = if brand == "amex" { 4 } else { 3 };
    if input.cvc.len() != cvc_length || !input.cvc.bytes().all(|b| b.is_ascii_digit()) {
        return Err(field("cvc", CVC_INVALID));
    }
    Ok(Card {
        brand,
        last4: digits[digits.len() - 4..].to_string(),
        digits,
    })
}

// ---------------------------------------------------------------------------------------------
// The built-in test gateway.

/// A refused payment: the reason code kept in the event, and the Spanish words for the payer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub reason: String,
    pub message: String,
}

pub const DECLINED: &str = "La tarjeta ha sido rechazada por el banco emisor.";
pub const INSUFFICIENT_FUNDS: &str = "Fondos insuficientes en la tarjeta.";
pub const EXPIRED: &str = "La tarjeta está caducada.";

/// The test cards (README 'Card payments'): a few numbers fail in a known way, any other valid
/// number is authorised.
pub fn test_gateway(card: &Card) -> Result<(), Refusal> {
    let refusal = |reason: &str, message: &str| {
        Err(Refusal {
            reason: reason.into(),
            message: message.into(),
        })
    };
    match card.digits.as_str() {
        "4000000000000002" => refusal("denegada", DECLINED),
        "4000000000009995" => refusal("fondos_insuficientes", INSUFFICIENT_FUNDS),
        "4000000000000069" => refusal("caducada", EXPIRED),
        _ => Ok(()),
    }
}

// ---------------------------------------------------------------------------------------------
// What a move owes.

/// One authorised payment as the decider keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerPayment {
    pub id: Uuid,
    pub reference: String,
    pub amount_cents: i64,
    pub refunded_cents: i64,
}

/// A move's money, from its payment events.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ledger {
    pub payments: Vec<LedgerPayment>,
    /// Every gateway reference already recorded, authorised or failed.
    pub references: Vec<String>,
    pub clave_pago: Option<String>,
}

impl Ledger {
    pub fn evolve(&mut self, event: &Event) {
        match event {
            Event::PaymentKeyIssued(k) => self.clave_pago = Some(k.clave_pago.clone()),
            Event::PaymentAuthorised(p) => {
                self.references.push(p.reference.clone());
                self.payments.push(LedgerPayment {
                    id: p.payment_id,
                    reference: p.reference.clone(),
                    amount_cents: p.amount_cents,
                    refunded_cents: 0,
                });
            }
            Event::PaymentFailed(f) => self.references.push(f.reference.clone()),
            Event::PaymentRefunded(r) => {
                if let Some(p) = self.payments.iter_mut().find(|p| p.id == r.payment_id) {
                    p.refunded_cents += r.amount_cents;
                }
            }
            _ => {}
        }
    }

    /// Authorised, less what was refunded.
    pub fn paid_cents(&self) -> i64 {
        self.payments
            .iter()
            .map(|p| p.amount_cents - p.refunded_cents)
            .sum()
    }
}

/// What the payer may pay now: the rest of the deposit while it is not covered, and everything
/// still owed. Empty when nothing is due.
pub fn options(total_cents: i64, advance_cents: i64, paid_cents: i64) -> Vec<(PaymentKind, i64)> {
    let mut options = Vec::new();
    let pending = total_cents - paid_cents;
    if paid_cents < advance_cents && advance_cents - paid_cents < pending {
        options.push((PaymentKind::Anticipo, advance_cents - paid_cents));
    }
    if pending > 0 {
        options.push((PaymentKind::Pendiente, pending));
    }
    options
}

pub const NOTHING_DUE: &str = "No hay ningún importe pendiente de pago en esta mudanza.";
pub const OPTION_GONE: &str =
    "El importe a pagar ha cambiado. Vuelve a la página de pago para ver el importe actual.";
pub const CANCELLED: &str =
    "Esta mudanza está cancelada y no tiene gastos de cancelación pendientes: no hay nada que pagar.";
pub const REFUND_TOO_MUCH: &str = "No se puede reembolsar más de lo pagado con ese cobro.";
pub const REFUND_NOTHING: &str = "Indica un importe a reembolsar mayor que cero.";
pub const PAYMENT_UNKNOWN: &str = "Ese cobro no existe en esta mudanza.";

// ---------------------------------------------------------------------------------------------
// The decider.

/// A gateway's answer on a charge, as both its outcomes record it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Charge {
    pub session_id: Uuid,
    pub amount_cents: i64,
    pub brand: String,
    pub last4: String,
    pub provider: String,
    /// The gateway's reference: a notification received twice is recorded once.
    pub reference: String,
}

pub enum PaymentCommand {
    /// A new payment key (the context's): the old one stops working.
    IssueKey,
    /// The gateway authorised the charge; `kind` is the option the payer chose. The payment's
    /// id is the context's.
    Authorise {
        charge: Charge,
        kind: PaymentKind,
    },
    /// The gateway refused the charge, for `reason`.
    Fail {
        charge: Charge,
        reason: String,
    },
    Refund(PaymentRefunded),
}

/// The payments of a move, decided on the move's own stream and state: what is owed depends on
/// its price and status.
pub struct PaymentDecider;

impl Decider for PaymentDecider {
    type Id = i64;
    type State = MoveState;
    type Command = PaymentCommand;

    fn stream(id: &i64) -> String {
        MoveDecider::stream(id)
    }

    fn decide(
        state: &MoveState,
        command: PaymentCommand,
        ctx: &Context<'_>,
    ) -> Result<Vec<Event>, DomainError> {
        decide(state, command, ctx)
    }

    fn evolve(state: MoveState, event: &Event) -> MoveState {
        MoveDecider::evolve(state, event)
    }
}

/// What a move owes and the deposit asked of it: its total and deposit, or, once cancelled,
/// only the cancellation fee (spec §9; crate::cancellation), with no deposit.
pub fn owed(cancelled: bool, total_cents: i64, advance_cents: i64, fee_cents: i64) -> (i64, i64) {
    if cancelled {
        (fee_cents, 0)
    } else {
        (total_cents, advance_cents)
    }
}

/// The amount a payer's chosen option stands for on this state of the move (the version the
/// payment is decided and recorded on), or why it cannot be paid: never more than is pending.
pub fn amount_for(state: &MoveState, kind: PaymentKind) -> Result<i64, DomainError> {
    let ledger = &state.ledger;
    if !state.exists {
        return Err(DomainError::NotFound);
    }
    let cancelled = state.status == Some(MoveStatus::Cancelada);
    let (total, advance) = owed(
        cancelled,
        state.total_cents,
        state.advance_cents,
        state.cancellation_fee_cents,
    );
    let options = options(total, advance, ledger.paid_cents());
    if options.is_empty() {
        return Err(DomainError::Conflict(
            if cancelled { CANCELLED } else { NOTHING_DUE }.into(),
        ));
    }
    options
        .into_iter()
        .find(|(k, _)| *k == kind)
        .map(|(_, amount)| amount)
        .ok_or_else(|| DomainError::Conflict(OPTION_GONE.into()))
}

fn decide(
    state: &MoveState,
    command: PaymentCommand,
    ctx: &Context<'_>,
) -> Result<Vec<Event>, DomainError> {
    let ledger = &state.ledger;
    if !state.exists {
        return Err(DomainError::NotFound);
    }
    match command {
        PaymentCommand::IssueKey => Ok(vec![Event::PaymentKeyIssued(PaymentKeyIssued {
            clave_pago: ctx.generate.payment_key(),
        })]),
        PaymentCommand::Authorise { charge, kind } => {
            // The gateway told us twice (a repeated notification): recorded once.
            if ledger.references.contains(&charge.reference) {
                return Ok(Vec::new());
            }
            // The money was taken: record it even if the move changed meanwhile (a refund is
            // the staff's decision, not a reason to lose a payment).
            Ok(vec![Event::PaymentAuthorised(PaymentAuthorised {
                payment_id: ctx.generate.id(),
                session_id: charge.session_id,
                amount_cents: charge.amount_cents,
                kind,
                brand: charge.brand,
                last4: charge.last4,
                provider: charge.provider,
                reference: charge.reference,
            })])
        }
        PaymentCommand::Fail { charge, reason } => {
            if ledger.references.contains(&charge.reference) {
                return Ok(Vec::new());
            }
            Ok(vec![Event::PaymentFailed(PaymentFailed {
                session_id: charge.session_id,
                amount_cents: charge.amount_cents,
                brand: charge.brand,
                last4: charge.last4,
                provider: charge.provider,
                reference: charge.reference,
                reason,
            })])
        }
        PaymentCommand::Refund(r) => {
            let payment = ledger
                .payments
                .iter()
                .find(|p| p.id == r.payment_id)
                .ok_or_else(|| DomainError::Invalid(PAYMENT_UNKNOWN.into()))?;
            if r.amount_cents <= 0 {
                return Err(DomainError::Invalid(REFUND_NOTHING.into()));
            }
            if r.amount_cents > payment.amount_cents - payment.refunded_cents {
                return Err(DomainError::Invalid(REFUND_TOO_MUCH.into()));
            }
            crate::text::check(
                "motivo del reembolso",
                &r.reason,
                crate::text::INSTRUCTIONS_MAX,
                true,
            )?;
            Ok(vec![Event::PaymentRefunded(r)])
        }
    }
}

#[cfg(test)]
// Amounts in cents written as euros_cents (100_00 = 100,00 €).
#[allow(clippy::inconsistent_digit_grouping)]
mod tests {
    use super::*;
    use crate::decider::Fixed;

    /// Decided for an anonymous payer, now, with the key `K7MQ2XPA` and the nil id.
    fn decide(state: &MoveState, command: PaymentCommand) -> Result<Vec<Event>, DomainError> {
        let generate = Fixed {
            key: "K7MQ2XPA".into(),
        };
        let ctx = Context {
            now: chrono::Utc::now(),
            role: None,
            generate: &generate,
        };
        PaymentDecider::decide(state, command, &ctx)
    }

    fn authorise(reference: &str, amount: i64) -> PaymentCommand {
        PaymentCommand::Authorise {
            charge: Charge {
                session_id: Uuid::nil(),
                amount_cents: amount,
                brand: "visa".into(),
                last4: "4242".into(),
                provider: "prueba".into(),
                reference: reference.into(),
            },
            kind: PaymentKind::Anticipo,
        }
    }

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn card(number: &str, expiry: &str, cvc: &str) -> CardInput {
        CardInput {
            holder: "Ana Pérez".into(),
            number: number.into(),
            expiry: expiry.into(),
            cvc: cvc.into(),
        }
    }

    #[test]
    fn keys_use_the_unambiguous_alphabet_and_read_however_typed() {
        let key = key_from_bytes([0, 30, 31, 255, 8, 1, 2, 100]);
        assert_eq!(key.len(), KEY_LENGTH);
        assert!(key.chars().all(|c| !"01OIL".contains(c)));
        assert_eq!(display_key("K7MQ2XPA"), "K7MQ-2XPA");
        assert_eq!(normalise_key(" k7mq-2xpa "), "K7MQ2XPA");
    }

    #[test]
    fn names_match_without_case_accents_or_extra_spaces() {
        assert!(same_name("  ana  PEREZ ", "Ana Pérez"));
        assert!(!same_name("Ana", "Ana Pérez"));
        assert!(!same_name("", ""));
        // Whatever matches a name is counted under the same key.
        for variant in [
            "MARTA SANCHEZ",
            "ｍａｒｔａ ｓáｎｃｈｅｚ",
            "marta sa\u{301}nchez",
        ] {
            assert!(same_name(variant, "Marta Sánchez"), "{variant}");
            assert_eq!(name_key(variant), name_key("Marta Sánchez"), "{variant}");
        }
    }

    #[test]
    fn luhn_and_brands() {
        assert!(luhn_valid("4242424242424242"));
        assert!(!luhn_valid("4242424242424241"));
        assert_eq!(brand("4242424242424242"), "visa");
        assert_eq!(brand("5555555555554444"), "mastercard");
        assert_eq!(brand("2223003122003222"), "mastercard");
        assert_eq!(brand("378282246310005"), "amex");
        assert_eq!(brand("6011111111111117"), "discover");
        assert_eq!(brand("9999999999999995"), "desconocida");
    }

    #[test]
    fn the_card_form_rules_in_order() {
        let today = day(2026, 11, 21);
        let ok = validate_card(&card("4242 4242 4242 4242", "12/30", "123"), today).unwrap();
        assert_eq!((ok.brand, ok.last4.as_str()), ("visa", "4242"));
        let err = |c: CardInput| validate_card(&c, today).unwrap_err();
        let mut no_holder = card("4242424242424242", "12/30", "123");
        no_holder.holder = "  ".into();
        assert_eq!(err(no_holder).field, "titular");
        assert_eq!(
            err(card("4242424242424241", "12/30", "123")).message,
            NUMBER_INVALID
        );
        assert_eq!(err(card("42424242", "12/30", "123")).field, "numero");
        assert_eq!(
            err(card("4242424242424242", "13/30", "123")).message,
            EXPIRY_INVALID
        );
        assert_eq!(
            err(card("4242424242424242", "1230", "123")).message,
            EXPIRY_INVALID
        );
        assert_eq!(
            err(card("4242424242424242", "10/26", "123")).message,
            CARD_EXPIRED
        );
        // Valid to the end of its month.
        assert!(validate_card(&card("4242424242424242", "11/26", "123"), today).is_ok());
        assert_eq!(err(card("4242424242424242", "12/30", "12")).field, "cvc");
        assert_eq!(err(card("378282246310005", "12/30", "123")).field, "cvc");
        assert!(validate_card(&card("378282246310005", "12/30", "1234"), today).is_ok());
    }

    #[test]
    fn the_test_cards() {
        let today = day(2026, 11, 21);
        let outcome =
            |n: &str| test_gateway(&validate_card(&card(n, "12/30", "123"), today).unwrap());
        assert!(outcome("4242424242424242").is_ok());
        assert!(outcome("5555555555554444").is_ok());
        assert_eq!(outcome("4000000000000002").unwrap_err().reason, "denegada");
        assert_eq!(
            outcome("4000000000009995").unwrap_err().reason,
            "fondos_insuficientes"
        );
        assert_eq!(outcome("4000000000000069").unwrap_err().message, EXPIRED);
    }

    #[test]
    fn what_can_be_paid() {
        use PaymentKind::*;
        assert_eq!(
            options(100_00, 30_00, 0),
            vec![(Anticipo, 30_00), (Pendiente, 100_00)]
        );
        assert_eq!(
            options(100_00, 30_00, 10_00),
            vec![(Anticipo, 20_00), (Pendiente, 90_00)]
        );
        assert_eq!(options(100_00, 30_00, 30_00), vec![(Pendiente, 70_00)]);
        assert_eq!(options(100_00, 0, 0), vec![(Pendiente, 100_00)]);
        // A deposit as large as the total is just the total.
        assert_eq!(options(100_00, 100_00, 0), vec![(Pendiente, 100_00)]);
        assert!(options(100_00, 30_00, 100_00).is_empty());
    }

    fn authorised(reference: &str, amount: i64) -> PaymentAuthorised {
        PaymentAuthorised {
            payment_id: Uuid::now_v7(),
            session_id: Uuid::nil(),
            amount_cents: amount,
            kind: PaymentKind::Anticipo,
            brand: "visa".into(),
            last4: "4242".into(),
            provider: "prueba".into(),
            reference: reference.into(),
        }
    }

    fn existing(total: i64, advance: i64) -> MoveState {
        MoveState {
            exists: true,
            status: Some(MoveStatus::Pendiente),
            total_cents: total,
            advance_cents: advance,
            ..MoveState::default()
        }
    }

    #[test]
    fn a_new_key_and_a_payments_id_are_the_contexts() {
        let state = existing(100_00, 30_00);
        assert_eq!(
            decide(&state, PaymentCommand::IssueKey),
            Ok(vec![Event::PaymentKeyIssued(PaymentKeyIssued {
                clave_pago: "K7MQ2XPA".into()
            })])
        );
        let events = decide(&state, authorise("R-1", 30_00)).unwrap();
        assert!(
            matches!(&events[..], [Event::PaymentAuthorised(p)] if p.payment_id == Uuid::nil())
        );
        assert_eq!(
            decide(&MoveState::default(), PaymentCommand::IssueKey),
            Err(DomainError::NotFound)
        );
    }

    #[test]
    fn a_repeated_notification_records_one_payment() {
        let mut state = existing(100_00, 30_00);
        let events = decide(&state, authorise("R-1", 30_00)).unwrap();
        assert_eq!(events.len(), 1);
        state.ledger.evolve(&events[0]);
        assert_eq!(state.ledger.paid_cents(), 30_00);
        let again = decide(&state, authorise("R-1", 30_00)).unwrap();
        assert!(again.is_empty());
    }

    #[test]
    fn refunds_up_to_what_the_payment_still_holds() {
        let mut state = existing(100_00, 30_00);
        let p = authorised("R-1", 30_00);
        state.ledger.evolve(&Event::PaymentAuthorised(p.clone()));
        let refund = |amount| {
            PaymentCommand::Refund(PaymentRefunded {
                payment_id: p.payment_id,
                amount_cents: amount,
                reason: "x".into(),
            })
        };
        let events = decide(&state, refund(10_00)).unwrap();
        state.ledger.evolve(&events[0]);
        assert_eq!(state.ledger.paid_cents(), 20_00);
        assert_eq!(
            decide(&state, refund(20_01)),
            Err(DomainError::Invalid(REFUND_TOO_MUCH.into()))
        );
        assert!(decide(&state, refund(0)).is_err());
        assert!(decide(&state, refund(20_00)).is_ok());
    }

    #[test]
    fn amounts_due_follow_the_option_and_the_move() {
        let mut state = existing(100_00, 30_00);
        assert_eq!(amount_for(&state, PaymentKind::Anticipo), Ok(30_00));
        assert_eq!(amount_for(&state, PaymentKind::Pendiente), Ok(100_00));
        state.status = Some(MoveStatus::Cancelada);
        assert_eq!(
            amount_for(&state, PaymentKind::Pendiente),
            Err(DomainError::Conflict(CANCELLED.into()))
        );
    }

    #[test]
    fn a_cancelled_move_is_paid_its_fee_only() {
        let mut state = existing(400_51, 100_00);
        state.status = Some(MoveStatus::Cancelada);
        state.cancellation_fee_cents = 100_13;
        assert_eq!(amount_for(&state, PaymentKind::Pendiente), Ok(100_13));
        // No deposit on a cancelled move.
        assert_eq!(
            amount_for(&state, PaymentKind::Anticipo),
            Err(DomainError::Conflict(OPTION_GONE.into()))
        );
        state
            .ledger
            .evolve(&Event::PaymentAuthorised(authorised("R-1", 30_00)));
        assert_eq!(amount_for(&state, PaymentKind::Pendiente), Ok(70_13));
        // Paid more than the fee before cancelling: nothing is due.
        state
            .ledger
            .evolve(&Event::PaymentAuthorised(authorised("R-2", 80_00)));
        assert_eq!(
            amount_for(&state, PaymentKind::Pendiente),
            Err(DomainError::Conflict(CANCELLED.into()))
        );
    }

    #[test]
    fn a_second_payment_decided_on_the_state_with_the_first_is_refused() {
        // Two payers chose 'all that is pending' on the same version: the second is decided on
        // the state folded with the first, and refused before any card is charged.
        let mut state = existing(100_00, 30_00);
        let first = amount_for(&state, PaymentKind::Pendiente).unwrap();
        assert_eq!(first, 100_00);
        let events = decide(&state, authorise("R-1", first)).unwrap();
        state = events.iter().fold(state, PaymentDecider::evolve);
        assert_eq!(
            amount_for(&state, PaymentKind::Pendiente),
            Err(DomainError::Conflict(NOTHING_DUE.into()))
        );
        assert_eq!(
            amount_for(&state, PaymentKind::Anticipo),
            Err(DomainError::Conflict(NOTHING_DUE.into()))
        );
        // A deposit paid leaves only the rest: the deposit again is refused, the rest is exact.
        let mut state = existing(100_00, 30_00);
        state
            .ledger
            .evolve(&Event::PaymentAuthorised(authorised("R-2", 30_00)));
        assert_eq!(
            amount_for(&state, PaymentKind::Anticipo),
            Err(DomainError::Conflict(OPTION_GONE.into()))
        );
        assert_eq!(amount_for(&state, PaymentKind::Pendiente), Ok(70_00));
    }
}
