// §2 'Delivery note / waybill', §3 'Waybill (albarán)': the complete printable document that is
// written into its own window. Every server text is escaped: names and addresses are user input.
import type { Waybill } from '../api';
import { TOKENS_CSS } from '../tokens';
import { categoryLabel, statusLabel, warrantyText } from '../documentText';
import {
  formatDateTime,
  formatDecimal,
  formatEuros,
  formatLongDate,
  formatLongDateWithWeekday,
  MISSING,
  orMissing,
} from '../format';
import { objectConditionLabel, SIGNATURE_LABELS, WAYBILL_STAGES } from '../options';

/** The ids of the window's buttons, which openWaybill wires up (no inline scripts). */
export const PRINT_BUTTON_ID = 'albaran-imprimir';
export const CLOSE_BUTTON_ID = 'albaran-cerrar';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Escaped text, or '—' when empty. */
const text = (value: string | null | undefined) => escapeHtml(orMissing(value));

function volume(m3: number | null | undefined): string {
  const shown = formatDecimal(m3);
  return shown === MISSING ? MISSING : `${shown} m³`;
}

type Signature = NonNullable<Waybill['firmas']>[number];

/** The waybill is written into a new blank window: its images need the site's full address. */
function absolute(url: string): string {
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' && url.startsWith('/') ? `${origin}${url}` : url;
}

/** The boxes to sign on paper, when no signature was collected on the crew's phone. */
const PAPER_SIGNATURES = `<section class="signatures">
<div class="sign">
<p class="sign__label">Firma del trabajador</p>
<div class="sign__area"></div>
<p>Nombre:</p>
<p>Fecha:</p>
</div>
<div class="sign">
<p class="sign__label">Firma del cliente</p>
<div class="sign__area"></div>
<p>Nombre y DNI:</p>
<p>Fecha:</p>
</div>
</section>`;

function signatureBox(label: string, signature: Signature | undefined, current: string): string {
  if (!signature) {
    return `<div class="sign"><p class="sign__label">${escapeHtml(label)}</p><p class="muted">Sin firmar</p></div>`;
  }
  const accepts =
    signature.sha256_albaran === current ? 'Acepta este contenido' : 'Firmó una versión anterior del contenido';
  return `<div class="sign">
<p class="sign__label">${escapeHtml(label)}</p>
<img class="sign__image" src="${escapeHtml(absolute(signature.url))}" alt="${escapeHtml(`${label}: ${signature.nombre}`)}">
<p>Nombre: ${text(signature.nombre)}</p>
<p>Firmado: ${escapeHtml(formatDateTime(signature.firmado_en))}</p>
<p>Registrado: ${escapeHtml(formatDateTime(signature.registrado_en))}</p>
<p class="muted">${accepts}</p>
</div>`;
}

/** The signatures collected on the phone, stage by stage, the worker's beside the client's. */
function signaturesHtml(waybill: Waybill): string {
  const signatures = waybill.firmas ?? [];
  if (signatures.length === 0) return PAPER_SIGNATURES;
  const current = waybill.albaran_sha256 ?? '';
  const stages = WAYBILL_STAGES.filter((stage) => signatures.some((f) => f.etapa === stage.value))
    .map((stage) => {
      const of = (firmante: Signature['firmante']) =>
        signatures.find((f) => f.etapa === stage.value && f.firmante === firmante);
      return `<section class="stage">
<h2>Firmas en la ${escapeHtml(stage.label.toLowerCase())}</h2>
<div class="signatures">
${signatureBox(SIGNATURE_LABELS.operario, of('operario'), current)}
${signatureBox(SIGNATURE_LABELS.cliente, of('cliente'), current)}
</div>
</section>`;
    })
    .join('\n');
  return `${stages}
<p class="muted hash">Huella SHA-256 del contenido (objetos y servicios): <code>${text(current)}</code></p>`;
}

