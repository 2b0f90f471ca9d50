import {
  ErrorBodySchema,
  OFFICE_CHANGE_EVENT,
  OfficeChangeEventSchema,
  OfficeItemDocumentSchema,
  officeApi,
  type OfficeChangeEvent,
} from '@atelier/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { officeClaims, quotes } from '../../db/schema.ts';
import { openLiveStream } from '../notifications/notifications-testing.ts';
import { insertClients, insertQuote } from '../../test/fixtures.ts';
import {
  buildSecondInstance,
  buildTestApp,
  createTestAccount,
  tokenFor,
} from '../../test/test-app.ts';

/**
 * The staff's live stream (issue 30 item 12): every change to an item, made by anyone on any
 * instance, reaches every staff member's open stream as `{quoteId, kind}`.
 */
let app: App;
const tokens: Record<string, string> = {};
const userIds: Record<string, string> = {};
let stylistId: number;
let clientId: number;

beforeAll(async () => {
  app = await buildTestApp();
  for (const role of ['stylist', 'user', 'operations', 'authenticator'] as const) {
    const account = await createTestAccount(app, { role });
    tokens[role] = await tokenFor(app, account.email);
    userIds[role] = account.userId;
    if (role === 'stylist') stylistId = account.stylistId!;
  }
  clientId = (
    await insertClients(app.database.db, stylistId, [{ firstName: 'Margaux', lastName: 'Dubois' }])
  )[0]!.id;
});
afterAll(() => app.close());

const db = () => app.database.db;
const path = officeApi.streamOffice.path;

function call(token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload !== undefined && { payload }),
  });
}

type Stream = Awaited<ReturnType<typeof openLiveStream>>;

/** Opens `who`'s office stream on `on` and reads past its `retry:` field. */
const openOfficeStream = (who: string, on: App = app): Promise<Stream> =>
  openLiveStream(on, tokens[who]!, path);

/** The changes heard until one about `quoteId` of `kind` (others' changes are skipped). */
async function changeOf(stream: Stream, quoteId: number | null, kind: OfficeChangeEvent['kind']) {
  const heard: OfficeChangeEvent[] = [];
  // Bounded: a few events per change, and each read waits at most 5 s.
  for (let count = 0; count < 50; count += 1) {
    const block = await stream.nextEvent();
    expect(block.event).toBe(OFFICE_CHANGE_EVENT);
    const change = OfficeChangeEventSchema.parse(block.data);
    heard.push(change);
    if (change.quoteId === quoteId && change.kind === kind) return heard;
  }
  throw new Error(`no ${kind} of ${quoteId} among ${JSON.stringify(heard)}`);
}

const newQuote = () =>
  insertQuote(db(), { stylistId, clientId, status: 'pending_authentication', name: 'Kelly 28' });

describe('GET /api/office/stream: who may open it', () => {
  test('a stylist and a shopper are refused with 403, a stranger is asked to sign in', async () => {
    for (const [who, status] of [
      ['stylist', 403],
      ['user', 403],
    ] as const) {
      const response = await app.inject({ url: `${path}?access_token=${tokens[who]!}` });
      expect(response.statusCode, who).toBe(status);
      expect(ErrorBodySchema.parse(response.json()).code).toBe('FORBIDDEN');
    }
    const stranger = await app.inject({ url: path });
    expect(stranger.statusCode).toBe(401);
  });
});

describe('GET /api/office/stream: live changes', () => {
  test("a staff member hears another's claim, release and decision on an item", async () => {
    const quoteId = await newQuote();
    const stream = await openOfficeStream('authenticator');
    try {
      const claimUrl = `/api/office/items/${quoteId}/claim`;
      expect((await call(tokens.operations!, 'POST', claimUrl, {})).statusCode).toBe(200);
      await changeOf(stream, quoteId, 'claim');
      expect((await call(tokens.operations!, 'DELETE', claimUrl)).statusCode).toBe(200);
      await changeOf(stream, quoteId, 'claim');

      const item = await call(tokens.operations!, 'GET', `/api/office/items/${quoteId}`);
      const { version } = OfficeItemDocumentSchema.parse(item.json()).data;
      const decided = await call(
        tokens.operations!,
        'POST',
        `/api/office/items/${quoteId}/decisions`,
        { decision: 'start_authentication', version },
      );
      expect(decided.statusCode, decided.body).toBe(200);
      await changeOf(stream, quoteId, 'changed');

      const noted = await call(tokens.operations!, 'POST', `/api/office/items/${quoteId}/notes`, {
        text: 'The date code is under the flap.',
      });
      expect(noted.statusCode).toBe(201);
      await changeOf(stream, quoteId, 'note');
    } finally {
      stream.close();
    }
  });

  test('a new item is heard, and a change that rolls back is never announced', async () => {
    const stream = await openOfficeStream('operations');
    try {
      const rolledBack = await newQuote();
      // Heard: the item is new.
      await changeOf(stream, rolledBack, 'created');
      await expect(
        db().transaction(async (tx) => {
          await tx
            .insert(officeClaims)
            .values({ quoteId: rolledBack, userId: userIds.operations! });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      // The next change heard is this one: the failed claim sent nothing.
      const later = await newQuote();
      const heard = await changeOf(stream, later, 'created');
      expect(heard).toEqual([{ quoteId: later, kind: 'created' }]);
    } finally {
      stream.close();
    }
  });

  test('a statement that changes many items at once is one change naming none', async () => {
    const ids = await Promise.all(Array.from({ length: 21 }, () => newQuote()));
    const stream = await openOfficeStream('operations');
    try {
      await db().update(quotes).set({ name: 'Birkin 30' }).where(inArray(quotes.id, ids));
      const heard = await changeOf(stream, null, 'changed');
      const named = heard.filter(
        (change) => change.kind === 'changed' && ids.includes(change.quoteId ?? 0),
      );
      expect(named).toEqual([]);
      // A few at once are told one by one.
      await db()
        .update(quotes)
        .set({ name: 'Kelly 25' })
        .where(inArray(quotes.id, ids.slice(0, 2)));
      await changeOf(stream, ids[0]!, 'changed');
    } finally {
      stream.close();
    }
  });

  // PGlite is one process; only PostgreSQL has other instances to reach.
  test.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a claim made on one instance reaches a staff stream open on another',
    async () => {
      const second = await buildSecondInstance(app);
      try {
        const quoteId = await newQuote();
        const stream = await openOfficeStream('authenticator', second);
        try {
          const claimed = await call(
            tokens.operations!,
            'POST',
            `/api/office/items/${quoteId}/claim`,
            {},
          );
          expect(claimed.statusCode).toBe(200);
          await changeOf(stream, quoteId, 'claim');
        } finally {
          stream.close();
        }
      } finally {
        await second.close();
      }
    },
  );
});
