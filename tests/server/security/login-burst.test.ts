// The login limits hold under a burst: simultaneous wrong passwords for one account, or from one
// address, get no more answers of 401 than the limit allows, on one server and on two sharing the database.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { createTestApp, createUser, twinApp, TEST_PASSWORD, type TestApp } from '../helpers';

/** The default limits (config LOGIN_MAX_ATTEMPTS = 10; the address window is three times that). */
const PER_USER = 10;
const PER_ADDRESS = 30;

function tally(answers: LightMyRequestResponse[]) {
  const by = (code: number) => answers.filter((a) => a.statusCode === code);
  for (const a of by(429)) {
    expect(a.json()).toEqual({ message: MSG.loginRateLimited });
    expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
  }
  // Nothing else: no 5xx, no deadlock, no success with a wrong password.
  expect(by(401).length + by(429).length).toBe(answers.length);
  return { unauthorized: by(401).length, limited: by(429).length };
}

describe('login limits under a burst', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await twinApp(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const attempt = (t: TestApp, username: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });

  it('40 simultaneous wrong passwords for one account: at most 10 answers of 401, the rest 429 with Retry-After', async () => {
    const u = await createUser(a, []);
    // From 40 addresses, so only the account's window can stop them.
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(a, u.username, `mala-${i}`, `10.25.1.${i}`)));
    const { unauthorized, limited } = tally(answers);
    expect(unauthorized).toBe(PER_USER);
    expect(limited).toBe(40 - PER_USER);
    // The right password is refused too while the window is full.
    expect((await attempt(a, u.username, TEST_PASSWORD, '10.25.1.200')).statusCode).toBe(429);
  });

  it('45 simultaneous unknown users from one address: at most 30 answers of 401', async () => {
    const answers = await Promise.all(Array.from({ length: 45 }, (_, i) => attempt(a, `rafaga-${i}`, 'mala', '10.25.2.1')));
    const { unauthorized, limited } = tally(answers);
    expect(unauthorized).toBe(PER_ADDRESS);
    expect(limited).toBe(45 - PER_ADDRESS);
    expect((await attempt(a, 'admin', TEST_PASSWORD, '10.25.2.1')).statusCode).toBe(429);
    expect((await attempt(a, 'admin', TEST_PASSWORD, '10.25.2.2')).statusCode).toBe(200);
  });

  it('the same bursts split over two servers on one database count as one', async () => {
    const u = await createUser(a, []);
    const perUser = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(i % 2 ? b : a, u.username, `mala-${i}`, `10.25.3.${i}`)),
    );
    expect(tally(perUser).unauthorized).toBe(PER_USER);
    const perAddress = await Promise.all(Array.from({ length: 45 }, (_, i) => attempt(i % 2 ? b : a, `gemelo-${i}`, 'mala', '10.25.4.1')));
    expect(tally(perAddress).unauthorized).toBe(PER_ADDRESS);
  });

  it('a right password in time is not counted against the address', async () => {
    const u = await createUser(a, []);
    for (let i = 0; i < PER_ADDRESS + 5; i++) {
      const res = await attempt(i % 2 ? b : a, u.username, TEST_PASSWORD, '10.25.5.1');
      expect(res.statusCode).toBe(200);
    }
  });
});
