// Operations page (Configuración, 61; user menu): server version, database kind and size, certificate
// expiry and fingerprint (and the export of the office CA), requests refused in the last day, and the backups
// with their download and a 'backup now' button.
import { useState, type FormEvent, type ReactNode } from 'react';
import { DatabaseBackup, Download, KeyRound } from 'lucide-react';
import { LABELS } from '@shared/messages';
import { ListScreen } from '@client/components/list-screen';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { LoadingBody, Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api';
import { formatDateTime, formatFileSize } from '@client/lib/format';
import { toast } from '@client/lib/toast';
import { downloadBackup, exportCa, useBackupNow, useOperaciones, type OperacionesInfo } from './api';

const L = LABELS.operaciones;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-800">{children}</dd>
    </div>
  );
}

const errorText = (err: unknown) => (err instanceof ApiError ? err.message : String(err));

/** Password twice, then the .p12 download (TLS_MODE=local only). */
function CaExport() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const mismatch = confirm !== '' && confirm !== password;
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (mismatch) return;
    setBusy(true);
    exportCa(password)
      .then(() => {
        toast.success(L.caExportDone);
        setPassword('');
        setConfirm('');
      })
      .catch((err) => toast.error(errorText(err)))
      .finally(() => setBusy(false));
  };
  return (
    <form onSubmit={submit} className="mt-3 space-y-2 border-t border-border pt-3" aria-label={L.caExport}>
      <p className="text-sm text-slate-600">{L.caExportHint}</p>
      <div className="grid gap-2 sm:grid-cols-2">
        <div>
          <Label htmlFor="ca-pass">{L.caExportPassword}</Label>
          <Input
            id="ca-pass"
            type="password"
            autoComplete="new-password"
            minLength={10}
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="ca-pass2">{L.caExportConfirm}</Label>
          <Input
            id="ca-pass2"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            aria-invalid={mismatch}
          />
        </div>
      </div>
      {mismatch && <p className="text-sm text-destructive">{L.caExportMismatch}</p>}
      <Button type="submit" variant="outline" disabled={busy || mismatch || password.length < 10}>
        {busy ? <Spinner size="sm" /> : <KeyRound aria-hidden="true" />} {L.caExport}
      </Button>
    </form>
  );
}

function CertificateCard({ cert }: { cert: OperacionesInfo['certificado'] }) {
  const days = cert.vence ? Math.floor((Date.parse(cert.vence) - Date.now()) / 86_400_000) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{L.certificate}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-border">
          <Row label={L.certKind}>{L.certMode[cert.modo]}</Row>
          {cert.vence && days !== null && (
            <Row label={L.certExpires}>
              <span className={days < 30 ? 'text-destructive' : undefined}>
                {formatDateTime(cert.vence)} ({L.certDaysLeft(days)})
              </span>
            </Row>
          )}
          {cert.nombres.length > 0 && <Row label={L.certNames}>{cert.nombres.join(', ')}</Row>}
          {cert.autoridad && <Row label={L.certAuthority}>{cert.autoridad}</Row>}
          {cert.huella && (
            <Row label={L.certFingerprint}>
              <span className="break-all font-mono text-xs" title={L.certFingerprintHint}>
                {cert.huella}
              </span>
            </Row>
          )}
        </dl>
        {cert.huella && <p className="mt-1 text-xs text-slate-500">{L.certFingerprintHint}</p>}
        {cert.anterior && <p className="mt-2 text-sm text-amber-800">{L.certReplaced(cert.anterior.nombre, cert.anterior.huella)}</p>}
        {cert.modo === 'ninguno' && <p className="mt-2 text-sm text-amber-800">{L.certNone}</p>}
        {cert.modo === 'local' && <CaExport />}
      </CardContent>
    </Card>
  );
}

