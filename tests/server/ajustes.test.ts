// The office settings (modules/ajustes): public, read by the login screen and the PDFs.
import { describe, expect, it } from 'vitest';
import { sessionApp } from './session-app';

describe('office settings (ajustes)', () => {
  const s = sessionApp();

  describe('GET /api/ajustes', () => {
    it('is public and gives the office names', async () => {
      const res = await s.t.app.inject({ method: 'GET', url: '/api/ajustes' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ officeName: expect.any(String), shortName: expect.any(String), cityLabel: expect.any(String) });
    });
  });
});
