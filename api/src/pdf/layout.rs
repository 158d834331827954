//! The page flow both documents are laid out in: text lines, wrapped paragraphs and tables that
//! continue on the next page, on A4 with the web app's colours, written to PDF by `krilla`.

use std::sync::LazyLock;

use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect, Size, Transform};
use krilla::image::Image;
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::{Font, TextDirection};
use krilla::Document;

/// DejaVu Sans covers every letter of Spanish and the euro sign, and its licence lets it be
/// embedded (see `assets/fonts/LICENSE-DejaVu.txt`).
const REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// A4 in points.
const PAGE_WIDTH: f32 = 595.28;
const PAGE_HEIGHT: f32 = 841.89;
const MARGIN: f32 = 42.0;
/// Room kept at the foot of every page for its footer.
const FOOTER: f32 = 34.0;
const LINE: f32 = 1.3;
const CELL_PAD: f32 = 4.0;

/// The colours of the web app's design tokens (`web/src/styles/tokens.css`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Ink {
    Text,
    Heading,
    Subtle,
    Primary,
    Border,
    Surface,
}

impl Ink {
    fn rgb(self) -> rgb::Color {
        let (r, g, b) = match self {
            Ink::Text => (0x1e, 0x29, 0x3b),
            Ink::Heading => (0x0f, 0x17, 0x2a),
            Ink::Subtle => (0x64, 0x74, 0x8b),
            Ink::Primary => (0x1e, 0x3a, 0x8a),
            Ink::Border => (0xe2, 0xe8, 0xf0),
            Ink::Surface => (0xf1, 0xf5, 0xf9),
        };
        rgb::Color::new(r, g, b)
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Style {
    pub size: f32,
    pub bold: bool,
    pub ink: Ink,
}

pub(crate) const BODY: Style = Style {
    size: 9.0,
    bold: false,
    ink: Ink::Text,
};
pub(crate) const STRONG: Style = Style {
    bold: true,
    ink: Ink::Heading,
    ..BODY
};
pub(crate) const SMALL: Style = Style {
    size: 7.5,
    ink: Ink::Subtle,
    ..BODY
};
pub(crate) const HEADING: Style = Style {
    size: 8.0,
    bold: true,
    ink: Ink::Primary,
};

/// What a page holds, in points from its top left corner.
#[derive(Debug, Clone, PartialEq)]
enum Mark {
    /// `y` is the text's baseline.
    Text {
        x: f32,
        y: f32,
        style: Style,
        text: String,
    },
    Fill {
        rect: (f32, f32, f32, f32),
        ink: Ink,
    },
    Line {
        from: (f32, f32),
        to: (f32, f32),
        width: f32,
        ink: Ink,
    },
    /// A PNG fitted into the rectangle, keeping its proportions.
    Image {
        rect: (f32, f32, f32, f32),
        png: std::sync::Arc<Vec<u8>>,
    },
}

struct Faces {
    regular: ttf_parser::Face<'static>,
    bold: ttf_parser::Face<'static>,
}

static FACES: LazyLock<Faces> = LazyLock::new(|| Faces {
    // Compiled in and read by the tests: never fails in a build whose tests passed.
    regular: ttf_parser::Face::parse(REGULAR, 0).expect("DejaVuSans.ttf"),
    bold: ttf_parser::Face::parse(BOLD, 0).expect("DejaVuSans-Bold.ttf"),
});

/// The width of `text` in points. Kerning is left out, which DejaVu barely uses: a line is
/// wrapped a hair early rather than spilling over.
pub(crate) fn width(text: &str, style: Style) -> f32 {
    let face = if style.bold {
        &FACES.bold
    } else {
        &FACES.regular
    };
    let units: f32 = text
        .chars()
        .map(|c| {
            face.glyph_index(c)
                .and_then(|g| face.glyph_hor_advance(g))
                .unwrap_or(0) as f32
        })
        .sum();
    units / f32::from(face.units_per_em()) * style.size
}

/// `text` broken into lines no wider than `max` at spaces (and within a word too long for a
/// line), keeping its own line breaks.
pub(crate) fn wrap(text: &str, style: Style, max: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if width(&candidate, style) <= max {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            // A word wider than the line (a long email or address) is cut where it must be.
            for c in word.chars() {
                line.push(c);
                if width(&line, style) > max && line.chars().count() > 1 {
                    let last = line.pop().unwrap_or(c);
                    lines.push(std::mem::replace(&mut line, last.to_string()));
                }
            }
        }
        lines.push(line);
    }
    lines
}

pub(crate) fn line_height(style: Style) -> f32 {
    style.size * LINE
}

/// A column of a table: its share of the width and whether its figures align right.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Column<'a> {
    pub title: &'a str,
    pub share: f32,
    pub right: bool,
}

