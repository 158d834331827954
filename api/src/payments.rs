//! The card gateways behind /pago: one interface, two implementations. The built-in test gateway
//! (the default) takes the card on our own page and decides by the documented test numbers;
//! Redsys, the Spanish banks' gateway, takes the card on its own page: we send the payer there
//! with signed merchant parameters and learn the outcome from its signed notification.

use base64::engine::general_purpose::{STANDARD, URL_SAFE};
use base64::Engine;
use cbc::cipher::block_padding::ZeroPadding;
use cbc::cipher::{BlockEncryptMut, KeyIvInit};
use command::payments::{Card, Refusal};
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::Sha256;

pub use crate::config::{RedsysConfig, REDSYS_TEST_URL};

pub const TEST_PROVIDER: &str = "prueba";
pub const REDSYS_PROVIDER: &str = "redsys";
pub const SIGNATURE_VERSION: &str = "HMAC_SHA256_V1";

/// How the payer's browser pays.
#[derive(Debug, Clone, PartialEq)]
pub enum Checkout {
    /// Our own card form, charged with `charge`.
    CardForm,
    /// A form the browser posts to the gateway's page.
    Redirect { url: String, fields: Value },
}

/// One payment asked of a gateway.
#[derive(Debug, Clone)]
pub struct Order {
    /// Unique per merchant, 12 characters (Redsys: 4 digits then alphanumerics).
    pub number: String,
    pub amount_cents: i64,
    /// Where the gateway tells the server (notification) and sends the payer back.
    pub notification_url: String,
    pub ok_url: String,
    pub ko_url: String,
}

/// A gateway's verdict, as the server records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub order: String,
    pub amount_cents: i64,
    pub brand: String,
    pub last4: String,
    /// The gateway's own reference of this attempt.
    pub reference: String,
    pub outcome: Result<(), Refusal>,
}

pub trait PaymentProvider: Send + Sync {
    fn name(&self) -> &'static str;
    fn checkout(&self, order: &Order) -> Checkout;
    /// Charges a card typed on our page; only for `Checkout::CardForm` gateways.
    fn charge(&self, order: &Order, card: &Card) -> Option<Verdict>;
    /// Reads a notification the gateway posted; `None` when it is not authentic.
    fn notification(&self, form: &[(String, String)]) -> Option<Verdict>;
}

pub fn provider(config: &crate::config::Config) -> Box<dyn PaymentProvider> {
    match &config.redsys {
        Some(redsys) => Box::new(Redsys(redsys.clone())),
        None => Box::new(TestGateway),
    }
}

// ---------------------------------------------------------------------------------------------

/// The built-in gateway: no network, outcomes by card number (command::payments::test_gateway).
pub struct TestGateway;

impl PaymentProvider for TestGateway {
    fn name(&self) -> &'static str {
        TEST_PROVIDER
    }

    fn checkout(&self, _order: &Order) -> Checkout {
        Checkout::CardForm
    }

    fn charge(&self, order: &Order, card: &Card) -> Option<Verdict> {
        Some(Verdict {
            order: order.number.clone(),
            amount_cents: order.amount_cents,
            brand: card.brand.to_string(),
            last4: card.last4.clone(),
            reference: format!("P-{}", order.number),
            outcome: command::payments::test_gateway(card),
        })
    }

    fn notification(&self, _form: &[(String, String)]) -> Option<Verdict> {
        None
    }
}

// ---------------------------------------------------------------------------------------------

pub struct Redsys(pub RedsysConfig);

type HmacSha256 = Hmac<Sha256>;

impl Redsys {
    /// The per-order key: the order number encrypted with 3DES-CBC (zero IV, zero padding)
    /// under the merchant's secret. No order, no key: nothing signs or verifies without one.
    fn order_key(&self, order: &str) -> Option<Vec<u8>> {
        if order.is_empty() {
            return None;
        }
        let secret = STANDARD.decode(self.0.secret_key.trim()).ok()?;
        let cipher = cbc::Encryptor::<des::TdesEde3>::new_from_slices(&secret, &[0u8; 8]).ok()?;
        let mut key = order.as_bytes().to_vec();
        key.resize(order.len().div_ceil(8) * 8, 0);
        cipher
            .encrypt_padded_mut::<ZeroPadding>(&mut key, order.len())
            .ok()?;
        Some(key)
    }

    fn mac(&self, order: &str, merchant_parameters: &str) -> Option<HmacSha256> {
        let key = self.order_key(order)?;
        let mut mac = <HmacSha256 as Mac>::new_from_slice(&key).ok()?;
        mac.update(merchant_parameters.as_bytes());
        Some(mac)
    }

