import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from '../../../src/openapi/document.js';

// ajv-formats is CommonJS: its default export is the function under ESM interop.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** One answer as a client saw it. */
export interface SeenAnswer {
  method: string;
  /** The request's path (no query), as sent. */
  path: string;
  status: number;
  /** The answer's `content-type` header, '' when it had none. */
  contentType: string;
  /** The parsed JSON body, the text of any other body, or undefined not to check the body. */
  body: unknown;
}

/** What an answer did not follow in the document, or an empty list; `route` is null off the document. */
export interface AnswerCheck {
  route: string | null;
  problems: string[];
}

const BASE = 'https://seatpay.test/openapi.json';

/**
 * Checks answers against an OpenAPI 3.1 document: the operation of the method and path, the
 * documented answer of the status (exact, then `4XX`-style, then `default`), its media type, and
 * the body against its schema (ajv, JSON Schema draft 2020-12, formats checked).
 */
export function answerChecker(document: OpenApiDocument): (answer: SeenAnswer) => AnswerCheck {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: BASE });
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`),
  }));
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

  return (answer) => {
    const method = answer.method.toLowerCase();
    const found = templates.find(
      ({ template, pattern }) => pattern.test(answer.path) && document.paths[template]![method],
    );
    if (found === undefined) return { route: null, problems: [] };
    const route = `${answer.method.toUpperCase()} ${found.template}`;
    const operation = document.paths[found.template]![method] as { responses: Responses };
    const key = [String(answer.status), `${String(answer.status)[0]}XX`, 'default'].find(
      (candidate) => candidate in operation.responses,
    );
    if (key === undefined)
      return { route, problems: [`status ${answer.status} is not documented`] };
    const { content, pointer: at } = resolved(
      document,
      operation.responses[key]!,
      `/paths/${escape(found.template)}/${method}/responses/${key}`,
    );
    const mediaType = answer.contentType.split(';')[0]!.trim().toLowerCase();
    if (content === undefined) {
      const empty = answer.body === undefined || answer.body === '' || answer.body === null;
      return {
        route,
        problems: mediaType || !empty ? [`${key} has no body, got ${mediaType}`] : [],
      };
    }
    if (!(mediaType in content))
      return { route, problems: [`${key}: content type "${mediaType}" is not documented`] };
    if (answer.body === undefined) return { route, problems: [] };
    const pointer = `${at}/content/${escape(mediaType)}/schema`;
    let validate = compiled.get(pointer);
    if (validate === undefined) {
      validate = ajv.compile({ $ref: `${BASE}#${pointer}` });
      compiled.set(pointer, validate);
    }
    if (validate(answer.body)) return { route, problems: [] };
    return {
      route,
      problems: (validate.errors ?? []).map(
        (error) => `${key} ${mediaType}: ${error.instancePath || '(body)'} ${error.message}`,
      ),
    };
  };
}

type Answer = { $ref?: string; content?: Record<string, { schema: unknown }> };
type Responses = Record<string, Answer>;

/** A documented answer, following its `$ref` into `components.responses`, with its JSON pointer. */
function resolved(
  document: OpenApiDocument,
  answer: Answer,
  pointer: string,
): Answer & { pointer: string } {
  if (answer.$ref === undefined) return { ...answer, pointer };
  const at = answer.$ref.slice(1);
  const target = at
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (node, token) =>
        (node as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')],
      document,
    );
  return { ...(target as Answer), pointer: at };
}

function escape(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}
