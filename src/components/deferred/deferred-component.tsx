import { Suspense, use, type ComponentType, type JSX, type ReactPromise } from 'react'

/** Marks the promise with its outcome in the fields React's `use` reads, so a settled one renders without suspending. */
function tracked<T>(promise: Promise<T>): ReactPromise<T> {
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
  )
  return promise
}

export type DeferredComponent<P> = ((props: P) => JSX.Element) & {
  /** Starts loading the code ahead of the first render (a loader can await it, so that the render does not suspend). */
  preload: () => PromiseLike<unknown>
}

/**
 * A component whose code is a chunk of its own, fetched when it is first rendered or preloaded;
 * until then its Suspense boundary shows nothing. Meant for what appears only after a user's
 * action (a dialog): a part of a server-rendered page would lose its server HTML whenever a
 * context above it changes before the chunk arrives.
 */
export function deferredComponent<P extends object>(load: () => Promise<ComponentType<P>>): DeferredComponent<P> {
  let loading: ReactPromise<ComponentType<P>> | undefined
  const preload = () => {
    // A chunk that failed to arrive (a network blip, a newer deployment) is fetched again next time.
    loading ??= tracked(
      load().catch((error: unknown) => {
        loading = undefined
        throw error
      }),
    )
    return loading
  }
  function Loaded(props: P) {
    const Component = use(preload())
    return <Component {...props} />
  }
  function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    )
  }
  return Object.assign(Deferred, { preload })
}
