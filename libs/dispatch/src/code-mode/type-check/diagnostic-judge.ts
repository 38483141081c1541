import * as ts from 'typescript';
import { ApiTypes } from './api-types';
import { AWAIT_IT, MemberHint } from './member-hint';
import { probedProperties } from './probe.classifier';
import { argumentOf, nodeAt, unwrap, writtenProperties } from './script-syntax';
import { OPERATION_CALL_TYPE } from './type-check.protocol';

/** `Property 'x' does not exist on type T` (and `Did you mean 'y'?`). */
const NO_PROPERTY = new Set([2339, 2551]);
/** A Promise iterated or destructured as an array: `for (const r of myko.report(…))`, a missing `await`. */
const NOT_ITERABLE = new Set([2461, 2488, 2495, 2548, 2549]);
/** `Object literal may only specify known properties` (and `Did you mean to write 'y'?`). */
const EXCESS_PROPERTY = new Set([2353, 2561]);
/** A value of the wrong type, a required property missing, no property in common (a weak type). */
const NOT_ASSIGNABLE = new Set([2322, 2345, 2559, 2739, 2740, 2741, 2820]);
/** `Expected 2 arguments, but got 1.` */
const ARITY = new Set([2554, 2555]);

/**
 * Decides which of TypeScript's diagnostics on a script are certain mistakes against the myko API, the only ones
 * a script may be refused for: a property the API's type does not have (read, not written by the script), an
 * argument of an operation misnamed, missing or of a type that cannot hold a valid value, a Promise used as its
 * result. Every other diagnostic is about the script's own inferred types (`[[1, 'AMS']]` is `(string | number)[][]`,
 * `{}` takes properties later, `[]` grows), which TypeScript cannot judge the way the JavaScript runs: dropped.
 */
