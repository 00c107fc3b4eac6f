/** Which file a service process runs from a build: its one-file bundle, unless tsc wrote its module later. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleUnlessStale } from '../../tasks/native/supervised-process.js';

describe('service entry: bundle or the module tsc wrote', () => {
  let folder: string;
  let compiled: string;
  let bundle: string;
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'service-entry-'));
    compiled = path.join(folder, 'mail-catcher-main.js');
    bundle = path.join(folder, 'mail-catcher-main.cjs');
    writeFileSync(compiled, '');
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const age = (file: string, seconds: number) => utimesSync(file, new Date(seconds * 1000), new Date(seconds * 1000));

  it('is the bundle when it is at least as new as the module', () => {
    writeFileSync(bundle, '');
    age(compiled, 1_000);
    age(bundle, 1_000);
    assert.equal(bundleUnlessStale(compiled), bundle);
    age(bundle, 2_000);
    assert.equal(bundleUnlessStale(compiled), bundle);
  });

  it('is the module when the bundle is older (tsc ran alone after a build) or missing', () => {
    writeFileSync(bundle, '');
    age(bundle, 1_000);
    age(compiled, 2_000);
    assert.equal(bundleUnlessStale(compiled), compiled);
    rmSync(bundle);
    assert.equal(bundleUnlessStale(compiled), compiled);
  });
});
