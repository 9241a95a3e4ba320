import { USERNAME_MAX_LENGTH, usernameTooLongText } from './memberContract';
import { messages } from './messages';

// Client-side rules of the sign-up and log-in forms (docs/product.md). Pure: values in, texts out.

export const MIN_PASSWORD_LENGTH = 6;

export const signUpFields = ['username', 'email', 'password', 'confirmPassword'] as const;
export type SignUpField = (typeof signUpFields)[number];
export type SignUpForm = Record<SignUpField, string>;

export const logInFields = ['username', 'password'] as const;
export type LogInField = (typeof logInFields)[number];
export type LogInForm = Record<LogInField, string>;

/** One error text per invalid field; valid fields are absent. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export const emptySignUpForm: SignUpForm = { username: '', email: '', password: '', confirmPassword: '' };
export const emptyLogInForm: LogInForm = { username: '', password: '' };

// "Looks like x@y.z with no spaces": something, @, something, a dot, something; no whitespace anywhere.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateUsername(username: string): string | undefined {
  return username.trim() === '' ? messages.validation.usernameRequired : undefined;
}

/** A name as it is kept and compared: NFKC (compatibility forms such as fullwidth letters folded), trimmed. */
export function normaliseUsername(username: string): string {
  return username.normalize('NFKC').trim();
}

// A new name is words of letters and digits (each may carry up to three combining marks, as many
// scripts need), joined by single spaces, dots, hyphens or underscores. That leaves out control
// characters, bidi overrides, zero-width and other invisible (default-ignorable) characters, which
// would let one name pass for another.
const USERNAME_WORD = String.raw`(?:[\p{L}\p{Nd}]\p{M}{0,3})+`;
const USERNAME_SHAPE = new RegExp(`^${USERNAME_WORD}(?:[ ._-]${USERNAME_WORD})*$`, 'u');
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;

/** The sign-up rule for a new username (log-in only asks for one, so older names still work). */
export function validateNewUsername(username: string): string | undefined {
  const required = validateUsername(username);
  if (required) return required;
  const name = normaliseUsername(username);
  if (name.length > USERNAME_MAX_LENGTH) return usernameTooLongText;
  return USERNAME_SHAPE.test(name) && !INVISIBLE.test(name) ? undefined : messages.validation.usernameCharacters;
}

export function validateEmail(email: string): string | undefined {
  // A field of only spaces is treated as empty: nothing was really entered.
  if (email.trim() === '') return messages.validation.emailRequired;
  return EMAIL_SHAPE.test(email) ? undefined : messages.validation.emailInvalid;
}

export function validatePassword(password: string): string | undefined {
  // Spaces count as password characters, so no trimming here.
  if (password === '') return messages.validation.passwordRequired;
  return password.length < MIN_PASSWORD_LENGTH ? messages.validation.passwordTooShort : undefined;
}

export function validateConfirmPassword(password: string, confirmPassword: string): string | undefined {
  return confirmPassword === password ? undefined : messages.validation.passwordsDoNotMatch;
}

function compact<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const key of Object.keys(errors) as F[]) {
    const text = errors[key];
    if (text !== undefined) out[key] = text;
  }
  return out;
}

export function validateSignUp(form: SignUpForm): FieldErrors<SignUpField> {
  return compact<SignUpField>({
    username: validateNewUsername(form.username),
    email: validateEmail(form.email),
    password: validatePassword(form.password),
    confirmPassword: validateConfirmPassword(form.password, form.confirmPassword),
  });
}

export function validateLogIn(form: LogInForm): FieldErrors<LogInField> {
  return compact<LogInField>({
    username: validateUsername(form.username),
    password: validatePassword(form.password),
  });
}

/** The first invalid field in on-screen order, where focus goes after a failed submit. */
export function firstInvalidField<F extends string>(order: readonly F[], errors: FieldErrors<F>): F | undefined {
  return order.find((field) => errors[field] !== undefined);
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}
