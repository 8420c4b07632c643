import {
  GraphQLError,
  OperationTypeNode,
  type ArgumentNode,
  type ConstDirectiveNode,
  type ConstValueNode,
  type DefinitionNode,
  type DirectiveNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type Location,
  type NamedTypeNode,
  type NameNode,
  type OperationDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
  type Source,
  type StringValueNode,
  type TypeNode,
  type VariableDefinitionNode,
  type VariableNode,
} from 'graphql';
import { ErrorCode } from '../errors/ErrorCode.js';
import type { SluiceParseOptions } from './parse.js';
import * as ast from './executableNodes.js';
import { Lexer } from './Lexer.js';
import { parseValueLiteral } from './parseValueLiteral.js';
import { parseTypeSystemDefinition, parseTypeSystemExtension } from './parseTypeSystem.js';
import { DocumentLocation, SourceLocation } from './SourceLocation.js';
import * as tokenKinds from './tokenKinds.js';

// Copied into constants of this module: each use of an imported binding loads it and checks
// that it is initialised, where a module constant is folded into the optimised code.
const {
  AT,
  BLOCK_STRING,
  BRACE_L,
  BRACE_R,
  BRACKET_L,
  BRACKET_R,
  COLON,
  DOLLAR,
  EOF,
  EQUALS,
  BANG,
  NAME,
  PAREN_L,
  PAREN_R,
  SPREAD,
  STRING,
  kindDescription,
  tokenDescription,
} = tokenKinds;

const NO_ARGUMENTS: ReadonlyArray<ArgumentNode> = [];
const NO_DIRECTIVES: ReadonlyArray<DirectiveNode> = [];

/**
 * A selection set being parsed, with what owns it (a field or an inline fragment) and the set it
 * is nested in. Frames are made per set, not pooled: a young object pointing to young nodes costs
 * the collector nothing, a pooled (old) one pays a write barrier on every store.
 */
class SelectionFrame {
  // Declared and assigned in the constructor, as the lexer's fields are: a frame is made per set.
  /** The set's selections: none until the first, then a one-item literal grown by `push`. */
  declare selections: SelectionNode[] | undefined;
  declare readonly parent: SelectionFrame | undefined;
  declare readonly start: number;
  declare readonly ownerStart: number;
  /** A field's name; undefined when an inline fragment owns the set. */
  declare readonly name: NameNode | undefined;
  declare readonly alias: NameNode | undefined;
  declare readonly args: ReadonlyArray<ArgumentNode>;
  declare readonly directives: ReadonlyArray<DirectiveNode>;
  declare readonly typeCondition: NamedTypeNode | undefined;

  constructor(
    parent: SelectionFrame | undefined,
    start: number,
    ownerStart: number,
    name: NameNode | undefined,
    alias: NameNode | undefined,
    args: ReadonlyArray<ArgumentNode>,
    directives: ReadonlyArray<DirectiveNode>,
    typeCondition: NamedTypeNode | undefined,
  ) {
    this.selections = undefined;
    this.parent = parent;
    this.start = start;
    this.ownerStart = ownerStart;
    this.name = name;
    this.alias = alias;
    this.args = args;
    this.directives = directives;
    this.typeCondition = typeCondition;
  }
}

/**
 * The bound in place of none (or of one past it): no string holds this many tokens or brackets
 * (V8's longest is 2^29 - 24 characters), and a small integer keeps the per-token comparison
 * an integer one rather than one with `Infinity`.
 */
const NO_BOUND = 2 ** 30 - 1;

/** The start of each list type's `[` in the type being parsed (numbers: shared, never stale). */
const listStarts: number[] = [];

/**
 * GraphQL's parser (spec §2: https://spec.graphql.org/October2021/#sec-Language), giving
 * graphql-js 16's AST and graphql-js's syntax errors, token by token in graphql-js's order. The
 * constructs that nest without bound — selection sets, list and object values, list types — are
 * parsed with explicit stacks, not recursion, so no depth overflows the call stack; `maxNesting`
 * bounds them while parsing.
 */
