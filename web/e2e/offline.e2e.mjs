// Browser test of the crew's offline app (issue 21): /trabajo installed as a PWA, its list kept on
// the device, and every change queued there and sent in order, exactly once, with the device's
// times. Self-contained: it makes its own moves on days the demo worker has free, so it runs in
// any order with the other files and again on the same database.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  account,
  authStatus,
  createMove,
  madridDatePlus,
  openPage,
  pageApi,
  staffLogin,
  uniqueEmail,
  url,
} from './helpers.mjs';

const CANCELLED = 'La mudanza está cancelada: este cambio ya no se aplica.';
const PHONE = { width: 375, height: 800 };
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function moveCard(page, id) {
  return page.getByRole('article', { name: `Mudanza ${id}`, exact: true });
}

function banner(page) {
  return page.getByRole('status', { name: 'Envío de cambios' });
}

async function bannerText(page) {
  return ((await banner(page).textContent()) ?? '').trim();
}

async function waitForBanner(page, predicate, what) {
  const deadline = Date.now() + 20_000;
  let last = '';
  while (Date.now() < deadline) {
    last = await bannerText(page);
    if (predicate(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`el aviso de envío no llegó a «${what}»: se vio «${last}»`);
}

/** The changes waiting on the device, read straight from its IndexedDB (lib/crewDevice.ts). */
function queuedChanges(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('mudanzas-trabajo');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('cambios').objectStore('cambios').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            db.close();
            resolve(
              all.result.map(({ seq, kind, moveId, key, occurredAt }) => ({ seq, kind, moveId, key, occurredAt })),
            );
          };
        };
      }),
  );
}

/** Until the device keeps a list of the worker's moves holding all of `ids`. */
async function waitForSavedList(page, ids) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const saved = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const open = indexedDB.open('mudanzas-trabajo');
          open.onerror = () => resolve([]);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('mudanzas')) return resolve([]);
            const all = db.transaction('mudanzas').objectStore('mudanzas').getAll();
            all.onsuccess = () => {
              db.close();
              resolve(all.result.flatMap((s) => s.moves.map((m) => m.id)));
            };
          };
        }),
    );
    if (ids.every((id) => saved.includes(id))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`el dispositivo no guardó la lista con las mudanzas ${ids.join(', ')}`);
}

