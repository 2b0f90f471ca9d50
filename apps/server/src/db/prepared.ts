import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';
import { DrizzlePGlite } from './pglite.ts';

/**
 * A hot statement built once per database instead of on every call (drizzle spends more of a
 * request building SQL than PostgreSQL spends running it), and run by name: each pooled
 * connection parses and plans it once. Values go in through `sql.placeholder(…)`. Inside a
 * transaction the statement is built afresh on the transaction's connection, as before.
 * A flat select's rows are mapped by a row mapper compiled once (`compiledRows`).
 */
export function preparedStatement<T>(build: (db: Db | Tx, name: string) => T, name: string) {
  const built = new WeakMap<Db, T>();
  return (db: Db | Tx): T => {
    if (db instanceof PgTransaction) return build(db, name);
    let statement = built.get(db);
    if (!statement) {
      statement = compiledRows(build(db, name));
      built.set(db, statement);
    }
    return statement;
  };
}

/**
 * Drizzle's `prepare` sends its name as the statement's; without one, pg runs the statement
 * unnamed, parsed and planned by PostgreSQL with each call's values. drizzle's types ask for a
 * name all the same.
 */
const UNNAMED = undefined as unknown as string;

/**
 * A statement built once per database, like `preparedStatement`, but run unnamed: PostgreSQL plans
 * it at each call for the values it is given, as a search must be (how many clients a pattern
 * matches decides between the trigram index and the name index). What is saved is drizzle's work.
 */
export function reusedStatement<T extends { getQuery(): { sql: string } }>(
  build: (db: Db | Tx) => { prepare(name: string): T },
) {
  return preparedStatement((db) => {
    const statement = build(db).prepare(UNNAMED);
    // PGlite keeps statements prepared (db/pglite.ts): this one is not, so that it is planned per call.
    const client = (db as { $client?: unknown }).$client;
    if (client instanceof DrizzlePGlite) client.planPerCall(statement.getQuery().sql);
    return statement;
  }, 'unnamed');
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What drizzle's prepared queries (node-postgres and PGlite alike, 0.45) keep about a select. */
interface DrizzlePreparedSelect {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
  /** Which tables of a join always have a row (inner joins); the others' objects may be null. */
  joinsNotNullableMap?: Record<string, boolean>;
}

/** An `sql` expression's decoder (its `mapWith`), internal to drizzle. */
const decoderOfSql = (expression: SQL) => (expression as unknown as { decoder: Decoder }).decoder;

/** The decoder drizzle's own `mapResultRow` picks for a selected field (drizzle-orm/utils.js). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql as SQL);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/**
 * Whether drizzle's mapping of this field is a plain copy under its path: a top-level field, or
 * one level down in a table's object that drizzle never turns into null (an inner join's table).
 */
function isSettled(
  { path, field }: { path: string[]; field: unknown },
  notNullable: Record<string, boolean> | undefined,
) {
  if (path.length === 1) return true;
  if (path.length !== 2) return false;
  if (!notNullable || !is(field, Column)) return true;
  return notNullable[getTableName(field.table)] === true;
}

/**
 * Drizzle maps every row of a result field by field, asking of each field, on each row, what
 * kind of thing it is (`is(field, Column)` walks the class chain) and allocating an iterator per
 * field: a tenth of a page of 50 clients' CPU time. For a prepared select the answer never
 * changes, so it is settled once and each row becomes one loop over the values: the same objects,
 * decoded by the same decoders (prepared.test.ts compares both). A select whose mapping is not a
 * plain copy (a left join's table, which drizzle turns into null when all its values are) keeps
 * drizzle's mapping.
 */
export function compiledRows<T>(statement: T): T {
  const query = statement as DrizzlePreparedSelect;
  const { fields, joinsNotNullableMap } = query;
  if (!Array.isArray(fields) || query.customResultMapper !== undefined) return statement;
  if (!fields.every((field) => isSettled(field, joinsNotNullableMap))) return statement;
  const columns = fields.map(({ path: [key = '', nestedKey], field }) => ({
    key,
    nestedKey,
    decoder: decoderOf(field),
  }));
  query.customResultMapper = (rows) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      columns.forEach(({ key, nestedKey, decoder }, index) => {
        const raw = row[index];
        const value = raw === null ? null : decoder.mapFromDriverValue(raw);
        if (nestedKey === undefined) mapped[key] = value;
        else ((mapped[key] ??= {}) as Record<string, unknown>)[nestedKey] = value;
      });
      return mapped;
    });
  return statement;
}
