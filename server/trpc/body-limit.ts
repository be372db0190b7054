import { z } from 'zod'
import { bodyLimits } from '#server/http/body-limits.ts'
import type { ProcedureMeta } from './init.ts'

/** The largest body a procedure reads: its own limit when its input may be big, else plain JSON's. */
export const bodyLimitOf = (meta: ProcedureMeta | undefined): number => meta?.maxBodyBytes ?? bodyLimits.json

// tRPC keeps every procedure (a function) under its dotted path in `_def.procedures`; only the limit is read here.
const procedureDefinition = z.object({ meta: z.object({ maxBodyBytes: z.number().optional() }).optional() })

function limitOfProcedure(procedures: object, encodedPath: string): number {
  let path: string
  try {
    path = decodeURIComponent(encodedPath)
  } catch {
    return bodyLimitOf(undefined)
  }
  const procedure: unknown = Object.hasOwn(procedures, path) ? Reflect.get(procedures, path) : undefined
  const definition = procedureDefinition.safeParse(
    typeof procedure === 'function' ? Reflect.get(procedure, '_def') : undefined,
  )
  return bodyLimitOf(definition.success ? definition.data.meta : undefined)
}

/**
 * The largest body of a tRPC call to `/api/trpc/<paths>`: a batch carries one input per procedure
 * named in the path, so it may be as large as their limits together.
 */
export function trpcBodyLimit(procedures: object, pathList: string): number {
  return pathList
    .split(',')
    .map((path) => limitOfProcedure(procedures, path))
    .reduce((total, limit) => total + limit, 0)
}
