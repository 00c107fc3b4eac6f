/** Default values of flags, typed and as text. */
import type { FlagSpec, FlagValue } from './types.js';

/** The value a flag has when the user does not give it (the type's zero value unless declared). */
export function defaultValue(flag: FlagSpec): FlagValue {
  if (flag.default !== undefined) return flag.default;
  switch (flag.type) {
    case 'bool':
      return false;
    case 'int':
      return 0;
    case 'stringSlice':
    case 'stringArray':
      return [];
    default:
      return '';
  }
}

/** The default as the original prints it in its spec: `false`, `[]`, `[a,b]`, `pretty`, `""` for none. */
export function formatDefault(flag: FlagSpec): string {
  const value = defaultValue(flag);
  return Array.isArray(value) ? `[${value.join(',')}]` : String(value);
}

/** Whether the default is the zero value, in which case help does not mention it. */
export function isZeroDefault(flag: FlagSpec): boolean {
  const value = defaultValue(flag);
  return value === false || value === '' || value === 0 || (Array.isArray(value) && value.length === 0);
}