/** What the crew noted of each object at pickup and delivery, with its photos. */
function conditionsHtml(waybill: Waybill): string {
  const notes = waybill.estado_objetos ?? [];
  if (notes.length === 0) return '';
  const stageLabel = (value: string) => WAYBILL_STAGES.find((s) => s.value === value)?.label ?? value;
  const rows = notes
    .map((n) => {
      const photos = n.fotos
        .map(
          (f) =>
            `<img class="thumb" src="${escapeHtml(absolute(f.url))}" alt="${escapeHtml(f.descripcion || n.objeto_nombre)}">`,
        )
        .join('');
      return `<tr><td>${escapeHtml(stageLabel(n.etapa))}</td><td>${text(n.objeto_nombre)}</td><td>${escapeHtml(objectConditionLabel(n.estado))}</td><td>${text(n.nota)}${photos ? `<div class="thumbs">${photos}</div>` : ''}</td><td>${escapeHtml(formatDateTime(n.fecha))}</td></tr>`;
    })
    .join('\n');
  return `<section>
<h2>Estado de los objetos</h2>
<div class="scroll"><table>
<thead><tr><th scope="col">Etapa</th><th scope="col">Objeto</th><th scope="col">Estado</th><th scope="col">Nota</th><th scope="col">Fecha</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>
</section>`;
}

