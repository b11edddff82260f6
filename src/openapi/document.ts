import { profiles, type ProfileName } from '../core/routes/profiles.js';
import type { Route, RouteName } from '../core/routes/routes.js';
import { SERVER_PROFILES } from '../mock/core/server-profile.js';
import { AcademyInputSchema } from '../schemas/common.js';
import { VERSION } from '../version.js';
import { Components } from './components.js';
import { errorAnswers, errorResponses } from './error-answers.js';
import { JSON_TYPE, wireSchema } from './json-schema.js';
import type { Named, Operation, Success } from './operation.js';
import { OPERATIONS } from './operations.js';
import { requestBodyOf } from './request-body.js';

/** An OpenAPI 3.1 document as plain JSON data. */
export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, PathItem> };
type PathItem = Record<string, Record<string, unknown>>;

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

function pathParameters(path: string, operation: Operation): Record<string, unknown>[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    const param = operation.params?.[name!];
    if (param === undefined) throw new Error(`seatpay openapi: no schema for {${name}} of ${path}`);
    return { name, in: 'path', required: true, schema: wireSchema(param.schema, 'request') };
  });
}
