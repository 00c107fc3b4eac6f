import type { CommandSpec } from '../types.js';

export const functionsCommands: CommandSpec[] = [];
