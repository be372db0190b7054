/** The `length` bytes at `start` as ASCII text: the four-letter tags and magic words of media containers. */
export const asciiAt = (bytes: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(start, start + length))
