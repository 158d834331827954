// Browser tests against the real server (which serves web/dist and the API): node e2e/run.mjs
// BASE_URL points at it; demo credentials come from seed/demo-accounts.json, never from here.
// Every *.e2e.mjs file in this folder is a group of tests; they share one Chromium (helpers.mjs).
import { readdirSync } from 'node:fs';

const here = new URL('./', import.meta.url);
for (const file of readdirSync(here)
  .filter((f) => f.endsWith('.e2e.mjs'))
  .sort()) {
  await import(new URL(file, here).href);
}
