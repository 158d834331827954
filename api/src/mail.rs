//! The one mailer (ARCHITECTURE §6). Every email is first written to the `outbox` table, in the
//! transaction of whatever it reports, so an account is never created without its code email
//! nor an email sent for a change that rolled back. Then:
//! - with SMTP configured (`SMTP_URL`), a background task sends each row and deletes it;
//! - without it (local development), rows stay, and `/api/dev/outbox` and the /dev page list them.

use std::sync::Arc;
use std::time::Duration;

use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sqlx::postgres::PgListener;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

/// An email to write.
pub struct Email {
    pub to: String,
    pub subject: String,
    pub text: String,
}

#[derive(Clone)]
pub struct Mailer {
    inner: Arc<Inner>,
}

struct Inner {
    smtp: Option<Smtp>,
}

struct Smtp {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

/// The channel `queue` notifies on commit.
const OUTBOX_CHANNEL: &str = "mudanzas_outbox";
/// Without a notification the outbox is still looked at this often (retries that fell due).
const POLL: Duration = Duration::from_secs(60);

async fn listen(pool: &PgPool, channel: &str) -> Option<PgListener> {
    let mut listener = match PgListener::connect_with(pool).await {
        Ok(l) => l,
        Err(e) => {
            tracing::warn!(error = %e, channel, "cannot listen for new messages; polling");
            return None;
        }
    };
    match listener.listen(channel).await {
        Ok(()) => Some(listener),
        Err(e) => {
            tracing::warn!(error = %e, channel, "cannot listen for new messages; polling");
            None
        }
    }
}

/// Runs an outbox's sender for good: sends what is due (`deliver` answers how many left the
/// outbox), then waits for a notification on `channel` (a message committed) or a minute
/// (retries that fell due). Emails and SMS share it.
pub(crate) fn spawn_outbox_worker<F, Fut>(pool: PgPool, channel: &'static str, deliver: F)
where
    F: Fn(PgPool) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = Result<usize, sqlx::Error>> + Send,
{
    tokio::spawn(async move {
        let mut listener = None;
        loop {
            // Listening before looking: a message committed in between is either found by the
            // look or announced to the listener.
            if listener.is_none() {
                listener = listen(&pool, channel).await;
            }
            match deliver(pool.clone()).await {
                Ok(sent) if sent > 0 => continue,
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, channel, "reading an outbox failed"),
            }
            let woken = match listener.as_mut() {
                Some(l) => tokio::time::timeout(POLL, l.recv()).await,
                None => {
                    tokio::time::sleep(POLL).await;
                    continue;
                }
            };
            // A broken listener is replaced at the next turn; until then the minute's poll
            // still finds every message.
            if let Ok(Err(e)) = woken {
                tracing::warn!(error = %e, channel, "an outbox listener failed");
                listener = None;
            }
        }
    });
}

/// How long a refused email waits before the next try: 30 s, doubling, at most an hour.
pub(crate) fn backoff(attempts: i32) -> i64 {
    (30i64 << attempts.clamp(0, 7)).min(3600)
}

impl Mailer {
    /// `smtp_url` as lettre reads it, e.g. `smtps://user:password@smtp.example.com` or
    /// `smtp://smtp.example.com:587?tls=required`; `from` like `Mudanzas <no-reply@example.com>`.
    pub fn new(smtp_url: Option<&str>, from: &str) -> Result<Mailer, String> {
        let smtp = match smtp_url {
            Some(url) => Some(Smtp {
                transport: AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|e| format!("SMTP_URL no es válida: {e}"))?
                    .timeout(Some(Duration::from_secs(20)))
                    .build(),
                from: from
                    .parse()
                    .map_err(|e| format!("MAIL_FROM no es una dirección válida: {e}"))?,
            }),
            None => None,
        };
        Ok(Mailer {
            inner: Arc::new(Inner { smtp }),
        })
    }

    /// The outbox is for reading (local development) only when nothing sends it.
    pub fn keeps_outbox(&self) -> bool {
        self.inner.smtp.is_none()
    }

