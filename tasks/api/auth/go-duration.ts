/**
 * Go's time.ParseDuration, which GoTrue uses for the admin API's `ban_duration` (`24h`, `1h30m`,
 * `90s`, `1.5h`), with Go's error words, which GoTrue puts in its 400.
 */

const UNITS: Record<string, number> = { ns: 1e-9, us: 1e-6, 'µs': 1e-6, 'μs': 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/** The duration in seconds, or throws an Error with Go's message. */
export function parseGoDuration(text: string): number {
  const quoted = JSON.stringify(text);
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw new Error(`time: invalid duration ${quoted}`);
  let seconds = 0;
  while (rest !== '') {
    const number = /^(\d*)(?:\.(\d*))?/.exec(rest)!;
    if (number[0] === '' || number[0] === '.') throw new Error(`time: invalid duration ${quoted}`);
    rest = rest.slice(number[0].length);
    const unit = /^[^\d.]*/.exec(rest)![0];
    if (unit === '') throw new Error(`time: missing unit in duration ${quoted}`);
    if (!(unit in UNITS)) throw new Error(`time: unknown unit ${JSON.stringify(unit)} in duration ${quoted}`);
    rest = rest.slice(unit.length);
    seconds += Number(`${number[1] || '0'}.${number[2] || '0'}`) * UNITS[unit];
  }
  return sign * seconds;
}
