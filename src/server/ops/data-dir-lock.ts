// PGlite is one process's database: a second process opening the same folder would corrupt it. The server
// marks DATA_DIR as in use (its pid), and the backup/restore commands refuse to touch a folder in use.
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const pidFile = (dataDir: string) => join(resolve(dataDir), 'servidor.pid');

/** The pid of a live server using `dataDir`, or null. */
export function dataDirInUse(dataDir: string): number | null {
  const file = pidFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null; // a server that died without cleaning up
  }
}

/** Marks `dataDir` as used by this process; answers the release. */
export function markDataDirInUse(dataDir: string): () => void {
  mkdirSync(resolve(dataDir), { recursive: true });
  writeFileSync(pidFile(dataDir), String(process.pid));
  return () => rmSync(pidFile(dataDir), { force: true });
}
