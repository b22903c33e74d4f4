// Every list with a date range answers it only inside the bound its contract declares (contract/ranges.ts): a
// missing or wider range is a 400 whose message says how to narrow the filter, before any query reads a row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limaDate } from '@shared/domain/dates';
import { API } from '@shared/contract/endpoints';
import type { EndpointDef } from '@shared/contract/endpoint';
import { RANGE_MONTHS, rangeFirstDay, rangeLabel, rangeLastDay } from '@shared/contract/ranges';
import { FIELD } from '@shared/messages';
import { seedDemo } from '../../../src/server/db/seed/demo';
import { call, createTestApp, login, type TestApp } from '../helpers';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
  token = await login(t.app);
});
afterAll(() => t?.close());

/** Calls a list with `filter` (its body, or its query for a GET). */
function ask(e: EndpointDef, filter: Record<string, unknown>) {
  if (e.method === 'GET') {
    const q = new URLSearchParams(Object.entries(filter).map(([k, v]) => [k, String(v)])).toString();
    return call(t.app, token, { method: 'GET', url: q ? `${e.path}?${q}` : e.path });
  }
  return call(t.app, token, { method: e.method, url: e.path, payload: filter });
}

const today = limaDate();
const bounded = Object.entries(RANGE_MONTHS) as [keyof typeof RANGE_MONTHS, number][];

describe('bounded list ranges', () => {
  it('every list whose filter takes fini and ffin declares its bound', () => {
    const withRange = Object.entries(API).flatMap(([resource, group]) =>
      Object.entries(group as Record<string, EndpointDef>)
        .filter(([, e]) => e.path.endsWith('/list') || e.path === '/api/auditoria')
        .filter(([, e]) => {
          const schema = (e.body ?? e.query) as { shape?: object } | undefined;
          return Object.keys(schema?.shape ?? {}).includes('fini');
        })
        .map(() => resource),
    );
    expect(new Set(withRange)).toEqual(new Set(bounded.map(([r]) => r)));
  });

  it('the first and the last day of a bound are inverses, and a year is January to December', () => {
    expect(rangeLastDay('2026-01-01', 12)).toBe('2026-12-31');
    expect(rangeFirstDay('2026-12-31', 12)).toBe('2026-01-01');
    for (const months of [12, 24, 60]) expect(rangeLastDay(rangeFirstDay(today, months), months)).toBe(today);
  });

  for (const [resource, months] of bounded) {
    const e = (API[resource] as Record<string, EndpointDef>).list;
    it(`${resource}: without a range, 400 asking for one`, async () => {
      const res = await ask(e, {});
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(FIELD.rangeRequired(rangeLabel(months)));
      const half = await ask(e, { fini: today });
      expect(half.statusCode).toBe(400);
      expect(half.json().errors.ffin).toBe(FIELD.rangeRequired(rangeLabel(months)));
    });

    it(`${resource}: one day past ${rangeLabel(months)}, 400 saying to narrow it; at the bound, 200`, async () => {
      const fini = rangeFirstDay(today, months);
      const wider = await ask(e, { fini: shiftDay(fini, -1), ffin: today });
      expect(wider.statusCode).toBe(400);
      expect(wider.json().message).toBe(FIELD.rangeTooWide(rangeLabel(months)));
      expect(wider.json().errors.ffin).toBe(FIELD.rangeTooWide(rangeLabel(months)));
      const inside = await ask(e, { fini, ffin: today });
      expect(inside.statusCode, inside.body).toBe(200);
    });
  }

  it('a refused list changes nothing: the audit log keeps its rows', async () => {
    const auditRows = (await ask(API.auditoria.list, { fini: rangeFirstDay(today, 12), ffin: today })).json().length;
    expect((await ask(API.salidas.list, { fini: '1976-01-01', ffin: today })).statusCode).toBe(400);
    expect((await ask(API.auditoria.list, { fini: rangeFirstDay(today, 12), ffin: today })).json()).toHaveLength(auditRows);
  });

  it('an inverted range still says the start must come first', async () => {
    const res = await ask(API.salidas.list, { fini: today, ffin: '2000-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FIELD.dateRangeOrder);
  });
});

function shiftDay(ymd: string, days: number): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
