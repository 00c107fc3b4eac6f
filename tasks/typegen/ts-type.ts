/**
 * A tiny model of the TypeScript type expressions the generator writes. Building a tree rather
 * than a string lets the printer lay it out the way prettier does (see ts-printer.ts).
 */

/** A type: a name or literal, an array, a union, an object type or a tuple. */
export type TsType =
  | { kind: 'text'; text: string }
  | { kind: 'array'; element: TsType }
  | { kind: 'union'; members: TsType[] }
  | { kind: 'object'; members: TsMember[] }
  | { kind: 'tuple'; items: TsType[] };

/** One property of an object type; `key` is raw text when `verbatim` (e.g. `[_ in never]`). */
export interface TsMember {
  key: string;
  optional?: boolean;
  verbatim?: boolean;
  type: TsType;
}

/** A name or literal written as is. */
export const text = (value: string): TsType => ({ kind: 'text', text: value });

/** A string literal type, double-quoted as prettier prints it. */
export const literal = (value: string): TsType => text(JSON.stringify(value));

export const arrayOf = (element: TsType): TsType => ({ kind: 'array', element });

/** A union; a single member stands for itself. */
export const union = (members: TsType[]): TsType => (members.length === 1 ? members[0] : { kind: 'union', members });

export const object = (members: TsMember[]): TsType => ({ kind: 'object', members });

export const tuple = (items: TsType[]): TsType => ({ kind: 'tuple', items });

/** `T | null`. */
export const nullable = (type: TsType): TsType => union([type, text('null')]);

/** The object postgres-meta writes for an empty section: `{ [_ in never]: never }`. */
export const emptySection = (): TsType => object([{ key: '[_ in never]', verbatim: true, type: text('never') }]);
