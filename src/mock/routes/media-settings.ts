import { fail } from '../core/http-error.js';
import { json } from '../core/respond.js';
import type { RouteContext } from '../core/router.js';
import { operationType } from '../rules/media.js';

export function listOperationTypes({ state }: RouteContext): Response {
  return json(Object.keys(state.options.operationTypes));
}

export function getOperationType({ state, params }: RouteContext): Response {
  const settings =
    operationType(state, params.operation_type ?? '') ?? fail(404, 'Invalid operation type');
  return json({ chunk_size: settings.chunk_size, max_chunks: settings.max_chunks });
}
