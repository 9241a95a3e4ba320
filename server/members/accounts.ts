import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  EMAIL_MAX_LENGTH,
  type LoginRequest,
  type Member,
  type MemberField,
  type SignupRequest,
} from '../../src/domain/memberContract';
import { messages } from '../../src/domain/messages';
import { normaliseUsername, validateEmail, validateNewUsername, validatePassword, validateUsername } from '../../src/domain/validation';
import type { Database, MembersTable } from '../db/schema';
import { hashPassword, passwordMatches, spendPasswordCheck } from './passwords';
import { usernameSkeleton } from './usernameSkeleton';

// Accounts: sign-up, credential checks and deletion. SPEC's form rules are checked here
// again (the client is not trusted); usernames compare case-insensitively after NFKC, a new name
// must not look like a taken one (its confusable skeleton is unique), emails are normalised.

export interface FieldProblem {
  field: MemberField;
  message: string;
}

export type SignupResult =
  | { ok: true; member: Member }
  | { ok: false; reason: 'invalid'; problem: FieldProblem }
  | { ok: false; reason: 'usernameTaken' | 'emailTaken' };

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toMember(row: Pick<Selectable<MembersTable>, 'id' | 'username' | 'email' | 'created_at'>): Member {
  return { id: row.id, username: row.username, email: row.email, createdAt: new Date(row.created_at).toISOString() };
}

/** The first broken rule in the form's on-screen order, with the contract's text. */
export function signupProblem(request: SignupRequest): FieldProblem | undefined {
  const username = validateNewUsername(request.username);
  if (username) return { field: 'username', message: username };
  const email = validateEmail(request.email);
  if (email) return { field: 'email', message: email };
  if (normaliseEmail(request.email).length > EMAIL_MAX_LENGTH) return { field: 'email', message: messages.validation.emailInvalid };
  const password = validatePassword(request.password);
  if (password) return { field: 'password', message: password };
  return undefined;
}

// No name, old or new, holds a control character (the database could not even store a NUL).
const CONTROL_CHARACTER = /\p{Cc}/u;

export function loginProblem(request: LoginRequest): FieldProblem | undefined {
  const username = validateUsername(request.username);
  if (username) return { field: 'username', message: username };
  if (CONTROL_CHARACTER.test(request.username)) return { field: 'username', message: messages.validation.usernameCharacters };
  const password = validatePassword(request.password);
  if (password) return { field: 'password', message: password };
  return undefined;
}

/** The constraint a unique violation names ('' when none), or undefined for any other error. */
export function uniqueViolation(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' ? (e.constraint ?? '') : undefined;
}

/** The member of this name as typed or in its NFKC form (names kept before NFKC was applied may be neither). */
function usernameQuery(db: Kysely<Database>, username: string) {
  const forms = [...new Set([username.trim().toLowerCase(), normaliseUsername(username).toLowerCase()])];
  return db.selectFrom('members').where(sql<string>`lower(username)`, 'in', forms);
}

export async function signUp(db: Kysely<Database>, request: SignupRequest, now: number): Promise<SignupResult> {
  const problem = signupProblem(request);
  if (problem) return { ok: false, reason: 'invalid', problem };
  const username = normaliseUsername(request.username);
  const skeleton = usernameSkeleton(username);
  const email = normaliseEmail(request.email);
  if (await db.selectFrom('members').select('id').where('username_skeleton', '=', skeleton).executeTakeFirst()) return { ok: false, reason: 'usernameTaken' };
  if (await usernameQuery(db, username).select('id').executeTakeFirst()) return { ok: false, reason: 'usernameTaken' };
  if (await db.selectFrom('members').select('id').where('email', '=', email).executeTakeFirst()) return { ok: false, reason: 'emailTaken' };

  const passwordHash = await hashPassword(request.password);
  try {
    const row = await db
      .insertInto('members')
      .values({ id: randomUUID(), username, username_skeleton: skeleton, email, password_hash: passwordHash, created_at: new Date(now) })
      .returning(['id', 'username', 'email', 'created_at'])
      .executeTakeFirstOrThrow();
    return { ok: true, member: toMember(row) };
  } catch (error) {
    // Two sign-ups for one name at once: the index decides, the loser hears which field clashed.
    const constraint = uniqueViolation(error);
    if (constraint === undefined) throw error;
    return { ok: false, reason: constraint.includes('email') ? 'emailTaken' : 'usernameTaken' };
  }
}

export interface PasswordHolder {
  member: Member;
  passwordHash: string;
}

/** The member a log-in names, with what their password is checked against; undefined for an unknown name. */
export async function findPasswordHolder(db: Kysely<Database>, username: string): Promise<PasswordHolder | undefined> {
  const row = await usernameQuery(db, username).select(['id', 'username', 'email', 'created_at', 'password_hash']).executeTakeFirst();
  return row && { member: toMember(row), passwordHash: row.password_hash };
}

/** Whether the password is the holder's; for an unknown name it spends a real check's time and is false. */
export async function passwordIsRight(holder: PasswordHolder | undefined, password: string): Promise<boolean> {
  if (!holder) {
    await spendPasswordCheck(password);
    return false;
  }
  return passwordMatches(holder.passwordHash, password);
}

export async function findMember(db: Kysely<Database>, memberId: string): Promise<Member | undefined> {
  const row = await db.selectFrom('members').select(['id', 'username', 'email', 'created_at']).where('id', '=', memberId).executeTakeFirst();
  return row && toMember(row);
}

/** The member's own record with their password hash (DELETE /api/me checks the password first). */
export async function passwordHolderById(db: Kysely<Database>, memberId: string): Promise<PasswordHolder | undefined> {
  const row = await db.selectFrom('members').select(['id', 'username', 'email', 'created_at', 'password_hash']).where('id', '=', memberId).executeTakeFirst();
  return row && { member: toMember(row), passwordHash: row.password_hash };
}

/** Removes the member and every row about them (sessions, profile; their name's log-in counter goes with the throttle's forgetName). */
export async function deleteAccount(db: Kysely<Database>, memberId: string): Promise<void> {
  await db.transaction().execute((trx) => deleteAccountRows(trx, memberId));
}

/** deleteAccount's work inside a transaction the caller holds (an operator's 'Delete account' logs it in the same one). */
export async function deleteAccountRows(trx: Transaction<Database>, memberId: string): Promise<void> {
  await trx.deleteFrom('profiles').where('member_id', '=', memberId).execute();
  await trx.deleteFrom('sessions').where('member_id', '=', memberId).execute();
  await trx.deleteFrom('members').where('id', '=', memberId).execute();
}
