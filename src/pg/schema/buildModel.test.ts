import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogColumn, CatalogTable } from '../catalog/Catalog.js';
import { buildModel } from './buildModel.js';

const int4 = { name: 'int4', schema: 'pg_catalog', isArray: false, isEnum: false };
const text = { name: 'text', schema: 'pg_catalog', isArray: false, isEnum: false };
const column = (name: string, type = int4, notNull = true): CatalogColumn => ({
  name,
  type,
  notNull,
  comment: null,
});
const table = (
  name: string,
  columns: CatalogColumn[],
  extra: Partial<CatalogTable> = {},
): CatalogTable => ({
  schema: 'public',
  name,
  kind: 'table',
  comment: null,
  columns,
  primaryKey: ['id'],
  uniqueKeys: [],
  foreignKeys: [],
  ...extra,
});
const fk = (name: string, columns: string[], foreignTable: string) => ({
  name,
  columns,
  foreignSchema: 'public',
  foreignTable,
  foreignColumns: ['id'],
  comment: null,
});

const catalog: Catalog = {
  enums: [],
  tables: [
    table('authors', [column('id'), column('name', text)]),
    table('books', [column('id'), column('author_id'), column('title', text)], {
      foreignKeys: [fk('books_author_id_fkey', ['author_id'], 'authors')],
    }),
    table('profiles', [column('id'), column('author_id')], {
      uniqueKeys: [['author_id']],
      foreignKeys: [fk('profiles_author_id_fkey', ['author_id'], 'authors')],
    }),
    table('categories', [column('id'), column('label', text)]),
    table(
      'book_categories',
      [column('book_id'), column('category_id'), column('weight', int4, false)],
      {
        primaryKey: ['book_id', 'category_id'],
        foreignKeys: [
          fk('bc_book_fkey', ['book_id'], 'books'),
          fk('bc_category_fkey', ['category_id'], 'categories'),
        ],
      },
    ),
    table('audit_log', [column('id')]),
  ],
};

describe('buildModel', () => {
  it('derives types, root fields and relations both ways, one-to-one and many-to-many', () => {
    const model = buildModel(catalog);
    expect([...model.tables.keys()]).toEqual([
      'Author',
      'Book',
      'Profile',
      'Category',
      'BookCategory',
      'AuditLog',
    ]);
    const author = model.tables.get('Author')!;
    expect([...author.fields.keys()]).toEqual([
      'books',
      'booksConnection',
      'booksAggregate',
      'profile',
    ]);
    const book = model.tables.get('Book')!;
    expect([...book.fields.keys()]).toEqual([
      'author',
      'bookCategories',
      'bookCategoriesConnection',
      'bookCategoriesAggregate',
      'categories',
      'categoriesConnection',
      'categoriesAggregate',
    ]);
    expect(book.fields.get('categories')).toMatchObject({
      kind: 'relation',
      shape: 'list',
      relation: { via: { sourcePairs: [['id', 'book_id']], targetPairs: [['category_id', 'id']] } },
    });
    expect([...model.rootFields.keys()]).toContain('auditLogs');
    expect([...model.rootFields.keys()]).toContain('bookCategory');
  });

  it('exposes only included tables, and drops relations to hidden ones', () => {
    const model = buildModel(catalog, { include: ['authors', 'public.books'] });
    expect([...model.tables.keys()]).toEqual(['Author', 'Book']);
    expect([...model.tables.get('Book')!.fields.keys()]).toEqual(['author']);
    expect([...buildModel(catalog, { exclude: ['audit_log'] }).tables.keys()]).not.toContain(
      'AuditLog',
    );
  });

  it('applies renames and inflector overrides', () => {
    const model = buildModel(catalog, {
      rename: { authors: 'Writer', 'books.title': 'name', 'books.books_author_id_fkey': 'writer' },
      inflector: { listField: (t) => `all_${t.name}` },
    });
    const book = model.tables.get('Book')!;
    expect(book.columns.has('name')).toBe(true);
    expect(book.fields.has('writer')).toBe(true);
    expect(model.tables.has('Writer')).toBe(true);
    expect(model.rootFields.has('all_books')).toBe(true);
  });

  it('refuses names that would clash, and computed fields on unknown columns', () => {
    expect(() => buildModel(catalog, { rename: { 'books.title': 'author' } })).toThrow(
      /Book\.author would be defined twice/,
    );
    expect(() =>
      buildModel(catalog, {
        computed: { books: { x: { type: 'Int', needs: ['nope'], resolve: () => 1 } } },
      }),
    ).toThrow(/unknown column nope/);
    expect(() => buildModel(catalog, { computed: { nope: {} } })).toThrow(/unknown table nope/);
  });
});
