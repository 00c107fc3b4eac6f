import type { CommandSpec } from '../types.js';

export const platformCommands: CommandSpec[] = [];
