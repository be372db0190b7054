import { useId, useState, type SubmitEvent } from 'react'
import { inputClass, labelClass, primaryButton, secondaryButton } from '#src/components/ui/form-styles.ts'
import type { TimelineQuery } from './timeline-types.ts'

const words = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((word) => word.trim())
    .filter((word) => word.length > 0)

const isoOf = (local: string) => (local ? new Date(local).toISOString() : undefined)

/** The timeline's filters: event types, streams, a time range and a correlation id. */
export function TimelineFilters({
  query,
  onChange,
}: {
  query: TimelineQuery
  onChange: (query: TimelineQuery) => void
}) {
  const id = useId()
  const [types, setTypes] = useState(query.types.join(', '))
  const [streams, setStreams] = useState(query.streams.join(', '))
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const submit = (event: SubmitEvent) => {
    event.preventDefault()
    onChange({
      types: words(types),
      streams: words(streams),
      from: isoOf(from),
      to: isoOf(to),
      correlationId: query.correlationId,
    })
  }
  const field = (name: string, label: string, value: string, set: (value: string) => void, type = 'text') => (
    <div>
      <label htmlFor={`${id}-${name}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type={type}
        className={inputClass}
        value={value}
        onChange={(event) => set(event.target.value)}
        autoComplete="off"
      />
    </div>
  )
  return (
    <form onSubmit={submit} aria-label="Timeline filters" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {field('types', 'Event types', types, setTypes)}
      {field('streams', 'Streams', streams, setStreams)}
      {field('from', 'From', from, setFrom, 'datetime-local')}
      {field('to', 'Until', to, setTo, 'datetime-local')}
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
        <button type="submit" className={primaryButton}>
          Filter
        </button>
        {query.correlationId && (
          <button
            type="button"
            className={secondaryButton}
            onClick={() => onChange({ ...query, correlationId: undefined })}
          >
            Stop following {query.correlationId}
          </button>
        )}
      </div>
    </form>
  )
}
