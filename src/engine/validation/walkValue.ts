import {
  getNullableType,
  GraphQLError,
  isRequiredInputField,
  Kind,
  print,
  type GraphQLInputType,
  type NameNode,
  type ObjectFieldNode,
  type ObjectValueNode,
  type ValueNode,
} from 'graphql';
import {
  isEnum,
  isInput,
  isInputObject,
  isLeaf,
  isList,
  isNonNull,
  namedTypeOf,
} from '../schema/typeGuards.js';
import { didYouMean } from 'graphql/jsutils/didYouMean.js';
import { suggestionList } from 'graphql/jsutils/suggestionList.js';
import type { VariableUsage } from './documentFragments.js';

/**
 * The input-position half of graphql-js's TypeInfo (the input type and default value stacks)
 * and the two rules that read values: ValuesOfCorrectTypeRule and UniqueInputFieldNamesRule.
 * ([spec: Values of Correct Type](https://spec.graphql.org/October2021/#sec-Values-of-Correct-Type),
 * [Input Object Field Uniqueness](https://spec.graphql.org/October2021/#sec-Input-Object-Field-Uniqueness))
 */
export class ValueWalk {
  readonly inputTypes: Array<GraphQLInputType | undefined> = [];
  readonly defaultValues: unknown[] = [];
  /** Where the variable usages of the definition being walked go; null: not recorded. */
  usages: VariableUsage[] | null = null;

  constructor(
    private readonly report: ((error: GraphQLError) => void) | null,
    /** ValuesOfCorrectTypeRule and UniqueInputFieldNamesRule are on (with a report). */
    private readonly valuesOfCorrectType: boolean,
    private readonly uniqueInputFieldNames: boolean,
    private readonly hideSuggestions: boolean,
  ) {}

  private inputType(): GraphQLInputType | undefined {
    return this.inputTypes[this.inputTypes.length - 1];
  }

  private parentInputType(): GraphQLInputType | undefined {
    return this.inputTypes[this.inputTypes.length - 2];
  }

  /** Walks a value; `checking` is false below a value ValuesOfCorrectTypeRule stopped at. */
  value(node: ValueNode, checking: boolean): void {
    switch (node.kind) {
      case Kind.VARIABLE:
        this.usages?.push({
          node,
          type: this.inputType(),
          defaultValue: this.defaultValues[this.defaultValues.length - 1],
          parentType: this.parentInputType(),
        });
        return;
      case Kind.LIST: {
        const listType = getNullableType(this.inputType());
        const itemType = isList(listType) ? listType.ofType : listType;
        this.defaultValues.push(undefined);
        this.inputTypes.push(isInput(itemType) ? itemType : undefined);
        let inner = checking;
        if (checking && this.valuesOfCorrectType) {
          if (!isList(getNullableType(this.parentInputType()))) {
            this.leaf(node);
            inner = false;
          }
        }
        for (const item of node.values) this.value(item, inner);
        this.defaultValues.pop();
        this.inputTypes.pop();
        return;
      }
      case Kind.OBJECT:
        this.object(node, checking);
        return;
      case Kind.NULL:
        if (checking && this.valuesOfCorrectType) {
          const type = this.inputType();
          if (isNonNull(type)) {
            this.report!(
              new GraphQLError(`Expected value of type "${String(type)}", found ${print(node)}.`, {
                nodes: node,
              }),
            );
          }
        }
        return;
      default:
        if (checking && this.valuesOfCorrectType) this.leaf(node);
    }
  }

