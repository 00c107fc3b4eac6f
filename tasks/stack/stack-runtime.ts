/**
 * What the stack commands need of a runtime, so start/stop/status are written once: the stack
 * machine's task plugins, and a look at reality to check the journal against.
 */
import type { StackService } from '../../machines/service.machine.js';
import type { ProjectConfig } from '../project/config.types.js';
import type { Outcome, TaskPlugin } from '../orchestration/orchestration-types.js';
import type { StackProjection } from '../../machines/journal/projections/stack.projection.js';

export type RuntimeName = 'native' | 'docker';

export interface StackProject {
  root: string;
  config: ProjectConfig;
  env: NodeJS.ProcessEnv;
}

export interface StackPluginOptions {
  /** Short image names given with -x/--exclude. */
  exclude: readonly string[];
  ignoreHealthCheck: boolean;
  /** Progress lines the original prints (`Starting database...`). */
  onStatus?: (message: string) => void;
  /** Notices such as `Applying migration ...` or container logs. */
  onNotice?: (message: string) => void;
}

/** The stack as the runtime finds it right now. */
export interface RuntimeReality {
  /** The database runs. */
  running: boolean;
  /** The database answers. */
  healthy: boolean;
  /** Data exists that the next start resumes from. */
  dataKept: boolean;
  /** Where the data is, for messages (a folder, or docker volumes). */
  dataLocation: string;
  /** Services that run and answer now. */
  services: ReadonlySet<StackService>;
  /** Services whose own process is gone (native runtime), each with its log. */
  exited?: ReadonlyMap<StackService, string>;
  /**
   * Processes the stack runs beside its services that died (native runtime: the pg_net worker),
   * by the name status gives them, each with its log. Not stack services, so not in the journal.
   */
  exitedBeside?: ReadonlyMap<string, string>;
}

/** What a start on a running stack started again (native runtime). */
export interface Revival {
  /** The names started again, for the one line start prints. */
  restarted: string[];
  /** What the journal learns: each service found exited, started again (or failed again). */
  outcomes: Outcome[];
  /** The first restart that failed, after the others were tried. */
  failure?: unknown;
}

export interface StackRuntime {
  name: RuntimeName;
  plugins(project: StackProject, options: StackPluginOptions): Record<string, TaskPlugin>;
  reality(project: StackProject): Promise<RuntimeReality>;
  /** Stops a project by id without its config (stop --project-id); with backup=false its data goes too. */
  stopById(projectId: string, backup: boolean, env: NodeJS.ProcessEnv): Promise<RuntimeReality>;
  /**
   * Starts again, on a running stack, what the journal says was started but whose process has
   * exited (the native runtime's own processes; a container runtime restarts its own).
   */
  revive?(project: StackProject, stack: StackProjection, notice: (message: string) => void): Promise<Revival>;
}
