// Draws static/favicon.ico from static/favicon.svg (browsers that ask for /favicon.ico, and
// tools that never read <link rel="icon">). An .ico may hold PNG images, so the SVG is drawn at
// 16, 32 and 48 px in Chromium and the PNGs are packed behind the ICO header. Run after changing
// the SVG: node scripts/make-favicon.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const SIZES = [16, 32, 48];
const svg = readFileSync(new URL('../static/favicon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const pngs = [];
try {
  const page = await browser.newPage();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    pngs.push(await page.screenshot({ omitBackground: true }));
  }
} finally {
  await browser.close();
}

// ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the images.
const header = Buffer.alloc(6 + 16 * pngs.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2); // 1 = icon
header.writeUInt16LE(pngs.length, 4);
let offset = header.length;
pngs.forEach((png, i) => {
  const entry = 6 + 16 * i;
  header.writeUInt8(SIZES[i] % 256, entry); // width (0 means 256)
  header.writeUInt8(SIZES[i] % 256, entry + 1); // height
  header.writeUInt16LE(1, entry + 4); // colour planes
  header.writeUInt16LE(32, entry + 6); // bits per pixel
  header.writeUInt32LE(png.length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += png.length;
});
writeFileSync(new URL('../static/favicon.ico', import.meta.url), Buffer.concat([header, ...pngs]));
console.log(`static/favicon.ico: ${SIZES.join(', ')} px`);
