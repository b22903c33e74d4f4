// Every message the application shows or answers is written once, in src/shared/messages.ts (or its login part,
// messages-login.ts), so a text is changed in one place and the tests compare against the catalogue.
//
// The rule, checked on the syntax tree of every src/**/*.{ts,tsx} but the two catalogue files: a string or
// template literal that holds a word (two letters or more) is a message written outside the catalogue when it is
//   1. the message of a zod check: an argument of `.refine`, `.superRefine`, `.min`, `.max`, `.length`, `.regex`,
//      `.int`, `.positive`, `.nonnegative`, `.nonempty`, `.email`, `.gte`, `.lte`, `.gt`, `.lt` after the first
//      (the message follows the bound or the predicate; `.int('…')` and `.email('…')` take it first);
//   2. the value of a property `message:` or `error:` (zod's `{ message }` / `{ error }` and `addIssue`, the
//      client's `setError(field, { message })`), or of a variable named `message` (sent as `{ message }`);
//   3. an argument of `toast(…)` / `toast.<kind>(…)` (the client's notices);
//   4. the message of an error answer or error the user sees: `badRequest`, `unauthorized`, `forbidden`,
//      `notFound`, `conflict`, `unprocessable`, `denied` (src/server/lib/errors.ts), `new AppError(…)` and the
//      client's `new ApiError(…)`.
// Inside such a place a literal counts in either branch of a conditional, on either side of `+`, `??` or `||`, as a
// template, as a value of an object literal (an error answer's field errors) or through a `const` of the same file;
// a condition, a call's arguments and a function there are not the message. A reference to MSG, LABELS, FIELD or
// INICIO never counts. Out of the rule on purpose: the OpenAPI `summary`/`description` of the
// endpoint table (documentation for integrators, kept beside each endpoint), texts for the operator of the server
// (console lines, CLI errors, the install page, `new Error(…)` of start-up and restore), a developer's errors
// (`AnswerMismatch`, a route outside the endpoint table), names that are data rather than messages (the permission
// tree's nodes in src/shared/auth/permissions.ts), machine-readable codes (`duplicate_op`, a field name) and SQL.
// `ALLOWED` below lists the few places the rule matches that are not messages, each with its reason.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const CATALOGUE = /^src\/shared\/messages(-login)?\.ts$/;
const ZOD_CHECKS = new Set([
  'refine',
  'superRefine',
  'min',
  'max',
  'length',
  'regex',
  'int',
  'positive',
  'nonnegative',
  'nonempty',
  'email',
  'gte',
  'lte',
  'gt',
  'lt',
]);
/** Checks whose only argument may be the message. */
const MESSAGE_FIRST = new Set(['int', 'positive', 'nonnegative', 'nonempty', 'email']);
const ERROR_HELPERS = new Set(['badRequest', 'unauthorized', 'forbidden', 'notFound', 'conflict', 'unprocessable', 'denied']);
const ERROR_CLASSES = new Set(['AppError', 'ApiError']);
/**
 * `message:` anywhere; `error:` only in an object passed to a call (zod's `z.number({ error })`), since elsewhere it
 * names the error kind (a toast style, a subscriber's callback, a column).
 */
function isMessageKey(p: ts.PropertyAssignment): boolean {
  const key = (p.name as ts.Identifier | ts.StringLiteral).text;
  if (key === 'message') return true;
  const host = p.parent.parent;
  return key === 'error' && (ts.isCallExpression(host) || ts.isNewExpression(host));
}

/** `file:text` of matches that are not user messages, with the reason. */
const ALLOWED = new Map<string, string>([
  // The server's own configuration, read at start-up: its refusal is printed for the operator on the console.
  ['src/server/config.ts:TLS_CERT_FILE y TLS_KEY_FILE van juntos', 'operator console'],
]);

