import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isSchema, validateSchema, type GraphQLSchema } from 'graphql';
import { makeSchema, type MakeSchemaOptions } from '../engine/index.js';
import { CliError, ExitCode } from './ExitCode.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * graphql-js checks `instanceof` and throws when a schema was built by another copy of graphql
 * (two versions installed); say so plainly instead of the realm error.
 */
function asSchema(value: unknown, spec: string): GraphQLSchema | undefined {
  if (!isObject(value)) return undefined;
  try {
    if (isSchema(value)) return value;
  } catch {
    // falls through to the duck-typed check below
  }
  if (value.constructor?.name === 'GraphQLSchema') {
    throw new CliError(
      ExitCode.BAD_SCHEMA,
      `${spec} exports a GraphQLSchema built by another copy of the "graphql" package. ` +
        `Make sure only one graphql is installed (npm ls graphql).`,
    );
  }
  return undefined;
}

function fromModule(mod: Record<string, unknown>, spec: string): GraphQLSchema {
  for (const candidate of [mod['default'], mod['schema']]) {
    const schema = asSchema(candidate, spec);
    if (schema) return schema;
  }
  const def = isObject(mod['default']) ? mod['default'] : undefined;
  const source =
    mod['typeDefs'] !== undefined ? mod : def?.['typeDefs'] !== undefined ? def : undefined;
  if (source) {
    try {
      const options: MakeSchemaOptions = {
        typeDefs: source['typeDefs'] as MakeSchemaOptions['typeDefs'],
      };
      if (source['resolvers'] !== undefined)
        options.resolvers = source['resolvers'] as NonNullable<MakeSchemaOptions['resolvers']>;
      return makeSchema(options);
    } catch (error) {
      throw new CliError(
        ExitCode.BAD_SCHEMA,
        `${spec}: the typeDefs/resolvers do not make a schema: ${(error as Error).message}`,
      );
    }
  }
  const names = Object.keys(mod).join(', ') || 'nothing';
  throw new CliError(
    ExitCode.BAD_SCHEMA,
    `${spec} exports no schema. Export a GraphQLSchema as default or as "schema", or export ` +
      `"typeDefs" (and "resolvers"). It exports: ${names}.`,
  );
}

/** Imports the module given to `serve --schema` and returns a valid, executable schema. */
export async function loadSchemaModule(spec: string, cwd: string): Promise<GraphQLSchema> {
  const path = resolve(cwd, spec);
  if (/\.(graphqls?|gql|sdl)$/i.test(spec)) {
    throw new CliError(
      ExitCode.BAD_MODULE,
      `--schema takes a JavaScript module (.js, .mjs; .ts with a loader), not SDL: ${spec} would have no resolvers. ` +
        'Export a GraphQLSchema (default or "schema"), or "typeDefs" and "resolvers" — typeDefs may be ' +
        "this file's text: export const typeDefs = readFileSync('schema.graphql', 'utf8'). " +
        'To serve a database, use --database <url>.',
    );
  }
  if (!existsSync(path))
    throw new CliError(ExitCode.BAD_MODULE, `Schema module not found: ${path}`);
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    const err = error as Error & { code?: string };
    const hint =
      err.code === 'ERR_UNKNOWN_FILE_EXTENSION'
        ? ' TypeScript modules need a loader: run `npm run sluice -- serve …`, or `node --import tsx` with the built CLI.'
        : '';
    throw new CliError(
      ExitCode.BAD_MODULE,
      `Cannot load schema module ${spec}: ${err.message}${hint}`,
    );
  }
  const schema = fromModule(mod, spec);
  const errors = validateSchema(schema);
  if (errors.length > 0) {
    throw new CliError(
      ExitCode.BAD_SCHEMA,
      `${spec}: the schema is invalid:\n${errors.map((e) => `  - ${e.message}`).join('\n')}`,
    );
  }
  return schema;
}
