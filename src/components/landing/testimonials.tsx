import { timers } from '#app.catalog.ts'
import { InitialsAvatar } from './initials-avatar.tsx'
import { SectionHeading } from './section-heading.tsx'
import { testimonials, type Testimonial } from './testimonials-data.ts'
import { motionAttribute, useOnScreen } from './use-on-screen.ts'

function Card({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="w-72 shrink-0 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:w-80">
      <figcaption className="flex items-center gap-3">
        <InitialsAvatar name={testimonial.name} />
        <div>
          <p className="font-semibold text-fg">{testimonial.name}</p>
          <p className="text-sm text-fg-muted">{testimonial.handle}</p>
        </div>
      </figcaption>
      <blockquote className="mt-4 text-fg-body">{testimonial.text}</blockquote>
    </figure>
  )
}

export function Testimonials() {
  const [ref, onScreen] = useOnScreen<HTMLDivElement>()
  return (
    <section aria-labelledby="testimonials-heading" className="overflow-hidden px-0 py-16 sm:py-24">
      <div className="px-4 sm:px-6">
        <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="Candidates who kept their cool">
          Hover or focus to pause.
        </SectionHeading>
      </div>
      {/* Focusable so keyboard users can pause it and, with reduced motion, scroll it. */}
      <div
        ref={ref}
        {...motionAttribute(onScreen)}
        tabIndex={0}
        role="region"
        aria-label="Testimonials"
        data-marquee
        className="tm-region mt-12 overflow-hidden focus-ring"
      >
        <div className="tm-track flex w-max gap-6 px-3" style={{ animationDuration: `${timers.testimonialMarquee}ms` }}>
          <ul className="flex gap-6">
            {testimonials.map((testimonial) => (
              <li key={testimonial.handle}>
                <Card testimonial={testimonial} />
              </li>
            ))}
          </ul>
          <ul aria-hidden="true" className="tm-copy flex gap-6">
            {testimonials.map((testimonial) => (
              <li key={testimonial.handle}>
                <Card testimonial={testimonial} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}
