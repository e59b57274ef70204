import { z } from 'zod';

/**
 * Parses the Lambda's environment with a zod schema at cold start, so a bad deployment fails
 * fast with the variable's name (house-style item 7).
 * @throws Error naming every missing or invalid variable.
 */
export function readEnv<S extends z.ZodObject>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const names = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  throw new Error(`Bad environment: ${names}`);
}

/** A required non-empty string variable. */
export const envString = z.string().min(1);

/** Reads one required variable of `env`. @throws Error naming it when missing or empty. */
export function requiredEnv(env: NodeJS.ProcessEnv, name: string): string {
  return readEnv(z.object({ [name]: envString }), env)[name] as string;
}
