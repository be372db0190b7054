import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { aboutPage, findArticle, listArticles } from './content-store.ts'

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
