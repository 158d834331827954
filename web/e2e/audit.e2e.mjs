// Browser tests of /auditoria (issue 7): the demo auditor searches a seeded move, reads its
// timeline in Spanish, and replays its state before and after a worker's status change.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { seriousViolations } from './axe.mjs';
import { account, openPage, pageApi, staffLogin, url, waitForText } from './helpers.mjs';

const STATUS_LABELS = {
  pendiente: 'Pendiente',
  confirmada: 'Confirmada',
  'en curso': 'En Progreso',
  finalizada: 'Completada',
  cancelada: 'Cancelada',
};

/** A status a worker may set (§4: not confirmada) that differs from the current one. */
function nextStatus(current) {
  return current === 'en curso' ? 'finalizada' : 'en curso';
}

async function auditorPage(viewport) {
  const opened = await openPage(viewport);
  await staffLogin(opened.page, account('auditor'));
  // The auditor lands on their own screen.
  await opened.page.waitForURL(url('/auditoria'));
  await opened.page.getByRole('heading', { level: 1, name: 'Auditoría' }).waitFor();
  return opened;
}

/** The seeded demo client's newest move its worker may still change (a booked one: a pending move
 * has no worker yet, and a cancelled one takes no more changes from the crew), read as the auditor
 * would. */
async function seededMove(page) {
  const found = await pageApi(page, 'GET', '/api/auditoria/mudanzas?buscar=cliente%40mudanzas.test');
  assert.equal(found.status, 200, JSON.stringify(found.body));
  const move = found.body.mudanzas.find((m) => ['confirmada', 'en curso', 'finalizada'].includes(m.estado));
  assert.ok(move, 'el cliente de demostración no tiene mudanzas sembradas');
  return move;
}

