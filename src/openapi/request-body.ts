import type { Route, RouteName } from '../core/routes/routes.js';
import type { ServerProfile } from '../mock/core/server-profile.js';
import {
  collapse,
  encodeField,
  mergeFixed,
  objects,
  properties,
  removeField,
  requireField,
} from './body-fields.js';
import { JSON_TYPE, wireSchema, type JsonSchema } from './json-schema.js';
import { OPERATIONS } from './operations.js';
import type { Operation } from './operation.js';

/** The request body of an endpoint, as its routes' extras shape what the client sends. */
export function requestBodyOf(
  names: readonly RouteName[],
  table: Readonly<Record<RouteName, Route>>,
  server: ServerProfile,
) {
  const operation = OPERATIONS[names[0]!];
  const { request } = operation;
  if (request === undefined) return undefined;
  const schemas = names.map((name) =>
    bodySchema(operation, table[name], serverRequires(server, name)),
  );
  const schema = mergeFixed(
    schemas,
    names.map((name) => table[name].fixedFields ?? {}),
  );
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

function bodySchema(
  operation: Operation,
  route: Route,
  serverRequired: readonly string[],
): JsonSchema {
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
  for (const field of [...(route.requiredFields ?? []), ...serverRequired])
    requireField(schema, field);
  for (const field of route.jsonEncodedFields ?? []) encodeField(schema, field);
  for (const [field, value] of Object.entries(route.fixedFields ?? {})) {
    objects(schema).forEach((object) => {
      properties(object)[field] = { const: value };
      requireField(object, field);
    });
  }
  return collapse(schema);
}
