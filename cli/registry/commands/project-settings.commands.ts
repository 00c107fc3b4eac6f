import type { CommandSpec } from '../types.js';

export const projectSettingsCommands: CommandSpec[] = [];