const STYLES = `
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--color-surface); color: var(--color-text);
  font-family: 'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  font-size: var(--font-size-sm); line-height: 1.45;
}
p { margin: 0; }
.toolbar {
  position: sticky; top: 0; z-index: 1; display: flex; justify-content: flex-end; gap: 0.6rem;
  padding: 0.75rem 1rem; background: var(--color-card); border-bottom: 1px solid var(--color-border);
}
.btn {
  min-height: 2.5rem; padding: 0.5rem 1.1rem; border: 1px solid var(--color-border); border-radius: 8px;
  background: var(--color-card); color: var(--color-heading); font: inherit; font-weight: 600; cursor: pointer;
}
.btn:hover { border-color: var(--color-primary); color: var(--color-primary); }
.btn--primary { border-color: var(--color-primary); background: var(--color-primary); color: var(--color-on-dark); }
.btn--primary:hover { background: var(--color-primary-strong); color: var(--color-on-dark); }
.btn:focus-visible { outline: 3px solid var(--color-focus-ring); outline-offset: 2px; }
.sheet {
  display: grid; gap: 18px; max-width: 210mm; margin: 1.25rem auto 2.5rem; padding: 15mm 14mm;
  background: var(--color-card); box-shadow: var(--shadow-md);
}
.head {
  display: flex; flex-wrap: wrap; justify-content: space-between; gap: 1rem 2rem;
  padding-bottom: 12px; border-bottom: 3px solid var(--color-primary-strong);
}
.company__name { font-size: var(--font-size-xl); font-weight: 800; color: var(--color-heading); margin-bottom: 3px; }
.meta { text-align: right; }
h1 { margin: 0 0 6px; font-size: var(--font-size-4xl); letter-spacing: 0.08em; text-transform: uppercase; color: var(--color-primary-strong); }
h2 {
  margin: 0 0 6px; font-size: var(--font-size-xs); letter-spacing: 0.06em; text-transform: uppercase; color: var(--color-primary-strong);
}
dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 0; }
dt { font-weight: 600; color: var(--color-subtle); }
dd { margin: 0; overflow-wrap: anywhere; }
.meta dd { font-weight: 700; color: var(--color-heading); }
.parties { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.5fr); gap: 12px; }
.box { padding: 10px 12px; border: 1px solid var(--color-border); border-radius: 8px; overflow-wrap: anywhere; }
.strong { font-weight: 700; color: var(--color-heading); }
.muted { color: var(--color-subtle); }
ul.services { margin: 0; padding-left: 1.2rem; columns: 2; column-gap: 2rem; }
table { width: 100%; border-collapse: collapse; }
th, td { padding: 5px 7px; border-bottom: 1px solid var(--color-border); text-align: left; vertical-align: top; }
thead th {
  background: var(--color-surface); font-size: var(--font-size-2xs); letter-spacing: 0.04em; text-transform: uppercase; color: var(--color-subtle);
}
.sheet > * { min-width: 0; }
.scroll { overflow-x: auto; }
.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.summary { margin-left: auto; width: 100%; max-width: 22rem; }
.summary th { font-weight: 600; }
.summary .price th, .summary .price td {
  border-top: 2px solid var(--color-heading); border-bottom: 2px solid var(--color-heading); font-size: var(--font-size-lg); font-weight: 800; color: var(--color-heading);
}
.acceptance { display: grid; gap: 8px; }
.check { display: flex; gap: 10px; align-items: flex-start; }
.check__box { flex: none; width: 14px; height: 14px; margin-top: 3px; border: 1.5px solid var(--color-heading); border-radius: 2px; }
.lines { height: 44px; border-bottom: 1px solid var(--color-faint);
  background: repeating-linear-gradient(to bottom, transparent 0 21px, var(--color-border-strong) 21px 22px); }
.signatures { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
.sign { display: grid; gap: 6px; padding: 10px 12px; border: 1px solid var(--color-faint); border-radius: 8px; }
.sign__label { font-weight: 700; color: var(--color-heading); }
.sign__area { height: 80px; border-bottom: 1px dashed var(--color-faint); }
.sign__image { display: block; width: 100%; max-width: 18rem; height: 80px; object-fit: contain; object-position: left; border-bottom: 1px dashed var(--color-faint); }
.stage { display: grid; gap: 6px; }
.hash { font-size: var(--font-size-2xs); overflow-wrap: anywhere; }
.thumbs { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 4px; }
.thumb { width: 56px; height: 56px; object-fit: cover; border-radius: 4px; border: 1px solid var(--color-border); }
.foot { padding-top: 10px; border-top: 1px solid var(--color-border); text-align: center; font-size: var(--font-size-xs); color: var(--color-subtle); }
.warranty { font-size: var(--font-size-md); font-weight: 700; color: var(--color-heading); margin-bottom: 3px; }
@media (max-width: 640px) {
  .sheet { margin: 0; padding: 16px 12px; box-shadow: none; }
  .meta { text-align: left; }
  .parties, .signatures { grid-template-columns: 1fr; }
  ul.services { columns: 1; }
  th, td { padding: 4px 4px; }
  thead th { font-size: var(--font-size-2xs); letter-spacing: 0; white-space: normal; }
}
@page { size: A4; margin: 12mm; }
@media print {
  html, body { background: var(--color-card); }
  body { font-size: var(--font-size-print); }
  .no-print { display: none !important; }
  .sheet { max-width: none; margin: 0; padding: 0; box-shadow: none; gap: 3.5mm; }
  th, td { padding: 1mm 1.5mm; }
  .box, .sign { padding: 2.5mm 3mm; }
  .sign__area { height: 18mm; }
  .lines { height: 12mm; }
  * { color: var(--color-print-ink) !important; background: transparent !important; box-shadow: none !important; }
  .lines { background: none !important; }
  .box, th, td, .foot { border-color: var(--color-print-rule) !important; }
  .scroll { overflow: visible; }
  thead { display: table-header-group; }
  tr, .box, .sign, .signatures, .acceptance, .summary, .foot { break-inside: avoid; page-break-inside: avoid; }
  h2 { break-after: avoid; page-break-after: avoid; }
}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${TOKENS_CSS}${STYLES}</style>
</head>
<body>
${body}
</body>
</html>`;
}

/** What the new window shows while the waybill is on its way. */
export function renderWaybillLoadingHtml(): string {
  return page(
    'Albarán | Mudanzas',
    '<p class="muted" role="status" style="padding:2rem;text-align:center">Generando albarán...</p>',
  );
}

