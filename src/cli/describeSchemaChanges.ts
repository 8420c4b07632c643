import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';

/** The most changes listed; beyond it, a count. */
const MAX_LISTED = 50;

/**
 * What differs between two schemas, in words for the log: types added or removed, and fields
 * (of object, interface and input types) and enum values added, removed or retyped, and the
 * column DEFAULT an input field's writes spell out changed. Empty when the schemas expose (and
 * write) the same thing.
 */
export function describeSchemaChanges(before: GraphQLSchema, after: GraphQLSchema): string[] {
  const changes: string[] = [];
  const old = before.getTypeMap();
  const now = after.getTypeMap();
  for (const name of Object.keys(old)) {
    if (!name.startsWith('__') && !(name in now)) changes.push(`type ${name} removed`);
  }
  for (const [name, type] of Object.entries(now)) {
    if (name.startsWith('__')) continue;
    const was = old[name];
    if (was === undefined) changes.push(`type ${name} added`);
    else compareMembers(name, was, type, changes);
  }
  if (changes.length <= MAX_LISTED) return changes;
  return [...changes.slice(0, MAX_LISTED), `…and ${changes.length - MAX_LISTED} more`];
}

function compareMembers(
  name: string,
  was: GraphQLNamedType,
  type: GraphQLNamedType,
  changes: string[],
): void {
  const before = members(was);
  const after = members(type);
  if (before === undefined || after === undefined) {
    if (was.constructor !== type.constructor) changes.push(`type ${name} changed kind`);
    return;
  }
  for (const [member, signature] of before) {
    const now = after.get(member);
    if (now === undefined) changes.push(`${name}.${member} removed`);
    else if (now !== signature) changes.push(`${name}.${member} changed: ${signature} → ${now}`);
  }
  for (const member of after.keys()) {
    if (!before.has(member)) changes.push(`${name}.${member} added`);
  }
}

/** A type's fields (with their type and arguments) or enum values, by name. */
function members(type: GraphQLNamedType): Map<string, string> | undefined {
  if (isEnumType(type)) return new Map(type.getValues().map((v) => [v.name, 'value']));
  if (isInputObjectType(type)) {
    return new Map(
      Object.values(type.getFields()).map((f) => {
        // A create writes a column's DEFAULT out (pg insertSql.ts): a changed one is a change.
        const sluice = f.extensions['sluice'] as { columnDefault?: string } | undefined;
        const dflt = sluice?.columnDefault;
        return [
          f.name,
          `${String(f.type)}${dflt === undefined ? '' : ` (column DEFAULT ${dflt})`}`,
        ];
      }),
    );
  }
  if (isObjectType(type) || isInterfaceType(type)) {
    return new Map(
      Object.values(type.getFields()).map((f) => [
        f.name,
        `${f.args.length > 0 ? `(${f.args.map((a) => `${a.name}: ${String(a.type)}`).join(', ')})` : ''}${String(f.type)}`,
      ]),
    );
  }
  return undefined;
}
