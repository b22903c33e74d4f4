// Plain HTTP on INSTALL_PORT (TLS_MODE=local): the one page a tablet can open before it trusts the office's
// certificate authority — 'Instalar en esta tableta', with the CA to download and the steps for Android,
// iPad and Windows — and a redirect to HTTPS for everything else. Self-contained: inline CSS and drawn
// SVG pictures, no external asset (the tablet may have no internet at all).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export const CA_DOWNLOAD_PATH = '/certificado-maquinarias.crt';

export interface InstallInfo {
  /** HTTPS port of the app. */
  httpsPort: number;
  caDer: () => Buffer;
  caFingerprint: () => string;
  /** The CA's name as the tablet lists it. */
  caName: () => string;
  /** The CA this one replaced (still installed on the tablets until removed), if any. */
  replaced: () => { name: string; fingerprint: string } | null;
  names: () => string[];
}

/** How to remove the replaced CA from each kind of tablet (docs: README «Uso en la oficina»). */
function removalSection(old: { name: string; fingerprint: string }): string {
  return `<section class="warn">
    <h2>Antes: quite el certificado anterior</h2>
    <p>Este servidor usaba otro certificado de la oficina, <b>«${esc(old.name)}»</b>, que podía avalar cualquier sitio
       (también bancos o correo). Fue reemplazado por uno que solo vale para la red de la oficina. Si esta tableta
       tiene el anterior, quítelo y luego instale el nuevo (pasos 1 y 2).</p>
    <p class="note">Huella del anterior: <span class="fp">${esc(old.fingerprint)}</span></p>
    <ul>
      <li><b>Android</b>: Ajustes → Seguridad → Encriptación y credenciales → <b>Credenciales de confianza</b> →
          pestaña <b>Usuario</b> → toque «${esc(old.name)}» → <b>Quitar</b>.</li>
      <li><b>iPad</b>: Configuración → General → <b>VPN y gestión de dispositivos</b> (o «Perfiles») → el perfil
          «${esc(old.name)}» → <b>Eliminar perfil</b>.</li>
      <li><b>Windows</b>: tecla Windows → escriba <b>certlm.msc</b> (o certmgr.msc si lo instaló solo para su
          usuario) → <b>Entidades de certificación raíz de confianza</b> → Certificados → clic derecho en
          «${esc(old.name)}» → <b>Eliminar</b>.</li>
    </ul>
  </section>`;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Host name of the request without its port ("192.168.1.20:5200" → "192.168.1.20", "[::1]:5200" → "[::1]"). */
export function requestHost(req: IncomingMessage): string {
  const host = (req.headers.host ?? 'localhost').trim();
  const m = /^(\[[^\]]+\]|[^:]+)/.exec(host);
  return m ? m[1] : 'localhost';
}

/** A tablet's screen, drawn: the frame with a title bar and a highlighted row (one step of the instructions). */
function screen(title: string, rows: string[], highlight: number): string {
  const h = 150;
  const rowY = (i: number) => 48 + i * 24;
  return `<svg viewBox="0 0 120 ${h}" width="120" height="${h}" role="img" aria-label="${esc(title)}" class="pic">
  <rect x="2" y="2" width="116" height="${h - 4}" rx="10" fill="#fff" stroke="#334155" stroke-width="3"/>
  <rect x="8" y="12" width="104" height="22" rx="3" fill="#1e3a8a"/>
  <text x="60" y="27" font-size="9" text-anchor="middle" fill="#fff" font-family="sans-serif">${esc(title)}</text>
  ${rows
    .map(
      (
        r,
        i,
      ) => `<rect x="10" y="${rowY(i) - 12}" width="100" height="18" rx="3" fill="${i === highlight ? '#fde68a' : '#f1f5f9'}" stroke="${i === highlight ? '#d97706' : 'none'}"/>
  <text x="15" y="${rowY(i)}" font-size="8" fill="#0f172a" font-family="sans-serif">${esc(r)}</text>`,
    )
    .join('\n  ')}
</svg>`;
}

function steps(list: { text: string; pic?: string }[]): string {
  return `<ol class="steps">${list.map((s) => `<li><div>${s.text}</div>${s.pic ?? ''}</li>`).join('')}</ol>`;
}

