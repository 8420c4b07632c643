import type { CatalogType } from '../catalog/Catalog.js';
import type { ScalarKind, TextForm } from './Model.js';

/**
 * The scalar mapping (docs/pg.md, "Reflection rules"), and how a value is written in JSON
 * (`textForm`, Model.ts).
 */
export function scalarKind(type: CatalogType): {
  scalar: ScalarKind;
  textForm: TextForm;
  orderable: boolean;
} {
  if (type.isEnum) return { scalar: 'enum', textForm: 'json', orderable: true };
  switch (type.name) {
    case 'int2':
    case 'int4':
      return { scalar: 'Int', textForm: 'json', orderable: true };
    case 'int8':
      return { scalar: 'BigInt', textForm: 'cast', orderable: true };
    case 'numeric':
      return { scalar: 'BigFloat', textForm: 'cast', orderable: true };
    case 'float4':
    case 'float8':
      return { scalar: 'Float', textForm: 'json', orderable: true };
    case 'bool':
      return { scalar: 'Boolean', textForm: 'json', orderable: true };
    case 'text':
    case 'varchar':
    case 'bpchar':
    case 'name':
    case 'citext':
    case 'char':
      return { scalar: 'String', textForm: 'json', orderable: true };
    case 'uuid':
      return { scalar: 'UUID', textForm: 'json', orderable: true };
    case 'timestamptz':
    case 'timestamp':
      return { scalar: 'Datetime', textForm: 'json', orderable: true };
    case 'date':
      return { scalar: 'Date', textForm: 'json', orderable: true };
    case 'json':
    case 'jsonb':
      return { scalar: 'JSON', textForm: 'json', orderable: false };
    default:
      // time, interval, inet, bytea, money, …: their text form, as a String.
      return { scalar: 'String', textForm: 'output', orderable: false };
  }
}
