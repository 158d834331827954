// Writes src/lib/api-schema.d.ts, the web client's types, from the OpenAPI document the server
// describes itself with (`mudanzas openapi`, no database needed). With --check it writes
// nothing and fails when the committed file differs from what the server describes now.
//
//   npm run api:types            regenerate after changing a handler's types
//   npm run api:types -- --check what `make test` and `make lint` run

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(web, 'src/lib/api-schema.d.ts');
const check = process.argv.includes('--check');

const document = execFileSync('cargo', ['run', '--quiet', '--package', 'api', '--bin', 'mudanzas', '--', 'openapi'], {
  cwd: join(web, '..'),
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
  stdio: ['ignore', 'pipe', 'inherit'],
});

const header =
  "// Generated from the server's OpenAPI document by `npm run api:types`: do not edit.\n" +
  "// Change the handler's Rust types (api/src) and run it again.\n\n";
// A field the server may leave out is optional even when it has a default (the money of a
// worker's copy of a move).
const ast = await openapiTS(JSON.parse(document), { defaultNonNullable: false });
const generated = header + astToString(ast);
// Formatted as the rest of the code, so the formatter's check leaves it alone.
const options = (await prettier.resolveConfig(target)) ?? {};
const contents = await prettier.format(generated, { ...options, filepath: target });

if (check) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    // A missing file differs.
  }
  if (committed !== contents) {
    console.error(
      'web/src/lib/api-schema.d.ts differs from what the server describes: run `npm --prefix web run api:types` and commit it.',
    );
    process.exit(1);
  }
  console.log('web/src/lib/api-schema.d.ts matches the server.');
} else {
  writeFileSync(target, contents);
  console.log('wrote web/src/lib/api-schema.d.ts');
}
