import { describe, expect, it } from 'vitest';
import { usernameProblem } from './profile-validation';

describe('usernameProblem', () => {
  it('refuses fewer than 3 characters, as the username_length constraint does', () => {
    expect(usernameProblem('ab')).toBe('Username must be at least 3 characters.');
    expect(usernameProblem(' ab ')).toBe('Username must be at least 3 characters.');
  });

  it('accepts 3 characters or more, and no username at all', () => {
    expect(usernameProblem('abc')).toBeNull();
    expect(usernameProblem('')).toBeNull();
  });

  it('counts characters, not UTF-16 units, like char_length', () => {
    expect(usernameProblem('😀😀')).toBe('Username must be at least 3 characters.');
    expect(usernameProblem('😀😀😀')).toBeNull();
  });
});
