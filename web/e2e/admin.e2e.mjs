// Browser tests of the admin panel (/admin) and /debug, run by e2e/run.mjs against the real server:
// a worker created by the admin logs in, and is refused at their next action once deactivated; a
// projection rebuilt from the panel reaches 100 %; the event log filtered by type; /debug's
// database health; only the admin gets in; and axe at desktop and phone widths.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seriousViolations } from './axe.mjs';
import { account, openPage, pageApi, staffLogin, uniqueEmail, url, waitForText } from './helpers.mjs';

const PASSWORD = 'Operario#E2e26';

/** A name of letters only (§5), different on every run. */
function uniqueName() {
  const letters = String(Date.now() % 1e8)
    .split('')
    .map((d) => 'abcdefghij'[Number(d)])
    .join('');
  return `Prueba ${letters[0].toUpperCase()}${letters.slice(1)}`;
}

async function adminPage(viewport) {
  const opened = await openPage(viewport);
  await staffLogin(opened.page, account('admin'));
  await opened.page.waitForURL(url('/admin'));
  await opened.page.getByRole('heading', { level: 1, name: 'Panel de administración' }).waitFor();
  return opened;
}

test('admin: crea un trabajador que entra; al desactivarlo, su siguiente acción se rechaza', async () => {
  const admin = await adminPage();
  const worker = await openPage();
  try {
    const { page } = admin;
    const nombre = uniqueName();
    await page.getByLabel('Nombre completo').fill(nombre);
    await page.getByLabel(/^Email/).fill(uniqueEmail('trabajador'));
    await page.getByLabel('Contraseña inicial').fill(PASSWORD);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    const notice = page.getByText(/entra con el número de empleado EMP-\d+/);
    await notice.waitFor();
    const login = /EMP-\d+/.exec(await notice.textContent())[0];

    // The new worker logs in on the worker tab and sees their dashboard.
    await staffLogin(worker.page, { tab: 'worker', login }, PASSWORD);
    await worker.page.waitForURL(url('/trabajo'));
    assert.equal((await pageApi(worker.page, 'GET', '/api/todas-las-mudanzas')).status, 200);

    await page.getByRole('button', { name: `Desactivar a ${nombre}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Desactivar cuenta' });
    await dialog.getByRole('button', { name: 'Desactivar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`${nombre} ya no puede iniciar sesión`, { exact: false }).waitFor();
    await page.getByRole('button', { name: `Reactivar a ${nombre}` }).waitFor();

    // The worker's open page: the next call is refused, a reload sends them away, and logging
    // in again says why.
    const next = await pageApi(worker.page, 'GET', '/api/todas-las-mudanzas');
    assert.equal(next.status, 401);
    await worker.page.reload();
    await worker.page.waitForURL(url('/'));
    await staffLogin(worker.page, { tab: 'worker', login }, PASSWORD);
    await worker.page.getByText('Esta cuenta está desactivada. Contacta con el administrador.').waitFor();
    assert.deepEqual(admin.errors, []);
  } finally {
    await admin.context.close();
    await worker.context.close();
  }
});

test('admin: reconstruye una proyección y ve el progreso llegar al 100 %', async () => {
  const { context, page, errors } = await adminPage();
  try {
    await page.getByRole('tab', { name: 'Proyecciones' }).click();
    const table = page.getByRole('table', { name: 'Estado de las proyecciones' });
    await table.getByText('moves', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Reconstruir moves' }).click();
    const bar = page.getByRole('progressbar', { name: 'Progreso de la reconstrucción de moves' });
    await bar.waitFor();
    // While it runs, the buttons wait; at the end the bar is full and says so.
    await waitForText(() => bar.getAttribute('aria-valuenow'), '100', 30_000);
    await page.getByText(/Terminada/).waitFor({ timeout: 30_000 });
    assert.equal(await page.getByRole('button', { name: 'Reconstruir moves' }).isEnabled(), true);
    const status = await pageApi(page, 'GET', '/api/admin/reconstruccion');
    assert.equal(status.body.reconstruccion.fase, 'terminada');
    assert.equal(status.body.reconstruccion.procesados, status.body.reconstruccion.total);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('admin: filtra el registro de eventos por tipo y abre un evento', async () => {
  const { context, page, errors } = await adminPage();
  try {
    await page.getByRole('tab', { name: 'Registro de eventos' }).click();
    const table = page.getByRole('table', { name: 'Eventos del registro' });
    await table.waitFor();
    await page.getByLabel('Tipo', { exact: true }).selectOption('move.created');
    const filtered = page.waitForResponse((r) => r.url().includes('tipo=move.created'));
    await page.getByRole('button', { name: 'Buscar' }).click();
    await filtered;
    await page
      .getByRole('status')
      .filter({ hasText: /eventos?$/ })
      .first()
      .waitFor();
    const types = await table.locator('tbody td[data-label="Tipo"]').allTextContents();
    assert.ok(types.length > 0, 'ningún evento move.created');
    assert.deepEqual([...new Set(types.map((t) => t.trim()))], ['move.created']);
    await table
      .getByRole('button', { name: /^Ver el evento/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Evento \d+/ });
    await dialog.getByText('move.created').first().waitFor();
    assert.match(await dialog.getByLabel('Datos del evento', { exact: true }).textContent(), /\{/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('debug: muestra la base de datos en buen estado y las conexiones en directo', async () => {
  const { context, page, errors } = await adminPage();
  try {
    await page.getByRole('link', { name: 'Estado del sistema (/debug)' }).click();
    await page.waitForURL(url('/debug'));
    await page.getByRole('heading', { level: 1, name: 'Estado del sistema' }).waitFor();
    await page.getByText('Base de datos OK').waitFor();
    await page.getByText('Todas en marcha').waitFor();
    const body = (await pageApi(page, 'GET', '/api/debug/estado')).body;
    assert.equal(body.base_de_datos.ok, true);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('solo el administrador entra en /admin y /debug', async () => {
  for (const role of ['empresario', 'auditor']) {
    const { context, page } = await openPage();
    try {
      await staffLogin(page, account(role));
      await page.waitForURL((u) => u.pathname !== '/acceso-gerencia');
      for (const path of ['/admin', '/debug']) {
        await page.goto(url(path));
        await page.waitForURL((u) => u.pathname === '/');
        assert.equal(
          (await pageApi(page, 'GET', path === '/admin' ? '/api/admin/personal' : '/api/debug/estado')).status,
          403,
        );
      }
    } finally {
      await context.close();
    }
  }
});

test('accesibilidad: /admin (cada pestaña) y /debug sin fallos graves a 1280 y 375 px', async () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 800 },
  ]) {
    const { context, page } = await adminPage(viewport);
    const failures = [];
    try {
      for (const tab of ['Personal', 'Proyecciones', 'Registro de eventos', 'Mensajes y candidaturas']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.waitForLoadState('networkidle');
        for (const line of await seriousViolations(page)) failures.push(`${viewport.width} ${tab}: ${line}`);
      }
      await page.goto(url('/debug'), { waitUntil: 'networkidle' });
      await page.getByText('Base de datos OK').waitFor();
      for (const line of await seriousViolations(page)) failures.push(`${viewport.width} /debug: ${line}`);
      // Nothing wider than the screen at 375 px.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `/debug desborda ${overflow} px a ${viewport.width}`);
    } finally {
      await context.close();
    }
    assert.deepEqual(failures, [], failures.join('\n'));
  }
});
