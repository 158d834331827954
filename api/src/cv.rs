//! A job application's CV (issue 6: .pdf, .doc or .docx, at most 5 MB, checked by content): what
//! kind of document the bytes are, and names that are safe on disk and in a download.
//!
//! The type is decided by the content and must agree with the name's extension: a name says
//! nothing about what a file is, and a manager opening a `.pdf` that is really something else is
//! exactly what this guards against. On disk a CV never carries the applicant's name (path
//! traversal, odd characters); that name is kept as text and offered back only, cleaned, in
//! `Content-Disposition`.

use std::io::Cursor;

use unicode_normalization::UnicodeNormalization;

/// Issue 6: at most 5 MB.
pub const MAX_CV_BYTES: usize = 5 * 1024 * 1024;
/// The request may carry the CV plus the form's other fields and the multipart framing.
pub const MAX_APPLICATION_BODY: usize = MAX_CV_BYTES + 64 * 1024;

pub const CV_REQUIRED: &str = "Adjunta tu currículum (PDF, DOC o DOCX)";
pub const CV_WRONG_TYPE: &str = "El currículum debe ser un archivo PDF, DOC o DOCX";
pub const CV_CONTENT_MISMATCH: &str =
    "El archivo no es un PDF, DOC o DOCX válido: su contenido no coincide con su extensión";
pub const CV_TOO_LARGE: &str = "El currículum supera el tamaño máximo de 5 MB";
pub const CV_DOCX_TOO_LARGE: &str =
    "El currículum DOCX no es válido: descomprimido supera el tamaño máximo de 20 MB";

/// The most a DOCX may hold once inflated, all its parts together (issue 17: a 2 GiB zip bomb
/// of a few KB was stored as a CV). A CV with photos is a few MB.
pub const MAX_DOCX_INFLATED: u64 = 20 * 1024 * 1024;
/// The most parts a DOCX may have: a CV has a few dozen.
pub const MAX_DOCX_ENTRIES: usize = 1_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CvKind {
    Pdf,
    Doc,
    Docx,
}

/// The first bytes of every OLE2 compound file, the container of a Word 97-2003 `.doc`.
const OLE2_MAGIC: [u8; 8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
const ZIP_MAGIC: &[u8] = b"PK\x03\x04";

impl CvKind {
    pub fn as_str(self) -> &'static str {
        match self {
            CvKind::Pdf => "pdf",
            CvKind::Doc => "doc",
            CvKind::Docx => "docx",
        }
    }

    pub fn parse(value: &str) -> Option<CvKind> {
        match value {
            "pdf" => Some(CvKind::Pdf),
            "doc" => Some(CvKind::Doc),
            "docx" => Some(CvKind::Docx),
            _ => None,
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            CvKind::Pdf => "application/pdf",
            CvKind::Doc => "application/msword",
            CvKind::Docx => {
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            }
        }
    }

    /// What the file name claims, by its extension (any case).
    pub fn from_file_name(name: &str) -> Option<CvKind> {
        let (_, extension) = name.rsplit_once('.')?;
        CvKind::parse(&extension.to_ascii_lowercase())
    }

    /// What the bytes are:
    /// - PDF: starts with `%PDF-` (ISO 32000, §7.5.2);
    /// - DOC: an OLE2 compound file holding a `WordDocument` stream, which every Word binary
    ///   document has (MS-DOC §2.1.1) and which sets it apart from an `.xls` in the same
    ///   container; the directory entry's name is UTF-16LE;
    /// - DOCX: a ZIP whose central directory lists `[Content_Types].xml` and
    ///   `word/document.xml` (whether it fits once inflated is [`check_docx`]'s part).
    pub fn of_content(bytes: &[u8]) -> Option<CvKind> {
        if bytes.starts_with(b"%PDF-") {
            return Some(CvKind::Pdf);
        }
        if bytes.starts_with(&OLE2_MAGIC) {
            let word_document: Vec<u8> = "WordDocument"
                .encode_utf16()
                .flat_map(u16::to_le_bytes)
                .collect();
            return bytes
                .windows(word_document.len())
                .any(|w| w == word_document)
                .then_some(CvKind::Doc);
        }
        if bytes.starts_with(ZIP_MAGIC) {
            let archive = zip::ZipArchive::new(Cursor::new(bytes)).ok()?;
            let has = |name: &str| archive.index_for_name(name).is_some();
            return (has("[Content_Types].xml") && has("word/document.xml"))
                .then_some(CvKind::Docx);
        }
        None
    }
}

