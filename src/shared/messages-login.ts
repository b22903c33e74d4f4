// The texts of the login screen and of what main.tsx loads before it (toasts, the session notice, the office
// defaults, the date field): a small part of the catalogue so the login screen's first download does not carry the
// whole of messages.ts (README 'Rendimiento', JS inicial). messages.ts spreads them into MSG, LABELS and FIELD, and
// every other module imports them from there as usual.

export const LOGIN_MSG = {
  toastTitle: 'Aviso',
  loginFailed: 'Credencial incorrecto',
  loginRateLimited: 'Demasiados intentos de inicio de sesión. Espere un momento e intente de nuevo.',
  sessionRequired: 'Sesión no válida o expirada. Inicie sesión nuevamente.',
  syncNoConnection: 'Sin conexión con el servidor',
  syncLoginWaiting: (n: number, name: string | null) =>
    `Hay ${n} registro(s) guardado(s) en este dispositivo sin enviar${name ? ` de ${name}` : ''}. Se enviarán al iniciar sesión con ese usuario.`,
} as const;

export const LOGIN_LABELS = {
  datePlaceholder: 'aaaa-mm-dd',
  openCalendar: 'Abrir calendario',
  dismissToast: 'Cerrar aviso',
  // Office settings until the server's GET /api/ajustes answers (the base seed stores the same values).
  defaultOfficeName: 'Subgerencia de Equipo Mecánico y Maquinaria Pesada',
  defaultAreaName: 'Municipalidad Provincial',
  defaultCity: 'Huancayo - Junín',
  // The login screen's date line (app/long-date.ts), as Intl's es-PE writes it: Sunday first, 'setiembre'.
  calendar: {
    weekdays: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
    months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'setiembre', 'octubre', 'noviembre', 'diciembre'],
  },
  shell: {
    appName: 'Sistema de Maquinarias y Almacén',
    copyright: (office: string, year: string) => `Copyright © ${office} ${year}`,
    loginTitle: 'Iniciar sesión',
    username: 'Usuario',
    password: 'Contraseña',
    signIn: 'Ingresar',
    signingIn: 'Ingresando...',
  },
} as const;

export const LOGIN_FIELD = {
  required: 'Campo obligatorio',
} as const;