  private object(node: ObjectValueNode, checking: boolean): void {
    let inner = checking;
    if (checking && this.valuesOfCorrectType) {
      const type = namedTypeOf(this.inputType());
      if (!isInputObject(type)) {
        this.leaf(node);
        inner = false;
      } else {
        const fieldNodes: { [name: string]: ObjectFieldNode | undefined } = Object.create(null);
        for (const field of node.fields) fieldNodes[field.name.value] = field;
        for (const fieldDef of Object.values(type.getFields())) {
          if (!fieldNodes[fieldDef.name] && isRequiredInputField(fieldDef)) {
            this.report!(
              new GraphQLError(
                `Field "${type.name}.${fieldDef.name}" of required type "${String(fieldDef.type)}" was not provided.`,
                { nodes: node },
              ),
            );
          }
        }
        if (type.isOneOf) {
          const keys = Object.keys(fieldNodes);
          if (keys.length !== 1) {
            this.report!(
              new GraphQLError(`OneOf Input Object "${type.name}" must specify exactly one key.`, {
                nodes: [node],
              }),
            );
          } else {
            const value = fieldNodes[keys[0]!]?.value;
            if (!value || value.kind === Kind.NULL) {
              this.report!(
                new GraphQLError(`Field "${type.name}.${keys[0]!}" must be non-null.`, {
                  nodes: [node],
                }),
              );
            }
          }
        }
      }
    }
    const known: { [name: string]: NameNode | undefined } | null = this.uniqueInputFieldNames
      ? Object.create(null)
      : null;
    for (const field of node.fields) this.field(field, inner, known);
  }

  private field(
    node: ObjectFieldNode,
    checking: boolean,
    known: { [name: string]: NameNode | undefined } | null,
  ): void {
    const objectType = namedTypeOf(this.inputType());
    let fieldType: GraphQLInputType | undefined;
    let defaultValue: unknown;
    if (isInputObject(objectType)) {
      const inputField = objectType.getFields()[node.name.value];
      if (inputField) {
        fieldType = inputField.type;
        defaultValue = inputField.defaultValue;
      }
    }
    this.defaultValues.push(defaultValue);
    this.inputTypes.push(isInput(fieldType) ? fieldType : undefined);
    if (checking && this.valuesOfCorrectType && !fieldType) {
      const parentType = namedTypeOf(this.parentInputType());
      if (isInputObject(parentType)) {
        const suggestions = this.hideSuggestions
          ? []
          : suggestionList(node.name.value, Object.keys(parentType.getFields()));
        this.report!(
          new GraphQLError(
            `Field "${node.name.value}" is not defined by type "${parentType.name}".` +
              didYouMean(suggestions),
            { nodes: node },
          ),
        );
      }
    }
    if (known !== null) {
      const name = node.name.value;
      const first = known[name];
      if (first) {
        this.report!(
          new GraphQLError(`There can be only one input field named "${name}".`, {
            nodes: [first, node.name],
          }),
        );
      } else {
        known[name] = node.name;
      }
    }
    this.value(node.value, checking);
    this.defaultValues.pop();
    this.inputTypes.pop();
  }

  /** graphql-js's isValidValueNode: a literal against a leaf type's parseLiteral. */
  private leaf(node: ValueNode): void {
    const locationType = this.inputType();
    if (!locationType) return;
    const type = namedTypeOf(locationType);
    if (!isLeaf(type)) {
      this.report!(
        new GraphQLError(
          `Expected value of type "${String(locationType)}", found ${print(node)}.`,
          { nodes: node },
        ),
      );
      return;
    }
    try {
      const parsed = isEnum(type)
        ? type.parseLiteral(node, undefined, this.hideSuggestions)
        : type.parseLiteral(node, undefined);
      if (parsed === undefined) {
        this.report!(
          new GraphQLError(
            `Expected value of type "${String(locationType)}", found ${print(node)}.`,
            { nodes: node },
          ),
        );
      }
    } catch (error) {
      if (error instanceof GraphQLError) {
        this.report!(error);
      } else {
        this.report!(
          new GraphQLError(
            `Expected value of type "${String(locationType)}", found ${print(node)}; ` +
              (error as Error).message,
            { nodes: node, originalError: error as Error },
          ),
        );
      }
    }
  }
}