export class Parser extends Lexer {
  // Declared and assigned in the constructor, as the lexer's fields are.
  declare readonly legacyFragmentVariables: boolean;
  declare readonly directivesOnDirectiveDefinitions: boolean;
  /** Tokens consumed, comments and `<EOF>` not counted (graphql-js's `tokenCount`). */
  declare tokenCount: number;
  /** Brackets open at the current token. */
  declare private depth: number;
  declare private readonly locate: boolean;
  declare private readonly maxTokens: number;
  declare private readonly maxNesting: number;

  /** Options are read as graphql-js reads them (`maxLexicalTokens` over `maxTokens`, and so on). */
  constructor(source: Source, options: SluiceParseOptions | undefined) {
    super(source, options?.maxComments);
    this.legacyFragmentVariables = options?.allowLegacyFragmentVariables === true;
    this.directivesOnDirectiveDefinitions = Boolean(
      options?.experimentalDirectivesOnDirectiveDefinitions,
    );
    this.tokenCount = 0;
    this.depth = 0;
    this.locate = options?.noLocation !== true;
    const maxTokens =
      options?.maxLexicalTokens !== undefined ? options.maxLexicalTokens : options?.maxTokens;
    this.maxTokens = maxTokens === undefined || maxTokens > NO_BOUND ? NO_BOUND : maxTokens;
    const maxNesting = options?.maxNesting ?? NO_BOUND;
    this.maxNesting = maxNesting > NO_BOUND ? NO_BOUND : maxNesting;
  }

  /** A node's location, from `start` to the end of the last token consumed. */
  loc(start: number): Location | undefined {
    return this.locate
      ? (new SourceLocation(start, this.lastEnd, this.source) as unknown as Location)
      : undefined;
  }

  advance(): void {
    this.next();
    if (this.kind !== EOF && ++this.tokenCount > this.maxTokens) {
      throw this.error(
        this.start,
        `Document contains more that ${this.maxTokens} tokens. Parsing aborted.`,
      );
    }
  }

  /** Whether the current token is of `kind` (a method: TypeScript would keep a narrowed `kind`). */
  peek(kind: number): boolean {
    return this.kind === kind;
  }

  expect(kind: number): void {
    if (this.kind !== kind) throw this.expected(kindDescription(kind));
    this.advance();
  }

  expectOptional(kind: number): boolean {
    if (this.kind !== kind) return false;
    this.advance();
    return true;
  }

  expectKeyword(value: string): void {
    if (this.kind !== NAME || this.value !== value) throw this.expected(`"${value}"`);
    this.advance();
  }

  expectOptionalKeyword(value: string): boolean {
    if (this.kind !== NAME || this.value !== value) return false;
    this.advance();
    return true;
  }

  private expected(what: string): GraphQLError {
    const { kind, value, start } = this;
    return this.error(start, `Expected ${what}, found ${tokenDescription(kind, value)}.`);
  }

  /** The error for the current token, unexpected. */
  unexpected(): GraphQLError {
    const { kind, value, start } = this;
    return this.unexpectedToken(kind, value, start);
  }

  unexpectedToken(kind: number, value: string | undefined, start: number): GraphQLError {
    return this.error(start, `Unexpected ${tokenDescription(kind, value)}.`);
  }

  /** Consumes the opening bracket `kind`, which must be the current token, counting its depth. */
  open(kind: number): void {
    if (this.kind !== kind) throw this.expected(kindDescription(kind));
    if (++this.depth > this.maxNesting) {
      throw new GraphQLError(
        `Document nests selections, lists, objects and arguments more than ${this.maxNesting} levels deep.`,
        {
          source: this.source,
          positions: [this.start],
          extensions: { code: ErrorCode.MAX_DEPTH_EXCEEDED },
        },
      );
    }
    this.advance();
  }

  /** Consumes the closing bracket `kind` if it is the current token. */
  closes(kind: number): boolean {
    if (this.kind !== kind) return false;
    this.depth--;
    this.advance();
    return true;
  }

