// Browser tests of the content pages, run by e2e/run.mjs against the real server: the FAQ's
// search (accents, count, no results, accordion), the reviews page (stats counting up, load more,
// filters), the terms' quick-nav landing 100 px below the top, and the privacy page's lazy chunk
// with its two layers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, url, waitForText } from './helpers.mjs';

const PHONE = { width: 375, height: 740 };

test('FAQ: buscar «cancelacion» sin tilde encuentra la cancelación, el contador cambia y el acordeón se abre', async () => {
  const { context, page, errors } = await openPage();
  try {
    await page.goto(url('/preguntas-frecuentes'));
    await page.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' }).waitFor();
    const status = page.getByRole('status');
    const total = Number(/^(\d+) preguntas frecuentes$/.exec((await status.textContent()) ?? '')?.[1]);
    assert.ok(total >= 20, `solo hay ${total} preguntas`);
    assert.equal(await page.getByRole('main').getByRole('button', { expanded: false }).count(), total);

    await page.getByRole('searchbox', { name: 'Buscar en las preguntas frecuentes' }).fill('cancelacion');
    const match = await (async () => {
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const found = /^(\d+) preguntas? encontradas?$/.exec((await status.textContent()) ?? '');
        if (found) return Number(found[1]);
        await page.waitForTimeout(50);
      }
      return null;
    })();
    assert.ok(match !== null && match > 0 && match < total, `contador inesperado: ${await status.textContent()}`);
    assert.equal(await page.getByRole('main').getByRole('button', { expanded: false }).count(), match);
    assert.equal(await status.getAttribute('aria-live'), 'polite');

    const question = page.getByRole('button', { name: '¿Cuánto cuesta cancelar una mudanza?' });
    assert.equal(await page.getByRole('button', { name: '¿Cuál es vuestro horario de atención?' }).count(), 0);
    const answer = page.getByRole('region', { name: '¿Cuánto cuesta cancelar una mudanza?' });
    assert.equal(await answer.isVisible(), false);
    await question.click();
    assert.equal(await question.getAttribute('aria-expanded'), 'true');
    await answer.waitFor({ state: 'visible' });
    assert.match((await answer.textContent()) ?? '', /entre 24 y 48 horas, cobramos el 25 % del presupuesto/);

    // Upper case and an accent find the same thing.
    await page.getByRole('searchbox').fill('CANCELACIÓN');
    await waitForText(status, match === 1 ? '1 pregunta encontrada' : `${match} preguntas encontradas`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('FAQ: una búsqueda sin sentido muestra el mensaje de sin resultados y el botón de ayuda lleva a contacto', async () => {
  const { context, page, errors } = await openPage(PHONE);
  try {
    await page.goto(url('/preguntas-frecuentes'));
    await page.getByRole('searchbox', { name: 'Buscar en las preguntas frecuentes' }).fill('xylófono cuántico');
    await waitForText(page.getByRole('status'), 'Ninguna pregunta encontrada');
    await page.getByRole('heading', { name: 'No hay resultados' }).waitFor();
    assert.equal(await page.getByRole('main').getByRole('button', { expanded: false }).count(), 0);
    await page.getByRole('button', { name: 'Ver todas las preguntas' }).click();
    await page.getByRole('heading', { name: 'No hay resultados' }).waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('link', { name: 'Contactar con nosotros' }).getAttribute('href'), '/contacto');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

const statValues = (page) =>
  page.locator('[data-stat-value]').evaluateAll((els) => els.map((el) => el.textContent.replace(/\u00a0/g, ' ')));

/** The four figures as /opiniones writes them, from the server's own (the seed's 8 reviews: 8, 4,8, 75 %, 100 %). */
async function finalStats() {
  const { estadisticas: s } = await (await fetch(url('/api/opiniones'))).json();
  const one = (n) => n.toLocaleString('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const percent = (n) => `${Math.round(n)} %`;
  return [String(s.total), one(s.media), percent(s.cinco_estrellas), percent(s.recomiendan)];
}

test('opiniones: las cifras del servidor cuentan desde cero; 6 opiniones, 8 tras «Cargar más»; filtros 4 y 5 estrellas', async () => {
  const { context, page, errors } = await openPage();
  const FINAL_STATS = await finalStats();
  try {
    // Every value the average shows, from the first render on (it takes more steps than the count of
    // a few reviews does).
    await page.addInitScript(() => {
      window.__statSeen = new Set();
      new MutationObserver(() => {
        const el = document.querySelectorAll('[data-stat-value]')[1];
        if (el) window.__statSeen.add(el.textContent.replace(',', '.'));
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(url('/opiniones'));
    await page.getByRole('heading', { level: 1, name: 'Lo que dicen nuestros clientes' }).waitFor();
    const deadline = Date.now() + 6000;
    while (JSON.stringify(await statValues(page)) !== JSON.stringify(FINAL_STATS) && Date.now() < deadline) {
      await page.waitForTimeout(100);
    }
    assert.deepEqual(await statValues(page), FINAL_STATS);
    const seen = await page.evaluate(() => [...window.__statSeen].map(Number));
    assert.ok(seen.length > 10, `la cifra no ha contado: ${JSON.stringify(seen)}`);
    assert.ok(Math.min(...seen) < 1, `no empezó desde abajo: ${JSON.stringify(seen)}`);

    const cards = page.getByRole('article');
    assert.equal(await cards.count(), 6);
    assert.equal(await cards.first().getByRole('img', { name: '5 de 5 estrellas' }).count(), 1);
    await page.getByRole('button', { name: 'Cargar más' }).click();
    assert.equal(await cards.count(), 8);
    assert.equal(await page.getByRole('button', { name: 'Cargar más' }).count(), 0);

    await page.getByRole('button', { name: /^4 estrellas/ }).click();
    assert.equal(await cards.count(), 2);
    assert.equal(await page.getByRole('img', { name: '4 de 5 estrellas' }).count(), 2);
    await page.getByRole('button', { name: /^5 estrellas/ }).click();
    assert.equal(await cards.count(), 6);
    assert.equal(await page.getByRole('button', { name: 'Cargar más' }).count(), 0);
    await page.getByRole('button', { name: /^Todas/ }).click();
    assert.equal(await cards.count(), 6);
    assert.equal(await page.getByRole('button', { name: 'Cargar más' }).count(), 1);

    assert.equal(
      await page.getByRole('link', { name: 'Calcular mi precio' }).getAttribute('href'),
      '/buscador-precios',
    );
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('opiniones: con movimiento reducido las cifras aparecen ya con su valor final', async () => {
  const { context, page, errors } = await openPage(PHONE);
  const FINAL_STATS = await finalStats();
  try {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(url('/opiniones'));
    await page.locator('[data-stat-value]').first().waitFor();
    assert.deepEqual(await statValues(page), FINAL_STATS);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
  test(`condiciones: el acceso rápido deja la sección a 100 px del borde superior, bajo la barra (${viewport.width} px)`, async () => {
    const { context, page, errors } = await openPage(viewport);
    try {
      await page.goto(url('/condiciones-uso'));
      const nav = page.getByRole('navigation', { name: 'Acceso rápido' });
      // The page is loaded on demand: count the links once it is there.
      await nav.waitFor();
      const links = nav.getByRole('link');
      assert.equal(await links.count(), 6);
      for (const [index, id, title] of [
        [5, 'reclamaciones', 'Reclamaciones'],
        [1, 'presupuestos', 'Presupuestos y precio'],
      ]) {
        await links.nth(index).click();
        // Smooth scrolling: wait until the position settles.
        let last = -1;
        for (let i = 0; i < 40; i++) {
          await page.waitForTimeout(100);
          const y = await page.evaluate(() => window.scrollY);
          if (y === last) break;
          last = y;
        }
        const top = await page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().top);
        assert.ok(Math.abs(top - 100) <= 2, `«${title}» quedó a ${top} px del borde`);
        const navbarBottom = await page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().bottom);
        assert.ok(navbarBottom < top, 'la barra de navegación tapa la sección');
        const toggle = page.getByRole('button', { name: new RegExp(title) });
        assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
        assert.equal(await toggle.evaluate((el) => el === document.activeElement), true);
        await page.getByRole('region', { name: new RegExp(title) }).waitFor({ state: 'visible' });
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('privacidad: su código se descarga solo al ir a la página, que muestra las dos capas', async () => {
  const { context, page, errors } = await openPage();
  try {
    const requested = [];
    page.on('request', (request) => requested.push(request.url()));
    const privacyChunk = () => requested.filter((u) => /\/assets\/PrivacyPolicyPage-[^/]+\.js$/.test(u));

    await page.goto(url('/'), { waitUntil: 'networkidle' });
    assert.deepEqual(privacyChunk(), [], 'la portada ya ha descargado la página de privacidad');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidad' }).click();
    await page.getByRole('heading', { level: 1, name: 'Política de privacidad' }).waitFor();
    assert.equal(privacyChunk().length, 1);

    const first = page.getByRole('region', { name: 'Información básica sobre protección de datos' });
    const table = first.getByRole('table', { name: 'Información básica sobre protección de datos' });
    assert.deepEqual(await table.getByRole('rowheader').allTextContents(), [
      'Responsable',
      'Finalidad',
      'Legitimación',
      'Destinatarios',
      'Derechos',
      'Información adicional',
    ]);
    const second = page.getByRole('region', { name: 'Información adicional sobre protección de datos' });
    for (const title of [
      'Responsable del tratamiento',
      'Cuánto tiempo conservamos tus datos',
      'Tus derechos',
      'Cómo registramos tu consentimiento',
    ]) {
      await second.getByRole('heading', { level: 3, name: title }).waitFor();
    }
    const firstBox = await first.boundingBox();
    const secondBox = await second.boundingBox();
    assert.ok(firstBox && secondBox && firstBox.y < secondBox.y, 'la primera capa no va antes que la segunda');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
