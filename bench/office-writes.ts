/**
 * What the back office's database triggers cost a stylist's everyday writes, on PostgreSQL: the
 * same writes with the office's triggers enabled and disabled, in interleaved rounds (on, off,
 * on, off, …) so that the shared machine's load falls on both alike. The triggers are those of
 * migrations 0012 (the queues' counts), 0018 (a pg_notify per changed item), 0019 (a claim ends
 * with its queue) and 0020 (the reports' stints, on the status history); they fire on every
 * quote insert and every change of status.
 *
 *   pg_virtualenv -t -v 15 bash -c 'DATABASE_URL=postgres://$PGUSER:$PGPASSWORD@127.0.0.1:$PGPORT/$PGDATABASE npx tsx bench/office-writes.ts'
 *
 * The writes:
 * - "add an item": `POST /api/stylist/white-glove-quotes` as the generated stylist, with
 *   autocannon. A photo is taken by the quote it is posted with (a second post of it answers
 *   409), so one photo is uploaded and copied in the database before each round, one free copy
 *   a request; the client turns round the stylist's clients. Every answer must be 201.
 * - "change a status": the change of status a decision makes, as direct SQL through the app's
 *   database pool (no repeatable endpoint makes one): in one transaction, the quote's status
 *   and `stage_entered_at`, then its step in quote_status_history, turning each quote of a pool
 *   between `authenticated_no_offer` ("To price") and `pending_authentication` ("To
 *   authenticate"), CONNECTIONS at once, each on its own quote.
 *
 * The triggers are disabled by name (ALTER TABLE … DISABLE TRIGGER) and enabled again in a
 * finally block, on SIGINT/SIGTERM and at the end; then the kept figures the "off" rounds left
 * behind (office_stage_counts, the stints of the steps written here) are made again.
 *
 * Knobs: DURATION (s per write per round, 5), CONNECTIONS (10), WARMUP (s, 1, triggers on, before
 * the first round), ROUNDS (on/off pairs, 3), TRIGGERS (a regular expression: the "off" rounds
 * disable only the office triggers it matches, e.g. `stints` or `events`; all by default), and generate-data.ts's STYLISTS (1 here),
 * CLIENTS_PER_STYLIST (10000 here), QUOTES_PER_CLIENT (2), COMMISSIONS_PER_CLIENT (1).
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { users } from '../apps/server/src/db/schema.ts';
import { createAccount } from '../apps/server/src/features/user-accounts/create-account.ts';
import { API_ACCEPT } from '../packages/contract/src/index.ts';
import {
  BENCH_PASSWORD,
  generateData,
  generateStatusHistory,
  optionsFromEnv,
} from './generate-data.ts';
import { buildBenchApp, requirePostgres } from './bench-app.ts';
import { bearerFor } from './sign-in.ts';

requirePostgres('bench/office-writes.ts');

const whole = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number above 0`);
  return n;
};
const duration = whole('DURATION', 5);
const connections = whole('CONNECTIONS', 10);
const rounds = whole('ROUNDS', 3);
const warmup = Number(process.env.WARMUP ?? 1);
const generate = optionsFromEnv({ STYLISTS: '1', CLIENTS_PER_STYLIST: '10000', ...process.env });
const OFFICE_EMAIL = 'bench-office@atelier.test';
// More free photo copies a round than a 2-core machine can post in it.
const PHOTOS_PER_ROUND = duration * 2000;

/** The back office's triggers, by table: every one that migrations 0012, 0018, 0019 and 0020 made. */
const OFFICE_TRIGGERS: Record<string, string[]> = {
  quotes: [
    'quotes_office_counts_insert',
    'quotes_office_counts_update',
    'quotes_office_counts_delete',
    'quotes_office_events_insert',
    'quotes_office_events_update',
    'quotes_office_events_delete',
    'quotes_claims_end_with_stage',
  ],
  office_claims: [
    'office_claims_events_insert',
    'office_claims_events_update',
    'office_claims_events_delete',
  ],
  office_second_opinions: [
    'office_second_opinions_events_insert',
    'office_second_opinions_events_update',
  ],
  office_notes: ['office_notes_events_insert'],
  quote_status_history: [
    'quote_status_history_stints_insert',
    'quote_status_history_stints_delete',
    'quote_status_history_stints_update',
  ],
};
const TRIGGER_COUNT = Object.values(OFFICE_TRIGGERS).flat().length;

