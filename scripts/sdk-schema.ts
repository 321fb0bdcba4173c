// Generates the types of @paytag/client from the app's own /openapi.json (no server, no network).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

export const SCHEMA_FILE = resolve(import.meta.dirname, '..', 'packages', 'client', 'src', 'schema.d.ts');

const HEADER =
  "// Generated from paytag's /openapi.json by `npm run sdk:generate` (scripts/sdk-generate.ts). Do not edit.\n";

/** The TypeScript text of the types for the given OpenAPI document. */
export async function schemaTypes(document: unknown): Promise<string> {
  // openapi-typescript takes a JSON string as the document itself.
  const ast = await openapiTS(JSON.stringify(document), { alphabetize: true });
  return HEADER + astToString(ast);
}

export const committedSchema = (): string => readFileSync(SCHEMA_FILE, 'utf8');
