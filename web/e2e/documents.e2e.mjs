// Browser test of the client's documents (issue 20 item 2): Marta gives her NIF in the booking
// form, the manager issues the invoice, and on her dashboard Marta finds it under 'Tus facturas
// y albaranes' ('Descargar factura' leads there) and downloads a real PDF made out to her NIF;
// the move card's 'Descargar albarán' saves the waybill's PDF. Another client cannot read it.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { seriousViolations } from './axe.mjs';
import {
  account,
  accountByLogin,
  authStatus,
  clientLogin,
  createMove,
  openPage,
  pageApi,
  staffLogin,
  url,
} from './helpers.mjs';

const MARTA = accountByLogin('cliente@mudanzas.test');
const PABLO = accountByLogin('pablo@mudanzas.test');

/** A download's bytes, after the click that starts it. */
async function downloaded(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

test('Marta descarga en PDF su factura a su NIF y el albarán de su mudanza', { timeout: 180_000 }, async () => {
  const manager = await openPage();
  const client = await openPage();
  const other = await openPage();
  try {
    await staffLogin(manager.page, account('empresario'));
    await manager.page.waitForURL((u) => u.pathname !== '/acceso-gerencia');
    const id = await createMove(manager.page, { nombre: MARTA.nombre, email: MARTA.email });

    // The booking form's billing details: a wrong NIF is named, a right one is kept.
    const page = client.page;
    await clientLogin(page, MARTA.login, MARTA.password);
    await page.goto(url(`/formulario-mudanza?id=${id}`));
    const nif = page.getByLabel('NIF/DNI (opcional)');
    await nif.fill('12345678A');
    await page.getByRole('button', { name: 'Guardar datos' }).click();
    await page.getByText('El NIF/DNI no es válido').waitFor();
    await nif.fill('12.345.678-z');
    await page.getByRole('button', { name: 'Guardar datos' }).click();
    await page.waitForURL((u) => u.pathname === '/detalles-mudanza');

    const issued = await pageApi(manager.page, 'POST', `/api/factura/${id}/emitir`);
    assert.equal(issued.status, 200, JSON.stringify(issued.body));
    const invoice = issued.body.factura;
    assert.equal(invoice.tipo, 'completa');
    assert.equal(invoice.cliente.nif, '12345678Z');

    // 'Descargar factura' brings the list into view; the invoice's PDF downloads.
    const { user } = await authStatus(page);
    await page.goto(url(`/cliente/${user.id}`));
    await page.getByRole('button', { name: /Descargar factura/ }).click();
    const section = page.getByRole('region', { name: 'Tus facturas y albaranes' });
    await page.waitForFunction(() => document.activeElement?.id === 'mis-documentos');
    const link = section.getByRole('link', { name: `Descargar PDF de la factura ${invoice.numero}` });
    await link.waitFor();
    const pdf = await downloaded(page, () => link.click());
    assert.equal(pdf.name, `factura-${invoice.numero}.pdf`);
    assert.equal(pdf.bytes.subarray(0, 5).toString(), '%PDF-');
    assert.ok(pdf.bytes.length > 5_000, `${pdf.bytes.length} bytes`);

    // The waybill from the move card: issued on the spot, saved as a PDF.
    const card = page.getByRole('article', { name: `Mudanza ${id}` });
    const waybill = await downloaded(page, () => card.getByRole('button', { name: 'Descargar albarán' }).click());
    assert.match(waybill.name, /^albaran-A\d{4}-\d{6}\.pdf$/);
    assert.equal(waybill.bytes.subarray(0, 5).toString(), '%PDF-');
    const waybillNumber = waybill.name.slice('albaran-'.length, -'.pdf'.length);
    await section.getByRole('link', { name: `Descargar PDF del albarán ${waybillNumber}` }).waitFor();

    // Pablo cannot read Marta's documents, and his list does not have them.
    await clientLogin(other.page, PABLO.login, PABLO.password);
    const foreign = await pageApi(other.page, 'GET', `/api/factura/${id}`);
    assert.equal(foreign.status, 404);
    const pablos = await pageApi(other.page, 'GET', '/api/mis-documentos');
    assert.ok(pablos.body.documentos.every((d) => d.mudanza_id !== id));

    await page.setViewportSize({ width: 375, height: 740 });
    await section.scrollIntoViewIfNeeded();
    assert.deepEqual(await seriousViolations(page), [], 'el panel con sus documentos a 375 px');
    assert.deepEqual(client.errors, []);
  } finally {
    for (const opened of [manager, client, other]) await opened.context.close();
  }
});