/** The whole waybill as an HTML document, with print and close buttons that do not print. */
export function renderWaybillHtml(waybill: Waybill): string {
  const { empresa: company, cliente: client, mudanza: move, resumen_objetos: summary } = waybill;
  const serviceList = waybill.servicios ?? [];
  const objectList = waybill.objetos ?? [];
  const price = typeof waybill.precio_con_iva === 'number' && Number.isFinite(waybill.precio_con_iva);

  const services =
    serviceList.length === 0
      ? '<p class="muted">Sin servicios adicionales</p>'
      : `<ul class="services">${serviceList.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>`;

  const objects =
    objectList.length === 0
      ? '<p class="muted">Sin objetos</p>'
      : `<div class="scroll"><table>
<thead><tr><th scope="col" class="num">Cantidad</th><th scope="col">Objeto</th><th scope="col">Categoría</th><th scope="col">Dimensiones</th><th scope="col" class="num">Volumen</th></tr></thead>
<tbody>
${objectList
  .map(
    (o) =>
      `<tr><td class="num">${escapeHtml(o.cantidad)}</td><td>${text(o.nombre)}</td><td>${escapeHtml(categoryLabel(o.categoria))}</td><td>${text(o.dimensiones)}</td><td class="num">${volume(o.volumen_m3)}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table></div>`;

  const body = `<div class="toolbar no-print">
<button type="button" id="${PRINT_BUTTON_ID}" class="btn btn--primary">Imprimir</button>
<button type="button" id="${CLOSE_BUTTON_ID}" class="btn">Cerrar</button>
</div>
<main class="sheet">
<header class="head">
<div class="company">
<p class="company__name">${text(company.nombre)}</p>
<p>NIF: ${text(company.nif)}</p>
<p>${text(company.direccion)}</p>
<p>${text(company.ciudad)}</p>
<p>Tel.: ${text(company.telefono)}</p>
<p>${text(company.email)}</p>
</div>
<div class="meta">
<h1>Albarán</h1>
<dl>
<dt>Nº de albarán</dt><dd data-field="numero_albaran">${text(waybill.numero_albaran)}</dd>
<dt>Fecha de emisión</dt><dd>${escapeHtml(formatLongDate(waybill.fecha_emision))}</dd>
<dt>Nº de mudanza</dt><dd>${escapeHtml(move.id)}</dd>
</dl>
</div>
</header>
<div class="parties">
<section class="box">
<h2>Cliente</h2>
<p class="strong">${text(client.nombre)}</p>
<p>${text(client.direccion)}</p>
<p>${text(client.email)}</p>
<p>Tel.: ${text(client.telefono)}</p>
</section>
<section class="box">
<h2>Mudanza</h2>
<dl>
<dt>Origen</dt><dd>${text(move.origen)}</dd>
<dt>Destino</dt><dd>${text(move.destino)}</dd>
<dt>Fecha programada</dt><dd>${escapeHtml(formatLongDateWithWeekday(move.fecha_programada))}</dd>
<dt>Estado</dt><dd>${escapeHtml(statusLabel(move.estado ?? ''))}</dd>
</dl>
</section>
</div>
<section>
<h2>Servicios</h2>
${services}
</section>
<section>
<h2>Objetos</h2>
${objects}
</section>
<section>
<table class="summary">
<tbody>
<tr><th scope="row">Total de objetos</th><td class="num" data-field="total_objetos">${escapeHtml(formatDecimal(summary?.total_objetos))}</td></tr>
<tr><th scope="row">Volumen total</th><td class="num" data-field="volumen_total_m3">${volume(summary?.volumen_total_m3)}</td></tr>
${price ? `<tr class="price"><th scope="row">Precio con IVA</th><td class="num" data-field="precio_con_iva">${escapeHtml(formatEuros(waybill.precio_con_iva as number))}</td></tr>` : ''}
</tbody>
</table>
</section>
<section class="acceptance">
<h2>Conformidad del cliente</h2>
<p class="check"><span class="check__box" aria-hidden="true"></span><span>El cliente declara haber recibido todos los objetos relacionados en este albarán, en buen estado.</span></p>
<p class="check"><span class="check__box" aria-hidden="true"></span><span>El cliente declara su conformidad con los servicios prestados.</span></p>
<p class="muted">Observaciones:</p>
<div class="lines"></div>
</section>
${signaturesHtml(waybill)}
${conditionsHtml(waybill)}
<footer class="foot">
<p class="warranty">${escapeHtml(warrantyText(waybill.garantia))}</p>
<p>${text(company.nombre)} · NIF ${text(company.nif)} · ${text(company.telefono)} · ${text(company.email)}</p>
</footer>
</main>`;

  return page(`Albarán ${waybill.numero_albaran} | Mudanzas`, body);
}
