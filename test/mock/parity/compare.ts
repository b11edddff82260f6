import type { SimAnswer } from './replay.js';
import { itemShapes, shapeOf, withoutTextLength } from './shape.js';
import type { Exchange } from './transcript.js';

/** What is compared for each exchange. */
export type Aspect = 'status' | 'contentType' | 'shape' | 'detail';

/** How the simulator's answer differs from the recorded one: aspect by aspect, each with both sides. */
export type Mismatches = Partial<Record<Aspect, { real: unknown; sim: unknown }>>;

const mediaType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

/**
 * Compares status, content type, body shape and, for error answers, `detail`. A list recorded
 * whole is compared as a set of item shapes (seat lists have no fixed order).
 */
export function compare(exchange: Exchange, sim: SimAnswer): Mismatches {
  const real = exchange.response;
  const found: Mismatches = {};
  if (real.status !== sim.status) found.status = { real: real.status, sim: sim.status };
  if (mediaType(real.contentType) !== mediaType(sim.contentType))
    found.contentType = { real: real.contentType, sim: sim.contentType };
  const [realShape, simShape] = shapes(exchange, sim);
  if (realShape !== simShape) found.shape = { real: realShape, sim: simShape };
  const realDetail = detailOf(real.body);
  if (real.status >= 400 && realDetail !== undefined && realDetail !== detailOf(sim.body))
    found.detail = { real: realDetail, sim: detailOf(sim.body) };
  return found;
}

function shapes(exchange: Exchange, sim: SimAnswer): [string, string] {
  const real = exchange.response;
  const simText = typeof sim.body === 'string' && sim.body !== '';
  const simShape = sim.body === '' ? 'empty' : simText ? 'text' : shapeOf(sim.body);
  const cut = (exchange.notes ?? []).some((note) => note.startsWith('arrays cut'));
  if (Array.isArray(real.body) && !cut && Array.isArray(sim.body) && exchange.poll === undefined)
    return [itemShapes(real.body).join(' | '), itemShapes(sim.body).join(' | ')];
  return [withoutTextLength(real.shape), simShape];
}

const detailOf = (body: unknown): unknown =>
  typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>).detail
    : undefined;
