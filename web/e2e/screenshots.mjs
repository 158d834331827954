// PNG screenshots of pages at desktop and phone width, for docs and reviews:
//   BASE_URL=http://127.0.0.1:8080 node e2e/screenshots.mjs [/ruta ...]
// Files land in docs/screenshots/ (SCREENSHOT_DIR overrides) as <nombre>-desktop.png and <nombre>-375.png.
// SCREENSHOT_LOGIN=empleado (or empresario, …) logs in first with that role's demo account, for the
// staff dashboards: SCREENSHOT_LOGIN=empleado node e2e/screenshots.mjs /trabajo
// SCREENSHOT_LOGIN=cliente (or a client's email from demo-accounts.json) logs in through the navbar's
// login dialog instead; '/cliente/me' then stands for that client's own dashboard:
//   SCREENSHOT_LOGIN=cliente node e2e/screenshots.mjs /cliente/me '/cliente/me?tab=perfil'
// SCREENSHOT_WAIT=2500 waits that many ms after load, for entry animations (count-ups, cards) to end.
// A route's query is part of the file name ('/cliente/me?tab=perfil' → cliente-me-tab-perfil).
// With a client logged in, 'id=pendiente' in a query stands for that client's oldest pending move,
// for the booking pages: SCREENSHOT_LOGIN=cliente FULL_PAGE=1 node e2e/screenshots.mjs '/detalles-mudanza?id=pendiente'
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BASE_URL, launchBrowser, waitForServer } from './browser.mjs';

const DEFAULT_ROUTES = [
  '/',
  '/sobre-nosotros',
  '/preguntas-frecuentes',
  '/opiniones',
  '/contacto',
  '/trabaja-con-nosotros',
  '/condiciones-uso',
  '/politica-privacidad',
  '/acceso-gerencia',
  '/error',
  '/esta-pagina-no-existe',
  '/registro',
];

const VIEWPORTS = [
  { suffix: 'desktop', width: 1280, height: 800 },
  { suffix: '375', width: 375, height: 800 },
];

const loginRole = process.env.SCREENSHOT_LOGIN;
const TAB_LABEL = { manager: 'Gerencia', worker: 'Trabajador' };

/** Logs a client in through the navbar's login dialog; returns the client's id. */
async function logInClient(page, who) {
  await page.goto(`${BASE_URL}/`);
  await page.getByRole('banner').waitFor();
  // On a phone the button sits in the collapsed menu.
  const menu = page.getByRole('banner').getByRole('button', { name: 'Abrir menú' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).click();
  const dialog = page.getByRole('dialog', { name: 'Iniciar sesión' });
  await dialog.getByLabel('Email', { exact: true }).fill(who.login);
  await dialog.getByLabel('Contraseña', { exact: true }).fill(who.password);
  await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const status = await page.evaluate(() => fetch('/api/auth-status', { credentials: 'include' }).then((r) => r.json()));
  if (!status.authenticated) throw new Error(`no se pudo iniciar sesión como ${who.login}`);
  return status.user.id;
}

/** Logs in with the demo account of `role` (or login); returns the user's id for '/cliente/me'. */
async function logIn(page, role) {
  const file = process.env.DEMO_ACCOUNTS || new URL('../../seed/demo-accounts.json', import.meta.url);
  const all = JSON.parse(readFileSync(file, 'utf8'));
  const who = all.find((a) => a.login === role) ?? all.find((a) => a.role === role);
  if (who?.role === 'cliente') return logInClient(page, who);
  if (!who || !TAB_LABEL[who.tab]) throw new Error(`sin cuenta de personal con rol ${role}`);
  await page.goto(`${BASE_URL}/acceso-gerencia`);
  await page.getByRole('tab', { name: TAB_LABEL[who.tab] }).click();
  await page.getByLabel('Usuario', { exact: true }).fill(who.login);
  await page.getByLabel('Contraseña', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL((u) => u.pathname !== '/acceso-gerencia');
  return null;
}

/** The id of the logged-in client's oldest pending move. */
async function oldestPendingMove(page) {
  const body = await page.evaluate(() => fetch('/api/mis-mudanzas', { credentials: 'include' }).then((r) => r.json()));
  const ids = (body.mudanzas ?? []).filter((m) => m.status === 'pending').map((m) => m.id);
  if (ids.length === 0) throw new Error('el cliente no tiene ninguna mudanza pendiente');
  return Math.min(...ids);
}

const outDir = process.env.SCREENSHOT_DIR || fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_ROUTES;

/** '/' → home, '/acceso-gerencia' → acceso-gerencia, '/cliente/me?tab=perfil' → cliente-me-tab-perfil. */
function nameFor(route) {
  const slug = route
    .replace(/#.*$/, '')
    .replace(/^\/+|\/+$/g, '')
    .replace(/[^a-zA-Z0-9-]+/g, '-');
  return slug === '' ? 'home' : slug;
}

await waitForServer();
mkdirSync(outDir, { recursive: true });
const browser = await launchBrowser();
try {
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      locale: 'es-ES',
      timezoneId: 'Europe/Madrid',
    });
    const page = await context.newPage();
    const userId = loginRole ? await logIn(page, loginRole) : null;
    for (const route of routes) {
      const path = route.startsWith('/') ? route : `/${route}`;
      let target = userId ? path.replace(/^\/cliente\/me(?=[/?#]|$)/, `/cliente/${userId}`) : path;
      if (userId && /[?&]id=pendiente(?=&|#|$)/.test(target)) {
        target = target.replace(/([?&]id=)pendiente/, `$1${await oldestPendingMove(page)}`);
      }
      await page.goto(`${BASE_URL}${target}`, { waitUntil: 'networkidle' });
      await page
        .locator('h1')
        .first()
        .waitFor({ state: 'visible', timeout: 10_000 })
        .catch(() => {});
      if (process.env.FULL_PAGE === '1') {
        // Scroll through the page first, so what appears on scroll (lazy images, cards revealed by
        // IntersectionObserver) is in the picture.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 150));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForTimeout(1000);
      }
      if (process.env.SCREENSHOT_WAIT) await page.waitForTimeout(Number(process.env.SCREENSHOT_WAIT));
      const file = `${outDir.replace(/\/$/, '')}/${nameFor(path)}-${viewport.suffix}.png`;
      await page.screenshot({ path: file, fullPage: process.env.FULL_PAGE === '1' });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
