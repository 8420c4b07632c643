import type { CatalogType } from '../catalog/Catalog.js';
import type { ScalarKind } from './Model.js';

/**
 * The scalar mapping (docs/pg.md, "Reflection rules"). `asText`: PostgreSQL writes the
 * value as a JSON number that JavaScript would round (int8, numeric) or has no JSON form of its
 * own, so the compiler casts it to text.
 */
export function scalarKind(type: CatalogType): {
  scalar: ScalarKind;
  asText: boolean;
  orderable: boolean;
} {
  if (type.isEnum) return { scalar: 'enum', asText: false, orderable: true };
  switch (type.name) {
    case 'int2':
    case 'int4':
      return { scalar: 'Int', asText: false, orderable: true };
    case 'int8':
      return { scalar: 'BigInt', asText: true, orderable: true };
    case 'numeric':
      return { scalar: 'BigFloat', asText: true, orderable: true };
    case 'float4':
    case 'float8':
      return { scalar: 'Float', asText: false, orderable: true };
    case 'bool':
      return { scalar: 'Boolean', asText: false, orderable: true };
    case 'text':
    case 'varchar':
    case 'bpchar':
    case 'name':
    case 'citext':
    case 'char':
      return { scalar: 'String', asText: false, orderable: true };
    case 'uuid':
      return { scalar: 'UUID', asText: false, orderable: true };
    case 'timestamptz':
    case 'timestamp':
      return { scalar: 'Datetime', asText: false, orderable: true };
    case 'date':
      return { scalar: 'Date', asText: false, orderable: true };
    case 'json':
    case 'jsonb':
      return { scalar: 'JSON', asText: false, orderable: false };
    default:
      // time, interval, inet, bytea, money, …: their text form, as a String.
      return { scalar: 'String', asText: true, orderable: false };
  }
}
