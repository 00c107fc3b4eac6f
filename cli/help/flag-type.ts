/** How a flag's value kind is named in help, completion and the docs spec. */
import type { FlagSpec } from '../registry/types.js';

/** The original shows an enum's values as its type when they fit in 40 characters. */
const ENUM_TYPE_LIMIT = 40;

/** The type word pflag prints after a flag name; empty for booleans. */
export function typeWord(flag: FlagSpec): string {
  switch (flag.type) {
    case 'bool':
      return '';
    case 'enum': {
      const list = `[ ${(flag.values ?? []).join(' | ')} ]`;
      return list.length < ENUM_TYPE_LIMIT ? list : 'string';
    }
    case 'stringSlice':
      return 'strings';
    default:
      return flag.type;
  }
}
