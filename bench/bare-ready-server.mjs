/**
 * The least a server can do before its /health/ready answers 200: start node, open the same
 * database the server opens (PGlite with pg_trgm and btree_gin in DATA_DIR/pg, created when missing) and ask
 * it `select 1`. No framework, no migrations. bench/cold-start.ts measures Atelier against it.
 */
import http from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const db = await PGlite.create(path.join(process.env.DATA_DIR, 'pg'), {
  extensions: { btree_gin, pg_trgm },
});
await db.query('select 1');

const server = http.createServer(async (request, response) => {
  const ready = request.url === '/health/ready' && (await db.query('select 1')).rows.length === 1;
  response.writeHead(ready ? 200 : 404).end();
});
server.listen(Number(process.env.PORT), '127.0.0.1');

process.on('SIGTERM', () => {
  server.close();
  void db.close().then(() => process.exit(0));
});