    /// `Ds_Signature` of a request: base64 of the HMAC.
    pub fn sign(&self, order: &str, merchant_parameters: &str) -> Option<String> {
        let mac = self.mac(order, merchant_parameters)?;
        Some(STANDARD.encode(mac.finalize().into_bytes()))
    }

    /// Checks a notification's `Ds_Signature` (base64url, as Redsys sends it) in constant time.
    pub fn verify(&self, order: &str, merchant_parameters: &str, signature: &str) -> bool {
        let normalised = signature.trim().replace('+', "-").replace('/', "_");
        let Ok(received) = URL_SAFE.decode(normalised) else {
            return false;
        };
        self.mac(order, merchant_parameters)
            .is_some_and(|mac| mac.verify_slice(&received).is_ok())
    }

    pub fn merchant_parameters(&self, order: &Order) -> String {
        let parameters = json!({
            "DS_MERCHANT_AMOUNT": order.amount_cents.to_string(),
            "DS_MERCHANT_ORDER": order.number,
            "DS_MERCHANT_MERCHANTCODE": self.0.merchant_code,
            "DS_MERCHANT_CURRENCY": "978",
            "DS_MERCHANT_TRANSACTIONTYPE": "0",
            "DS_MERCHANT_TERMINAL": self.0.terminal,
            "DS_MERCHANT_MERCHANTURL": order.notification_url,
            "DS_MERCHANT_URLOK": order.ok_url,
            "DS_MERCHANT_URLKO": order.ko_url,
            "DS_MERCHANT_CONSUMERLANGUAGE": "001",
        });
        STANDARD.encode(parameters.to_string())
    }
}

/// Redsys's `Ds_Card_Brand` codes.
fn redsys_brand(code: &str) -> &'static str {
    match code {
        "1" => "visa",
        "2" => "mastercard",
        "6" => "diners",
        "7" => "privada",
        "8" => "amex",
        "9" => "jcb",
        "22" => "upi",
        _ => "desconocida",
    }
}

/// What Redsys's response codes mean for the payer.
fn redsys_refusal(code: u32) -> Refusal {
    let (reason, message) = match code {
        101 => ("caducada", command::payments::EXPIRED),
        116 => (
            "fondos_insuficientes",
            command::payments::INSUFFICIENT_FUNDS,
        ),
        _ => ("denegada", command::payments::DECLINED),
    };
    Refusal {
        reason: if reason == "denegada" && code != 0 {
            format!("denegada_{code:04}")
        } else {
            reason.into()
        },
        message: message.into(),
    }
}

