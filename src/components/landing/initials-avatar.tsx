const palette = ['#5e6ad2', '#0f766e', '#b45309', '#be185d', '#1d4ed8', '#6d28d9', '#047857', '#c2410c']

function hash(text: string): number {
  let value = 0
  for (const character of text) value = (value * 31 + character.charCodeAt(0)) >>> 0
  return value
}

/** A generated avatar: the person's initials on a colour picked from their name. */
export function InitialsAvatar({ name, size = 44 }: { name: string; size?: number }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('')
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 44 44" className="shrink-0">
      <circle cx="22" cy="22" r="22" fill={palette[hash(name) % palette.length]} />
      <text
        x="22"
        y="27.5"
        textAnchor="middle"
        fontSize="16"
        fontWeight="700"
        fill="#fff"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
      >
        {initials}
      </text>
    </svg>
  )
}
