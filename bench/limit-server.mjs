/**
 * The physical limit for a stylist call: a bare `node:http` server with a `pg` pool of the same
 * size as Atelier's, that runs for each route exactly the statements Atelier ran for it (captured
 * from PostgreSQL's statement log by bench/limit.ts, with their parameters) and answers a JSON
 * document of the same shape and size, serialised on every request. No framework, no auth, no
 * validation, no logging. bench/limit.ts measures Atelier against it.
 *
 * Environment: SPEC (a JSON file written by bench/limit.ts), DATABASE_URL, DATABASE_POOL_MAX, PORT.
 *
 * Spec: { routes: { [url]: { waves, transaction, contentType, body } } }. A wave is a list of
 * statements Atelier ran side by side (on separate connections); waves run one after another.
 * A call that ran in a transaction runs all its statements in turn on one connection. A statement
 * Atelier ran as a named prepared statement ({ name, text, values }) is run by the same name, so
 * each connection parses and plans it once, as Atelier's do.
 */
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';

const spec = JSON.parse(fs.readFileSync(process.env.SPEC, 'utf8'));
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_MAX ?? 10),
  keepAlive: true,
});
pool.on('error', () => {});

const routes = new Map(
  Object.entries(spec.routes).map(([url, route]) => [
    url,
    { ...route, body: JSON.parse(route.body) },
  ]),
);

async function run(route) {
  if (route.transaction) {
    const client = await pool.connect();
    try {
      for (const wave of route.waves) {
        for (const statement of wave) await client.query(statement);
      }
    } finally {
      client.release();
    }
    return;
  }
  for (const wave of route.waves) {
    await Promise.all(wave.map((statement) => pool.query(statement)));
  }
}

const server = http.createServer((request, response) => {
  if (request.url === '/health/ready') {
    response.writeHead(200).end();
    return;
  }
  const route = routes.get(request.url);
  if (!route) {
    response.writeHead(404).end();
    return;
  }
  run(route).then(
    () => {
      const json = JSON.stringify(route.body);
      response
        .writeHead(200, {
          'content-type': route.contentType,
          'content-length': Buffer.byteLength(json),
        })
        .end(json);
    },
    (error) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error.message));
    },
  );
});
server.listen(Number(process.env.PORT), '127.0.0.1');

process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
