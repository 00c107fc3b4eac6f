// Mermaid diagrams drawn at build time. Mermaid lays text out with a real DOM, so the drawing
// happens in Debian's Chromium through mermaid-isomorphic (playwright); pages then carry plain
// SVG images and no diagram code at all (the Mermaid runtime alone was 200 KB gzipped).
//
// Each diagram is drawn twice, with Mermaid's light and dark themes, into public/diagrams/ under a
// name made from its text, so an unchanged diagram is never drawn again (.cache/diagrams/ keeps
// the drawings across builds until `gatsby clean`).
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMermaidRenderer } from 'mermaid-isomorphic';
import { chromium } from 'playwright-core';
import { SITE_DIR } from './routes.mjs';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CACHE_DIR = join(SITE_DIR, '.cache', 'diagrams');
const PUBLIC_DIR = join(SITE_DIR, 'public', 'diagrams');
/** Bumped when the drawing options change, so old drawings are not reused. */
const STYLE_VERSION = '1';
// Labels as SVG text rather than HTML in <foreignObject>: the file is shown through <img>, where
// plain SVG text is the most dependable.
const MERMAID_CONFIG = { htmlLabels: false, flowchart: { htmlLabels: false }, state: { useMaxWidth: false }, sequence: { useMaxWidth: false } };
const THEMES = { light: 'default', dark: 'dark' };

let renderer;
function render(charts, theme) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Mermaid diagrams are drawn at build time in Chromium, but ${CHROMIUM_PATH} is missing (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  }
  renderer ??= createMermaidRenderer({ browserType: chromium, launchOptions: { executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] } });
  return renderer(charts, { mermaidConfig: { ...MERMAID_CONFIG, theme: THEMES[theme] }, prefix: `diagram-${theme}` });
}

/** The SVG as a standalone file: <img> sizes it from width/height, not from CSS it cannot see. */
function standaloneSvg(result) {
  return result.svg.replace(/^<svg([^>]*)>/, (_, attributes) => {
    const kept = attributes.replace(/\s(width|height|style)="[^"]*"/g, '');
    return `<svg${kept} width="${Math.ceil(result.width)}" height="${Math.ceil(result.height)}">`;
  });
}

const keyOf = (chart) => createHash('sha256').update(`${STYLE_VERSION}\n${chart.trim()}`).digest('hex').slice(0, 16);

/**
 * Draws the charts (Mermaid text) that are not drawn yet; resolves, in order, to what a page needs:
 * `{ light, dark, width, height }` with the two image URLs. Fails with the chart's own error.
 */
export async function drawDiagrams(charts) {
  mkdirSync(CACHE_DIR, { recursive: true });
  mkdirSync(PUBLIC_DIR, { recursive: true });
  const keys = charts.map(keyOf);
  const missing = [...new Set(keys)].filter((key) => !existsSync(join(CACHE_DIR, `${key}.json`)));
  if (missing.length) {
    const texts = missing.map((key) => charts[keys.indexOf(key)].trim());
    const [light, dark] = await Promise.all([render(texts, 'light'), render(texts, 'dark')]);
    missing.forEach((key, i) => {
      const failed = [light[i], dark[i]].find((result) => result.status === 'rejected');
      if (failed) throw new Error(`failed to draw the Mermaid diagram starting "${texts[i].split('\n')[0]}": ${failed.reason?.message ?? failed.reason}`);
      const { width, height } = light[i].value;
      writeFileSync(join(CACHE_DIR, `${key}-light.svg`), standaloneSvg(light[i].value));
      writeFileSync(join(CACHE_DIR, `${key}-dark.svg`), standaloneSvg(dark[i].value));
      writeFileSync(join(CACHE_DIR, `${key}.json`), JSON.stringify({ width: Math.ceil(width), height: Math.ceil(height) }));
    });
  }
  return keys.map((key) => {
    for (const theme of Object.keys(THEMES)) {
      const file = `${key}-${theme}.svg`;
      if (!existsSync(join(PUBLIC_DIR, file))) copyFileSync(join(CACHE_DIR, file), join(PUBLIC_DIR, file));
    }
    const { width, height } = JSON.parse(readFileSync(join(CACHE_DIR, `${key}.json`), 'utf8'));
    return { light: `/diagrams/${key}-light.svg`, dark: `/diagrams/${key}-dark.svg`, width, height };
  });
}
