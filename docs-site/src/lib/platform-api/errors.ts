/** A platform API answer other than 2xx; `status` 0 means the request never got an answer. */
export class PlatformApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PlatformApiError';
  }
}

/** Whether the server said the session is missing or over (the widget then counts as signed out). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof PlatformApiError && error.status === 401;
}

/** Whether asking again cannot help: the request was refused for what it is, not for a hiccup. */
export function isPermanent(error: unknown): boolean {
  return error instanceof PlatformApiError && [400, 401, 403, 404].includes(error.status);
}