const WORD = /\p{L}{2,}/u;
/** A machine-readable code or field name (`duplicate_op`, `razon_social`), not a sentence for a reader. */
const CODE = /^[a-z][a-z0-9_]*$/;
const MESSAGE_OPERATORS = new Set([ts.SyntaxKind.PlusToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken]);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The text a literal writes (a template's fixed parts), or null when the node is no literal. */
function literalText(n: ts.Node): string | null {
  if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return n.text;
  if (ts.isTemplateExpression(n)) return [n.head.text, ...n.templateSpans.map((s) => s.literal.text)].join(' ');
  return null;
}

/**
 * The literals a message expression may evaluate to: the literal itself, either branch of a conditional, the sides
 * of `+`, `??` and `||`, and, in an object literal (the field errors of an error answer), each value. Conditions,
 * call arguments, property reads and functions are not the message and are not read. A name declared in the file
 * as `const NAME = '…'` counts as its literal (a message kept in a constant beside the schema is still outside).
 */
function messageLiterals(n: ts.Node, consts: ReadonlyMap<string, ts.Node>, out: ts.Node[] = []): ts.Node[] {
  const text = literalText(n);
  const named = ts.isIdentifier(n) ? consts.get(n.text) : undefined;
  if (text !== null) {
    if (WORD.test(text) && !CODE.test(text)) out.push(n);
  } else if (named) {
    messageLiterals(named, consts, out);
  } else if (ts.isParenthesizedExpression(n) || ts.isAsExpression(n) || ts.isSatisfiesExpression(n)) {
    messageLiterals(n.expression, consts, out);
  } else if (ts.isConditionalExpression(n)) {
    messageLiterals(n.whenTrue, consts, out);
    messageLiterals(n.whenFalse, consts, out);
  } else if (ts.isBinaryExpression(n) && MESSAGE_OPERATORS.has(n.operatorToken.kind)) {
    messageLiterals(n.left, consts, out);
    messageLiterals(n.right, consts, out);
  } else if (ts.isObjectLiteralExpression(n)) {
    for (const p of n.properties) if (ts.isPropertyAssignment(p)) messageLiterals(p.initializer, consts, out);
  }
  return out;
}

function calleeName(e: ts.Expression): string | null {
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return null;
}

/** The places of rule 1–4 in one file: the nodes whose literals are messages. */
function messagePlaces(sf: ts.SourceFile): ts.Node[] {
  const places: ts.Node[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n)) {
      const name = calleeName(n.expression);
      const onToast =
        (ts.isIdentifier(n.expression) && n.expression.text === 'toast') ||
        (ts.isPropertyAccessExpression(n.expression) &&
          ts.isIdentifier(n.expression.expression) &&
          n.expression.expression.text === 'toast');
      if (onToast) places.push(...n.arguments);
      else if (name && ERROR_HELPERS.has(name) && ts.isIdentifier(n.expression)) places.push(...n.arguments);
      else if (name && ZOD_CHECKS.has(name) && ts.isPropertyAccessExpression(n.expression))
        // An object argument is zod's `{ message, path }`: its message is found by rule 2, its path is no text.
        places.push(...n.arguments.slice(MESSAGE_FIRST.has(name) ? 0 : 1).filter((a) => !ts.isObjectLiteralExpression(a)));
    } else if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && ERROR_CLASSES.has(n.expression.text)) {
      places.push(...(n.arguments ?? []));
    } else if (ts.isPropertyAssignment(n) && (ts.isIdentifier(n.name) || ts.isStringLiteral(n.name)) && isMessageKey(n)) {
      places.push(n.initializer);
    } else if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === 'message' && n.initializer) {
      places.push(n.initializer);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return places;
}

function offenders(): string[] {
  return files('src')
    .map((f) => f.split('\\').join('/'))
    .filter((f) => !CATALOGUE.test(f))
    .flatMap((f) => {
      const sf = ts.createSourceFile(
        f,
        readFileSync(f, 'utf8'),
        ts.ScriptTarget.Latest,
        true,
        f.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
      );
      const seen = new Set<ts.Node>();
      const consts = new Map<string, ts.Node>();
      const collect = (n: ts.Node) => {
        if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && literalText(n.initializer) !== null)
          consts.set(n.name.text, n.initializer);
        ts.forEachChild(n, collect);
      };
      collect(sf);
      return messagePlaces(sf)
        .flatMap((p) => messageLiterals(p, consts))
        .filter((lit) => !seen.has(lit) && seen.add(lit))
        .map((lit) => ({ f, line: sf.getLineAndCharacterOfPosition(lit.getStart(sf)).line + 1, text: literalText(lit) ?? '' }))
        .filter(({ f, text }) => !ALLOWED.has(`${f}:${text}`))
        .map(({ f, line, text }) => `${f}:${line}: ${text}`);
    });
}

describe('the message catalogue', () => {
  it('holds every message: none is written as a literal elsewhere in src/', () => {
    expect(offenders()).toEqual([]);
  });
});
