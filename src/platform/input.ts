// The one boundary where text enters: JSON and form bodies, query strings, route paths and
// multipart fields are checked here before any feature sees them.
//
// PostgreSQL cannot store U+0000, and a UTF-16 surrogate without its pair has no UTF-8 form:
// as a text parameter it was silently stored as U+FFFD (answered one way, stored another),
// inside jsonb it failed with "unsupported Unicode escape sequence" (500). Such input is refused
// with the area's invalid-input code, naming the field, so nothing is half-saved and what a
// caller is answered is always what was stored. (Query strings never carry lone surrogates:
// percent-decoding turns broken UTF-8 into U+FFFD before we see it.)
import type { Request, RequestHandler } from 'express';
import { AppError, isManagerArea } from './errors.ts';

/** NUL, a high surrogate not followed by a low one, a low surrogate not preceded by a high one. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Nesting no form of ours comes near (formulas with keywords and synonyms: 5 levels). */
export const MAX_INPUT_DEPTH = 32;

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

type Problem = { kind: 'text'; field: string } | { kind: 'depth' };

/** The first string (or key) that cannot be stored, or nesting deeper than MAX_INPUT_DEPTH; iterative, so any depth is safe. */
export function findInputProblem(value: unknown, root = ''): Problem | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: root, depth: 0 }];
  while (stack.length) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return { kind: 'text', field: path };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { kind: 'depth' };
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: `${path}[${i}]`, depth: depth + 1 });
      continue;
    }
    if (Buffer.isBuffer(current)) continue; // uploaded file contents are checked by their own rules
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return { kind: 'text', field: childPath };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return undefined;
}

/** The refusal for the request's area: E102 (users) or ME999 (managers, who have no invalid-input code), with the field. */
export function inputProblemError(req: Request, problem: Problem): AppError {
  const errcode = isManagerArea(req) ? 'ME999' : 'E102';
  if (problem.kind === 'depth') return new AppError(400, errcode, 'inputTooDeep');
  // The field as forms name it: the top-level key ("memo", "formulas[2].text" → "formulas").
  const field = /^[^.[]+/.exec(problem.field)?.[0] ?? problem.field;
  return new AppError(400, errcode, 'unstorableText', {}, { field });
}

/** Checks what multipart parsing (multer) added: fields and file names. */
export function multipartProblem(req: Request): AppError | undefined {
  const files = ([] as Array<{ originalname?: string }>).concat((req.files as never) ?? [], req.file ? [req.file] : []);
  const problem = findInputProblem(req.body) ?? findInputProblem(files.map((file) => file.originalname ?? ''), 'files');
  return problem && inputProblemError(req, problem);
}

/** After the body parsers: refuses bodies, query strings and paths holding text that cannot be stored. */
export const checkInput: RequestHandler = (req, _res, next) => {
  // A path segment decodes to NUL only from %00; route parameters are decoded later, per route.
  const pathPart = req.originalUrl.split('?', 1)[0]!;
  const problem: Problem | undefined = /%00/i.test(pathPart)
    ? { kind: 'text', field: 'path' }
    : (findInputProblem(req.query, 'query') ?? findInputProblem(req.body));
  if (!problem) return next();
  // "query.memo" → "memo": a page's form field is the query key.
  if (problem.kind === 'text') problem.field = problem.field.replace(/^query\./, '');
  next(inputProblemError(req, problem));
};