const { app, config, close } = await buildBenchApp();
const db = app.database.db;

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

// The "off" rounds disable these only (all by default), to tell one trigger's cost from another's.
const disabling = process.env.TRIGGERS ? new RegExp(process.env.TRIGGERS) : /./;

/** Enables every office trigger, or disables those TRIGGERS names, by name in one transaction. */
async function setOfficeTriggers(enabled: boolean) {
  await db.transaction(async (tx) => {
    for (const [table, names] of Object.entries(OFFICE_TRIGGERS)) {
      for (const name of names.filter((one) => enabled || disabling.test(one))) {
        await tx.execute(
          sql`alter table ${sql.identifier(table)} ${sql.raw(enabled ? 'enable' : 'disable')} trigger ${sql.identifier(name)}`,
        );
      }
    }
  });
}

// The last step of history before the rounds; the stints of those after it are made again.
let historyBefore: number | undefined;

/**
 * Enables every office trigger, then makes again what "off" rounds did not keep: the queues'
 * counts, and the stints of the steps written since historyBefore.
 */
async function restore() {
  await setOfficeTriggers(true);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from office_stage_counts`);
    await tx.execute(sql`
      insert into office_stage_counts (stylist_id, stage, items)
      select stylist_id, office_stage, count(*) from quotes where office_stage is not null group by 1, 2`);
    if (historyBefore === undefined) return;
    await tx.execute(sql`
      select quote_status_history_set_stints(array(
        select distinct quote_id from quote_status_history where id > ${historyBefore}::int))`);
  });
}

// An interrupted run (Ctrl-C, kill) leaves no trigger disabled either.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: enabling the office triggers again`);
    restore()
      .catch((error: unknown) => console.error('could not enable the office triggers:', error))
      .finally(() => process.exit(130));
  });
}

interface Sample {
  rps: number;
  p50: number;
  p97_5: number;
}
const samples = new Map<string, Sample[]>();
const record = (name: string, sample: Sample) =>
  samples.set(name, [...(samples.get(name) ?? []), sample]);
let failed = false;

