// `npm run build` (issue 13): an empty PGlite database, initialised once per PGlite version and
// kept as a tarball, so a first start on the embedded default copies it instead of running
// initdb in WebAssembly (8 s on an idle 2-core machine, 24 s on a busy one; the copy takes a
// fifth of that). It holds only what initdb creates: no schema, no data, no secret.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { apiPackageRoot, pgliteTemplateFile } from '../src/lib/paths';

const target = pgliteTemplateFile();
if (existsSync(target)) process.exit(0);

const workDir = mkdtempSync(path.join(tmpdir(), 'clerkly-pglite-template-'));
try {
  const db = new PGlite(path.join(workDir, 'db'));
  await db.waitReady;
  const dump = await db.dumpDataDir('gzip');
  await db.close();
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
  console.error(`PGlite template written: ${path.relative(apiPackageRoot(), target)}`);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
