import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  firstInvalidField,
  signUpFields,
  validateEmail,
  validateLogIn,
  validatePassword,
  validateSignUp,
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
