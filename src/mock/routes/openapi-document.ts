import { json } from '../core/respond.js';
import type { RouteContext } from '../core/router.js';

/**
 * `GET /openapi.json`: the OpenAPI 3.1 document of the profile this simulator plays (the one
 * shipped as `seatpay/openapi.json` or `seatpay/openapi.deployed.json`), for any caller, with or
 * without a token. Built on the first request, from the schemas: a simulator that is never asked
 * for it never loads the generator.
 */
export async function openApiDocumentRoute({ state }: RouteContext): Promise<Response> {
  const { openApiDocument } = await import('../../openapi/document.js');
  return json(openApiDocument(state.options.profile.name));
}
