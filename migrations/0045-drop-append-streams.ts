import * as appendStreamsFunction from './0036-append-streams-function.ts'

/**
 * The one-statement decision on several streams is gone (decision 0114): every write is a unit of
 * work with locked reads, so the function 0036 created has no caller. Going back restores it.
 */
export const up = appendStreamsFunction.down
export const down = appendStreamsFunction.up
