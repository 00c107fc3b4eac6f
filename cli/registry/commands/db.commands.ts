import type { CommandSpec } from '../types.js';

export const dbCommands: CommandSpec[] = [];
