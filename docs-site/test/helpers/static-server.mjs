// A tiny static server for public/, resolving routes the way a static host does
// (/guides/cli -> /guides/cli/index.html) and answering 404 with the site's 404 page.
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const PUBLIC_DIR = fileURLToPath(new URL('../../public/', import.meta.url));

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.svg': 'image/svg+xml', '.txt': 'text/plain', '.map': 'application/json', '.ico': 'image/x-icon', '.png': 'image/png' };

/** The file a URL path is served from, or null. */
export function resolvePublicFile(pathname) {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  for (const candidate of [clean, join(clean, 'index.html'), `${clean}.html`]) {
    const file = join(PUBLIC_DIR, candidate);
    if (file.startsWith(PUBLIC_DIR) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/** Starts the server on a free port; resolves { url, close }. */
export async function startStaticServer() {
  if (!existsSync(join(PUBLIC_DIR, 'index.html'))) throw new Error('public/ is empty: run `npm run build -w docs-site` first');
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url, 'http://localhost');
    const file = resolvePublicFile(pathname);
    if (!file) {
      response.writeHead(404, { 'content-type': TYPES['.html'] });
      response.end(readFileSync(join(PUBLIC_DIR, '404.html')));
      return;
    }
    // Compressed like any real static host, so the bench's Lighthouse run sees realistic transfers.
    const body = readFileSync(file);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    if (/gzip/.test(request.headers['accept-encoding'] ?? '') && /text|json|javascript|svg/.test(type)) {
      response.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip', vary: 'accept-encoding' });
      response.end(gzipSync(body));
    } else {
      response.writeHead(200, { 'content-type': type });
      response.end(body);
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}
