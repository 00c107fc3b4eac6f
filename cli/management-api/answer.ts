/**
 * For the commands whose failure wording depends on the answer's status (SSO's 404s, the Postgres
 * overrides' `400 Bad Request (<body>)`): the data of an expected answer, or the command's own
 * message built from the status and the body as the platform sent it. A fixed prefix needs only
 * the client's expectAnswer.
 */
import { UserError } from '../errors.js';
import { rawBody } from '../../tasks/management-api/client/client.js';

/** What a failure message may quote. `status` reads like `400 Bad Request`, as Go's `resp.Status`. */
export interface Failure {
  code: number;
  status: string;
  body: string;
}

/** The failure's message, plus a suggestion when the command has one. */
export type FailureWording = (failure: Failure) => string | [message: string, suggestion: string];

interface CallResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Awaits a call; any status outside `expected` becomes a UserError worded by `wording`. */
export async function expectWorded<T>(call: Promise<CallResult<T>>, expected: readonly number[], wording: FailureWording): Promise<T> {
  const result = await call;
  const { response } = result;
  if (expected.includes(response.status) && result.data !== undefined) return result.data;
  const worded = wording({ code: response.status, status: `${response.status} ${response.statusText}`.trim(), body: rawBody(response, result.error) });
  const [message, suggestion] = typeof worded === 'string' ? [worded, undefined] : worded;
  throw new UserError(message, suggestion);
}
