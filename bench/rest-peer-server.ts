/**
 * bench/rest.ts's peer: the least a Node HTTP server in front of PostgreSQL can do for the same
 * requests. A bare node:http server (no framework, no key or JWT check, no parsing of PostgREST's
 * grammar, no schema cache) that runs the statement REST built for operation N, as anon, in the
 * same one-transaction script REST sends (runRequestTransaction) on the same kind of pool, and
 * answers its body. What REST costs beyond it is ours; what it costs beyond the floor is the HTTP
 * hop's. Started by the bench with the statements in a JSON file: `<file> <db port>`.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRestPool } from '../tasks/api/common/db-pool.js';
import { runRequestTransaction, type RequestContext, type SqlStatement } from '../tasks/api/common/request-transaction.js';

const [file, dbPort] = process.argv.slice(2);
const { statements, readOnly } = JSON.parse(readFileSync(file, 'utf8')) as { statements: SqlStatement[]; readOnly: boolean[] };
const pool = createRestPool({ dbPort: Number(dbPort), dbPassword: 'postgres' });
const context = (method: string, path: string): RequestContext => ({
  auth: { role: 'anon', claims: { role: 'anon' }, authenticated: false }, schema: 'public', extraSearchPath: ['public', 'extensions'],
  method, path, headers: {}, cookies: {},
});

const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const index = Number(request.url?.slice(1));
    runRequestTransaction<{ body: string | null }>(pool, context(request.method ?? 'GET', request.url ?? '/'), statements[index], { readOnly: readOnly[index], rollback: false })
      .then((row) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(row?.body ?? '');
      }, (error: Error) => {
        response.writeHead(500);
        response.end(error.message);
      });
  });
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (server.address() as { port: number }).port })));
