import type { CatalogEnum, CatalogForeignKey, CatalogTable } from '../catalog/Catalog.js';

/**
 * How database names become GraphQL names (docs/pg.md, "Inflector"). Every function can be
 * replaced through `reflect({ inflector: { … } })`; `rename` overrides single names.
 */
export interface Inflector {
  /** `blog_posts` → `BlogPost` */
  typeName(table: CatalogTable): string;
  /** `full_name` → `fullName` */
  fieldName(column: string): string;
  /** `post_status` → `PostStatus` */
  enumName(enumType: CatalogEnum): string;
  /** An enum label as a GraphQL enum value: kept when it is a valid name, else made one. */
  enumValueName(label: string): string;
  /** `blog_posts` → `blogPosts` (the list root field and to-many relations) */
  listField(table: CatalogTable): string;
  /** `blog_posts` → `blogPost` (the primary-key root field) */
  singleField(table: CatalogTable): string;
  /**
   * A lookup by a unique constraint: `users (email)` → `userByEmail`, `enrollments (course_id,
   * student_id)` → `enrollmentByCourseIdAndStudentId`.
   */
  uniqueLookupField(table: CatalogTable, columns: ReadonlyArray<string>): string;
  /** `blogPosts` → `blogPostsConnection` */
  connectionField(listField: string): string;
  /** `blogPosts` → `blogPostsAggregate` */
  aggregateField(listField: string): string;
  /** A foreign key seen from its table: `author_id` → `author`. */
  forwardRelation(fk: CatalogForeignKey, target: CatalogTable): string;
  /** A foreign key seen from the table it points at: `posts` (or `postsByAuthorId` when ambiguous). */
  backwardRelation(fk: CatalogForeignKey, source: CatalogTable, ambiguous: boolean): string;
  /**
   * Through a junction table: `tags`; when ambiguous (several junctions between the same tables,
   * or a table linked to itself) named after the junction key that reaches the target:
   * `peopleByFolloweeId`.
   */
  manyToManyRelation(
    junction: CatalogTable,
    target: CatalogTable,
    ambiguous: boolean,
    targetKey: CatalogForeignKey,
  ): string;
  /**
   * A mutation root field: `create` + `customers` → `createCustomers`, `update` + `customer` →
   * `updateCustomer` (the list or single query field's name).
   */
  mutationField(action: 'create' | 'update' | 'delete', queryField: string): string;
  /**
   * A database name as an enum value of the mutation inputs (`…Column`, `…UniqueConstraint`):
   * `business_key` → `BUSINESS_KEY`, `customers_pkey` → `CUSTOMERS_PKEY`.
   */
  constantName(name: string): string;
  plural(word: string): string;
  singular(word: string): string;
}

/**
 * What the default rules take as data (the config file's `inflector`): English words the plural
 * rules get wrong for a database's table names.
 */
export interface InflectorWords {
  /** Singular → plural, over the built-in irregular words (`{ "cactus": "cacti" }`). */
  readonly plurals?: Readonly<Record<string, string>>;
  /** Words whose plural is the word itself (`staff`), over the built-in ones. */
  readonly uncountable?: ReadonlyArray<string>;
}

/** The default rules, with `words` added to their irregular and uncountable English words. */
export function createInflector(words: InflectorWords = {}): Inflector {
  const english = englishWords(words);
  const plural = (word: string) => pluralOf(word, english);
  const singular = (word: string) => singularOf(word, english);
  return {
    typeName: (table) => pascalCase(singular(table.name)),
    fieldName: (column) => camelCase(column),
    enumName: (enumType) => pascalCase(enumType.name),
    enumValueName: (label) => {
      if (/^[_A-Za-z][_0-9A-Za-z]*$/.test(label) && !['true', 'false', 'null'].includes(label)) {
        return label;
      }
      const name = label.replace(/[^_0-9A-Za-z]+/g, '_').toUpperCase();
      return /^[_A-Za-z]/.test(name) ? name : `_${name}`;
    },
    listField: (table) => camelCase(plural(table.name)),
    singleField: (table) => camelCase(singular(table.name)),
    uniqueLookupField: (table, columns) =>
      `${camelCase(singular(table.name))}By${columns.map(pascalCase).join('And')}`,
    connectionField: (list) => `${list}Connection`,
    aggregateField: (list) => `${list}Aggregate`,
    forwardRelation: (fk, target) => {
      const only = fk.columns.length === 1 ? fk.columns[0] : undefined;
      if (only !== undefined && /_id$/i.test(only) && only.length > 3)
        return camelCase(only.slice(0, -3));
      return camelCase(singular(target.name));
    },
    backwardRelation: (fk, source, ambiguous) => {
      const base = camelCase(plural(source.name));
      return ambiguous ? `${base}By${pascalCase(fk.columns.join('_'))}` : base;
    },
    manyToManyRelation: (junction, target, ambiguous, targetKey) => {
      const base = camelCase(plural(target.name));
      if (!ambiguous) return base;
      return `${base}By${pascalCase(junction.name)}${pascalCase(targetKey.columns.join('_'))}`;
    },
    mutationField: (action, queryField) =>
      action + queryField.charAt(0).toUpperCase() + queryField.slice(1),
    constantName: (name) => {
      const words = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').split(/[^0-9A-Za-z]+/);
      const constant = words.filter(Boolean).join('_').toUpperCase();
      return /^[A-Z_]/.test(constant) ? constant : `_${constant}`;
    },
    plural,
    singular,
  };
}

