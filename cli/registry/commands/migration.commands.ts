import type { CommandSpec } from '../types.js';

export const migrationCommands: CommandSpec[] = [];
