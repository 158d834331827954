// Browser tests of the home page (/) and the about page (/sobre-nosotros), run by e2e/run.mjs
// against the real server: the carousel's timings (4 s auto-advance, pause on hover, 0.5 s
// transition that ignores clicks), its 6 distinct images of the 24, the banners that expand on
// scroll, the 2 s metric feedback and the about page's dot navigation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seriousViolations } from './axe.mjs';
import { openPage, url } from './helpers.mjs';

const carousel = (page) => page.getByRole('region', { name: 'Nuestro trabajo en imágenes' });
const currentSlide = (page) =>
  carousel(page).locator('[aria-roledescription="diapositiva"][data-current="true"]').getAttribute('aria-label');

/** Polls until `read()` differs from `from`; returns the new value and the ms it took. */
async function waitForChange(read, from, timeout) {
  const start = Date.now();
  while (Date.now() - start < timeout) {
    const value = await read();
    if (value !== from) return { value, ms: Date.now() - start };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { value: from, ms: Date.now() - start };
}

async function openHome(viewport) {
  const opened = await openPage(viewport);
  await opened.page.goto(url('/'));
  await carousel(opened.page).waitFor();
  return opened;
}

test('carrusel: avanza solo cada 4 s, se pausa con el ratón encima y se reanuda al salir', async () => {
  const { context, page, errors } = await openHome();
  try {
    await page.mouse.move(5, 5);
    const first = await currentSlide(page);
    assert.equal(first, '1 de 6');
    const advanced = await waitForChange(() => currentSlide(page), first, 6000);
    assert.equal(advanced.value, '2 de 6', 'el carrusel no avanzó solo');
    // Measured from the first poll, after page load: a little under 4 s at most, never 5.
    assert.ok(advanced.ms > 2500 && advanced.ms < 5000, `avanzó a los ${advanced.ms} ms, no a los 4 s`);

    const next = await waitForChange(() => currentSlide(page), advanced.value, 5000);
    assert.equal(next.value, '3 de 6');
    assert.ok(next.ms > 3500 && next.ms < 4600, `el segundo avance tardó ${next.ms} ms, no 4 s`);

    await carousel(page).locator('img').first().scrollIntoViewIfNeeded();
    await carousel(page).hover();
    const paused = await currentSlide(page);
    const during = await waitForChange(() => currentSlide(page), paused, 5000);
    assert.equal(during.value, paused, 'el carrusel avanzó con el ratón encima');

    await page.mouse.move(2, 2);
    const resumed = await waitForChange(() => currentSlide(page), paused, 6000);
    assert.notEqual(resumed.value, paused, 'el carrusel no se reanudó al quitar el ratón');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('carrusel: 6 imágenes distintas de las 24, que cambian de una visita a otra', async () => {
  const { context, page, errors } = await openHome();
  try {
    const selections = [];
    for (let visit = 0; visit < 3; visit += 1) {
      if (visit > 0) await page.reload();
      const images = carousel(page).locator('img');
      await images.first().waitFor();
      const sources = await images.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')));
      assert.equal(sources.length, 6);
      assert.equal(new Set(sources).size, 6, `imágenes repetidas: ${sources}`);
      for (const src of sources) assert.match(src, /^\/img\/carrusel\/(0[1-9]|1\d|2[0-4])\.svg$/);
      const alts = await images.evaluateAll((imgs) => imgs.map((img) => img.alt));
      for (const alt of alts) assert.ok(alt.length > 20, `texto alternativo pobre: ${alt}`);
      selections.push(sources.join(' '));
    }
    // The same 6 in the same order three times running has odds of about 1 in 10^16.
    assert.ok(new Set(selections).size > 1, 'las tres visitas mostraron la misma selección');

    // The images are served and decode (checked on the first slide, on show).
    const natural = await carousel(page)
      .locator('[data-current="true"] img')
      .evaluate(async (img) => {
        await img.decode();
        return img.naturalWidth;
      });
    assert.ok(natural > 0);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('carrusel: la transición dura 0,5 s y los clics durante ella se ignoran', async () => {
  const { context, page, errors } = await openHome();
  try {
    await carousel(page).getByRole('button', { name: 'Pausar el carrusel' }).click();
    const nextButton = carousel(page).getByRole('button', { name: 'Diapositiva siguiente' });
    assert.equal(await currentSlide(page), '1 de 6');
    // Three clicks in the same task, so that on a slow machine too the second and third land
    // in the middle of the first one's transition: 'next' again and a dot, both ignored.
    await carousel(page).evaluate((root) => {
      const button = (label) => root.querySelector(`button[aria-label="${label}"]`);
      button('Diapositiva siguiente').click();
      button('Diapositiva siguiente').click();
      button('Ir a la diapositiva 5').click();
    });
    assert.equal(await currentSlide(page), '2 de 6');
    const duration = await carousel(page)
      .locator('[data-current="true"]')
      .evaluate((slide) => getComputedStyle(slide).transitionDuration);
    assert.equal(duration, '0.5s');
    await page.waitForTimeout(650);
    await nextButton.click();
    assert.equal(await currentSlide(page), '3 de 6');
    await page.waitForTimeout(650);
    await carousel(page).getByRole('button', { name: 'Diapositiva anterior' }).click();
    assert.equal(await currentSlide(page), '2 de 6');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('movimiento reducido: sin animación de deslizamiento, cada clic cuenta y las tarjetas salen a la vez', async () => {
  const { context, page, errors } = await openPage();
  try {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(url('/'));
    await carousel(page).getByRole('button', { name: 'Pausar el carrusel' }).click();
    const nextButton = carousel(page).getByRole('button', { name: 'Diapositiva siguiente' });
    await nextButton.evaluate((button) => {
      button.click();
      button.click();
    });
    // No slide to wait for, so nothing to ignore.
    assert.equal(await currentSlide(page), '3 de 6');
    const duration = await carousel(page)
      .locator('[data-current="true"]')
      .evaluate((slide) => getComputedStyle(slide).transitionDuration);
    assert.equal(duration, '0s');
    const metrics = page.getByRole('region', { name: 'Métricas del Sistema' });
    await metrics.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (el) => el.querySelectorAll('li[data-shown="true"]').length === 6,
      await metrics.elementHandle(),
      {
        timeout: 300,
      },
    );
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('banners: crecen al entrar en pantalla y llevan a sobre nosotros y a contacto', async () => {
  const { context, page, errors } = await openHome();
  try {
    const about = page.getByRole('region', { name: 'Un equipo de Madrid que mueve Madrid' });
    const contact = page.getByRole('region', { name: '¿Hablamos de tu mudanza?' });
    assert.equal(await about.getAttribute('data-expansion'), '0');
    assert.equal(await contact.getAttribute('data-expansion'), '0');
    const widthAt = (banner) => banner.locator('.home-banner__card').evaluate((c) => c.getBoundingClientRect().width);

    // Just peeking in from the bottom: a little grown, not fully.
    await about.evaluate((el) => window.scrollTo(0, el.offsetTop - window.innerHeight + el.offsetHeight * 0.25));
    await page.waitForFunction((el) => ['1', '2'].includes(el.dataset.expansion), await about.elementHandle());
    await about.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForFunction((el) => el.dataset.expansion === '4', await about.elementHandle());
    await page.waitForTimeout(700);
    const grown = await widthAt(about);

    await contact.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForFunction((el) => el.dataset.expansion === '4', await contact.elementHandle());
    await page.waitForFunction((el) => el.dataset.expansion === '0', await about.elementHandle());
    await page.waitForTimeout(700);
    assert.ok(grown > (await widthAt(about)), 'el banner no encoge al salir de pantalla');

    assert.equal(
      await about.getByRole('link', { name: 'Conoce nuestra historia' }).getAttribute('href'),
      '/sobre-nosotros',
    );
    await contact.getByRole('link', { name: 'Escríbenos' }).click();
    await page.waitForURL(url('/contacto'));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('métricas: aparecen al llegar a ellas y la métrica elegida se confirma durante 2 s', async () => {
  const { context, page, errors } = await openHome();
  try {
    const section = page.getByRole('region', { name: 'Métricas del Sistema' });
    const cards = section.locator('li[data-shown="true"]');
    assert.equal(await cards.count(), 0, 'las tarjetas aparecieron antes de llegar a ellas');
    await section.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (el) => el.querySelectorAll('li[data-shown="true"]').length === 6,
      await section.elementHandle(),
    );

    await section.getByRole('button', { name: /Nos recomiendan/ }).click();
    const status = section.getByRole('status');
    assert.equal((await status.textContent()).trim(), 'Métrica seleccionada: Nos recomiendan');
    const shownAt = Date.now();
    // The published reviews' figure, as /opiniones shows it.
    const { estadisticas } = await (await fetch(url('/api/opiniones'))).json();
    assert.match(
      await section.locator('.home-metrics__selected').textContent(),
      new RegExp(`Nos recomiendan: ${Math.round(estadisticas.recomiendan)} %`),
    );
    await page.waitForFunction((el) => el.textContent.trim() === '', await status.elementHandle(), { timeout: 4000 });
    const lasted = Date.now() - shownAt;
    assert.ok(lasted > 1600 && lasted < 2800, `el aviso duró ${lasted} ms, no 2 s`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('sobre nosotros: los puntos marcan la sección que se lee y llevan a cada una', async () => {
  const { context, page, errors } = await openPage();
  try {
    await page.goto(url('/sobre-nosotros'));
    const nav = page.getByRole('navigation', { name: 'Secciones de la página' });
    // The page is loaded on demand: read its state once it is there.
    await nav.waitFor();
    const current = () => nav.locator('[aria-current="location"]').textContent();
    assert.equal(await current(), 'Nuestra historia');

    await nav.getByRole('link', { name: 'Cómo trabajamos' }).click();
    await page.waitForFunction(
      () => Math.abs(document.getElementById('como-trabajamos').getBoundingClientRect().top - 100) < 4,
    );
    assert.equal(await current(), 'Cómo trabajamos');
    await page.waitForTimeout(300);
    assert.equal(await current(), 'Cómo trabajamos', 'la sección marcada cambió al terminar el desplazamiento');

    // Scrolling by hand moves the mark too.
    await page.evaluate(() => window.scrollTo(0, document.getElementById('equipo').offsetTop - 120));
    await page.waitForFunction(
      () => document.querySelector('[aria-current="location"]')?.textContent === 'Nuestro equipo',
    );
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(
      () => document.querySelector('[aria-current="location"]')?.textContent === 'Nuestro compromiso',
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(
      () => document.querySelector('[aria-current="location"]')?.textContent === 'Nuestra historia',
    );

    const whatsapp = page.getByRole('link', { name: /Abrir WhatsApp/ });
    assert.match(await whatsapp.getAttribute('href'), /^https:\/\/wa\.me\/34910123456\?text=/);
    assert.equal(
      await page.getByRole('link', { name: 'Ver preguntas frecuentes' }).getAttribute('href'),
      '/preguntas-frecuentes',
    );
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`axe: la página de inicio con todo desplegado, el aviso y un motivo elegido (${viewport.width} px)`, async () => {
    const { context, page } = await openHome(viewport);
    try {
      // What a11y.e2e.mjs sees is the top of the page; here every card has appeared, a banner is
      // fully grown and the feedback messages are on show.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 300) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      });
      await page.getByRole('button', { name: /Precio cerrado/ }).click();
      const metrics = page.getByRole('region', { name: 'Métricas del Sistema' });
      await page.waitForFunction(
        (el) => el.querySelectorAll('li[data-shown="true"]').length === 6,
        await metrics.elementHandle(),
      );
      await page.getByRole('region', { name: /Seis motivos/ }).evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.waitForTimeout(2500);
      await metrics.getByRole('button', { name: /Opiniones/ }).click();
      await page.getByText('Métrica seleccionada: Opiniones').waitFor();
      await page.waitForTimeout(300);
      const failures = await seriousViolations(page);
      assert.deepEqual(failures, [], failures.join('\n'));
    } finally {
      await context.close();
    }
  });
}
