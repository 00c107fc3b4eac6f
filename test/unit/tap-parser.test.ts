/** The TAP reader behind `test db`: plans, directives, sequence and bail-outs. */
import assert from 'node:assert/strict';
import { parseTap, tapPassed } from '../../tasks/testing/tap-parser.js';

describe('TAP parser', () => {
  it('reads a passing stream with SKIP and a failing TODO', () => {
    const tap = parseTap('1..3\nok 1 - a\nok 2 # SKIP no network\nnot ok 3 - c # TODO later\n');
    assert.equal(tap.planned, 3);
    assert.deepEqual(tap.results.map((r) => [r.ok, r.directive]), [[true, undefined], [true, 'skip'], [false, 'todo']]);
    assert.deepEqual(tap.failed, []);
    assert.equal(tapPassed(tap, 0), true);
  });

  it('collects failures and diagnostics', () => {
    const tap = parseTap('1..2\nok 1 - a\nnot ok 2 - b\n# Failed test 2: "b"\n#     have: 1\n');
    assert.deepEqual(tap.failed, [2]);
    assert.deepEqual(tap.diagnostics, ['# Failed test 2: "b"', '#     have: 1']);
    assert.equal(tapPassed(tap, 0), false);
  });

  it('flags a missing plan, a plan mismatch and tests out of sequence', () => {
    assert.deepEqual(parseTap('ok 1\n').parseErrors, ['No plan found in TAP output']);
    assert.deepEqual(parseTap('1..3\nok 1\nok 2\n').parseErrors, ['Bad plan.  You planned 3 tests but ran 2.']);
    assert.match(parseTap('1..2\nok 1\nok 3\n').parseErrors[0], /Tests out of sequence/);
  });

  it('accepts a plan at the end and honours a bail-out and the exit status', () => {
    assert.equal(tapPassed(parseTap('ok 1\nok 2\n1..2\n'), 0), true);
    assert.equal(tapPassed(parseTap('1..1\nok 1\n'), 3), false);
    const bailed = parseTap('1..2\nok 1\nBail out! database gone\n');
    assert.equal(bailed.bailOut, 'database gone');
    assert.equal(tapPassed(bailed, 0), false);
  });
});
