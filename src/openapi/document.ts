import type * as z from 'zod/mini';
import { profiles, type ProfileName } from '../core/routes/profiles.js';
import type { Route, RouteName } from '../core/routes/routes.js';
import { SERVER_PROFILES, type ServerProfile } from '../mock/core/server-profile.js';
import { AcademyInputSchema } from '../schemas/common.js';
import { VERSION } from '../version.js';
import { ErrorBodySchema } from './error-body.js';
import { wireComponents, wireSchema, type JsonSchema } from './json-schema.js';
import {
  BUILDING_BLOCKS,
  OPERATIONS,
  type Named,
  type Operation,
  type Success,
} from './operations.js';

/** An OpenAPI 3.1 document as plain JSON data. */
export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, PathItem> };
type PathItem = Record<string, Record<string, unknown>>;

const JSON_TYPE = 'application/json';

const TITLES: Readonly<Record<ProfileName, string>> = {
  spec: 'the service as SERVICE.md documents it (seatpay profile "spec")',
  deployed: 'the deployed server, as recorded (seatpay profile "deployed")',
};

/**
 * The OpenAPI 3.1 document of a profile: every route the client calls under that profile (its
 * route table), with the request bodies and answers of the client's own zod schemas (zod's
 * JSON Schema, draft 2020-12), the profile's auth scheme and the `Academy` header. A route the
 * profile's server lacks (`unavailable`) is left out. `npm run openapi` writes both documents to
 * openapi/; seatpay-mock serves its profile's at `/openapi.json`.
 */
