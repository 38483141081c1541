import * as ts from 'typescript';

/** A command a script certainly calls (see `certainCommands`), with its literal id. */
export interface CertainCommand {
  /** The command's id as written: `myko.command('<id>', …)`. */
  readonly id: string;
  /** Commands the script certainly calls before this one (its place among them, from 0). */
  readonly position: number;
}

/**
 * The commands a script's own control flow always reaches, in order: calls `myko.command('<literal id>', …)`
 * evaluated on every path of the script on which no call before them fails. Syntax only, no types and nothing
 * run: a call in a branch (`if`, `&&`, `?:`, `catch`, a loop's body), after a statement that may `return` or
 * `throw`, inside a function, or with a computed id is not certain, so it is not listed. A script that does not
 * parse as the sandbox wraps it, or that binds a name `myko` of its own, lists nothing.
 */
export function certainCommands(code: string): CertainCommand[] {
  const body = scriptBody(code);
  if (!body || bindsMyko(body)) return [];
  const found: string[] = [];
  walkStatements(body.statements, found);
  return found.map((id, position) => ({ id, position }));
}

/** The script as the sandbox compiles it (`wrapUserCode`): the body of an async function, else undefined. */
function scriptBody(code: string): ts.Block | undefined {
  let file: ts.SourceFile;
  try {
    file = ts.createSourceFile('/script.ts', `(async function () {\n${code}\n})`, ts.ScriptTarget.ESNext, true);
  } catch {
    // Nested too deep to parse: the sandbox refuses it too.
    return undefined;
  }
  const diagnostics = (file as unknown as { parseDiagnostics?: readonly unknown[] }).parseDiagnostics ?? [];
  if (diagnostics.length > 0 || file.statements.length !== 1) return undefined;
  const [statement] = file.statements;
  if (!ts.isExpressionStatement(statement) || !ts.isParenthesizedExpression(statement.expression)) return undefined;
  const fn = statement.expression.expression;
  return ts.isFunctionExpression(fn) ? fn.body : undefined;
}

/**
 * Walks statements in order, collecting certain calls; false once one may leave the script early (a `return` or
 * `throw` in it), after which nothing is certain.
 */
function walkStatements(statements: readonly ts.Statement[], found: string[]): boolean {
  for (const statement of statements) {
    if (!walkStatement(statement, found)) return false;
    if (mayLeave(statement)) return false;
  }
  return true;
}

/** Collects the certain calls of one statement; false when the walk must stop inside it. */
function walkStatement(statement: ts.Statement, found: string[]): boolean {
  if (ts.isExpressionStatement(statement)) return collect(statement.expression, found);
  if (ts.isVariableStatement(statement)) {
    for (const declaration of statement.declarationList.declarations) collect(declaration.initializer, found);
    return true;
  }
  if (ts.isReturnStatement(statement) || ts.isThrowStatement(statement)) {
    collect(statement.expression, found);
    return false;
  }
  if (ts.isBlock(statement)) return walkStatements(statement.statements, found);
  if (ts.isTryStatement(statement)) {
    return walkStatements(statement.tryBlock.statements, found) && !mayLeave(statement.tryBlock);
  }
  return collectHeader(statement, found);
}

/** A compound statement's parts that always run once: an `if`'s or `while`'s condition, a loop's start. */
function collectHeader(statement: ts.Statement, found: string[]): boolean {
  if (ts.isIfStatement(statement) || ts.isWhileStatement(statement)) return collect(statement.expression, found);
  if (ts.isSwitchStatement(statement)) return collect(statement.expression, found);
  if (ts.isForOfStatement(statement) || ts.isForInStatement(statement)) return collect(statement.expression, found);
  if (ts.isForStatement(statement)) {
    const init = statement.initializer;
    if (init && ts.isVariableDeclarationList(init)) for (const d of init.declarations) collect(d.initializer, found);
    else collect(init, found);
    return collect(statement.condition, found);
  }
  return true;
}

