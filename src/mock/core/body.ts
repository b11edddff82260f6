import { SimulatorError, fail } from './http-error.js';

/** Reads a JSON object body the way DRF answers malformed ones. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  let body: unknown;
  try {
    body = text === '' ? {} : JSON.parse(text);
  } catch (error) {
    return fail(400, `JSON parse error - ${(error as Error).message}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const got = Array.isArray(body) ? 'list' : typeof body;
    throw SimulatorError.fields({
      non_field_errors: [`Invalid data. Expected a dictionary, but got ${got}.`],
    });
  }
  return body as Record<string, unknown>;
}

/** Reads a multipart body (`await request.formData()`), answering 400 when it is not one. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return fail(400, 'Expected a multipart/form-data body');
  }
}
