const points = [
  'Add your resume once; it is reused in every interview',
  'Paste the job description to match the company’s language',
  'Set the role and seniority so answers have the right depth',
  'Change the context between interviews in seconds',
]

function ContextPanel() {
  return (
    <svg role="img" aria-labelledby="context-panel-title" viewBox="0 0 420 320" className="h-auto w-full">
      <title id="context-panel-title">
        The assistant's context settings with a role, a resume and a job description
      </title>
      <rect x="2" y="2" width="416" height="316" rx="16" className="fill-surface stroke-line-strong" strokeWidth="2" />
      <text x="24" y="40" fontSize="16" fontWeight="700" className="fill-fg">
        Interview context
      </text>
      <text x="24" y="74" fontSize="12" fontWeight="600" className="fill-fg-faint">
        ROLE
      </text>
      <rect x="24" y="82" width="372" height="34" rx="8" className="fill-subtle stroke-line-strong" />
      <text x="36" y="104" fontSize="13" className="fill-fg-emphasis">
        Senior Frontend Engineer
      </text>
      <text x="24" y="142" fontSize="12" fontWeight="600" className="fill-fg-faint">
        RESUME
      </text>
      <rect x="24" y="150" width="372" height="34" rx="8" fill="#5e6ad2" fillOpacity="0.1" stroke="#5e6ad2" />
      <text x="36" y="172" fontSize="13" fill="#5e6ad2" fontWeight="600">
        resume.pdf · 2 pages · added
      </text>
      <text x="24" y="210" fontSize="12" fontWeight="600" className="fill-fg-faint">
        JOB DESCRIPTION
      </text>
      <rect x="24" y="218" width="372" height="80" rx="8" className="fill-subtle stroke-line-strong" />
      {[0, 1, 2].map((line) => (
        <rect
          key={line}
          x="36"
          y={232 + line * 20}
          width={330 - line * 60}
          height="8"
          rx="4"
          className="fill-gray-300 dark:fill-gray-600"
        />
      ))}
    </svg>
  )
}

export function ResumeContext() {
  return (
    <section aria-labelledby="context-heading" className="px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">Resume and job description</p>
          <h2 id="context-heading" className="mt-2 text-3xl font-bold tracking-tight text-fg sm:text-4xl">
            Answers that know your story
          </h2>
          <p className="mt-4 text-lg text-fg-muted">
            Generic answers sound generic. Give the assistant your resume and the job description and it speaks to your
            projects, your stack and what this team is hiring for.
          </p>
          <ul className="mt-6 space-y-3">
            {points.map((point) => (
              <li key={point} className="flex gap-3 text-fg-body">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="mt-0.5 size-5 shrink-0 text-accent"
                  fill="currentColor"
                >
                  <path d="M8 13.2L4.8 10l-1.4 1.4L8 16l9-9-1.4-1.4z" />
                </svg>
                {point}
              </li>
            ))}
          </ul>
        </div>
        <ContextPanel />
      </div>
    </section>
  )
}
