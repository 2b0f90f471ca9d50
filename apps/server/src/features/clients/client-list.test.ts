import {
  CLIENTS_PAGE_SIZE,
  ClientListDocumentSchema,
  ErrorBodySchema,
  type ClientListDocument,
} from '@atelier/contract';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import type { Tx } from '../../db/client.ts';
import { clients } from '../../db/schema.ts';
import { insertClients } from '../../test/fixtures.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';
import { stylistClientsWhere } from './client-search.ts';

let app: App;
let searcherToken: string;
let pagerToken: string;
let emptyToken: string;

/** Clients whose names and emails hold LIKE's special characters, each beside one a wildcard would wrongly match. */
const SEARCH_CLIENTS = [
  {
    firstName: 'Olivia',
    lastName: "O'Brien",
    email: 'olivia_obrien@mail.test',
    phone: '(212) 555-0101',
  },
  {
    firstName: 'Oliver',
    lastName: 'Obrien',
    email: 'oliverxobrien@mail.test',
    phone: '(646) 555-0199',
  },
  { firstName: 'Percy', lastName: '100%Cotton', email: 'percy@mail.test', phone: '(718) 555-0142' },
  { firstName: 'Hugo', lastName: '100xCotton', email: 'hugo@mail.test', phone: '(718) 555-0143' },
  { firstName: 'Bea', lastName: 'Back\\Slash', email: 'bea@mail.test', phone: '(917) 555-0150' },
  { firstName: 'Nina', lastName: 'BackSlash', email: 'nina@mail.test', phone: '(917) 555-0151' },
  { firstName: 'Zoé', lastName: 'Zeller', email: 'zoe@mail.test', phone: '(305) 555-0177' },
];

beforeAll(async () => {
  app = await buildTestApp();
  const searcher = await createTestAccount(app);
  const pager = await createTestAccount(app);
  const empty = await createTestAccount(app);
  const other = await createTestAccount(app);
  await insertClients(app.database.db, searcher.stylistId!, SEARCH_CLIENTS);
  // Another stylist's Olivia O'Brien must never turn up in the searches below.
  await insertClients(app.database.db, other.stylistId!, [
    {
      firstName: 'Olivia',
      lastName: "O'Brien",
      email: 'other_olivia@mail.test',
      phone: '(212) 555-0101',
    },
  ]);
  // Mixed letter case and two identical names, so the order has to lower-case and fall back to the id.
  const people = Array.from({ length: 2 * CLIENTS_PAGE_SIZE + 5 }, (_, i) => ({
    firstName: `First${String(i % 7).padStart(2, '0')}`,
    lastName: i % 2 ? `last${String(i).padStart(3, '0')}` : `Last${String(i).padStart(3, '0')}`,
  }));
  people.push({ firstName: 'Twin', lastName: 'Same' }, { firstName: 'twin', lastName: 'same' });
  await insertClients(app.database.db, pager.stylistId!, people);
  searcherToken = await tokenFor(app, searcher.email);
  pagerToken = await tokenFor(app, pager.email);
  emptyToken = await tokenFor(app, empty.email);
});
afterAll(() => app.close());

async function list(token: string, query: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/stylist/clients',
    query,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return ClientListDocumentSchema.parse(response.json());
}

const names = (document: ClientListDocument) =>
  document.data.map((client) => client.attributes.name);
const search = async (term: string) =>
  names(await list(searcherToken, { search: term, page: '1' }));

