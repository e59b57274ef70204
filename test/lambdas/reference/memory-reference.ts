import type { ReferenceStore } from '../../../lambdas/reference/core/reference';

/** A ReferenceStore in memory that counts writes. */
export function memoryReference(): ReferenceStore & { puts: number } {
  const lists = new Map<string, object[]>();
  return {
    puts: 0,
    async get<T>(list: string) {
      return (lists.get(list) as T[] | undefined) ?? null;
    },
    async put(list, items) {
      this.puts++;
      lists.set(list, [...items]);
    },
  };
}
