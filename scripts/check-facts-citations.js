// The lint step's citation check (`npm run lint` runs it beside the import-circle check): exits 1,
// naming file and line, when a source file cites a numbered section of a "facts" document. Those
// documents lived outside the repository, so a reader could not follow the reference; a comment
// says instead, in a few words, what of the original it relies on. The citation may be split over
// two comment lines, so whitespace and comment markers between the word and the section sign are
// skipped. An optional argument names another folder to check (the check's own test uses it).
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.argv[2] ? path.resolve(process.argv[2]) : fileURLToPath(new URL('..', import.meta.url));
// Folders that hold no sources of ours: dependencies, builds, caches.
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.cache', 'public', '.temp']);
const SOURCES = /\.(?:[cm]?[jt]s|tsx|jsx|sql)$/;
// The section sign is written as an escape so this file does not cite anything itself.
const CITATION = /facts(?:\s|\*|\/\/|--)*\u00a7\s*\d/gi;

/** Every source file under `dir`, depth first. */
async function* sources(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) yield* sources(path.join(dir, entry.name));
    } else if (entry.isFile() && SOURCES.test(entry.name)) {
      yield path.join(dir, entry.name);
    }
  }
}

const found = [];
for await (const file of sources(root)) {
  const text = await readFile(file, 'utf8');
  for (const match of text.matchAll(CITATION)) {
    const line = text.slice(0, match.index).split('\n').length;
    found.push(`${path.relative(root, file)}:${line}: ${match[0].replace(/\s+/g, ' ')}`);
  }
}
if (found.length > 0) {
  process.stderr.write(`${found.join('\n')}\ncomments cite a facts document the repository does not have: say in a few words what of the original they rely on instead\n`);
  process.exit(1);
}
