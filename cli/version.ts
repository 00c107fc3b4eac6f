/** The version this build reports; it follows the original CLI release it implements. */
export const VERSION = '1.145.4';