export class DiagnosticJudge {
  private readonly types: ApiTypes;
  private readonly written: ReadonlySet<string>;
  private readonly probed: ReadonlySet<string>;
  private readonly hints: MemberHint;

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly file: ts.SourceFile,
    declarationsFile: string,
  ) {
    this.types = new ApiTypes(checker, declarationsFile);
    this.written = writtenProperties(file);
    this.probed = probedProperties(file);
    this.hints = new MemberHint(checker);
  }

  /**
   * What would be right, for a certain diagnostic: the fields of the type read from, the arguments or values an
   * operation accepts, with a did-you-mean (see MemberHint). Undefined where there is nothing to list.
   */
  hint(diagnostic: ts.Diagnostic): string | undefined {
    if (diagnostic.start === undefined) return undefined;
    const node = nodeAt(this.file, diagnostic.start, diagnostic.start + (diagnostic.length ?? 0));
    const said = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (NO_PROPERTY.has(diagnostic.code) && ts.isIdentifier(node)) {
      const object = objectOf(node);
      const type = object && this.typeOfObject(object);
      return type && this.hints.forMember(type, node.text, 'fields', said);
    }
    if (
      EXCESS_PROPERTY.has(diagnostic.code) &&
      ts.isIdentifier(node) &&
      ts.isObjectLiteralExpression(node.parent.parent)
    ) {
      const type = this.checker.getContextualType(node.parent.parent);
      return type && this.hints.forMember(type, node.text, 'arguments', said);
    }
    if (NOT_ITERABLE.has(diagnostic.code)) return AWAIT_IT;
    if (ARITY.has(diagnostic.code)) return this.argumentsOf(node);
    if (!NOT_ASSIGNABLE.has(diagnostic.code)) return undefined;
    const value = this.valueOf(node);
    const missing = /Property '([^']+)' is missing in type/.exec(said)?.[1];
    if (missing && value && this.types.isApi(value.type)) {
      // The script's own annotation wants a field the API's row lacks: teach the row's fields.
      const row = this.checker.getIndexTypeOfType(value.type, ts.IndexKind.Number) ?? value.type;
      return this.hints.forMember(row, missing, 'fields', said);
    }
    const target = value && this.targetOf(node, value.expression);
    const written = value && ts.isStringLiteralLike(value.expression) ? value.expression.text : undefined;
    return target && this.hints.forValue(this.checker.getNonNullableType(target), written);
  }

  isCertain(diagnostic: ts.Diagnostic): boolean {
    if (diagnostic.file !== this.file || diagnostic.start === undefined) return false;
    if (diagnostic.category !== ts.DiagnosticCategory.Error) return false;
    const node = nodeAt(this.file, diagnostic.start, diagnostic.start + (diagnostic.length ?? 0));
    const code = diagnostic.code;
    if (NO_PROPERTY.has(code)) return this.unknownProperty(node);
    if (NOT_ITERABLE.has(code)) return this.iteratesApiPromise(node);
    const inArgument = argumentOf(node, (call) => this.isOperationCall(call)) !== undefined;
    if (EXCESS_PROPERTY.has(code)) return inArgument;
    if (ARITY.has(code)) return this.tooFewArguments(node);
    if (NOT_ASSIGNABLE.has(code)) return this.notAssignable(node, inArgument);
    return false;
  }

  /**
   * The type a certain diagnostic is measured against, as TypeScript writes it: the argument's or annotation's
   * type for a wrong value, the object literal's for an unknown argument, the type read from for an unknown
   * field. Undefined where there is none (arity, a Promise iterated).
   */
  expectedType(diagnostic: ts.Diagnostic): string | undefined {
    if (diagnostic.start === undefined) return undefined;
    const node = nodeAt(this.file, diagnostic.start, diagnostic.start + (diagnostic.length ?? 0));
    let type: ts.Type | undefined;
    if (NO_PROPERTY.has(diagnostic.code)) {
      const object = ts.isIdentifier(node) ? objectOf(node) : undefined;
      type = object && this.typeOfObject(object);
    } else if (EXCESS_PROPERTY.has(diagnostic.code) && ts.isObjectLiteralExpression(node.parent.parent)) {
      type = this.checker.getContextualType(node.parent.parent);
    } else if (NOT_ASSIGNABLE.has(diagnostic.code)) {
      const value = this.valueOf(node);
      type = value && this.targetOf(node, value.expression);
    }
    return type && this.checker.typeToString(type, undefined, ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType);
  }

  /**
   * `row.SKU` on an API type that no member of it has; not a property the script sets itself (`row.score = …`),
   * nor one it probes for with a fallback or a guard (`c.name ?? c.customer?.name`, `typeof r.x`).
   */
  private unknownProperty(node: ts.Node): boolean {
    if (!ts.isIdentifier(node) || this.written.has(node.text) || this.probed.has(node.text)) return false;
    const object = objectOf(node);
    if (!object) return false;
    const type = this.typeOfObject(object);
    return type !== undefined && this.types.isApi(type) && this.absentFromEvery(type, node.text);
  }

  /** The arguments an operation called with too few accepts: its second parameter's fields. */
  private argumentsOf(node: ts.Node): string | undefined {
    const call = ts.findAncestor(node, ts.isCallExpression);
    const signature = call && this.checker.getResolvedSignature(call);
    const rest = signature?.parameters[1];
    if (!call || !rest) return undefined;
    // The declarations type `args` as a rest tuple (`...args: [args: {…}]`): its one element is the object.
    const tuple = this.checker.getTypeOfSymbolAtLocation(rest, call);
    const [args] = this.checker.isTupleType(tuple) ? this.checker.getTypeArguments(tuple as ts.TypeReference) : [];
    return args && this.hints.forMember(args, '', 'arguments', '');
  }

  private typeOfObject(object: ts.Node): ts.Type | undefined {
    const type = this.checker.getTypeAtLocation(object);
    // A destructuring pattern's own type is what it names; the value destructured is its holder's.
    if (!ts.isObjectBindingPattern(object) || !ts.isVariableDeclaration(object.parent)) return type;
    return object.parent.initializer ? this.checker.getTypeAtLocation(object.parent.initializer) : undefined;
  }

  /** `for (const r of myko.report(…))`, `const [p] = myko.query(…)`: the iterated value is an API Promise. */
  private iteratesApiPromise(node: ts.Node): boolean {
    const holder = node.parent;
    const value =
      ts.isArrayBindingPattern(node) && ts.isVariableDeclaration(holder)
        ? holder.initializer
        : ts.isExpression(node)
          ? node
          : undefined;
    return value !== undefined && this.types.isApi(this.checker.getTypeAtLocation(value));
  }

  /** A union is refused only when none of its members has the property (`r.value ?? r.error` reads either). */
  private absentFromEvery(type: ts.Type, name: string): boolean {
    const members = type.isUnion() ? type.types : [type];
    return members.every((member) => !this.checker.getPropertyOfType(this.checker.getApparentType(member), name));
  }

  /**
   * Too few arguments to an operation (a required `args` left out), reported at its callee; extra ones (reported
   * at themselves) are ignored at run time.
   */
  private tooFewArguments(node: ts.Node): boolean {
    let callee = node;
    while (ts.isPropertyAccessExpression(callee.parent) || ts.isElementAccessExpression(callee.parent)) {
      callee = callee.parent;
    }
    const call = ts.isCallExpression(node) ? node : callee.parent;
    if (!ts.isCallExpression(call) || !this.isOperationCall(call)) return false;
    return call === node || call.expression === callee;
  }

  /**
   * A value that cannot be what is expected: in an operation's arguments (the API's type is the target), or an
   * API value given to the script's own annotation (`const rows: Row[] = await myko.report(…)`, TypeScript).
   * A source that may hold a valid value (a union from array-literal widening, a widened string) is not refused.
   */
  private notAssignable(node: ts.Node, inArgument: boolean): boolean {
    const value = this.valueOf(node);
    if (!value) return false;
    const target = this.targetOf(node, value.expression);
    if (!target) return false;
    if (!inArgument && !this.fromApi(value.expression, value.type)) return false;
    return !this.types.overlaps(value.type, target);
  }

  private valueOf(node: ts.Node): { expression: ts.Expression; type: ts.Type } | undefined {
    const parent = node.parent;
    let expression: ts.Expression | undefined;
    if (ts.isShorthandPropertyAssignment(parent) && parent.name === node) {
      const symbol = this.checker.getShorthandAssignmentValueSymbol(parent);
      return symbol
        ? { expression: parent.name, type: this.checker.getTypeOfSymbolAtLocation(symbol, node) }
        : undefined;
    }
    if ((ts.isPropertyAssignment(parent) || ts.isVariableDeclaration(parent)) && parent.name === node) {
      expression = parent.initializer;
    } else if (ts.isExpression(node)) {
      expression = node;
    }
    return expression ? { expression, type: this.checker.getTypeAtLocation(expression) } : undefined;
  }

  private targetOf(node: ts.Node, expression: ts.Expression): ts.Type | undefined {
    const parent = node.parent;
    if (ts.isVariableDeclaration(parent) && parent.name === node && parent.type) {
      return this.checker.getTypeFromTypeNode(parent.type);
    }
    return this.checker.getContextualType(expression);
  }

  /** `myko.query(…)`, `myko['command'](…)`: a call typed by the declarations' operation call types. */
  private isOperationCall(call: ts.CallExpression): boolean {
    const name = this.checker.getTypeAtLocation(call.expression).aliasSymbol?.name;
    return name === OPERATION_CALL_TYPE.run || name === OPERATION_CALL_TYPE.plan;
  }

  /** An API value: of an API type, or a field read from one (`row.available`). */
  private fromApi(expression: ts.Expression, type: ts.Type): boolean {
    if (this.types.isApi(type)) return true;
    const read = unwrap(expression);
    return ts.isPropertyAccessExpression(read) && this.types.isApi(this.checker.getTypeAtLocation(read.expression));
  }
}

/** The object a property name is read from: `row` of `row.SKU`, the pattern of `const { SKU } = row`. */
function objectOf(name: ts.Identifier): ts.Node | undefined {
  const parent = name.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === name) return parent.expression;
  if (ts.isBindingElement(parent) && ts.isObjectBindingPattern(parent.parent)) {
    if (parent.propertyName === name || (!parent.propertyName && parent.name === name)) return parent.parent;
  }
  return undefined;
}
