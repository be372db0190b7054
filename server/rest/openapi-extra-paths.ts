import type { OpenAPIObject } from 'trpc-to-openapi'
import { z } from 'zod'
import { readinessChecksSchema } from '#server/health/readiness-checks.ts'
import { acceptedAudioFormats, acceptedAudioTypes } from '#server/ai/audio-header.ts'
import { audioAnswerSchema } from '#server/trpc/schemas/interviews.ts'
import type { PathItem } from './openapi-object.ts'

type SchemaObject = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string]

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
  delta: { $ref: '#/components/schemas/QuestionStreamDelta' },
  done: { $ref: '#/components/schemas/QuestionStreamDone' },
  error: { $ref: '#/components/schemas/ErrorEnvelope' },
}

/** The schemas of the stream's events, added to the document's components. */
export const streamEventSchemas: Record<string, SchemaObject> = {
  QuestionStreamDelta: {
    type: 'object',
    title: 'delta',
    description: '`event: delta`: the next piece of the answer, as the model writes it',
    properties: { text: { type: 'string', minLength: 1 } },
    required: ['text'],
    additionalProperties: false,
  },
  QuestionStreamDone: {
    type: 'object',
    title: 'done',
    description: '`event: done`, the last event of a complete answer: the /interview/question answer, enveloped',
    properties: {
      success: { type: 'boolean', const: true },
      data: { $ref: '#/components/schemas/InterviewAnswer' },
    },
    required: ['success', 'data'],
    additionalProperties: false,
  },
}

const audioFormats = acceptedAudioFormats.join(', ')
// What a client may label the part with: any recording type, or none in particular (curl's default).
const audioPartTypes = [...acceptedAudioTypes, 'application/octet-stream'].join(', ')

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
const reviewFiles = {
  pdf: {
    summary: "An ended session's review, as a PDF",
    media: 'application/pdf',
    what: 'the whole review (the summary, what to practise, then each question with its answer, trust, timing and your rating) as an A4 PDF, times in UTC',
  },
  csv: {
    summary: "An ended session's questions, as CSV",
    media: 'text/csv',
    what: 'its questions as CSV (RFC 4180, UTF-8, CRLF lines): a header row, then one row per question in the order asked with `number, asked_at, mode, category, question, answer, confidence, source, trust, latency_ms, rating, note`; a cell that a spreadsheet would run as a formula starts with an apostrophe',
  },
} as const

/** GET /interview/sessions/{id}/review/pdf and …/csv: the review as a file (Pro, like the review itself). */
function reviewFilePath(format: keyof typeof reviewFiles): PathItem {
  const file = reviewFiles[format]
  return {
    get: {
      operationId: `interview-sessionReview${format === 'pdf' ? 'Pdf' : 'Csv'}`,
      tags: ['interview'],
      summary: file.summary,
      description: `The same review as GET /interview/sessions/{id}/review, ${file.what}, \`Content-Disposition: attachment\`. Interview analytics is part of the Pro plan: other plans get 403 \`feature_not_in_plan\`; a running session is 409 \`session_active\`, and another person's session or an unknown id 404.`,
      security: [{ bearerAuth: [] }],
      parameters: [
        {
          name: 'id',
          in: 'path',
          required: true,
          description: 'The session id',
          schema: { type: 'string', format: 'uuid' },
        },
      ],
      responses: {
        '200': {
          description: `The review as ${format.toUpperCase()}`,
          headers: {
            'Content-Disposition': {
              description: 'attachment, with a file name of the session day and id',
              schema: { type: 'string' },
              example: `attachment; filename="interview-review-2026-11-25-7d4f1c2a.${format}"`,
            },
          },
          content: { [file.media]: { schema: { type: 'string', ...(format === 'pdf' ? { format: 'binary' } : {}) } } },
        },
        '400': { description: 'Not a session id', content: errorEnvelope },
        '401': { description: 'Not signed in', content: errorEnvelope },
        '403': { description: 'Interview analytics is not part of the plan', content: errorEnvelope },
        '404': { description: 'No session of yours with this id', content: errorEnvelope },
        '409': { description: 'The session is still running', content: errorEnvelope },
        default: { description: 'Any other failure', content: errorEnvelope },
      },
    },
  }
}

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
            'Content-Disposition': {
              description: 'attachment, with the file name of the invoice',
              schema: { type: 'string' },
              example: 'attachment; filename="IH-2026-27-000123.pdf"',
            },
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
  '/interview/sessions/{id}/review/pdf': reviewFilePath('pdf'),
  '/interview/sessions/{id}/review/csv': reviewFilePath('csv'),
  '/interview/audio-question': {
    post: {
      operationId: 'interview-audioQuestion',
      tags: ['interview'],
      summary: 'Answer a spoken question',
      description:
        'multipart/form-data with the recording in the field "audio" (WAV 16-bit PCM works with every configuration; WebM, Ogg, FLAC, MP3 and M4A need AI_TRANSCRIPTION_MODEL), recognised by its bytes whatever type the file was sent as (415 for anything else), at most 10 MB (413 above; a recording of any of these formats longer than the limit in the Uploads section of the guide 413 `audio_too_long`, its length read from its header and container before decoding), and an optional "sessionId". Needs the microphone feature in the plan. The answer carries the transcript and, where the recognizer reports one, `transcriptConfidence` (0–1). Below the confidence threshold the transcript is not answered: `needsConfirmation` is true, nothing is recorded or counted, and the candidate confirms or corrects the words and sends them to POST /interview/question (decision 0055). With `Accept: text/event-stream` the answer streams as server-sent events: `event: heard` (the transcript fields) as soon as the words are known, `event: delta` (`{"text"}`) as the answer is written, then one `event: done` (`{"success": true, "data"}`, the JSON answer) or `event: error` (the error envelope); an unsure transcript is `done` at once.',
      security: [{ bearerAuth: [] }],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                // OpenAPI 3.1: a file part is a string of raw bytes of a media type (no base64); 3.1
                // generators type it as a file (Blob/File) rather than as a string.
                audio: {
                  type: 'string',
                  contentMediaType: 'application/octet-stream',
                  description: `The recording, as a file: ${audioFormats}. Its bytes decide its format, not the type it is sent with.`,
                },
                sessionId: { type: 'string', format: 'uuid' },
              },
              required: ['audio'],
            },
            encoding: { audio: { contentType: audioPartTypes } },
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
        'The /interview/question body. The answer streams as server-sent events while the model writes it: `event: delta` (data `{"text"}`, in order; joined they are the answer), then exactly one `event: done` (data `{"success": true, "data": InterviewAnswer}`, the /interview/question answer, counted once) or `event: error` (data: the error envelope; the question is not counted). Each data line is JSON; the text/event-stream schema is the union of the events\' data (`QuestionStreamDelta`, `QuestionStreamDone`, `ErrorEnvelope`), and `x-events` maps each event name to its schema. Refusals before the first word are ordinary JSON errors.',
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
              // Each event's `data` line is JSON of one of these, told apart by its shape (`text`, or
              // `success` true or false): SSE-aware generators type the events they yield by this schema.
              schema: {
                description:
                  'The `data` of each server-sent event (one `data:` line of JSON each): `event: delta` carries `{"text"}`, then `event: done` the enveloped answer or `event: error` the error envelope.',
                oneOf: [streamEvents.delta, streamEvents.done, streamEvents.error],
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
