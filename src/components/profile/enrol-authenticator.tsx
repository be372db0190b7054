import { useMutation } from '@tanstack/react-query'
import { useId, useState, type SubmitEvent } from 'react'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { primaryButton, secondaryButton } from '#src/components/ui/form-styles.ts'
import { CodeField } from '#src/components/ui/code-field.tsx'
import { TextField } from '#src/components/ui/text-field.tsx'
import { RecoveryCodes } from './recovery-codes.tsx'

type Enrolment = { authenticatorId: string; secret: string; qrCode: string }

/** Where the factors live: the backend (embedded mode) or the hosted provider (Supabase mode). */
export type EnrolmentSteps = {
  start: (name: string) => Promise<Enrolment>
  /** Recovery codes come with the backend's first app only. */
  confirm: (authenticatorId: string, code: string) => Promise<{ recoveryCodes?: string[] | null | undefined }>
  /** An enrolment given up before its first code. */
  discard?: (authenticatorId: string) => Promise<void>
}

/**
 * Adds an authenticator app: a name, then the QR code and the secret as text (shown this once),
 * then a first code from the app; with the first app, the recovery codes.
 */
export function EnrolAuthenticator({ steps, onChanged }: { steps: EnrolmentSteps; onChanged: () => void }) {
  const errorId = useId()
  const [name, setName] = useState('Authenticator app')
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  const start = useMutation({
    mutationFn: ({ name }: { name: string }) => steps.start(name),
    onMutate: () => setError(null),
    onSuccess: setEnrolment,
    onError: (failure) => setError(errorMessage(failure, 'The authenticator could not be added. Please try again.')),
  })
  const confirm = useMutation({
    mutationFn: ({ authenticatorId, code }: { authenticatorId: string; code: string }) =>
      steps.confirm(authenticatorId, code),
    onMutate: () => setError(null),
    onSuccess: (confirmed) => {
      setEnrolment(null)
      setCode('')
      onChanged()
      if (confirmed.recoveryCodes) setRecoveryCodes(confirmed.recoveryCodes)
    },
    onError: (failure) => setError(errorMessage(failure, 'The code could not be checked. Please try again.')),
  })
  const cancel = (abandoned: Enrolment) => {
    setEnrolment(null)
    void steps.discard?.(abandoned.authenticatorId)
  }

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />

  if (!enrolment)
    return (
      <form
        noValidate
        onSubmit={(event: SubmitEvent) => {
          event.preventDefault()
          start.mutate({ name })
        }}
      >
        <FormAlert id={errorId} tone="error">
          {error}
        </FormAlert>
        <div className="flex flex-wrap items-end gap-3">
          <TextField label="Name of the app or device" value={name} onValueChange={setName} errorId={errorId} />
          <button type="submit" className={primaryButton} disabled={start.isPending}>
            {start.isPending ? 'Adding...' : 'Add authenticator app'}
          </button>
        </div>
      </form>
    )

  return (
    <form
      noValidate
      onSubmit={(event: SubmitEvent) => {
        event.preventDefault()
        confirm.mutate({ authenticatorId: enrolment.authenticatorId, code })
      }}
    >
      <FormAlert id={errorId} tone="error">
        {error}
      </FormAlert>
      <p className="text-sm text-fg-body">
        Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy, …), or type the key in by
        hand. The key is shown only now.
      </p>
      <img src={enrolment.qrCode} alt="QR code for your authenticator app" width={200} height={200} className="mt-3" />
      <p className="mt-2 text-sm text-fg-body">
        Key:{' '}
        <code data-testid="authenticator-secret" className="font-mono break-all">
          {enrolment.secret}
        </code>
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <CodeField
          label="6-digit code from the app"
          value={code}
          onValueChange={setCode}
          invalid={error !== null}
          errorId={errorId}
        />
        <button type="submit" className={primaryButton} disabled={confirm.isPending}>
          {confirm.isPending ? 'Checking...' : 'Turn on two-step sign-in'}
        </button>
        <button type="button" className={secondaryButton} onClick={() => cancel(enrolment)}>
          Cancel
        </button>
      </div>
    </form>
  )
}