    /// Writes the email in the caller's transaction; it goes out once that commits.
    pub async fn queue(&self, conn: &mut PgConnection, email: Email) -> Result<(), sqlx::Error> {
        sqlx::query("INSERT INTO outbox (id, para, asunto, texto) VALUES ($1, $2, $3, $4)")
            .bind(Uuid::now_v7())
            .bind(&email.to)
            .bind(&email.subject)
            .bind(&email.text)
            .execute(&mut *conn)
            .await?;
        // PostgreSQL delivers a notification when the transaction commits, and never when it
        // rolls back: the sender (in this process or another) wakes exactly when the email exists.
        sqlx::query("SELECT pg_notify($1, '')")
            .bind(OUTBOX_CHANNEL)
            .execute(conn)
            .await?;
        Ok(())
    }

    /// Sends what is due, then each new email as it is committed; only with SMTP.
    pub fn start_delivery(&self, pool: PgPool) {
        if self.inner.smtp.is_none() {
            return;
        }
        let mailer = self.clone();
        spawn_outbox_worker(pool, OUTBOX_CHANNEL, move |pool| {
            let mailer = mailer.clone();
            async move { mailer.deliver_due(&pool).await }
        });
    }

    /// Sends up to 20 due emails; returns how many left the outbox.
    pub async fn deliver_due(&self, pool: &PgPool) -> Result<usize, sqlx::Error> {
        let Some(smtp) = &self.inner.smtp else {
            return Ok(0);
        };
        let mut tx = pool.begin().await?;
        // SKIP LOCKED: several server processes share one outbox without sending twice.
        let due: Vec<(Uuid, String, String, String, i32)> = sqlx::query_as(
            "SELECT id, para, asunto, texto, attempts FROM outbox WHERE next_attempt_at <= now() \
             ORDER BY next_attempt_at LIMIT 20 FOR UPDATE SKIP LOCKED",
        )
        .fetch_all(&mut *tx)
        .await?;
        let mut sent = 0;
        for (id, to, subject, text, attempts) in due {
            match send(smtp, &to, &subject, text).await {
                Ok(()) => {
                    sqlx::query("DELETE FROM outbox WHERE id = $1")
                        .bind(id)
                        .execute(&mut *tx)
                        .await?;
                    sent += 1;
                }
                Err(error) => {
                    tracing::warn!(%error, %id, "an email could not be sent; will retry");
                    sqlx::query(
                        "UPDATE outbox SET attempts = attempts + 1, last_error = $2, \
                         next_attempt_at = now() + make_interval(secs => $3) WHERE id = $1",
                    )
                    .bind(id)
                    .bind(&error)
                    .bind(backoff(attempts) as f64)
                    .execute(&mut *tx)
                    .await?;
                }
            }
        }
        tx.commit().await?;
        Ok(sent)
    }
}

