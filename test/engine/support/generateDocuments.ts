import { Lexer, Source, TokenKind } from 'graphql';

/**
 * Valid GraphQL documents, executable and type system, that reach every production of the
 * grammar: descriptions, block strings, escapes, every value kind, list and non-null types,
 * comments, commas and odd white space between tokens.
 */
export class DocumentGenerator {
  constructor(private readonly random: () => number) {}

  private pick<T>(items: ReadonlyArray<T>): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  private times(max: number, min: number, make: () => string): string[] {
    const count = min + Math.floor(this.random() * (max - min + 1));
    return Array.from({ length: count }, make);
  }

  /** Ignored tokens between two tokens: usually a space. */
  private gap(): string {
    const r = this.random();
    if (r < 0.8) return ' ';
    return this.pick([',', '\n', '\r\n', '\r', '\t', ' # comment\n', '\ufeff', ' ,, ', '#é🎉\n  ']);
  }

  private join(tokens: ReadonlyArray<string>): string {
    return tokens.filter((t) => t !== '').join(this.gap());
  }

  name(): string {
    return this.pick([
      'a',
      'b',
      'id',
      'user',
      'on',
      'query',
      'type',
      '_x9',
      'Foo',
      'true',
      'null',
      'extend',
      'fragment',
      'longerFieldName',
    ]);
  }

  private stringValue(): string {
    return this.pick([
      '""',
      '"plain"',
      '"esc \\" \\\\ \\/ \\b \\f \\n \\r \\t"',
      '"\\u00e9\\u{1F600}\\uD83D\\uDE00"',
      '"é🎉"',
      '"""block"""',
      '"""\n    indented\n      more\n\n    """',
      '"""\r\n  a \\""" b\r\n"""',
      '"""  """',
    ]);
  }

  value(isConst: boolean, depth = 0): string {
    const r = this.random();
    if (depth < 3 && r < 0.12)
      return `[${this.join(this.times(3, 0, () => this.value(isConst, depth + 1)))}]`;
    if (depth < 3 && r < 0.22) {
      return `{${this.join(this.times(3, 0, () => `${this.name()}: ${this.value(isConst, depth + 1)}`))}}`;
    }
    if (!isConst && r < 0.32) return `$${this.name()}`;
    return this.pick([
      '0',
      '-1',
      '123',
      '1.5',
      '-0.25e10',
      '1E+3',
      '6.02e-23',
      'true',
      'false',
      'null',
      'RED',
      this.stringValue(),
    ]);
  }

  private arguments(isConst: boolean): string {
    if (!this.chance(0.4)) return '';
    return `(${this.join(this.times(3, 1, () => `${this.name()}: ${this.value(isConst)}`))})`;
  }

  private directives(isConst: boolean): string {
    return this.join(
      this.times(this.chance(0.3) ? 2 : 0, 0, () => `@${this.name()}${this.arguments(isConst)}`),
    );
  }

  type(depth = 0): string {
    const inner =
      depth < 3 && this.chance(0.3)
        ? `[${this.type(depth + 1)}]`
        : this.pick(['Int', 'String', 'T', 'In']);
    return this.chance(0.4) ? `${inner}!` : inner;
  }

  selectionSet(depth = 0): string {
    return `{${this.join(this.times(3, 1, () => this.selection(depth)))}}`;
  }

  private selection(depth: number): string {
    const r = this.random();
    if (r < 0.1)
      return this.join(['...', this.name() === 'on' ? 'F' : 'Frag', this.directives(false)]);
    if (r < 0.2) {
      return this.join([
        '...',
        this.chance(0.7) ? `on ${this.name()}` : '',
        this.directives(false),
        this.selectionSet(depth + 1),
      ]);
    }
    const alias = this.chance(0.2) ? `${this.name()}:` : '';
    const sub = depth < 3 && this.chance(0.3) ? this.selectionSet(depth + 1) : '';
    return this.join([alias, this.name(), this.arguments(false), this.directives(false), sub]);
  }

  private description(): string {
    return this.chance(0.3) ? this.stringValue() : '';
  }

  private variableDefinitions(): string {
    if (!this.chance(0.5)) return '';
    return `(${this.join(
      this.times(3, 1, () =>
        this.join([
          this.description(),
          `$${this.name()}:`,
          this.type(),
          this.chance(0.3) ? `= ${this.value(true)}` : '',
          this.directives(true),
        ]),
      ),
    )})`;
  }

  executableDefinition(): string {
    const r = this.random();
    if (r < 0.25) return this.selectionSet();
    if (r < 0.45) {
      return this.join([
        this.description(),
        'fragment',
        'Frag',
        'on',
        this.name(),
        this.directives(false),
        this.selectionSet(),
      ]);
    }
    return this.join([
      this.description(),
      this.pick(['query', 'mutation', 'subscription']),
      this.chance(0.7) ? this.name() : '',
      this.variableDefinitions(),
      this.directives(false),
      this.selectionSet(),
    ]);
  }

  private inputValue(): string {
    return this.join([
      this.description(),
      `${this.name()}:`,
      this.type(),
      this.chance(0.3) ? `= ${this.value(true)}` : '',
      this.directives(true),
    ]);
  }

