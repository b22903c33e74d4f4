// Servers of one office on one PostgreSQL must sign and check sessions with the same key, or a token from
// one is refused by the other behind the proxy. Without JWT_SECRET in the environment, the first server
// stores its key in the database and every later one takes it from there.
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { servidorEstado } from './schema/index';

export async function sharedJwtSecret(db: Db, mine: string): Promise<string> {
  await db.insert(servidorEstado).values({ clave: 'jwt_secret', valor: mine }).onConflictDoNothing();
  const [row] = await db.select({ valor: servidorEstado.valor }).from(servidorEstado).where(eq(servidorEstado.clave, 'jwt_secret'));
  return row.valor;
}