/// Checks an uploaded CV: present, not too large, a PDF, DOC or DOCX by content, and named with
/// the extension of what it is.
pub fn check(file_name: &str, bytes: &[u8]) -> Result<CvKind, (u16, &'static str)> {
    if bytes.is_empty() {
        return Err((400, CV_REQUIRED));
    }
    if bytes.len() > MAX_CV_BYTES {
        return Err((413, CV_TOO_LARGE));
    }
    let claimed = CvKind::from_file_name(file_name).ok_or((400, CV_WRONG_TYPE))?;
    match CvKind::of_content(bytes) {
        Some(CvKind::Docx) if claimed == CvKind::Docx => {
            check_docx(bytes)?;
            Ok(CvKind::Docx)
        }
        Some(kind) if kind == claimed => Ok(kind),
        _ => Err((400, CV_CONTENT_MISMATCH)),
    }
}

/// A DOCX whole and within [`MAX_DOCX_INFLATED`] once inflated: at most [`MAX_DOCX_ENTRIES`]
/// parts, whose declared sizes add up to no more than the cap, and which really inflate to no
/// more than that (a ZIP may declare sizes it does not keep), each within its declared size and
/// with the checksum it declares. Inflating stops there, so a bomb costs no more than the cap.
pub fn check_docx(bytes: &[u8]) -> Result<(), (u16, &'static str)> {
    const TOO_LARGE: (u16, &str) = (400, CV_DOCX_TOO_LARGE);
    const BROKEN: (u16, &str) = (400, CV_CONTENT_MISMATCH);
    use std::io::Read;
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|_| BROKEN)?;
    if archive.len() > MAX_DOCX_ENTRIES {
        return Err(TOO_LARGE);
    }
    let mut declared: u64 = 0;
    for i in 0..archive.len() {
        let entry = archive.by_index_raw(i).map_err(|_| BROKEN)?;
        declared = declared.saturating_add(entry.size());
    }
    if declared > MAX_DOCX_INFLATED {
        return Err(TOO_LARGE);
    }
    // The declared sizes fit, so each part inflating to no more than it declares keeps the whole
    // within the cap; reading one byte more than declared tells a lie apart.
    for i in 0..archive.len() {
        let entry = archive.by_index(i).map_err(|_| BROKEN)?;
        let size = entry.size();
        let read =
            std::io::copy(&mut entry.take(size + 1), &mut std::io::sink()).map_err(|_| BROKEN)?;
        if read != size {
            return Err(BROKEN);
        }
    }
    Ok(())
}

/// The applicant's file name as text worth keeping: its last path component (either separator),
/// without control characters, at most 200 characters.
pub fn original_name(raw: &str) -> String {
    let last = raw.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = last.chars().filter(|c| !c.is_control()).take(200).collect();
    cleaned.trim().to_string()
}

/// The name on disk: a fresh id and the extension of the checked type, nothing of the sender's.
pub fn stored_name(id: uuid::Uuid, kind: CvKind) -> String {
    format!("{id}.{}", kind.as_str())
}

/// `Content-Disposition` for a download: always `attachment`, an ASCII `filename` (accents
/// folded, anything else but letters, digits, '-' and '_' made '_') and the UTF-8 original as
/// `filename*` (RFC 6266, RFC 8187), both ending in the extension of the checked type.
pub fn content_disposition(original: &str, kind: CvKind) -> String {
    let extension = kind.as_str();
    let stem = match original.rsplit_once('.') {
        Some((stem, _)) => stem,
        None => original,
    };
    let unicode: String = stem
        .chars()
        .filter(|c| !c.is_control() && !matches!(c, '"' | '\\' | '/'))
        .collect();
    let unicode = match unicode.trim() {
        "" => "curriculum",
        s => s,
    };
    let mut ascii = String::new();
    for c in unicode.nfd().filter(char::is_ascii) {
        let keep = c.is_ascii_alphanumeric() || c == '-' || c == '_';
        let c = if keep { c } else { '_' };
        // Runs of replaced characters become one.
        if !(c == '_' && ascii.ends_with('_')) {
            ascii.push(c);
        }
    }
    let ascii = match ascii.trim_matches('_') {
        "" => "curriculum",
        s => s,
    };
    format!(
        "attachment; filename=\"{ascii}.{extension}\"; filename*=UTF-8''{}",
        percent_encode(&format!("{unicode}.{extension}"))
    )
}

