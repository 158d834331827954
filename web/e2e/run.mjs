// Browser tests against the real server (which serves web/dist and the API): node e2e/run.mjs
// BASE_URL points at it; demo credentials come from seed/demo-accounts.json, never from here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { BASE_URL, launchBrowser, waitForServer } from './browser.mjs';

const ACCOUNTS_FILE = process.env.DEMO_ACCOUNTS || new URL('../../seed/demo-accounts.json', import.meta.url);
const accounts = JSON.parse(readFileSync(ACCOUNTS_FILE, 'utf8'));

function account(role) {
  const found = accounts.find((a) => a.role === role);
  assert.ok(found, `demo-accounts.json no tiene ninguna cuenta con rol ${role}`);
  return found;
}

// demo-accounts.json names the staff login tab by its English key.
const TAB_LABEL = { manager: 'Gerencia', worker: 'Trabajador' };

const SOME_CLIENT_ID = '00000000-0000-4000-8000-000000000000';
const UNKNOWN_PATH = '/esta-pagina-no-existe';

// The 28 paths of spec §2, shared with the route-table unit test.
const SPEC_PATHS = JSON.parse(readFileSync(new URL('../src/app/spec-paths.json', import.meta.url), 'utf8'));
// Pages behind the route guard: an anonymous visitor ends up on the home page.
const GUARDED = new Set(['/cliente/:id', '/admin', '/gestion', '/trabajo', '/debug']);
const PUBLIC_ROUTES = SPEC_PATHS.filter((p) => !GUARDED.has(p));
const GUARDED_ROUTES = SPEC_PATHS.filter((p) => GUARDED.has(p)).map((p) => p.replace(':id', SOME_CLIENT_ID));

let browser;

before(async () => {
  await waitForServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** A fresh context (no cookies, no storage) and page that records every console error. */
async function openPage(viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport, locale: 'es-ES' });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { context, page, errors };
}

function url(path) {
  return `${BASE_URL}${path}`;
}

