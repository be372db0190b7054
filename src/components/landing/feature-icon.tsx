const paths = {
  screen: 'M3 4h18v12H3zM8 20h8M12 16v4',
  ear: 'M6 9a6 6 0 1 1 12 0c0 4-4 5-4 9a3 3 0 0 1-6 0M9 9a3 3 0 0 1 6 0',
  key: 'M4 7h16v10H4zM7 10h2M11 10h2M15 10h2M8 14h8',
  ghost: 'M5 20V10a7 7 0 0 1 14 0v10l-2.5-2-2.5 2-2-2-2 2-2.5-2zM10 10h.01M14 10h.01',
  moon: 'M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z',
  file: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  globe: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  rupee: 'M7 5h10M7 9h10M7 5c6 0 6 8 0 8l8 7',
  target: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8z',
  chat: 'M4 5h16v11H9l-5 4z',
} as const

export type FeatureIconName = keyof typeof paths

export function FeatureIcon({ name }: { name: FeatureIconName }) {
  return (
    <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-xl bg-brand-soft text-brand">
      <svg
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={paths[name]} />
      </svg>
    </span>
  )
}
