// `npm run audit:prod`: npm audit of the production dependencies, failing on high or critical findings. When the
// registry's audit service cannot be reached, it says so and exits with 2, so "not checked" never reads as "clean".
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], { encoding: 'utf8' });
let report;
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
  process.exit(2);
}

const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, v]) => v.severity === 'high' || v.severity === 'critical');
console.log(
  `Dependencias de producción: ${counts.critical} críticas, ${counts.high} altas, ${counts.moderate} moderadas, ${counts.low} bajas.`,
);
for (const [name, v] of serious) {
  const via = v.via.map((x) => (typeof x === 'string' ? x : `${x.title} (${x.url})`)).join('; ');
  const fix = v.fixAvailable ? 'hay versión corregida' : 'sin versión corregida en el registro';
  console.log(`  ${v.severity.toUpperCase()} ${name} ${v.range}: ${via} — ${fix}`);
}
process.exit(serious.length > 0 ? 1 : 0);