try {
  const [found] = await rowsOf<{ n: number }>(sql`
    select count(*)::int as n from pg_trigger
    where not tgisinternal and tgname in (${sql.join(
      Object.values(OFFICE_TRIGGERS)
        .flat()
        .map((name) => sql`${name}`),
      sql`, `,
    )})`);
  if (found?.n !== TRIGGER_COUNT)
    throw new Error(`expected ${TRIGGER_COUNT} office triggers, found ${found?.n}`);
  // A run stopped by kill -9 may have left them disabled.
  await setOfficeTriggers(true);

  const [stylist] = await generateData(db, {
    ...generate,
    auth: app.auth,
    log: (line) => console.log(`  ${line}`),
  });
  if (!stylist) throw new Error('no stylist was generated');
  let [office] = await db.select({ id: users.id }).from(users).where(eq(users.email, OFFICE_EMAIL));
  if (!office) {
    const made = await createAccount(db, app.auth, {
      email: OFFICE_EMAIL,
      password: BENCH_PASSWORD,
      firstName: 'Bench',
      lastName: 'Office',
      role: 'operations',
    });
    office = { id: made.userId };
  }
  // The stints trigger reads each quote's history: give the quotes theirs.
  await generateStatusHistory(db, office.id, (line) => console.log(`  ${line}`));
  const [before] = await rowsOf<{ last: number }>(
    sql`select coalesce(max(id), 0)::int as last from quote_status_history`,
  );
  historyBefore = before?.last ?? 0;

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const auth = await bearerFor(address, config.publicUrl, {
    email: stylist.email,
    password: BENCH_PASSWORD,
  });

  // One small photo, uploaded as the web does; its row is copied for each request.
  const photo = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 180, g: 120, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'bench.jpg');
  const uploaded = await fetch(`${address}/api/stylist/white-glove-quotes/images`, {
    method: 'POST',
    headers: { ...auth, accept: API_ACCEPT },
    body: form,
  });
  if (uploaded.status !== 201)
    throw new Error(`photo upload: ${uploaded.status} ${await uploaded.text()}`);
  const { id: photoId } = (await uploaded.json()) as { id: number };

  const clientIds = (
    await rowsOf<{ id: number }>(
      sql`select id from clients where stylist_id = ${stylist.stylistId}::int order by id limit 1000`,
    )
  ).map((row) => row.id);
  // The item's designer and category, which the form offers only as a pair of the directory
  // (generate-data.ts fills no directory).
  const [kind] = await rowsOf<{ designer_id: number; category_id: number }>(sql`
    insert into designer_categories (designer_id, category_id)
    select designer_id, category_id from quotes where stylist_id = ${stylist.stylistId}::int
    order by id limit 1
    on conflict (designer_id, category_id) do update set designer_id = excluded.designer_id
    returning designer_id, category_id`);
  if (clientIds.length === 0 || !kind) throw new Error('the stylist has no clients or quotes');
  const flipPool = (
    await rowsOf<{ id: number }>(sql`
      select id from quotes
      where stylist_id = ${stylist.stylistId}::int
        and status in ('authenticated_no_offer', 'pending_authentication')
        and commission_paid_at is null
      order by id`)
  ).map((row) => row.id);
  if (flipPool.length < connections)
    throw new Error(`only ${flipPool.length} quotes to change, fewer than CONNECTIONS`);

  /** Free copies of the uploaded photo, for one round of posts. */
  const freePhotos = async () =>
    (
      await rowsOf<{ id: number }>(sql`
        insert into images (stylist_id, storage_key, thumbnail_key, content_type, width, height, bytes)
        select stylist_id, storage_key, thumbnail_key, content_type, width, height, bytes
        from images, generate_series(1, ${PHOTOS_PER_ROUND}::int)
        where id = ${photoId}::int
        returning id`)
    ).map((row) => row.id);

  const addItems = async (seconds: number) => {
    const photos = await freePhotos();
    let next = 0;
    let refused = 0;
    let firstRefusal = '';
    const result = await autocannon({
      url: `${address}/api/stylist/white-glove-quotes`,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          headers: { ...auth, accept: API_ACCEPT, 'content-type': 'application/json' },
          setupRequest: (request) => {
            const n = next++;
            return {
              ...request,
              body: JSON.stringify({
                brandId: kind.designer_id,
                categoryId: kind.category_id,
                name: 'Bench item',
                description: '',
                imageIds: [photos[n % photos.length]],
                clientId: clientIds[n % clientIds.length],
              }),
            };
          },
          onResponse: (status, body) => {
            if (status === 201) return;
            refused += 1;
            firstRefusal ||= `${status} ${body}`;
          },
        },
      ],
    });
    if (refused + result.errors + result.timeouts > 0) {
      failed = true;
      console.error(
        `add an item: ${refused} answers not 201 (first: ${firstRefusal.slice(0, 200)}), ${result.errors} errors, ${result.timeouts} timeouts`,
      );
    }
    if (next > photos.length) {
      failed = true;
      console.error(`add an item: ${next} requests for ${photos.length} photos`);
    }
    return { rps: result.requests.average, p50: result.latency.p50, p97_5: result.latency.p97_5 };
  };

  let turn = 0;
  /** One decision's change of status: the quote, then its step, in one transaction. */
  const changeStatus = (quoteId: number) =>
    db.transaction(async (tx) => {
      const moved = (await tx.execute(sql`
        update quotes q
        set status = case when old.status = 'authenticated_no_offer'
                          then 'pending_authentication'::quote_status
                          else 'authenticated_no_offer'::quote_status end,
            stage_entered_at = now(), updated_at = now()
        from (select id, status from quotes where id = ${quoteId}::int for update) old
        where q.id = old.id
        returning old.status as from_status, q.status as to_status`)) as unknown as {
        rows: { from_status: string; to_status: string }[];
      };
      const step = moved.rows[0];
      if (!step) throw new Error(`quote ${quoteId} vanished`);
      await tx.execute(sql`
        insert into quote_status_history (quote_id, from_status, to_status, actor_kind, actor_user_id, note)
        values (${quoteId}::int, ${step.from_status}::quote_status, ${step.to_status}::quote_status,
                'admin', ${office.id}, 'Bench decision.')`);
    });
  const changeStatuses = async (seconds: number) => {
    const times: number[] = [];
    const until = performance.now() + seconds * 1000;
    // Each worker takes the pool's next quote, so no two hold the same row at once.
    const worker = async () => {
      while (performance.now() < until) {
        const quoteId = flipPool[turn++ % flipPool.length]!;
        const started = performance.now();
        await changeStatus(quoteId);
        times.push(performance.now() - started);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: connections }, worker));
    const elapsed = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
    return { rps: times.length / elapsed, p50: at(0.5), p97_5: at(0.975) };
  };

  const writes = [
    { name: 'add an item (POST white-glove-quotes)', run: addItems },
    { name: 'change a status (quote + history, SQL)', run: changeStatuses },
  ];
  const [facts] = await rowsOf<{ version: string; quotes: number; steps: number }>(sql`
    select current_setting('server_version') as version, (select count(*)::int from quotes) as quotes,
           (select count(*)::int from quote_status_history) as steps`);
  console.log(
    `\nPostgreSQL ${facts?.version}, ${facts?.quotes} quotes, ${facts?.steps} steps of history, ` +
      `${flipPool.length} quotes to change; ${rounds} rounds of triggers on then off (off: ${
        Object.values(OFFICE_TRIGGERS)
          .flat()
          .filter((name) => disabling.test(name)).length
      } of ${TRIGGER_COUNT} disabled), ${duration}s ` +
      `per write, ${connections} connections, ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}\n`,
  );
  if (warmup > 0) for (const write of writes) await write.run(warmup);

  for (let round = 1; round <= rounds; round += 1) {
    for (const enabled of [true, false]) {
      await setOfficeTriggers(enabled);
      try {
        for (const write of writes) {
          const figures = await write.run(duration);
          record(`${write.name}|${enabled ? 'on' : 'off'}`, figures);
          console.log(
            `round ${round}, triggers ${enabled ? 'on ' : 'off'}  ${write.name.padEnd(40)} ` +
              `${figures.rps.toFixed(0).padStart(6)} req/s  p50 ${figures.p50.toFixed(1).padStart(7)} ms  ` +
              `p97.5 ${figures.p97_5.toFixed(1).padStart(7)} ms  load ${os
                .loadavg()
                .map((n) => n.toFixed(2))
                .join(' ')}`,
          );
        }
      } finally {
        await setOfficeTriggers(true);
      }
    }
  }
} finally {
  try {
    await restore();
  } finally {
    await close();
  }
}

