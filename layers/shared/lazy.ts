/**
 * An adapter built on first use. Composition roots share one deps object across several
 * handlers; wrapping an adapter in `lazy` means a handler that never touches it never needs its
 * environment variables or permissions (e.g. get_import never builds the lake writer).
 * Methods are bound to the real instance. Errors from `make` surface at first use.
 */
export function lazy<T extends object>(make: () => T): T {
  let instance: T | undefined;
  return new Proxy({} as T, {
    get(_target, prop) {
      instance ??= make();
      const value = Reflect.get(instance, prop, instance);
      return typeof value === 'function' ? value.bind(instance) : value;
    },
  });
}

/**
 * An async value loaded on first call and then shared by every later call (one Secrets Manager
 * read per container, say). A failed load is not kept: the next call tries again, so a throttled
 * read does not poison the container.
 */
export function lazyAsync<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
