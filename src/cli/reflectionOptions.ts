import type { DeclaredForeignKey, DeclaredKeys, InflectorWords } from '../pg/index.js';
import { didYouMean } from './didYouMean.js';

/**
 * The reflection choices that are data of `reflect`'s JS API (docs/pg.md, "The config file"):
 * `rename`, the inflector's words and the keys of views (objects, so they are read from the config
 * file only), Relay's global object identification and plain rows. In the shape of the
 * one options table (options.ts spreads them into it; this file imports nothing of it).
 */
export interface ReflectionConfig {
  rename: Record<string, string> | undefined;
  inflector: InflectorWords | undefined;
  viewKeys: Record<string, DeclaredKeys> | undefined;
  relay: boolean;
  plainRows: boolean;
}

export const REFLECTION_DEFAULTS: ReflectionConfig = {
  rename: undefined,
  inflector: undefined,
  viewKeys: undefined,
  relay: false,
  plainRows: false,
};

/** Turns one JSON value into what it stands for, or throws an Error that says what is wrong. */
type Reader<T> = (raw: unknown, where: string) => T;

const reflecting = ['serve', 'demo', 'explain', 'print-schema'] as const;

export const REFLECTION_OPTIONS = [
  {
    name: 'rename',
    kind: { type: 'config', read: (raw: unknown, where: string) => readRename(raw, where) },
    commands: reflecting,
    help: 'names to give: {"users": "Member", "users.full_name": "name", …} (docs/pg.md)',
    defaultHelp: 'none',
  },
  {
    name: 'inflector',
    kind: { type: 'config', read: (raw: unknown, where: string) => readInflector(raw, where) },
    commands: reflecting,
    help: 'words the plural rules get wrong: {"plurals": {"cactus": "cacti"}, "uncountable": ["staff"]}',
    defaultHelp: 'none',
  },
  {
    name: 'viewKeys',
    kind: { type: 'config', read: (raw: unknown, where: string) => readViewKeys(raw, where) },
    commands: reflecting,
    help: 'keys of views: {"view": {"primaryKey": […], "uniqueKeys": [[…]], "foreignKeys": [{"columns": […], "references": "table"}]}}',
    defaultHelp: 'none',
  },
  {
    name: 'relay',
    kind: { type: 'boolean' },
    commands: reflecting,
    help: 'Relay global object identification: interface Node, nodeId on keyed types, node(id:)',
  },
  {
    name: 'plainRows',
    kind: { type: 'boolean' },
    commands: reflecting,
    help: 'answer a root field of plain columns with plain rows, its JSON written in Node: less PostgreSQL CPU, more Node CPU',
  },
] as const;

const fail = (where: string, expected: string, raw: unknown) =>
  new Error(`${where}: expected ${expected}, got ${JSON.stringify(raw)}.`);

function isObject(raw: unknown): raw is Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw);
}

const text: Reader<string> = (raw, where) => {
  if (typeof raw !== 'string' || raw === '') throw fail(where, 'a non-empty string', raw);
  return raw;
};

function list<T>(item: Reader<T>, nonEmpty: boolean): Reader<T[]> {
  return (raw, where) => {
    if (!Array.isArray(raw) || (nonEmpty && raw.length === 0))
      throw fail(where, nonEmpty ? 'a non-empty list' : 'a list', raw);
    return raw.map((value, i) => item(value, `${where}[${i}]`));
  };
}

function map<T>(value: Reader<T>): Reader<Record<string, T>> {
  return (raw, where) => {
    if (!isObject(raw)) throw fail(where, 'an object', raw);
    return Object.fromEntries(
      Object.entries(raw).map(([key, v]) => [key, value(v, `${where}, "${key}"`)]),
    );
  };
}

/**
 * An object with known keys (each optional unless `required`): an unknown key is an error that
 * offers the closest known one.
 */
function record<T extends object>(
  fields: { readonly [K in keyof T]-?: Reader<T[K]> },
  required: ReadonlyArray<keyof T> = [],
): Reader<T> {
  return (raw, where) => {
    if (!isObject(raw)) throw fail(where, 'an object', raw);
    const known = Object.keys(fields);
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      if (!known.includes(key)) {
        const [near] = didYouMean(key, known);
        throw new Error(
          `${where}: unknown key "${key}"${near ? `; did you mean "${near}"?` : `; known keys: ${known.join(', ')}.`}`,
        );
      }
      out[key] = (fields as Record<string, Reader<unknown>>)[key]?.(value, `${where}.${key}`);
    }
    for (const key of required) {
      if (!(key in out)) throw new Error(`${where}: "${String(key)}" is missing.`);
    }
    return out as T;
  };
}

const columns = list(text, true);

/** A GraphQL name (spec §2.1.9), as every name `rename` gives must be. */
const graphqlName: Reader<string> = (raw, where) => {
  if (typeof raw !== 'string' || !/^[_A-Za-z][_0-9A-Za-z]*$/.test(raw))
    throw fail(where, 'a GraphQL name (letters, digits and _, not starting with a digit)', raw);
  return raw;
};

const readRename: Reader<Record<string, string>> = map(graphqlName);

const readInflector: Reader<InflectorWords> = record<InflectorWords>({
  plurals: map(text),
  uncountable: list(text, false),
});

const readForeignKey: Reader<DeclaredForeignKey> = record<DeclaredForeignKey>(
  { columns, references: text, referencedColumns: columns, name: text },
  ['columns', 'references'],
);

const readViewKeys: Reader<Record<string, DeclaredKeys>> = map(
  record<DeclaredKeys>({
    primaryKey: columns,
    uniqueKeys: list(columns, false),
    foreignKeys: list(readForeignKey, false),
  }),
);