describe('search', () => {
  test('finds by first name, in any letter case', async () => {
    expect(await search('OLIVIA')).toEqual(["Olivia O'Brien"]);
  });

  test('finds by last name', async () => {
    expect(await search('zeller')).toEqual(['Zoé Zeller']);
  });

  test('finds by email', async () => {
    expect(await search('oliverxobrien@')).toEqual(['Oliver Obrien']);
  });

  test('finds by phone as stored, as bare digits and as typed another way', async () => {
    for (const term of [
      '(212) 555-0101',
      '2125550101',
      '212-555-0101',
      '+1 212.555.0101',
      '555-0101',
    ])
      expect({ term, found: await search(term) }).toEqual({ term, found: ["Olivia O'Brien"] });
  });

  test('% matches only a percent sign', async () => {
    expect(await search('100%c')).toEqual(['Percy 100%Cotton']);
  });

  test('_ matches only an underscore', async () => {
    expect(await search('_obrien')).toEqual(["Olivia O'Brien"]);
  });

  test("' is an ordinary character", async () => {
    expect(await search("o'b")).toEqual(["Olivia O'Brien"]);
  });

  test('\\ matches only a backslash', async () => {
    expect(await search('back\\s')).toEqual(['Bea Back\\Slash']);
  });

  // One or two typed characters find the clients with a word starting so, as a contact list does
  // (and an index serves at any size); "contains" starts at three characters (decision 0004).
  test('a one- or two-character term matches the start of a word of names, email or phone', async () => {
    expect(await search('Z')).toEqual(['Zoé Zeller']);
    expect(await search('zo')).toEqual(['Zoé Zeller']);
    // O'Brien's words are "o" and "brien"; olivia_obrien's are "olivia" and "obrien".
    expect(await search('br')).toEqual(["Olivia O'Brien"]);
    expect(await search('ob')).toEqual(["Olivia O'Brien", 'Oliver Obrien']);
    expect(await search('21')).toEqual(["Olivia O'Brien"]);
    expect(await search('55')).toHaveLength(SEARCH_CLIENTS.length);
  });

  test('one or two characters inside a word, or punctuation, match nothing', async () => {
    for (const term of ['é', 'oé', 'ro', '%', '_', '\\', "o'"]) {
      expect({ term, found: await search(term) }).toEqual({ term, found: [] });
    }
  });

  test('a term nobody matches answers an empty page, not an error', async () => {
    const document = await list(searcherToken, { search: 'nobody-like-this', page: '1' });
    expect(document.data).toEqual([]);
    expect(document.meta.pagination).toEqual({
      current_page: 1,
      total_pages: 1,
      per_page: CLIENTS_PAGE_SIZE,
      total: 0,
    });
  });

  test('a 10,000-character term answers quickly with no results', async () => {
    const started = performance.now();
    const document = await list(searcherToken, { search: 'olivia'.repeat(1667).slice(0, 10_000) });
    const elapsed = performance.now() - started;
    expect(document.data).toEqual([]);
    // Trigram extraction of the term and one index probe per trigram: milliseconds, not seconds.
    expect(elapsed).toBeLessThan(2000);
  });

  test('a term of only spaces is no search at all', async () => {
    const all = await list(searcherToken);
    const blank = await list(searcherToken, { search: '   ' });
    expect(blank).toEqual(all);
    expect(blank.meta.pagination.total).toBe(SEARCH_CLIENTS.length);
  });

  test('without a page, a search answers every match on one page', async () => {
    const document = await list(searcherToken, { search: 'cotton' });
    expect(names(document)).toEqual(['Percy 100%Cotton', 'Hugo 100xCotton']);
    expect(document.meta.pagination).toEqual({
      current_page: 1,
      total_pages: 1,
      per_page: 2,
      total: 2,
    });
  });

  test('searches are served by indexes that hold the stylist', async () => {
    const explain = async (tx: Tx, term: string) => {
      const query = tx.select({ id: clients.id }).from(clients).where(stylistClientsWhere(1, term));
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
        rows: Record<string, string>[];
      };
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    };
    // A test table is too small for the planner to prefer these indexes (at 100,000 clients it
    // picks them by itself), so plain scans and the covering name index are ruled out for a moment
    // (the drop is rolled back): what remains shows the indexes can serve the search.
    let plain = '';
    let phone = '';
    let short = '';
    await app.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`drop index clients_stylist_name_idx`);
        plain = await explain(tx, "o'b_x%");
        phone = await explain(tx, '212-555-0101');
        short = await explain(tx, 'Ol');
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(plain).toContain('Bitmap Index Scan on clients_stylist_search_trgm_idx');
    expect(plain).toContain(`((stylist_id = 1) AND (search_text ~~ '%o''b\\_x\\%%'::text))`);
    expect(phone).toContain('Bitmap Index Scan on clients_stylist_search_trgm_idx');
    expect(phone).toContain(`(search_text ~~ '%2125550101%'::text)`);
    expect(short).toContain('Bitmap Index Scan on clients_search_prefixes_idx');
  });
});

