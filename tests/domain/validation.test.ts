import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  firstInvalidField,
  signUpFields,
  validateEmail,
  validateLogIn,
  validatePassword,
  validateSignUp,
  validateNewUsername,
  validateUsername,
} from '../../src/domain/validation';

const good = { username: 'mira', email: 'mira@example.com', password: 'secret1', confirmPassword: 'secret1' };

describe('username', () => {
  it.each([[''], [' '], ['\t  \n']])('is required after trimming (%j)', (value) => {
    expect(validateUsername(value)).toBe('Username is required');
  });
  it.each([['mira'], ['  mira  '], ['a']])('accepts %j', (value) => {
    expect(validateUsername(value)).toBeUndefined();
  });
});

describe('a new username (sign-up)', () => {
  const CHARACTERS = 'Usernames use letters and digits, with single spaces, dots, hyphens or underscores between them';
  it.each([['mira'], ['Trail Runner 2'], ['mira_k'], ['m.k-2'], ['Zoë'], ['Łucja'], ['ｍｉｒａ'], ['नमस्ते'], ['  mira  ']])('accepts %j', (value) => {
    expect(validateNewUsername(value)).toBeUndefined();
  });
  it.each([
    ['a right-to-left override', 'mi\u202Era'],
    ['a left-to-right mark', 'mira\u200E'],
    ['a zero-width space', 'mi\u200Bra'],
    ['a zero-width joiner', 'mi\u200Dra'],
    ['a byte order mark', 'mi\uFEFFra'],
    ['a newline inside', 'mi\nra'],
    ['a NUL', 'mi\u0000ra'],
    ['a Hangul filler', 'mi\u3164ra'],
    ['two spaces in a row', 'mi  ra'],
    ['a leading separator', '_mira'],
    ['punctuation', 'mira!'],
    ['an emoji', 'mira🍄'],
  ])('refuses a name with %s', (_what, value) => {
    expect(validateNewUsername(value)).toBe(CHARACTERS);
  });
  it('is required, and at most 32 characters after NFKC', () => {
    expect(validateNewUsername('  ')).toBe('Username is required');
    expect(validateNewUsername('a'.repeat(32))).toBeUndefined();
    expect(validateNewUsername('a'.repeat(33))).toBe('Username must be at most 32 characters');
  });
  it('is the rule of the sign-up form, while log-in asks only for a name', () => {
    expect(validateSignUp({ ...good, username: 'mi\u202Era' }).username).toBe(CHARACTERS);
    expect(validateLogIn({ username: 'old name!', password: 'secret1' })).toEqual({});
  });
});

describe('email', () => {
  it('is required', () => {
    expect(validateEmail('')).toBe('Email is required');
    expect(validateEmail('   ')).toBe('Email is required');
  });
  it.each([['mira'], ['mira@'], ['mira@example'], ['@example.com'], ['mira@.com'], ['mi ra@example.com'], ['mira@example.com '], ['mira@@example.com'], ['mira@example.']])(
    'rejects %j',
    (value) => {
      expect(validateEmail(value)).toBe('Please enter a valid email');
    },
  );
  it.each([['mira@example.com'], ['a@b.c'], ['first.last+tag@sub.domain.org']])('accepts %j', (value) => {
    expect(validateEmail(value)).toBeUndefined();
  });
  it('rejects any address that contains whitespace', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(' ', '\t', '\n'), fc.string(), (a, space, b) => {
        expect(validateEmail(`${a}${space}${b}@example.com`)).toBeDefined();
      }),
    );
  });
});

describe('password', () => {
  it('is required', () => {
    expect(validatePassword('')).toBe('Password is required');
  });
  it('needs at least 6 characters, spaces included', () => {
    expect(validatePassword('12345')).toBe('Password must be at least 6 characters');
    expect(validatePassword('123456')).toBeUndefined();
    expect(validatePassword('      ')).toBeUndefined();
  });
  it('is valid exactly when it has 6 or more characters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), (value) => {
        expect(validatePassword(value) === undefined).toBe(value.length >= 6);
      }),
    );
  });
});

describe('validateSignUp', () => {
  it('returns nothing for a valid form', () => {
    expect(validateSignUp(good)).toEqual({});
  });
  it('names every invalid field of an empty form', () => {
    expect(validateSignUp({ username: '', email: '', password: '', confirmPassword: '' })).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
    });
  });
  it('reports a confirmation that differs from the password', () => {
    expect(validateSignUp({ ...good, confirmPassword: 'secret2' })).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(validateSignUp({ ...good, confirmPassword: '' })).toEqual({ confirmPassword: 'Passwords do not match' });
  });
  it('reports each field on its own', () => {
    expect(validateSignUp({ ...good, username: '  ' })).toEqual({ username: 'Username is required' });
    expect(validateSignUp({ ...good, email: 'nope' })).toEqual({ email: 'Please enter a valid email' });
    expect(validateSignUp({ ...good, password: 'abc', confirmPassword: 'abc' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
  });
});

describe('validateLogIn', () => {
  it('requires a username and the same password rules as sign-up', () => {
    expect(validateLogIn({ username: '', password: '' })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(validateLogIn({ username: ' ', password: 'abc' })).toEqual({
      username: 'Username is required',
      password: 'Password must be at least 6 characters',
    });
    expect(validateLogIn({ username: 'mira', password: 'secret1' })).toEqual({});
  });
});

describe('firstInvalidField', () => {
  it('follows the on-screen order', () => {
    expect(firstInvalidField(signUpFields, { confirmPassword: 'x', email: 'y' })).toBe('email');
    expect(firstInvalidField(signUpFields, {})).toBeUndefined();
  });
});