export function camelCase(name: string): string {
  const pascal = pascalCase(name);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

export function pascalCase(name: string): string {
  const words = name.split(/[^0-9A-Za-z]+/).filter(Boolean);
  const joined = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  const safe = joined === '' ? '_' : joined;
  return /^[0-9]/.test(safe) ? `_${safe}` : safe;
}

// English plurals, enough for table names; anything else is what `inflector.plural` is for.
const IRREGULAR: ReadonlyArray<readonly [string, string]> = [
  ['person', 'people'],
  ['child', 'children'],
  ['man', 'men'],
  ['woman', 'women'],
  ['mouse', 'mice'],
  ['goose', 'geese'],
  ['tooth', 'teeth'],
  ['foot', 'feet'],
  ['datum', 'data'],
  ['index', 'indices'],
  ['criterion', 'criteria'],
  ['quiz', 'quizzes'],
  // Singulars in -s that the rules would read as plurals.
  ['alias', 'aliases'],
  ['atlas', 'atlases'],
  ['canvas', 'canvases'],
  ['gas', 'gases'],
  // Plurals the -ies and -uses rules would read as -y and -us words.
  ...[
    'movie',
    'cookie',
    'zombie',
    'calorie',
    'rookie',
    'selfie',
    'brownie',
    'goalie',
    'prairie',
    'smoothie',
    'sortie',
    'genie',
    'abuse',
    'excuse',
    'fuse',
    'muse',
    'refuse',
  ].map((word) => [word, `${word}s`] as const),
];
const UNCOUNTABLE: ReadonlySet<string> = new Set([
  'sheep',
  'fish',
  'series',
  'species',
  'news',
  'information',
  'equipment',
  'metadata',
  'data',
  'status_history',
]);

/** The irregular and uncountable words the plural rules know. */
interface EnglishWords {
  readonly irregular: ReadonlyArray<readonly [string, string]>;
  readonly uncountable: ReadonlySet<string>;
}

const DEFAULT_WORDS: EnglishWords = { irregular: IRREGULAR, uncountable: UNCOUNTABLE };

function englishWords(words: InflectorWords): EnglishWords {
  const given = Object.entries(words.plurals ?? {}).map(
    ([one, many]) => [one.toLowerCase(), many.toLowerCase()] as const,
  );
  return {
    irregular: [...given, ...IRREGULAR],
    uncountable: new Set([
      ...UNCOUNTABLE,
      ...(words.uncountable ?? []).map((w) => w.toLowerCase()),
    ]),
  };
}

/** `post` → `posts`, `category` → `categories`, `box` → `boxes`, `person` → `people`; plurals stay. */
export function plural(word: string): string {
  return pluralOf(word, DEFAULT_WORDS);
}

/** `posts` → `post`, `categories` → `category`, `boxes` → `box`, `people` → `person`. */
export function singular(word: string): string {
  return singularOf(word, DEFAULT_WORDS);
}

function pluralOf(word: string, english: EnglishWords): string {
  const { head, last } = splitLast(word);
  const lower = last.toLowerCase();
  if (english.uncountable.has(lower)) return word;
  for (const [one, many] of english.irregular) {
    if (lower === one) return head + matchCase(last, many);
    if (lower === many) return word;
  }
  if (looksPlural(lower)) return word;
  if (/[^aeiou]y$/.test(lower)) return head + last.slice(0, -1) + 'ies';
  if (/(s|x|z|ch|sh)$/.test(lower)) return head + last + 'es';
  return head + last + 's';
}

function singularOf(word: string, english: EnglishWords): string {
  const { head, last } = splitLast(word);
  const lower = last.toLowerCase();
  if (english.uncountable.has(lower)) return word;
  for (const [one, many] of english.irregular) {
    if (lower === many) return head + matchCase(last, one);
    if (lower === one) return word;
  }
  if (!looksPlural(lower)) return word;
  const [cut, ending] = singularEnding(lower);
  return head + last.slice(0, last.length - cut) + ending;
}

/**
 * How many letters the regular rules take off a plural, and what they put instead. A consonant +
 * -ies is -y (`categories`), but a one-letter stem keeps its -ie (`pies`, `ties`); -es goes after
 * ss, x, ch, sh (`classes`, `boxes`, `batches`, `dishes`), zz and tz (`buzzes`, `waltzes`) and a
 * Latin -us (`statuses`, `bonuses`, `buses`); a consonant + -aches is -ache (`caches`; `coaches`
 * is `coach`), other -zes are -ze (`sizes`, `prizes`) and a, e, o + -uses is -use (`houses`,
 * `causes`), as is `uses`: those and every other plural lose the -s only.
 */
function singularEnding(lower: string): readonly [number, string] {
  if (/.[^aeiou]ies$/.test(lower)) return [3, 'y'];
  if (/[^aeiou]aches$/.test(lower)) return [1, ''];
  if (/(ss|x|ch|sh|zz|tz)es$/.test(lower)) return [2, ''];
  if (/[^aeo]uses$/.test(lower)) return [2, ''];
  return [1, ''];
}

function looksPlural(lower: string): boolean {
  return /s$/.test(lower) && !/(ss|us|is)$/.test(lower);
}

function splitLast(word: string): { head: string; last: string } {
  const match = /^(.*?)([A-Za-z]+)$/.exec(word.replace(/([a-z0-9])([A-Z])/g, '$1\u0000$2'));
  if (!match) return { head: word, last: '' };
  const head = (match[1] ?? '').replaceAll('\u0000', '');
  return { head: word.slice(0, head.length), last: word.slice(head.length) };
}

function matchCase(model: string, word: string): string {
  return model.charAt(0) === model.charAt(0).toUpperCase()
    ? word.charAt(0).toUpperCase() + word.slice(1)
    : word;
}

/** The default rules (after the word lists they read). */
export const defaultInflector: Inflector = createInflector();
