import type { OpenAPIObject } from 'trpc-to-openapi'

/** The shapes of the API document: the routes describe themselves with them, the document's steps walk them. */
export type PathItem = NonNullable<OpenAPIObject['paths']>[string]
export type Operation = NonNullable<PathItem['get']>
export type SchemaObject = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string]
