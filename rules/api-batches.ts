/**
 * The most calls one tRPC request may name: the pages' batch link sends at most this many together,
 * and the server refuses a longer list before running any of it (decision 0075).
 */
export const maxCallsPerBatch = 10
