import type { CommandSpec } from '../types.js';

export const testCommands: CommandSpec[] = [];