  /** `many`: an opening bracket, one or more items, the closing bracket (lists: see `collect`). */
  many<T>(open: number, item: (parser: Parser) => T, close: number): T[] {
    this.open(open);
    const items = [item(this)];
    while (!this.closes(close)) items.push(item(this));
    return items;
  }

  /** `optionalMany`: `many`, or an empty list when the opening bracket is not there. */
  optionalMany<T>(open: number, item: (parser: Parser) => T, close: number): T[] {
    return this.kind === open ? this.many(open, item, close) : [];
  }

  /** Items separated by `delimiter`, which may also come first. */
  delimitedMany<T>(delimiter: number, item: (parser: Parser) => T): T[] {
    this.expectOptional(delimiter);
    const items: T[] = [];
    do items.push(item(this));
    while (this.expectOptional(delimiter));
    return items;
  }

  // Document (spec §2.2)

  parseDocument(): DocumentNode {
    this.advance();
    // A literal of the first, as the lists in `collect`: most documents hold one definition.
    const definitions: DefinitionNode[] = [this.parseDefinition()];
    while (!this.expectOptional(EOF)) definitions.push(this.parseDefinition());
    const loc = this.locate
      ? (new DocumentLocation(0, this.lastEnd, this.source) as unknown as Location)
      : undefined;
    return ast.document(definitions, loc);
  }

  private parseDefinition(): DefinitionNode {
    if (this.kind === BRACE_L) return this.parseOperationDefinition();
    const hasDescription = this.kind === STRING || this.kind === BLOCK_STRING;
    const kind = hasDescription ? this.lookahead() : this.kind;
    const value = hasDescription ? this.aheadTokenValue : this.value;
    if (hasDescription && kind === BRACE_L) {
      throw this.error(
        this.start,
        'Unexpected description, descriptions are not supported on shorthand queries.',
      );
    }
    if (kind === NAME) {
      const definition = parseTypeSystemDefinition(this, value);
      if (definition !== undefined) return definition;
      switch (value) {
        case 'query':
        case 'mutation':
        case 'subscription':
          return this.parseOperationDefinition();
        case 'fragment':
          return this.parseFragmentDefinition();
      }
      if (hasDescription) {
        throw this.error(
          this.start,
          'Unexpected description, only GraphQL definitions support descriptions.',
        );
      }
      if (value === 'extend') return parseTypeSystemExtension(this);
    }
    throw this.unexpectedToken(kind, value, hasDescription ? this.aheadTokenStart : this.start);
  }

  // Operations (spec §2.3)

  private parseOperationDefinition(): OperationDefinitionNode {
    const start = this.start;
    if (this.kind === BRACE_L) {
      const selectionSet = this.parseSelectionSet();
      return ast.operationDefinition(
        OperationTypeNode.QUERY,
        undefined,
        undefined,
        [],
        [],
        selectionSet,
        this.loc(start),
      );
    }
    const description = this.parseDescription();
    const operation = this.parseOperationType();
    const name = this.kind === NAME ? this.parseName() : undefined;
    const variableDefinitions = this.parseVariableDefinitions();
    const directives = this.parseDirectives(false);
    const selectionSet = this.parseSelectionSet();
    return ast.operationDefinition(
      operation,
      description,
      name,
      variableDefinitions,
      directives,
      selectionSet,
      this.loc(start),
    );
  }

  parseOperationType(): OperationTypeNode {
    const { value, start } = this;
    this.expect(NAME);
    switch (value) {
      case 'query':
        return OperationTypeNode.QUERY;
      case 'mutation':
        return OperationTypeNode.MUTATION;
      case 'subscription':
        return OperationTypeNode.SUBSCRIPTION;
    }
    throw this.unexpectedToken(NAME, value, start);
  }

  private parseVariableDefinitions(): VariableDefinitionNode[] {
    return this.optionalMany(PAREN_L, parseVariableDefinition, PAREN_R);
  }

