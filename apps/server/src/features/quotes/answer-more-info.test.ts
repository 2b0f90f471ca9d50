import {
  ErrorBodySchema,
  OfficeItemDocumentSchema,
  OfficeQueueDocumentSchema,
  QuoteDocumentSchema,
} from '@atelier/contract';
import { and, asc, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { images, quotes, quoteStatusHistory } from '../../db/schema.ts';
import { createTestAccount, tokenFor } from '../../test/test-app.ts';
import { buildQuoteWorld, type QuoteWorld } from './testing.ts';

let world: QuoteWorld;
let authenticator: string;

beforeAll(async () => {
  world = await buildQuoteWorld();
  const account = await createTestAccount(world.app, { role: 'authenticator' });
  authenticator = await tokenFor(world.app, account.email);
});
afterAll(() => world.app.close());

const answerUrl = (quoteId: number | string) => `/api/stylist/quotes/${quoteId}/answer`;
const officeItemUrl = (quoteId: number) => `/api/office/items/${quoteId}`;

async function officeItem(quoteId: number) {
  const response = await world.call(authenticator, 'GET', officeItemUrl(quoteId));
  expect(response.statusCode, response.body).toBe(200);
  return OfficeItemDocumentSchema.parse(response.json()).data;
}

async function decide(quoteId: number, body: Record<string, unknown>) {
  const { version } = await officeItem(quoteId);
  const response = await world.call(authenticator, 'POST', `${officeItemUrl(quoteId)}/decisions`, {
    ...body,
    version,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A quote of the stylist (one photo) on which the authenticator asked for a date-code photo. */
async function askedQuote() {
  const quote = await world.submitQuote();
  await decide(quote.id, { decision: 'start_authentication' });
  await decide(quote.id, {
    decision: 'request_more_info',
    missing: 'a photo of the date code',
    message: 'Please photograph the stamp inside the pocket.',
  });
  return quote.id;
}

async function answered(quoteId: number) {
  const [row] = await world.db
    .select({ answeredAt: quotes.answeredAt, stageEnteredAt: quotes.stageEnteredAt })
    .from(quotes)
    .where(eq(quotes.id, quoteId));
  return row!;
}

async function toAuthenticate(query = '') {
  const response = await world.call(
    authenticator,
    'GET',
    `/api/office/queues/to_authenticate${query}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return OfficeQueueDocumentSchema.parse(response.json());
}

describe('the stylist answers a request for more information', () => {
  test('the card carries the request; the answer adds the photos and note and sends the item back', async () => {
    const quoteId = await askedQuote();
    const listed = await world.call(
      world.tokens.stylist,
      'GET',
      `/api/stylist/clients/${world.client.id}/quotes`,
    );
    const card = (listed.json() as { data: { id: number; attributes: unknown }[] }).data.find(
      (quote) => quote.id === quoteId,
    );
    expect(card?.attributes).toMatchObject({
      status: 'needs_more_info',
      moreInfo: {
        request: {
          missing: 'a photo of the date code',
          message: 'Please photograph the stamp inside the pocket.',
        },
        answer: null,
      },
    });

    const before = await answered(quoteId);
    expect(before.answeredAt).toBeNull();
    const photos = [await world.freeImage(), await world.freeImage()];
    const response = await world.call(world.tokens.stylist, 'POST', answerUrl(quoteId), {
      note: '  The date code is under the flap.  ',
      imageIds: photos,
    });
    expect(response.statusCode, response.body).toBe(200);
    const quote = QuoteDocumentSchema.parse(response.json()).data;
    expect(quote.attributes.status).toBe('authentication_in_progress');
    expect(quote.attributes.images.map((image) => image.id).slice(1)).toEqual(photos);
    expect(quote.attributes.moreInfo).toMatchObject({
      request: { missing: 'a photo of the date code' },
      answer: { note: 'The date code is under the flap.', imageIds: photos },
    });

    const stored = await world.db
      .select({ id: images.id, position: images.position })
      .from(images)
      .where(eq(images.quoteId, quoteId))
      .orderBy(asc(images.position));
    expect(stored.map((image) => image.position)).toEqual([0, 1, 2]);
    const [step] = await world.db
      .select()
      .from(quoteStatusHistory)
      .where(eq(quoteStatusHistory.quoteId, quoteId))
      .orderBy(sql`${quoteStatusHistory.id} desc`)
      .limit(1);
    expect(step).toMatchObject({
      fromStatus: 'needs_more_info',
      toStatus: 'authentication_in_progress',
      actorKind: 'stylist',
      detail: { answer: { note: 'The date code is under the flap.', imageIds: photos } },
    });
    const after = await answered(quoteId);
    expect(after.answeredAt).not.toBeNull();
    // Back in "To authenticate" from another queue: its clock starts again.
    expect(after.stageEnteredAt.getTime()).toBeGreaterThan(before.stageEnteredAt.getTime());

    // The office sees the answer in the workspace, and the next decision clears the marker.
    const seen = await officeItem(quoteId);
    expect(seen.stage).toBe('to_authenticate');
    expect(seen.decisions).toContain('authentic');
    expect(seen.quote.attributes.moreInfo?.answer?.imageIds).toEqual(photos);
    await decide(quoteId, { decision: 'authentic' });
    expect((await answered(quoteId)).answeredAt).toBeNull();
  });

  test('a photo alone is an answer; a note alone too', async () => {
    const withPhoto = await askedQuote();
    const photoOnly = await world.call(world.tokens.stylist, 'POST', answerUrl(withPhoto), {
      imageIds: [await world.freeImage()],
    });
    expect(photoOnly.statusCode, photoOnly.body).toBe(200);
    const withNote = await askedQuote();
    const noteOnly = await world.call(world.tokens.stylist, 'POST', answerUrl(withNote), {
      note: 'There is no date code on this model.',
    });
    expect(noteOnly.statusCode, noteOnly.body).toBe(200);
    expect(
      QuoteDocumentSchema.parse(noteOnly.json()).data.attributes.moreInfo?.answer,
    ).toMatchObject({ note: 'There is no date code on this model.', imageIds: [] });
  });

  test("another stylist's quote, or none, answers 404 and nothing is written", async () => {
    const quoteId = await askedQuote();
    const before = await world.snapshot(quoteId);
    const theirPhoto = await world.freeImage(world.other.stylistId);
    const refused = await world.call(world.tokens.other, 'POST', answerUrl(quoteId), {
      note: 'Mine now',
      imageIds: [theirPhoto],
    });
    expect(refused.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(refused.json()).code).toBe('NOT_FOUND');
    expect(await world.snapshot(quoteId)).toEqual(before);
    const [photo] = await world.db.select().from(images).where(eq(images.id, theirPhoto));
    expect(photo?.quoteId).toBeNull();

    const missing = await world.call(world.tokens.stylist, 'POST', answerUrl(2_000_000_000), {
      note: 'Hello',
    });
    expect(missing.statusCode).toBe(404);
  });

  test('a quote not waiting for more information answers 409 and nothing is written', async () => {
    const quote = await world.submitQuote();
    const before = await world.snapshot(quote.id);
    const photo = await world.freeImage();
    const refused = await world.call(world.tokens.stylist, 'POST', answerUrl(quote.id), {
      note: 'Here you go',
      imageIds: [photo],
    });
    expect(refused.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(refused.json())).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('Pending Authentication'),
    });
    expect(await world.snapshot(quote.id)).toEqual(before);
    expect((await answered(quote.id)).answeredAt).toBeNull();
    const [free] = await world.db.select().from(images).where(eq(images.id, photo));
    expect(free?.quoteId).toBeNull();

    // Answered once, it is no longer waiting: a second answer is refused too.
    const asked = await askedQuote();
    const first = await world.call(world.tokens.stylist, 'POST', answerUrl(asked), { note: 'A' });
    expect(first.statusCode).toBe(200);
    const second = await world.call(world.tokens.stylist, 'POST', answerUrl(asked), { note: 'B' });
    expect(second.statusCode).toBe(409);
  });

  test('bad input answers 400 in the error shape, field by field, and nothing is written', async () => {
    const quoteId = await askedQuote();
    const before = await world.snapshot(quoteId);
    const cases: [unknown, string][] = [
      [{}, 'note'],
      [{ note: '   ', imageIds: [] }, 'note'],
      [{ note: 'x'.repeat(2001) }, 'note'],
      [{ note: 'ok', imageIds: 'one' }, 'imageIds'],
      [{ note: 'ok', imageIds: [1, 1] }, 'imageIds'],
      [{ note: 'ok', imageIds: Array.from({ length: 11 }, (_, i) => i + 1) }, 'imageIds'],
      [{ note: 'ok', status: 'authenticated_no_offer' }, ''],
    ];
    for (const [body, field] of cases) {
      const response = await world.call(world.tokens.stylist, 'POST', answerUrl(quoteId), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = ErrorBodySchema.parse(response.json());
      expect(error.code).toBe('VALIDATION_FAILED');
      if (field) expect(Object.keys(error.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    const badId = await world.call(world.tokens.stylist, 'POST', answerUrl('abc'), { note: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(await world.snapshot(quoteId)).toEqual(before);
  });

  test("photos must be the stylist's own uploads on no quote: 404 and 409, nothing written", async () => {
    const quoteId = await askedQuote();
    const before = await world.snapshot(quoteId);
    const mine = await world.freeImage();
    const theirs = await world.freeImage(world.other.stylistId);
    const foreign = await world.call(world.tokens.stylist, 'POST', answerUrl(quoteId), {
      note: 'Two photos',
      imageIds: [mine, theirs],
    });
    expect(foreign.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(foreign.json()).errors).toHaveProperty('imageIds');

    const taken = (await world.submitQuote()).attributes.images[0]!.id;
    const onAnother = await world.call(world.tokens.stylist, 'POST', answerUrl(quoteId), {
      note: 'That photo',
      imageIds: [mine, taken],
    });
    expect(onAnother.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(onAnother.json()).errors).toHaveProperty('imageIds');

    expect(await world.snapshot(quoteId)).toEqual(before);
    const [free] = await world.db.select().from(images).where(eq(images.id, mine));
    expect(free?.quoteId).toBeNull();
  });
});

describe('"To authenticate" puts answered items first', () => {
  test('answered items lead the queue, marked, oldest answer first; the rest follow oldest first', async () => {
    const waiting = (await world.submitQuote()).id;
    const firstAnswered = await askedQuote();
    const secondAnswered = await askedQuote();
    // The waiting item came in long ago: without the marker it would lead.
    await world.db
      .update(quotes)
      .set({ stageEnteredAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(quotes.id, waiting));
    for (const quoteId of [firstAnswered, secondAnswered]) {
      const response = await world.call(world.tokens.stylist, 'POST', answerUrl(quoteId), {
        note: 'Answered',
      });
      expect(response.statusCode, response.body).toBe(200);
    }

    const page = await toAuthenticate();
    const ids = page.data.map((row) => row.quoteId);
    const answeredCount = page.data.filter((row) => row.answered).length;
    expect(ids.slice(0, answeredCount)).toEqual(
      page.data.filter((row) => row.answered).map((row) => row.quoteId),
    );
    expect(ids.indexOf(firstAnswered)).toBeLessThan(ids.indexOf(secondAnswered));
    expect(ids.indexOf(secondAnswered)).toBeLessThan(ids.indexOf(waiting));
    expect(page.data.find((row) => row.quoteId === firstAnswered)?.answered).toBe(true);
    expect(page.data.find((row) => row.quoteId === waiting)?.answered).toBe(false);

    // Looked at again (a decision), the item loses its marker and its place.
    await decide(firstAnswered, {
      decision: 'request_more_info',
      missing: 'a photo of the serial',
      message: 'One more, please.',
    });
    const later = await toAuthenticate();
    expect(later.data.some((row) => row.quoteId === firstAnswered)).toBe(false);
    expect(later.data.find((row) => row.quoteId === secondAnswered)?.answered).toBe(true);
    // The filters keep the order.
    const filtered = await toAuthenticate(`?stylistId=${world.stylist.stylistId}`);
    const filteredIds = filtered.data.map((row) => row.quoteId);
    const at = filteredIds.indexOf(secondAnswered);
    expect(filtered.data.slice(0, at + 1).every((row) => row.answered)).toBe(true);
    expect(at).toBeLessThan(filteredIds.indexOf(waiting));
  });

  test("the queue's order is served by its index", async () => {
    const explain = async (tx: Parameters<Parameters<typeof world.db.transaction>[0]>[0]) => {
      const query = tx
        .select({ id: quotes.id })
        .from(quotes)
        .where(and(eq(quotes.officeStage, 'to_authenticate')))
        .orderBy(sql`(${quotes.answeredAt} is null)`, asc(quotes.stageEnteredAt), asc(quotes.id))
        .limit(25);
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
        rows: Record<string, string>[];
      };
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    };
    // A test table is too small for the planner to prefer an index on its own; without plain
    // scans, what remains shows the index serves the order with no sort.
    let plan = '';
    await world.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        plan = await explain(tx);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(plan).toMatch(/Index (Only )?Scan using quotes_office_queue_idx/);
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
