// Hydration must not hold a phone's main thread: on a long page, the work React does once the
// scripts have loaded comes in short slices, so a tap or a scroll is answered in between. The
// phone's CPU is simulated as Lighthouse's mobile profile does (four times slower), and each
// callback's cost is read from a Chromium trace as the main thread's CPU time, not wall time, so a
// busy machine (which deschedules the browser) does not pass or fail the test by itself.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

// Two long tutorials and the widest reference page type, each heavy to hydrate.
const PAGES = ['/guides/getting-started/tutorials/with-react', '/guides/getting-started/tutorials/with-vue-3', '/reference/javascript/introduction'];
// Lighthouse's long task: beyond 50 ms the main thread counts as blocked. React's slices stay well
// under it; hydrating one of these pages in a single pass took 90-160 ms.
const LONG_TASK_MS = 50;

/** Every script callback (timers, messages, events: not the evaluation of script files) of a trace. */
function callbacks(trace) {
  return trace.traceEvents
    .filter((event) => event.name === 'FunctionCall' && event.ph === 'X' && event.tdur !== undefined)
    .map((event) => ({ script: (event.args?.data?.url ?? '').replace(/^.*\//, ''), cpuMs: Math.round(event.tdur / 1000) }));
}

describe('hydration on a phone', browserSuiteOptions(), () => {
  let site;
  before(async () => { site = await openSite(); });
  after(() => site?.close());

  for (const route of PAGES) {
    it(`${route}: no script callback is a long task (over ${LONG_TASK_MS} ms) with the CPU slowed 4x`, async () => {
      const page = await site.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await site.browser.startTracing(page, { categories: ['devtools.timeline'] });
      await visit(page, site.baseUrl, route);
      const trace = JSON.parse((await site.browser.stopTracing()).toString());
      const all = callbacks(trace);
      assert.ok(all.some((call) => /^framework-/.test(call.script)), 'the trace holds React\'s callbacks');
      const longest = all.sort((a, b) => b.cpuMs - a.cpuMs)[0];
      assert.ok(longest.cpuMs <= LONG_TASK_MS, `longest callback: ${longest.cpuMs} ms of CPU in ${longest.script}`);
      await page.context().close();
    });
  }
});