/// A document being laid out, page after page.
pub(crate) struct Flow {
    pages: Vec<Vec<Mark>>,
    /// The top of the free space on the current page.
    pub y: f32,
    /// The footer every page repeats, and its page number.
    footer: String,
}

impl Flow {
    pub fn new(footer: String) -> Self {
        Flow {
            pages: vec![Vec::new()],
            y: MARGIN,
            footer,
        }
    }

    pub const LEFT: f32 = MARGIN;
    pub const WIDTH: f32 = PAGE_WIDTH - 2.0 * MARGIN;

    fn bottom() -> f32 {
        PAGE_HEIGHT - MARGIN - FOOTER
    }

    fn mark(&mut self, mark: Mark) {
        if let Some(page) = self.pages.last_mut() {
            page.push(mark);
        }
    }

    /// Starts a new page unless `height` more fits on this one.
    pub fn room(&mut self, height: f32) {
        if self.y + height > Self::bottom() && self.y > MARGIN {
            self.pages.push(Vec::new());
            self.y = MARGIN;
        }
    }

    pub fn gap(&mut self, height: f32) {
        self.y += height;
    }

    /// One line of text at `x` whose top is `top`, right-aligned on `x` when `right`.
    pub fn text_at(&mut self, x: f32, top: f32, style: Style, text: &str, right: bool) {
        let x = if right { x - width(text, style) } else { x };
        self.mark(Mark::Text {
            x,
            y: top + style.size,
            style,
            text: text.to_string(),
        });
    }

    /// Lines wrapped to `max` at `x` from `top`, without moving the flow; returns their height.
    pub fn block(&mut self, x: f32, top: f32, max: f32, lines: &[(Style, String)]) -> f32 {
        let mut y = top;
        for (style, text) in lines {
            for line in wrap(text, *style, max) {
                self.text_at(x, y, *style, &line, false);
                y += line_height(*style);
            }
        }
        y - top
    }

    /// A wrapped paragraph across the page, moving the flow below it.
    pub fn paragraph(&mut self, style: Style, text: &str) {
        for line in wrap(text, style, Self::WIDTH) {
            self.room(line_height(style));
            let y = self.y;
            self.text_at(Self::LEFT, y, style, &line, false);
            self.y += line_height(style);
        }
    }

    /// A section's title in small capitals of the brand colour.
    pub fn heading(&mut self, text: &str) {
        self.room(line_height(HEADING) + 3.0 * line_height(BODY));
        let y = self.y;
        self.text_at(Self::LEFT, y, HEADING, &text.to_uppercase(), false);
        self.y += line_height(HEADING) + 2.0;
    }

    pub fn rule(&mut self, ink: Ink, width: f32) {
        let y = self.y;
        self.mark(Mark::Line {
            from: (Self::LEFT, y),
            to: (Self::LEFT + Self::WIDTH, y),
            width,
            ink,
        });
    }

