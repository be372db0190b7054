import { Fragment } from 'react'

const urlPattern = /(https?:\/\/[^\s<>"')]+)/g

/** Plain text with its http(s) addresses as links; no HTML from the message is ever interpreted. */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {text.split(urlPattern).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="break-all text-brand underline hover:text-brand/80 focus-ring">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  )
}
