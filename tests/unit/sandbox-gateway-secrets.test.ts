/**
 * The sandbox gateway makes its secrets when it is created; a data folder that cannot hold them
 * (removed, or not a folder) must not become an unhandled rejection, which stops a server.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { createSandboxGateway } from '#server/payments/sandbox-gateway.ts'

it('reports an unusable data folder at the first payment, not as an unhandled rejection at start', async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'sandbox-secrets-'))
  const notAFolder = path.join(folder, 'file')
  await writeFile(notAFolder, 'x')
  try {
    const sandbox = createSandboxGateway(path.join(notAFolder, 'data'))
    // Lets the start-up attempt fail first; vitest fails the run on an unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 50))
    await expect(sandbox.signCheckout('order_test_1')).rejects.toThrow(/ENOTDIR/)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})
