const units = [
  { unit: 'GB', bytes: 1e9 },
  { unit: 'MB', bytes: 1e6 },
  { unit: 'KB', bytes: 1e3 },
] as const

/** Decimal units, as download pages and operating systems' file dialogs show them: 107,000,000 bytes → "107 MB". */
export function formatFileSize(bytes: number): string {
  for (const { unit, bytes: size } of units) {
    if (bytes >= size) {
      const value = bytes / size
      // One decimal below 10 (1.5 GB, 2.9 KB), whole numbers above (107 MB).
      const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value)
      return `${shown} ${unit}`
    }
  }
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
}
