/** The hero's "screenshot": a drawn mock of the assistant answering beside a video call, in both themes. */
export function HeroScreenshot() {
  return (
    <svg role="img" aria-labelledby="hero-shot-title" viewBox="0 0 640 400" className="h-auto w-full drop-shadow-2xl">
      <title id="hero-shot-title">
        The Interview Helper window answering an interview question next to a video call
      </title>
      <rect x="0" y="0" width="640" height="400" rx="18" className="fill-surface stroke-line-strong" strokeWidth="2" />
      <rect x="0" y="0" width="640" height="36" rx="18" className="fill-muted" />
      <rect x="0" y="18" width="640" height="18" className="fill-muted" />
      <circle cx="22" cy="18" r="6" fill="#f87171" />
      <circle cx="42" cy="18" r="6" fill="#fbbf24" />
      <circle cx="62" cy="18" r="6" fill="#34d399" />
      <text x="320" y="23" textAnchor="middle" fontSize="12" className="fill-fg-faint">
        Video call — Technical interview
      </text>

      {/* The call: interviewer and candidate tiles. */}
      <rect x="20" y="52" width="360" height="220" rx="12" className="fill-line" />
      <circle cx="200" cy="140" r="38" className="fill-control" />
      <rect x="150" y="188" width="100" height="46" rx="23" className="fill-control" />
      <rect x="32" y="248" width="92" height="16" rx="8" className="fill-gray-900/60 dark:fill-black/60" />
      <text x="40" y="260" fontSize="10" fill="#fff">
        Interviewer
      </text>
      <rect x="260" y="200" width="108" height="62" rx="8" className="fill-control stroke-surface" strokeWidth="2" />
      <circle cx="314" cy="224" r="12" className="fill-drawing-mid" />
      <rect x="20" y="284" width="360" height="96" rx="12" className="fill-sunken stroke-line" strokeWidth="1.5" />
      <text x="36" y="310" fontSize="11" fontWeight="600" className="fill-fg-faint">
        Shared screen
      </text>
      <text x="36" y="332" fontSize="12" fontFamily="ui-monospace, monospace" className="fill-fg-body">
        function lruCache(capacity) {'{'}
      </text>
      <text x="52" y="350" fontSize="12" fontFamily="ui-monospace, monospace" className="fill-gray-500">
        // TODO: O(1) get and put
      </text>
      <text x="36" y="368" fontSize="12" fontFamily="ui-monospace, monospace" className="fill-fg-body">
        {'}'}
      </text>

      {/* The assistant: only the candidate sees it. */}
      <rect
        x="396"
        y="52"
        width="226"
        height="328"
        rx="14"
        fill="#5e6ad2"
        fillOpacity="0.08"
        stroke="#5e6ad2"
        strokeWidth="2"
      />
      <circle cx="418" cy="76" r="9" fill="#5e6ad2" />
      <path d="M414 76l3 3 5-6" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
      <text x="434" y="80" fontSize="12" fontWeight="700" className="fill-fg">
        Interview Helper
      </text>
      <rect x="410" y="96" width="198" height="58" rx="10" className="fill-raised" />
      <text x="420" y="114" fontSize="10" fontWeight="600" fill="#5e6ad2">
        HEARD
      </text>
      <text x="420" y="130" fontSize="11" className="fill-fg-control">
        “How would you build an LRU
      </text>
      <text x="420" y="145" fontSize="11" className="fill-fg-control">
        cache with O(1) operations?”
      </text>
      <rect x="410" y="164" width="198" height="200" rx="10" className="fill-raised" />
      <text x="420" y="182" fontSize="10" fontWeight="600" fill="#5e6ad2">
        ANSWER
      </text>
      <text x="420" y="200" fontSize="11" className="fill-fg-emphasis">
        • Hash map: key → list node
      </text>
      <text x="420" y="218" fontSize="11" className="fill-fg-emphasis">
        • Doubly linked list keeps
      </text>
      <text x="430" y="233" fontSize="11" className="fill-fg-emphasis">
        recency order
      </text>
      <text x="420" y="251" fontSize="11" className="fill-fg-emphasis">
        • get: move node to front
      </text>
      <text x="420" y="269" fontSize="11" className="fill-fg-emphasis">
        • put: insert at front, evict
      </text>
      <text x="430" y="284" fontSize="11" className="fill-fg-emphasis">
        the tail when full
      </text>
      <rect x="420" y="300" width="150" height="8" rx="4" className="fill-line-strong" />
      <rect x="420" y="316" width="120" height="8" rx="4" className="fill-line-strong" />
      <rect x="420" y="340" width="94" height="16" rx="8" fill="#5e6ad2" />
      <text x="429" y="352" fontSize="9" fontWeight="600" fill="#fff">
        Ctrl+Shift+H hides
      </text>
    </svg>
  )
}
