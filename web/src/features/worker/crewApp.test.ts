import { afterEach, describe, expect, it } from 'vitest';
import manifestText from '../../../public/trabajo.webmanifest?raw';
import tokens from '../../styles/tokens.css?raw';
import { CREW_MANIFEST_URL, CREW_SCOPE, linkCrewManifest } from './crewApp';

const manifest = JSON.parse(manifestText) as Record<string, unknown> & { icons: { src: string; purpose: string }[] };

function token(name: string): string | undefined {
  return new RegExp(`${name}:\\s*([^;]+);`).exec(tokens)?.[1]?.trim();
}

describe("the crew's installable app", () => {
  afterEach(() => {
    document.head.querySelectorAll('link[rel="manifest"]').forEach((l) => l.remove());
  });

  it('is the crew app at /trabajo, in Spanish, in the design tokens’ colours', () => {
    expect(manifest).toMatchObject({
      name: 'Mudanzas — Trabajo',
      lang: 'es',
      start_url: CREW_SCOPE,
      scope: CREW_SCOPE,
      display: 'standalone',
    });
    expect(manifest.theme_color).toBe(token('--color-primary'));
    expect(manifest.background_color).toBe(token('--color-background'));
    expect(manifest.icons.map((i) => [i.src, i.purpose])).toEqual([
      ['/icons/trabajo-192.png', 'any'],
      ['/icons/trabajo-512.png', 'any'],
      ['/icons/trabajo-maskable-512.png', 'maskable'],
    ]);
  });

  it('links its manifest only while the worker’s page is shown', () => {
    const unlink = linkCrewManifest();
    expect(document.head.querySelectorAll(`link[rel="manifest"][href="${CREW_MANIFEST_URL}"]`)).toHaveLength(1);
    // A second mount adds no second link.
    linkCrewManifest();
    expect(document.head.querySelectorAll('link[rel="manifest"]')).toHaveLength(1);
    unlink();
    expect(document.head.querySelectorAll('link[rel="manifest"]')).toHaveLength(0);
  });
});
