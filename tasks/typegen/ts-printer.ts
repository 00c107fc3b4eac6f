/**
 * Lays out TsType trees as prettier 3.2 does with postgres-meta's settings (print width 80, two
 * spaces, no semicolons), for the shapes the generator produces: object types always expanded,
 * unions and tuples kept on one line when they fit and broken one member a line when not (a
 * broken tuple ends with a trailing comma, prettier 3's default).
 * Lines are collected in one array and joined once, since a 1,000-table file is a megabyte.
 */
import type { TsMember, TsType } from './ts-type.js';

const PRINT_WIDTH = 80;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Prints `type` after `lead` (e.g. `export type Database = `), starting at column 0. */
export function printTypeAfter(lead: string, type: TsType): string {
  const lines: string[] = [];
  emit(lines, lead, type, 0, '');
  return lines.join('\n');
}

/** Quotes a property name only when it is not a plain identifier (prettier's "as-needed"). */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/**
 * Writes `type` whose first line starts with `lead` (indentation included); `indent` is the
 * column of the construct that owns it, where closing brackets go; `trail` follows the last line.
 */
function emit(lines: string[], lead: string, type: TsType, indent: number, trail: string): void {
  const flat = flatText(type);
  if (flat !== undefined && lead.length + flat.length + trail.length <= PRINT_WIDTH) {
    lines.push(lead + flat + trail);
    return;
  }
  switch (type.kind) {
    case 'object':
      lines.push(`${lead}{`);
      for (const member of type.members) emitMember(lines, member, indent + 2);
      lines.push(`${' '.repeat(indent)}}${trail}`);
      return;
    case 'array':
      // Reached for object elements, which never sit on one line: `{ ... }[]`.
      emit(lines, lead, type.element, indent, `[]${trail}`);
      return;
    case 'union': {
      // The key stays alone on its line; each member follows on its own, after `| `.
      lines.push(lead.trimEnd());
      const pad = `${' '.repeat(indent + 2)}| `;
      type.members.forEach((member, index) =>
        emit(lines, pad, member, indent + 4, index === type.members.length - 1 ? trail : ''));
      return;
    }
    case 'tuple': {
      lines.push(`${lead}[`);
      const pad = ' '.repeat(indent + 2);
      for (const item of type.items) emit(lines, pad, item, indent + 2, ',');
      lines.push(`${' '.repeat(indent)}]${trail}`);
      return;
    }
    case 'text':
      lines.push(lead + type.text + trail);
  }
}

function emitMember(lines: string[], member: TsMember, indent: number): void {
  const key = member.verbatim ? member.key : propertyKey(member.key);
  emit(lines, `${' '.repeat(indent)}${key}${member.optional ? '?' : ''}: `, member.type, indent, '');
}

/** The one-line form, or undefined for types that never sit on one line (object types). */
function flatText(type: TsType): string | undefined {
  switch (type.kind) {
    case 'text':
      return type.text;
    case 'object':
      return undefined;
    case 'array': {
      const element = flatText(type.element);
      if (element === undefined) return undefined;
      return type.element.kind === 'union' ? `(${element})[]` : `${element}[]`;
    }
    case 'union':
    case 'tuple': {
      const parts: string[] = [];
      for (const part of type.kind === 'union' ? type.members : type.items) {
        const text = flatText(part);
        if (text === undefined) return undefined;
        parts.push(text);
      }
      return type.kind === 'union' ? parts.join(' | ') : `[${parts.join(', ')}]`;
    }
  }
}
