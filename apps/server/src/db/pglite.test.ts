import { PGlite } from '@electric-sql/pglite';
import { eq, like, sql } from 'drizzle-orm';
import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterEach, expect, test, vi } from 'vitest';
import { violatedUniqueConstraint } from './errors.ts';
import type { Db } from './client.ts';
import { DRIZZLE_TEXT_TYPES, DrizzlePGlite } from './pglite.ts';
import { preparedStatement, reusedStatement } from './prepared.ts';

const clients: PGlite[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const client of clients.splice(0)) await client.close();
});

async function open(options: { preparedMax?: number } = {}) {
  const client = await DrizzlePGlite.open(undefined, {}, options);
  clients.push(client);
  await client.exec(`
    create table notes (
      id serial primary key,
      title text not null unique,
      done boolean not null default false,
      due timestamptz,
      tags jsonb,
      rating numeric
    )`);
  return client;
}

test("drizzle's per-query parsers are PGlite's own, set once", async () => {
  const client = await open();
  // A spy keeps the method's own behaviour and records what drizzle passed.
  const query = vi.spyOn(client, 'query');
  await drizzle({ client }).execute(sql`select now() as at`);
  const asked = query.mock.calls[0]![2]!.parsers!;

  expect(Object.keys(asked).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
  for (const type of DRIZZLE_TEXT_TYPES) {
    expect(client.parsers[type]!('2026-01-02', type)).toBe(asked[type]!('2026-01-02'));
  }
});

test('a prepared statement answers as PGlite does: types, nulls, json, rows as arrays', async () => {
  const client = await open();
  const plain = await PGlite.create();
  clients.push(plain);
  await plain.exec(`create table notes (id serial primary key, title text not null unique,
    done boolean not null default false, due timestamptz, tags jsonb, rating numeric)`);
  for (const pg of [client, plain]) {
    await pg.query(
      'insert into notes (title, done, due, tags, rating) values ($1, $2, $3, $4, $5)',
      ['hem', true, '2026-03-04T05:06:07.000Z', JSON.stringify({ colour: 'navy' }), '12.50'],
    );
    await pg.query('insert into notes (title) values ($1)', ['press']);
  }
  // What drizzle asks PGlite for on every query.
  const asText = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, (v: string) => v]));
  const text =
    'select id, title, done, due, tags, rating from notes where title = any($1) order by id';
  for (const rowMode of ['object', 'array'] as const) {
    const expected = await plain.query(text, [['hem', 'press']], { rowMode, parsers: asText });
    for (let i = 0; i < 3; i++) {
      const answer = await client.query(text, [['hem', 'press']], { rowMode });
      expect(answer.rows).toEqual(expected.rows);
      expect(answer.fields).toEqual(expected.fields);
    }
  }
  expect(client.preparedCount).toBeGreaterThan(0);
});

test('a failed statement reports its constraint; a rolled-back transaction leaves the statements usable', async () => {
  const client = await open();
  const db = drizzle({ client });
  const insert = (title: string) => db.execute(sql`insert into notes (title) values (${title})`);
  await insert('hem');
  const failure = await insert('hem').catch((error: unknown) => error);
  expect(violatedUniqueConstraint(failure)).toBe('notes_title_key');

  await expect(
    db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (title) values (${'press'})`);
      await tx.execute(sql`insert into notes (title) values (${'hem'})`);
    }),
  ).rejects.toThrow();
  await insert('press');
  const titles = await db.execute(sql`select title from notes order by title`);
  expect(titles.rows).toEqual([{ title: 'hem' }, { title: 'press' }]);
});

test('statements past the limit are closed, oldest first, and prepared again when needed', async () => {
  const client = await open({ preparedMax: 3 });
  for (let round = 0; round < 2; round++) {
    for (let n = 1; n <= 5; n++) {
      const answer = await client.query<{ n: number }>(`select $1::int + ${n} as n`, [round]);
      expect(answer.rows).toEqual([{ n: round + n }]);
      expect(client.preparedCount).toBeLessThanOrEqual(3);
    }
  }
  const left = await client.query<{ count: number }>(
    'select count(*)::int as count from pg_prepared_statements',
  );
  expect(left.rows[0]!.count).toBe(3);
});

test('a statement whose result columns changed is prepared anew', async () => {
  const client = await open();
  await client.query('insert into notes (title) values ($1)', ['hem']);
  const text = 'select * from notes where title = $1';
  expect((await client.query(text, ['hem'])).fields).toHaveLength(6);
  await client.exec('alter table notes add column colour text');
  expect((await client.query(text, ['hem'])).fields).toHaveLength(7);
});

test('a statement planned per call is not kept prepared: each call is planned for its values', async () => {
  const client = await open();
  const search = 'select id from notes where title like $1';
  const before = client.preparedCount;
  client.planPerCall(search);
  await client.query(search, ['a%']);
  await client.query(search, ['%b%']);
  expect(client.preparedCount).toBe(before);
  await client.query('select id from notes where id = $1', [1]);
  expect(client.preparedCount).toBe(before + 1);
});

test('statements built by reusedStatement are planned per call on PGlite; preparedStatement ones are kept', async () => {
  const client = await open();
  const db = drizzle({ client }) as unknown as Db;
  const notes = pgTable('notes', { id: serial('id').primaryKey(), title: text('title').notNull() });
  const byPattern = reusedStatement((on) =>
    on
      .select({ id: notes.id })
      .from(notes)
      .where(like(notes.title, sql.placeholder('pattern'))),
  );
  const byId = preparedStatement(
    (on, name) =>
      on
        .select({ id: notes.id })
        .from(notes)
        .where(eq(notes.id, sql.placeholder('id')))
        .prepare(name),
    'note_by_id',
  );
  await client.exec("insert into notes (title) values ('apple'), ('banana')");
  const before = client.preparedCount;
  expect(await byPattern(db).execute({ pattern: 'a%' })).toEqual([{ id: 1 }]);
  expect(await byPattern(db).execute({ pattern: '%an%' })).toEqual([{ id: 2 }]);
  expect(client.preparedCount).toBe(before);
  expect(await byId(db).execute({ id: 2 })).toEqual([{ id: 2 }]);
  expect(client.preparedCount).toBe(before + 1);
});
