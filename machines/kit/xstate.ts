/**
 * The xstate values the machines use, from one place. `npm run build` bundles this module with
 * xstate into one ES module (scripts/bundle-modules.js): xstate ships CommonJS, and importing it
 * from an ES module makes Node load and scan its files one by one, about 10 ms of every command
 * that reads the journal against about 5 ms for the bundle. Import xstate's run-time values from
 * here; type-only imports from 'xstate' cost nothing.
 */
export { assign, setup } from 'xstate';
