import { secondaryButton, primaryButton } from '#src/components/ui/form-styles.ts'

/** The recovery codes as a text file, for the person to keep somewhere other than the phone. */
function download(codes: readonly string[]) {
  const text = [
    'Interview Helper recovery codes',
    'Each code signs you in once when your authenticator app is not at hand.',
    '',
    ...codes,
    '',
  ].join('\n')
  const link = document.createElement('a')
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
  link.download = 'interview-helper-recovery-codes.txt'
  link.click()
  URL.revokeObjectURL(link.href)
}

/** Shown once, after the first authenticator is confirmed or a new set is made: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950">
      <h3 className="font-semibold text-fg">Save your recovery codes</h3>
      <p className="mt-1 text-sm text-fg-body">
        If you lose your phone, each of these codes signs you in once. They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="text-fg">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={secondaryButton} onClick={() => download(codes)}>
          Download as .txt
        </button>
        <button type="button" className={primaryButton} onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  )
}