/// RFC 8187 `value-chars`: attr-char stays, every other byte is `%XX`.
fn percent_encode(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        let attr_char = byte.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&byte);
        if attr_char {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    pub fn docx(with_document: bool) -> Vec<u8> {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        writer.start_file("[Content_Types].xml", options).unwrap();
        writer.write_all(b"<Types/>").unwrap();
        if with_document {
            writer.start_file("word/document.xml", options).unwrap();
            writer.write_all(b"<w:document/>").unwrap();
        }
        writer.finish().unwrap().into_inner()
    }

    /// A DOCX whose document part is `document_bytes` zeros, deflated (a few KB per 10 MB).
    fn deflated_docx(document_bytes: usize) -> Vec<u8> {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        writer.start_file("[Content_Types].xml", options).unwrap();
        writer.write_all(b"<Types/>").unwrap();
        writer.start_file("word/document.xml", options).unwrap();
        let chunk = vec![0u8; 1024 * 1024];
        let mut left = document_bytes;
        while left > 0 {
            let n = left.min(chunk.len());
            writer.write_all(&chunk[..n]).unwrap();
            left -= n;
        }
        writer.finish().unwrap().into_inner()
    }

    /// Writes `size` as the uncompressed size of every entry's local and central headers: a ZIP
    /// that declares less than it inflates to.
    fn declare_uncompressed(bytes: &mut [u8], size: u32) {
        for (signature, offset) in [(b"PK\x03\x04", 22), (b"PK\x01\x02", 24)] {
            let starts: Vec<usize> = bytes
                .windows(4)
                .enumerate()
                .filter(|(_, w)| w == signature)
                .map(|(i, _)| i)
                .collect();
            for start in starts {
                bytes[start + offset..start + offset + 4].copy_from_slice(&size.to_le_bytes());
            }
        }
    }

    #[test]
    fn a_zip_bomb_is_refused_by_declared_and_by_inflated_size() {
        // Within the cap, deflated as Word does: accepted.
        let fine = deflated_docx(3 * 1024 * 1024);
        assert_eq!(check("cv.docx", &fine), Ok(CvKind::Docx));
        // 21 MB of zeros in a few KB: refused before inflating anything, by what it declares.
        let bomb = deflated_docx(21 * 1024 * 1024);
        assert!(bomb.len() < 100 * 1024, "{} bytes on disk", bomb.len());
        assert_eq!(
            CvKind::of_content(&bomb),
            Some(CvKind::Docx),
            "a ZIP that looks right"
        );
        assert_eq!(check("cv.docx", &bomb), Err((400, CV_DOCX_TOO_LARGE)));
        // The same bomb declaring 100 bytes per part: inflating stops past what it declared.
        let mut liar = deflated_docx(21 * 1024 * 1024);
        declare_uncompressed(&mut liar, 100);
        assert_eq!(check("cv.docx", &liar), Err((400, CV_CONTENT_MISMATCH)));
        // Thousands of empty parts.
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default();
        for name in ["[Content_Types].xml", "word/document.xml"] {
            writer.start_file(name, options).unwrap();
        }
        for n in 0..MAX_DOCX_ENTRIES {
            writer
                .start_file(format!("word/media/{n}.xml"), options)
                .unwrap();
        }
        let many = writer.finish().unwrap().into_inner();
        assert_eq!(check("cv.docx", &many), Err((400, CV_DOCX_TOO_LARGE)));
    }

    #[test]
    fn a_fake_docx_is_refused() {
        // A ZIP without Word's parts, and one whose parts do not inflate.
        assert_eq!(
            check("cv.docx", &docx(false)),
            Err((400, CV_CONTENT_MISMATCH))
        );
        let mut corrupt = deflated_docx(64 * 1024);
        // The document's deflated data: after its local header, name and extra field.
        let header = corrupt
            .windows(4)
            .enumerate()
            .filter(|(_, w)| w == b"PK\x03\x04")
            .nth(1)
            .unwrap()
            .0;
        let field = |at: usize| u16::from_le_bytes([corrupt[at], corrupt[at + 1]]) as usize;
        let data = header + 30 + field(header + 26) + field(header + 28);
        for byte in &mut corrupt[data..data + 8] {
            *byte ^= 0x5a;
        }
        assert_eq!(check("cv.docx", &corrupt), Err((400, CV_CONTENT_MISMATCH)));
        assert_eq!(
            check("cv.docx", b"PK\x03\x04 no soy un zip"),
            Err((400, CV_CONTENT_MISMATCH))
        );
    }

    fn doc() -> Vec<u8> {
        let mut bytes = OLE2_MAGIC.to_vec();
        bytes.resize(512, 0);
        bytes.extend("WordDocument".encode_utf16().flat_map(u16::to_le_bytes));
        bytes
    }

    #[test]
    fn the_content_decides_the_kind() {
        assert_eq!(CvKind::of_content(b"%PDF-1.4\n%%EOF"), Some(CvKind::Pdf));
        assert_eq!(CvKind::of_content(&doc()), Some(CvKind::Doc));
        assert_eq!(CvKind::of_content(&docx(true)), Some(CvKind::Docx));
        // An OLE2 file without a Word stream (a spreadsheet), a ZIP that is not a Word document,
        // a truncated ZIP, an executable.
        let mut xls = OLE2_MAGIC.to_vec();
        xls.resize(1024, 0);
        assert_eq!(CvKind::of_content(&xls), None);
        assert_eq!(CvKind::of_content(&docx(false)), None);
        assert_eq!(CvKind::of_content(&docx(true)[..40]), None);
        assert_eq!(CvKind::of_content(b"MZ\x90\x00"), None);
    }

    #[test]
    fn the_extension_must_agree_with_the_content() {
        assert_eq!(check("CV.PDF", b"%PDF-1.7"), Ok(CvKind::Pdf));
        assert_eq!(check("cv.docx", &docx(true)), Ok(CvKind::Docx));
        assert_eq!(check("cv.doc", &doc()), Ok(CvKind::Doc));
        assert_eq!(
            check("cv.pdf", &docx(true)),
            Err((400, CV_CONTENT_MISMATCH))
        );
        assert_eq!(
            check("cv.doc", &docx(true)),
            Err((400, CV_CONTENT_MISMATCH))
        );
        assert_eq!(check("cv.exe", b"%PDF-1.7"), Err((400, CV_WRONG_TYPE)));
        assert_eq!(check("cv", b"%PDF-1.7"), Err((400, CV_WRONG_TYPE)));
        assert_eq!(check("cv.pdf", b""), Err((400, CV_REQUIRED)));
        let mut big = b"%PDF-1.7".to_vec();
        big.resize(MAX_CV_BYTES + 1, b' ');
        assert_eq!(check("cv.pdf", &big), Err((413, CV_TOO_LARGE)));
        big.truncate(MAX_CV_BYTES);
        assert_eq!(check("cv.pdf", &big), Ok(CvKind::Pdf));
    }

    #[test]
    fn names_are_cleaned_for_keeping_and_for_downloading() {
        assert_eq!(original_name("../../etc/passwd.pdf"), "passwd.pdf");
        assert_eq!(original_name("C:\\Users\\ana\\CV Ana.docx"), "CV Ana.docx");
        assert_eq!(original_name("cv\u{0}\n.pdf"), "cv.pdf");
        assert_eq!(
            content_disposition("Currículum José Ñúñez.pdf", CvKind::Pdf),
            "attachment; filename=\"Curriculum_Jose_Nunez.pdf\"; \
             filename*=UTF-8''Curr%C3%ADculum%20Jos%C3%A9%20%C3%91%C3%BA%C3%B1ez.pdf"
        );
        assert_eq!(
            content_disposition("evil\".exe", CvKind::Docx),
            "attachment; filename=\"evil.docx\"; filename*=UTF-8''evil.docx"
        );
        assert_eq!(
            content_disposition("", CvKind::Doc),
            "attachment; filename=\"curriculum.doc\"; filename*=UTF-8''curriculum.doc"
        );
    }
}
