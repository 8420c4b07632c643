import {
  getNamedType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';

/**
 * Executable documents for a schema, mostly valid, with the mistakes each specified rule looks
 * for mixed in at random: unknown and misplaced fields, arguments, types, directives and
 * fragments; wrong values and variable types; unused and undefined variables and fragments;
 * fragment cycles; conflicting aliases; duplicate names; deep introspection.
 */
export class OperationGenerator {
  /** The variables the definition being generated uses, with the type of their first position. */
  private variables = new Map<string, string>();
  private fragments: Array<{ name: string; on: string; used: boolean }> = [];
  /** Fragments spreadable from the definition being generated (earlier ones: no cycles). */
  private spreadable = 0;
  private aliases = 0;
  /** Generating an operation (fragments use variables only by mistake: they may be undefined). */
  private inOperation = false;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly random: () => number,
    /** The chance of each mistake. */
    private readonly mistakes = 0.06,
    /** How deep operations nest fields (fragments one less) and how many selections a set has. */
    private readonly depth = 2,
    private readonly width = 3,
  ) {}

  private pick<T>(items: ReadonlyArray<T>): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  private wrong(): boolean {
    return this.random() < this.mistakes;
  }

  document(): string {
    const parts: string[] = [];
    const typeNames = Object.keys(this.schema.getTypeMap()).filter((n) => !n.startsWith('__'));
    const composites = typeNames.filter((n) => isCompositeType(this.schema.getType(n)));
    const count = 1 + Math.floor(this.random() * 3);
    this.fragments = Array.from({ length: Math.floor(this.random() * 4) }, (_, i) => ({
      name: this.wrong() ? 'F0' : `F${i}`,
      on: this.wrong() ? this.pick(typeNames) : this.pick(composites),
      used: false,
    }));
    const fragmentTexts: string[] = [];
    this.fragments.forEach((fragment, i) => {
      const type = this.schema.getType(fragment.on);
      this.variables = new Map();
      this.spreadable = this.wrong() ? this.fragments.length : i;
      const body = isCompositeType(type) ? this.selectionSet(type, this.depth - 1) : '{ a }';
      fragmentTexts.push(
        `fragment ${fragment.name} on ${fragment.on}${this.directives('f')} ${body}`,
      );
    });
    this.spreadable = this.fragments.length;
    this.inOperation = true;
    for (let i = 0; i < count; i++) parts.push(this.operation(i, count));
    this.inOperation = false;
    // Fragments nothing spreads stay only as a mistake.
    this.fragments.forEach((fragment, i) => {
      if (fragment.used || this.wrong()) parts.push(fragmentTexts[i]!);
    });
    // Fragments before or after the operations (usages looked up either way).
    if (this.chance(0.5)) parts.reverse();
    return parts.join('\n');
  }

  private operation(index: number, count: number): string {
    const kinds: Array<['query' | 'mutation' | 'subscription', GraphQLCompositeType | null]> = [
      ['query', this.schema.getQueryType() ?? null],
      ['mutation', this.schema.getMutationType() ?? null],
      ['subscription', this.schema.getSubscriptionType() ?? null],
    ];
    const [kind, root] = this.chance(0.7) ? kinds[0]! : this.pick(kinds);
    this.variables = new Map();
    const body = root ? this.selectionSet(root, this.depth) : '{ a }';
    // Fragments' variables are the operation's too: define the names they might use.
    const definitions = [...this.variables].map(([name, type]) =>
      this.variableDefinition(name, type),
    );
    for (const name of ['a', 'b'])
      if (!this.variables.has(name) && this.wrong())
        definitions.push(this.variableDefinition(name, 'Boolean'));
    if (this.wrong()) definitions.push(this.variableDefinition('unused', 'Int'));
    if (this.wrong() && definitions.length > 0) definitions.push(definitions[0]!);
    const anonymous = count === 1 ? this.chance(0.5) : this.wrong();
    const name = anonymous ? '' : this.wrong() ? 'Op' : `Op${index}`;
    const vars = definitions.length > 0 ? `(${definitions.join(', ')})` : '';
    if (anonymous && vars === '' && kind === 'query' && this.chance(0.5)) return body;
    return `${kind} ${name}${vars}${this.directives(kind)} ${body}`;
  }

  private variableDefinition(name: string, expected: string): string {
    const types = ['Int', 'Int!', 'String', 'Boolean!', '[Int]', 'ID', '[String!]!', 'Float'];
    const inputs = Object.values(this.schema.getTypeMap())
      .filter((t) => (isInputObjectType(t) || isEnumType(t)) && !t.name.startsWith('__'))
      .map((t) => t.name);
    let type = expected;
    if (this.wrong()) type = this.pick([...types, ...inputs, ...inputs.map((t) => `${t}!`)]);
    if (this.wrong()) type = this.pick(['Unknown', 'Query', '[Query]']);
    const defaultValue = this.wrong() ? ` = ${this.pick(['1', 'null', '"x"', '[1]', 'A'])}` : '';
    const directive = this.wrong() ? ' @skip(if: true)' : '';
    return `$${name}: ${type}${defaultValue}${directive}`;
  }

  private selectionSet(type: GraphQLCompositeType, depth: number): string {
    const selections: string[] = [];
    const count = 1 + Math.floor(this.random() * this.width);
    for (let i = 0; i < count; i++) selections.push(this.selection(type, depth));
    return `{ ${selections.join(' ')} }`;
  }

  private selection(type: GraphQLCompositeType, depth: number): string {
    const r = this.random();
    if (r < 0.12 && this.spreadable > 0) {
      const candidates = this.fragments
        .slice(0, this.spreadable)
        .filter((f) => this.wrong() || f.on === type.name);
      if (candidates.length > 0 || this.wrong()) {
        const fragment = candidates.length > 0 ? this.pick(candidates) : undefined;
        if (fragment) fragment.used = true;
        return `...${fragment?.name ?? 'Missing'}${this.directives('s')}`;
      }
    }
    if (r < 0.2) return this.inlineFragment(type, depth);
    if (r < 0.25) return `__typename${this.chance(0.3) ? this.directives('s') : ''}`;
    if (r < 0.27 && type === this.schema.getQueryType()) return this.introspection();
    const fields =
      isObjectType(type) || isInterfaceType(type) ? Object.values(type.getFields()) : [];
    if (fields.length === 0 && !this.wrong()) return this.inlineFragment(type, depth);
    if (fields.length === 0 || this.wrong()) {
      const name = this.pick(['nope', 'idd', 'name', 'title', 'id']);
      return this.wrong() ? `${name} { id }` : name;
    }
    return this.field(this.pick(fields), depth);
  }

  private inlineFragment(type: GraphQLCompositeType, depth: number): string {
    let on = type;
    const candidates = Object.values(this.schema.getTypeMap()).filter(
      (t): t is GraphQLCompositeType => isCompositeType(t) && !t.name.startsWith('__'),
    );
    if (isUnionType(type) || isInterfaceType(type)) {
      on = this.pick(this.schema.getPossibleTypes(type));
    }
    if (this.wrong()) on = this.pick(candidates);
    if (this.wrong()) return `... on String { a }`;
    const condition = this.chance(0.2) ? '' : ` on ${on.name}`;
    return `...${condition}${this.directives('s')} ${this.selectionSet(condition ? on : type, depth)}`;
  }

  private field(field: GraphQLField<unknown, unknown>, depth: number): string {
    const alias = this.wrong()
      ? `${this.pick(['x', 'y', 'id', 'name'])}: `
      : field.args.length > 0 || this.chance(0.15)
        ? `a${this.aliases++}: `
        : '';
    const args: string[] = [];
    for (const arg of field.args) {
      if (isNonNullType(arg.type) ? !this.wrong() : this.chance(0.5)) {
        args.push(`${arg.name}: ${this.value(arg.type, 2)}`);
      }
    }
    if (this.wrong()) args.push(`${this.pick(['bogus', 'id', 'first'])}: 1`);
    if (this.wrong() && args.length > 0) args.push(args[0]!);
    const argText = args.length > 0 ? `(${args.join(', ')})` : '';
    const named = getNamedType(field.type);
    let sub = '';
    if (isCompositeType(named)) {
      sub = this.wrong()
        ? ''
        : depth > 0
          ? ` ${this.selectionSet(named, depth - 1)}`
          : ' { __typename }';
    } else if (this.wrong()) {
      sub = ' { id }';
    }
    return `${alias}${field.name}${argText}${this.directives('s')}${sub}`;
  }

  private introspection(): string {
    if (this.chance(0.5)) return `__type(name: "${this.pick(['Query', 'X'])}") { name kind }`;
    const deep = this.wrong()
      ? '{ fields { type { fields { type { fields { name } } } } } }'
      : '{ name fields { name } }';
    return `__schema { types ${deep} }`;
  }

  private variable(type: string): string {
    const name = this.wrong() ? 'undefinedVar' : this.pick(['a', 'b', 'c', 'd']);
    const known = this.variables.get(name);
    if (known === undefined && name !== 'undefinedVar') this.variables.set(name, type);
    // A name already typed otherwise: a new name for this position, unless by mistake.
    if (known !== undefined && known !== type && !this.wrong()) {
      const fresh = `v${this.variables.size}`;
      this.variables.set(fresh, type);
      return `$${fresh}`;
    }
    return `$${name}`;
  }

  private value(type: GraphQLInputType, depth: number, nullable = true): string {
    if (nullable && (this.inOperation || this.wrong()) && this.chance(0.12)) {
      return this.variable(String(type));
    }
    if (this.wrong())
      return this.pick([
        'null',
        '"str"',
        '1.5',
        'WRONG',
        '[1, 2]',
        '{ a: 1 }',
        'true',
        '99999999999',
      ]);
    if (isNonNullType(type)) return this.value(type.ofType, depth, false);
    if (nullable && this.chance(0.05)) return 'null';
    if (isListType(type)) {
      if (this.chance(0.3)) return this.value(type.ofType, depth);
      const items = Array.from({ length: Math.floor(this.random() * 3) }, () =>
        this.value(type.ofType, depth),
      );
      return `[${items.join(', ')}]`;
    }
    if (isEnumType(type)) return this.pick(type.getValues()).name;
    if (isInputObjectType(type)) {
      const fields = Object.values(type.getFields());
      const chosen = type.isOneOf
        ? [this.pick(fields)]
        : fields.filter((f) => isNonNullType(f.type) || this.chance(0.5));
      const entries =
        depth > 0 ? chosen.map((f) => `${f.name}: ${this.value(f.type, depth - 1)}`) : [];
      if (this.wrong()) entries.push('unknownField: 1');
      if (this.wrong() && entries.length > 0) entries.push(entries[0]!);
      return `{ ${entries.join(', ')} }`;
    }
    if (isLeafType(type)) {
      switch (type.name) {
        case 'Int':
          return this.pick(['0', '7', '-3']);
        case 'Float':
          return this.pick(['1.5', '2', '-0.5e3']);
        case 'Boolean':
          return this.pick(['true', 'false']);
        case 'ID':
          return this.pick(['"1"', '42']);
        default:
          return this.pick(['"text"', '"2024-01-01"']);
      }
    }
    return '1';
  }

  private directives(where: string): string {
    if (!this.chance(0.15)) return '';
    const options =
      where === 's'
        ? [
            '@skip(if: true)',
            '@include(if: false)',
            this.inOperation ? '@include(if: $)' : '@skip(if: false)',
          ]
        : [];
    if (options.length === 0 && !this.wrong()) return '';
    const directive =
      options.length === 0 || this.wrong()
        ? this.pick([
            '@unknown',
            '@deprecated',
            '@specifiedBy(url: "x")',
            '@oneOf',
            '@skip',
            '@skip(if: true, x: 1)',
          ])
        : this.pick(options).replace('$', () => this.variable('Boolean!'));
    return ` ${directive}${this.wrong() ? ` ${directive}` : ''}`;
  }
}
