import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// One number that moves whenever anything a discover page is built from changes: a profile and its
// item rows, a username, a member joining or leaving, blocks, suspensions, friend requests,
// friendships and who may send requests. A server keeps the pages it served under the number it read
// before building them, and serves one again only while the number is the same.
//
// The number moves at commit, not when the row changes: the triggers are deferred constraint
// triggers, so the row lock on the counter is the last lock a writing transaction takes and is held only
// while it commits. Two writers therefore cannot deadlock over it, whatever other rows they lock first.
// A reader reads the number before the rows, so a page built while a writer commits is kept under the
// number from before that commit, never under the new one. The first trigger of a transaction moves
// the number; the rest see the transaction's setting and return.
//
// Stored rankings are not watched. One is rebuilt only when it no longer holds, and then one of the
// writes above has moved the number already, or when its hour is over, when the pages cut from it end
// too. Watching them would make every rebuild end every member's kept pages.

const WATCHED = ['profiles', 'member_interests', 'blocks', 'member_suspensions', 'friend_requests', 'friendships', 'member_safety'] as const;

export const discoverGenerationMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table discover_generation (only_row boolean primary key default true check (only_row), n bigint not null)`.execute(db);
    await sql`insert into discover_generation (n) values (0)`.execute(db);
    await sql`
      create function discover_generation_move() returns trigger language plpgsql as $$
      begin
        if current_setting('mycelius.discover_generation_moved', true) = 'on' then return null; end if;
        perform set_config('mycelius.discover_generation_moved', 'on', true);
        update discover_generation set n = n + 1;
        return null;
      end $$`.execute(db);
    for (const table of WATCHED) {
      await sql`create constraint trigger ${sql.raw(`${table}_moves_discover`)} after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred for each row execute function discover_generation_move()`.execute(db);
    }
    // Members: joining and leaving (leaving also deletes the rows above), and a new username. Logins,
    // password and email changes touch other columns and leave discover as it is.
    await sql`create constraint trigger members_moves_discover after insert or delete or update of username on members
      deferrable initially deferred for each row execute function discover_generation_move()`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const table of [...WATCHED, 'members']) await sql`drop trigger ${sql.raw(`${table}_moves_discover`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function discover_generation_move()`.execute(db);
    await sql`drop table discover_generation`.execute(db);
  },
};
