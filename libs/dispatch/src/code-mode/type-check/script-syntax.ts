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
