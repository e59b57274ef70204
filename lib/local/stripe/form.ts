import { invalidParam, missingParam } from './errors';

/** A decoded form value: Stripe's bracket notation nests objects and arrays of strings. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

/**
 * Decodes Stripe's form encoding (what stripe-node and Stripe.js send): `a[b][c]=v` nests
 * objects, `a[0][x]=v` and `a[]=v` build arrays (indices sorted, gaps closed), repeated keys
 * append. Keys under `metadata` stay object keys even when numeric.
 */
export function decodeForm(text: string): Form {
  const root: { [key: string]: unknown } = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(rawKey);
    const path = match
      ? [match[1] as string, ...[...(match[2] ?? '').matchAll(/\[([^\]]*)\]/g)].map((m) => m[1])]
      : [rawKey];
    let node = root;
    path.forEach((segment, i) => {
      const key = segment === '' ? String(Object.keys(node).length) : (segment as string);
      if (i === path.length - 1) {
        node[key] = value;
        return;
      }
      const child = node[key];
      if (typeof child !== 'object' || child === null) node[key] = {};
      node = node[key] as { [key: string]: unknown };
    });
  }
  return normalize(root, '') as Form;
}

/** Objects whose keys are all integers become arrays (except metadata maps). */
function normalize(value: unknown, key: string): FormValue {
  if (typeof value === 'string') return value;
  const obj = value as { [key: string]: unknown };
  const keys = Object.keys(obj);
  if (key !== 'metadata' && keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => normalize(obj[String(k)], ''));
  }
  const out: { [key: string]: FormValue } = {};
  for (const k of keys) out[k] = normalize(obj[k], k);
  return out;
}

/**
 * Typed reading of decoded parameters with Stripe's validation errors. `prefix` names nested
 * params in errors the way Stripe does (`items[0][price]`). An empty string means "unset"
 * (Stripe's way to clear a field), so readers of optional fields may see ''.
 */
export class Params {
  constructor(
    readonly raw: Form,
    readonly prefix = '',
  ) {}

  /** The name Stripe reports for `key` in errors. */
  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  /** @throws 400 parameter_unknown for any key outside `allowed` ("Received unknown parameter"). */
  only(allowed: readonly string[]): this {
    for (const key of Object.keys(this.raw)) {
      if (!allowed.includes(key)) {
        throw invalidParam(
          this.name(key),
          `Received unknown parameter: ${this.name(key)}`,
          'parameter_unknown',
        );
      }
    }
    return this;
  }

  str(key: string): string | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') {
      throw invalidParam(this.name(key), `Invalid string: ${this.name(key)} must be a string`);
    }
    return value;
  }

  /** A required, non-empty string. @throws 400 parameter_missing */
  reqStr(key: string): string {
    const value = this.str(key);
    if (value === undefined || value === '') throw missingParam(this.name(key));
    return value;
  }

  int(key: string): number | undefined {
    const value = this.str(key);
    if (value === undefined || value === '') return undefined;
    if (!/^-?\d+$/.test(value)) {
      throw invalidParam(this.name(key), `Invalid integer: ${value}`, 'parameter_invalid_integer');
    }
    return Number(value);
  }

  bool(key: string): boolean | undefined {
    const value = this.str(key);
    if (value === undefined || value === '') return undefined;
    if (value !== 'true' && value !== 'false') {
      throw invalidParam(this.name(key), `Invalid boolean: ${value}`);
    }
    return value === 'true';
  }

  /** One of `values`. @throws 400 naming the allowed values, as Stripe does. */
  oneOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    const value = this.str(key);
    if (value === undefined || value === '') return undefined;
    if (!(values as readonly string[]).includes(value)) {
      throw invalidParam(
        this.name(key),
        `Invalid ${this.name(key)}: must be one of ${values.join(', ')}`,
      );
    }
    return value as T;
  }

  /** A nested hash, or undefined when absent or '' (cleared). */
  obj(key: string): Params | undefined {
    const value = this.raw[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw invalidParam(this.name(key), `Invalid hash: ${this.name(key)}`);
    }
    return new Params(value, this.name(key));
  }

  /** An array of hashes (`items[0][price]`). */
  objects(key: string): Params[] {
    const value = this.raw[key];
    if (value === undefined || value === '') return [];
    if (!Array.isArray(value))
      throw invalidParam(this.name(key), `Invalid array: ${this.name(key)}`);
    return value.map((entry, i) => {
      if (typeof entry !== 'object' || Array.isArray(entry)) {
        throw invalidParam(`${this.name(key)}[${i}]`, `Invalid hash: ${this.name(key)}[${i}]`);
      }
      return new Params(entry, `${this.name(key)}[${i}]`);
    });
  }

  /** An array of strings (`expand[]`, `lookup_keys[]`); a single string counts as one. */
  strings(key: string): string[] {
    const value = this.raw[key];
    if (value === undefined || value === '') return [];
    if (typeof value === 'string') return [value];
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
      throw invalidParam(this.name(key), `Invalid array: ${this.name(key)}`);
    }
    return value as string[];
  }

  /**
   * Metadata merged onto `current` as Stripe does: `metadata[k]=''` deletes k, `metadata=''`
   * clears all. Values must be strings.
   */
  metadata(current: Record<string, string> = {}): Record<string, string> {
    const value = this.raw.metadata;
    if (value === undefined) return current;
    if (value === '') return {};
    const hash = this.obj('metadata');
    const out = { ...current };
    for (const key of Object.keys(hash?.raw ?? {})) {
      const v = hash?.str(key) ?? '';
      if (v === '') delete out[key];
      else out[key] = v;
    }
    return out;
  }
}
