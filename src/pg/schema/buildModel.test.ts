import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogColumn, CatalogTable } from '../catalog/Catalog.js';
import { buildModel } from './buildModel.js';

const type = (name: string) => ({
  name,
  schema: 'pg_catalog',
  isArray: false,
  isEnum: false,
  output: ['pg_catalog', `${name}out`] as const,
});
const int4 = type('int4');
const text = type('text');
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

  it('refuses computed fields on unknown columns and tables', () => {
    expect(() =>
      buildModel(catalog, {
        computed: { books: { x: { type: 'Int', needs: ['nope'], resolve: () => 1 } } },
      }),
    ).toThrow(/unknown column nope/);
    expect(() => buildModel(catalog, { computed: { nope: {} } })).toThrow(/unknown table nope/);
  });

  it('gives a name the user chose priority over an inflected one, with a warning', () => {
    const model = buildModel(catalog, { rename: { 'books.title': 'author' } });
    const book = model.tables.get('Book')!;
    expect(book.columns.get('author')?.name).toBe('title');
    expect(book.fields.get('authorByAuthorId')).toMatchObject({ kind: 'relation', shape: 'one' });
    expect(model.warnings).toEqual([
      'Book.author is taken by column books.title, so the foreign key books.books_author_id_fkey is named Book.authorByAuthorId; the rename option chooses another name.',
    ]);
  });

  it('refuses two names the user gave that collide', () => {
    expect(() =>
      buildModel(catalog, { rename: { 'books.title': 'name', 'books.author_id': 'name' } }),
    ).toThrow(
      'Book.name is given to both column books.author_id and column books.title (options rename / computed); give one of them another name.',
    );
    expect(() => buildModel(catalog, { rename: { authors: 'Book', books: 'Book' } })).toThrow(
      /^Book is given to both table public.authors and table public.books/,
    );
    expect(
      buildModel(catalog, { rename: { authors: 'Book' } }).tables.get('Book2')?.table.name,
    ).toBe('books');
  });
});

describe('buildModel: name collisions', () => {
  const collide: Catalog = {
    enums: [{ schema: 'public', name: 'user_role', labels: ['a'], comment: null }],
    tables: [
      // a foreign-key column named like its relation, and one named like the `where` operators
      table('posts', [column('id'), column('user'), column('not', text)], {
        foreignKeys: [fk('posts_user_fkey', ['user'], 'users')],
      }),
      // a table named like another's plural (and like an enum, and like a built-in type)
      table('user', [column('id')]),
      table('user_roles', [column('id')]),
      table('users', [column('id'), column('posts', text)]),
      table('page_info', [column('id')]),
    ],
  };

  it('renames deterministically and warns, never throws', () => {
    const model = buildModel(collide);
    expect([...model.tables.keys()]).toEqual(['Post', 'User', 'UserRole2', 'User2', 'PageInfo2']);
    expect(model.enums.has('UserRole')).toBe(true);
    const post = model.tables.get('Post')!;
    expect([...post.columns.keys()]).toEqual(['id', 'user', 'not2']);
    expect([...post.fields.keys()]).toEqual(['userByUser']);
    const users = model.tables.get('User2')!;
    expect([...users.columns.keys()]).toEqual(['id', 'posts']);
    expect([...users.fields.keys()]).toEqual([
      'postsByUser',
      'postsByUserConnection',
      'postsByUserAggregate',
    ]);
    expect([...model.rootFields.keys()]).toEqual(
      expect.arrayContaining(['users', 'user', 'users2', 'user2', 'users2Connection']),
    );
    expect(model.warnings).toEqual([
      'Post.not is taken by a built-in name, so column posts.not is named Post.not2; the rename option chooses another name.',
      'UserRole is taken by enum public.user_role, so table public.user_roles is named UserRole2; the rename option chooses another name.',
      'User is taken by table public.user, so table public.users is named User2; the rename option chooses another name.',
      'PageInfo is taken by a built-in name, so table public.page_info is named PageInfo2; the rename option chooses another name.',
      'Post.user is taken by column posts.user, so the foreign key posts.posts_user_fkey is named Post.userByUser; the rename option chooses another name.',
      'User2.posts is taken by column users.posts, so the foreign key posts.posts_user_fkey (seen from users) is named User2.postsByUser; the rename option chooses another name.',
      'Query.users is taken by the lists of user, so the lists of users is named Query.users2; the rename option chooses another name.',
      'Query.user is taken by the primary-key lookup of user, so the primary-key lookup of users is named Query.user2; the rename option chooses another name.',
    ]);
    expect(buildModel(collide)).toEqual(model);
  });

  it('counts the grouped-aggregate and column-enum types among the names a table stands for', () => {
    const model = buildModel({
      enums: [],
      tables: [
        table('book_aggregate_groups', [column('id')]),
        table('book_orderable_columns', [column('id')]),
        table('books', [column('id'), column('a_b'), column('aB', text)]),
      ],
    });
    // Tables claim names by name: the two first take Book's derived names, so books is Book2.
    expect([...model.tables.keys()]).toEqual([
      'BookAggregateGroup',
      'BookOrderableColumn',
      'Book2',
    ]);
    expect(model.warnings[0]).toContain('table public.books is named Book2');
    // Columns with the same constant name: the second takes the first free numeric suffix.
    const books = model.tables.get('Book2')!;
    expect([...books.orderableColumns].map(([value, c]) => [value, c.name])).toEqual([
      ['ID', 'id'],
      ['A_B', 'a_b'],
      ['A_B2', 'aB'],
    ]);
  });
});
