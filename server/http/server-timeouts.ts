/**
 * How slowly a client may talk to the HTTP server before it loses its connection (decision 0076).
 * Node's own defaults (60 s for headers, 300 s for a whole request, no floor on a body's pace) let
 * one client hold thousands of connections open by trickling bytes.
 */
export const slowClientBounds = {
  /** The request line and headers must all arrive within this; a connection that sends nothing is closed then too. */
  headersMs: 10_000,
  /** The whole request, body included, however large: the longest upload the API takes at a modest pace. */
  requestMs: 300_000,
  /** A kept-alive connection with no request in flight is closed after this. */
  idleMs: 5_000,
  /** After the grace, a body must have arrived at this average pace, or its connection is closed. */
  bodyBytesPerSecond: 1024,
  bodyGraceMs: 5_000,
} as const

/** What a client whose body is slower than the floor is answered (408 `request_timeout`, decision 0112). */
export const slowBodyMessage = `The request body arrived too slowly: at least ${slowClientBounds.bodyBytesPerSecond} bytes a second are needed after the first ${slowClientBounds.bodyGraceMs / 1000} s. Send it again.`

/** The same bounds as the options of Node's HTTP server. */
export const httpServerTimeouts = {
  headersTimeout: slowClientBounds.headersMs,
  requestTimeout: slowClientBounds.requestMs,
  keepAliveTimeout: slowClientBounds.idleMs,
  // How often Node checks the two request bounds; its default (30 s) would let them overrun by as much.
  connectionsCheckingInterval: 1_000,
}
