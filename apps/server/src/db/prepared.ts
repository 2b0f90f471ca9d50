import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

/**
 * A hot statement built once per database instead of on every call (drizzle spends more of a
 * request building SQL than PostgreSQL spends running it), and run by name: each pooled
 * connection parses and plans it once. Values go in through `sql.placeholder(…)`. Inside a
 * transaction the statement is built afresh on the transaction's connection, as before.
 */
export function preparedStatement<T>(build: (db: Db | Tx, name: string) => T, name: string) {
  const built = new WeakMap<Db, T>();
  return (db: Db | Tx): T => {
    if (db instanceof PgTransaction) return build(db, name);
    let statement = built.get(db);
    if (!statement) {
      statement = build(db, name);
      built.set(db, statement);
    }
    return statement;
  };
}
