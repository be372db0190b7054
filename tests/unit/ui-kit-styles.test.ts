/**
 * The kit's styles are written once (docs/decisions/0113-one-dialog-focus-ring-and-colour-roles.md):
 * every field takes its focus style from `focus-field` in src/styles/app.css, and a colour pair that a
 * role names is written as that role, not as a light class and its `dark:` class.
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

/** The variables a block (`:root`, `.dark`) of the stylesheet sets, by name. */
function variables(selector: string): Map<string, string> {
  const block = new RegExp(`^${selector.replace('.', '\\.')} \\{([^}]*)\\}`, 'm').exec(stylesheet)?.[1] ?? ''
  // `var(--color-red-950)` is red-950; `color-mix(in oklab, var(--color-red-950) 50%, transparent)` is red-950/50.
  return new Map(
    [
      ...block.matchAll(/--([\w-]+): (?:color-mix\(in oklab, )?var\(--color-([\w-]+)\)(?: (\d+)%, transparent\))?;/g),
    ].flatMap(([, name, colour, percent]): [string, string][] =>
      name && colour ? [[name, percent ? `${colour}/${percent}` : colour]] : [],
    ),
  )
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

  it('writes a named colour pair as its role', () => {
    const light = variables(':root')
    const dark = variables('.dark')
    expect(light.size).toBeGreaterThan(0)
    const pairs = [...light].flatMap(([role, colour]) => {
      const darkColour = dark.get(role)
      return darkColour ? [{ role, colour, darkColour }] : []
    })
    const handPaired = sources.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line) =>
          pairs.flatMap(({ role, colour, darkColour }) =>
            [...line.matchAll(new RegExp(`(?<=[\\s'"\`])((?:[\\w-]+:)*)([a-z]+)-${colour}(?=[\\s'"\`])`, 'g'))]
              .filter(([, variants, utility]) =>
                new RegExp(` dark:${variants}${utility}-${darkColour}(?=[\\s'"\`])`).test(line),
              )
              .map(([found]) => `${file}: ${found} and its dark pair are --${role}`),
          ),
        ),
    )
    expect(handPaired).toEqual([])
  })
})
