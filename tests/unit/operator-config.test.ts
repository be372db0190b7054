import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '#app.config.ts'

describe("the operator's details", () => {
  it('default to the product name with no address or GSTIN', () => {
    expect(loadConfig({}).site.operator).toEqual({
      legalName: 'Interview Helper',
      address: undefined,
      gstin: undefined,
    })
  })

  it('are read, trimmed and the GSTIN upper-cased; empty values mean none', () => {
    const operator = loadConfig({
      OPERATOR_LEGAL_NAME: ' Asha Tools LLP ',
      OPERATOR_ADDRESS: '12 MG Road, Bengaluru',
      OPERATOR_GSTIN: '29abcde1234f1z5',
    }).site.operator
    expect(operator).toEqual({
      legalName: 'Asha Tools LLP',
      address: '12 MG Road, Bengaluru',
      gstin: '29ABCDE1234F1Z5',
    })
    expect(loadConfig({ OPERATOR_ADDRESS: '', OPERATOR_GSTIN: '' }).site.operator).toMatchObject({
      address: undefined,
      gstin: undefined,
    })
  })

  it('refuse a malformed GSTIN and a blank legal name, naming the variable', () => {
    for (const [name, value] of [
      ['OPERATOR_GSTIN', '29ABCDE1234F1X5'],
      ['OPERATOR_GSTIN', '12345'],
      ['OPERATOR_LEGAL_NAME', ' '],
    ] as const) {
      let problems: string[] = []
      try {
        loadConfig({ [name]: value })
      } catch (error) {
        if (error instanceof ConfigError) problems = error.problems
      }
      expect(
        problems.some((problem) => problem.startsWith(`${name}:`)),
        `${name}=${value}`,
      ).toBe(true)
    }
  })
})
