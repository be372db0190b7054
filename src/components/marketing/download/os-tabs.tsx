import { useRef, type KeyboardEvent } from 'react'
import { operatingSystems, type OperatingSystem } from './platforms.ts'

/** The OS switcher as an ARIA tab list: arrow keys, Home and End move between tabs. */
export function OsTabs({
  selected,
  onSelect,
  panelId,
}: {
  selected: OperatingSystem
  onSelect: (os: OperatingSystem) => void
  panelId: string
}) {
  const refs = useRef(new Map<OperatingSystem, HTMLButtonElement>())
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = operatingSystems.findIndex((os) => os.id === selected)
    const last = operatingSystems.length - 1
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key]
    const target = next === undefined ? undefined : operatingSystems[next]
    if (!target) return
    event.preventDefault()
    onSelect(target.id)
    refs.current.get(target.id)?.focus()
  }
  return (
    <div
      role="tablist"
      aria-label="Operating system"
      onKeyDown={onKeyDown}
      className="inline-flex rounded-xl border border-line bg-gray-100 p-1 dark:bg-gray-900"
    >
      {operatingSystems.map((os) => {
        const active = os.id === selected
        return (
          <button
            key={os.id}
            ref={(element) => {
              if (element) refs.current.set(os.id, element)
            }}
            type="button"
            role="tab"
            id={`os-tab-${os.id}`}
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(os.id)}
            className={`rounded-lg px-4 py-2 text-sm font-semibold transition focus-ring sm:px-6 ${
              active
                ? 'bg-white text-fg shadow dark:bg-gray-800'
                : 'text-fg-muted hover:text-gray-900 dark:hover:text-white'
            }`}
          >
            {os.label}
          </button>
        )
      })}
    </div>
  )
}
