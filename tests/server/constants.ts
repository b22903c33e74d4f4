// Values shared by the server tests.
export const TEST_PASSWORD = 'Clave-de-prueba-1';
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret';
