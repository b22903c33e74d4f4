// Sliding window of failed login attempts per key (username or client address), kept in the database so
// every server of the office on one PostgreSQL counts the same failures (a guesser cannot spread attempts
// over the instances behind a proxy).
import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFallos } from '../../db/schema/index';

export class FailureWindow {
  constructor(
    private readonly db: Db,
    /** Prefix of the keys of this window ('u:' users, 'a:' addresses). */
    private readonly prefix: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private since = () => sql`now() - make_interval(secs => ${this.windowMs / 1000})`;

  /** 0 when `key` may try again; otherwise the seconds until its oldest failure leaves the window (Retry-After). */
  async retryAfter(key: string): Promise<number> {
    const [row] = await this.db
      .select({
        n: count(),
        wait: sql<number>`ceil(extract(epoch from (${min(loginFallos.at)} + make_interval(secs => ${this.windowMs / 1000}) - now())))::int`,
      })
      .from(loginFallos)
      .where(and(eq(loginFallos.clave, this.prefix + key), gt(loginFallos.at, this.since())));
    return row.n >= this.max ? Math.max(1, row.wait) : 0;
  }

  async fail(key: string): Promise<void> {
    await this.db.insert(loginFallos).values({ clave: (this.prefix + key).slice(0, 120) });
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(loginFallos).where(eq(loginFallos.clave, this.prefix + key));
  }

  /** Drops failures older than the window (they no longer count). */
  async purge(): Promise<void> {
    await this.db.delete(loginFallos).where(and(sql`${loginFallos.clave} like ${this.prefix + '%'}`, lt(loginFallos.at, this.since())));
  }
}
