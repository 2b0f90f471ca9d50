/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement bench/limit.ts captured for each call (its
 * SPEC_OUT file), run with the captured parameters on the database DATABASE_URL names: the
 * plans behind the ratio table, for docs/decisions. Read-only statements only.
 *
 *   SPEC=/tmp/spec.json DATABASE_URL=postgres://… node bench/explain-spec.mjs
 */
import fs from 'node:fs';
import pg from 'pg';

const spec = JSON.parse(fs.readFileSync(process.env.SPEC, 'utf8'));
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
try {
  for (const [url, route] of Object.entries(spec.routes)) {
    console.log(`\n=== GET ${url}`);
    for (const statement of route.waves.flat()) {
      if (!/^\s*(select|with)\b/i.test(statement.text)) continue;
      console.log(`\n--- ${statement.text.replace(/\s+/g, ' ').slice(0, 300)}`);
      console.log(`--- parameters: ${JSON.stringify(statement.values).slice(0, 300)}`);
      // Twice: the second run shows the cached case, which is what the rounds measure.
      await client.query(`explain (analyze, buffers) ${statement.text}`, statement.values);
      const { rows } = await client.query(
        `explain (analyze, buffers) ${statement.text}`,
        statement.values,
      );
      for (const row of rows) console.log(row['QUERY PLAN']);
    }
  }
} finally {
  await client.end();
}
