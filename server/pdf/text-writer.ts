import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib'

const pageSize: [number, number] = [595.28, 841.89] // A4 in points
const margin = 56
const ink = rgb(0.12, 0.16, 0.22)
export const muted = rgb(0.42, 0.45, 0.5)
export const warning = rgb(0.72, 0.11, 0.11)
const baseSize = 10.5

type TextStyle = { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb> }

/**
 * Writes top to bottom on A4 pages, starting a new page when one is full, keeping every string
 * within the standard fonts' character set (Windows-1252: any other character is drawn as "?").
 */
export function documentWriter(pdf: PDFDocument, regular: PDFFont, bold: PDFFont) {
  const drawable = new Set(regular.getCharacterSet())
  const safe = (text: string) =>
    Array.from(text.normalize('NFC'), (char) => (drawable.has(char.codePointAt(0) ?? 0) ? char : '?')).join('')
  let page: PDFPage = pdf.addPage(pageSize)
  const width = page.getWidth() - 2 * margin
  let y = page.getHeight() - margin

  const lineHeight = (style: TextStyle = {}) => (style.size ?? baseSize) * 1.45
  /** A new page when the next line would run into the bottom margin. */
  const room = (needed: number) => {
    if (y - needed >= margin) return
    page = pdf.addPage(pageSize)
    y = page.getHeight() - margin
  }
  const draw = (text: string, x: number, style: TextStyle = {}) => {
    page.drawText(safe(text), {
      x,
      y,
      size: style.size ?? baseSize,
      font: style.font ?? regular,
      color: style.color ?? ink,
    })
  }
  const advance = (style: TextStyle = {}) => {
    y -= lineHeight(style)
  }
  const fit = (text: string, available: number, style: TextStyle = {}) => {
    const font = style.font ?? regular
    const size = style.size ?? baseSize
    const lines: string[] = []
    for (const paragraph of safe(text).split(/\r?\n/)) {
      let current = ''
      for (const word of paragraph.split(/\s+/)) {
        const candidate = current ? `${current} ${word}` : word
        if (current && font.widthOfTextAtSize(candidate, size) > available) {
          lines.push(current)
          current = word
        } else current = candidate
      }
      if (current) lines.push(current)
    }
    return lines
  }

  return {
    line(text: string, style: TextStyle = {}) {
      room(lineHeight(style))
      draw(text, margin, style)
      advance(style)
    },
    wrapped(text: string, style: TextStyle = {}) {
      for (const line of fit(text, width, style)) this.line(line, style)
    },
    pair(label: string, value: string) {
      room(lineHeight())
      draw(`${label}:`, margin, { font: bold })
      draw(value, margin + 110)
      advance()
    },
    /** A description on the left, wrapped, and its amount flush right on the first line. */
    amount(label: string, value: string, style: TextStyle = {}) {
      const font = style.font ?? regular
      const size = style.size ?? baseSize
      room(lineHeight(style))
      const valueWidth = font.widthOfTextAtSize(safe(value), size)
      draw(value, margin + width - valueWidth, style)
      for (const line of fit(label, width - 130, style)) {
        room(lineHeight(style))
        draw(line, margin, style)
        advance(style)
      }
    },
    rule() {
      room(6)
      page.drawLine({
        start: { x: margin, y: y + 4 },
        end: { x: margin + width, y: y + 4 },
        thickness: 0.6,
        color: muted,
      })
      y -= 6
    },
    gap(points: number) {
      y -= points
    },
  }
}
