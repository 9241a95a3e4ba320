import { messages } from './messages';

// Client-side rules of the sign-up and log-in forms (docs/product.md section 5). Pure: values in, texts out.

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
    username: validateUsername(form.username),
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
