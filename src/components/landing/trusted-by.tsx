import { CompanyLogo, companyLogos } from './company-logos.tsx'

export function TrustedBy() {
  return (
    <section aria-labelledby="trusted-heading" className="border-y border-line bg-band px-4 py-10 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <h2 id="trusted-heading" className="text-center text-sm font-semibold tracking-wide text-fg-muted">
          Trusted by candidates at
        </h2>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-6 text-fg-muted">
          {companyLogos.map((logo) => (
            <li key={logo.name}>
              <CompanyLogo logo={logo} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
