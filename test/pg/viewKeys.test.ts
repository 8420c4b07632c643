import { printSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { countStatements } from '../../src/pg/driver/countStatements.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { createInflector } from '../../src/pg/schema/inflector.js';
import { runOperation } from './support/runOperation.js';
import { countedRunner } from './support/reflectedRun.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * Keys declared for views (ModelOptions.viewKeys): a primary key gives the view a lookup, a
 * connection and keyset cursors; unique keys give lookups; foreign keys give relations both
 * ways, to a table and to another view. Renames and the inflector's words, as the config file
 * gives them, apply on top.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE teams (id int PRIMARY KEY, name text NOT NULL);
    CREATE TABLE members (id int PRIMARY KEY, team_id int NOT NULL REFERENCES teams (id),
                          login text NOT NULL, active boolean NOT NULL);
    CREATE TABLE cactus (id int PRIMARY KEY, team_id int REFERENCES teams (id));
    INSERT INTO teams VALUES (1, 'red'), (2, 'blue');
    INSERT INTO members VALUES (1, 1, 'ann', true), (2, 1, 'bob', false), (3, 2, 'cy', true),
                               (4, 2, 'dee', true);
    INSERT INTO cactus VALUES (1, 2);
    CREATE VIEW active_members AS SELECT id, team_id, login FROM members WHERE active;
    CREATE VIEW team_sizes AS
      SELECT team_id, count(*)::int AS size FROM members WHERE active GROUP BY team_id;
  `);
});
let counting: ReturnType<typeof countStatements>;
let reflection: Reflection;
beforeAll(async () => {
  counting = countStatements(db.client);
  reflection = await reflect(counting, {
    viewKeys: {
      active_members: {
        primaryKey: ['id'],
        uniqueKeys: [['login']],
        foreignKeys: [
          { columns: ['team_id'], references: 'teams' },
          { columns: ['team_id'], references: 'team_sizes', name: 'members_size' },
        ],
      },
      'public.team_sizes': {
        primaryKey: ['team_id'],
        foreignKeys: [{ columns: ['team_id'], references: 'teams', name: 'sizes_team' }],
      },
    },
    rename: {
      active_members: 'ActiveMember',
      'team_sizes.sizes_team': 'ofTeam',
      'active_members.members_size': 'teamSize',
    },
    inflector: createInflector({ plurals: { cactus: 'cacti' } }),
  });
});

const run = countedRunner(
  () => reflection.schema,
  () => counting,
);

describe('keys declared for views', () => {
  it('give lookups, connections and relations both ways; no mutations', () => {
    const sdl = printSchema(reflection.schema);
    expect(sdl).toContain('activeMember(id: Int!): ActiveMember');
    expect(sdl).toContain('activeMemberByLogin(login: String!): ActiveMember');
    expect(sdl).toContain('activeMembersConnection(');
    expect(sdl).toContain('teamSize(teamId: Int!): TeamSize');
    // A view's columns are nullable (PostgreSQL knows no NOT NULL of a view), so are its relations.
    expect(sdl).toMatch(/type ActiveMember \{[^}]*\n {2}team: Team\n {2}teamSize: TeamSize\n/);
    expect(sdl).toMatch(/type Team \{[^}]*\n {2}activeMembers\(/);
    expect(sdl).toMatch(/type Team \{[^}]*\n {2}teamSize: TeamSize\n/);
    expect(sdl).toMatch(/type TeamSize \{[^}]*\n {2}activeMembers\(/);
    expect(sdl).toMatch(/type TeamSize \{[^}]*\n {2}ofTeam: Team\n/);
    expect(sdl).not.toContain('createActiveMember');
    expect(sdl).not.toContain('deleteTeamSize');
    // The inflector's words: the table cactus, its list cacti.
    expect(sdl).toContain('cacti(');
    expect(sdl).toContain('type Cactus ');
    expect(reflection.warnings).toEqual([]);
  });

  it('answer in the one statement, with keyset pages over the declared key', async () => {
    const result = await run(
      `query ($after: String) {
        byLogin: activeMemberByLogin(login: "cy") { id team { name } }
        page: activeMembersConnection(first: 2, after: $after) {
          edges { node { login } } pageInfo { hasNextPage }
        }
        team(id: 2) { activeMembers { login } teamSize { size } }
        teamSize(teamId: 1) { size ofTeam { name } activeMembers { login teamSize { size } } }
      }`,
    );
    expect(result).toEqual({
      body: {
        data: {
          byLogin: { id: 3, team: { name: 'blue' } },
          page: {
            edges: [{ node: { login: 'ann' } }, { node: { login: 'cy' } }],
            pageInfo: { hasNextPage: true },
          },
          team: { activeMembers: [{ login: 'cy' }, { login: 'dee' }], teamSize: { size: 2 } },
          teamSize: {
            size: 1,
            ofTeam: { name: 'red' },
            activeMembers: [{ login: 'ann', teamSize: { size: 1 } }],
          },
        },
      },
      statements: 1,
    });
  });

  it('join on the declared columns, every value a parameter', async () => {
    const run = await runOperation(
      reflection.schema,
      '{ activeMemberByLogin(login: "ann") { login team { name } } }',
    );
    expect(run.sql).toContain('"t1"."login" = $1');
    expect(run.sql).toContain('"t2"."id" = "t1"."team_id"');
    expect(run.parameters).toEqual(['$1 = literal "ann"']);
  });

  it('with a rename key that names nothing, warn', async () => {
    const { warnings } = await reflect(db.client, {
      rename: { teams: 'Squad', tems: 'Crew', 'teams.nme': 'title', 'members.list': 'people' },
    });
    expect(warnings).toEqual([
      'rename: "tems" names no exposed table, enum, column, foreign key or root field, so it renames nothing.',
      'rename: "teams.nme" names no exposed table, enum, column, foreign key or root field, so it renames nothing.',
    ]);
  });

  it('are checked against the catalog', async () => {
    const fails = (viewKeys: Parameters<typeof reflect>[1]) => reflect(db.client, viewKeys);
    await expect(fails({ viewKeys: { active_membrs: { primaryKey: ['id'] } } })).rejects.toThrow(
      'viewKeys: view "active_membrs": no such table or view was reflected.',
    );
    await expect(
      fails({ viewKeys: { active_members: { primaryKey: ['ident'] } } }),
    ).rejects.toThrow(
      'viewKeys: "active_members".primaryKey: public.active_members has no column "ident".',
    );
    await expect(fails({ viewKeys: { teams: { primaryKey: ['id'] } } })).rejects.toThrow(
      'viewKeys: "teams" is a table; declare its keys in PostgreSQL',
    );
    await expect(
      fails({
        viewKeys: {
          team_sizes: { foreignKeys: [{ columns: ['team_id'], references: 'team_sizes' }] },
        },
      }),
    ).rejects.toThrow(
      'viewKeys: "team_sizes".foreignKeys[0]: public.team_sizes has no primary key; give referencedColumns.',
    );
    await expect(
      fails({
        viewKeys: {
          team_sizes: {
            foreignKeys: [
              { columns: ['team_id'], references: 'teams' },
              { columns: ['team_id'], references: 'teams' },
            ],
          },
        },
      }),
    ).rejects.toThrow(
      'viewKeys: "team_sizes".foreignKeys: two foreign keys are named "team_sizes_team_id_fkey"; give one a name.',
    );
  });
});
