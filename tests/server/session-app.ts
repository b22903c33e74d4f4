// One app per test file with the admin's session, the setup most server test files share: call
// `const s = sessionApp()` in the file's describe, then use `s.t` (the app and its database) and `s.admin` (the token).
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, login, type TestApp } from './helpers';

export function sessionApp(): { t: TestApp; admin: string } {
  const s = {} as { t: TestApp; admin: string };
  beforeAll(async () => {
    s.t = await createTestApp();
    s.admin = await login(s.t.app);
  });
  afterAll(() => s.t.close());
  return s;
}
