//! The invoice and the waybill as PDF files, made on the server so that what a client downloads
//! is the document as issued, not whatever a browser's print dialog makes of a page. `krilla`
//! writes the PDF (fonts embedded and subset, text extractable); what is ours is the layout: a
//! page flow of text lines, wrapped paragraphs and tables that continue on the next page.

mod invoice;
mod layout;
mod parts;
mod waybill;

pub use invoice::invoice;
pub use waybill::waybill;

#[cfg(test)]
mod documents {
    use serde_json::json;

    /// An invoice as `GET /api/factura/{id}` answers it.
    pub(crate) fn invoice_doc() -> serde_json::Value {
        json!({
            "numero": "F2026-000007",
            "fecha_emision": "2026-12-01",
            "tipo": "completa",
            "empresa": {"nombre": "Mudanzas Madrid S.L.", "nif": "B87654321",
                "direccion": "Calle de Alcalá 100", "ciudad": "28009 Madrid",
                "telefono": "910 000 000", "email": "info@mudanzas.test"},
            "cliente": {"nombre": "Begoña Muñoz Ibáñez", "email": "begona@example.com",
                "telefono": "612 345 678", "nif": "12345678Z",
                "direccion": "Calle del Pez 3, 28004 Madrid"},
            "mudanza": {"id": 14, "origen": "Calle del Pez 3, Madrid",
                "destino": "Avenida de la Constitución 12, Getafe",
                "fecha_programada": "2026-12-14", "fecha_alternativa": null,
                "estado": "confirmada", "hora_preferida": "morning", "urgencia": "normal",
                "instrucciones": "Portal por la calle de atrás; el sofá no cabe en el ascensor.",
                "property_details": {
                    "origin": {"property_type": "apartment_2_rooms", "access": "normal",
                        "floor": "third", "elevator": true},
                    "destination": {"property_type": "house_3_rooms", "access": "cant_park",
                        "floor": "ground", "elevator": false}}},
            "servicios": [{"concepto": "Embalaje", "cantidad": 2}],
            "objetos": [{"nombre": "Sofá de 3 plazas", "cantidad": 1, "peso": 45.5},
                {"nombre": "Caja mediana", "cantidad": 20, "peso": 0.0}],
            "importes": {"base": 300.0, "distancia": 40.0, "servicios": 60.0, "urgencia": 0.0,
                "subtotal": 400.0, "iva_aplicado": true, "iva_porcentaje": 21, "iva": 84.0,
                "total": 484.0, "anticipo": 96.8, "pagado": 0.0, "pendiente": 484.0},
            "garantia": "Garantía de 30 días en los trabajos de desmontaje y montaje de muebles realizados.",
            "cobros": {"pagado": 96.8, "pendiente": 387.2, "estado_pago": "parcial",
                "gastos_cancelacion": null, "pagos": [{"id": "0190a1b2-0000-7000-8000-000000000001",
                "fecha": "2026-12-02T10:00:00Z", "importe": 96.8, "reembolsado": 0.0,
                "marca": "visa", "ultimos4": "4242", "estado": "autorizado", "motivo": null,
                "tipo": "anticipo"}]}
        })
    }

    pub(crate) fn waybill_doc() -> serde_json::Value {
        let invoice = invoice_doc();
        json!({
            "numero_albaran": "A2026-000003",
            "fecha_emision": "2026-12-01",
            "empresa": invoice["empresa"],
            "cliente": {"nombre": "Begoña Muñoz Ibáñez", "email": "begona@example.com",
                "telefono": "612 345 678", "direccion": "Calle del Pez 3, Madrid"},
            "mudanza": {"id": 14, "origen": "Calle del Pez 3, Madrid",
                "destino": "Avenida de la Constitución 12, Getafe",
                "fecha_programada": "2026-12-14", "estado": "confirmada"},
            "servicios": ["Embalaje (2)"],
            "objetos": [{"cantidad": 1, "nombre": "Sofá de 3 plazas", "categoria": "sofas",
                "dimensiones": "200 x 90 x 85 cm", "volumen_m3": 1.53},
                {"cantidad": 2, "nombre": "Objeto a medida", "categoria": null,
                "dimensiones": null, "volumen_m3": null}],
            "resumen_objetos": {"total_objetos": 3, "volumen_total_m3": null},
            "precio_con_iva": 484.0,
            "garantia": ""
        })
    }

    /// The PDF's text, as a reader (or a screen reader) extracts it.
    fn text_of(pdf: &[u8]) -> String {
        pdf_extract::extract_text_from_mem(pdf).expect("a readable PDF")
    }

    #[test]
    fn the_invoice_pdf_holds_the_numbered_invoice_with_the_recipients_nif() {
        let pdf = super::invoice(&invoice_doc()).unwrap();
        if let Ok(dir) = std::env::var("PDF_SAMPLES") {
            std::fs::write(format!("{dir}/factura.pdf"), &pdf).unwrap();
        }
        let text = text_of(&pdf);
        for expected in [
            "FACTURA",
            "F2026-000007",
            "1 de diciembre de 2026",
            "Begoña Muñoz Ibáñez",
            "NIF: 12345678Z",
            "Calle del Pez 3, 28004 Madrid",
            "Piso de 2 habitaciones",
            "Sofá de 3 plazas",
            "45,5 kg",
            "Base imponible",
            "400,00 €",
            "IVA (21 %)",
            "484,00 €",
            "387,20 €",
            "Visa ···· 4242",
            "Casa de 3 habitaciones",
            "Página 1 de",
        ] {
            assert!(text.contains(expected), "{expected:?} not in:\n{text}");
        }
        assert!(!text.contains("simplificada"));
    }

