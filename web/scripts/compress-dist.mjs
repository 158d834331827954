// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of dist/, once, at
// build time (`npm run build` runs it after `vite build`): the server answers a browser that
// accepts br or gzip with these files as they are (ServeDir's precompressed variants, see
// api/src/web.rs) instead of compressing the same bytes on every request.
//
//   node scripts/compress-dist.mjs [dir]   dir defaults to dist/
//
// Files under 1 KB are left alone (the headers would outweigh the saving), and so is a variant
// that would not be smaller than the file.

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ?? join(web, 'dist');
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.map']);
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

let before = 0;
let brotli = 0;
let gzip = 0;
let count = 0;
for (const path of files(dist)) {
  if (!COMPRESSIBLE.has(extname(path)) || statSync(path).size < MIN_BYTES) continue;
  const bytes = readFileSync(path);
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
  before += bytes.length;
  brotli += Math.min(br.length, bytes.length);
  gzip += Math.min(gz.length, bytes.length);
  count += 1;
}
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
console.log(
  `compress-dist: ${count} files in ${relative(web, dist) || '.'}: ${kb(before)} → br ${kb(brotli)}, gzip ${kb(gzip)}`,
);
