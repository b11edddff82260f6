import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { profiles, type ProfileName } from '../../src/core/routes/profiles.js';
import { openApiDocument } from '../../src/openapi/document.js';
import { documentFiles } from '../../src/openapi/files.js';

const PROFILES: ProfileName[] = ['spec', 'deployed'];
const root = new URL('../../', import.meta.url);

describe('the committed OpenAPI documents', () => {
  it.each(documentFiles())('$path is what `npm run openapi` writes now', ({ path, text }) => {
    const committed = readFileSync(new URL(path, root), 'utf8');
    expect(
      committed === text,
      `${path} is not what the schemas and route table give: run \`npm run openapi\`, commit it, ` +
        'and say in CHANGELOG.md what changed on the wire',
    ).toBe(true);
  });
});

describe.each(PROFILES)('the %s document', (profile) => {
  const document = openApiDocument(profile);

  it('is valid OpenAPI 3.1 (@seriousme/openapi-schema-validator)', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('holds only schemas a strict JSON Schema 2020-12 validator compiles', () => {
    const ajv = new Ajv2020({ strict: true, strictTypes: false, validateFormats: false });
    ajv.addVocabulary(['components']);
    const schemas = (document.components as { schemas: Record<string, object> }).schemas;
    const $id = 'https://seatpay.test/components.json';
    ajv.addSchema({ $id, components: { schemas } });
    for (const name of Object.keys(schemas))
      expect(() => ajv.compile({ $ref: `${$id}#/components/schemas/${name}` }), name).not.toThrow();
  });

  it("has every route of the profile's table, and none its server lacks", () => {
    const listed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const table = Object.values(profiles[profile].routes);
    const expected = table
      .filter((r) => r.unavailable === undefined)
      .map((r) => `${r.method} ${r.path}`);
    expect(listed.sort()).toEqual([...new Set(expected)].sort());
    for (const route of table.filter((r) => r.unavailable !== undefined))
      expect(document.paths[route.path]?.[route.method.toLowerCase()]).toBeUndefined();
  });

  it("says the profile's auth scheme and the Academy header of the academy uploads", () => {
    const schemes = (document.components as { securitySchemes: Record<string, unknown> })
      .securitySchemes;
    expect(Object.values(schemes)).toEqual([
      profile === 'spec'
        ? { type: 'http', scheme: 'bearer' }
        : expect.objectContaining({
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: expect.stringContaining('Token <your token>'),
          }),
    ]);
    const { uploadAcademyChunk, finalizeAcademyUpload, uploadChunk } = profiles[profile].routes;
    for (const route of [uploadAcademyChunk, finalizeAcademyUpload]) {
      const operation = document.paths[route.path]![route.method.toLowerCase()] as {
        parameters: { name: string; in: string; required: boolean }[];
      };
      expect(operation.parameters).toContainEqual(
        expect.objectContaining({ name: 'Academy', in: 'header', required: true }),
      );
    }
    const mine = document.paths[uploadChunk.path]![uploadChunk.method.toLowerCase()] as {
      parameters: unknown[];
    };
    expect(mine.parameters).toEqual([]);
  });
});

/** A request body's schema, read loosely: the test looks into its properties. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;

describe('what differs between the two documents, as the route tables and servers do', () => {
  const [spec, deployed] = PROFILES.map(openApiDocument) as [
    ReturnType<typeof openApiDocument>,
    ReturnType<typeof openApiDocument>,
  ];
  const seatChange = '/v2/payments/subscription/{subscription_id}/billing-team/seat';
  const bodyOf = (doc: typeof spec, path: string, method: string) =>
    (doc.paths[path]![method] as { requestBody: { content: Record<string, { schema: Body }> } })
      .requestBody.content;

  it('a seat change: 200 with the seats (spec), 207 with { data, errors } (deployed)', () => {
    expect(Object.keys((spec.paths[seatChange]!.put as { responses: object }).responses)).toContain(
      '200',
    );
    const responses = (deployed.paths[seatChange]!.put as { responses: Record<string, unknown> })
      .responses;
    expect(responses['207']).toBeDefined();
    expect(responses['200']).toBeUndefined();
  });

  it("the checking call's fixed type, the deployed server's required fields and refused ones", () => {
    const specChecking = bodyOf(spec, '/v1/payments/checking', 'post')['application/json']!.schema;
    expect(specChecking.properties.type).toEqual({ enum: ['PREVIEW', 'BAG'] });
    const deployedChecking = bodyOf(deployed, '/v1/payments/checking', 'put')['application/json']!
      .schema;
    expect(deployedChecking.properties.type).toEqual({ const: 'PREVIEW' });
    expect(
      bodyOf(deployed, '/v1/payments/pay', 'post')['application/json']!.schema.required,
    ).toContain('payment_method_id');
    expect(
      bodyOf(spec, '/v1/payments/pay', 'post')['application/json']!.schema.required,
    ).not.toContain('payment_method_id');
    const seatAdd = bodyOf(deployed, seatChange, 'put')['application/json']!.schema.oneOf[0]
      .properties.add_seats.items;
    expect(Object.keys(seatAdd.properties)).not.toContain('seat_multiplier');
    expect(seatAdd.required).toEqual(['email', 'cohort_id']);
    expect(
      Object.keys(
        bodyOf(spec, seatChange, 'put')['application/json']!.schema.oneOf[0].properties.add_seats
          .items.properties,
      ),
    ).toContain('seat_multiplier');
  });

  it('finalize: `meta` JSON-encoded in a string (spec), an object (deployed); a chunk is multipart', () => {
    const specMeta = bodyOf(spec, '/v2/media/me/chunk/upload', 'post')['application/json']!.schema
      .properties.meta;
    expect(specMeta).toMatchObject({
      type: 'string',
      contentMediaType: 'application/json',
      contentSchema: { type: 'object' },
    });
    const deployedMeta = bodyOf(deployed, '/v2/media/me/chunk/upload', 'put')['application/json']!
      .schema.properties.meta;
    expect(deployedMeta.type).toBe('object');
    const chunk = bodyOf(deployed, '/v2/media/me/chunk', 'put')['multipart/form-data']!.schema;
    expect(Object.keys(chunk.properties).sort()).toEqual([
      'chunk',
      'chunk_index',
      'operation_type',
      'total_chunks',
    ]);
    expect(chunk.properties.chunk).toEqual({
      type: 'string',
      contentMediaType: 'application/octet-stream',
    });
  });

  it('the plan read is public on the deployed server (a token is optional there)', () => {
    expect(
      (deployed.paths['/v1/payments/plan/{plan_slug}']!.get as { security?: unknown }).security,
    ).toEqual([{}, { tokenAuth: [] }]);
    expect(
      (spec.paths['/v1/payments/plan/{plan_slug}']!.get as { security?: unknown }).security,
    ).toBeUndefined();
  });
});
