/** The database's username_length constraint, checked before the request so the user sees why at once. */
export const USERNAME_MIN_LENGTH = 3;

/** The problem with a username, or null when the database will accept its length. An empty one means "not set". */
export function usernameProblem(username: string): string | null {
  const trimmed = username.trim();
  if (trimmed === '') return null;
  // char_length counts characters, not UTF-16 units: spread by code point to count the same way.
  if ([...trimmed].length < USERNAME_MIN_LENGTH) return `Username must be at least ${USERNAME_MIN_LENGTH} characters.`;
  return null;
}
