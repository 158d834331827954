// What every browser-test file shares: the demo accounts, one Chromium for the whole run, and
// pages that record console errors. Importing this module registers the browser's before/after.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before } from 'node:test';
import { BASE_URL, launchBrowser, waitForServer } from './browser.mjs';

const ACCOUNTS_FILE = process.env.DEMO_ACCOUNTS || new URL('../../seed/demo-accounts.json', import.meta.url);
export const accounts = JSON.parse(readFileSync(ACCOUNTS_FILE, 'utf8'));

export function account(role) {
  const found = accounts.find((a) => a.role === role);
  assert.ok(found, `demo-accounts.json no tiene ninguna cuenta con rol ${role}`);
  return found;
}

export function accountByLogin(login) {
  const found = accounts.find((a) => a.login === login);
  assert.ok(found, `demo-accounts.json no tiene la cuenta ${login}`);
  return found;
}

// demo-accounts.json names the staff login tab by its English key.
export const TAB_LABEL = { manager: 'Gerencia', worker: 'Trabajador' };

let browser;

before(async () => {
  await waitForServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/**
 * A fresh context (no cookies, no storage) and page that records every console error; `options`
 * adds to the context's (e.g. `{ hasTouch: true }` for a phone's taps).
 */
export async function openPage(viewport = { width: 1280, height: 800 }, options = {}) {
  const context = await browser.newContext({ viewport, locale: 'es-ES', timezoneId: 'Europe/Madrid', ...options });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { context, page, errors };
}

export function url(path) {
  return `${BASE_URL}${path}`;
}

/**
 * Waits until the page's own code has arrived: every page but the home page is loaded on demand,
 * and until its chunk lands the layout shows only a «Cargando…» status in the main area.
 */
export async function waitForPage(page) {
  await page.locator('#contenido > :not(.page-loading)').first().waitFor();
}

export async function staffLogin(page, who, password = who.password) {
  await page.goto(url('/acceso-gerencia'));
  await page.getByRole('tab', { name: TAB_LABEL[who.tab] }).click();
  await page.getByLabel('Usuario', { exact: true }).fill(who.login);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** Logs a client in through the navbar's login dialog, from the home page. */
export async function clientLogin(page, email, password) {
  await page.goto(url('/'));
  await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).click();
  const dialog = page.getByRole('dialog', { name: 'Iniciar sesión' });
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Contraseña', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

export async function authStatus(page) {
  return page.evaluate(() => fetch('/api/auth-status', { credentials: 'include' }).then((r) => r.json()));
}

/** Polls until `locator`'s trimmed text (or the function's result) equals `expected`. */
export async function waitForText(locator, expected, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    last = typeof locator === 'function' ? await locator() : (await locator.textContent())?.trim();
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`se esperaba ${JSON.stringify(expected)}, se vio ${JSON.stringify(last)}`);
}

let sequence = 0;

/** An email no earlier run used: tests that register can run again on the same database. */
export function uniqueEmail(tag) {
  sequence += 1;
  return `${tag}-${Date.now()}-${sequence}-${Math.floor(Math.random() * 1e6)}@mudanzas.test`;
}

/** Calls the API from the page (same origin, with its session cookie): `{ status, body }`. */
export function pageApi(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      let json = null;
      try {
        json = await response.json();
      } catch {
        /* not JSON */
      }
      return { status: response.status, body: json };
    },
    { method, path, body },
  );
}

/**
 * Registers a client through the API from `page` (which the 201 answer logs in); returns the
 * answer's body. `fields` overrides the valid defaults.
 */
export async function registerThroughApi(page, email, password, fields = {}) {
  await page.goto(url('/'));
  const answer = await pageApi(page, 'POST', '/api/register', {
    fullName: 'Lucía Fernández Prueba',
    email,
    password,
    phone: '612 345 678',
    address: 'Calle de Embajadores 20, Madrid',
    acceptTerms: true,
    ...fields,
  });
  assert.equal(answer.status, 201, `registro de ${email}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The local-development outbox's messages for `email`, newest first, read from Node. */
export async function outboxFor(email) {
  const response = await fetch(url(`/api/dev/outbox?para=${encodeURIComponent(email)}`));
  assert.equal(response.status, 200, 'GET /api/dev/outbox no responde 200: ¿el servidor tiene SMTP configurado?');
  const body = await response.json();
  return body.mensajes ?? [];
}

/** The date `days` after today on the company's calendar (Madrid's, as the server's), YYYY-MM-DD. */
export function madridDatePlus(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * A pending move created from a manager's page through /api/crear-mudanza (total 394,46 €): its
 * id. `client` is `{ nombre, email }`; `fields` overrides any field of the wizard's body.
 */
export async function createMove(managerPage, client, fields = {}) {
  const answer = await pageApi(managerPage, 'POST', '/api/crear-mudanza', {
    cliente_nombre: client.nombre,
    cliente_telefono: '612 345 678',
    cliente_email: client.email,
    origen: 'Calle de Alcalá 120, 28009 Madrid',
    destino: 'Avenida de Europa 9, 28224 Pozuelo de Alarcón',
    fecha_programada: madridDatePlus(40),
    fecha_alternativa: null,
    flexible: false,
    hora_preferida: 'morning',
    contacto_nombre: client.nombre,
    contacto_telefono: '612 345 678',
    contacto_email: client.email,
    contacto_preferencia: 'phone',
    estado: 'pendiente',
    urgencia: 'normal',
    objects: [{ id: 'sofa-3-plazas', nombre: 'Sofá de 3 plazas', peso: 55, quantity: 1 }],
    services: {
      dismount: true,
      dismount_quantity: 2,
      packaging: false,
      packaging_quantity: 0,
      cleaning: false,
      fragile: false,
      long_stairs: false,
    },
    property_details: {
      origin: { property_type: 'apartment_2_rooms', access: 'normal', floor: 'third', elevator: 1 },
      destination: { property_type: 'house_2_rooms', access: 'normal', floor: 'ground', elevator: 0 },
    },
    instrucciones: '',
    precio: { base: 250, distancia: 36, servicios: 40, urgencia: 0, iva: true },
    pago_adelantado: 0,
    precio_total: 394.46,
    ...fields,
  });
  assert.equal(answer.status, 200, `crear-mudanza: ${JSON.stringify(answer.body)}`);
  return answer.body.mudanza_id;
}
