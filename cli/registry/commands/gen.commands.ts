import type { CommandSpec } from '../types.js';

export const genCommands: CommandSpec[] = [];
