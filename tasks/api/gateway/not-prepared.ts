/**
 * What an in-process service answers while it cannot load what it needs from the database
 * (service-readiness.ts): a status and the body its original writes for that (PostgREST's
 * PGRST002 for REST).
 */
export class NotPrepared extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
    this.name = 'NotPrepared';
  }
}
