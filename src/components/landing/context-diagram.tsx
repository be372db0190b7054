import { motionAttribute, useOnScreen } from './use-on-screen.ts'

/** A decorative diagram: resume and job description flowing into the AI, with its API badges. */
const badges = [
  { label: 'GET', x: 262, y: 58, colour: '#059669' },
  { label: 'POST', x: 372, y: 58, colour: '#2563eb' },
  { label: 'PUT', x: 262, y: 292, colour: '#d97706' },
  { label: 'DELETE', x: 372, y: 292, colour: '#dc2626' },
]

function Document({ x, y, title }: { x: number; y: number; title: string }) {
  return (
    <g>
      <rect x={x} y={y} width="130" height="96" rx="10" className="fill-raised stroke-line-strong" strokeWidth="2" />
      <text x={x + 14} y={y + 26} fontSize="14" fontWeight="700" className="fill-fg">
        {title}
      </text>
      {[0, 1, 2].map((line) => (
        <rect
          key={line}
          x={x + 14}
          y={y + 42 + line * 16}
          width={100 - line * 18}
          height="8"
          rx="4"
          className="fill-drawing-pale"
        />
      ))}
    </g>
  )
}

export function ContextDiagram() {
  const [ref, onScreen] = useOnScreen<SVGSVGElement>()
  return (
    <figure className="mx-auto max-w-3xl">
      <svg ref={ref} {...motionAttribute(onScreen)} aria-hidden="true" viewBox="0 0 640 360" className="h-auto w-full">
        <Document x={20} y={50} title="Resume" />
        <Document x={20} y={214} title="Job description" />
        <path className="cd-flow" d="M150 98 C220 98 240 180 280 180" stroke="#5e6ad2" strokeWidth="3" fill="none" />
        <path className="cd-flow" d="M150 262 C220 262 240 180 280 180" stroke="#5e6ad2" strokeWidth="3" fill="none" />
        <path className="cd-flow" d="M400 180 L490 180" stroke="#5e6ad2" strokeWidth="3" fill="none" />
        <circle cx="340" cy="180" r="70" fill="#5e6ad2" fillOpacity="0.15" />
        <circle cx="340" cy="180" r="52" fill="#5e6ad2" />
        <text x="340" y="190" textAnchor="middle" fontSize="28" fontWeight="800" fill="#fff">
          AI
        </text>
        {badges.map((badge) => (
          <g key={badge.label}>
            <rect
              x={badge.x - 4}
              y={badge.y - 18}
              width={badge.label.length * 10 + 14}
              height="26"
              rx="13"
              fill={badge.colour}
            />
            <text
              x={badge.x + 3}
              y={badge.y}
              fontSize="13"
              fontWeight="700"
              fill="#fff"
              fontFamily="ui-monospace, monospace"
            >
              {badge.label}
            </text>
          </g>
        ))}
        <rect
          x="490"
          y="130"
          width="130"
          height="100"
          rx="12"
          className="fill-raised stroke-line-strong"
          strokeWidth="2"
        />
        <text x="505" y="158" fontSize="14" fontWeight="700" fill="#5e6ad2">
          Your answer
        </text>
        {[0, 1, 2].map((line) => (
          <rect
            key={line}
            x="505"
            y={172 + line * 16}
            width={96 - line * 20}
            height="8"
            rx="4"
            className="fill-drawing-pale"
          />
        ))}
      </svg>
      <figcaption className="mt-4 text-center text-sm font-medium text-fg-muted">
        Context-aware AI processing
      </figcaption>
    </figure>
  )
}
