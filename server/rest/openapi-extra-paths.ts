import type { OpenAPIObject } from 'trpc-to-openapi'
import { z } from 'zod'
import { readinessChecksSchema } from '#server/health/readiness-checks.ts'
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

/** The data of each event of /interview/question/stream, by event name (`question-stream-events.ts`). */
const streamEvents = {
  delta: {
    type: 'object',
    description: 'The next piece of the answer, as the model writes it',
    properties: { text: { type: 'string', minLength: 1 } },
    required: ['text'],
    additionalProperties: false,
  },
  done: {
    type: 'object',
    description: 'The last event of a complete answer: the /interview/question answer, enveloped',
    properties: {
      success: { type: 'boolean', const: true },
      data: { $ref: '#/components/schemas/InterviewAnswer' },
    },
    required: ['success', 'data'],
    additionalProperties: false,
  },
  error: {
    description: 'The last event of an answer that failed after it started; nothing is counted',
    $ref: '#/components/schemas/ErrorEnvelope',
  },
}

const readinessChecks = z.toJSONSchema(readinessChecksSchema, { metadata: z.registry() })

/** `{success: true, data: {status, …more}}`. */
function statusAnswer(status: string, description: string, more: Record<string, unknown> = {}) {
  return {
    description,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: {
            success: { type: 'boolean', const: true },
            data: {
              type: 'object',
              properties: { status: { type: 'string', const: status }, ...more },
              required: ['status', ...Object.keys(more)],
            },
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
      summary: 'Readiness: database, migrations, views and Inngest, check by check',
      description:
        'Answers 200 when the database answers, every migration of this release has run, no projection is halted at an event it cannot apply, and a self-hosted Inngest server (INNGEST_BASE_URL, or INNGEST_DEV) answers; 503 otherwise, with the same checks under `details` and an error naming each problem. Each projection reports how many events it is behind (reported, never a reason for 503). Inngest Cloud is not probed. Support staff see a halted projection on /support and can retry it there.',
      responses: {
        '200': statusAnswer('ready', 'Ready to serve, with each check', { checks: readinessChecks }),
        '503': {
          description: 'Not ready: the error names each problem; `details.checks` has every check',
          content: {
            'application/json': {
              schema: {
                allOf: [
                  { $ref: '#/components/schemas/ErrorEnvelope' },
                  {
                    type: 'object',
                    properties: {
                      details: {
                        type: 'object',
                        properties: { status: { type: 'string', const: 'not-ready' }, checks: readinessChecks },
                        required: ['status', 'checks'],
                      },
                    },
                    required: ['details'],
                  },
                ],
              },
            },
          },
        },
        default: { description: 'Any other failure', content: errorEnvelope },
      },
    },
  },
  '/billing/invoices/{orderId}/pdf': {
    get: {
      operationId: 'billing-invoicePdf',
      tags: ['payments'],
      summary: 'The invoice of a paid order, as a PDF',
      description:
        'The GST invoice issued when the order was paid (its number is `invoiceNumber` in /billing/history), as an A4 PDF, `Content-Disposition: attachment`. Only the person who placed the order gets it: any other order, or one without an invoice, is 404.',
      security: [{ bearerAuth: [] }],
      parameters: [
        {
          name: 'orderId',
          in: 'path',
          required: true,
          description: 'The order id from /billing/history',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
        },
      ],
      responses: {
        '200': {
          description: 'The invoice',
          headers: {
            'X-Invoice-Number': {
              description: 'The invoice number, such as IH/2026-27/000123',
              schema: { type: 'string' },
            },
          },
          content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
        },
        '400': { description: 'Not an order id', content: errorEnvelope },
        '401': { description: 'Not signed in', content: errorEnvelope },
        '404': { description: 'No invoice of yours for this order', content: errorEnvelope },
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
        'multipart/form-data with the recording in the field "audio" (WAV 16-bit PCM works with every configuration; WebM, Ogg, FLAC, MP3 and M4A need AI_TRANSCRIPTION_MODEL), recognised by its bytes whatever type the file was sent as (415 for anything else), at most 10 MB (413 above), and an optional "sessionId". Needs the microphone feature in the plan. The answer carries the transcript and, where the recognizer reports one, `transcriptConfidence` (0–1). Below the confidence threshold the transcript is not answered: `needsConfirmation` is true, nothing is recorded or counted, and the candidate confirms or corrects the words and sends them to POST /interview/question (decision 0055). With `Accept: text/event-stream` the answer streams as server-sent events: `event: heard` (the transcript fields) as soon as the words are known, `event: delta` (`{"text"}`) as the answer is written, then one `event: done` (`{"success": true, "data"}`, the JSON answer) or `event: error` (the error envelope); an unsure transcript is `done` at once.',
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
          description: 'The transcript and the answer, or the transcript alone to confirm (`needsConfirmation`)',
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
        'The /interview/question body. The answer streams as server-sent events while the model writes it: `event: delta` (data `{"text"}`, in order; joined they are the answer), then exactly one `event: done` (data `{"success": true, "data": InterviewAnswer}`, the /interview/question answer, counted once) or `event: error` (data: the error envelope; the question is not counted). Each data line is JSON; the schema of each event\'s data is under `x-events` of the text/event-stream content. Refusals before the first word are ordinary JSON errors.',
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
          content: {
            'text/event-stream': {
              schema: {
                type: 'string',
                description: 'Server-sent events: `event: <name>` and one `data: <JSON>` line each',
              },
              'x-events': streamEvents,
            },
          },
        },
        ...errorResponses,
      },
    },
  },
}
