// Turns the screenshots of the repository's browser test of the user-management example
// (test/e2e/user-management-browser.test.ts, which keeps them in test/artifacts/) into the small
// images the React tutorial shows, in static/images/guides/with-react/. They are real runs, never
// mock-ups: run the test, then `node scripts/tutorial-screenshots.mjs`. Each is cropped to what is
// on screen (the empty page below it says nothing), given a margin back, and stored as an indexed
// PNG, which keeps flat UI colours exact at a fraction of the size.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ARTIFACTS = fileURLToPath(new URL('../../test/artifacts/user-management-browser/', import.meta.url));
const OUT = fileURLToPath(new URL('../static/images/guides/with-react/', import.meta.url));
// Phone width: the app is one narrow column, so a desktop shot would be mostly empty margin.
const SHOTS = {
  '1-sign-in-390.png': 'sign-in.png',
  '2-mail-catcher-inbox-390.png': 'magic-link-mail.png',
  '5-avatar-replaced-390.png': 'profile.png',
};

mkdirSync(OUT, { recursive: true });
for (const [source, target] of Object.entries(SHOTS)) {
  const image = sharp(`${ARTIFACTS}${source}`);
  const { data, info } = await image.clone().raw().toBuffer({ resolveWithObject: true });
  const background = { r: data[0], g: data[1], b: data[2] };
  const trimmed = await image.trim({ background, threshold: 8 }).toBuffer();
  const result = await sharp(trimmed)
    .extend({ top: 24, bottom: 24, left: 24, right: 24, background })
    .png({ palette: true, colours: 64, compressionLevel: 9, effort: 10 })
    .toFile(`${OUT}${target}`);
  console.log(`${target}: ${result.width}x${result.height}, ${result.size} bytes (from ${info.width}x${info.height})`);
}
