use serde::{Deserialize, Serialize};

/// The roles of ARCHITECTURE §6, with their wire names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Cliente,
    Empleado,
    Empresario,
    Admin,
    Auditor,
}

impl Role {
    pub const ALL: [Role; 5] = [
        Role::Cliente,
        Role::Empleado,
        Role::Empresario,
        Role::Admin,
        Role::Auditor,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Cliente => "cliente",
            Role::Empleado => "empleado",
            Role::Empresario => "empresario",
            Role::Admin => "admin",
            Role::Auditor => "auditor",
        }
    }

    pub fn parse(value: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == value)
    }

    /// Staff see the staff view of moves; only some of them see prices.
    pub fn is_staff(self) -> bool {
        !matches!(self, Role::Cliente)
    }

    /// Workers never receive prices (issue 3); managers, admins and auditors do.
    pub fn sees_prices(self) -> bool {
        matches!(self, Role::Empresario | Role::Admin | Role::Auditor)
    }
}
