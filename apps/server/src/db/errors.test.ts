import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { driverCause, isDatabaseUnavailable, violatedUniqueConstraint } from './errors.ts';

/** A message of PostgreSQL's wire protocol: type byte, length, body. */
function wireMessage(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}
const authenticationOk = wireMessage('R', Buffer.alloc(4));
const readyForQuery = wireMessage('Z', Buffer.from('I'));
function errorResponse(sqlstate: string, message: string): Buffer {
  const fields = [`SERROR`, `VERROR`, `C${sqlstate}`, `M${message}`].map((field) => `${field}\0`);
  return wireMessage('E', Buffer.from(`${fields.join('')}\0`));
}

/**
 * What a stand-in for PostgreSQL on loopback does with each connection:
 * - `silent`: accepts the socket and never says a word;
 * - `refuse-start`: answers the start-up with an error (`sqlstate`);
 * - `answer-error`: lets the client in, then answers every query with an error (`sqlstate`);
 * - `hang`: lets the client in, then never answers a query;
 * - `cut`: lets the client in, then closes the connection when a query comes.
 */
type Behaviour =
  { kind: 'silent' | 'hang' | 'cut' } | { kind: 'refuse-start' | 'answer-error'; sqlstate: string };

const sockets = new Set<net.Socket>();
const servers: net.Server[] = [];
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  for (const server of servers.splice(0)) {
    await new Promise((resolve) => server.close(resolve));
  }
});

async function fakePostgres(behaviour: Behaviour): Promise<string> {
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (behaviour.kind === 'silent') return;
    socket.once('data', () => {
      if (behaviour.kind === 'refuse-start') {
        socket.end(errorResponse(behaviour.sqlstate, 'refused at start-up'));
        return;
      }
      socket.write(Buffer.concat([authenticationOk, readyForQuery]));
      socket.on('data', () => {
        if (behaviour.kind === 'cut') socket.destroy();
        if (behaviour.kind === 'answer-error') {
          socket.write(Buffer.concat([errorResponse(behaviour.sqlstate, 'failed'), readyForQuery]));
        }
      });
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return `postgres://atelier:secret@127.0.0.1:${port}/atelier`;
}

async function closedPortUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `postgres://atelier:secret@127.0.0.1:${port}/atelier`;
}

/** The error a fresh client's connect and first query end with. */
async function clientError(url: string, options: pg.ClientConfig = {}): Promise<unknown> {
  const client = new pg.Client({ connectionString: url, ...options });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => undefined);
  }
  throw new Error('the query succeeded');
}

async function poolErrors(url: string, options: pg.PoolConfig, queries: number) {
  const pool = new pg.Pool({ connectionString: url, ...options });
  pool.on('error', () => undefined);
  const settled = await Promise.allSettled(
    Array.from({ length: queries }, () => pool.query('select 1')),
  );
  await pool.end();
  return settled.map((result) => (result.status === 'rejected' ? result.reason : null));
}

describe('isDatabaseUnavailable: an outage, as node-postgres reports it', () => {
  test('a refused connection (ECONNREFUSED)', async () => {
    const error = await clientError(await closedPortUrl());
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test('every socket-level failure code', () => {
    for (const code of ['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'EAI_AGAIN']) {
      const error = Object.assign(new Error(`connect ${code}`), { code });
      expect(isDatabaseUnavailable(error), code).toBe(true);
    }
  });

  test('a pool that cannot connect in time, and a query that waited for a connection in vain', async () => {
    const [connecting, waiting] = await poolErrors(
      await fakePostgres({ kind: 'silent' }),
      { max: 1, connectionTimeoutMillis: 200 },
      2,
    );
    expect(connecting).toMatchObject({
      message: 'Connection terminated due to connection timeout',
    });
    expect(waiting).toMatchObject({ message: 'timeout exceeded when trying to connect' });
    expect(isDatabaseUnavailable(connecting)).toBe(true);
    expect(isDatabaseUnavailable(waiting)).toBe(true);
  });

  test("a lone client's connect timeout (the LISTEN connection)", async () => {
    const error = await clientError(await fakePostgres({ kind: 'silent' }), {
      connectionTimeoutMillis: 200,
    });
    expect(error).toMatchObject({ message: 'timeout expired' });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test('a connection cut mid-query, and one that stopped answering', async () => {
    const cut = await clientError(await fakePostgres({ kind: 'cut' }));
    expect(cut).toMatchObject({ message: 'Connection terminated unexpectedly' });
    expect(isDatabaseUnavailable(cut)).toBe(true);

    const hung = await clientError(await fakePostgres({ kind: 'hang' }), { query_timeout: 200 });
    expect(hung).toMatchObject({ message: 'Query read timeout' });
    expect(isDatabaseUnavailable(hung)).toBe(true);
  });

  test.each([
    ['08006', 'connection failure'],
    ['57P01', 'admin shutdown'],
    ['57P02', 'crash shutdown'],
    ['57P03', 'cannot connect now (starting up)'],
    ['53300', 'too many connections'],
  ])('the server refusing the start-up with SQLSTATE %s (%s)', async (sqlstate) => {
    const error = await clientError(await fakePostgres({ kind: 'refuse-start', sqlstate }));
    expect(error).toBeInstanceOf(pg.DatabaseError);
    expect(error).toMatchObject({ code: sqlstate });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test('a statement cut by the statement timeout (57014)', async () => {
    const error = await clientError(
      await fakePostgres({ kind: 'answer-error', sqlstate: '57014' }),
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test("through Drizzle's wrapper, which keeps the driver's error as its cause", async () => {
    const pool = new pg.Pool({ connectionString: await closedPortUrl() });
    const error = await drizzle({ client: pool })
      .execute(sql`select 1`)
      .then(
        () => null,
        (thrown: unknown) => thrown,
      );
    await pool.end();
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^Failed query/);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(driverCause(error)).toEqual({
      message: expect.stringContaining('ECONNREFUSED'),
      code: 'ECONNREFUSED',
    });
  });
});

describe('isDatabaseUnavailable: failures that are not an outage', () => {
  test.each([
    ['23505', 'unique violation'],
    ['23503', 'foreign key violation'],
    ['42601', 'syntax error'],
    ['40001', 'serialization failure'],
  ])('a statement refused with SQLSTATE %s (%s)', async (sqlstate) => {
    const error = await clientError(await fakePostgres({ kind: 'answer-error', sqlstate }));
    expect(error).toMatchObject({ code: sqlstate });
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  test('a plain error, and things that are not errors', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: new Error('boom') }))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated unexpectedly')).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  test('a unique violation is still found as one', async () => {
    const error = await clientError(
      await fakePostgres({ kind: 'answer-error', sqlstate: '23505' }),
    );
    expect(violatedUniqueConstraint(new Error('Failed query', { cause: error }))).toBe('');
  });
});
