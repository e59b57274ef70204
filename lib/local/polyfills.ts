/**
 * Node 20 lacks `Promise.withResolvers` (ES2024), which aws-local-stepfunctions@3 calls on every
 * Task state; without it every execution fails with "Promise.withResolvers is not a function"
 * (local-stack.md §7). Installing is idempotent and leaves a native implementation alone.
 */
export function installPolyfills(): void {
  const ctor = Promise as unknown as { withResolvers?: unknown };
  if (typeof ctor.withResolvers === 'function') return;
  ctor.withResolvers = function withResolvers<T>(this: PromiseConstructor) {
    let resolve!: (value: T | PromiseLike<T>) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new this<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
