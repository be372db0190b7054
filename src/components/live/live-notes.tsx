import { Link } from '@tanstack/react-router'

const link = 'font-semibold text-accent hover:underline focus-ring'

/** What the page captures and keeps, said before anything is shared. */
export function CaptureStatement() {
  return (
    <p className="text-sm text-fg-muted" data-testid="capture-statement">
      While you share, this page listens to the tab or window you choose (or your microphone) and picks out each
      question; only those questions, and one picture of the screen when you ask for it, are sent to be answered.
      Nothing else is recorded: your{' '}
      <Link to="/history" className={link}>
        history
      </Link>{' '}
      keeps the questions and answers of the session, as with the desktop app. Stop ends sharing and listening at once.
    </p>
  )
}

/** The browser shared the tab without its sound. */
export function NoTabAudioNote({ onUseMicrophone }: { onUseMicrophone: () => void }) {
  return (
    <div className="rounded-lg bg-warning-subtle p-3 text-sm text-warning" role="status">
      <p>
        This browser did not share the sound of what you chose, so the page cannot hear the interviewer from it. In
        Chrome or Edge, share a browser tab and turn on “Also share tab audio”. Or listen through your microphone
        instead (use speakers, not headphones).
      </p>
      <button type="button" className={`mt-2 ${link}`} onClick={onUseMicrophone}>
        Use the microphone
      </button>
    </div>
  )
}