  private fields(): string {
    return `{${this.join(
      this.times(3, 1, () => {
        const args = this.chance(0.3)
          ? `(${this.join(this.times(2, 1, () => this.inputValue()))})`
          : '';
        return this.join([
          this.description(),
          `${this.name()}${args}:`,
          this.type(),
          this.directives(true),
        ]);
      }),
    )}}`;
  }

  typeSystemDefinition(): string {
    const d = this.description();
    const dirs = this.directives(true);
    const implementsList = this.chance(0.4)
      ? `implements ${this.chance(0.3) ? '& ' : ''}${this.times(2, 1, () => this.name()).join(' & ')}`
      : '';
    const extend = this.chance(0.25);
    switch (
      this.pick(['schema', 'scalar', 'type', 'interface', 'union', 'enum', 'input', 'directive'])
    ) {
      case 'schema':
        return extend
          ? this.join(['extend schema', '@d', this.chance(0.5) ? '{ mutation: M }' : ''])
          : this.join([
              d,
              'schema',
              dirs,
              `{ query: Q ${this.chance(0.5) ? 'subscription: S' : ''} }`,
            ]);
      case 'scalar':
        return extend ? `extend scalar S @d` : this.join([d, 'scalar', this.name(), dirs]);
      case 'type':
      case 'interface': {
        const keyword = this.pick(['type', 'interface']);
        return this.join([
          extend ? 'extend' : d,
          keyword,
          this.name(),
          implementsList,
          dirs,
          this.fields(),
        ]);
      }
      case 'union':
        return this.join([
          extend ? 'extend' : d,
          'union',
          this.name(),
          dirs,
          `= ${this.chance(0.3) ? '| ' : ''}${this.times(3, 1, () => this.name()).join(' | ')}`,
        ]);
      case 'enum':
        return this.join([
          extend ? 'extend' : d,
          'enum',
          this.name(),
          dirs,
          `{${this.join(this.times(3, 1, () => this.join([this.description(), this.pick(['RED', 'GREEN', 'on', 'Null']), this.directives(true)])))}}`,
        ]);
      case 'input':
        return this.join([
          extend ? 'extend' : d,
          'input',
          this.name(),
          dirs,
          `{${this.join(this.times(3, 1, () => this.inputValue()))}}`,
        ]);
      default:
        return this.join([
          d,
          'directive',
          `@${this.name()}`,
          this.chance(0.4) ? `(${this.inputValue()})` : '',
          this.chance(0.3) ? 'repeatable' : '',
          'on',
          this.times(3, 1, () => this.pick(['FIELD', 'QUERY', 'OBJECT', 'ENUM_VALUE'])).join(' | '),
        ]);
    }
  }

  document(): string {
    const typeSystem = this.chance(0.35);
    return this.join(
      this.times(3, 1, () =>
        typeSystem && this.chance(0.8) ? this.typeSystemDefinition() : this.executableDefinition(),
      ),
    );
  }
}

/** The tokens of a document that lexes, comments included, as [start, end] pairs. */
export function tokenSpans(text: string): Array<[number, number]> {
  const lexer = new Lexer(new Source(text));
  const sof = lexer.token;
  while (lexer.advance().kind !== TokenKind.EOF);
  const spans: Array<[number, number]> = [];
  for (let token = sof.next; token !== null && token.kind !== TokenKind.EOF; token = token.next) {
    spans.push([token.start, token.end]);
  }
  return spans;
}

const INSERTED = [
  '"',
  '\\',
  '.',
  "'",
  '#',
  '\n',
  '\u0000',
  '\u000b',
  '\ud800',
  '🎉',
  '0',
  '9',
  'e',
  '-',
  '+',
  '{',
  '}',
  '[',
  ']',
  '(',
  ')',
  '$',
  '@',
  '!',
  ':',
  '=',
  '|',
  '&',
  'x',
  'é',
  '\u00a0',
  '"""',
  '...',
  '\\u',
  'on ',
];

/** Variants of `text` that differ at one token: it deleted, doubled, swapped with the next, or a character inserted at it. */
export function mutations(text: string, random: () => number): string[] {
  const spans = tokenSpans(text);
  const out: string[] = [];
  spans.forEach(([start, end], i) => {
    const token = text.slice(start, end);
    switch (Math.floor(random() * 4)) {
      case 0:
        out.push(text.slice(0, start) + text.slice(end));
        break;
      case 1:
        out.push(text.slice(0, end) + ' ' + token + text.slice(end));
        break;
      case 2: {
        const next = spans[i + 1];
        if (next === undefined) out.push(text.slice(0, start));
        else
          out.push(
            text.slice(0, start) +
              text.slice(next[0], next[1]) +
              text.slice(end, next[0]) +
              token +
              text.slice(next[1]),
          );
        break;
      }
      default: {
        const at = start + Math.floor(random() * (end - start + 1));
        out.push(
          text.slice(0, at) + INSERTED[Math.floor(random() * INSERTED.length)] + text.slice(at),
        );
      }
    }
  });
  return out;
}
