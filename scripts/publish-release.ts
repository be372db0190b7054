// `npm run release:publish -- --platform windows --file path/to.zip [--version 1.2.0] [--notes "..."]`
// or `... --url https://... --sha256 <hex> --size <bytes> [--version ...]`: adds a desktop build to the release catalogue.
import { parseArgs } from 'node:util'
import { loadConfigOrExit } from '#app.config.ts'
import { addressOutsideRequests } from '#server/http/site-url.ts'
import { publishInputSchema } from '#server/releases/publish-input.ts'
import { PublishRefused, publishRelease } from '#server/releases/publish-release.ts'
import { downloadPath } from '#server/releases/release-catalogue.ts'
import { createRuntime } from '#server/runtime.ts'

const usage =
  'Usage: npm run release:publish -- --platform windows --file path/to.zip [--version 1.2.0] [--notes "What changed"]\n' +
  '   or: npm run release:publish -- --platform windows --url https://host/file.zip --sha256 <64 hex> --size <bytes> [--version 1.2.0] [--notes "..."]'

function fail(message: string, code = 2): never {
  console.error(`${message}\n${usage}`)
  process.exit(code)
}

let values: Record<string, string | boolean | undefined>
try {
  values = parseArgs({
    options: {
      platform: { type: 'string' },
      file: { type: 'string' },
      url: { type: 'string' },
      sha256: { type: 'string' },
      size: { type: 'string' },
      version: { type: 'string' },
      notes: { type: 'string' },
    },
    strict: true,
  }).values
} catch (error) {
  fail((error as Error).message)
}
const parsed = publishInputSchema.safeParse(values)
if (!parsed.success)
  fail(parsed.error.issues.map((issue) => `--${issue.path.join('.') || 'platform'}: ${issue.message}`).join('\n'))

const config = loadConfigOrExit()
const runtime = await createRuntime({ config })
try {
  const release = await publishRelease(runtime, parsed.data)
  console.log(
    [
      `Published ${release.platform} ${release.version}: ${release.fileName}`,
      `  size    ${release.sizeBytes} bytes`,
      `  sha256  ${release.sha256}`,
      `  served  ${addressOutsideRequests(config, downloadPath(release))}${release.source.kind === 'external' ? ` (redirects to ${release.source.url})` : ''}`,
    ].join('\n'),
  )
} catch (error) {
  if (!(error instanceof PublishRefused)) throw error
  console.error(error.message)
  process.exitCode = 1
} finally {
  await runtime.close()
}