  parseVariable(): VariableNode {
    const start = this.start;
    this.expect(DOLLAR);
    const name = this.parseName();
    return ast.variable(name, this.loc(start));
  }

  parseName(): NameNode {
    if (this.kind !== NAME) throw this.expected('Name');
    const { start, value } = this;
    this.advance();
    return ast.name(value!, this.loc(start));
  }

  /**
   * SelectionSet (spec §2.4), with a stack of the sets being parsed: a field or inline fragment
   * whose set opens is completed when the set closes.
   */
  parseSelectionSet(): SelectionSetNode {
    let frame = this.openSelectionSet(
      undefined,
      this.start,
      undefined,
      undefined,
      NO_ARGUMENTS,
      NO_DIRECTIVES,
      undefined,
    );
    for (;;) {
      let selection: SelectionNode;
      const start = this.start;
      if (this.kind === SPREAD) {
        this.advance();
        const hasTypeCondition = this.expectOptionalKeyword('on');
        if (!hasTypeCondition && this.peek(NAME)) {
          const name = this.parseFragmentName();
          const directives = this.parseDirectives(false);
          selection = ast.fragmentSpread(name, directives, this.loc(start));
        } else {
          const typeCondition = hasTypeCondition ? this.parseNamedType() : undefined;
          const directives = this.parseDirectives(false);
          frame = this.openSelectionSet(
            frame,
            start,
            undefined,
            undefined,
            NO_ARGUMENTS,
            directives,
            typeCondition,
          );
          continue;
        }
      } else {
        let alias: NameNode | undefined;
        let name = this.parseName();
        if (this.expectOptional(COLON)) {
          alias = name;
          name = this.parseName();
        }
        const args = this.parseArguments(false);
        const directives = this.parseDirectives(false);
        if (this.kind === BRACE_L) {
          frame = this.openSelectionSet(frame, start, name, alias, args, directives, undefined);
          continue;
        }
        selection = ast.field(alias, name, args, directives, undefined, this.loc(start));
      }
      for (;;) {
        collect(frame, selection);
        if (!this.closes(BRACE_R)) break;
        const set = ast.selectionSet(frame.selections!, this.loc(frame.start));
        const parent = frame.parent;
        if (parent === undefined) return set;
        const loc = this.loc(frame.ownerStart);
        selection =
          frame.name !== undefined
            ? ast.field(frame.alias, frame.name, frame.args, frame.directives, set, loc)
            : ast.inlineFragment(frame.typeCondition, frame.directives, set, loc);
        frame = parent;
      }
    }
  }

  /** Opens a selection set at the current token for the field or inline fragment described. */
  private openSelectionSet(
    parent: SelectionFrame | undefined,
    ownerStart: number,
    name: NameNode | undefined,
    alias: NameNode | undefined,
    args: ReadonlyArray<ArgumentNode>,
    directives: ReadonlyArray<DirectiveNode>,
    typeCondition: NamedTypeNode | undefined,
  ): SelectionFrame {
    const start = this.start;
    this.open(BRACE_L);
    return new SelectionFrame(
      parent,
      start,
      ownerStart,
      name,
      alias,
      args,
      directives,
      typeCondition,
    );
  }

  parseArguments(isConst: boolean): ArgumentNode[] {
    if (this.kind !== PAREN_L) return [];
    return this.many(PAREN_L, isConst ? parseConstArgument : parseArgument, PAREN_R);
  }

  // Fragments (spec §2.8)

  private parseFragmentDefinition(): FragmentDefinitionNode {
    const start = this.start;
    const description = this.parseDescription();
    this.expectKeyword('fragment');
    const name = this.parseFragmentName();
    // Legacy: `fragment F($v: Int) on T`, with the key only then (as graphql-js).
    const variableDefinitions = this.legacyFragmentVariables
      ? this.parseVariableDefinitions()
      : undefined;
    this.expectKeyword('on');
    const typeCondition = this.parseNamedType();
    const directives = this.parseDirectives(false);
    const selectionSet = this.parseSelectionSet();
    const loc = this.loc(start);
    return variableDefinitions === undefined
      ? ast.fragmentDefinition(description, name, typeCondition, directives, selectionSet, loc)
      : ast.legacyFragmentDefinition(
          description,
          name,
          variableDefinitions,
          typeCondition,
          directives,
          selectionSet,
          loc,
        );
  }

