import type { CommandSpec } from '../types.js';

export const storageCommands: CommandSpec[] = [];
