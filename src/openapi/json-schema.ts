import * as z from 'zod/mini';
import { DecimalInputSchema } from '../schemas/common.js';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = Record<string, unknown>;

/** The media type of a JSON body, and of a field sent JSON-encoded. */
export const JSON_TYPE = 'application/json';

/**
 * Which side of a schema the wire carries. The schemas are the client's: it parses an answer
 * (the wire is the schema's input: an amount may come as a number, read as a decimal string), and
 * it sends a request body its schema has parsed (the wire is the schema's output: an amount the
 * caller gave as a number goes as a decimal string).
 */
export type WireSide = 'request' | 'answer';

/** What an amount argument goes out as: `String(amount)` once decimalProblem found nothing. */
const DECIMAL_STRING: JsonSchema = {
  type: 'string',
  pattern: '^\\d+(\\.\\d{1,2})?$',
  description: 'A decimal amount with at most 2 decimals, such as "10.00".',
};

/** A file part of a multipart body (a Blob or Uint8Array chunk). */
const FILE_PART: JsonSchema = { type: 'string', contentMediaType: 'application/octet-stream' };

/** Zod kinds a JSON document cannot carry as such (an answer's transform runs after reading). */
const UNEXPRESSED = new Set(['transform', 'date', 'bigint', 'symbol', 'function', 'promise']);

/**
 * The JSON Schema of one zod schema of the client (zod's own `toJSONSchema`), as the wire
 * carries it. The two building blocks JSON Schema cannot express are named here once: an amount
 * argument (a check and a transform) and a file chunk (a Blob). Anything else JSON Schema cannot
 * express fails the generation, rather than becoming a schema that accepts anything.
 */
export function wireSchema(schema: z.ZodMiniType, side: WireSide): JsonSchema {
  return convert(schema, side);
}

/**
 * The JSON Schemas of named schemas, each once: where one holds another (an invoice's currency),
 * it refers to it (`#/components/schemas/Currency`) instead of repeating it.
 */
export function wireComponents(
  named: ReadonlyMap<string, z.ZodMiniType>,
  side: WireSide,
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of named) registry.add(schema, { id });
  const { schemas } = convert(registry, side) as { schemas: Record<string, JsonSchema> };
  for (const schema of Object.values(schemas)) delete schema.$id;
  for (const schema of Object.values(schemas)) delete schema.$schema;
  return schemas;
}

function convert(
  schema: z.ZodMiniType | z.core.$ZodRegistry<{ id: string }>,
  side: WireSide,
): JsonSchema {
  const unexpressed = new Map<string, string>();
  const described = new Set<string>();
  const params: z.core.RegistryToJSONSchemaParams = {
    uri: (id: string) => `#/components/schemas/${id}`,
    target: 'draft-2020-12',
    io: side === 'request' ? 'output' : 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema, path }) => {
      // A pipe and the transform it ends with sit at one path: the pipe's description covers both.
      const at = path.join('.') || '(root)';
      const kind = zodSchema._zod.def.type;
      const isAmount = (zodSchema as unknown) === DecimalInputSchema;
      if (isAmount || kind === 'custom') {
        replace(jsonSchema, isAmount ? DECIMAL_STRING : FILE_PART);
        described.add(at);
      } else if (UNEXPRESSED.has(kind) && !(kind === 'transform' && side === 'answer')) {
        unexpressed.set(at, kind);
      }
    },
  };
  // One call for a schema or a registry of named ones (zod's two overloads).
  const json = (
    schema instanceof z.core.$ZodRegistry
      ? z.toJSONSchema(schema, params)
      : z.toJSONSchema(schema, params)
  ) as JsonSchema;
  const left = [...unexpressed].filter(([at]) => !described.has(at));
  if (left.length > 0) {
    const list = left.map(([at, kind]) => `${kind} at ${at}`).join(', ');
    throw new Error(`seatpay openapi: JSON Schema cannot express ${list}`);
  }
  if ('$defs' in json) throw new Error('seatpay openapi: a schema with $defs needs hoisting');
  delete json.$schema;
  return json;
}

function replace(target: Record<string, unknown>, source: JsonSchema): void {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, structuredClone(source));
}
