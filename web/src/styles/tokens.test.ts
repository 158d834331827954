// The design tokens are the only place where colours and font sizes are written as values:
// every stylesheet, inline style, SVG paint and chart prop under src/ uses var(--…) instead, and
// every var(--…) it uses is defined (in tokens.css, or locally like a component's --tone).
import { describe, expect, it } from 'vitest';
import TOKENS_CSS from './tokens.css?raw';

// Every stylesheet and module under src/ as text, through the bundler (no file-system API needed);
// tests, the test setup and type declarations hold no styles.
const SOURCES: Record<string, string> = import.meta.glob(
  ['../**/*.{css,ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**', '!../**/*.d.ts', '!./tokens.css'],
  { query: '?raw', import: 'default', eager: true },
);

/** Generated files (the API types) say so in their first lines. */
const GENERATED_HEADER = /auto-generated|@generated|do not (edit|make direct changes)/i;

interface Line {
  where: string;
  text: string;
}

/** A glob key ('../app/routes.tsx', './global.css') as a path under src/. */
const underSrc = (key: string) => key.replace(/^\.\.\//, '').replace(/^\.\//, 'styles/');

function lines(file: string, source: string): Line[] {
  return source.split('\n').map((text, i) => ({ where: `${file}:${i + 1}`, text }));
}

const files = Object.entries(SOURCES)
  .map(([key, source]) => [underSrc(key), source] as const)
  .filter(([, source]) => !GENERATED_HEADER.test(source.split('\n', 5).join('\n')));
const scanned = files.flatMap(([path, source]) => lines(path, source));

// A hex colour is 3, 4, 6 or 8 hex digits after a '#' that does not follow a word character
// (so 'Mudanza#2026', '&#39;' and url(#id) are not colours).
const RAW_COLOUR = /(?<![\w&#])#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\w-])|\b(?:rgba?|hsla?)\(/i;
// font-size / fontSize with a number left once var(…) is taken out: '0.9rem', 12, clamp(1rem, …).
const FONT_SIZE = /\b(?:font-size|fontSize)\s*[:=]\s*([^;}\n]+)/g;
// The font shorthand with a size in it: 'font: 600 0.9rem/1.2 Inter'.
const FONT_SHORTHAND = /\bfont\s*:\s*([^;}\n]+)/g;
const LENGTH = /\d(?:px|r?em|pt|%|vw|vh)\b/;
const withoutVars = (value: string) => value.replace(/var\([^)]*\)/g, '');

function rawFontSizes(text: string): string[] {
  const sizes = [...text.matchAll(FONT_SIZE)].map((m) => m[1]!).filter((v) => /\d/.test(withoutVars(v)));
  const shorthands = [...text.matchAll(FONT_SHORTHAND)].map((m) => m[1]!).filter((v) => LENGTH.test(withoutVars(v)));
  return [...sizes, ...shorthands];
}

const VAR_USE = /var\(\s*(--[\w-]+)/g;
// '--x: …' in a stylesheet, or a quoted '--x': … key in an inline style object.
const VAR_DEFINITION = /(?:^|[\s{;'"])(--[\w-]+)['"]?\s*:/g;
const names = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]!);

describe('design tokens', () => {
  it('scans the stylesheets and the components', () => {
    expect(files.some(([f]) => f === 'styles/global.css')).toBe(true);
    expect(files.some(([f]) => f === 'app/routes.tsx')).toBe(true);
    // Stylesheets come through as text, not emptied by the test runner.
    expect(files.find(([f]) => f === 'styles/global.css')?.[1]).toContain('var(--color-');
    expect(TOKENS_CSS).toContain('--color-primary:');
  });

  it('no raw colour outside tokens.css', () => {
    const offenders = scanned.filter((l) => RAW_COLOUR.test(l.text)).map((l) => `${l.where}  ${l.text.trim()}`);
    expect(offenders).toEqual([]);
  });

  it('no raw font size outside tokens.css', () => {
    const offenders = scanned.filter((l) => rawFontSizes(l.text).length > 0).map((l) => `${l.where}  ${l.text.trim()}`);
    expect(offenders).toEqual([]);
  });

  it('every var(--…) used is defined', () => {
    const defined = new Set([
      ...names(TOKENS_CSS, VAR_DEFINITION),
      ...scanned.flatMap((l) => names(l.text, VAR_DEFINITION)),
    ]);
    const undefinedUses = [...scanned, ...lines('styles/tokens.css', TOKENS_CSS)].flatMap((l) =>
      names(l.text, VAR_USE)
        .filter((name) => !defined.has(name))
        .map((name) => `${l.where}  ${name}`),
    );
    expect(undefinedUses).toEqual([]);
  });

  it('the checks catch what they are for', () => {
    expect(RAW_COLOUR.test('  color: #1d4ed8;')).toBe(true);
    expect(RAW_COLOUR.test("fill: 'rgba(0, 0, 0, 0.5)'")).toBe(true);
    expect(RAW_COLOUR.test("password: 'Mudanza#2026'")).toBe(false);
    expect(RAW_COLOUR.test('fill="url(#mgr-revenue-fill)"')).toBe(false);
    expect(rawFontSizes('  font-size: 0.9rem;')).toHaveLength(1);
    expect(rawFontSizes('tick={{ fontSize: 12 }}')).toHaveLength(1);
    expect(rawFontSizes('  font: 600 14px/1.2 Inter;')).toHaveLength(1);
    expect(rawFontSizes('  font-size: var(--font-size-2xl);')).toHaveLength(0);
    expect(rawFontSizes('  font: inherit;')).toHaveLength(0);
  });
});