test(
  'el auditor ve la cronología de una mudanza sembrada y su estado antes y después de un cambio',
  { timeout: 120_000 },
  async () => {
    const auditor = await auditorPage();
    const worker = await openPage();
    try {
      const { page } = auditor;
      const move = await seededMove(page);
      const from = move.estado;
      const to = nextStatus(from);

      // A worker, in another browser, changes the move's status.
      await staffLogin(worker.page, account('empleado'));
      await worker.page.waitForURL(url('/trabajo'));
      const changed = await pageApi(worker.page, 'PUT', '/api/actualizar-estado-mudanza', {
        mudanza_id: move.id,
        nuevo_estado: to,
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      // The audit calls refuse the worker.
      assert.equal((await pageApi(worker.page, 'GET', `/api/auditoria/mudanza/${move.id}/historial`)).status, 403);

      // The auditor searches by the client's name, without accents or capitals.
      const search = page.getByRole('searchbox', { name: 'Número, cliente, email, teléfono o dirección' });
      await search.fill('marta sanchez');
      await page.getByRole('button', { name: 'Buscar', exact: true }).click();
      const result = page.getByRole('list', { name: 'Resultados de la búsqueda' }).getByRole('button', {
        name: new RegExp(`^Mudanza ${move.id}\\b`),
      });
      await result.click();
      await page.waitForURL((u) => u.searchParams.get('mudanza') === String(move.id));

      const timeline = page.getByRole('list', { name: 'Eventos de la mudanza' });
      await timeline.waitFor();
      const entries = timeline.getByRole('listitem');
      await entries.first().getByRole('heading', { level: 3, name: 'Mudanza creada' }).waitFor();
      // The seed acts as the system.
      assert.match(await entries.first().textContent(), /Por seed \(Sistema\)/);

      // The worker's change is the last entry: its label, actor, summary and diff.
      const last = entries.last();
      await last.getByRole('heading', { level: 3, name: 'Estado cambiado' }).waitFor();
      const text = await last.textContent();
      assert.match(text, /Por Javier Moreno \(Trabajador\)/);
      assert.match(text, new RegExp(`${STATUS_LABELS[from]} → ${STATUS_LABELS[to]}`));
      assert.match(text, /Ocurrido \(dispositivo\).*\d{1,2}:\d{2}:\d{2}/);
      // The status, and what follows from it (a cancelled move owes only its fee), so one or more.
      await last.getByText(/^\d+ cambios?$/).click();
      const diff = last.getByRole('table', { name: 'Cambios de «Estado cambiado»' });
      const row = diff.getByRole('row', { name: /^Estado (?!del pago)/ });
      assert.deepEqual(await row.getByRole('cell').allTextContents(), [from, to]);

      // Before the change: the old status. The instant is the second before it was recorded.
      const recorded = await last.locator('time').nth(1).getAttribute('datetime');
      const before = await page.evaluate((iso) => {
        const d = new Date(Math.floor(new Date(iso).getTime() / 1000) * 1000 - 1000);
        const pad = (n) => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
      }, recorded);
      await page.getByLabel('Fecha y hora').fill(before);
      await page.getByRole('button', { name: 'Ver estado' }).click();
      const status = page.locator('.audit-state__status');
      await waitForText(status, STATUS_LABELS[from]);
      const reflects = page.locator('.audit-state__reflects');
      const position = (await last.locator('dd').nth(2).textContent()).split(' ')[0];
      assert.ok(!(await reflects.textContent()).includes(`(posición ${position},`), await reflects.textContent());

      // After it: clicking the entry replays up to that very event.
      await last.getByRole('button', { name: 'Ver el estado tras este evento' }).click();
      await waitForText(status, STATUS_LABELS[to]);
      assert.equal(await last.getAttribute('aria-current'), 'step');
      assert.ok((await reflects.textContent()).startsWith(`Estado tras «Estado cambiado» (posición ${position},`));

      // The history downloads as CSV with a BOM and a header row.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Exportar CSV' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), `mudanza-${move.id}-historial.csv`);
      const csv = readFileSync(await download.path(), 'utf8');
      assert.ok(
        csv.startsWith('\ufeffposición,versión,tipo,etiqueta,actor,rol,ocurrido,registrado,cambios'),
        csv.slice(0, 80),
      );
      assert.match(csv, /Estado cambiado,Javier Moreno,Trabajador/);

      // Nobody touched the log behind the guard: the integrity check walks the chain and says so.
      await page.getByRole('button', { name: 'Verificar integridad del registro' }).click();
      const verdict = page.locator('.audit-integrity__result');
      await verdict.locator('p').waitFor();
      assert.match(await verdict.textContent(), /^Registro íntegro: \d+ eventos verificados/);

      // Open everything an auditor can open, then check accessibility.
      await last.getByText('Datos del evento').click();
      assert.deepEqual(await seriousViolations(page), []);
      assert.deepEqual(auditor.errors, [], auditor.errors.join('\n'));

      // The demo move back as it was found, for the tests that read the demo after this one.
      const back = await pageApi(worker.page, 'PUT', '/api/actualizar-estado-mudanza', {
        mudanza_id: move.id,
        nuevo_estado: from,
      });
      assert.equal(back.status, 200, JSON.stringify(back.body));
    } finally {
      await auditor.context.close();
      await worker.context.close();
    }
  },
);

test('la auditoría es accesible y cabe en un teléfono de 375 px', { timeout: 60_000 }, async () => {
  const { context, page, errors } = await auditorPage({ width: 375, height: 800 });
  try {
    const move = await seededMove(page);
    await page.goto(url(`/auditoria?mudanza=${move.id}`));
    const timeline = page.getByRole('list', { name: 'Eventos de la mudanza' });
    await timeline.getByRole('listitem').first().waitFor();
    await timeline
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: 'Ver el estado tras este evento' })
      .click();
    await page.locator('.audit-state__status').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `la página se sale ${overflow} px por la derecha`);
    assert.deepEqual(await seriousViolations(page), []);
    assert.deepEqual(errors, [], errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('solo auditores y el administrador entran en /auditoria', { timeout: 60_000 }, async () => {
  const { context, page } = await openPage();
  try {
    await staffLogin(page, account('empresario'));
    await page.waitForURL(url('/gestion'));
    await page.goto(url('/auditoria'));
    await page.waitForURL(url('/'));
    assert.equal((await pageApi(page, 'GET', '/api/auditoria/mudanzas')).status, 403);
  } finally {
    await context.close();
  }
  const admin = await openPage();
  try {
    await staffLogin(admin.page, account('admin'));
    await admin.page.waitForURL(url('/admin'));
    await admin.page.goto(url('/auditoria'));
    await admin.page.getByRole('heading', { level: 1, name: 'Auditoría' }).waitFor();
    const anonymous = await fetch(url('/api/auditoria/mudanzas'));
    assert.equal(anonymous.status, 401);
  } finally {
    await admin.context.close();
  }
});
