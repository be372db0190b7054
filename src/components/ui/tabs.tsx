import { useRef, type KeyboardEvent } from 'react'

type Tab<Id extends string> = { id: Id; label: string }

type TabsProps<Id extends string> = {
  /** What the tabs choose between, for screen readers. */
  label: string
  tabs: readonly Tab<Id>[]
  selected: Id
  onSelect: (id: Id) => void
  /** Ties each tab to the panel it shows: tabs are `<idPrefix>-tab-<id>`, the panel `<idPrefix>-panel`. */
  idPrefix: string
  className?: string
}

/** The attributes of the panel a `Tabs` list controls. */
export function tabPanelProps(idPrefix: string, selected: string) {
  return { id: `${idPrefix}-panel`, role: 'tabpanel', 'aria-labelledby': `${idPrefix}-tab-${selected}` } as const
}

/**
 * An ARIA tab list with automatic activation: one tab in the page's tab order, arrow keys (wrapping),
 * Home and End move to a tab and show it.
 */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect, idPrefix, className = '' }: TabsProps<Id>) {
  const refs = useRef(new Map<Id, HTMLButtonElement>())
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected)
    const last = tabs.length - 1
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key]
    const target = next === undefined ? undefined : tabs[next]
    if (!target) return
    event.preventDefault()
    onSelect(target.id)
    refs.current.get(target.id)?.focus()
  }
  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={`inline-flex rounded-xl border border-line bg-gray-100 p-1 dark:bg-gray-900 ${className}`}
    >
      {tabs.map((tab) => {
        const active = tab.id === selected
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) refs.current.set(tab.id, element)
              else refs.current.delete(tab.id)
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-selected={active}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={`rounded-lg px-4 py-2 text-sm font-semibold transition focus-ring sm:px-6 ${
              active ? 'bg-raised text-fg shadow' : 'text-fg-muted hover:text-fg'
            }`}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}