const spread = (values: number[], digits = 0) =>
  `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`;
const mean = (values: number[]) => values.reduce((sum, n) => sum + n, 0) / values.length;
console.log(
  `\n${'write'.padEnd(40)} triggers      req/s   p97.5 ms  (spread over ${rounds} rounds)`,
);
for (const write of new Set([...samples.keys()].map((key) => key.split('|')[0]!))) {
  const on = samples.get(`${write}|on`) ?? [];
  const off = samples.get(`${write}|off`) ?? [];
  for (const [label, list] of [
    ['on', on],
    ['off', off],
  ] as const) {
    console.log(
      `${write.padEnd(40)} ${label.padEnd(8)} ${spread(list.map((s) => s.rps)).padStart(10)} ${spread(
        list.map((s) => s.p97_5),
        1,
      ).padStart(10)}`,
    );
  }
  if (on.length > 0 && off.length > 0) {
    console.log(
      `${write.padEnd(40)} on/off   req/s ${(mean(on.map((s) => s.rps)) / mean(off.map((s) => s.rps))).toFixed(2)}, ` +
        `p97.5 ${(mean(on.map((s) => s.p97_5)) / mean(off.map((s) => s.p97_5))).toFixed(2)} (means over the rounds)`,
    );
  }
}
if (failed) {
  console.error('\nsome writes failed: the numbers above do not measure them');
  process.exit(1);
}
