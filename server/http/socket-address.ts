/**
 * The TCP peer's address. The node adapter (srvx, without a trusted proxy configured) puts the
 * socket's address on the request as `ip`; a request built elsewhere has none.
 */
export function socketAddressOf(request: Request): string | undefined {
  const address = (request as Request & { ip?: unknown }).ip
  return typeof address === 'string' && address !== '' ? address : undefined
}

const loopback = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/i

export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && loopback.test(address)
}
