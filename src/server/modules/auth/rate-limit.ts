// Sliding windows of login attempts per user name and per client address, kept in the database so every server
// of the office on one PostgreSQL counts the same attempts (a guesser cannot spread them over the instances behind
// a proxy). The check and the recording of an attempt are one atomic step (docs/security.md, "Login limits").
import { eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFallos } from '../../db/schema/index';

/** First key of the two-key advisory locks taken per counted key ('mqlf'), so they never meet other locks. */
const LOCK_CLASS = 0x6d71_6c66;

export interface Window {
  /** Prefix of the keys of this window ('u:' users, 'a:' addresses). */
  prefix: string;
  max: number;
}

/** An attempt recorded before the password is verified: `ids` are its rows, one per window. */
export type Claim = { ok: true; ids: number[] } | { ok: false; retryAfter: number };

export class LoginLimits {
  constructor(
    private readonly db: Db,
    private readonly windows: readonly Window[],
    private readonly windowMs: number,
  ) {}

  private since = () => sql`now() - make_interval(secs => ${this.windowMs / 1000})`;
  private clave = (w: Window, key: string) => (w.prefix + key).slice(0, 120);

  /**
   * Counts the attempts of every window and, when none is full, records this one in each, in one transaction that
   * holds a transaction-scoped advisory lock per key: a burst of simultaneous attempts, on one server or several,
   * is counted one after the other, so no more than `max` get past a window. The attempt counts as a failure from
   * here on; `succeeded` takes it back. Locks are taken in the windows' order, the same in every transaction.
   */
  async claim(keys: readonly string[]): Promise<Claim> {
    return this.db.transaction(async (tx) => {
      const claves = this.windows.map((w, i) => this.clave(w, keys[i]));
      for (const c of claves) await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${c}))`);
      let retryAfter = 0;
      for (const [i, c] of claves.entries()) {
        const res = (await tx.execute(sql`
          select count(*)::int as n,
                 ceil(extract(epoch from (min(${loginFallos.at}) + make_interval(secs => ${this.windowMs / 1000}) - now())))::int as wait
            from ${loginFallos} where ${loginFallos.clave} = ${c} and ${loginFallos.at} > ${this.since()}`)) as unknown as {
          rows: { n: number; wait: number | null }[];
        };
        const { n, wait } = res.rows[0];
        if (n >= this.windows[i].max) retryAfter = Math.max(retryAfter, 1, wait ?? 1);
      }
      if (retryAfter) return { ok: false, retryAfter };
      const rows = await tx
        .insert(loginFallos)
        .values(claves.map((clave) => ({ clave })))
        .returning({ id: loginFallos.id });
      return { ok: true, ids: rows.map((r) => r.id) };
    });
  }

  /** A right password: the attempt was no failure, and the user's own window starts again. */
  async succeeded(claim: { ids: number[] }, userKey: string, userWindow: Window): Promise<void> {
    await this.db.delete(loginFallos).where(or(inArray(loginFallos.id, claim.ids), eq(loginFallos.clave, this.clave(userWindow, userKey))));
  }

  /** Drops attempts older than the window (they no longer count). */
  async purge(): Promise<void> {
    await this.db.delete(loginFallos).where(lt(loginFallos.at, this.since()));
  }
}
