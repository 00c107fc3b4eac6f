/** The version lives in the effect layer, which cannot import cli/; both layers read it from there. */
export { VERSION } from '../tasks/version.js';