function BackupsCard({ info }: { info: OperacionesInfo }) {
  const backup = useBackupNow();
  const run = () =>
    backup.mutate(undefined, {
      onSuccess: (r) => r && toast.success(L.backupDone(r.archivo)),
      onError: (err) => toast.error(errorText(err)),
    });
  const download = (archivo: string) => downloadBackup(archivo).catch((err) => toast.error(errorText(err)));
  return (
    <Card className="md:col-span-2">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <div>
          <CardTitle>{L.backups}</CardTitle>
          <p className="text-sm text-slate-500">{L.nightly(info.nocturno.hora, info.nocturno.conservar)}</p>
        </div>
        <Button onClick={run} disabled={backup.isPending}>
          {backup.isPending ? <Spinner size="sm" /> : <DatabaseBackup aria-hidden="true" />}
          {backup.isPending ? L.backupRunning : L.backupNow}
        </Button>
      </CardHeader>
      <CardContent className="p-0">
        {info.respaldos.length === 0 ? (
          <p className="p-4 text-sm text-slate-500">{L.noBackups}</p>
        ) : (
          <ul aria-label={L.backups} className="divide-y divide-border">
            {info.respaldos.map((b) => (
              <li key={b.id} className="flex items-center gap-3 px-4 py-2.5 text-sm">
                <div className="min-w-0 flex-1">
                  <div className="text-slate-700">{formatDateTime(b.created_at)}</div>
                  <div
                    className={b.estado === 'error' ? 'truncate text-xs text-destructive' : 'truncate font-mono text-xs text-slate-500'}
                    title={b.error ?? b.archivo ?? ''}
                  >
                    {b.estado === 'error' ? b.error : b.archivo}
                  </div>
                </div>
                <Badge variant={b.tipo === 'nocturno' ? 'info' : 'secondary'}>{L.kind[b.tipo]}</Badge>
                <span className="w-16 text-right text-slate-600">{b.bytes ? formatFileSize(b.bytes) : ''}</span>
                <span className={b.estado === 'error' ? 'w-20 text-destructive' : 'w-20 text-slate-600'}>{L.state[b.estado]}</span>
                {b.descargable && b.archivo ? (
                  <Button variant="outline" size="sm" onClick={() => void download(b.archivo!)} aria-label={`${L.download} ${b.archivo}`}>
                    <Download aria-hidden="true" /> {L.download}
                  </Button>
                ) : (
                  <span className="w-24 text-xs text-slate-500">{b.estado === 'ok' ? L.elsewhere(b.servidor) : ''}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The refused requests summed by what they were ('datos no válidos' gathers 400, 413 and 415), in the server's order. */
function refusedByKind(rows: OperacionesInfo['rechazadas']['por_estado']): string {
  const kinds = new Map<string, number>();
  for (const r of rows) kinds.set(L.refusedStatus(r.status), (kinds.get(L.refusedStatus(r.status)) ?? 0) + r.total);
  return [...kinds].map(([kind, total]) => `${kind}: ${total}`).join(', ');
}

export default function OperacionesPage() {
  const q = useOperaciones();
  const info = q.data;
  return (
    <ListScreen title={L.title}>
      {!info ? (
        q.isError ? (
          <p className="text-sm text-destructive">
            {L.loadFailed}: {errorText(q.error)}
          </p>
        ) : (
          <LoadingBody failed={false} />
        )
      ) : (
        <div className="grid gap-3 md:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>{L.server}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="divide-y divide-border">
                <Row label={L.version}>{info.version}</Row>
                <Row label={L.host}>{info.servidor}</Row>
                <Row label={L.database}>{L.dbKind[info.base.tipo]}</Row>
                <Row label={L.dbSize}>{formatFileSize(info.base.bytes)}</Row>
                <Row label={L.refused}>
                  {info.rechazadas.total === 0 ? L.refusedNone : `${info.rechazadas.total} (${refusedByKind(info.rechazadas.por_estado)})`}
                </Row>
              </dl>
            </CardContent>
          </Card>
          <CertificateCard cert={info.certificado} />
          <BackupsCard info={info} />
        </div>
      )}
    </ListScreen>
  );
}
