import type * as z from 'zod/mini';

/** A schema the document names in `components.schemas`. */
export interface Named {
  readonly name: string;
  readonly schema: z.ZodMiniType;
}

/** A schema under its component name. */
export const named = (name: string, schema: z.ZodMiniType): Named => ({ name, schema });

/** What a request body is: JSON from a schema, a multipart form, or a seat change. */
export type RequestBody =
  | { readonly kind: 'json'; readonly body: Named }
  | { readonly kind: 'multipart'; readonly body: Named }
  | { readonly kind: 'one-of'; readonly bodies: Readonly<Record<string, Named>> };

/** The documented success answer of a route: a JSON body, or none (204). */
export type Success =
  | { readonly status: number | readonly number[]; readonly answer: Named }
  | { readonly status: 204 };

/**
 * What the client sends and reads on one route, with the same zod schemas the resource methods
 * pass to the request path (src/resources/*.ts: `body`, `params` and `response`). The route table
 * (methods, paths, the fields a route fixes, JSON-encodes, requires or refuses) comes from the
 * profile; this says only which schema goes where.
 */
export interface Operation {
  readonly summary: string;
  /** The client call that uses it. */
  readonly call: string;
  readonly tag:
    | 'Plans and checking'
    | 'Payments'
    | 'Subscriptions'
    | 'Billing team'
    | 'Seats'
    | 'Consumables'
    | 'Media';
  /** The schema of each path parameter, by name. */
  readonly params?: Readonly<Record<string, Named>>;
  readonly request?: RequestBody;
  /**
   * Fields of the argument that do not go in the body: `academy` of a media call is the `Academy`
   * header; a chunk's `filename` and `mime` are its file part's own headers.
   */
  readonly notInBody?: readonly string[];
  /** Sent with the `Academy` header. */
  readonly academyHeader?: boolean;
  /** The success answer, by profile where the two servers differ. */
  readonly success: Success | Readonly<Record<'spec' | 'deployed', Success>>;
  /** The error statuses this route is documented to answer, besides 401, 429 and 5XX. */
  readonly errors: readonly number[];
}
