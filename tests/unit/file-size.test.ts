import { describe, expect, it } from 'vitest'
import { formatFileSize } from '#src/lib/file-size.ts'

describe('file sizes on the download page', () => {
  it('uses decimal units, one decimal below 10 and whole numbers above', () => {
    expect(formatFileSize(1)).toBe('1 byte')
    expect(formatFileSize(999)).toBe('999 bytes')
    expect(formatFileSize(3000)).toBe('3 KB')
    expect(formatFileSize(2_950)).toBe('3 KB')
    expect(formatFileSize(2_940)).toBe('2.9 KB')
    expect(formatFileSize(107_000_000)).toBe('107 MB')
    expect(formatFileSize(106_700_123)).toBe('107 MB')
    expect(formatFileSize(1_500_000_000)).toBe('1.5 GB')
  })
})
