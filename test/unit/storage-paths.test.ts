/**
 * ss:/// URLs and remote paths (the original's storage command arguments): which arguments are
 * remote, and how a path splits.
 */
import assert from 'node:assert/strict';
import { baseName, isFolderPrefix, parseStorageUrl, schemeOf, splitBucketPrefix, splitDirName } from '../../tasks/storage/storage-url.js';

describe('storage paths', () => {
  it('reads ss:/// URLs in any case, decoding escapes, and refuses hosts and opaque forms', () => {
    assert.equal(parseStorageUrl('ss:///'), '/');
    assert.equal(parseStorageUrl('SS:///avatars/me%20too.png'), '/avatars/me too.png');
    assert.equal(parseStorageUrl('ss:/bucket/a'), '/bucket/a');
    for (const bad of ['', 'ss:', 'ss:bucket', 'ss://host/bucket', 's3:///bucket', '/bucket/a', 'bucket/a']) {
      assert.throws(() => parseStorageUrl(bad), { message: 'URL must match pattern ss:///bucket/[prefix]' }, bad);
    }
  });

  it('tells local paths from URLs as a URL parser does', () => {
    assert.equal(schemeOf('ss:///b/x', 'src'), 'ss');
    assert.equal(schemeOf('Ss:///b/x', 'src'), 'ss');
    assert.equal(schemeOf('https://x', 'src'), 'https');
    for (const local of ['file.txt', './a:b', 'dir/x:y', 'my file:1', '1abc:x', '']) assert.equal(schemeOf(local, 'src'), '', local);
    assert.throws(() => schemeOf(':x', 'dst'), { message: 'failed to parse dst url: parse ":x": missing protocol scheme' });
  });

  it('splits a path into bucket and prefix, and names folders and bases as the original does', () => {
    assert.deepEqual(splitBucketPrefix('/'), { bucket: '', prefix: '' });
    assert.deepEqual(splitBucketPrefix('/b'), { bucket: 'b', prefix: '' });
    assert.deepEqual(splitBucketPrefix('/b/'), { bucket: 'b', prefix: '' });
    assert.deepEqual(splitBucketPrefix('/b/dir/x.png'), { bucket: 'b', prefix: 'dir/x.png' });
    assert.deepEqual(splitBucketPrefix('b/x'), { bucket: 'b', prefix: 'x' });
    assert.deepEqual([isFolderPrefix(''), isFolderPrefix('a/'), isFolderPrefix('a')], [true, true, false]);
    assert.deepEqual(['', '/', '/b', '/b/dir/', 'x'].map(baseName), ['.', '/', 'b', 'dir', 'x']);
    assert.deepEqual(splitDirName('dir/sub/na'), { dir: 'dir/sub/', name: 'na' });
    assert.deepEqual(splitDirName('na'), { dir: '', name: 'na' });
  });
});
