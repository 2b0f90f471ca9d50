import {
  parse,
  PGlite,
  protocol,
  types,
  type PGliteOptions,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * The types drizzle-orm/pglite asks PGlite to leave as text, because drizzle maps them itself:
 * timestamps, dates, intervals, and the arrays of those and of numeric.
 */
export const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

/**
 * How many statements stay prepared; past it the least recently used is closed. Atelier runs a
 * few hundred distinct statements; lists written out as `in ($1, $2, …)` make one per length.
 */
export const PREPARED_STATEMENTS_MAX = 1_000;

/** Only data statements are kept prepared: schema changes and transaction control run as sent. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

const keepText = (value: string) => value;

interface Prepared {
  name: string;
  /** The type of each parameter, as PostgreSQL inferred it when the statement was prepared. */
  paramTypes: number[];
}

/**
 * PGlite as drizzle-orm wants it, and as fast as one thread allows:
 *
 * - drizzle's parsers are PGlite's own, set once. drizzle passes them with every query, and PGlite
 *   then copies its whole table of parsers (several hundred types) into a new one each time.
 * - Data statements are prepared once, by name, and then only bound and executed, in one message.
 *   PGlite's `query` parses, describes, binds, describes, executes and syncs in six calls into the
 *   database every time; parsing the statement anew is a large part of a small query's cost.
 *
 * Prepared statements outlive transactions, so one that fails or rolls back keeps them; a
 * statement whose tables change is planned again by PostgreSQL itself. PostgreSQL plans them as
 * it plans any prepared statement (after five calls, one generic plan unless it costs more than
 * the calls' own). A statement registered with `planPerCall` (a search, whose best plan depends on
 * its pattern, and which is unnamed on PostgreSQL too) is not kept prepared: it is parsed and
 * planned at each call for its values.
 */
export class DrizzlePGlite extends PGlite {
  readonly #prepared = new Map<string, Prepared>();
  readonly #plannedPerCall = new Set<string>();
  #nextName = 0;
  #preparedMax = PREPARED_STATEMENTS_MAX;

  static async open(
    dataDir: string | undefined,
    options: PGliteOptions,
    { preparedMax = PREPARED_STATEMENTS_MAX } = {},
  ): Promise<DrizzlePGlite> {
    const client = new DrizzlePGlite({ ...options, dataDir });
    client.#preparedMax = preparedMax;
    await client.waitReady;
    // Set after start-up, which adds a parser for every array type, these included.
    for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = keepText;
    return client;
  }

  /** Runs this statement unprepared from now on: parsed and planned at each call, for its values. */
  planPerCall(text: string): void {
    this.#plannedPerCall.add(text);
  }

  /** The statements kept prepared now (for tests). */
  get preparedCount(): number {
    return this.#prepared.size;
  }

  override async query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (!this.#isPreparable(text, options)) {
      return super.query<T>(text, params, withoutParsers(options));
    }
    await this._checkReady();
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        try {
          return await this.#runPrepared<T>(text, params, options, false);
        } catch (error) {
          // A statement whose result columns changed (`select *` after a new column) is prepared
          // anew, once; within a transaction the error has ended the transaction, so it stands.
          if (!isResultTypeChange(error)) throw error;
          await this.#forget(text);
          return await this.#runPrepared<T>(text, params, options, false);
        }
      }),
    );
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const query = <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
        if (!this.#isPreparable(text, options) || tx.closed) {
          return tx.query<R>(text, params, withoutParsers(options));
        }
        // The transaction holds the transaction lock already; one statement at a time within it.
        return this._runExclusiveQuery(() => this.#runPrepared<R>(text, params, options, true));
      };
      // The rest of the transaction, getters included, stays PGlite's own.
      return callback(Object.assign(Object.create(tx) as Transaction, { query }));
    });
  }

  #isPreparable(text: string, options: QueryOptions | undefined): boolean {
    return isPreparable(text, options) && !this.#plannedPerCall.has(text);
  }

  async #runPrepared<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    isInTransaction: boolean,
  ): Promise<Results<T>> {
    try {
      const { name, paramTypes } = await this.#prepare(text);
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const serialize = this.serializers[paramTypes[i] ?? 0];
        return serialize ? serialize(param) : String(param);
      });
      const messages = await this.execProtocolStream(
        concat([
          protocol.serialize.bind({ statement: name, values }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        // As PGlite's own query: the file system is synced after a statement, unless within a
        // transaction, whose end syncs it.
        { syncToFs: !isInTransaction },
      );
      return parse.parseResults(messages, this.parsers, {
        rowMode: options?.rowMode,
      })[0] as Results<T>;
    } catch (error) {
      // As PGlite's own query reports a failed statement.
      if (error instanceof protocol.messages.DatabaseError) {
        Object.assign(error, { query: text, params, queryOptions: options });
      }
      throw error;
    }
  }

  async #prepare(text: string): Promise<Prepared> {
    const known = this.#prepared.get(text);
    if (known) {
      // Map keeps insertion order: moved to the end, it is the most recently used.
      this.#prepared.delete(text);
      this.#prepared.set(text, known);
      return known;
    }
    const [oldest] = this.#prepared.keys();
    if (oldest !== undefined && this.#prepared.size >= this.#preparedMax) {
      await this.#forget(oldest);
    }
    const name = `atelier_${this.#nextName++}`;
    const messages = await this.execProtocolStream(
      concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.#prepared.set(text, prepared);
    return prepared;
  }

  async #forget(text: string): Promise<void> {
    const prepared = this.#prepared.get(text);
    if (!prepared) return;
    this.#prepared.delete(text);
    await this.execProtocolStream(
      concat([
        protocol.serialize.close({ type: 'S', name: prepared.name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
  }
}

function isResultTypeChange(error: unknown): boolean {
  return (
    error instanceof protocol.messages.DatabaseError &&
    error.code === '0A000' &&
    error.message.includes('must not change result type')
  );
}

function isPreparable(text: string, options: QueryOptions | undefined): boolean {
  return (
    PREPARABLE.test(text) &&
    !options?.blob &&
    !options?.paramTypes &&
    !options?.serializers &&
    !options?.onNotice
  );
}

function withoutParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  const { parsers: _parsers, ...rest } = options;
  return rest;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}
