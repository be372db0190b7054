import { Link } from '@tanstack/react-router'

export function NotFound() {
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-3xl font-semibold">404</h1>
      <p className="mt-2 text-gray-600">This page does not exist.</p>
      <Link to="/" className="mt-4 inline-block text-brand underline">
        Back to the home page
      </Link>
    </main>
  )
}
