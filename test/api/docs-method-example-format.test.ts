/**
 * How the example runner reads a method page (test/api/support/method-examples.ts), without a
 * stack: the three blocks and what a page gets wrong about them, the names of the last `const`
 * as the response's keys, an Edge Function's set-up, placeholders that stand for one kind of
 * value only, and the `totp()` an MFA example computes its code with.
 */
import assert from 'node:assert/strict';
import { TOTP } from 'otpauth';
import { asShown, maskLike, readMethodPage, totp } from './support/method-examples.js';

const FENCE = '```';
const example = (blocks: string[], opening = '<MethodExample>') => `${opening}\n\n${blocks.join('\n\n')}\n\n</MethodExample>\n`;
const page = (...examples: string[]) => `---\ntitle: "A method"\npart: database\n---\n\n### First\n\n${examples.join('\n### Next\n\n')}`;
const SQL = `${FENCE}sql\ncreate table t (id int);\n${FENCE}`;
const JS = `${FENCE}js\nconst { data, count: total, error } = await supabase.from('t').select()\n${FENCE}`;
const JSON_BLOCK = `${FENCE}json\n{ "data": [], "total": null, "error": null }\n${FENCE}`;

describe('the method pages\' example format', () => {
  it('reads the set-up, code and response, the response keyed by the last const\'s names', () => {
    const read = readMethodPage('/r', 'r.mdx', page(example([SQL, JS, JSON_BLOCK])))!;
    assert.deepEqual(read.problems, []);
    assert.equal(read.examples.length, 1);
    const [first] = read.examples;
    assert.deepEqual([first!.title, first!.client, first!.setupSql.trim(), first!.names], ['First', 'anon', 'create table t (id int);', ['data', 'total', 'error']]);
    const single = readMethodPage('/r', 'r.mdx', page(example([SQL, `${FENCE}js\nconst outcome = await supabase.removeAllChannels()\n${FENCE}`, JSON_BLOCK], '<MethodExample client="service_role">')))!;
    assert.deepEqual([single.examples[0]!.names, single.examples[0]!.client], [['outcome'], 'service_role']);
  });

  it('names what is wrong with an example instead of running it', () => {
    const swapped = readMethodPage('/r', 'r.mdx', page(example([JS, SQL, JSON_BLOCK])))!;
    assert.deepEqual(swapped.problems, ['example "First" has blocks js, sql, json; it needs sql (or an Edge Function\'s ts), js, json in that order']);
    const notJson = readMethodPage('/r', 'r.mdx', page(example([SQL, JS, `${FENCE}json\n{ data: [] }\n${FENCE}`])))!;
    assert.match(notJson.problems[0]!, /^example "First": its response is not JSON/);
    const noConst = readMethodPage('/r', 'r.mdx', page(example([SQL, `${FENCE}js\nawait supabase.from('t').select()\n${FENCE}`, JSON_BLOCK])))!;
    assert.deepEqual(noConst.problems, ['example "First": its code declares no `const` whose names the response shows']);
    const unnamedFunction = readMethodPage('/r', 'r.mdx', page(example([`${FENCE}ts\nDeno.serve(() => new Response('hi'))\n${FENCE}`, JS, JSON_BLOCK])))!;
    assert.deepEqual(unnamedFunction.problems, ['example "First": its ts block must start with the line `// supabase/functions/<name>/index.ts`']);
    assert.deepEqual(readMethodPage('/r', 'r.mdx', page(''))!.problems, ['the page has no <MethodExample>']);
    assert.equal(readMethodPage('/r', 'r.mdx', '---\ntitle: A guide\n---\n\nText.\n'), null, 'a page without a part is no method page');
  });

  it('takes an Edge Function\'s name and source from its ts block', () => {
    const source = '// supabase/functions/hello-there/index.ts\nDeno.serve(() => new Response(\'hi\'))';
    const read = readMethodPage('/r', 'r.mdx', page(example([`${FENCE}ts\n${source}\n${FENCE}`, JS, JSON_BLOCK])))!;
    assert.deepEqual(read.examples[0]!.edgeFunction, { name: 'hello-there', source: `${source}\n` });
    assert.equal(read.examples[0]!.setupSql, '');
  });

  it('lets a placeholder stand for its kind of value and nothing else', () => {
    const shown = { id: '<uuid>', at: '<timestamp>', token: '<jwt>', expires: '<epoch seconds>', fixed: 'a' };
    const got = { id: '5f0c2b1e-8a4d-4c3b-9e2f-0123456789ab', at: '2024-01-02T03:04:05.678Z', token: 'eyJ.eyJ.sig', expires: 1_795_793_637, fixed: 'a' };
    assert.deepEqual(maskLike(got, shown), shown);
    const wrongKinds = { id: 'not-a-uuid', at: 'yesterday', token: 'plain', expires: '1795793637', fixed: 'b' };
    assert.deepEqual(maskLike(wrongKinds, shown), wrongKinds, 'values of the wrong kind stay, to show in the difference');
    assert.deepEqual(maskLike([{ id: got.id }, { id: got.id }], [{ id: '<uuid>' }]), [{ id: '<uuid>' }, { id: got.id }], 'an extra row is not masked');
  });

  it('shows a Blob as its size and type and the stack\'s address as the local default', () => {
    const shown = asShown({ data: new Blob(['Hello'], { type: 'text/plain' }), url: 'http://127.0.0.1:40123/storage/v1/object/public/a.png', error: undefined }, 'http://127.0.0.1:40123');
    assert.deepEqual(shown, { data: { size: 5, type: 'text/plain' }, url: 'http://127.0.0.1:54321/storage/v1/object/public/a.png' });
  });

  it('reads an example\'s client and flow, and names an attribute value it does not know', () => {
    const read = readMethodPage('/r', 'r.mdx', page(example([SQL, JS, JSON_BLOCK], '<MethodExample flow="pkce" client="service_role">'), example([SQL, JS, JSON_BLOCK])))!;
    assert.deepEqual(read.examples.map(({ client, flow }) => ({ client, flow })), [{ client: 'service_role', flow: 'pkce' }, { client: 'anon', flow: 'implicit' }]);
    const wrong = readMethodPage('/r', 'r.mdx', page(example([SQL, JS, JSON_BLOCK], '<MethodExample flow="magic">')))!;
    assert.deepEqual(wrong.problems, ['example "First" has flow="magic"; it accepts client="service_role", flow="pkce"']);
  });

  it('lets <seconds left> stand for a time to live the client computed, and not for a time', () => {
    assert.equal(maskLike(3599.795000076294, '<seconds left>'), '<seconds left>');
    assert.equal(maskLike(1_795_793_637, '<seconds left>'), 1_795_793_637);
    assert.equal(maskLike('3600', '<seconds left>'), '3600');
  });

  it('masks a TOTP factor\'s otpauth URI and QR code by kind', () => {
    const shown = { uri: '<otpauth url>', qr_code: '<svg data url>' };
    assert.deepEqual(maskLike({ uri: 'otpauth://totp/a:b?secret=X', qr_code: 'data:image/svg+xml;utf-8,<svg/>' }, shown), shown);
    const wrongKinds = { uri: 'https://example.com', qr_code: 'data:image/png;base64,AA' };
    assert.deepEqual(maskLike(wrongKinds, shown), wrongKinds);
  });

  it('gives MFA examples the code an authenticator shows now for a secret', () => {
    const secret = 'JBSWY3DPEHPK3PXP';
    assert.match(totp(secret), /^\d{6}$/);
    // One step of slack: the two calls may fall on either side of a 30 s boundary.
    const step = new TOTP({ secret }).validate({ token: totp(secret), window: 1 });
    assert.ok(step === 0 || step === -1, `the code of the current 30 s step, not of step ${step}`);
  });
});
