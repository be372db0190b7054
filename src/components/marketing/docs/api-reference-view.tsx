import { ApiReferenceReact } from '@scalar/api-reference-react'
import '@scalar/api-reference-react/style.css'
import './api-reference-view.css'
import { useMemo } from 'react'
import { useTheme } from '#src/theme/use-theme.ts'

/**
 * Scalar's reference, rendered in the browser only (it is a Vue app in a React wrapper) from the
 * same document the server serves. Everything it loads comes from this origin: no fonts, no
 * telemetry, no proxy; "Test Request" calls this server directly.
 */
export default function ApiReferenceView() {
  const { theme } = useTheme()
  // A new object would make the wrapper reconfigure the reference on every render.
  const configuration = useMemo(
    () =>
      ({
        url: '/api/openapi.json',
        withDefaultFonts: false,
        telemetry: false,
        hideDarkModeToggle: true,
        forceDarkModeState: theme,
        darkMode: theme === 'dark',
        documentDownloadType: 'json',
        persistAuth: false,
        showDeveloperTools: 'never',
        defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
        metaData: { title: 'API reference | Interview Helper' },
        // Scalar's assistant and its MCP generator are services of Scalar's, off this site.
        agent: { disabled: true },
        mcp: { disabled: true },
      }) as const,
    [theme],
  )
  return <ApiReferenceReact configuration={configuration} />
}
