/** The Content-Type of an upload without --content-type: sniffed from the first bytes, never the name. */
import assert from 'node:assert/strict';
import { sniffContentType } from '../../tasks/storage/content-type.js';

const sniff = (bytes: Buffer | string) => sniffContentType(typeof bytes === 'string' ? Buffer.from(bytes) : bytes);

describe('storage content type sniffing', () => {
  it('recognises binary formats by their signatures', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    assert.equal(await sniff(png), 'image/png');
    assert.equal(await sniff('%PDF-1.7\n%\u00e2\u00e3\n'), 'application/pdf');
    assert.equal(await sniff(Buffer.from('1f8b0800000000000003', 'hex')), 'application/gzip');
    assert.equal(await sniff(Buffer.from([0, 1, 2, 3, 4, 5])), 'application/octet-stream');
  });

  it('tells text from binary, and HTML and XML by their opening markup', async () => {
    assert.equal(await sniff(''), 'text/plain; charset=utf-8');
    assert.equal(await sniff('name,age\nada,36\n'), 'text/plain; charset=utf-8');
    assert.equal(await sniff('{"json": true}'), 'text/plain; charset=utf-8');
    assert.equal(await sniff('  \n<!doctype html><title>x</title>'), 'text/html; charset=utf-8');
    assert.equal(await sniff('<p>para</p>'), 'text/html; charset=utf-8');
    assert.equal(await sniff('<pre>not html</pre>'), 'text/plain; charset=utf-8');
    assert.equal(await sniff('<?xml version="1.0"?><a/>'), 'text/xml; charset=utf-8');
    assert.equal(await sniff(Buffer.from([0xff, 0xfe, 0x41, 0x00])), 'text/plain; charset=utf-16le');
  });
});