export function installPageHtml(host: string, info: InstallInfo): string {
  const https = `https://${host}:${info.httpsPort}/`;
  const others = info
    .names()
    .filter((n) => n !== host && n !== 'localhost' && n !== '127.0.0.1')
    .map((n) => `<a href="https://${esc(n)}:${info.httpsPort}/">https://${esc(n)}:${info.httpsPort}/</a>`)
    .join(' · ');
  const file = `<a href="${CA_DOWNLOAD_PATH}">certificado-maquinarias.crt</a>`;
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Instalar en esta tableta — Sistema de maquinarias</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; color: #0f172a; background: #f8fafc; }
  header { background: #1e3a8a; color: #fff; padding: 20px 24px; }
  header h1 { margin: 0; font-size: 1.6rem; }
  header p { margin: 6px 0 0; opacity: .9; }
  main { max-width: 900px; margin: 0 auto; padding: 16px 20px 48px; }
  section { background: #fff; border: 1px solid #e2e8f0; border-radius: 10px; padding: 16px 20px; margin: 16px 0; }
  h2 { font-size: 1.25rem; margin: 0 0 8px; }
  .big { display: inline-block; background: #1d4ed8; color: #fff; padding: 14px 22px; border-radius: 8px;
         text-decoration: none; font-size: 1.1rem; font-weight: 600; margin: 6px 0; }
  .big.alt { background: #15803d; }
  .steps { padding-left: 1.4rem; }
  .steps li { margin: 12px 0; display: flex; flex-wrap: wrap; gap: 12px; align-items: center; justify-content: space-between; }
  .steps li > div { flex: 1 1 320px; }
  .pic { flex: none; }
  code, .fp { font-family: ui-monospace, monospace; font-size: .85rem; word-break: break-all; background: #f1f5f9; padding: 2px 4px; border-radius: 4px; }
  details > summary { cursor: pointer; font-size: 1.15rem; font-weight: 600; padding: 6px 0; }
  .note { color: #475569; font-size: .95rem; }
  .warn { border-color: #d97706; background: #fffbeb; }
</style>
</head>
<body>
<header>
  <h1>Instalar en esta tableta</h1>
  <p>Sistema de maquinarias — conexión segura en la red de la oficina</p>
</header>
<main>
  ${info.replaced() ? removalSection(info.replaced()!) : ''}
  <section>
    <h2>1. Descargue el certificado de la oficina</h2>
    <p>Este servidor firma su propia conexión segura. Para que la tableta confíe en él, instale una sola vez
       el certificado de la oficina:</p>
    <p><a class="big" href="${CA_DOWNLOAD_PATH}" download>Descargar el certificado</a></p>
    <p class="note">Nombre: <b>${esc(info.caName())}</b>. Solo vale para las direcciones y nombres de la red de la oficina.</p>
    <p class="note">Huella SHA-256: <span class="fp">${esc(info.caFingerprint())}</span><br>
       Compárela con la que muestra la tableta al instalar y con la que ve la persona a cargo en la consola del
       servidor o en la página <b>Operaciones</b> del sistema: esta página viaja sin cifrar, así que la huella de
       aquí sola no basta.</p>
  </section>

  <section>
    <h2>2. Instálelo según su equipo</h2>
    <details open>
      <summary>Android (Chrome)</summary>
      ${steps([
        { text: `Toque <b>Descargar el certificado</b>. Si pregunta, permita la descarga de ${file}.` },
        {
          text: 'Abra <b>Ajustes</b> → <b>Seguridad y privacidad</b> → <b>Más ajustes de seguridad</b> → <b>Encriptación y credenciales</b> (el nombre cambia según la marca; busque «certificado» en Ajustes).',
          pic: screen('Ajustes', ['Seguridad', 'Encriptación y credenciales', 'Instalar un certificado'], 1),
        },
        {
          text: 'Toque <b>Instalar un certificado</b> → <b>Certificado de CA</b> → <b>Instalar de todas formas</b>, y confirme con su PIN o patrón.',
          pic: screen('Instalar certificado', ['Certificado de CA', 'Certificado de usuario', 'Certificado Wi-Fi'], 0),
        },
        { text: `Elija el archivo <b>certificado-maquinarias.crt</b> en <b>Descargas</b>. Verá «Certificado de CA instalado».` },
        { text: 'Vuelva a Chrome y abra la dirección segura (paso 3).' },
      ])}
    </details>
    <details>
      <summary>iPad (Safari)</summary>
      ${steps([
        {
          text: 'Abra esta página en <b>Safari</b> y toque <b>Descargar el certificado</b>; acepte <b>Permitir</b>. Verá «Perfil descargado».',
        },
        {
          text: 'Abra <b>Configuración</b>: arriba aparece <b>Perfil descargado</b>. Tóquelo → <b>Instalar</b> (arriba a la derecha) → código del iPad → <b>Instalar</b> otra vez.',
          pic: screen('Configuración', ['Perfil descargado', 'Wi-Fi', 'General'], 0),
        },
        {
          text: `Importante: vaya a <b>Configuración</b> → <b>General</b> → <b>Información</b> → <b>Configuración de confianza de certificados</b> y active el interruptor de «${esc(info.caName())}».`,
          pic: screen('Confianza', ['Confianza total para', 'certificados raíz', 'Maquinarias  [ ● ]'], 2),
        },
        {
          text: 'Vuelva a Safari y abra la dirección segura (paso 3). Para instalar la aplicación: botón <b>Compartir</b> → <b>Agregar a inicio</b>.',
        },
      ])}
    </details>
    <details>
      <summary>Windows (Chrome o Edge)</summary>
      ${steps([
        { text: `Haga clic en <b>Descargar el certificado</b> y abra el archivo ${file} descargado.` },
        {
          text: 'En la ventana «Certificado», haga clic en <b>Instalar certificado…</b> → elija <b>Equipo local</b> → <b>Siguiente</b> (acepte el aviso de administrador).',
          pic: screen('Certificado', ['General', 'Instalar certificado…', 'Aceptar'], 1),
        },
        {
          text: 'Elija <b>Colocar todos los certificados en el siguiente almacén</b> → <b>Examinar…</b> → <b>Entidades de certificación raíz de confianza</b> → <b>Aceptar</b> → <b>Siguiente</b> → <b>Finalizar</b>.',
          pic: screen('Almacén', ['Personal', 'Entidades raíz de confianza', 'Entidades intermedias'], 1),
        },
        { text: 'Cierre y vuelva a abrir el navegador, y abra la dirección segura (paso 3).' },
      ])}
    </details>
  </section>

  <section>
    <h2>3. Abra el sistema con conexión segura</h2>
    <p><a class="big alt" href="${esc(https)}">Abrir ${esc(https)}</a></p>
    ${others ? `<p class="note">Otras direcciones de este servidor: ${others}</p>` : ''}
    <p class="note">Después de la primera visita, la aplicación funciona también sin conexión. En Chrome puede
       instalarla desde el menú ⋮ → <b>Instalar aplicación</b>.</p>
  </section>
</main>
</body>
</html>`;
}

function handle(info: InstallInfo, req: IncomingMessage, res: ServerResponse): void {
  const host = requestHost(req);
  const path = (req.url ?? '/').split('?')[0];
  const common = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };
  if ((req.method === 'GET' || req.method === 'HEAD') && (path === '/' || path === '/instalar')) {
    const body = installPageHtml(host, info);
    res.writeHead(200, {
      ...common,
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'",
      'content-length': Buffer.byteLength(body),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  if ((req.method === 'GET' || req.method === 'HEAD') && path === CA_DOWNLOAD_PATH) {
    // Only the CA's certificate (public); its private key never leaves DATA_DIR/tls.
    const der = info.caDer();
    res.writeHead(200, {
      ...common,
      'content-type': 'application/x-x509-ca-cert',
      'content-disposition': 'attachment; filename="certificado-maquinarias.crt"',
      'content-length': der.length,
    });
    res.end(req.method === 'HEAD' ? undefined : der);
    return;
  }
  // Everything else goes to the same path over HTTPS (307 keeps the method and body of an API call).
  res.writeHead(307, { ...common, location: `https://${host}:${info.httpsPort}${req.url ?? '/'}` });
  res.end();
}

/** Starts the HTTP install server on `port`; answers it (closed with the app). */
export async function startInstallServer(port: number, host: string, info: InstallInfo): Promise<Server> {
  const server = createServer((req, res) => handle(info, req, res));
  server.requestTimeout = 30_000;
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok());
  });
  return server;
}