/** Collects the calls an expression always evaluates, in evaluation order. */
function collect(node: ts.Node | undefined, found: string[]): boolean {
  if (!node) return true;
  if (ts.isCallExpression(node)) {
    if (node.questionDotToken) return collect(node.expression, found);
    collect(node.expression, found);
    for (const argument of node.arguments) collect(argument, found);
    const id = commandIdOf(node);
    if (id !== undefined) found.push(id);
    return true;
  }
  if (ts.isBinaryExpression(node)) {
    collect(node.left, found);
    if (!SHORT_CIRCUIT.has(node.operatorToken.kind)) collect(node.right, found);
    return true;
  }
  if (ts.isConditionalExpression(node)) return collect(node.condition, found);
  if ((ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) && node.questionDotToken) {
    return collect(node.expression, found);
  }
  if (ts.isFunctionLike(node) || ts.isClassLike(node)) return true;
  if (CERTAIN_CHILDREN.has(node.kind)) ts.forEachChild(node, (child) => void collect(child, found));
  return true;
}

/** Expressions whose every child is evaluated, in source order. */
const CERTAIN_CHILDREN = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.AwaitExpression,
  ts.SyntaxKind.ParenthesizedExpression,
  ts.SyntaxKind.PropertyAccessExpression,
  ts.SyntaxKind.ElementAccessExpression,
  ts.SyntaxKind.ArrayLiteralExpression,
  ts.SyntaxKind.ObjectLiteralExpression,
  ts.SyntaxKind.PropertyAssignment,
  ts.SyntaxKind.SpreadElement,
  ts.SyntaxKind.SpreadAssignment,
  ts.SyntaxKind.TemplateExpression,
  ts.SyntaxKind.TemplateSpan,
  ts.SyntaxKind.PrefixUnaryExpression,
  ts.SyntaxKind.PostfixUnaryExpression,
  ts.SyntaxKind.TypeOfExpression,
  ts.SyntaxKind.VoidExpression,
  ts.SyntaxKind.NewExpression,
]);

const SHORT_CIRCUIT = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.AmpersandAmpersandToken,
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.QuestionQuestionToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
]);

/** `myko.command('<id>', …)` or `myko['command']('<id>', …)`: the literal id, else undefined. */
function commandIdOf(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  let member: string | undefined;
  if (ts.isPropertyAccessExpression(callee)) member = callee.name.text;
  else if (ts.isElementAccessExpression(callee) && ts.isStringLiteralLike(callee.argumentExpression)) {
    member = callee.argumentExpression.text;
  }
  if (member !== 'command') return undefined;
  const target = (callee as ts.PropertyAccessExpression | ts.ElementAccessExpression).expression;
  if (!ts.isIdentifier(target) || target.text !== 'myko') return undefined;
  const [first] = call.arguments;
  return first && ts.isStringLiteralLike(first) ? first.text : undefined;
}

/** Whether a `return` or `throw` (outside a nested function) may end the script inside this node. */
function mayLeave(node: ts.Node): boolean {
  let leaves = false;
  const visit = (child: ts.Node): void => {
    if (leaves || ts.isFunctionLike(child) || ts.isClassLike(child)) return;
    if (ts.isReturnStatement(child) || ts.isThrowStatement(child)) leaves = true;
    else ts.forEachChild(child, visit);
  };
  ts.forEachChild(node, visit);
  return leaves;
}

/** Whether the script binds `myko` itself (a variable, parameter, function or class): then calls are not ours. */
function bindsMyko(body: ts.Block): boolean {
  let binds = false;
  const visit = (node: ts.Node): void => {
    if (binds) return;
    const name = (node as { name?: ts.Node }).name;
    const declares =
      ts.isVariableDeclaration(node) ||
      ts.isParameter(node) ||
      ts.isFunctionDeclaration(node) ||
      ts.isClassDeclaration(node) ||
      ts.isBindingElement(node);
    if (declares && name && mentionsMyko(name)) binds = true;
    else ts.forEachChild(node, visit);
  };
  visit(body);
  return binds;
}

function mentionsMyko(name: ts.Node): boolean {
  if (ts.isIdentifier(name)) return name.text === 'myko';
  // A destructuring pattern: its elements are visited as binding elements.
  return false;
}
