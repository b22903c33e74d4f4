// Writes docs/openapi.json from the endpoint table (npm run openapi); tests/server/openapi.test.ts fails while the
// committed file differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildOpenApi } from '../src/server/modules/openapi/service';

const root = resolve(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };
const out = resolve(root, 'docs/openapi.json');
writeFileSync(out, `${JSON.stringify(buildOpenApi(version), null, 2)}\n`);
console.log(`docs/openapi.json escrito (${Object.keys(buildOpenApi(version).paths ?? {}).length} rutas)`);