export function openApiDocument(profileName: ProfileName): OpenApiDocument {
  const profile = profiles[profileName];
  const server = SERVER_PROFILES[profileName];
  const components = new Components();
  const auth = authOf(profile.authScheme);
  const paths: Record<string, PathItem> = {};
  for (const [key, names] of endpoints(profile.routes)) {
    const [method, path] = key.split(' ') as [Route['method'], string];
    const isPublic = server.publicRoutes.includes(key);
    const operation = operationOf(names, profile.routes, profileName, components);
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = {
      ...operation,
      ...(isPublic ? { security: [{}, { [auth.name]: [] }] } : {}),
    };
  }
  return {
    openapi: '3.1.1',
    info: {
      title: `seatpay: ${TITLES[profileName]}`,
      version: VERSION,
      description:
        `The wire contract seatpay ${VERSION} speaks under \`profile: '${profileName}'\`, ` +
        'generated from the zod schemas and route table the client itself uses. Amounts in ' +
        'answers may be strings or numbers (the client reads both as decimal strings).',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [
      {
        url: '/',
        description:
          'Where this document is served from (seatpay-mock serves it at /openapi.json); ' +
          "otherwise your service's base URL",
      },
    ],
    security: [{ [auth.name]: [] }],
    tags: [...new Set(Object.values(OPERATIONS).map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { [auth.name]: auth.scheme },
      responses: errorResponses(profileName, components),
      schemas: components.schemas,
    },
  };
}

/** The routes of a table grouped by endpoint ("METHOD /path"), in table order, lacking ones left out. */
function endpoints(table: Readonly<Record<RouteName, Route>>): Map<string, RouteName[]> {
  const found = new Map<string, RouteName[]>();
  for (const [name, route] of Object.entries(table) as [RouteName, Route][]) {
    if (route.unavailable !== undefined) continue;
    const key = `${route.method} ${route.path}`;
    found.set(key, [...(found.get(key) ?? []), name]);
  }
  return found;
}

function authOf(scheme: string): { name: string; scheme: Record<string, unknown> } {
  if (scheme.toLowerCase() === 'bearer')
    return { name: 'bearerAuth', scheme: { type: 'http', scheme: 'bearer' } };
  return {
    name: `${scheme.toLowerCase()}Auth`,
    scheme: {
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
      description: `The header's value is \`${scheme} <your token>\`.`,
    },
  };
}

/**
 * The answers' schemas, each once by name, referenced from the operations; the building blocks
 * they share (an invoice, a seat) are components too, so no shape is written twice.
 */
class Components {
  readonly #named = new Map<string, z.ZodMiniType>(Object.entries(BUILDING_BLOCKS));

  ref({ name, schema }: Named): JsonSchema {
    const known = this.#named.get(name);
    if (known !== undefined && known !== schema)
      throw new Error(`seatpay openapi: two schemas named ${name}`);
    this.#named.set(name, schema);
    return { $ref: `#/components/schemas/${name}` };
  }

  get schemas(): Record<string, JsonSchema> {
    const schemas = wireComponents(this.#named, 'answer');
    return Object.fromEntries(Object.keys(schemas).sort().map((name) => [name, schemas[name]!]));
  }
}

/** One operation for the route names on one endpoint (`checking` and `createBag` share theirs). */
function operationOf(
  names: readonly RouteName[],
  table: Readonly<Record<RouteName, Route>>,
  profileName: ProfileName,
  components: Components,
): Record<string, unknown> {
  const first = OPERATIONS[names[0]!];
  const route = table[names[0]!];
  const successes = names.map((name) => successOf(OPERATIONS[name], profileName));
  const request = requestBodyOf(names, table, SERVER_PROFILES[profileName]);
  return {
    operationId: names[0],
    summary: first.summary,
    description:
      `Called by \`${names.map((name) => OPERATIONS[name].call).join('`, `')}\`` +
      (route.replay === 'unprocessed-only'
        ? '. Not idempotent: the client re-sends it only when the service cannot have processed it.'
        : '.'),
    tags: [first.tag],
    parameters: [
      ...pathParameters(route.path, first),
      ...(first.academyHeader
        ? [
            {
              name: 'Academy',
              in: 'header',
              required: true,
              description: "The academy's id (or slug) the upload belongs to.",
              schema: wireSchema(AcademyInputSchema, 'request'),
            },
          ]
        : []),
    ],
    ...(request === undefined ? {} : { requestBody: request }),
    responses: {
      ...successAnswers(successes, components),
      ...errorAnswers([401, ...first.errors, 429]),
    },
  };
}

function successOf(operation: Operation, profileName: ProfileName): Success {
  const { success } = operation;
  return 'spec' in success ? success[profileName] : success;
}

function successAnswers(successes: readonly Success[], components: Components) {
  const answers: Record<string, unknown> = {};
  const bodies = new Map<string, Named[]>();
  for (const success of successes) {
    if (!('answer' in success)) {
      answers['204'] = { description: 'Done; no body.' };
      continue;
    }
    for (const status of [success.status].flat()) {
      const list = bodies.get(String(status)) ?? [];
      if (!list.some((known) => known.name === success.answer.name)) list.push(success.answer);
      bodies.set(String(status), list);
    }
  }
  for (const [status, list] of bodies) {
    const refs = list.map((answer) => components.ref(answer));
    answers[status] = {
      description: SUCCESS_WORDS[status] ?? 'Done.',
      content: { [JSON_TYPE]: { schema: refs.length === 1 ? refs[0] : { anyOf: refs } } },
    };
  }
  return answers;
}

const SUCCESS_WORDS: Readonly<Record<string, string>> = {
  '200': 'Done.',
  '201': 'Made.',
  '207': 'Partly done: `data` holds what was applied, `errors` what was refused.',
};

/** The error answers, each once in `components.responses`, by status. */
const ERRORS: Readonly<Record<string, { name: string; words: string }>> = {
  '400': { name: 'BadRequest', words: 'Refused: a field is missing or wrong (BadRequestError).' },
  '401': {
    name: 'Unauthorized',
    words: 'The token is missing, unknown or expired (AuthenticationError).',
  },
  '402': {
    name: 'PaymentRequired',
    words: 'The card, the payment or the units were refused (PaymentRequiredError).',
  },
  '403': {
    name: 'Forbidden',
    words: 'The caller may not do this (PermissionDeniedError, OwnerOnlyError).',
  },
  '404': { name: 'NotFound', words: 'Not found (NotFoundError).' },
  '429': {
    name: 'TooManyRequests',
    words: 'Too many requests: the client waits as Retry-After says (RateLimitError).',
  },
  '5XX': { name: 'ServerError', words: 'The server failed (InternalServerError).' },
};

function errorAnswers(statuses: readonly number[]) {
  return Object.fromEntries(
    [...statuses.map(String), '5XX'].map((status) => [
      status,
      { $ref: `#/components/responses/${ERRORS[status]!.name}` },
    ]),
  );
}

/** Every error answer: the JSON error body; the deployed server's crashes are an HTML page. */
function errorResponses(profileName: ProfileName, components: Components) {
  const errorBody = {
    [JSON_TYPE]: { schema: components.ref({ name: 'ErrorBody', schema: ErrorBodySchema }) },
  };
  return Object.fromEntries(
    Object.entries(ERRORS).map(([status, { name, words }]) => {
      const html = status === '5XX' && profileName === 'deployed';
      return [
        name,
        {
          description: html ? `${words} That server's unhandled errors are Django's HTML page.` : words,
          content: html ? { ...errorBody, 'text/html': { schema: { type: 'string' } } } : errorBody,
        },
      ];
    }),
  );
}

function pathParameters(path: string, operation: Operation): Record<string, unknown>[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    const param = operation.params?.[name!];
    if (param === undefined) throw new Error(`seatpay openapi: no schema for {${name}} of ${path}`);
    return { name, in: 'path', required: true, schema: wireSchema(param.schema, 'request') };
  });
}

/** The request body of an endpoint, as its routes' extras shape what the client sends. */
function requestBodyOf(
  names: readonly RouteName[],
  table: Readonly<Record<RouteName, Route>>,
  server: ServerProfile,
) {
  const operation = OPERATIONS[names[0]!];
  const { request } = operation;
  if (request === undefined) return undefined;
  const schemas = names.map((name) => bodySchema(operation, table[name], serverRequires(server, name)));
  const schema = mergeFixed(schemas, names.map((name) => table[name].fixedFields ?? {}));
  if (request.kind !== 'multipart') return jsonBody(schema);
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema,
        encoding: { chunk: { contentType: 'application/octet-stream' } },
      },
    },
  };
}