    #[test]
    fn an_invoice_without_a_nif_is_titled_simplified_and_an_old_one_still_prints() {
        let mut doc = invoice_doc();
        doc["tipo"] = json!("simplificada");
        doc["cliente"].as_object_mut().unwrap().remove("nif");
        let text = text_of(&super::invoice(&doc).unwrap());
        assert!(text.contains("FACTURA SIMPLIFICADA"), "{text}");
        assert!(!text.contains("NIF: 1"), "{text}");
        // Issued before the type, the recipient's address and the payments were recorded.
        let mut old = invoice_doc();
        for field in ["tipo", "cobros"] {
            old.as_object_mut().unwrap().remove(field);
        }
        old["cliente"] = json!({"nombre": "Ana", "email": "", "telefono": ""});
        let old_text = text_of(&super::invoice(&old).unwrap());
        assert!(
            old_text.contains("FACTURA") && old_text.contains("Ana"),
            "{old_text}"
        );
    }

    #[test]
    fn the_waybill_pdf_lists_objects_with_unknown_figures_as_dashes_and_the_signature_boxes() {
        let pdf = super::waybill(&waybill_doc()).unwrap();
        if let Ok(dir) = std::env::var("PDF_SAMPLES") {
            std::fs::write(format!("{dir}/albaran.pdf"), &pdf).unwrap();
        }
        let text = text_of(&pdf);
        for expected in [
            "ALBARÁN",
            "A2026-000003",
            "Sofás",
            "1,53 m³",
            "Objeto a medida",
            "Embalaje (2)",
            "484,00 €",
            "CONFORMIDAD DEL CLIENTE",
            "Firma del trabajador",
            "Nombre y DNI:",
        ] {
            assert!(text.contains(expected), "{expected:?} not in:\n{text}");
        }
        let mut worker = waybill_doc();
        worker.as_object_mut().unwrap().remove("precio_con_iva");
        let text = text_of(&super::waybill(&worker).unwrap());
        assert!(!text.contains("Precio con IVA"), "{text}");
    }

    #[test]
    fn the_signatures_collected_on_a_phone_are_drawn_with_their_names_and_times() {
        use base64::Engine;
        let png = base64::engine::general_purpose::STANDARD.encode(SIGNATURE_PNG);
        let mut doc = waybill_doc();
        let sha = "e08ec67820f4d8a411415876cb6701a1ea797b44718d3504cf7f4078f8f9a415";
        doc["albaran_sha256"] = json!(sha);
        doc["firmas"] = json!([
            {"etapa": "recogida", "firmante": "cliente", "nombre": "Begoña Muñoz",
             "firmado_en": "2026-12-14T08:05:00Z", "registrado_en": "2026-12-14T09:30:00Z",
             "sha256_albaran": sha, "imagen_png": png},
            {"etapa": "recogida", "firmante": "operario", "nombre": "Luis García",
             "firmado_en": "2026-12-14T08:06:00Z", "registrado_en": "2026-12-14T09:30:00Z",
             "sha256_albaran": "antiguo", "imagen_png": null}
        ]);
        let pdf = super::waybill(&doc).unwrap();
        let images = |pdf: &[u8]| pdf.windows(14).filter(|w| w == b"/Subtype/Image").count();
        assert!(images(&pdf) > 0, "the signature with an image is drawn");
        assert_eq!(images(&super::waybill(&waybill_doc()).unwrap()), 0);
        let text = text_of(&pdf);
        for expected in [
            "Firmas en la recogida",
            "Nombre: Begoña Muñoz",
            "Firmado: 14/12/2026 09:05",
            "Registrado: 14/12/2026 10:30",
            "Acepta este contenido",
            "Firmó una versión anterior del contenido",
        ] {
            assert!(text.contains(expected), "{expected:?} not in:\n{text}");
        }
        assert!(!text.contains("Nombre y DNI:"), "{text}");
    }

    /// A valid PNG of 1×1 pixel (RGBA).
    const SIGNATURE_PNG: &[u8] = &[
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44,
        0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F,
        0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8,
        0xCF, 0xC0, 0xF0, 0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00,
        0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ];

    #[test]
    fn a_document_with_huge_unicode_fields_still_renders_over_pages() {
        let mut doc = invoice_doc();
        doc["mudanza"]["instrucciones"] = json!("Ñandú 🦤 ".repeat(120));
        doc["objetos"] = json!((0..150)
            .map(|i| json!({"nombre": format!("Caja {i} «frágil»"), "cantidad": 1, "peso": 1.0}))
            .collect::<Vec<_>>());
        let text = text_of(&super::invoice(&doc).unwrap());
        assert!(text.contains("Caja 149"), "the last object is printed");
        assert!(text.contains("Página 3 de"), "{text}");
    }
}
