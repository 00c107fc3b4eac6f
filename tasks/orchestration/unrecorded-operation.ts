/** An operation without a journal (no project folder to keep one in): its steps just run. */
import { emptyFold } from '../../machines/journal/fold.js';
import type { Operation } from './run-operation.js';

/** An Operation whose steps run unrecorded and whose events go nowhere. */
export function unrecordedOperation(): Operation {
  const fold = emptyFold();
  return { id: 'unrecorded', step: (_name, work) => work(), record: () => undefined, fold: () => fold };
}
