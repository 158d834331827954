//! One shape for every decider: a stream kind's state folded from its events, the commands it
//! decides, and what a decision needs from outside the stream (the [`Context`]), so the events a
//! decider returns are the ones appended, with nothing patched in afterwards.

use chrono::{DateTime, NaiveDate, Utc};
use events_schema::Event;
use uuid::Uuid;

use crate::{DomainError, Role, StreamEvents};

/// Makes what a decision must invent: the server's are random, a test's or the seed's fixed, so
/// the same decision can be replayed with the same outcome.
pub trait Generate: Send + Sync {
    /// A new payment key (`crate::payments::key_from_bytes`).
    fn payment_key(&self) -> String;
    /// A new identifier (a payment's).
    fn id(&self) -> Uuid;
}

/// What a decision needs to know besides the stream's state.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    /// The moment it is decided at: a cancellation's fee depends on it (§9), "today" too.
    pub now: DateTime<Utc>,
    /// Who acts: `None` for an anonymous visitor (a quote request, a card payment).
    pub role: Option<Role>,
    pub generate: &'a dyn Generate,
}

impl Context<'_> {
    /// Madrid's date at `now` (dates before it are in the past).
    pub fn today(&self) -> NaiveDate {
        events_schema::calendar::madrid_date(self.now)
    }

    /// The acting role, or `Forbidden` for an anonymous caller.
    pub fn role(&self) -> Result<Role, DomainError> {
        self.role.ok_or(DomainError::Forbidden)
    }
}

/// A stream kind's decider: `decide` says which events a command leads to on a state, `evolve`
/// how an event changes the state; a stream's state is its events evolved in turn from the
/// default.
pub trait Decider {
    /// What names one stream of this kind.
    type Id;
    type State: Default + Clone;
    type Command;

    fn stream(id: &Self::Id) -> String;

    fn decide(
        state: &Self::State,
        command: Self::Command,
        ctx: &Context<'_>,
    ) -> Result<Vec<Event>, DomainError>;

    fn evolve(state: Self::State, event: &Event) -> Self::State;

    /// The stream `id`'s part of a decision that spans streams: what `command` decides on
    /// `state`, to be appended at `version`, the version it was decided on.
    fn plan(
        id: &Self::Id,
        state: &Self::State,
        version: i64,
        command: Self::Command,
        ctx: &Context<'_>,
    ) -> Result<StreamEvents, DomainError> {
        Ok(StreamEvents {
            stream: Self::stream(id),
            expected_version: version,
            events: Self::decide(state, command, ctx)?,
        })
    }

    /// Decides `commands` one after another, each on the state the previous ones left; the
    /// first refusal stops them all. Returns the state at the end and every event decided.
    fn decide_all(
        mut state: Self::State,
        commands: impl IntoIterator<Item = Self::Command>,
        ctx: &Context<'_>,
    ) -> Result<(Self::State, Vec<Event>), DomainError> {
        let mut events = Vec::new();
        for command in commands {
            for event in Self::decide(&state, command, ctx)? {
                state = Self::evolve(state, &event);
                events.push(event);
            }
        }
        Ok((state, events))
    }
}

/// The same key and the nil id every time: the seed's demo keys, tests and replays.
#[derive(Debug, Clone, Default)]
pub struct Fixed {
    pub key: String,
}

impl Generate for Fixed {
    fn payment_key(&self) -> String {
        self.key.clone()
    }

    fn id(&self) -> Uuid {
        Uuid::nil()
    }
}
