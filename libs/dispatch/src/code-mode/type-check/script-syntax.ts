import * as ts from 'typescript';

/** Syntax a value passes through unchanged on its way into an argument: `{ a: [{ b }] }`, `(x)`, `...rest`. */
const STRUCTURAL = new Set([
  ts.SyntaxKind.ObjectLiteralExpression,
  ts.SyntaxKind.PropertyAssignment,
  ts.SyntaxKind.ShorthandPropertyAssignment,
  ts.SyntaxKind.SpreadAssignment,
  ts.SyntaxKind.ArrayLiteralExpression,
  ts.SyntaxKind.SpreadElement,
  ts.SyntaxKind.ParenthesizedExpression,
]);

/** The deepest node spanning exactly `start`–`end`, else the deepest one containing it. */
export function nodeAt(file: ts.SourceFile, start: number, end: number): ts.Node {
  let node: ts.Node = file;
  let exact: ts.Node | undefined;
  for (;;) {
    if (node.getStart(file) === start && node.getEnd() === end) exact = node;
    const next = ts.forEachChild(node, (child) =>
      child.getStart(file) <= start && end <= child.getEnd() ? child : undefined,
    );
    if (!next) return exact ?? node;
    node = next;
  }
}

/** `(x)` as `x`. */
export function unwrap(expression: ts.Expression): ts.Expression {
  let inner = expression;
  while (ts.isParenthesizedExpression(inner)) inner = inner.expression;
  return inner;
}

/**
 * The argument of an operation call that `node` is written into (through object and array literals only), else
 * undefined: a diagnostic there is about the operation's argument types, not about the script's own code.
 */
export function argumentOf(
  node: ts.Node,
  isOperationCall: (call: ts.CallExpression) => boolean,
): ts.Expression | undefined {
  let current = node;
  for (;;) {
    const parent = current.parent;
    if (!parent) return undefined;
    if (ts.isCallExpression(parent)) {
      const argument = parent.arguments.find((candidate) => candidate === current);
      return argument && isOperationCall(parent) ? argument : undefined;
    }
    if (!STRUCTURAL.has(parent.kind)) return undefined;
    current = parent;
  }
}

/**
 * The property names a script sets itself (`row.score = …`, `n.count++`, `Object.assign(row, { score })`): reading
 * one back from an API value is the script's own field, valid JavaScript, not a misspelling.
 */
export function writtenProperties(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && isAssignment(node.operatorToken.kind)) addTarget(node.left, names);
    if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && isStep(node.operator)) {
      addTarget(node.operand, names);
    }
    if (ts.isCallExpression(node) && isObjectAssign(node)) {
      for (const source of node.arguments.slice(1)) if (ts.isObjectLiteralExpression(source)) addKeys(source, names);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

function isAssignment(kind: ts.SyntaxKind): boolean {
  return kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment;
}

function isStep(operator: ts.SyntaxKind): boolean {
  return operator === ts.SyntaxKind.PlusPlusToken || operator === ts.SyntaxKind.MinusMinusToken;
}

function addTarget(target: ts.Expression, names: Set<string>): void {
  if (ts.isPropertyAccessExpression(target)) names.add(target.name.text);
  else if (ts.isElementAccessExpression(target) && ts.isStringLiteralLike(target.argumentExpression)) {
    names.add(target.argumentExpression.text);
  }
}

function isObjectAssign(call: ts.CallExpression): boolean {
  const callee = call.expression;
  return (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'Object' &&
    callee.name.text === 'assign'
  );
}

function addKeys(literal: ts.ObjectLiteralExpression, names: Set<string>): void {
  for (const property of literal.properties) {
    if (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) {
      names.add(property.name.text);
    }
  }
}

/**
 * Property names the script reads as probes somewhere (see `isProbedRead`): a guarded read of the same name
 * elsewhere (`typeof r.extra === 'string' ? r.extra : r.sku`) is part of the same handling.
 */
export function probedProperties(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.name) && isProbedRead(node.name)) {
      names.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

const FALLBACK = new Set([ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken]);
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/**
 * Whether the property named by `name` is read as a probe, its absence handled by the script itself:
 * `c.name ?? c.customer?.name`, `r.rows ?? r.groups ?? []`, `r.rows || []`, `typeof r.x`, `r.x?.y`,
 * `r.x === undefined`. Such a script runs correctly whichever field exists, so it is no certain mistake.
 */
function isProbedRead(name: ts.Identifier): boolean {
  const access = name.parent;
  if (!ts.isPropertyAccessExpression(access) || access.name !== name) return false;
  if (isOptionallyChained(access)) return true;
  const node = outermostParentheses(access);
  const parent = node.parent;
  if (ts.isTypeOfExpression(parent)) return true;
  if (!ts.isBinaryExpression(parent)) return false;
  const operator = parent.operatorToken.kind;
  if (EQUALITY.has(operator)) return isNullish(parent.left === node ? parent.right : parent.left);
  if (!FALLBACK.has(operator)) return false;
  if (parent.left === node) return true;
  // `a ?? b ?? c` is `(a ?? b) ?? c`: `b` is a fallback too, inside the outer one's left operand.
  const chain = outermostParentheses(parent);
  const outer = chain.parent;
  return ts.isBinaryExpression(outer) && FALLBACK.has(outer.operatorToken.kind) && outer.left === chain;
}

function isOptionallyChained(access: ts.PropertyAccessExpression): boolean {
  const next = access.parent;
  const chains = ts.isPropertyAccessExpression(next) || ts.isElementAccessExpression(next) || ts.isCallExpression(next);
  return chains && next.expression === access && next.questionDotToken !== undefined;
}

function outermostParentheses(node: ts.Node): ts.Node {
  let outer = node;
  while (ts.isParenthesizedExpression(outer.parent)) outer = outer.parent;
  return outer;
}

function isNullish(expression: ts.Expression): boolean {
  const value = unwrap(expression);
  return value.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(value) && value.text === 'undefined');
}