function jsonBody(schema: JsonSchema) {
  return { required: true, content: { [JSON_TYPE]: { schema } } };
}

/**
 * Fields the profile's server refuses a request without, beyond the route table's (which lists
 * only those the client itself insists on): the simulator's description of that server.
 */
function serverRequires(server: ServerProfile, name: RouteName): string[] {
  const { requiredFields } = server;
  if (name === 'putSeats') return requiredFields.addSeat.map(({ field }) => `add_seats[].${field}`);
  if (name === 'registerCard' || name === 'pay' || name === 'consumableCheckout')
    return requiredFields[name].map(({ field }) => field);
  return [];
}

function bodySchema(operation: Operation, route: Route, serverRequired: readonly string[]): JsonSchema {
  const { request } = operation;
  let schema: JsonSchema;
  if (request!.kind === 'one-of') {
    schema = {
      oneOf: Object.entries(request!.bodies).map(([field, body]) => ({
        type: 'object',
        properties: { [field]: wireSchema(body.schema, 'request') },
        required: [field],
        additionalProperties: false,
      })),
    };
  } else schema = wireSchema(request!.body.schema, 'request');
  for (const field of operation.notInBody ?? []) removeField(schema, field);
  for (const field of route.unsupportedFields?.fields ?? []) removeField(schema, field);
  for (const field of [...(route.requiredFields ?? []), ...serverRequired]) requireField(schema, field);
  for (const field of route.jsonEncodedFields ?? []) encodeField(schema, field);
  for (const [field, value] of Object.entries(route.fixedFields ?? {})) {
    objects(schema).forEach((object) => {
      properties(object)[field] = { const: value };
      requireField(object, field);
    });
  }
  return collapse(schema);
}

/** The object schemas of a body: itself, or each branch of a `oneOf`. */
function objects(schema: JsonSchema): JsonSchema[] {
  return Array.isArray(schema.oneOf) ? (schema.oneOf as JsonSchema[]) : [schema];
}

function properties(object: JsonSchema): Record<string, JsonSchema> {
  object.properties ??= {};
  return object.properties as Record<string, JsonSchema>;
}

/** Removes `field` (or `list[].field`, from every item of `list`) wherever the body has it. */
function removeField(schema: JsonSchema, field: string): void {
  const [list, inner] = field.split('[].') as [string, string | undefined];
  for (const object of objects(schema)) {
    const props = properties(object);
    if (inner === undefined) {
      delete props[field];
      object.required = ((object.required as string[] | undefined) ?? []).filter((name) => name !== field);
      if ((object.required as string[]).length === 0) delete object.required;
    } else if (props[list]?.items !== undefined) {
      removeField(props[list].items as JsonSchema, inner);
    }
  }
}

/** Makes `field` (or `list[].field`, in every item of `list`) required wherever the body has it. */
function requireField(schema: JsonSchema, field: string): void {
  const [list, inner] = field.split('[].') as [string, string | undefined];
  for (const object of objects(schema)) {
    if (inner !== undefined) {
      const items = properties(object)[list]?.items as JsonSchema | undefined;
      if (items !== undefined) requireField(items, inner);
      continue;
    }
    if (!(field in properties(object))) continue;
    const required = new Set((object.required as string[] | undefined) ?? []);
    object.required = [...required.add(field)];
  }
}

/** A field the route sends JSON-encoded: a string whose content is the field's schema. */
function encodeField(schema: JsonSchema, field: string): void {
  for (const object of objects(schema)) {
    const props = properties(object);
    if (props[field] === undefined) continue;
    props[field] = { type: 'string', contentMediaType: JSON_TYPE, contentSchema: props[field] };
  }
}

/** Two routes on one endpoint that fix a field differently (`type`: PREVIEW or BAG): either value. */
function mergeFixed(schemas: JsonSchema[], fixed: readonly Readonly<Record<string, unknown>>[]) {
  const [schema] = schemas;
  for (const field of Object.keys(fixed[0] ?? {})) {
    const values = [...new Set(fixed.map((fields) => fields[field]))];
    if (values.length > 1)
      for (const object of objects(schema!)) properties(object)[field] = { enum: values };
  }
  return schema!;
}

/** `anyOf` of identical branches (a Blob or a Uint8Array: both a file part) becomes the one. */
function collapse(schema: JsonSchema): JsonSchema {
  for (const [key, value] of Object.entries(schema)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      schema[key] = collapse(value as JsonSchema);
    else if (Array.isArray(value))
      schema[key] = value.map((item: unknown) =>
        item !== null && typeof item === 'object' ? collapse(item as JsonSchema) : item,
      );
  }
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf && anyOf.every((branch) => JSON.stringify(branch) === JSON.stringify(anyOf[0]))) {
    delete schema.anyOf;
    Object.assign(schema, anyOf[0]);
  }
  return schema;
}