impl PaymentProvider for Redsys {
    fn name(&self) -> &'static str {
        REDSYS_PROVIDER
    }

    fn checkout(&self, order: &Order) -> Checkout {
        let parameters = self.merchant_parameters(order);
        let signature = self.sign(&order.number, &parameters).unwrap_or_default();
        Checkout::Redirect {
            url: self.0.url.clone(),
            fields: json!({
                "Ds_SignatureVersion": SIGNATURE_VERSION,
                "Ds_MerchantParameters": parameters,
                "Ds_Signature": signature,
            }),
        }
    }

    fn charge(&self, _order: &Order, _card: &Card) -> Option<Verdict> {
        None
    }

    fn notification(&self, form: &[(String, String)]) -> Option<Verdict> {
        let field = |name: &str| {
            form.iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        };
        let parameters = field("Ds_MerchantParameters")?;
        let signature = field("Ds_Signature")?;
        let decoded = STANDARD
            .decode(parameters.trim())
            .or_else(|_| URL_SAFE.decode(parameters.trim()))
            .ok()?;
        let data: Value = serde_json::from_slice(&decoded).ok()?;
        // Redsys writes its keys in either case, depending on the integration.
        let get = |name: &str| {
            data.as_object()?
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .and_then(|(_, v)| v.as_str())
                .map(str::to_string)
        };
        let order = get("Ds_Order")?;
        if !self.verify(&order, parameters, signature) {
            return None;
        }
        let code: u32 = get("Ds_Response")?.trim().parse().ok()?;
        let amount_cents: i64 = get("Ds_Amount")?.parse().ok()?;
        let last4 = get("Ds_Card_Number")
            .map(|n| {
                n.chars()
                    .rev()
                    .take(4)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect()
            })
            .unwrap_or_default();
        Some(Verdict {
            reference: format!(
                "R-{order}-{}",
                get("Ds_AuthorisationCode").unwrap_or_default().trim()
            ),
            order,
            amount_cents,
            brand: redsys_brand(&get("Ds_Card_Brand").unwrap_or_default()).into(),
            last4,
            outcome: if code <= 99 {
                Ok(())
            } else {
                Err(redsys_refusal(code))
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The secret of Redsys's test terminal, as its integration guide and examples publish it.
    const TEST_SECRET: &str = "sq7HjrUOBfKmC576ILgskD5srU870gJ7";

    fn redsys() -> Redsys {
        Redsys(RedsysConfig {
            merchant_code: "999008881".into(),
            terminal: "1".into(),
            secret_key: TEST_SECRET.into(),
            url: REDSYS_TEST_URL.into(),
        })
    }

    #[test]
    fn the_order_key_is_3des_of_the_order_under_the_secret() {
        // A published vector: "0" encrypts to Qyx5NZhbucY= under the test secret.
        assert_eq!(
            STANDARD.encode(redsys().order_key("0").unwrap()),
            "Qyx5NZhbucY="
        );
    }

    #[test]
    fn a_notification_published_by_redsys_verifies() {
        // From Redsys's own PHP example (ejemploRecepcionaPet.php), which prints FIRMA OK for it.
        let parameters = "eyJEc19EYXRlIjoiMzAlMkYwOCUyRjIwMjIiLCJEc19Ib3VyIjoiMTIlM0ExOCIsIkRzX1NlY3VyZVBheW1lbnQiOiIxIiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiMTU5MDAiLCJEc19DdXJyZW5jeSI6Ijk3OCIsIkRzX09yZGVyIjoiTU4wMDAwNDkiLCJEc19NZXJjaGFudENvZGUiOiIzNTU4NjgxMDAiLCJEc19UZXJtaW5hbCI6IjAwMSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDAyNDEzIiwiRHNfQ2FyZF9CcmFuZCI6IjEiLCJEc19Qcm9jZXNzZWRQYXlNZXRob2QiOiI1IiwiRHNfQ29udHJvbF8xNjYxODU0NjgzOTg4IjoiMTY2MTg1NDY4Mzk4OCJ9";
        let form = |signature: &str| {
            vec![
                (
                    "Ds_SignatureVersion".to_string(),
                    SIGNATURE_VERSION.to_string(),
                ),
                ("Ds_MerchantParameters".to_string(), parameters.to_string()),
                ("Ds_Signature".to_string(), signature.to_string()),
            ]
        };
        let verdict = redsys()
            .notification(&form("O9aFvML5qK8VBQhV4GK8kFHvmAQaSnX1hfckr7abzIs="))
            .expect("authentic");
        assert_eq!(verdict.order, "MN000049");
        assert_eq!(verdict.amount_cents, 15900);
        assert_eq!(verdict.brand, "visa");
        assert_eq!(verdict.reference, "R-MN000049-002413");
        assert!(verdict.outcome.is_ok());
        // One character changed: not authentic.
        assert!(redsys()
            .notification(&form("O9aFvML5qK8VBQhV4GK8kFHvmAQaSnX1hfckr7abzIt="))
            .is_none());
    }

    #[test]
    fn what_we_sign_verifies_and_carries_the_order() {
        let order = Order {
            number: "0001ABCDEFGH".into(),
            amount_cents: 14_500,
            notification_url: "https://mudanzas.example/api/pagos/redsys/notificacion".into(),
            ok_url: "https://mudanzas.example/pago-exitoso?id=x".into(),
            ko_url: "https://mudanzas.example/pago-fallido?id=x".into(),
        };
        let Checkout::Redirect { url, fields } = redsys().checkout(&order) else {
            panic!("Redsys redirects");
        };
        assert_eq!(url, REDSYS_TEST_URL);
        let parameters = fields["Ds_MerchantParameters"].as_str().unwrap();
        let signature = fields["Ds_Signature"].as_str().unwrap();
        assert!(redsys().verify(&order.number, parameters, signature));
        assert!(!redsys().verify("0001ABCDEFGX", parameters, signature));
        let decoded: Value = serde_json::from_slice(&STANDARD.decode(parameters).unwrap()).unwrap();
        assert_eq!(decoded["DS_MERCHANT_AMOUNT"], "14500");
        assert_eq!(decoded["DS_MERCHANT_CURRENCY"], "978");
    }

    #[test]
    fn refusal_codes() {
        assert_eq!(redsys_refusal(116).reason, "fondos_insuficientes");
        assert_eq!(redsys_refusal(101).reason, "caducada");
        assert_eq!(redsys_refusal(190).reason, "denegada_0190");
    }
}
