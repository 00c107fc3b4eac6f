import type { CommandSpec } from '../types.js';

export const inspectCommands: CommandSpec[] = [];
