import * as ts from 'typescript';
import { unwrap } from './script-syntax';

const FALLBACK = new Set([ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken]);
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/**
 * Property names the script probes for somewhere, its absence handled by the script itself: any operand of a
 * `??` / `||` chain (`r.warehouseCode ?? r.key ?? r.group`), `typeof r.x`, `r.x === undefined`, `'x' in r`,
 * `Object.hasOwn(r, 'x')`, a destructuring default (`const { x = 1 } = r`), `r.x?.y`. A guarded read of the same
 * name elsewhere (`typeof r.extra === 'string' ? r.extra : r.sku`) is part of the same handling.
 */
export function probedProperties(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    const name = probedName(node);
    if (name !== undefined) names.add(name);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

/** The property name `node` probes for, if it is a probe. */
function probedName(node: ts.Node): string | undefined {
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.name)) {
    return isProbedRead(node) ? node.name.text : undefined;
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.InKeyword) {
    return ts.isStringLiteralLike(node.left) ? node.left.text : undefined;
  }
  if (ts.isCallExpression(node)) return ownPropertyTested(node);
  if (ts.isBindingElement(node) && node.initializer && ts.isObjectBindingPattern(node.parent)) {
    const key = node.propertyName ?? node.name;
    return ts.isIdentifier(key) || ts.isStringLiteral(key) ? key.text : undefined;
  }
  return undefined;
}

/**
 * Whether `access` is read as a probe. A read after `?.` is one only where the chain's result is hedged: alone,
 * `bySku.get('A')?.titel` reads undefined as surely as a misspelling does.
 */
function isProbedRead(access: ts.PropertyAccessExpression): boolean {
  if (isFollowedByOptional(access)) return true;
  return isHedged(ts.isOptionalChain(access) ? topOfChain(access) : access);
}

/** `r.x?.y`: the script expects `x` may be missing. */
function isFollowedByOptional(access: ts.Expression): boolean {
  const next = access.parent;
  const chains = ts.isPropertyAccessExpression(next) || ts.isElementAccessExpression(next) || ts.isCallExpression(next);
  return chains && next.expression === access && next.questionDotToken !== undefined;
}

/** The whole optional chain `access` is part of: `a?.b.c` of `b`. */
function topOfChain(access: ts.Expression): ts.Expression {
  let top = access;
  for (;;) {
    const next = top.parent;
    const chains =
      ts.isPropertyAccessExpression(next) || ts.isElementAccessExpression(next) || ts.isCallExpression(next);
    if (!chains || next.expression !== top || !ts.isOptionalChain(next)) return top;
    top = next;
  }
}

/** An operand of a `??` / `||` chain (any of them), of `typeof`, or compared with null or undefined. */
function isHedged(expression: ts.Expression): boolean {
  const node = outermostParentheses(expression);
  const parent = node.parent;
  if (ts.isTypeOfExpression(parent)) return true;
  if (!ts.isBinaryExpression(parent)) return false;
  const operator = parent.operatorToken.kind;
  if (EQUALITY.has(operator)) return isNullish(parent.left === node ? parent.right : parent.left);
  return FALLBACK.has(operator);
}

/** `Object.hasOwn(r, 'x')`, `r.hasOwnProperty('x')`, `Object.prototype.hasOwnProperty.call(r, 'x')`. */
function ownPropertyTested(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee)) return undefined;
  const method = callee.name.text;
  const key =
    method === 'hasOwn' || (method === 'call' && callee.getText().endsWith('hasOwnProperty.call'))
      ? call.arguments[1]
      : method === 'hasOwnProperty'
        ? call.arguments[0]
        : undefined;
  return key && ts.isStringLiteralLike(key) ? key.text : undefined;
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
