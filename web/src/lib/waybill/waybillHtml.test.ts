import { describe, expect, it } from 'vitest';
import { CLOSE_BUTTON_ID, escapeHtml, PRINT_BUTTON_ID, renderWaybillHtml } from './waybillHtml';
import { makeWaybill } from './testWaybill';

const nbsp = (s: string | null | undefined) =>
  (s ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

const field = (doc: Document, name: string) => nbsp(doc.querySelector(`[data-field="${name}"]`)?.textContent);

describe('renderWaybillHtml', () => {
  it('writes a complete Spanish document with the §3 fields', () => {
    const html = renderWaybillHtml(makeWaybill());
    expect(html.startsWith('<!doctype html>')).toBe(true);
    const doc = parse(html);
    const body = nbsp(doc.body.textContent);

    expect(doc.documentElement.lang).toBe('es');
    expect(doc.title).toBe('Albarán A2026-000003 | Mudanzas');
    expect(doc.querySelector('h1')?.textContent).toBe('Albarán');
    expect(field(doc, 'numero_albaran')).toBe('A2026-000003');
    expect(body).toContain('2 de marzo de 2026');
    // Company, client, move.
    expect(body).toContain('NIF: B12345678');
    expect(body).toContain('Calle de Alcalá 120');
    expect(body).toContain('Calle Mayor 1, 28013 Madrid');
    expect(body).toContain('cliente@mudanzas.test');
    expect(body).toContain('Calle de Alcalá 100, Madrid');
    expect(body).toContain('Avenida de América 20, Madrid');
    expect(body).toContain('lunes, 9 de marzo de 2026');
    expect(body).toContain('En Progreso');
    // Services as a list.
    expect([...doc.querySelectorAll('ul.services li')].map((li) => li.textContent)).toEqual([
      'Desmontaje ×2',
      'Limpieza',
    ]);
  });

  it('lists the objects, with a dash for what the catalogue does not know yet', () => {
    const doc = parse(renderWaybillHtml(makeWaybill()));
    const rows = [...doc.querySelectorAll('table:not(.summary) tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => nbsp(td.textContent)),
    );
    expect(rows).toEqual([
      ['1', 'Sofá de 3 plazas', 'Sofás', '220 x 90 x 85 cm', '1,68 m³'],
      ['3', 'Caja mediana', '—', '—', '—'],
    ]);
    expect(field(doc, 'total_objetos')).toBe('4');
    expect(field(doc, 'volumen_total_m3')).toBe('—');
  });

  it('shows the price with VAT only when the answer has it', () => {
    expect(field(parse(renderWaybillHtml(makeWaybill())), 'precio_con_iva')).toBe('1.493,82 €');
    for (const price of [null, undefined]) {
      const doc = parse(renderWaybillHtml(makeWaybill({ precio_con_iva: price })));
      expect(doc.querySelector('[data-field="precio_con_iva"]')).toBeNull();
      expect(nbsp(doc.body.textContent)).not.toContain('Precio con IVA');
    }
  });

  it('has the acceptance labels, both signature boxes and the warranty footer', () => {
    const doc = parse(renderWaybillHtml(makeWaybill({ garantia: '' })));
    const body = nbsp(doc.body.textContent);
    expect(body).toContain('Conformidad del cliente');
    expect(body).toContain('El cliente declara haber recibido todos los objetos relacionados en este albarán');
    expect(body).toContain('El cliente declara su conformidad con los servicios prestados');
    expect([...doc.querySelectorAll('.sign__label')].map((p) => p.textContent)).toEqual([
      'Firma del trabajador',
      'Firma del cliente',
    ]);
    expect(nbsp(doc.querySelector('footer .warranty')?.textContent)).toMatch(
      /Garantía de 30 días .*desmontaje y montaje/,
    );
  });

  it('has print and close buttons that do not print', () => {
    const doc = parse(renderWaybillHtml(makeWaybill()));
    expect(doc.getElementById(PRINT_BUTTON_ID)?.textContent).toBe('Imprimir');
    expect(doc.getElementById(CLOSE_BUTTON_ID)?.textContent).toBe('Cerrar');
    expect(doc.getElementById(PRINT_BUTTON_ID)?.closest('.no-print')).not.toBeNull();
    const css = doc.querySelector('style')?.textContent ?? '';
    expect(css).toMatch(/@media print \{[^]*\.no-print \{ display: none !important; \}/);
    expect(css).toContain('size: A4');
    expect(doc.querySelectorAll('script')).toHaveLength(0);
  });

  it('escapes every server text', () => {
    const evil = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const waybill = makeWaybill({
      servicios: [evil],
      objetos: [{ cantidad: 1, nombre: evil, categoria: evil, dimensiones: evil, volumen_m3: null }],
    });
    waybill.cliente = { ...waybill.cliente, nombre: evil };
    const doc = parse(renderWaybillHtml(waybill));
    expect(doc.querySelectorAll('script, img')).toHaveLength(0);
    expect(doc.body.textContent).toContain(evil);
    expect(escapeHtml(`"'&`)).toBe('&quot;&#39;&amp;');
  });

  it('says when there are no services or objects', () => {
    const doc = parse(
      renderWaybillHtml(
        makeWaybill({ servicios: [], objetos: [], resumen_objetos: { total_objetos: 0, volumen_total_m3: 0 } }),
      ),
    );
    const body = nbsp(doc.body.textContent);
    expect(body).toContain('Sin servicios adicionales');
    expect(body).toContain('Sin objetos');
    expect(field(doc, 'volumen_total_m3')).toBe('0 m³');
  });

  it('shows the signatures collected on the phone and the condition of the objects', () => {
    const sha = 'e08ec67820f4d8a411415876cb6701a1ea797b44718d3504cf7f4078f8f9a415';
    const signature = (firmante: 'cliente' | 'operario', nombre: string, sha256: string) => ({
      id: `${firmante}-1`,
      etapa: 'recogida' as const,
      firmante,
      nombre,
      firmado_en: '2026-03-09T08:00:00Z',
      registrado_en: '2026-03-09T09:30:00Z',
      sha256_albaran: sha256,
      url: `/api/mudanza/7/firmas/${firmante}-1`,
    });
    const doc = parse(
      renderWaybillHtml(
        makeWaybill({
          albaran_sha256: sha,
          firmas: [signature('cliente', 'Marta <b>', sha), signature('operario', 'Luis', 'antiguo')],
          estado_objetos: [
            {
              id: 'n1',
              etapa: 'recogida',
              objeto_id: 'sofa',
              objeto_nombre: 'Sofá de 3 plazas',
              estado: 'danos_previos',
              nota: 'Rayón',
              fecha: '2026-03-09T08:05:00Z',
              fotos: [
                {
                  id: 'p1',
                  url: '/api/fotos/7/p1',
                  descripcion: 'Rayón',
                  tipo: 'carga',
                  fecha_subida: '2026-03-09T08:05:00Z',
                },
              ],
            },
          ],
        }),
      ),
    );
    const body = nbsp(doc.body.textContent);
    expect(body).toContain('Firmas en la recogida');
    expect(body).toContain('Nombre: Marta <b>');
    expect(body).toContain('Acepta este contenido');
    expect(body).toContain('Firmó una versión anterior del contenido');
    expect(body).toContain(sha);
    expect(body).not.toContain('Nombre y DNI:');
    const images = Array.from(doc.querySelectorAll('img')).map((i) => i.getAttribute('src'));
    expect(images.every((src) => src?.endsWith('/api/mudanza/7/firmas/cliente-1') || !src?.includes('cliente'))).toBe(
      true,
    );
    expect(images.some((src) => src?.endsWith('/api/fotos/7/p1'))).toBe(true);
    expect(body).toContain('Estado de los objetos');
    expect(body).toContain('Daños previos');
  });

  it('keeps the boxes to sign on paper when nothing was signed on the phone', () => {
    const body = nbsp(parse(renderWaybillHtml(makeWaybill())).body.textContent);
    expect(body).toContain('Nombre y DNI:');
    expect(body).not.toContain('Estado de los objetos');
  });
});
