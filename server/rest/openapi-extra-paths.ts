import type { OpenAPIObject } from 'trpc-to-openapi'
import { z } from 'zod'
import { audioAnswerSchema } from '#server/trpc/schemas/interviews.ts'

type PathItem = NonNullable<OpenAPIObject['paths']>[string]

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

const errorResponses = Object.fromEntries(
  Object.entries(errorDescriptions).map(([status, description]) => [
    status,
    { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
  ]),
)

const errorEnvelope = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } }

function statusAnswer(status: string, description: string) {
  return {
    description,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: {
            success: { type: 'boolean', const: true },
            data: { type: 'object', properties: { status: { type: 'string', const: status } }, required: ['status'] },
          },
          required: ['success', 'data'],
        },
      },
    },
  }
}

/**
 * The routes served beside the bridge (trpc-to-openapi takes JSON only and cannot stream, and the
 * probes must not depend on it), described by hand so the whole API is in one document.
 */
export const extraPaths: Record<string, PathItem> = {
  '/health': {
    get: {
      operationId: 'health',
      tags: ['health'],
      summary: 'Liveness: the server process answers',
      description: 'Always 200 while the process serves requests; it does not touch the database.',
      responses: {
        '200': statusAnswer('live', 'The process serves requests'),
        default: { description: 'Any other failure', content: errorEnvelope },
      },
    },
  },
  '/ready': {
    get: {
      operationId: 'ready',
      tags: ['health'],
      summary: 'Readiness: the database answers and every view is moving',
      description:
        'Answers 503 when the database cannot be reached, or when a projection is halted at an event it cannot apply; the error names each such projection and the event position it stopped at. Support staff see the error and can retry it on /support.',
      responses: {
        '200': statusAnswer('ready', 'Ready to serve'),
        '503': {
          description: 'Not ready: the database is unreachable or a projection is halted',
          content: errorEnvelope,
        },
        default: { description: 'Any other failure', content: errorEnvelope },
      },
    },
  },
  '/interview/audio-question': {
    post: {
      operationId: 'interview-audioQuestion',
      tags: ['interview'],
      summary: 'Answer a spoken question',
      description:
        'multipart/form-data with the recording in the field "audio" (WAV 16-bit PCM works with every configuration; other formats need AI_TRANSCRIPTION_MODEL), at most 10 MB, and an optional "sessionId". Needs the microphone feature in the plan.',
      security: [{ bearerAuth: [] }],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                audio: { type: 'string', format: 'binary' },
                sessionId: { type: 'string', format: 'uuid' },
              },
              required: ['audio'],
            },
          },
        },
      },
      responses: {
        '200': {
          description: 'The transcript and the answer',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  success: { type: 'boolean', const: true },
                  data: z.toJSONSchema(audioAnswerSchema, { metadata: z.registry() }),
                },
                required: ['success', 'data'],
              },
            },
          },
        },
        ...errorResponses,
      },
    },
  },
  '/interview/question/stream': {
    post: {
      operationId: 'interview-questionStream',
      tags: ['interview'],
      summary: 'Answer an interview question as server-sent events',
      description:
        'The /interview/question body. The answer streams as `event: delta` (data {"text"}) as it is written, then one `event: done` whose data is the /interview/question answer, or `event: error` (data {"success": false, "error"}). Refusals before the first word are ordinary JSON errors.',
      security: [{ bearerAuth: [] }],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                question: { type: 'string', maxLength: 4000 },
                context: {},
                sessionId: { type: 'string', format: 'uuid' },
              },
              required: ['question'],
            },
          },
        },
      },
      responses: {
        '200': {
          description: 'The answer as it is written',
          content: { 'text/event-stream': { schema: { type: 'string' } } },
        },
        ...errorResponses,
      },
    },
  },
}