    /// A table across `width` from `x`: a shaded header row (repeated when the table goes on
    /// to another page), cells wrapped within their column, a line under each row; `strong`
    /// rows in bold.
    pub fn table(
        &mut self,
        x: f32,
        width: f32,
        columns: &[Column<'_>],
        rows: &[(Vec<String>, bool)],
    ) {
        let total: f32 = columns.iter().map(|c| c.share).sum();
        let widths: Vec<f32> = columns.iter().map(|c| width * c.share / total).collect();
        let header = !columns.iter().all(|c| c.title.is_empty());
        let head_style = Style {
            size: 7.0,
            bold: true,
            ink: Ink::Subtle,
        };
        let draw_header = |flow: &mut Flow| {
            if !header {
                return;
            }
            let h = line_height(head_style) + 2.0 * CELL_PAD;
            let y = flow.y;
            flow.mark(Mark::Fill {
                rect: (x, y, width, h),
                ink: Ink::Surface,
            });
            let mut cx = x;
            for (c, w) in columns.iter().zip(&widths) {
                let title = c.title.to_uppercase();
                let at = if c.right {
                    cx + w - CELL_PAD
                } else {
                    cx + CELL_PAD
                };
                flow.text_at(at, y + CELL_PAD, head_style, &title, c.right);
                cx += w;
            }
            flow.y += h;
        };
        self.room(2.0 * (line_height(BODY) + 2.0 * CELL_PAD) + 10.0);
        draw_header(self);
        for (cells, strong) in rows {
            let style = if *strong { STRONG } else { BODY };
            let wrapped: Vec<Vec<String>> = cells
                .iter()
                .zip(&widths)
                .map(|(cell, w)| wrap(cell, style, w - 2.0 * CELL_PAD))
                .collect();
            let lines = wrapped.iter().map(Vec::len).max().unwrap_or(1).max(1);
            let h = lines as f32 * line_height(style) + 2.0 * CELL_PAD;
            if self.y + h > Self::bottom() {
                self.room(h);
                draw_header(self);
            }
            let top = self.y;
            let mut cx = x;
            for ((cell, w), c) in wrapped.iter().zip(&widths).zip(columns) {
                for (i, line) in cell.iter().enumerate() {
                    let at = if c.right {
                        cx + w - CELL_PAD
                    } else {
                        cx + CELL_PAD
                    };
                    let y = top + CELL_PAD + i as f32 * line_height(style);
                    self.text_at(at, y, style, line, c.right);
                }
                cx += w;
            }
            self.y += h;
            let y = self.y;
            self.mark(Mark::Line {
                from: (x, y),
                to: (x + width, y),
                width: 0.6,
                ink: Ink::Border,
            });
        }
    }

    /// A thin frame around a box drawn from `top` to the flow's position.
    pub fn frame(&mut self, x: f32, top: f32, width: f32, height: f32) {
        for (from, to) in [
            ((x, top), (x + width, top)),
            ((x + width, top), (x + width, top + height)),
            ((x + width, top + height), (x, top + height)),
            ((x, top + height), (x, top)),
        ] {
            self.mark(Mark::Line {
                from,
                to,
                width: 0.8,
                ink: Ink::Border,
            });
        }
    }

    /// A PNG (a signature) inside the box at (`x`, `top`); false when it is not a PNG krilla
    /// reads, and then nothing is drawn.
    pub fn image(&mut self, x: f32, top: f32, width: f32, height: f32, png: Vec<u8>) -> bool {
        if Image::from_png(png.clone().into(), true).is_err() {
            return false;
        }
        self.mark(Mark::Image {
            rect: (x, top, width, height),
            png: std::sync::Arc::new(png),
        });
        true
    }

    /// The PDF: every page with its footer and 'Página n de m', titled `title`.
    pub fn finish(self, title: &str) -> Result<Vec<u8>, String> {
        let regular = Font::new(REGULAR.into(), 0).ok_or("DejaVuSans.ttf")?;
        let bold = Font::new(BOLD.into(), 0).ok_or("DejaVuSans-Bold.ttf")?;
        let mut document = Document::new();
        document.set_metadata(
            Metadata::new()
                .title(title.to_string())
                .language("es-ES".into())
                .creator("Mudanzas".into()),
        );
        let count = self.pages.len();
        for (n, mut marks) in self.pages.into_iter().enumerate() {
            let foot = PAGE_HEIGHT - MARGIN - SMALL.size;
            marks.push(Mark::Line {
                from: (MARGIN, foot - 8.0),
                to: (PAGE_WIDTH - MARGIN, foot - 8.0),
                width: 0.6,
                ink: Ink::Border,
            });
            marks.push(Mark::Text {
                x: MARGIN,
                y: foot + SMALL.size,
                style: SMALL,
                text: self.footer.clone(),
            });
            let number = format!("Página {} de {count}", n + 1);
            marks.push(Mark::Text {
                x: PAGE_WIDTH - MARGIN - width(&number, SMALL),
                y: foot + SMALL.size,
                style: SMALL,
                text: number,
            });
            let settings = PageSettings::from_wh(PAGE_WIDTH, PAGE_HEIGHT).ok_or("A4")?;
            let mut page = document.start_page_with(settings);
            let mut surface = page.surface();
            for mark in marks {
                match mark {
                    Mark::Text { x, y, style, text } => {
                        surface.set_fill(Some(fill(style.ink)));
                        let font = if style.bold { &bold } else { &regular };
                        surface.draw_text(
                            Point::from_xy(x, y),
                            font.clone(),
                            style.size,
                            &text,
                            false,
                            TextDirection::LeftToRight,
                        );
                    }
                    Mark::Fill {
                        rect: (x, y, w, h),
                        ink,
                    } => {
                        let mut path = PathBuilder::new();
                        if let Some(rect) = Rect::from_xywh(x, y, w, h) {
                            path.push_rect(rect);
                        }
                        if let Some(path) = path.finish() {
                            surface.set_stroke(None);
                            surface.set_fill(Some(fill(ink)));
                            surface.draw_path(&path);
                        }
                    }
                    Mark::Image {
                        rect: (x, y, w, h),
                        png,
                    } => {
                        // Checked in `image`; the same bytes read the same way here.
                        let Ok(image) = Image::from_png(png.into(), true) else {
                            continue;
                        };
                        let (iw, ih) = image.size();
                        let scale = (w / iw as f32).min(h / ih as f32);
                        let (dw, dh) = (iw as f32 * scale, ih as f32 * scale);
                        if let Some(size) = Size::from_wh(dw, dh) {
                            surface.push_transform(&Transform::from_translate(
                                x + (w - dw) / 2.0,
                                y + (h - dh) / 2.0,
                            ));
                            surface.draw_image(image, size);
                            surface.pop();
                        }
                    }
                    Mark::Line {
                        from,
                        to,
                        width,
                        ink,
                    } => {
                        let mut path = PathBuilder::new();
                        path.move_to(from.0, from.1);
                        path.line_to(to.0, to.1);
                        if let Some(path) = path.finish() {
                            surface.set_fill(None);
                            surface.set_stroke(Some(Stroke {
                                paint: ink.rgb().into(),
                                width,
                                ..Default::default()
                            }));
                            surface.draw_path(&path);
                            surface.set_stroke(None);
                        }
                    }
                }
            }
            surface.finish();
            page.finish();
        }
        document.finish().map_err(|e| format!("{e:?}"))
    }
}

fn fill(ink: Ink) -> Fill {
    Fill {
        paint: ink.rgb().into(),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_wrapped_within_the_width_and_keeps_every_word() {
        let text = "Portal por la calle de atrás; el ascensor es pequeño y el sofá no cabe.\nLlamar al llegar.";
        let lines = wrap(text, BODY, 120.0);
        assert!(lines.len() > 2, "{lines:?}");
        assert!(lines.iter().all(|l| width(l, BODY) <= 120.0), "{lines:?}");
        assert_eq!(lines.last().map(String::as_str), Some("Llamar al llegar."));
        let rejoined = lines
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(
            rejoined,
            text.split_whitespace().collect::<Vec<_>>().join(" ")
        );
    }

    #[test]
    fn a_word_longer_than_the_line_is_cut_rather_than_spilling_over() {
        let lines = wrap(&"x".repeat(400), BODY, 100.0);
        assert!(lines.len() > 3);
        assert!(lines.iter().all(|l| width(l, BODY) <= 100.0));
        assert_eq!(lines.concat().len(), 400);
    }

    #[test]
    fn a_long_table_goes_on_over_pages_and_each_page_is_numbered() {
        let mut flow = Flow::new("Mudanzas".into());
        let columns = [
            Column {
                title: "Objeto",
                share: 3.0,
                right: false,
            },
            Column {
                title: "Cantidad",
                share: 1.0,
                right: true,
            },
        ];
        let rows: Vec<_> = (0..200)
            .map(|i| (vec![format!("Caja {i}"), "1".to_string()], false))
            .collect();
        flow.table(Flow::LEFT, Flow::WIDTH, &columns, &rows);
        assert!(flow.pages.len() >= 4);
        for page in &flow.pages {
            let header = page
                .iter()
                .any(|m| matches!(m, Mark::Text { text, .. } if text == "OBJETO"));
            assert!(header, "every page repeats the table's header");
            let lowest = page
                .iter()
                .filter_map(|m| match m {
                    Mark::Text { y, .. } => Some(*y),
                    _ => None,
                })
                .fold(0.0, f32::max);
            assert!(lowest <= Flow::bottom(), "{lowest}");
        }
        let pdf = flow.finish("Prueba").unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
    }
}
