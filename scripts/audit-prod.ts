// `npm run audit:prod`: npm audit of the production dependencies, failing on high or critical findings. When the
// registry's audit service cannot be reached, it says so and exits with 2, so "not checked" never reads as "clean";
// it then prints the production packages exactly as package-lock.json installs them and compares them with the
// manual review in docs/security.md ("Dependency review"), naming every package whose version is not the one
// reviewed. That comparison is evidence for a person to read, never a pass: the exit code stays 2.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface LockEntry {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  dependencies?: Record<string, string>;
}

interface Lockfile {
  packages: Record<string, LockEntry>;
}

export interface ProdPackage {
  name: string;
  version: string;
  /** Named in package.json "dependencies". */
  direct: boolean;
  /** Only for some platforms (esbuild, argon2 binaries); `installed` says whether this machine has it. */
  optional: boolean;
  path: string;
}

/** The production packages of a lockfile (not dev, not dev-optional), one per name and version, sorted by name. */
export function productionPackages(lock: Lockfile): ProdPackage[] {
  const direct = new Set(Object.keys(lock.packages['']?.dependencies ?? {}));
  const seen = new Map<string, ProdPackage>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path || entry.dev || entry.devOptional || !entry.version) continue;
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const key = `${name}@${entry.version}`;
    const isDirect = direct.has(name) && path === `node_modules/${name}`;
    const known = seen.get(key);
    if (known) {
      known.direct ||= isDirect;
      continue;
    }
    seen.set(key, {
      name,
      version: entry.version,
      direct: isDirect,
      optional: Boolean(entry.optional),
      path,
    });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/**
 * The versions reviewed by hand: the rows of the table under the "Dependency review" heading of docs/security.md,
 * `| \`name\` | 1.2.3 | …` (several versions of one package separated by commas).
 */
export function reviewedVersions(markdown: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const start = markdown.search(/^#+ Dependency review/m);
  if (start < 0) return out;
  const rest = markdown.slice(start);
  const body = rest.indexOf('\n') + 1;
  const next = body > 0 ? rest.slice(body).search(/^#{1,3} /m) : -1;
  const section = next < 0 ? rest : rest.slice(0, body + next);
  for (const line of section.split('\n')) {
    const m = /^\|\s*`([^`]+)`\s*\|\s*([0-9][^|]*?)\s*\|/.exec(line);
    if (!m) continue;
    const versions = out.get(m[1]) ?? new Set<string>();
    for (const v of m[2].split(',')) versions.add(v.trim());
    out.set(m[1], versions);
  }
  return out;
}

export interface ReviewGap {
  /** Reviewed packages now installed at a version nobody reviewed. */
  changed: { name: string; installed: string; reviewed: string[] }[];
  /** Direct production dependencies missing from the review. */
  missing: string[];
}

export function reviewGaps(pkgs: ProdPackage[], reviewed: Map<string, Set<string>>): ReviewGap {
  const changed: ReviewGap['changed'] = [];
  const missing: string[] = [];
  for (const p of pkgs) {
    if (p.optional) continue;
    const versions = reviewed.get(p.name);
    if (!versions) {
      if (p.direct) missing.push(`${p.name}@${p.version}`);
    } else if (!versions.has(p.version)) {
      changed.push({ name: p.name, installed: p.version, reviewed: [...versions] });
    }
  }
  return { changed, missing };
}

function printOfflineEvidence(root: string): void {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lockfile;
  const pkgs = productionPackages(lock);
  const direct = pkgs.filter((p) => p.direct);
  const platform = pkgs.filter((p) => p.optional && !existsSync(join(root, p.path, 'package.json')));
  const transitive = pkgs.filter((p) => !p.direct && !platform.includes(p));
  console.log(`\nDependencias de producción según package-lock.json: ${pkgs.length} paquetes (${direct.length} directas).`);
  console.log('Directas:');
  for (const p of direct) console.log(`  ${p.name}@${p.version}`);
  console.log(`Transitivas (${transitive.length}):`);
  console.log(`  ${transitive.map((p) => `${p.name}@${p.version}`).join(', ')}`);
  if (platform.length > 0) console.log(`Binarios de otras plataformas, no instalados aquí: ${platform.length}.`);

  const doc = join(root, 'docs', 'security.md');
  const reviewed = reviewedVersions(existsSync(doc) ? readFileSync(doc, 'utf8') : '');
  const gaps = reviewGaps(pkgs, reviewed);
  console.log(`\nRevisión manual (docs/security.md, «Dependency review»): ${reviewed.size} paquetes revisados.`);
  for (const c of gaps.changed) {
    console.log(`  CAMBIÓ ${c.name}: instalado ${c.installed}, revisado ${c.reviewed.join(', ')}`);
  }
  for (const m of gaps.missing) console.log(`  SIN REVISAR (directa) ${m}`);
  if (gaps.changed.length === 0 && gaps.missing.length === 0) {
    console.log('  Las versiones instaladas son las revisadas; la revisión no reemplaza al servicio de auditoría.');
  }
}

function main(): void {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], { encoding: 'utf8' });
  let report: {
    metadata?: { vulnerabilities?: Record<'critical' | 'high' | 'moderate' | 'low', number> };
    error?: { summary?: string };
    vulnerabilities?: Record<string, { severity: string; range: string; via: unknown[]; fixAvailable: unknown }>;
  };
  try {
    report = JSON.parse(run.stdout || '{}');
  } catch {
    report = {};
  }

  const counts = report.metadata?.vulnerabilities;
  if (!counts) {
    const why = (report.error?.summary || run.stderr || '').trim().split('\n').slice(-3).join(' ');
    console.error(`No se pudo consultar el servicio de auditoría del registro npm: ${why || 'sin respuesta'}.`);
    console.error('Las dependencias de producción quedan SIN auditar; repita con acceso al servicio de auditoría.');
    printOfflineEvidence(process.cwd());
    process.exit(2);
  }

  const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, v]) => v.severity === 'high' || v.severity === 'critical');
  console.log(
    `Dependencias de producción: ${counts.critical} críticas, ${counts.high} altas, ${counts.moderate} moderadas, ${counts.low} bajas.`,
  );
  for (const [name, v] of serious) {
    const via = v.via
      .map((x) => (typeof x === 'string' ? x : `${(x as { title: string }).title} (${(x as { url: string }).url})`))
      .join('; ');
    const fix = v.fixAvailable ? 'hay versión corregida' : 'sin versión corregida en el registro';
    console.log(`  ${v.severity.toUpperCase()} ${name} ${v.range}: ${via} — ${fix}`);
  }
  process.exit(serious.length > 0 ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
