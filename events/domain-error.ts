/**
 * A business rule said no. `code` is stable for callers and tests; `message` is what the user
 * reads. The API maps codes to HTTP statuses; deciders never know about HTTP.
 */
export class DomainError<Code extends string = string> extends Error {
  readonly code: Code
  constructor(code: Code, message: string) {
    super(message)
    this.name = 'DomainError'
    this.code = code
  }
}
