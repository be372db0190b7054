import type { ApiField, ApiOperation } from './api-reference.ts'

const methodColours: Record<string, string> = {
  GET: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  POST: 'bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-200',
  PUT: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
  PATCH: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
  DELETE: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
}

function FieldTable({ caption, fields }: { caption: string; fields: ApiField[] }) {
  if (fields.length === 0) return null
  return (
    <div className="mt-4">
      <table className="w-full text-left text-sm [overflow-wrap:anywhere]">
        <caption className="mb-2 text-left font-semibold text-gray-900 dark:text-white">{caption}</caption>
        <thead className="text-gray-500 dark:text-gray-400">
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">
              Field
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              Type
            </th>
            <th scope="col" className="py-1 font-medium">
              Description
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {fields.map((field) => (
            <tr key={field.name}>
              <td className="py-1.5 pr-4 align-top font-mono text-gray-900 dark:text-gray-100">
                {field.name}
                {field.required && (
                  <span className="ml-1 text-red-700 dark:text-red-400" title="required">
                    *
                  </span>
                )}
              </td>
              <td className="py-1.5 pr-4 align-top font-mono text-xs text-gray-600 dark:text-gray-300">{field.type}</td>
              <td className="py-1.5 align-top text-gray-600 dark:text-gray-300">{field.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function OperationCard({ operation }: { operation: ApiOperation }) {
  return (
    <article
      id={operation.id}
      className="scroll-mt-20 rounded-2xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900"
    >
      <h3 className="flex flex-wrap items-center gap-3">
        <span className={`rounded-md px-2 py-0.5 font-mono text-xs font-bold ${methodColours[operation.method] ?? ''}`}>
          {operation.method}
        </span>
        <code className="font-mono text-sm font-semibold break-all text-gray-900 dark:text-white">
          /api{operation.path}
        </code>
        {operation.signedIn && (
          <span className="rounded-full border border-gray-300 px-2 py-0.5 text-xs text-gray-600 dark:border-gray-700 dark:text-gray-300">
            Bearer token
          </span>
        )}
      </h3>
      {operation.summary && <p className="mt-2 font-medium text-gray-800 dark:text-gray-200">{operation.summary}</p>}
      {operation.description && (
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{operation.description}</p>
      )}
      <FieldTable caption="Parameters" fields={operation.parameters} />
      <FieldTable caption="Request body" fields={operation.requestFields} />
      <FieldTable caption="Response data" fields={operation.responseFields} />
      {operation.errors.length > 0 && (
        <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">
          <span className="font-semibold text-gray-900 dark:text-white">Errors: </span>
          {operation.errors.map((error) => error.status).join(', ')}
        </p>
      )}
    </article>
  )
}
