import { ErrorComponent, type ErrorComponentProps } from '@tanstack/react-router'

export function DefaultCatchBoundary({ error }: ErrorComponentProps) {
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <ErrorComponent error={error} />
    </main>
  )
}
