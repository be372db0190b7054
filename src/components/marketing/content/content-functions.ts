import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { aboutPage, findArticle, listArticles } from './content-store.ts'
import { policyNames, policyPage } from './policy-pages.ts'

export const getArticles = createServerFn({ method: 'GET' }).handler(() => listArticles())

export const getArticle = createServerFn({ method: 'GET' })
  .validator(z.object({ slug: z.string().regex(/^[a-z0-9-]{1,100}$/) }))
  .handler(({ data }) => {
    const article = findArticle(data.slug)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router recognises its not-found value only when thrown
    if (!article) throw notFound()
    return article
  })

export const getAbout = createServerFn({ method: 'GET' }).handler(() => aboutPage())

/** A policy page with the operator's details from the configuration. */
export const getPolicy = createServerFn({ method: 'GET' })
  .validator(z.object({ name: z.enum(policyNames) }))
  .handler(async ({ data }) => {
    const { getRuntime } = await import('#server/runtime.ts')
    const { site } = (await getRuntime()).config
    return policyPage(data.name, {
      legalName: site.operator.legalName,
      address: site.operator.address ?? null,
      supportEmail: site.supportEmail ?? null,
      gstin: site.operator.gstin ?? null,
    })
  })