describe('pagination', () => {
  const pageOf = (page: string) => list(pagerToken, { page });
  const total = 2 * CLIENTS_PAGE_SIZE + 7;

  test('pages hold 30 clients in name order, without overlap, the last holding the rest', async () => {
    const pages = await Promise.all(['1', '2', '3'].map(pageOf));
    expect(pages.map((page) => page.data.length)).toEqual([30, 30, 7]);
    pages.forEach((page, index) =>
      expect(page.meta.pagination).toEqual({
        current_page: index + 1,
        total_pages: 3,
        per_page: CLIENTS_PAGE_SIZE,
        total,
      }),
    );
    const ids = pages.flatMap((page) => page.data.map((client) => client.id));
    expect(new Set(ids).size).toBe(total);

    const all = await list(pagerToken);
    expect(all.data.map((client) => client.id)).toEqual(ids);
    const keys = all.data.map((client) => [
      client.attributes.lastName.toLowerCase(),
      client.attributes.firstName.toLowerCase(),
      client.id,
    ]);
    const sorted = [...keys].sort((a, b) =>
      a[0] !== b[0]
        ? a[0]! < b[0]!
          ? -1
          : 1
        : a[1] !== b[1]
          ? a[1]! < b[1]!
            ? -1
            : 1
          : Number(a[2]) - Number(b[2]),
    );
    expect(keys).toEqual(sorted);
    // Lower-cased order: "last001" sits between "Last000" and "Last002".
    expect(all.data.slice(0, 3).map((client) => client.attributes.lastName)).toEqual([
      'Last000',
      'last001',
      'Last002',
    ]);
  });

  test('without a page the whole list comes back as one page', async () => {
    const all = await list(pagerToken);
    expect(all.data).toHaveLength(total);
    expect(all.meta.pagination).toEqual({
      current_page: 1,
      total_pages: 1,
      per_page: total,
      total,
    });
  });

  test('a page past the last answers 200 with no clients', async () => {
    const document = await pageOf('4');
    expect(document.data).toEqual([]);
    expect(document.meta.pagination).toEqual({
      current_page: 4,
      total_pages: 3,
      per_page: CLIENTS_PAGE_SIZE,
      total,
    });
  });

  test('a stylist without clients has one empty page', async () => {
    const document = await list(emptyToken, { page: '1' });
    expect(document).toEqual({
      data: [],
      meta: {
        pagination: { current_page: 1, total_pages: 1, per_page: CLIENTS_PAGE_SIZE, total: 0 },
      },
    });
  });

  test('a page that is not a whole number from 1 answers 400 under page', async () => {
    for (const page of ['0', '-1', 'abc', '1.5', '']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/stylist/clients?page=${page}`,
        headers: { authorization: `Bearer ${pagerToken}` },
      });
      expect({ page, status: response.statusCode }).toEqual({ page, status: 400 });
      expect(Object.keys(ErrorBodySchema.parse(response.json()).errors ?? {})).toEqual(['page']);
    }
  });

  test('an unknown query parameter answers 400', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/stylist/clients?sort=email',
      headers: { authorization: `Bearer ${pagerToken}` },
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).errors).toEqual({ sort: ['Unknown field'] });
  });

  test('search and page together: the matches, paged', async () => {
    const document = await list(pagerToken, { search: 'first03', page: '1' });
    expect(document.data.length).toBeGreaterThan(0);
    expect(document.data.every((client) => client.attributes.firstName === 'First03')).toBe(true);
    expect(document.meta.pagination.total).toBe(document.data.length);
  });
});
