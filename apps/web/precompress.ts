/**
 * After the build: a Brotli (.br) and a gzip (.gz) copy beside each text asset, made once at
 * the strongest settings, so the server sends them as they are (@fastify/static preCompressed)
 * instead of compressing on every request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = new URL('./dist', import.meta.url).pathname;
const TEXT = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    // .vite holds the build manifest, read at build time and never served.
    if (!statSync(path).isDirectory()) yield path;
    else if (name !== '.vite') yield* files(path);
  }
}

let count = 0;
for (const path of files(DIST)) {
  if (!TEXT.test(path)) continue;
  const content = readFileSync(path);
  if (content.length < MIN_BYTES) continue;
  writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} assets (.br, .gz)`);