  private parseFragmentName(): NameNode {
    // Whatever the token's kind: graphql-js compares only its value.
    if (this.value === 'on') throw this.unexpected();
    return this.parseName();
  }

  // Directives (spec §2.12)

  parseDirectives(isConst: boolean): DirectiveNode[] {
    if (this.kind !== AT) return [];
    const directives = [this.parseDirective(isConst)];
    while (this.kind === AT) directives.push(this.parseDirective(isConst));
    return directives;
  }

  private parseDirective(isConst: boolean): DirectiveNode {
    const start = this.start;
    this.advance();
    const name = this.parseName();
    const args = this.parseArguments(isConst);
    return ast.directive(name, args, this.loc(start));
  }

  parseConstDirectives(): ConstDirectiveNode[] {
    return this.parseDirectives(true) as ConstDirectiveNode[];
  }

  // Types (spec §2.11)

  /** Type, with the list brackets it opens counted rather than recursed into. */
  parseTypeReference(): TypeNode {
    const starts = listStarts;
    let lists = 0;
    while (this.kind === BRACKET_L) {
      starts[lists++] = this.start;
      this.open(BRACKET_L);
    }
    const namedStart = this.start;
    let type: TypeNode = this.parseNamedType();
    if (this.expectOptional(BANG)) type = ast.nonNullType(type, this.loc(namedStart));
    while (lists > 0) {
      const start = starts[--lists]!;
      if (!this.closes(BRACKET_R)) throw this.expected(kindDescription(BRACKET_R));
      type = ast.listType(type, this.loc(start));
      if (this.expectOptional(BANG)) type = ast.nonNullType(type, this.loc(start));
    }
    return type;
  }

  parseNamedType(): NamedTypeNode {
    const start = this.start;
    const name = this.parseName();
    return ast.namedType(name, this.loc(start));
  }

  parseDescription(): StringValueNode | undefined {
    const { kind, start, value } = this;
    if (kind !== STRING && kind !== BLOCK_STRING) return undefined;
    this.advance();
    return ast.stringValue(value!, kind === BLOCK_STRING, this.loc(start));
  }
}

/**
 * Adds a selection to its set. Lists here (selections, arguments, directives, values) start as
 * a literal of their first item rather than as `[]`: `push` onto an empty array makes room for
 * 16 items, and most lists hold one or two, so a list of one is one array of length one.
 */
function collect(frame: SelectionFrame, selection: SelectionNode): void {
  if (frame.selections === undefined) frame.selections = [selection];
  else frame.selections.push(selection);
}

function parseVariableDefinition(parser: Parser): VariableDefinitionNode {
  const start = parser.start;
  const description = parser.parseDescription();
  const variable = parser.parseVariable();
  parser.expect(COLON);
  const type = parser.parseTypeReference();
  const defaultValue = parser.expectOptional(EQUALS)
    ? (parseValueLiteral(parser, true) as ConstValueNode)
    : undefined;
  const directives = parser.parseConstDirectives();
  return ast.variableDefinition(
    description,
    variable,
    type,
    defaultValue,
    directives,
    parser.loc(start),
  );
}

function parseArgument(parser: Parser): ArgumentNode {
  return parseArgumentOf(parser, false);
}

function parseConstArgument(parser: Parser): ArgumentNode {
  return parseArgumentOf(parser, true);
}

function parseArgumentOf(parser: Parser, isConst: boolean): ArgumentNode {
  const start = parser.start;
  const name = parser.parseName();
  parser.expect(COLON);
  return ast.argument(name, parseValueLiteral(parser, isConst), parser.loc(start));
}
