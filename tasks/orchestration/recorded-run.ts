/**
 * What a piece of work needs to record itself in the journal while an operation or a recovery
 * runs it: its steps, the events it learns, and the fold as of now.
 */
import type { FoldState } from '../../machines/journal/fold.js';
import type { NewEvent } from '../../machines/journal/journal-event.js';
import type { StepRunner } from './step-runner.js';

export interface RecordedRun {
  step: StepRunner;
  record: (events: NewEvent[]) => void;
  fold: () => FoldState;
}
