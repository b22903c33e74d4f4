// The office settings (modules/ajustes): public, read by the login screen and the PDFs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

describe('office settings (ajustes)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('GET /api/ajustes', () => {
    it('is public and gives the office names', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/ajustes' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ officeName: expect.any(String), shortName: expect.any(String), cityLabel: expect.any(String) });
    });
  });
});