async function staffLogin(page, who, password = who.password) {
  await page.goto(url('/acceso-gerencia'));
  await page.getByRole('tab', { name: TAB_LABEL[who.tab] }).click();
  await page.getByLabel('Usuario', { exact: true }).fill(who.login);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

async function authStatus(page) {
  return page.evaluate(() => fetch('/api/auth-status', { credentials: 'include' }).then((r) => r.json()));
}

describe('todas las rutas cargan sin errores', { concurrency: 4 }, () => {
  for (const path of [...PUBLIC_ROUTES, ...GUARDED_ROUTES, UNKNOWN_PATH]) {
    test(path, { timeout: 30_000 }, async () => {
      const { context, page, errors } = await openPage();
      try {
        const response = await page.goto(url(path), { waitUntil: 'networkidle' });
        assert.ok(response, 'sin respuesta del servidor');
        assert.ok(response.status() < 400, `${path} respondió HTTP ${response.status()}`);
        await page.locator('h1').first().waitFor({ state: 'visible' });
        if (GUARDED_ROUTES.includes(path)) {
          await page.waitForURL(url('/'));
        }
        assert.deepEqual(errors, [], `errores en ${path}:\n${errors.join('\n')}`);
      } finally {
        await context.close();
      }
    });
  }
});

test('una ruta desconocida muestra el 404 con enlace al inicio', { timeout: 30_000 }, async () => {
  const { context, page } = await openPage();
  try {
    await page.goto(url(UNKNOWN_PATH));
    await page.getByRole('heading', { name: '404 - Página no encontrada' }).waitFor();
    const home = page.getByRole('main').getByRole('link', { name: 'Volver al inicio' });
    assert.equal(await home.getAttribute('href'), '/');
    await home.click();
    await page.waitForURL(url('/'));
  } finally {
    await context.close();
  }
});

test('la gerencia entra en /gestion, sigue dentro al recargar y puede cerrar sesión', { timeout: 30_000 }, async () => {
  const manager = account('empresario');
  const { context, page } = await openPage();
  try {
    await staffLogin(page, manager);
    await page.waitForURL(url('/gestion'));
    await page.getByText(`Sesión iniciada como ${manager.nombre}`).waitFor();

    await page.reload();
    await page.getByText(`Sesión iniciada como ${manager.nombre}`).waitFor();

    // Logout reloads the page; wait for the new document, not just the guard's redirect.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await reloaded;
    await page.waitForURL(url('/'));
    await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    assert.equal((await authStatus(page)).authenticated, false);
  } finally {
    await context.close();
  }
});

test('un trabajador entra en /trabajo', { timeout: 30_000 }, async () => {
  const worker = account('empleado');
  const { context, page } = await openPage();
  try {
    await staffLogin(page, worker);
    await page.waitForURL(url('/trabajo'));
    await page.getByText(`Sesión iniciada como ${worker.nombre}`).waitFor();
  } finally {
    await context.close();
  }
});

test('una contraseña incorrecta muestra "Credenciales inválidas"', { timeout: 30_000 }, async () => {
  const manager = account('empresario');
  const { context, page } = await openPage();
  try {
    await staffLogin(page, manager, `${manager.password}-incorrecta`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.equal((await alert.textContent())?.trim(), 'Credenciales inválidas');
    assert.equal(new URL(page.url()).pathname, '/acceso-gerencia');
    assert.equal((await authStatus(page)).authenticated, false);
  } finally {
    await context.close();
  }
});

test('el diálogo de acceso valida y deja entrar a un cliente', { timeout: 30_000 }, async () => {
  const client = account('cliente');
  const { context, page } = await openPage();
  try {
    await page.goto(url('/opiniones'));
    const navbar = page.getByRole('banner');
    await navbar.getByRole('button', { name: 'Iniciar sesión' }).click();

    const dialog = page.getByRole('dialog', { name: 'Iniciar sesión' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
    await dialog.getByText('Por favor, completa todos los campos').waitFor();

    await dialog.getByLabel('Email', { exact: true }).fill(client.login);
    await dialog.getByLabel('Contraseña', { exact: true }).fill(client.password);
    await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL(url('/'));

    const profile = navbar.getByRole('link', { name: 'Mi perfil' });
    await profile.waitFor();
    const status = await authStatus(page);
    assert.equal(status.authenticated, true);
    assert.equal(await profile.getAttribute('href'), `/cliente/${status.user.id}`);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? 'null'));
    assert.equal(stored?.email, client.email);

    await profile.click();
    await page.waitForURL(url(`/cliente/${status.user.id}`));
    await page.getByRole('heading', { name: 'Mi área de cliente' }).waitFor();
  } finally {
    await context.close();
  }
});

test('la cabecera se oculta en /acceso-gerencia y se ve en /', { timeout: 30_000 }, async () => {
  const { context, page } = await openPage();
  try {
    await page.goto(url('/'));
    await page.getByRole('banner').waitFor({ state: 'visible' });
    assert.equal(await page.getByRole('contentinfo').count(), 1);

    await page.goto(url('/acceso-gerencia'));
    await page.getByRole('heading', { name: 'Acceso de personal' }).waitFor();
    assert.equal(await page.getByRole('banner').count(), 0);
    assert.equal(await page.getByRole('contentinfo').count(), 0);
  } finally {
    await context.close();
  }
});

test('el menú móvil se abre, navega y se cierra a 375 px', { timeout: 30_000 }, async () => {
  const { context, page } = await openPage({ width: 375, height: 800 });
  try {
    await page.goto(url('/'));
    const toggle = page.getByRole('button', { name: 'Abrir menú' });
    await toggle.click();
    const close = page.getByRole('button', { name: 'Cerrar menú' });
    assert.equal(await close.getAttribute('aria-expanded'), 'true');
    const navigation = page.getByRole('navigation', { name: 'Principal' });
    await navigation.getByRole('link', { name: 'Buscador de precios' }).click();
    await page.waitForURL(url('/buscador-precios'));
    await page.getByRole('button', { name: 'Abrir menú' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Abrir menú' }).getAttribute('aria-expanded'), 'false');
    assert.equal(await navigation.getByRole('link', { name: 'Buscador de precios' }).isVisible(), false);
  } finally {
    await context.close();
  }
});
