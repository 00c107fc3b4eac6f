/** Where the widget's selection survives reloads (upstream's docs.ui.user.selected.* keys and formats). */
export const LOCAL_STORAGE_KEYS = {
  /** Organization id as a decimal string. */
  SAVED_ORG: 'docs.ui.user.selected.org',
  /** Project ref. */
  SAVED_PROJECT: 'docs.ui.user.selected.project',
  /** Branch id (uuid). */
  SAVED_BRANCH: 'docs.ui.user.selected.branch',
} as const;

/** The platform session: `{ accessToken, expiresAt }` (expiresAt in ms since the epoch). */
export const SESSION_STORAGE_KEY = 'docs.platform.session';
