import { JSON_TYPE, type JsonSchema } from './json-schema.js';

// Edits to a request body's JSON Schema, made after zod's conversion: what the route table says
// a route removes, requires, fixes or JSON-encodes, and zod's duplicate branches folded.

/** The object schemas of a body: itself, or each branch of a `oneOf`. */
export function objects(schema: JsonSchema): JsonSchema[] {
  return Array.isArray(schema.oneOf) ? (schema.oneOf as JsonSchema[]) : [schema];
}

/** An object schema's `properties`, made empty when it has none, so a field can be set. */
export function properties(object: JsonSchema): Record<string, JsonSchema> {
  object.properties ??= {};
  return object.properties as Record<string, JsonSchema>;
}

/** Removes `field` (or `list[].field`, from every item of `list`) wherever the body has it. */
export function removeField(schema: JsonSchema, field: string): void {
  const [list, inner] = field.split('[].') as [string, string | undefined];
  for (const object of objects(schema)) {
    const props = properties(object);
    if (inner === undefined) {
      delete props[field];
      object.required = ((object.required as string[] | undefined) ?? []).filter(
        (name) => name !== field,
      );
      if ((object.required as string[]).length === 0) delete object.required;
    } else if (props[list]?.items !== undefined) {
      removeField(props[list].items as JsonSchema, inner);
    }
  }
}

/** Makes `field` (or `list[].field`, in every item of `list`) required wherever the body has it. */
export function requireField(schema: JsonSchema, field: string): void {
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
export function encodeField(schema: JsonSchema, field: string): void {
  for (const object of objects(schema)) {
    const props = properties(object);
    if (props[field] === undefined) continue;
    props[field] = { type: 'string', contentMediaType: JSON_TYPE, contentSchema: props[field] };
  }
}

/** Two routes on one endpoint that fix a field differently (`type`: PREVIEW or BAG): either value. */
export function mergeFixed(
  schemas: JsonSchema[],
  fixed: readonly Readonly<Record<string, unknown>>[],
) {
  const [schema] = schemas;
  for (const field of Object.keys(fixed[0] ?? {})) {
    const values = [...new Set(fixed.map((fields) => fields[field]))];
    if (values.length > 1)
      for (const object of objects(schema!)) properties(object)[field] = { enum: values };
  }
  return schema!;
}

/** `anyOf` of identical branches (a Blob or a Uint8Array: both a file part) becomes the one. */
export function collapse(schema: JsonSchema): JsonSchema {
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
