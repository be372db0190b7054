/** Wordmarks of made-up companies, drawn here: no real trademarks. */
type Logo = { name: string; mark: 'circle' | 'triangle' | 'hexagon' | 'square' | 'wave' | 'diamond' }

export const companyLogos: readonly Logo[] = [
  { name: 'Quillory', mark: 'circle' },
  { name: 'Vantoro', mark: 'triangle' },
  { name: 'Nimbrel', mark: 'hexagon' },
  { name: 'Tessavo', mark: 'square' },
  { name: 'Zephyrix', mark: 'wave' },
  { name: 'Corvane', mark: 'diamond' },
]

const marks: Record<Logo['mark'], string> = {
  circle: 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20zm0 5a5 5 0 1 1 0 10a5 5 0 1 1 0-10z',
  triangle: 'M12 2l10 19H2z',
  hexagon: 'M12 2l9 5v10l-9 5-9-5V7z',
  square: 'M3 3h18v18H3zM8 8v8h8V8z',
  wave: 'M2 14c3-6 6-6 10 0s7 6 10 0v6H2z',
  diamond: 'M12 2l10 10-10 10L2 12z',
}

export function CompanyLogo({ logo }: { logo: Logo }) {
  return (
    <svg role="img" aria-label={logo.name} viewBox="0 0 150 32" className="h-8 w-auto">
      <path d={marks[logo.mark]} fill="currentColor" fillRule="evenodd" transform="translate(0 4)" />
      <text
        x="32"
        y="22"
        fontSize="18"
        fontWeight="700"
        letterSpacing="0.5"
        fill="currentColor"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
      >
        {logo.name}
      </text>
    </svg>
  )
}
