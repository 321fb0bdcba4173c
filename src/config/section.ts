import { z } from 'zod';

/**
 * A section of the configuration: the variables it reads (each a schema from fields.ts) and how their
 * values become the section's typed shape. `check` adds problems that span several of its variables; it
 * runs only when every variable of the section was valid.
 */
export function section<S extends z.ZodRawShape, T>(
  variables: S,
  build: (v: z.output<z.ZodObject<S>>) => T,
  check?: (section: T) => string[],
) {
  return z
    .object(variables)
    .transform((v) => build(v))
    .superRefine((value, ctx) => {
      for (const message of check?.(value) ?? []) ctx.addIssue({ code: 'custom', message });
    });
}
