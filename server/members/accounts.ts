import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import {
  EMAIL_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  usernameTooLongText,
  type LoginRequest,
  type Member,
  type MemberField,
  type SignupRequest,
} from '../../src/domain/memberContract';
import { messages } from '../../src/domain/messages';
import { validateEmail, validatePassword, validateUsername } from '../../src/domain/validation';
import type { Database, MembersTable } from '../db/schema';
import { hashPassword, passwordMatches, spendPasswordCheck } from './passwords';

// Accounts: sign-up, credential checks and deletion. SPEC section 5's form rules are checked here
// again (the client is not trusted); usernames compare case-insensitively, emails are normalised.

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

export function normaliseUsername(username: string): string {
  return username.trim();
}

export function toMember(row: Pick<Selectable<MembersTable>, 'id' | 'username' | 'email' | 'created_at'>): Member {
  return { id: row.id, username: row.username, email: row.email, createdAt: new Date(row.created_at).toISOString() };
}

/** The first broken rule in the form's on-screen order, with the contract's text. */
export function signupProblem(request: SignupRequest): FieldProblem | undefined {
  const username = validateUsername(request.username);
  if (username) return { field: 'username', message: username };
  if (normaliseUsername(request.username).length > USERNAME_MAX_LENGTH) return { field: 'username', message: usernameTooLongText };
  const email = validateEmail(request.email);
  if (email) return { field: 'email', message: email };
  if (normaliseEmail(request.email).length > EMAIL_MAX_LENGTH) return { field: 'email', message: messages.validation.emailInvalid };
  const password = validatePassword(request.password);
  if (password) return { field: 'password', message: password };
  return undefined;
}

export function loginProblem(request: LoginRequest): FieldProblem | undefined {
  const username = validateUsername(request.username);
  if (username) return { field: 'username', message: username };
  const password = validatePassword(request.password);
  if (password) return { field: 'password', message: password };
  return undefined;
}

function uniqueViolation(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' ? (e.constraint ?? '') : undefined;
}

function usernameQuery(db: Kysely<Database>, username: string) {
  return db.selectFrom('members').where(sql<string>`lower(username)`, '=', normaliseUsername(username).toLowerCase());
}

export async function signUp(db: Kysely<Database>, request: SignupRequest, now: number): Promise<SignupResult> {
  const problem = signupProblem(request);
  if (problem) return { ok: false, reason: 'invalid', problem };
  const username = normaliseUsername(request.username);
  const email = normaliseEmail(request.email);
  if (await usernameQuery(db, username).select('id').executeTakeFirst()) return { ok: false, reason: 'usernameTaken' };
  if (await db.selectFrom('members').select('id').where('email', '=', email).executeTakeFirst()) return { ok: false, reason: 'emailTaken' };

  const passwordHash = await hashPassword(request.password);
  try {
    const row = await db
      .insertInto('members')
      .values({ id: randomUUID(), username, email, password_hash: passwordHash, created_at: new Date(now) })
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

/** The member whose name and password these are; undefined for a wrong password or an unknown name alike. */
export async function checkCredentials(db: Kysely<Database>, request: LoginRequest): Promise<Member | undefined> {
  const row = await usernameQuery(db, request.username).select(['id', 'username', 'email', 'created_at', 'password_hash']).executeTakeFirst();
  if (!row) {
    await spendPasswordCheck(request.password);
    return undefined;
  }
  return (await passwordMatches(row.password_hash, request.password)) ? toMember(row) : undefined;
}

export async function findMember(db: Kysely<Database>, memberId: string): Promise<Member | undefined> {
  const row = await db.selectFrom('members').select(['id', 'username', 'email', 'created_at']).where('id', '=', memberId).executeTakeFirst();
  return row && toMember(row);
}

/** Removes the member and every row about them (sessions, profile, failed log-ins on their name); false for a wrong password. */
export async function deleteAccount(db: Kysely<Database>, memberId: string, password: string): Promise<boolean> {
  const row = await db.selectFrom('members').select(['password_hash', 'username']).where('id', '=', memberId).executeTakeFirst();
  if (!row || !(await passwordMatches(row.password_hash, password))) return false;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('login_failures').where('username_key', '=', row.username.toLowerCase()).execute();
    await trx.deleteFrom('profiles').where('member_id', '=', memberId).execute();
    await trx.deleteFrom('sessions').where('member_id', '=', memberId).execute();
    await trx.deleteFrom('members').where('id', '=', memberId).execute();
  });
  return true;
}
