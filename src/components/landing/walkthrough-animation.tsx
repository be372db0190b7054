/**
 * The copilot walkthrough: four stages that take turns every 3 seconds (launch, listen, read,
 * answer). With reduced motion it holds still on the answer.
 */
import { motionAttribute, useOnScreen } from './use-on-screen.ts'

const bars = [0, 1, 2, 3, 4, 5, 6]

export function WalkthroughAnimation() {
  const [ref, onScreen] = useOnScreen<SVGSVGElement>()
  return (
    <svg
      ref={ref}
      {...motionAttribute(onScreen)}
      role="img"
      aria-labelledby="walkthrough-title"
      viewBox="0 0 640 420"
      className="h-auto w-full"
    >
      <title id="walkthrough-title">
        Animation: the app starts in the background, hears the question, reads the screen and shows an answer
      </title>
      <rect
        x="10"
        y="10"
        width="620"
        height="400"
        rx="20"
        className="fill-surface stroke-line-strong"
        strokeWidth="2"
      />
      <rect x="40" y="50" width="560" height="300" rx="12" className="fill-muted" />
      <rect x="10" y="370" width="620" height="40" rx="0" className="fill-sunken" />
      <rect x="290" y="378" width="24" height="24" rx="6" fill="#5e6ad2" />
      <rect x="322" y="378" width="24" height="24" rx="6" className="fill-control" />

      <g className="wt-stage wt-s1">
        <circle cx="320" cy="210" r="60" fill="#5e6ad2" fillOpacity="0.25" className="wt-pulse" />
        <rect x="290" y="180" width="60" height="60" rx="16" fill="#5e6ad2" />
        <path
          d="M306 212l10 10 18-22"
          stroke="#fff"
          strokeWidth="5"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <text x="320" y="290" textAnchor="middle" fontSize="16" fontWeight="600" className="fill-fg-control">
          Running quietly in the background
        </text>
      </g>

      <g className="wt-stage wt-s2">
        {bars.map((bar) => (
          <rect
            key={bar}
            className="wt-bar"
            style={{ animationDelay: `${bar * 0.12}s` }}
            x={254 + bar * 20}
            y="170"
            width="12"
            height="80"
            rx="6"
            fill="#5e6ad2"
          />
        ))}
        <text x="320" y="290" textAnchor="middle" fontSize="16" fontWeight="600" className="fill-fg-control">
          Hearing the question from the call
        </text>
      </g>

      <g className="wt-stage wt-s3">
        <rect x="120" y="90" width="400" height="200" rx="10" className="fill-surface" />
        {[0, 1, 2, 3, 4].map((line) => (
          <rect
            key={line}
            x="140"
            y={112 + line * 30}
            width={300 - line * 35}
            height="12"
            rx="6"
            className="fill-line-strong"
          />
        ))}
        <rect className="wt-scan" x="120" y="90" width="400" height="6" fill="#5e6ad2" fillOpacity="0.7" />
        <text x="320" y="325" textAnchor="middle" fontSize="16" fontWeight="600" className="fill-fg-control">
          Reading what is on screen
        </text>
      </g>

      <g className="wt-stage wt-s4">
        <rect
          x="330"
          y="70"
          width="250"
          height="260"
          rx="14"
          fill="#5e6ad2"
          fillOpacity="0.12"
          stroke="#5e6ad2"
          strokeWidth="2"
        />
        <text x="350" y="102" fontSize="14" fontWeight="700" fill="#5e6ad2">
          Answer
        </text>
        {[0, 1, 2, 3, 4, 5].map((line) => (
          <rect
            key={line}
            x="350"
            y={122 + line * 30}
            width={200 - (line % 3) * 30}
            height="12"
            rx="6"
            className="fill-fg-placeholder"
          />
        ))}
        <rect x="60" y="70" width="250" height="160" rx="12" className="fill-control" />
        <circle cx="185" cy="135" r="30" className="fill-drawing-mid" />
        <text x="185" y="255" textAnchor="middle" fontSize="13" className="fill-fg-secondary">
          Only you see the answer
        </text>
      </g>
    </svg>
  )
}
