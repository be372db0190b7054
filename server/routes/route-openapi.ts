/** The parts the routes' own OpenAPI descriptions share: every refusal is the error envelope. */
export const errorEnvelope = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } }

const errorDescriptions = {
  '400': 'Bad input',
  '401': 'Not signed in',
  '403': 'Not part of the plan, no active plan, or no interviews left',
  '409': 'No active interview session',
  '413': 'Too large',
  '415': 'Wrong media type',
  '502': 'The AI provider failed',
  '503': 'Nothing configured on this server can do it',
  default: 'Any other failure',
}

/** The refusals of the routes that answer a question (the upload and the stream). */
export const errorResponses = Object.fromEntries(
  Object.entries(errorDescriptions).map(([status, description]) => [status, { description, content: errorEnvelope }]),
)

/** A success of a route answering JSON: `{success: true, data}`, the envelope of every answer. */
export function successAnswer(description: string, data: Record<string, unknown>) {
  return {
    description,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: { success: { type: 'boolean', const: true }, data },
          required: ['success', 'data'],
        },
      },
    },
  }
}
