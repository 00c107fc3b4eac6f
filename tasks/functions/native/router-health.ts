/** Whether a native `functions serve` answers on the project's API port right now (for `status`). */
import type { ProjectConfig } from '../../project/config.types.js';
import { FUNCTIONS_PREFIX } from './functions-router.js';

/** The functions URL when its health path answers `{"message":"ok"}` within `timeoutMs`, else undefined. */
export async function servedFunctionsUrl(config: Pick<ProjectConfig, 'hostname' | 'api'>, timeoutMs = 500): Promise<string | undefined> {
  const url = `http://${config.hostname}:${config.api.port}${FUNCTIONS_PREFIX}`;
  try {
    const response = await fetch(`${url}/_internal/health`, { signal: AbortSignal.timeout(timeoutMs) });
    const body = (await response.json()) as { message?: unknown };
    return response.status === 200 && body.message === 'ok' ? url : undefined;
  } catch {
    return undefined;
  }
}
