// Paths of the shell's own routes (the screens' paths live in app/screens.ts).
export const PATHS = {
  root: '/',
  login: '/login',
  welcome: '/inicio',
  /** The change-password screen (spec: "the route of the change-password screen is not shown"). */
  changePassword: '/cambiar-clave',
} as const;
