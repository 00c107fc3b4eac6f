/**
 * Request bodies read as GoTrue reads them, with Go's encoding/json: a body that is not JSON, or
 * whose members have the wrong type for the Go struct, is refused with the words Go's decoder
 * uses (`unexpected end of JSON input`, `invalid character 'x' looking for beginning of value`,
 * `json: cannot unmarshal number into Go struct field SignupParams.email of type string`), which
 * GoTrue puts into its 400 (`Could not read Signup params: ...`). Unknown members are ignored, a
 * null leaves the zero value, and a member matches its field whatever its case, as in Go.
 */

/** The Go type of a struct field, as far as the messages need it. */
export type GoField = 'string' | 'bool' | 'map' | 'number';

export interface GoStruct {
  /** The Go struct's name (`SignupParams`), for the messages. */
  name: string;
  fields: Readonly<Record<string, GoField>>;
}

const GO_TYPE: Record<GoField, string> = { string: 'string', bool: 'bool', map: 'map[string]interface {}', number: 'int' };

/** Go's name for the JSON kind of a value, as its UnmarshalTypeError says it. */
function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'object';
  return typeof value === 'boolean' ? 'bool' : typeof value;
}

const quoteChar = (char: string): string => (char === "'" ? "'\\''" : `'${char}'`);

/** Go's scanner message for the first syntax error of a text JSON.parse refused. */
export function goSyntaxError(text: string): string {
  let at = 0;
  const skip = () => {
    while (at < text.length && ' \t\r\n'.includes(text[at])) at += 1;
  };
  const fail = (context: string): never => {
    if (at >= text.length) throw new Error('unexpected end of JSON input');
    throw new Error(`invalid character ${quoteChar(text[at])} ${context}`);
  };
  const value = (): void => {
    skip();
    const char = text[at];
    if (char === '{') {
      at += 1;
      skip();
      if (text[at] === '}') return void (at += 1);
      for (;;) {
        skip();
        if (text[at] !== '"') fail('looking for beginning of object key string');
        string();
        skip();
        if (text[at] !== ':') fail('after object key');
        at += 1;
        value();
        skip();
        if (text[at] === ',') { at += 1; continue; }
        if (text[at] === '}') return void (at += 1);
        fail('after object key:value pair');
      }
    }
    if (char === '[') {
      at += 1;
      skip();
      if (text[at] === ']') return void (at += 1);
      for (;;) {
        value();
        skip();
        if (text[at] === ',') { at += 1; continue; }
        if (text[at] === ']') return void (at += 1);
        fail('after array element');
      }
    }
    if (char === '"') return string();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at));
    if (literal) return void (at += literal[0].length);
    fail('looking for beginning of value');
  };
  const string = (): void => {
    at += 1;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    if (at >= text.length) fail('');
    at += 1;
  };
  try {
    value();
    skip();
    if (at < text.length) fail('after top-level value');
    return 'unexpected end of JSON input';
  } catch (error) {
    return (error as Error).message;
  }
}

/** Decodes a body into the struct's fields (absent ones undefined), or throws an Error carrying Go's message. */
export function decodeGoJson(text: string, struct: GoStruct): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(goSyntaxError(text));
  }
  if (parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`json: cannot unmarshal ${jsonKind(parsed)} into Go value of type api.${struct.name}`);
  const decoded: Record<string, unknown> = {};
  for (const [member, value] of Object.entries(parsed as Record<string, unknown>)) {
    // Go matches a member to a field by its exact name first, else regardless of case.
    const key = member in struct.fields ? member : Object.keys(struct.fields).find((name) => name.toLowerCase() === member.toLowerCase());
    const field = key === undefined ? undefined : struct.fields[key];
    if (key === undefined || !field || value === null) continue;
    const ok = field === 'map' ? jsonKind(value) === 'object' : field === 'number' ? typeof value === 'number' : jsonKind(value) === field;
    if (!ok) throw new Error(`json: cannot unmarshal ${jsonKind(value)} into Go struct field ${struct.name}.${key} of type ${GO_TYPE[field]}`);
    decoded[key] = value;
  }
  return decoded;
}
