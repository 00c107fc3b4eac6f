// Test setup; import it first in every widget test. The DOM comes before TanStack Query, which
// decides when imported whether it runs on a server (and would then never collect its cache).
import './dom-globals';
import { timeoutManager } from '@tanstack/react-query';

export { PAGE_URL, clipboard } from './dom-globals';

// TanStack Query keeps 5-minute timers (stale time, garbage collection). A few outlive a test when
// a cancelled read settles after its cache was emptied, and would hold the process open for
// minutes; long timers are therefore unref'd. Short ones (retry delays) stay, tests await them.
const LONG_TIMER_MS = 60_000;
timeoutManager.setTimeoutProvider({
  setTimeout: (callback, delay) => {
    const timer = setTimeout(callback, delay);
    if (delay >= LONG_TIMER_MS) timer.unref();
    return timer;
  },
  clearTimeout: (timer) => clearTimeout(timer),
  setInterval: (callback, delay) => setInterval(callback, delay),
  clearInterval: (timer) => clearInterval(timer),
});
