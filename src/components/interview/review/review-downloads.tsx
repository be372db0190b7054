import { useState } from 'react'
import { secondaryButton } from '#src/components/ui/form-styles.ts'
import { downloadFile } from '#src/interview/download-file.ts'

const files = [
  { format: 'pdf', label: 'Download the review (PDF)' },
  { format: 'csv', label: 'Download the questions (CSV)' },
] as const

/** The review to keep: the whole of it as a PDF, its questions as CSV (the REST routes the desktop app calls). */
export function ReviewDownloads({ sessionId, startedAt }: { sessionId: string; startedAt: string }) {
  const [state, setState] = useState<{ busy: string | null; error: string | null }>({ busy: null, error: null })
  const download = async (format: (typeof files)[number]['format']) => {
    setState({ busy: format, error: null })
    const path = `/api/interview/sessions/${encodeURIComponent(sessionId)}/review/${format}`
    const fileName = `interview-review-${startedAt.slice(0, 10)}-${sessionId.slice(0, 8)}.${format}`
    setState({ busy: null, error: await downloadFile(path, fileName) })
  }
  return (
    <div className="flex flex-col items-start gap-2" data-testid="review-downloads">
      <div className="flex flex-wrap gap-3">
        {files.map((file) => (
          <button
            key={file.format}
            type="button"
            className={secondaryButton}
            disabled={state.busy !== null}
            onClick={() => void download(file.format)}
          >
            {state.busy === file.format ? 'Preparing…' : file.label}
          </button>
        ))}
      </div>
      {state.error && (
        <p role="alert" className="text-sm text-danger">
          {state.error}
        </p>
      )}
    </div>
  )
}