/** `count` days the worker has free, from two months on (past every demo move of theirs). */
async function freeDays(managerPage, workerId, count) {
  const days = [];
  for (let n = 60 + Math.floor(Math.random() * 60); days.length < count; n += 1) {
    const fecha = madridDatePlus(n);
    const answer = await pageApi(managerPage, 'GET', `/api/trabajadores?fecha=${fecha}`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    if (!answer.body.trabajadores.find((w) => w.id === workerId)?.ocupado) days.push(fecha);
  }
  return days;
}

/**
 * A move for `workerId` on `fecha`, assigned and confirmed by the manager: its number. Its client
 * is nobody else's, so the demo clients' moves, which other files read, stay as they were.
 */
async function confirmedMove(managerPage, workerId, fecha) {
  const client = { nombre: 'Cliente Sin Conexión', email: uniqueEmail('sin-conexion') };
  const id = await createMove(managerPage, client, { fecha_programada: fecha });
  const assigned = await pageApi(managerPage, 'POST', '/api/asignar-trabajador', {
    mudanza_id: id,
    worker_id: workerId,
  });
  assert.equal(assigned.status, 200, JSON.stringify(assigned.body));
  const confirmed = await pageApi(managerPage, 'PUT', '/api/actualizar-estado-mudanza', {
    mudanza_id: id,
    nuevo_estado: 'confirmada',
  });
  assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
  return id;
}

async function changeStatus(page, id, label) {
  await moveCard(page, id).getByRole('button', { name: 'Cambiar estado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambiar estado' });
  await dialog.getByText(label, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The crew's calls, as the page made them: the key sent and whether the server replayed. */
function recordCrewCalls(page, calls) {
  page.on('response', async (response) => {
    const request = response.request();
    const path = new URL(request.url()).pathname;
    if (!/^\/api\/(actualizar-estado-mudanza|mudanza\/\d+\/(hito|firma|estado-objeto)|subir-foto)$/.test(path)) return;
    const headers = await request.allHeaders();
    calls.push({
      path,
      status: response.status(),
      key: headers['idempotency-key'],
      occurredAt: headers['occurred-at'],
      replayed: (await response.allHeaders())['idempotent-replayed'] === 'true',
    });
  });
}

/** Draws a signature on the pad `name` with the mouse: three strokes across its box. */
async function drawSignature(page, name) {
  const box = await page.getByRole('img', { name: `${name}, recuadro para firmar` }).boundingBox();
  for (const row of [0.3, 0.5, 0.7]) {
    await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * row);
    await page.mouse.down();
    for (let i = 1; i <= 8; i += 1) {
      await page.mouse.move(box.x + box.width * (0.15 + i * 0.08), box.y + box.height * (row + (i % 2 ? 0.08 : -0.08)));
    }
    await page.mouse.up();
  }
}

/** Uncaught errors only: with no network, failed requests are expected console noise. */
const uncaught = (errors) => errors.filter((e) => e.startsWith('pageerror'));

test(
  'sin conexión, el equipo registra un hito, el estado de un objeto, la firma del cliente, un estado y una foto; llegan una vez, en orden y con la hora del dispositivo',
  { timeout: 180_000 },
  async () => {
    const m = await openPage();
    const w = await openPage(PHONE);
    const auditor = await openPage();
    try {
      await staffLogin(m.page, account('empresario'));
      await m.page.waitForURL(url('/gestion'));
      await staffLogin(w.page, account('empleado'));
      await w.page.waitForURL(url('/trabajo'));
      const { user: worker } = await authStatus(w.page);
      const [dayA, dayB] = await freeDays(m.page, worker.id, 2);
      const a = await confirmedMove(m.page, worker.id, dayA);
      const b = await confirmedMove(m.page, worker.id, dayB);

      // The crew app installs itself for /trabajo alone; from the next visit it holds the page.
      // (This document opened at the login page, so `ready` never answers it: ask for /trabajo's.)
      await w.page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration('/trabajo'))?.active);
      const scope = await w.page.evaluate(() =>
        navigator.serviceWorker.getRegistration('/trabajo').then((r) => r.scope),
      );
      assert.equal(scope, url('/trabajo'));
      const sw = await fetch(url('/trabajo-sw.js'));
      assert.equal(sw.headers.get('cache-control'), 'no-cache');
      assert.match(sw.headers.get('content-type') ?? '', /javascript/);
      const manifest = await fetch(url('/trabajo.webmanifest'));
      assert.equal(manifest.headers.get('content-type'), 'application/manifest+json');
      assert.equal((await manifest.json()).scope, '/trabajo');
      await w.page.reload();
      await moveCard(w.page, a).waitFor();
      await moveCard(w.page, b).waitFor();
      // A reload that raced the worker's activation comes back uncontrolled: the next one is not.
      const controlled = () =>
        w.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 5_000 });
      await controlled().catch(async () => {
        await w.page.reload();
        await controlled();
      });
      await waitForSavedList(w.page, [a, b]);

      // Offline: a milestone, a status and a photo for move A; a status for move B.
      await w.context.setOffline(true);
      await waitForBanner(w.page, (t) => t === 'Sin conexión', 'Sin conexión');
      await moveCard(w.page, a).getByRole('button', { name: 'Registrar: En camino' }).click();
      await moveCard(w.page, a).getByRole('button', { name: 'Registrar: Llegada al origen' }).waitFor();
      await waitForBanner(w.page, (t) => t.endsWith('1 cambio sin enviar'), '1 cambio sin enviar');

      // The waybill at pickup: damage found on an object, and the client signs with a finger.
      await moveCard(w.page, a).getByRole('button', { name: 'Revisar albarán' }).click();
      const waybill = w.page.getByRole('dialog', { name: `Albarán · Mudanza #${a}` });
      await waybill.getByRole('button', { name: 'Anotar estado' }).first().click();
      const condition = waybill.getByRole('form', { name: /^Estado de / });
      await condition.getByLabel('Daños previos').check();
      await condition.getByLabel(/^Nota/).fill('Rayón en la puerta');
      await condition.getByRole('button', { name: 'Guardar estado' }).click();
      await waybill.getByText('Rayón en la puerta').waitFor();
      const clientForm = waybill.getByRole('form', { name: 'Firma del cliente' });
      await drawSignature(w.page, 'Firma del cliente');
      await clientForm.getByRole('button', { name: 'Guardar firma' }).click();
      await waybill.getByRole('img', { name: /^Firma del cliente: / }).waitFor();
      await waybill.getByRole('button', { name: 'Cerrar' }).click();
      await waitForBanner(w.page, (t) => t.endsWith('3 cambios sin enviar'), '3 cambios sin enviar');

      await changeStatus(w.page, a, 'Completada');
      await moveCard(w.page, a).getByRole('button', { name: 'Subir foto' }).click();
      const photos = w.page.getByRole('dialog', { name: 'Fotos de la mudanza' });
      await photos
        .getByLabel('Foto', { exact: true })
        .setInputFiles({ name: 'salon.png', mimeType: 'image/png', buffer: PNG });
      await photos.getByLabel('Descripción (opcional)').fill('Salón embalado');
      await photos.getByRole('button', { name: 'Subir foto' }).click();
      await photos.getByRole('img', { name: 'Salón embalado' }).waitFor();
      await photos.getByText('Pendiente de enviar').waitFor();
      await photos.getByRole('button', { name: 'Cerrar' }).click();
      assert.equal(
        await waitForBanner(w.page, (t) => t.endsWith('5 cambios sin enviar'), '5 cambios sin enviar'),
        'Sin conexión5 cambios sin enviar',
      );

      await changeStatus(w.page, b, 'En Progreso');
      await waitForBanner(w.page, (t) => t.endsWith('6 cambios sin enviar'), '6 cambios sin enviar');
      const queued = await queuedChanges(w.page);
      assert.deepEqual(
        queued.map((c) => [c.kind, c.moveId]),
        [
          ['hito', a],
          ['estadoObjeto', a],
          ['firma', a],
          ['estado', a],
          ['foto', a],
          ['estado', b],
        ],
      );
      assert.equal(new Set(queued.map((c) => c.key)).size, 6);

      // Reloaded with no network: the shell, the worker's list and the queue are all on the device.
      await w.page.reload();
      const cardA = moveCard(w.page, a);
      await cardA.waitFor();
      await moveCard(w.page, b).waitFor();
      const offlineBanner = await waitForBanner(w.page, (t) => t.endsWith('6 cambios sin enviar'), '6 cambios');
      assert.match(offlineBanner, /^Sin conexión: datos de las? \d{1,2}:\d{2}6 cambios sin enviar$/);
      assert.equal((await cardA.locator('.status-badge').textContent())?.trim(), 'Completada');
      await cardA.getByText('pendiente de enviar').first().waitFor();
      await cardA.getByText('Foto: Salón embalado').waitFor();
      assert.deepEqual(await queuedChanges(w.page), queued);
      // The public site is never answered from the crew's cache.
      const other = await w.context.newPage();
      await assert.rejects(other.goto(url('/')), /ERR_INTERNET_DISCONNECTED/);
      await other.close();
      assert.deepEqual(uncaught(w.errors), [], w.errors.join('\n'));

      // Meanwhile the manager cancels move B.
      const cancelled = await pageApi(m.page, 'PUT', '/api/actualizar-estado-mudanza', {
        mudanza_id: b,
        nuevo_estado: 'cancelada',
      });
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));

      // Back online, the first change reaches the server but the page closes before its answer.
      let reached;
      const firstLanded = new Promise((resolve) => (reached = resolve));
      const pattern = '**/api/mudanza/*/hito';
      await w.context.route(pattern, async (route) => {
        const response = await route.fetch();
        reached({ status: response.status(), key: route.request().headers()['idempotency-key'] });
      });
      await w.context.setOffline(false);
      const first = await firstLanded;
      assert.equal(first.status, 200);
      assert.equal(first.key, queued[0].key);
      await w.page.close();
      await w.context.unroute(pattern);

      // Reopened: the same keys again, in order; the server replays the first and refuses B's.
      const page = await w.context.newPage();
      const calls = [];
      recordCrewCalls(page, calls);
      await page.goto(url('/trabajo'));
      const refused = page.getByRole('region', { name: 'Cambios no aplicados' });
      await refused.waitFor({ timeout: 20_000 });
      await waitForBanner(page, (t) => t === '', 'nada pendiente');
      assert.deepEqual(
        calls.map((c) => [c.path, c.status, c.key, c.occurredAt, c.replayed]),
        [
          [`/api/mudanza/${a}/hito`, 200, queued[0].key, queued[0].occurredAt, true],
          [`/api/mudanza/${a}/estado-objeto`, 200, queued[1].key, queued[1].occurredAt, false],
          [`/api/mudanza/${a}/firma`, 200, queued[2].key, queued[2].occurredAt, false],
          ['/api/actualizar-estado-mudanza', 200, queued[3].key, queued[3].occurredAt, false],
          ['/api/subir-foto', 200, queued[4].key, queued[4].occurredAt, false],
          ['/api/actualizar-estado-mudanza', 409, queued[5].key, queued[5].occurredAt, false],
        ],
      );
      const item = refused.getByRole('listitem');
      await item.getByText(`Mudanza #${b} · Estado: En Progreso`).waitFor();
      await item.getByText(CANCELLED).waitFor();
      assert.deepEqual(await queuedChanges(page), []);
      await moveCard(page, a).getByText('Completada', { exact: true }).waitFor();
      assert.equal(await moveCard(page, a).getByText('pendiente de enviar').count(), 0);

      // Read, and gone for good.
      await refused.getByRole('button', { name: 'Entendido' }).click();
      await refused.waitFor({ state: 'hidden' });
      await page.reload();
      await moveCard(page, a).waitFor();
      assert.equal(await page.getByRole('region', { name: 'Cambios no aplicados' }).count(), 0);

      // The log holds each change once, in the order made, at the device's time.
      await staffLogin(auditor.page, account('auditor'));
      await auditor.page.waitForURL(/\/auditoria/);
      const history = async (id) => {
        const answer = await pageApi(auditor.page, 'GET', `/api/auditoria/mudanza/${id}/historial`);
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        return answer.body.eventos.filter((e) => e.actor.rol === 'empleado');
      };
      const crewA = await history(a);
      assert.deepEqual(
        crewA.map((e) => [e.tipo, Date.parse(e.ocurrido_en)]),
        [
          // Leaving for the origin started the confirmed move, in the same instant.
          ['move.status_changed', Date.parse(queued[0].occurredAt)],
          ['move.crew_milestone_recorded', Date.parse(queued[0].occurredAt)],
          ['move.object_condition_noted', Date.parse(queued[1].occurredAt)],
          ['move.waybill_signed', Date.parse(queued[2].occurredAt)],
          ['move.status_changed', Date.parse(queued[3].occurredAt)],
          ['move.photo_added', Date.parse(queued[4].occurredAt)],
        ],
      );
      assert.deepEqual(
        crewA.map((e) => e.datos.to ?? e.datos.hito ?? e.datos.nota ?? e.datos.firmante ?? e.datos.descripcion),
        ['en curso', 'en_camino', 'Rayón en la puerta', 'cliente', 'finalizada', 'Salón embalado'],
      );
      // The signature is the drawing itself, served as a PNG to the office.
      const signed = crewA.find((e) => e.tipo === 'move.waybill_signed');
      assert.ok(signed.datos.imagen_png.length > 100, 'a drawn signature, not an empty image');
      const staff = await pageApi(m.page, 'GET', `/api/mudanza/${a}`);
      const image = await m.page.request.get(url(staff.body.mudanza.firmas[0].url));
      assert.equal(image.status(), 200);
      assert.equal(image.headers()['content-type'], 'image/png');
      for (const event of crewA) {
        assert.ok(
          Date.parse(event.registrado_en) - Date.parse(event.ocurrido_en) > 1000,
          `${event.tipo}: registrado ${event.registrado_en}, ocurrido ${event.ocurrido_en}`,
        );
      }
      assert.deepEqual(await history(b), []);
      assert.deepEqual(uncaught(w.errors), [], w.errors.join('\n'));
    } finally {
      await m.context.close();
      await w.context.close();
      await auditor.context.close();
    }
  },
);
