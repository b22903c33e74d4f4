// The name of the offline engine's IndexedDB database, apart from db.ts so that the login screen can ask whether
// the device has one without loading Dexie.
export const DB_NAME = 'maquinarias';
