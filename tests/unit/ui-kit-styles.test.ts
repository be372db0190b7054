/**
 * The kit's styles are written once (docs/decisions/0113-one-dialog-focus-ring-and-colour-roles.md):
 * every field takes its focus style from `focus-field` in src/styles/app.css.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const sources = readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
  .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
const stylesheet = read('src/styles/app.css')

/** Each field element's source, from its tag to its end (self-closing, or its closing tag). */
function fieldsIn(text: string): string[] {
  return [...text.matchAll(/<(input|select|textarea)\b[\s\S]*?(\/>|<\/\1>)/g)].map((match) => match[0])
}

describe('the UI kit styles', () => {
  it('writes the focus style of fields only in the focus-field utility', () => {
    const handWritten = sources.filter((file) => /focus(-visible)?:(border|ring)-/.test(read(file)))
    expect(handWritten).toEqual([])
    expect(stylesheet).toContain('@utility focus-field')
  })

  it('gives every text field, select and text area that focus style', () => {
    const unstyled = sources.flatMap((file) =>
      fieldsIn(read(file))
        .filter((field) => !/type="(checkbox|radio|file|hidden)"/.test(field))
        .filter((field) => !/focus-field|inputClass/.test(field))
        .map((field) => `${file}: ${field.slice(0, 80)}`),
    )
    expect(unstyled).toEqual([])
  })
})
