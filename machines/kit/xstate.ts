/**
 * The xstate values the machines use, from one place. The CLI bundle (scripts/bundle-cli.js)
 * takes xstate in: it ships CommonJS, and importing it from an ES module makes Node load and scan
 * its files one by one, about 10 ms of every command that reads the journal. Import xstate's
 * run-time values from here; type-only imports from 'xstate' cost nothing.
 */
export { assign, setup } from 'xstate';
