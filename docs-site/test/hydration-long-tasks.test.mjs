// Hydration must not hold a phone's main thread: on a long page, the work React does once the
// scripts have loaded comes in short slices, so a tap or a scroll is answered in between. A phone
// is taken to be four times slower than this machine, as Lighthouse's mobile profile assumes: each
// script callback's CPU time on the main thread, read from a Chromium trace, is multiplied by four.
// The CPU is not slowed with DevTools' throttling: that makes the main thread spin in a signal
// handler for three times as long as it last ran by the wall clock, so on a busy machine the time
// the browser was descheduled came back as CPU time of the callback, and the test failed by load
// alone (73-95 ms for a 26 ms callback). CPU time unthrottled does not grow with the load.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

// Two long tutorials and the widest reference page type, each heavy to hydrate.
const PAGES = ['/guides/getting-started/tutorials/with-react', '/guides/getting-started/tutorials/with-vue-3', '/reference/javascript/introduction'];
// Lighthouse's long task: beyond 50 ms the main thread counts as blocked. React's slices stay well
// under it; hydrating one of these pages in a single pass took 90-160 ms on the phone.
const LONG_TASK_MS = 50;
const PHONE_SLOWDOWN = 4;

/** Every script callback (timers, messages, events: not the evaluation of script files) of a trace, with its time on the phone. */
function callbacks(trace) {
  return trace.traceEvents
    .filter((event) => event.name === 'FunctionCall' && event.ph === 'X' && event.tdur !== undefined)
    .map((event) => ({ script: (event.args?.data?.url ?? '').replace(/^.*\//, ''), phoneMs: Math.round((event.tdur * PHONE_SLOWDOWN) / 1000) }));
}

describe('hydration on a phone', browserSuiteOptions(), () => {
  let site;
  before(async () => { site = await openSite(); });
  after(() => site?.close());

  for (const route of PAGES) {
    it(`${route}: no script callback is a long task (over ${LONG_TASK_MS} ms) on a CPU ${PHONE_SLOWDOWN}x slower`, async () => {
      const page = await site.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await site.browser.startTracing(page, { categories: ['devtools.timeline'] });
      await visit(page, site.baseUrl, route);
      const trace = JSON.parse((await site.browser.stopTracing()).toString());
      const all = callbacks(trace);
      assert.ok(all.some((call) => /^framework-/.test(call.script)), 'the trace holds React\'s callbacks');
      const longest = all.sort((a, b) => b.phoneMs - a.phoneMs)[0];
      assert.ok(longest.phoneMs <= LONG_TASK_MS, `longest callback: ${longest.phoneMs} ms of a phone's CPU in ${longest.script}`);
      await page.context().close();
    });
  }
});