async fn send(smtp: &Smtp, to: &str, subject: &str, text: String) -> Result<(), String> {
    let to: Mailbox = to.parse().map_err(|e| format!("destinatario: {e}"))?;
    let message = Message::builder()
        .from(smtp.from.clone())
        .to(to)
        .subject(subject)
        // Without it the text's charset is US-ASCII, and a reader shows 'Lucía' as 'Luc��a'.
        .header(lettre::message::header::ContentType::TEXT_PLAIN)
        .body(text)
        .map_err(|e| e.to_string())?;
    smtp.transport
        .send(message)
        .await
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// The emails of the customer flows, in Spanish.
pub mod templates {
    use super::Email;

    pub fn confirmation_code(to: &str, name: &str, code: &str) -> Email {
        Email {
            to: to.to_string(),
            subject: format!("Tu código de confirmación: {code}"),
            text: format!(
                "Hola, {name}:\n\n\
                 Tu código para confirmar el email de tu cuenta de Mudanzas es:\n\n    {code}\n\n\
                 Caduca en 5 minutos. Si no has creado una cuenta, ignora este mensaje.\n\n\
                 Mudanzas · Madrid"
            ),
        }
    }

    pub fn password_reset(to: &str, name: &str, link: &str) -> Email {
        Email {
            to: to.to_string(),
            subject: "Restablece tu contraseña".to_string(),
            text: format!(
                "Hola, {name}:\n\n\
                 Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Mudanzas.\n\
                 Abre este enlace para elegir una nueva (caduca en 1 hora y solo sirve una vez):\n\n\
                 {link}\n\n\
                 Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.\n\n\
                 Mudanzas · Madrid"
            ),
        }
    }

    /// The confirmation a visitor gets for a quote request (spec §9: a reply within 24 hours).
    pub fn quote_received(to: &str, quote: &QuoteSummary<'_>) -> Email {
        let QuoteSummary {
            nombre: name,
            referencia: reference,
            origen: origin,
            destino: destination,
            fecha: date,
            franja: slot,
            objetos: objects,
            contacto: contact,
        } = quote;
        Email {
            to: to.to_string(),
            subject: "Hemos recibido tu solicitud de presupuesto".to_string(),
            text: format!(
                "Hola, {name}:\n\n\
                 Gracias por confiar en Mudanzas. Hemos recibido tu solicitud de presupuesto:\n\n\
                 \u{20}   Origen: {origin}\n\
                 \u{20}   Destino: {destination}\n\
                 \u{20}   Fecha preferida: {date} ({slot})\n\
                 \u{20}   Objetos: {objects}\n\n\
                 Te contactaremos {contact} en menos de 24 horas con tu presupuesto definitivo.\n\
                 Referencia de tu solicitud: {reference}\n\n\
                 Si no has pedido este presupuesto, ignora este mensaje.\n\n\
                 Mudanzas · Madrid"
            ),
        }
    }

    /// A contact message or job application's lines, already worded in Spanish: (label, value).
    pub type Lines<'a> = [(&'a str, &'a str)];

    fn lines(lines: &Lines<'_>) -> String {
        lines
            .iter()
            .map(|(label, value)| format!("    {label}: {value}\n"))
            .collect()
    }

    /// The company's copy of a contact message (spec §9: answered within 24 hours).
    pub fn contact_to_company(to: &str, name: &str, reference: &str, fields: &Lines<'_>) -> Email {
        Email {
            to: to.to_string(),
            subject: format!("Nuevo mensaje de contacto: {name}"),
            text: format!(
                "Nuevo mensaje desde el formulario de contacto de la web:\n\n{}\n\
                 Hay que responderlo en menos de 24 horas.\n\
                 Referencia: {reference}\n",
                lines(fields)
            ),
        }
    }

    /// The sender's acknowledgement of a contact message (spec §2 'Contact', §9).
    pub fn contact_received(to: &str, name: &str, fields: &Lines<'_>) -> Email {
        Email {
            to: to.to_string(),
            subject: "Hemos recibido tu mensaje".to_string(),
            text: format!(
                "Hola, {name}:\n\n\
                 Gracias por escribir a Mudanzas. Hemos recibido tu consulta:\n\n{}\n\
                 Te responderemos en menos de 24 horas.\n\n\
                 Si no nos has escrito tú, ignora este mensaje.\n\n\
                 Mudanzas · Madrid",
                lines(fields)
            ),
        }
    }

    /// Human resources' notice of a job application; the CV stays in the manager panel.
    pub fn application_to_company(
        to: &str,
        name: &str,
        position: &str,
        reference: &str,
        panel: &str,
        fields: &Lines<'_>,
    ) -> Email {
        Email {
            to: to.to_string(),
            subject: format!("Nueva candidatura: {name} ({position})"),
            text: format!(
                "Nueva candidatura desde «Trabaja con nosotros»:\n\n{}\n\
                 El currículum se descarga desde el panel de gestión: {panel}\n\
                 Hay que responder en un plazo de 7 días laborables.\n\
                 Referencia: {reference}\n",
                lines(fields)
            ),
        }
    }

    /// The applicant's acknowledgement (spec §9: applications answered within 7 working days).
    pub fn application_received(to: &str, name: &str, position: &str, cv: &str) -> Email {
        Email {
            to: to.to_string(),
            subject: "Hemos recibido tu candidatura".to_string(),
            text: format!(
                "Hola, {name}:\n\n\
                 Gracias por tu interés en trabajar con Mudanzas. Hemos recibido tu candidatura \
                 para el puesto de {position} y tu currículum ({cv}).\n\n\
                 Nuestro equipo la revisará y te responderemos en un plazo de 7 días laborables.\n\n\
                 Si no has enviado tú esta candidatura, ignora este mensaje.\n\n\
                 Mudanzas · Madrid"
            ),
        }
    }

    /// What the quote confirmation says, already worded in Spanish.
    pub struct QuoteSummary<'a> {
        pub nombre: &'a str,
        pub referencia: &'a str,
        pub origen: &'a str,
        pub destino: &'a str,
        /// e.g. '09/01/2027'
        pub fecha: &'a str,
        /// e.g. 'por la mañana, de 8:00 a 12:00' (command::options)
        pub franja: &'a str,
        /// e.g. '12 objetos' or 'Pack Avanzado'
        pub objetos: &'a str,
        /// e.g. 'por teléfono'
        pub contacto: &'a str,
    }
}
