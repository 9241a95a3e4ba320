import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commandLineActor, grantOperator, revokeOperator } from '../../../server/moderation/operators';
import { DATABASE_KINDS, openTestDatabaseAroundTests } from '../members/support/testDatabase';

// The operator role as `npm run operator` grants and revokes it (operatorCli.test.ts runs the command
// itself in a child process): by username in any case, once, and who the moderation log names for a shell.

describe.each(DATABASE_KINDS)('the operator role on %s', (kind) => {
  const handle = openTestDatabaseAroundTests(kind);

  it('grants by username in any case, once; revokes once; an unknown name is unknown', async () => {
    const { db } = handle.database;
    const olga = randomUUID();
    const pete = randomUUID();
    await db.insertInto('members').values([
      { id: olga, username: 'Olga', email: 'olga@example.com', password_hash: 'x' },
      { id: pete, username: 'Pete', email: 'pete@example.com', password_hash: 'x' },
    ]).execute();
    const at = new Date('2026-03-01T12:00:00Z');
    const operators = async () => (await db.selectFrom('operators').select(['member_id', 'granted_at']).execute()).map((row) => ({ id: row.member_id, at: new Date(row.granted_at).toISOString() }));

    expect(await grantOperator(db, 'olga', at)).toEqual({ kind: 'granted', username: 'Olga' });
    expect(await grantOperator(db, 'OLGA', new Date('2026-03-02T12:00:00Z'))).toEqual({ kind: 'already', username: 'Olga' });
    expect(await grantOperator(db, 'Nobody', at)).toEqual({ kind: 'unknown' });
    expect(await operators()).toEqual([{ id: olga, at: '2026-03-01T12:00:00.000Z' }]);

    expect(await revokeOperator(db, 'pete')).toEqual({ kind: 'notOperator', username: 'Pete' });
    expect(await revokeOperator(db, 'Ghost')).toEqual({ kind: 'unknown' });
    expect(await operators()).toEqual([{ id: olga, at: '2026-03-01T12:00:00.000Z' }]);
    expect(await revokeOperator(db, 'Olga')).toEqual({ kind: 'revoked', username: 'Olga' });
    expect(await revokeOperator(db, 'Olga')).toEqual({ kind: 'notOperator', username: 'Olga' });
    expect(await operators()).toEqual([]);
  });
});

describe('who acts from a shell', () => {
  it("is 'command line (<OS user>)', the name kept to letters, digits and . _ @ - and at most 64 of them", () => {
    expect(commandLineActor('olga')).toEqual({ id: null, username: 'command line (olga)' });
    expect(commandLineActor('Zoë.o_k@host-1')).toEqual({ id: null, username: 'command line (Zoë.o_k@host-1)' });
    expect(commandLineActor('ev\u001b[2Jil; rm -rf /')).toEqual({ id: null, username: 'command line (ev2Jilrm-rf)' });
    expect(commandLineActor('a'.repeat(70))).toEqual({ id: null, username: `command line (${'a'.repeat(64)})` });
  });

  it("is just 'command line' when the OS user cannot be read or has nothing left", () => {
    expect(commandLineActor(undefined)).toEqual({ id: null, username: 'command line' });
    expect(commandLineActor('')).toEqual({ id: null, username: 'command line' });
    expect(commandLineActor('!!! ;;')).toEqual({ id: null, username: 'command line' });
  });
});
